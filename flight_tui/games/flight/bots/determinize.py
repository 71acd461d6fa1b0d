"""Sampling the hidden cards of Flight from one seat's view, for search.

The viewer sees its own hand, the table and the discard pile; the other hands and the pack
hold the rest of the 44 cards. ``read_hands`` gathers what the view's log says about the
other hands:

* a card a seat took from the discard pile is in its hand until it plays or discards it;
* after a turn without an aeroplane played, a seat holds no aeroplane (rule 3a forces it);
* after a turn in which a seat laid nothing, it held no card it could have laid (rule 3b);
* a seat that left a flight ready to land holds no Safe Landing (it would have landed; this
  one assumes a sensible opponent).

``determinize`` deals the unseen cards into the other hands (by their sizes) and the pack
(by its size) at random, keeping to those facts where it can, and returns a full state.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from flight_tui.games.flight.bots.tactics import line_from_cards, unseen_cards
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import play_problem
from flight_tui.games.flight.rules.state import (
    Discarded,
    Drew,
    FlightEvent,
    FlightLine,
    FlightState,
    FlightView,
    HandDealt,
    Played,
    public_fields,
    TurnInfo,
)

_PLANES = frozenset(C.cards_of(C.PLANE))
_SAFE_LANDINGS = frozenset(C.cards_of(C.SAFE_LANDING))


class HandFacts(msgspec.Struct):
    """What a viewer knows of each seat's hidden hand (indexed by seat; its own stays empty)."""

    known: list[list[int]]
    """Cards certainly in that hand."""
    excluded: list[list[int]]
    """Cards certainly (or, for Safe Landings, very likely) not in that hand."""


def _hand_events(view: FlightView) -> list[FlightEvent]:
    """The events of the current hand that the view's log still holds."""
    log = view.log
    for i in range(len(log) - 1, -1, -1):
        event = log[i]
        if isinstance(event, HandDealt):
            return list(log[i + 1 :]) if event.hand_no == view.hand_no else []
    return list(log)


def _table_before(flights: Sequence[FlightLine], later: Sequence[FlightEvent]) -> list[FlightLine]:
    """The flights as they stood before the ``later`` plays were made."""
    undo = [0, 0, 0, 0]
    for event in later:
        if isinstance(event, Played):
            undo[event.flight] += 1
    return [line_from_cards(line.cards[: len(line.cards) - k]) if k else line for line, k in zip(flights, undo)]


def _ready_to_land(flights: Sequence[FlightLine]) -> bool:
    return any(line.cards and not line.landed and line.reached >= 5 and not line.obstacle for line in flights)


def _playable_cards(flights: Sequence[FlightLine]) -> set[int]:
    """Cards that could be laid at the start of a fresh turn on these flights."""
    fresh = TurnInfo()
    return {
        card
        for card in range(C.NUM_CARDS)
        if any(play_problem([card, card], flights, fresh, card, f) is None for f in range(4))
    }


def read_hands(view: FlightView) -> HandFacts:
    """What the log of ``view`` tells about the other seats' hands this hand."""
    n = view.num_seats
    known: list[list[int]] = [[] for _ in range(n)]
    excluded: list[set[int]] = [set() for _ in range(n)]
    events = _hand_events(view)
    for event in events:
        if isinstance(event, Drew) and event.seat != view.seat and event.from_discard >= 0:
            known[event.seat].append(event.from_discard)
        elif isinstance(event, (Played, Discarded)) and event.card in known[event.seat]:
            known[event.seat].remove(event.card)
    for seat in range(n):
        if seat == view.seat:
            continue
        end = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], Discarded) and events[i].seat == seat), -1)
        start = next((i for i in range(end - 1, -1, -1) if isinstance(events[i], Drew) and events[i].seat == seat), -1)
        if end < 0 or start < 0:
            continue
        plays = [e for e in events[start + 1 : end] if isinstance(e, Played)]
        at_end = _table_before(view.flights, events[end + 1 :])
        at_start = _table_before(at_end, plays)
        if not any(C.KIND[e.card] == C.PLANE for e in plays):
            excluded[seat] |= _PLANES
        if not plays:
            excluded[seat] |= _playable_cards(at_start)
        if _ready_to_land(at_start) or _ready_to_land(at_end):
            excluded[seat] |= _SAFE_LANDINGS
        excluded[seat] -= set(known[seat])
    return HandFacts(known=known, excluded=[sorted(e) for e in excluded])


def determinize(view: FlightView, rng: Rng, facts: HandFacts | None = None) -> FlightState:
    """A full state consistent with ``view``: the unseen cards dealt at random (see module doc)."""
    facts = facts if facts is not None else read_hands(view)
    pool = set(unseen_cards(view.hand, view.flights, view.discard))
    n = view.num_seats
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[view.seat] = list(view.hand)
    for seat in range(n):
        if seat != view.seat:
            for card in facts.known[seat]:
                if card in pool and len(hands[seat]) < view.hand_sizes[seat]:
                    hands[seat].append(card)
                    pool.discard(card)
    rest = sorted(pool)
    rng.shuffle(rest)
    others = sorted((s for s in range(n) if s != view.seat), key=lambda s: -len(facts.excluded[s]))
    for seat in others:
        wanted = view.hand_sizes[seat] - len(hands[seat])
        banned = set(facts.excluded[seat])
        chosen = [c for c in rest if c not in banned][:wanted]
        if len(chosen) < wanted:  # the facts cannot all hold: relax them for this seat
            chosen += [c for c in rest if c in banned][: wanted - len(chosen)]
        taken = set(chosen)
        hands[seat].extend(chosen)
        rest = [c for c in rest if c not in taken]
    if len(rest) != view.pack_count:
        raise ValueError("The view's card counts do not add up to the 44 cards.")
    return FlightState(**public_fields(view), rng=Rng(rng.next64()), hands=hands, pack=rest)
