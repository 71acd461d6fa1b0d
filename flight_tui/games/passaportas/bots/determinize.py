"""Sampling what a Passaportas seat cannot see, for search.

A view shows every group, the plane and the used customs cards; hidden are the other players'
customs cards, the viewer's own cards below the top of each holder, the boxed customs cards and
the order of the boarding and destination stacks. :func:`read_passes` gathers what the view's
log says about the other players' top cards: a player who passed at customs after a landing in
a city, while a group of an opponent could be refused, holds no top card naming that city
(until they next use a card; this assumes a player who can refuse, does). :func:`determinize`
deals the unseen customs cards at random, keeping to those facts where it can, shuffles the
stacks from the cards not in anyone's holder, and returns a full state (with the view's recent
log, which bots reading the state's views, like Normal's patience, rely on).
"""

from __future__ import annotations

from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.rules.map import board_map
from flight_tui.games.passaportas.rules.state import (
    HOME,
    PLANE,
    CustomsPassed,
    CustomsUsed,
    Flew,
    GameStarted,
    Group,
    PassaportasState,
    PassaportasView,
    Turn,
)


def read_passes(view: PassaportasView) -> list[set[int]]:
    """Per seat, the cities its top customs cards cannot name, by its passes in the view's log."""
    excluded: list[set[int]] = [set() for _ in range(view.num_seats)]
    city = -1
    for event in view.log:
        if isinstance(event, Flew):
            city = event.route[-1]
        elif isinstance(event, CustomsPassed) and event.seat != view.seat and city >= 0:
            excluded[event.seat].add(city)
        elif isinstance(event, CustomsUsed):
            excluded[event.seat].clear()
    return excluded


def _start_city(view: PassaportasView) -> int:
    """The city of the first boxed customs card, if the log still shows where the plane started."""
    for event in view.log:
        if isinstance(event, GameStarted):
            return event.plane
    return -1


def _stack(rng: Rng, cards: list[int], deck: int, put_away: int) -> tuple[list[int], list[int]]:
    """A shuffled stack of ``deck`` cards and a put-away pile of ``put_away`` from ``cards``."""
    rng.shuffle(cards)
    return cards[:deck], cards[deck : deck + put_away]


def determinize(view: PassaportasView, rng: Rng, excluded: list[set[int]] | None = None) -> PassaportasState:
    """A full state consistent with ``view``, the hidden cards dealt at random (see module doc)."""
    excluded = excluded if excluded is not None else read_passes(view)
    size = board_map(view.config.edition).size
    tops = {c for c in view.own_customs if c >= 0}
    start = _start_city(view)
    pool = [c for c in range(size) if c not in tops and c not in view.customs_used and c != start]
    rng.shuffle(pool)
    holders: list[list[list[int]]] = [[] for _ in range(view.num_seats)]
    order = sorted(range(view.num_seats), key=lambda p: -len(excluded[p]))
    for p in order:
        for h, count in enumerate(view.customs_counts[p]):
            cards: list[int] = []
            if count and p == view.seat:
                cards.append(view.own_customs[h])
            elif count:
                top = next((c for c in pool if c not in excluded[p]), pool[0] if pool else -1)
                if top >= 0:
                    pool.remove(top)
                    cards.append(top)
            while len(cards) < count and pool:
                cards.append(pool.pop())
            holders[p].append(cards)
    boxed = ([start] if start >= 0 else []) + pool
    groups = [[Group(g.size, g.boarding, g.destination, g.status) for g in gs] for gs in view.groups]
    boarding = [c for c in range(size) for _ in range(2)]
    destination = list(boarding)
    for gs in groups:
        for g in gs:
            if g.status == HOME:
                boarding.remove(g.boarding)
            if g.status in (HOME, PLANE):
                destination.remove(g.destination)
    boarding_deck, boarding_put_away = _stack(rng, boarding, view.boarding_deck, view.boarding_put_away)
    destination_deck, destination_put_away = _stack(rng, destination, view.destination_deck, view.destination_put_away)
    turn = view.turn
    return PassaportasState(
        config=view.config,
        rng=Rng(rng.next64()),
        groups=groups,
        holders=holders,
        boarding_deck=boarding_deck,
        destination_deck=destination_deck,
        boarding_put_away=boarding_put_away,
        destination_put_away=destination_put_away,
        customs_used=list(view.customs_used),
        customs_boxed=boxed,
        plane=view.plane,
        fuel=view.fuel,
        reserved_seats=view.reserved_seats,
        cabin=list(view.cabin),
        office=list(view.office),
        current=view.current,
        phase=view.phase,
        turn=Turn(list(turn.rolls), turn.wild_used, turn.flown, turn.landed),
        customs_queue=list(view.customs_queue),
        round_no=view.round_no,
        turn_no=view.turn_no,
        wild_used=list(view.wild_used),
        winners=list(view.winners),
        log=list(view.log),
    )
