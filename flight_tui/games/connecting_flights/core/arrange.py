"""Arranging a hand's flights for the most value (competitive income), on the chain enumeration of :mod:`.chains`.

:func:`best_arrangement` searches depth first over the hand's passengers, most valuable
first: each is flown by one of the flights :class:`~flight_tui.games.connecting_flights.core.chains.ChainBuilder`
can make next for it, or left on the ground. A branch is cut when even flying every passenger
still possible could not beat the best arrangement found; the search stops after ``budget``
nodes with the best found so far (greedy first, so that is never worse than greedy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from flight_tui.games.connecting_flights.core.chains import (
    AP_STARS,
    CARD_AIRPORT,
    PASS_CONT,
    PASS_STARS,
    PLANE_STARS,
    ChainBuilder,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec

FlightValue = Callable[[FlightSpec], float]
"""What one flight earns (income by the passenger's stars plus the round's bonuses)."""
PassengerValue = Callable[[int], float]
"""The most any flight of one passenger card can earn (for cutting branches)."""
RIGHTS_PREFERENCE = 1e-3
"""A flight landing on an Airport card is preferred to one on Landing Rights by this much:
the first tie-breaker counts income without flights ending on Landing Rights."""


class Arrangement:
    """The chains chosen and what they earn."""

    __slots__ = ("chains", "income")

    def __init__(self, income: float, chains: list[list[FlightSpec]]) -> None:
        self.income = income
        self.chains = chains

    def flights(self) -> list[FlightSpec]:
        return [f for chain in self.chains for f in chain]


def best_arrangement(
    airports: Sequence[int],
    rights: Sequence[int],
    planes: Sequence[int],
    passengers: Sequence[int],
    trucks: Sequence[int],
    value: FlightValue,
    most: PassengerValue,
    budget: int = 400,
) -> Arrangement:
    """The chains that earn the most from these cards (each id is the world's); ``most(q)``
    bounds what passenger ``q`` can earn."""
    root = ChainBuilder(airports, rights, planes, passengers, trucks, joins=True)
    search = _Search(value, most, budget)
    search.run(root, sorted(passengers, key=lambda q: (-PASS_STARS[q], q)), 0.0)
    return Arrangement(search.best_income, search.best_chains)


class _Search:
    def __init__(self, value: FlightValue, most: PassengerValue, budget: int) -> None:
        self.value = value
        self.most = most
        self.budget = budget
        self.best_income = 0.0
        self.best_chains: list[list[FlightSpec]] = []

    def worth(self, spec: FlightSpec) -> float:
        return self.value(spec) - (RIGHTS_PREFERENCE if spec.dest_is_landing_rights else 0.0)

    def run(self, builder: ChainBuilder, todo: list[int], income: float) -> None:
        self.budget -= 1
        if income > self.best_income:
            self.best_income = income
            self.best_chains = [list(c) for c in builder.chains]
        todo = [q for q in todo if _could_fly(builder, q)]
        if not todo or income + _bound(builder, todo, self.most) <= self.best_income + 1e-9:
            return
        q, rest = todo[0], todo[1:]
        options = sorted(((self.worth(s), s) for s in builder.next_flights([q])), key=lambda ws: -ws[0] + _waste(ws[1]))
        for worth, spec in options:
            if self.budget <= 0:
                return
            token = builder.push(spec)
            self.run(builder, rest, income + worth)
            builder.undo(token)
        if self.budget > 0:
            self.run(builder, rest, income)


def _could_fly(builder: ChainBuilder, q: int) -> bool:
    """Whether a free plane and a free landing card could still take passenger ``q``."""
    stars = PASS_STARS[q]
    if q not in builder.passengers or not any(PLANE_STARS[p] >= stars for p in builder.planes):
        return False
    return builder.can_land(PASS_CONT[q], stars)


def _bound(builder: ChainBuilder, todo: list[int], most: PassengerValue) -> float:
    """At most what the passengers still to place could add: the best ones a free plane each."""
    best = sorted((most(q) for q in todo), reverse=True)
    return sum(best[: len(builder.planes)])


def _waste(spec: FlightSpec) -> float:
    """A small cost for using more plane than the passenger needs (keep big planes for others)."""
    return 1e-4 * (PLANE_STARS[spec.plane] - PASS_STARS[spec.passenger]) + 1e-5 * AP_STARS[CARD_AIRPORT[spec.dest]]
