"""Whole-turn plans for Flight: every way to lay cards this turn, each ended by a discard.

A turn's plays happen without chance, so a bot can choose its turn as one plan and then
hand the actions out one by one.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from flight_tui.bots.flight_tactics import line_after, turn_after
from flight_tui.rules.flight import cards as C
from flight_tui.rules.flight.rules import DISCARDS, legal_plays
from flight_tui.rules.flight.state import FlightAction, FlightLine, Play, TurnInfo

MAX_NODES = 3000
"""Positions explored per turn at most (a hand of eight rarely needs a tenth of this)."""


class Plan(msgspec.Struct, frozen=True):
    """Plays, then a discard (``discard`` is -1 when the plan ends with a Safe Landing)."""

    plays: tuple[Play, ...]
    discard: int
    hand: tuple[int, ...]
    """The hand left after the plan (discard removed)."""
    flights: tuple[FlightLine, ...]

    @property
    def actions(self) -> list[FlightAction]:
        tail = [DISCARDS[self.discard]] if self.discard >= 0 else []
        return [*self.plays, *tail]


def _key(hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo) -> tuple:
    return (
        tuple(sorted(hand)),
        tuple((line.reached, line.obstacle, bool(line.cards)) for line in flights),
        turn.played > 0,
        turn.route_flight,
        turn.special_played,
        turn.plane_played,
    )


def enumerate_plans(hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo) -> list[Plan]:
    """Every distinct end of this turn reachable by legal plays, each with each possible discard.

    Plays that lay a Safe Landing are left out: see ``landing_plan`` for those.
    """
    plans: list[Plan] = []
    seen: set[tuple] = set()
    budget = [MAX_NODES]

    def walk(hand: list[int], flights: tuple[FlightLine, ...], turn: TurnInfo, plays: tuple[Play, ...]) -> None:
        key = _key(hand, flights, turn)
        if key in seen or budget[0] <= 0:
            return
        seen.add(key)
        budget[0] -= 1
        moves = [p for p in legal_plays(hand, flights, turn) if C.KIND[p.card] != C.SAFE_LANDING]
        if turn.played or not moves:
            for card in sorted(set(hand)):
                rest = list(hand)
                rest.remove(card)
                plans.append(Plan(plays, card, tuple(rest), flights))
        for move in moves:
            rest = list(hand)
            rest.remove(move.card)
            lines = list(flights)
            lines[move.flight] = line_after(flights[move.flight], move.card)
            walk(rest, tuple(lines), turn_after(turn, move.card, move.flight), plays + (move,))

    walk(list(hand), tuple(flights), turn, ())
    return plans
