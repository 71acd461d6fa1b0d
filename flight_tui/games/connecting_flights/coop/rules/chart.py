"""Connecting Flights (cooperative)'s charts: the team's coins and income, round by round.

The seats share one purse, so each chart has one line, the team's.
"""

from __future__ import annotations

from collections.abc import Sequence

from flight_tui.engine.chart import Chart, Line
from flight_tui.games.connecting_flights.coop.rules.state import RoundEnded

TEAM = "Team"


def charts(rules, state, names: Sequence[str]) -> list[Chart]:
    """The team's coins at each round's end and the income each round brought, from the public log."""
    ended = [event for event in state.log if isinstance(event, RoundEnded)]
    rounds = [event.round for event in ended]
    return [
        Chart(title="Team coins at the end of each round", x_label="round", x=rounds, lines=[Line(TEAM, [e.coins for e in ended])]),
        Chart(title="Team income of each round", x_label="round", x=rounds, lines=[Line(TEAM, [e.income for e in ended])]),
    ]
