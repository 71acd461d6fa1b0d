"""Flight facts a bot works out from what it can see: landings within reach, needs, odds.

Everything here takes plain pieces (a hand, the four flights, the turn so far) so that it works
on a seat's view and, in search, on a sampled state alike.
"""

from __future__ import annotations

from math import comb
from typing import Sequence

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import PLAYS
from flight_tui.games.flight.rules.state import FlightLine, Play, TurnInfo

SAFE_LANDINGS = frozenset(C.cards_of(C.SAFE_LANDING))
ALT_ROUTES = frozenset(C.cards_of(C.ALT_ROUTE))
PASSPORTS = frozenset(C.cards_of(C.PASSPORT))
OBSTACLE_CARDS = frozenset(C.cards_of(C.FOG)) | frozenset(C.cards_of(C.CUSTOMS))
MAX_NEEDS = 4
"""A landing that needs more than this many kinds of card next turn counts as out of reach."""


def has_plane(hand: Sequence[int]) -> bool:
    """Whether the hand holds an aeroplane (which must be played alone, rule 3a)."""
    return any(c < 4 for c in hand)


def landing_plan(hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo) -> list[Play] | None:
    """Plays that end with a Safe Landing this turn, or None if no landing is within reach.

    The plan clears the flight's obstacle (one special card per turn), flies the missing route
    cards in order (routes on one flight per turn) and lays a Safe Landing.
    """
    if turn.plane_played or has_plane(hand):
        return None
    landing = next((c for c in hand if C.KIND[c] == C.SAFE_LANDING), None)
    if landing is None:
        return None
    held = set(hand)
    for f, line in enumerate(flights):
        if line.landed or not line.cards:
            continue
        plan: list[Play] = []
        reached, obstacle = line.reached, line.obstacle
        if obstacle:
            if turn.special_played:
                continue
            clearer = ALT_ROUTES if obstacle == C.FOG else PASSPORTS
            card = next((c for c in held if c in clearer), None)
            if card is None:
                continue
            plan.append(PLAYS[card][f])
            if obstacle == C.FOG:
                reached += 1
        while reached < 5:
            card = C.route(f, reached + 1)
            if card not in held or turn.route_flight not in (-1, f):
                break
            plan.append(PLAYS[card][f])
            reached += 1
        if reached >= 5:
            plan.append(PLAYS[landing][f])
            return plan
    return None


def holds_landing(hand: Sequence[int]) -> bool:
    """Whether the hand holds a Safe Landing."""
    return any(C.KIND[c] == C.SAFE_LANDING for c in hand)


def lands_with(card: int, hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo) -> bool:
    """Whether taking ``card`` into ``hand`` puts a landing within reach this turn."""
    return landing_plan(list(hand) + [card], flights, turn) is not None


def takes_safe_landing(card: int, hand: Sequence[int]) -> bool:
    """Whether an exposed ``card`` is a Safe Landing worth taking: only when the hand has none.

    Safe Landings are interchangeable and only one is laid, so a second one is of no use, and
    taking it only to give another back would pass the same card to and fro.
    """
    return C.KIND[card] == C.SAFE_LANDING and not holds_landing(hand)


def needs(line: FlightLine, flight: int) -> list[frozenset[int]] | None:
    """The kinds of card a player must hold to land on ``line`` in one fresh turn.

    Each entry is a set of interchangeable cards (any Safe Landing, any Passport, or one
    particular route card). None if the flight has landed, has not taken off, or needs more
    than ``MAX_NEEDS`` kinds.
    """
    if line.landed or not line.cards:
        return None
    out: list[frozenset[int]] = []
    reached = line.reached
    if line.obstacle == C.CUSTOMS:
        out.append(PASSPORTS)
    elif line.obstacle == C.FOG:
        out.append(ALT_ROUTES)
        reached += 1
    for number in range(reached + 1, 6):
        out.append(frozenset((C.route(flight, number),)))
    out.append(SAFE_LANDINGS)
    return out if len(out) <= MAX_NEEDS else None


def unseen_cards(hand: Sequence[int], flights: Sequence[FlightLine], discard: Sequence[int]) -> list[int]:
    """Cards the viewer cannot see: in other hands or in the pack."""
    seen = set(hand)
    seen.update(discard)
    for line in flights:
        seen.update(line.cards)
    return [c for c in range(C.NUM_CARDS) if c not in seen]


def p_holds_all(counts: Sequence[int], pool: int, drawn: int) -> float:
    """Chance that ``drawn`` cards taken at random from ``pool`` include one of each group.

    ``counts`` are the sizes of disjoint groups inside the pool (inclusion-exclusion).
    """
    if drawn <= 0:
        return 1.0 if not counts else 0.0
    if any(n == 0 for n in counts):
        return 0.0
    drawn = min(drawn, pool)
    total = comb(pool, drawn)
    k = len(counts)
    p = 0
    for mask in range(1 << k):
        missing = 0
        sign = 1
        for i in range(k):
            if mask >> i & 1:
                missing += counts[i]
                sign = -sign
        p += sign * comb(pool - missing, drawn)
    return max(0.0, p / total)


def line_after(line: FlightLine, card: int) -> FlightLine:
    """A copy of ``line`` with ``card`` laid on it (no legality check)."""
    kind = C.KIND[card]
    reached, obstacle, landed = line.reached, line.obstacle, line.landed
    if kind == C.ROUTE:
        reached = C.NUMBER[card]
    elif kind == C.SAFE_LANDING:
        landed = True
    elif kind in (C.FOG, C.CUSTOMS):
        obstacle = kind
    elif kind == C.ALT_ROUTE:
        reached, obstacle = reached + 1, 0
    elif kind == C.PASSPORT:
        obstacle = 0
    return FlightLine(line.cards + [card], reached, obstacle, landed)


def line_from_cards(cards: Sequence[int]) -> FlightLine:
    """A flight rebuilt from the cards laid on it, in order."""
    line = FlightLine()
    for card in cards:
        line = line_after(line, card)
    return line


def turn_after(turn: TurnInfo, card: int, flight: int) -> TurnInfo:
    """The turn record after laying ``card`` on ``flight``."""
    kind = C.KIND[card]
    return TurnInfo(
        played=turn.played + 1,
        route_flight=flight if kind == C.ROUTE else turn.route_flight,
        special_played=turn.special_played or kind in (C.FOG, C.ALT_ROUTE, C.CUSTOMS, C.PASSPORT),
        plane_played=turn.plane_played or kind == C.PLANE,
        kept=turn.kept,
    )
