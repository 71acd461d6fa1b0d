"""The Easy Flight bot: a beginner who lands when it can and otherwise plays at random.

It takes the exposed card when that puts a landing in reach, or when it is a Safe Landing and
the bot holds none; lands whenever a landing is in reach, lays a random legal card (and now
and then another), and discards its costliest card that is not a Safe Landing.
"""

from __future__ import annotations

from flight_tui.games.flight.bots.tactics import landing_plan, lands_with, takes_safe_landing
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import FLIGHT
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_PACK,
    DRAW_THREE,
    DRAW_TWO,
)
from flight_tui.games.flight.rules.state import DRAW, Discard, FlightAction, FlightView, Play

EXTRA_PLAY_CHANCE = 0.5
"""After its first card, the chance it lays one more (when it may)."""


class EasyBot:
    """Lands when it can; otherwise random plays and a costly discard."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: FlightView) -> FlightAction:
        legal = FLIGHT.legal_actions_from_view(view)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        if view.phase == DRAW:
            top = view.discard[-1] if view.discard else -1
            take = top >= 0 and (
                takes_safe_landing(top, view.hand) or lands_with(top, view.hand, view.flights, view.turn)
            )
            if not view.hand:
                return DRAW_TWO if take else DRAW_THREE
            return DRAW_DISCARD if take else DRAW_PACK
        landing = landing_plan(view.hand, view.flights, view.turn)
        if landing is not None:
            return landing[0]
        plays = [a for a in legal if isinstance(a, Play)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if plays and (not discards or self.rng.below(1000) < EXTRA_PLAY_CHANCE * 1000):
            return self.rng.choice(plays)
        allowed = [a.card for a in discards]
        keep = [c for c in allowed if C.KIND[c] != C.SAFE_LANDING] or allowed
        costliest = max(C.VALUE[c] for c in keep)
        return DISCARDS[self.rng.choice([c for c in keep if C.VALUE[c] == costliest])]
