"""Passaportas' chart: the passengers each player has delivered by the end of each round."""

from __future__ import annotations

from collections.abc import Sequence

from flight_tui.engine.chart import Chart, Line
from flight_tui.games.passaportas.rules.state import TripsCompleted, TurnStarted


def charts(rules, state, names: Sequence[str]) -> list[Chart]:
    """Delivered passengers, summed round by round, from the public log (turns and completed trips)."""
    delivered = [0] * len(names)
    rounds: list[int] = []
    by_round: list[list[int]] = []
    for event in state.log:
        if isinstance(event, TurnStarted) and (not rounds or event.round_no != rounds[-1]):
            rounds.append(event.round_no)
            by_round.append(list(delivered))
        elif isinstance(event, TripsCompleted):
            for group in event.groups:
                delivered[group.player] += group.group  # a group is named by its size
        if by_round:
            by_round[-1] = list(delivered)
    return [
        Chart(
            title="Passengers delivered by the end of each round",
            x_label="round",
            x=rounds,
            lines=[Line(name, [totals[seat] for totals in by_round]) for seat, name in enumerate(names)],
        )
    ]
