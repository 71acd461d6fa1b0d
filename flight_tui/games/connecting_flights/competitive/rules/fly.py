"""The Fly phase (A.4): every seat arranges its flights at once, sealed until all are in; each
valid flight earns 10 / 15 / 20 by its passenger's stars plus the event's bonus; unused Landing
Rights cost twice their price; coins stop at 100; the round goes on the leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from flight_tui.games.connecting_flights.competitive.rules.actions import Chain, SubmitFlights
from flight_tui.games.connecting_flights.competitive.rules.common import (
    Game,
    data,
    disabled,
    event,
    gain,
    landing_rights_price,
    pay,
    world,
)
from flight_tui.games.connecting_flights.competitive.rules.data import EventCard
from flight_tui.games.connecting_flights.competitive.rules.state import (
    CompetitiveState,
    FlightsSubmitted,
    Flown,
    Holdings,
    RoundIncome,
)
from flight_tui.games.connecting_flights.core.arrange import best_arrangement
from flight_tui.games.connecting_flights.core.chains import PASS_STARS
from flight_tui.games.connecting_flights.core.flights import FlightSpec, flight_is_valid, link_problems

SEARCH_NODES = 600
"""How many nodes :func:`best_chains` searches before it settles for the best found."""


def flight_income(g: Game, f: FlightSpec) -> int:
    """What one valid flight earns this round: the passenger's income and the event's bonus."""
    return _income(event(g), f)


def _income(e: EventCard | None, f: FlightSpec) -> int:
    """What one valid flight earns in a round whose Event card is ``e``."""
    income = data().income_by_stars[PASS_STARS[f.passenger] - 1]
    if e is None or e.when != "fly":
        return income
    w = world()
    passenger = w.passengers[f.passenger]
    origin, dest = w.airport_of_card(f.origin), w.airport_of_card(f.dest)
    need = w.fuel[origin.continent][dest.continent]
    if (
        (e.effect == "long_haul_bonus" and need >= 3)
        or (e.effect == "domestic_bonus" and need == 1)
        or e.effect == f"star_bonus_{passenger.stars}"
    ):
        income += e.amount
    return income


def flies(g: Game, seat: int, f: FlightSpec) -> bool:
    """Whether a flight is valid and none of its cards is disabled by a Sabotage card."""
    off_airports, off_planes = disabled(g, seat)
    if f.plane in off_planes or f.origin in off_airports or (f.dest in off_airports and not f.dest_is_landing_rights):
        return False
    return flight_is_valid(world(), f)


def arrangement_problem(g: Game, seat: int, action: SubmitFlights) -> str | None:
    """Why this arrangement is refused: cards not held in that role, a card used twice, a
    broken link. Incomplete or invalid flights are allowed: they earn nothing."""
    h = g.holdings[seat]
    if any(not chain for chain in action.chains):
        return "A chain needs at least one flight."
    for chain in action.chains:
        for f in chain:
            for card, lr in ((f.origin, f.origin_is_landing_rights), (f.dest, f.dest_is_landing_rights)):
                if card is not None and card not in (h.landing_rights if lr else h.airports):
                    return f"You hold no such {'Landing Rights' if lr else 'Airport card'}."
            for card, held, what in ((f.plane, h.planes, "plane"), (f.passenger, h.passengers, "passenger card"), (f.truck, h.trucks, "fuel truck")):
                if card is not None and card not in held:
                    return f"You hold no such {what}."
    try:
        problems = link_problems(world(), action.chains)
    except ValueError as err:
        return f"That flight names a card that does not exist ({err})."
    return problems[0].message if problems else None


def apply_submit(state: CompetitiveState, seat: int, action: SubmitFlights) -> bool:
    """Seal an arrangement; when it is the last, fly everyone's; True then."""
    state.submitted[seat] = list(action.chains)
    state.log.append(FlightsSubmitted(seat))
    if any(s is None for s in state.submitted):
        return False
    records = []
    for s, chains in enumerate(state.submitted):
        records.append(_fly(state, s, chains))
    state.history.append(records)
    return True


def score(g: Game, seat: int, chains: Sequence[Chain]) -> RoundIncome:
    """What these chains earn ``seat`` this round (before any penalty)."""
    w = world()
    income = without = flights = 0
    continents: set[int] = set()
    for chain in chains:
        for f in chain:
            if not flies(g, seat, f):
                continue
            earned = flight_income(g, f)
            flights += 1
            income += earned
            if not f.dest_is_landing_rights:
                without += earned
            continents.add(w.airport_of_card(f.origin).continent)
            continents.add(w.airport_of_card(f.dest).continent)
    return RoundIncome(income, without, len(continents), flights)


def _fly(state: CompetitiveState, seat: int, chains: list[Chain]) -> RoundIncome:
    h = state.holdings[seat]
    record = score(state, seat, chains)
    valid = [[flies(state, seat, f) for f in chain] for chain in chains]
    used = {f.dest for chain, ok in zip(chains, valid) for f, v in zip(chain, ok) if v and f.dest_is_landing_rights}
    state.log.append(Flown(seat, list(chains), valid, record))
    gain(state, seat, record.income, "income")
    penalty = 0
    for card in h.landing_rights:
        if card not in used:
            penalty += pay(state, seat, data().landing_rights_penalty * landing_rights_price(state, seat, card), "unused landing rights")
    return RoundIncome(record.income, record.without_landing_rights, record.continents, record.flights, penalty)


def best_chains(g: Game, seat: int, nodes: int = SEARCH_NODES) -> tuple[Chain, ...]:
    """A high-earning arrangement of the cards of ``seat`` that may fly (sabotaged ones left
    out), with this round's bonuses: the mode-neutral core's bounded search."""
    h: Holdings = g.holdings[seat]
    off_airports, off_planes = disabled(g, seat)
    return _best_chains(
        tuple(a for a in h.airports if a not in off_airports),
        tuple(h.landing_rights),
        tuple(p for p in h.planes if p not in off_planes),
        tuple(h.passengers),
        tuple(h.trucks),
        g.active_event,
        nodes,
    )


@lru_cache(maxsize=4096)
def _best_chains(
    airports: tuple[int, ...],
    rights: tuple[int, ...],
    planes: tuple[int, ...],
    passengers: tuple[int, ...],
    trucks: tuple[int, ...],
    active_event: int,
    nodes: int,
) -> tuple[Chain, ...]:
    """:func:`best_chains` for these cards and Event card (-1: none), remembered: a hand often
    stays the same from one call to the next (every bot and every legal-move list asks)."""
    e = data().events[active_event] if active_event >= 0 else None
    bonus = max(0, e.amount) if e is not None and e.when == "fly" else 0
    income = data().income_by_stars
    found = best_arrangement(
        airports,
        rights,
        planes,
        passengers,
        trucks,
        lambda f: _income(e, f),
        lambda q: income[PASS_STARS[q] - 1] + bonus,
        nodes,
    )
    return tuple(tuple(chain) for chain in found.chains)
