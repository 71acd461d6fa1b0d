"""A quick rule-of-thumb Flight player, cheap enough to play thousands of turns a second.

The Hard bot uses it to play sampled games to their end. It lands when it can, blocks
flights that are close to landing, avoids opening a landing for the next player, and
discards what others can use least.
"""

from __future__ import annotations

from typing import Sequence

from flight_tui.games.flight.bots.tactics import landing_plan, lands_with, takes_safe_landing
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_PACK,
    DRAW_THREE,
    DRAW_TWO,
    kept_back,
    legal_plays,
)
from flight_tui.games.flight.rules.state import DRAW, FlightAction, FlightLine, Play, TurnInfo

_BLOCK_WORTH = {5: 3.0, 4: 1.5, 3: 0.3}


def _close_to_landing(hand: Sequence[int], line: FlightLine, flight: int) -> bool:
    """Whether the hand holds a Safe Landing and every route card the flight still needs."""
    if not any(C.KIND[c] == C.SAFE_LANDING for c in hand):
        return False
    return all(C.route(flight, n) in hand for n in range(line.reached + 1, 6))


def play_worth(hand: Sequence[int], flights: Sequence[FlightLine], play: Play) -> float:
    """How good one play looks on its own (above zero: worth playing when not forced)."""
    card, f = play.card, play.flight
    line = flights[f]
    kind = C.KIND[card]
    if kind == C.PLANE:
        return 0.0
    if kind == C.ROUTE:
        number = C.NUMBER[card]
        if number == 5:
            return -3.0
        if number == 4:
            return 0.5 if C.route(f, 5) in hand else -1.0
        return 0.2
    if kind in (C.FOG, C.CUSTOMS):
        if _close_to_landing(hand, line, f):
            return -1.0
        worth = _BLOCK_WORTH.get(min(line.reached, 5), 0.05)
        if kind == C.FOG and line.reached == 4:
            worth = 0.4
        return worth - 0.1
    # Alternative Route or Passport: clears the way for everyone
    reached = line.reached + (1 if kind == C.ALT_ROUTE else 0)
    if reached >= 5:
        return -3.0
    return 0.3 if _close_to_landing(hand, line, f) else -0.3


def keep_worth(card: int, flights: Sequence[FlightLine]) -> float:
    """How much a card is worth keeping rather than discarding (for the next player to take)."""
    kind = C.KIND[card]
    if kind == C.SAFE_LANDING:
        base = 10.0
    elif kind == C.CUSTOMS:
        base = 4.0
    elif kind == C.FOG:
        base = 3.0
    elif kind == C.ALT_ROUTE:
        base = 2.0 + 3.0 * any(line.obstacle == C.FOG for line in flights)
    elif kind == C.PASSPORT:
        base = 2.0 + 3.0 * any(line.obstacle == C.CUSTOMS for line in flights)
    elif kind == C.ROUTE:
        line = flights[C.COLOUR[card]]
        number = C.NUMBER[card]
        if line.landed or number <= line.reached:
            base = 0.0
        elif line.cards and number == line.reached + 1:
            base = 3.0
        else:
            base = 2.5 if number == 5 else 1.0
    else:
        base = 0.0
    return base - C.VALUE[card] / 20


def quick_discard(hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo) -> int:
    """The card the quick player discards (never one that house rule H16 keeps in hand)."""
    allowed = [c for c in hand if not kept_back(hand, turn, c)]
    return min(allowed, key=lambda c: (keep_worth(c, flights), c))


def quick_action(
    phase: str, hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo, discard: Sequence[int]
) -> FlightAction:
    """The quick player's next action, from a seat's hand and the public table."""
    if phase == DRAW:
        top = discard[-1] if discard else -1
        take = top >= 0 and (takes_safe_landing(top, hand) or lands_with(top, hand, flights, turn))
        if not hand:
            return DRAW_TWO if take else DRAW_THREE
        return DRAW_DISCARD if take else DRAW_PACK
    landing = landing_plan(hand, flights, turn)
    if landing is not None:
        return landing[0]
    best: FlightAction | None = None
    best_worth = 0.0
    for play in legal_plays(hand, flights, turn):
        worth = play_worth(hand, flights, play)
        if best is None and not turn.played or worth > best_worth:
            best, best_worth = play, worth
    if best is not None:
        return best
    return DISCARDS[quick_discard(hand, flights, turn)]
