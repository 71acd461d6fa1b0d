"""Whole-turn plans for Flight: every way to lay cards this turn, each ended by a discard.

A turn's plays happen without chance, so a bot can choose its turn as one plan and then
hand the actions out one by one.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from flight_tui.games.flight.bots.tactics import line_after, turn_after
from flight_tui.games.flight.rules import FLIGHT
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import DISCARDS, kept_back, legal_plays
from flight_tui.games.flight.rules.state import DRAW, FlightAction, FlightLine, FlightView, Play, TurnInfo

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
                if kept_back(hand, turn, card):
                    continue
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


class PlanFollower:
    """A bot that chooses its draw, then a whole-turn plan, and hands the plan out one action a call.

    Subclasses give :meth:`draw` and :meth:`plan_turn`. The plan is made again whenever the view
    is not the one the plan expected (another hand or turn, or a hand that changed otherwise).
    """

    def __init__(self) -> None:
        self._plan: list[FlightAction] = []
        self._plan_key: tuple = ()

    def draw(self, view: FlightView, legal: list[FlightAction]) -> FlightAction:
        raise NotImplementedError

    def plan_turn(self, view: FlightView) -> list[FlightAction]:
        raise NotImplementedError

    def choose(self, view: FlightView) -> FlightAction:
        legal = FLIGHT.legal_actions_from_view(view)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        if len(legal) == 1:
            return legal[0]
        if view.phase == DRAW:
            return self.draw(view, legal)
        key = (view.hand_no, view.turn_no, tuple(sorted(view.hand)), view.turn.played)
        if key != self._plan_key or not self._plan or self._plan[0] not in legal:
            self._plan = self.plan_turn(view)
        action = self._plan.pop(0)
        after = list(view.hand)
        after.remove(action.card)
        self._plan_key = (view.hand_no, view.turn_no, tuple(sorted(after)), view.turn.played + 1)
        return action
