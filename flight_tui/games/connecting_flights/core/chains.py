"""Chain enumeration for planners of every mode: which flights a hand of cards can fly next.

A :class:`ChainBuilder` holds one hand's cards still free while a round's chains are built
one flight at a time: :meth:`ChainBuilder.next_flights` lists the flights the free cards can
make next (from a chain's end or from a free Airport card), :meth:`ChainBuilder.add` flies one
(extending the chain that ends on its starting card, or starting a new chain). The lookup
tables below give each card's stars, continent and capacity by id in the default world.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core.world import default_world

W = default_world()
COLOURS = len(W.continents)
CARD_AIRPORT = tuple(c.airport for c in W.airport_cards)
AP_CONT = tuple(a.continent for a in W.airports)
AP_STARS = tuple(a.stars for a in W.airports)
PLANE_STARS = tuple(p.stars for p in W.planes)
PLANE_ELECTRIC = tuple(p.electric for p in W.planes)
PASS_CONT = tuple(p.continent for p in W.passengers)
PASS_STARS = tuple(p.stars for p in W.passengers)
TRUCK_CAP = tuple(t.capacity for t in W.fuel_trucks)
FUEL = W.fuel
AIRPORTS_IN = tuple(tuple(a.id for a in W.airports_in(c)) for c in range(COLOURS))


class ChainBuilder:
    """One hand's free cards and the chains built from them so far this round.

    ``airports`` and ``rights`` are the hand's Airport and Landing Rights cards (a card is free
    until a flight starts or lands on it); ``planes``, ``passengers`` and ``trucks`` are the
    ones not yet used. Flights are added at a chain's end; with ``joins``, a flight may also
    land on the card a chain starts from (the chains are joined, as when all are flown at once).
    """

    def __init__(
        self,
        airports: Sequence[int],
        rights: Sequence[int],
        planes: Iterable[int],
        passengers: Iterable[int],
        trucks: Iterable[int],
        joins: bool = False,
    ) -> None:
        self.airports = airports
        self.rights = rights
        self._sorted_airports = sorted(airports)
        self.planes = list(planes)
        self.passengers = list(passengers)
        self.trucks = sorted(trucks, key=lambda t: TRUCK_CAP[t])
        self.joins = joins
        self._chains: list[list[FlightSpec]] = []
        self._linked = False
        """With ``joins``: whether ``_chains`` must be linked again from ``next_of`` (it is done
        when the chains are read, not on every flight added)."""
        self.card_in: set[int] = set()
        self.card_out: set[int] = set()
        self.chain_end: dict[int, int] = {}
        self.next_of: dict[int, FlightSpec] = {}
        """With ``joins``: the flight leaving each card."""

    def copy_into(self, other: ChainBuilder) -> ChainBuilder:
        """``other`` made a copy of this builder's progress (its card lists stay its own)."""
        same = other.airports is self.airports or other.airports == self.airports
        other._sorted_airports = self._sorted_airports if same else sorted(other.airports)
        other.joins = self.joins
        other.next_of = dict(self.next_of)
        other._chains = [list(c) for c in self._chains]
        other._linked = self._linked
        other.planes = list(self.planes)
        other.passengers = list(self.passengers)
        other.trucks = list(self.trucks)
        other.card_in = set(self.card_in)
        other.card_out = set(self.card_out)
        other.chain_end = dict(self.chain_end)
        return other

    @property
    def chains(self) -> list[list[FlightSpec]]:
        """The chains built so far, each a list of flights back to front."""
        if self._linked:
            self._link()
        return self._chains

    @chains.setter
    def chains(self, chains: list[list[FlightSpec]]) -> None:
        self._chains = chains
        self._linked = False

    def origins(self) -> dict[int, int]:
        """Airport -> the card a new flight from it would start on (a chain's end first)."""
        out: dict[int, int] = {}
        for card in self.chain_end:
            if card not in self.card_out:
                out[CARD_AIRPORT[card]] = card
        for card in self._sorted_airports:
            if card not in self.card_out and card not in self.card_in:
                out.setdefault(CARD_AIRPORT[card], card)
        return out

    def dests(self, continent: int, stars: int) -> list[tuple[int, bool]]:
        """Free cards to land on in ``continent`` with enough stars: Landing Rights first."""
        out = []
        for card in self.rights:
            a = CARD_AIRPORT[card]
            if card not in self.card_in and AP_CONT[a] == continent and AP_STARS[a] >= stars:
                out.append((card, True))
        for card in self.airports:
            a = CARD_AIRPORT[card]
            if card not in self.card_in and (self.joins or card not in self.card_out) and AP_CONT[a] == continent and AP_STARS[a] >= stars:
                out.append((card, False))
        return out

    def can_land(self, continent: int, stars: int) -> bool:
        """Whether some free card in ``continent`` with enough stars is left to land on."""
        for card in self.rights:
            a = CARD_AIRPORT[card]
            if card not in self.card_in and AP_CONT[a] == continent and AP_STARS[a] >= stars:
                return True
        for card in self.airports:
            a = CARD_AIRPORT[card]
            if card not in self.card_in and (self.joins or card not in self.card_out) and AP_CONT[a] == continent and AP_STARS[a] >= stars:
                return True
        return False

    def plane_kinds(self) -> list[int]:
        """One free plane per (stars, electric)."""
        seen: dict[tuple[int, bool], int] = {}
        for p in sorted(self.planes):
            seen.setdefault((PLANE_STARS[p], PLANE_ELECTRIC[p]), p)
        return list(seen.values())

    def truck_for(self, fuel: int) -> int | None:
        """The smallest free truck holding ``fuel``, or None."""
        return next((t for t in self.trucks if TRUCK_CAP[t] >= fuel), None)

    def passenger_for(self, continent: int) -> int | None:
        """The free passenger card to ``continent`` with the fewest stars."""
        best = None
        for q in self.passengers:
            if PASS_CONT[q] == continent and (best is None or PASS_STARS[q] < PASS_STARS[best]):
                best = q
        return best

    def passenger_kinds(self) -> list[int]:
        """One free passenger card per (continent, stars), most stars first."""
        seen: dict[tuple[int, int], int] = {}
        for q in sorted(self.passengers):
            seen.setdefault((PASS_CONT[q], PASS_STARS[q]), q)
        return sorted(seen.values(), key=lambda q: -PASS_STARS[q])

    def next_flights(self, passengers: Iterable[int] | None = None) -> Iterator[FlightSpec]:
        """Every flight the free cards can make next, one per (origin, passenger, destination
        airport, plane kind), with the smallest truck that holds its fuel.

        ``passengers`` are the passenger cards to try (default: the one with the fewest stars
        to each continent, :meth:`passenger_for`).
        """
        kinds = self.plane_kinds()
        if not kinds or not self.passengers:
            return
        if passengers is None:
            passengers = [self.passenger_for(c) for c in {PASS_CONT[q] for q in self.passengers}]
        # Where each passenger may land does not depend on where the flight starts.
        landings = [(q, PASS_CONT[q], PASS_STARS[q], self.dests(PASS_CONT[q], PASS_STARS[q])) for q in passengers]
        for a, origin in self.origins().items():
            for q, continent, stars, dests in landings:
                fuel = FUEL[AP_CONT[a]][continent]
                truck = self.truck_for(fuel)
                seen_dest = set()
                for dest, rights in dests:
                    b = CARD_AIRPORT[dest]
                    if b == a or b in seen_dest or (dest in self.card_out and self._closes(origin, dest)):
                        continue
                    seen_dest.add(b)
                    for p in kinds:
                        if PLANE_STARS[p] < stars:
                            continue
                        if PLANE_ELECTRIC[p]:
                            yield FlightSpec(origin, p, None, q, dest, False, rights)
                        elif truck is not None:
                            yield FlightSpec(origin, p, truck, q, dest, False, rights)

    def _closes(self, origin: int, dest: int) -> bool:
        """Whether a flight ``origin`` -> ``dest`` would close a loop of chained cards."""
        at = dest
        while at in self.next_of:
            at = self.next_of[at].dest
            if at == origin:
                return True
        return at == origin

    def add(self, spec: FlightSpec) -> int:
        """Fly ``spec`` (one of :meth:`next_flights`): its cards are used; returns its chain's
        index (with ``joins``, the chains are linked again and the index is -1)."""
        if self.joins:
            return self._join(spec)
        if spec.origin in self.chain_end:
            index = self.chain_end.pop(spec.origin)
            self._chains[index].append(spec)
        else:
            index = len(self._chains)
            self._chains.append([spec])
        self.card_out.add(spec.origin)
        self.card_in.add(spec.dest)
        if not spec.dest_is_landing_rights:
            self.chain_end[spec.dest] = index
        self.planes.remove(spec.plane)
        self.passengers.remove(spec.passenger)
        if spec.truck is not None:
            self.trucks.remove(spec.truck)
        return index

    def _join(self, spec: FlightSpec) -> int:
        self.next_of[spec.origin] = spec
        self.card_out.add(spec.origin)
        self.card_in.add(spec.dest)
        self.chain_end.pop(spec.origin, None)
        if not spec.dest_is_landing_rights and spec.dest not in self.card_out:
            self.chain_end[spec.dest] = -1
        self.planes.remove(spec.plane)
        self.passengers.remove(spec.passenger)
        if spec.truck is not None:
            self.trucks.remove(spec.truck)
        self._linked = True
        return -1

    def push(self, spec: FlightSpec) -> tuple:
        """Fly ``spec`` as :meth:`add` does with ``joins``, and return what :meth:`undo` needs to
        take it back (a search tries a flight and takes it back instead of copying the builder)."""
        ended = self.chain_end.get(spec.origin, -2)
        plane, passenger = self.planes.index(spec.plane), self.passengers.index(spec.passenger)
        truck = self.trucks.index(spec.truck) if spec.truck is not None else -1
        opened = not spec.dest_is_landing_rights and spec.dest not in self.card_out
        self._join(spec)
        return spec, ended, plane, passenger, truck, opened

    def undo(self, token: tuple) -> None:
        """Take back the flight :meth:`push` flew (the last one pushed)."""
        spec, ended, plane, passenger, truck, opened = token
        del self.next_of[spec.origin]
        self.card_out.discard(spec.origin)
        self.card_in.discard(spec.dest)
        if opened:
            del self.chain_end[spec.dest]
        if ended != -2:
            self.chain_end[spec.origin] = ended
        self.planes.insert(plane, spec.plane)
        self.passengers.insert(passenger, spec.passenger)
        if truck >= 0:
            self.trucks.insert(truck, spec.truck)
        self._linked = True

    def _link(self) -> None:
        """Rebuild the joined chains from the flight leaving each card."""
        self._chains = []
        for start in sorted(self.next_of):
            if start in self.card_in:
                continue
            chain = [self.next_of[start]]
            while not chain[-1].dest_is_landing_rights and chain[-1].dest in self.next_of:
                chain.append(self.next_of[chain[-1].dest])
            self._chains.append(chain)
        self._linked = False
