"""The flight builder's logic, without any drawing: chains composed card by card.

A flight is built in the order of the cards on the table: starting airport, plane (then its
fuel truck, unless the plane is electric), passenger, destination airport or landing rights.
When a flight is complete the next one of the chain starts on its destination card; a chain
that lands on landing rights ends there (no flight may start from them). At every step the
builder lists the cards that may come next (cards already used this round are left out),
and the problems of the chains so far come from the flight rules (``round_problems``), with
the rule number each one breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import msgspec

from flight_tui.games.connecting_flights.core.flights import FlightSpec, Problem, round_problems
from flight_tui.games.connecting_flights.core.world import World

ORIGIN, PLANE, TRUCK, PASSENGER, DEST = "origin", "plane", "truck", "passenger", "dest"
STEP_WORDS = {
    ORIGIN: "starting airport",
    PLANE: "plane",
    TRUCK: "fuel truck",
    PASSENGER: "passenger",
    DEST: "destination airport or landing rights",
}
MISSING = {"missing-origin", "missing-plane", "missing-passenger", "missing-destination"}
"""Problem codes that only say a card is still to come (the builder shows the next step instead)."""


class HandCards(msgspec.Struct, frozen=True):
    """The cards one player may fly with this round (world ids)."""

    airports: tuple[int, ...] = ()
    """Airport cards owned."""
    landing_rights: tuple[int, ...] = ()
    """Airport cards held as landing rights this round."""
    planes: tuple[int, ...] = ()
    passengers: tuple[int, ...] = ()
    trucks: tuple[int, ...] = ()


def hand_cards(holder: object) -> HandCards:
    """What a player holds (any record with ``airports``, ``landing_rights``, ``planes``,
    ``passengers`` and ``trucks``, as both modes' hands have) as the builder's ``HandCards``."""
    return HandCards(
        airports=tuple(holder.airports),
        landing_rights=tuple(holder.landing_rights),
        planes=tuple(holder.planes),
        passengers=tuple(holder.passengers),
        trucks=tuple(holder.trucks),
    )


class Choice(msgspec.Struct, frozen=True):
    """A card that may come next: ``card`` is None for "no fuel truck"."""

    step: str
    card: int | None
    landing_rights: bool = False


@dataclass
class ChainBuilder:
    """Chains of one player for one round, built card by card (see the module docstring)."""

    world: World
    hand: HandCards
    chains: list[list[FlightSpec]] = field(default_factory=list)
    """Chains finished so far, each a list of complete flights."""
    current: list[FlightSpec] = field(default_factory=list)
    """The chain being built; its last flight may be partial."""
    no_truck: bool = False
    """The flight being built goes without a fuel truck (chosen at the fuel truck step)."""
    _undo: list[tuple[list[list[FlightSpec]], list[FlightSpec], bool]] = field(default_factory=list)

    @classmethod
    def from_chains(cls, world: World, hand: HandCards, chains: Sequence[Sequence[FlightSpec]]) -> ChainBuilder:
        """A builder holding chains arranged before (for example this round's chains in the game)."""
        return cls(world, hand, [list(chain) for chain in chains])

    # ------------------------------------------------------------ what comes next

    @property
    def flight(self) -> FlightSpec | None:
        """The flight being built (the last of the current chain), if any."""
        return self.current[-1] if self.current else None

    def step(self) -> str:
        """The card the flight being built needs next."""
        f = self.flight
        if f is None or f.origin is None:
            return ORIGIN
        if f.plane is None:
            return PLANE
        if f.truck is None and not self.world.planes[f.plane].electric and not self.no_truck:
            return TRUCK
        if f.passenger is None:
            return PASSENGER
        return DEST

    def choices(self) -> list[Choice]:
        """The cards that may come next, not counting cards already used this round."""
        step = self.step()
        used = self.used_cards()
        if step in (ORIGIN, DEST):
            out = [Choice(step, c) for c in self.hand.airports if (ORIGIN_KIND, c) not in used]
            out += [Choice(step, c, True) for c in self.hand.landing_rights if (ORIGIN_KIND, c) not in used]
            return out
        if step == PLANE:
            return [Choice(step, c) for c in self.hand.planes if (PLANE, c) not in used]
        if step == TRUCK:
            return [Choice(step, c) for c in self.hand.trucks if (TRUCK, c) not in used] + [Choice(step, None)]
        return [Choice(step, c) for c in self.hand.passengers if (PASSENGER, c) not in used]

    def used_cards(self) -> set[tuple[str, int]]:
        """(kind, card) of every card in a flight this round; airport cards count as ``airport``."""
        used: set[tuple[str, int]] = set()
        for chain in [*self.chains, self.current]:
            for f in chain:
                for kind, card in ((ORIGIN_KIND, f.origin), (ORIGIN_KIND, f.dest), (PLANE, f.plane), (TRUCK, f.truck), (PASSENGER, f.passenger)):
                    if card is not None:
                        used.add((kind, card))
        return used

    def choice_problems(self, choice: Choice) -> list[Problem]:
        """The problems the flight being built would have with ``choice`` put in it."""
        trial = ChainBuilder(self.world, self.hand, [list(c) for c in self.chains], list(self.current), self.no_truck)
        trial.pick(choice)
        if choice.step == DEST:
            chain = trial.chains[-1] if choice.landing_rights else trial.current[:-1]
            index = len(chain) - 1
            chain_no = len(trial.chains) - 1 if choice.landing_rights else len(trial.chains)
            return [p for p in trial.problems() if p.chain == chain_no and p.flight == index]
        return trial.flight_problems()

    # ------------------------------------------------------------ building

    def pick(self, choice: Choice) -> None:
        """Put ``choice`` in the flight being built (ValueError if it is not a choice now)."""
        if choice not in self.choices():
            raise ValueError("That card cannot come next.")
        self._remember()
        f = self.flight or FlightSpec()
        if choice.step == ORIGIN:
            f = FlightSpec(origin=choice.card, origin_is_landing_rights=choice.landing_rights)
        elif choice.step == PLANE:
            f = msgspec.structs.replace(f, plane=choice.card)
        elif choice.step == TRUCK:
            f = msgspec.structs.replace(f, truck=choice.card)
            self.no_truck = choice.card is None
        elif choice.step == PASSENGER:
            f = msgspec.structs.replace(f, passenger=choice.card)
        else:
            f = msgspec.structs.replace(f, dest=choice.card, dest_is_landing_rights=choice.landing_rights)
        if self.current and choice.step != ORIGIN:
            self.current[-1] = f
        else:
            self.current.append(f)
        if choice.step == DEST:
            self._flight_done(f)

    def _flight_done(self, f: FlightSpec) -> None:
        """Start the chain's next flight on the destination card, or end a chain on landing rights."""
        self.no_truck = False
        if f.dest_is_landing_rights:
            self.chains.append(list(self.current))
            self.current = []
        else:
            self.current.append(FlightSpec(origin=f.dest))

    def end_chain(self) -> bool:
        """Close the chain being built (a partial last flight is dropped); False if nothing to close."""
        complete = [f for f in self.current if f.dest is not None]
        if not complete:
            if not self.current:
                return False
            self._remember()
        else:
            self._remember()
            self.chains.append(complete)
        self.current, self.no_truck = [], False
        return True

    def back(self) -> bool:
        """Undo the last change; with none to undo (chains kept from last round), reopen the
        last chain without its last card. False when there is nothing to take back."""
        if self._undo:
            self.chains, self.current, self.no_truck = self._undo.pop()
            return True
        if self.current or not self.chains:
            return False
        *flights, last = self.chains.pop()
        self.current = [*flights, msgspec.structs.replace(last, dest=None, dest_is_landing_rights=False)]
        self.no_truck = last.truck is None and not self.world.planes[last.plane].electric
        return True

    def clear(self) -> None:
        """Start the round's flights again from nothing."""
        self._remember()
        self.chains, self.current, self.no_truck = [], [], False

    def _remember(self) -> None:
        self._undo.append(([list(c) for c in self.chains], list(self.current), self.no_truck))

    # ------------------------------------------------------------ checking

    def finished_chains(self) -> list[list[FlightSpec]]:
        """Every chain with its complete flights, the one being built included."""
        out = [list(c) for c in self.chains]
        complete = [f for f in self.current if f.dest is not None]
        if complete:
            out.append(complete)
        return out

    def problems(self) -> list[Problem]:
        """Every problem of the round's chains and of the flight being built, missing cards left out.

        Chain indexes count the finished chains first, then the chain being built.
        """
        chains = [*self.chains, self.current] if self.current else list(self.chains)
        truck_next = bool(self.current) and self.step() == TRUCK
        building = (len(self.chains), len(self.current) - 1)

        def shown(p: Problem) -> bool:
            if p.code in MISSING:
                return False
            # the fuel truck is the next card of the flight being built, not a missing one
            return not (truck_next and p.code == "no-fuel-truck" and (p.chain, p.flight) == building)

        return [p for p in round_problems(self.world, chains) if shown(p)]

    def flight_problems(self) -> list[Problem]:
        """The problems of the flight being built."""
        if not self.current:
            return []
        chain, flight = len(self.chains), len(self.current) - 1
        return [p for p in self.problems() if p.chain == chain and p.flight == flight]

    def finished_problems(self) -> list[Problem]:
        """The problems of the chains as they would be sent (a partial last flight left out)."""
        return round_problems(self.world, self.finished_chains())

    def is_valid(self) -> bool:
        """Whether there is a flight and every finished flight keeps the rules."""
        return bool(self.finished_chains()) and not self.finished_problems()

    def follows(self, guide: Sequence[Sequence[FlightSpec]]) -> bool:
        """Whether adding cards can still make the chains built so far into ``guide`` (the
        chains a lesson's step waits for): each finished chain is the guide's at its place, and
        the chain being built begins as the next one does. :data:`ANY_CARD` in the guide
        stands for any card of its kind (a starting flight's move names no fuel truck)."""
        if len(self.chains) > len(guide):
            return False
        for built, wanted in zip(self.chains, guide):
            if len(built) != len(wanted) or not all(_fits(b, w) for b, w in zip(built, wanted)):
                return False
        current = self.current
        if len(current) > 1 and current[-1] == FlightSpec(origin=current[-2].dest):
            current = current[:-1]  # the next flight begun on the last destination: no card of its own yet
        if not current:
            return True
        if len(self.chains) == len(guide) or len(current) > len(guide[len(self.chains)]):
            return False
        wanted = guide[len(self.chains)]
        last = len(current) - 1
        return all(_fits(b, w, no_truck=self.no_truck and i == last) for i, (b, w) in enumerate(zip(current, wanted)))


ORIGIN_KIND = "airport"
"""The kind under which airport cards (starting or destination) count as used."""

ANY_CARD = -1
"""In the chains :meth:`ChainBuilder.follows` is given: any card of its kind, but one."""


def _fits(built: FlightSpec, wanted: FlightSpec, no_truck: bool = False) -> bool:
    """Whether the cards of ``built`` so far are those of ``wanted``. A finished flight (or
    ``no_truck``, chosen for the flight being built) has no truck to come."""
    done = built.dest is not None
    for name in ("origin", "plane", "truck", "passenger", "dest"):
        have, want = getattr(built, name), getattr(wanted, name)
        placed = have is not None or (name == "truck" and (done or no_truck))
        if placed and (have is None if want == ANY_CARD else have != want):
            return False
    if built.origin is not None and built.origin_is_landing_rights != wanted.origin_is_landing_rights:
        return False
    return not done or built.dest_is_landing_rights == wanted.dest_is_landing_rights


def airport_label(world: World, card: int, landing_rights: bool = False) -> str:
    """``NYC New York ★★★`` (``LR`` in front for landing rights)."""
    airport = world.airport_of_card(card)
    prefix = "LR " if landing_rights else ""
    return f"{prefix}{airport.code} {airport.city} {'★' * airport.stars}"


def plane_label(world: World, card: int) -> str:
    plane = world.planes[card]
    return f"{'Electric' if plane.electric else 'Plane'} {'★' * plane.stars}"


def passenger_label(world: World, card: int) -> str:
    passenger = world.passengers[card]
    continent = world.continents[passenger.continent]
    return f"Passenger {'★' * passenger.stars} → {continent.name}"


def truck_label(world: World, card: int | None) -> str:
    return "no fuel truck" if card is None else f"Fuel truck {world.fuel_trucks[card].capacity}"


def choice_label(world: World, choice: Choice) -> str:
    """The card a choice puts down, in words."""
    if choice.step in (ORIGIN, DEST):
        return airport_label(world, choice.card, choice.landing_rights)
    if choice.step == PLANE:
        return plane_label(world, choice.card)
    if choice.step == TRUCK:
        return truck_label(world, choice.card)
    return passenger_label(world, choice.card)


def flight_text(world: World, f: FlightSpec, with_origin: bool = True) -> str:
    """A flight as its cards in order, ending in ``…`` while cards are still to come."""
    parts = [
        _short_airport(world, f.origin, f.origin_is_landing_rights) if f.origin is not None else None,
        _plane_and_truck(world, f) if f.plane is not None else None,
        _short_passenger(world, f.passenger) if f.passenger is not None else None,
        _short_airport(world, f.dest, f.dest_is_landing_rights) if f.dest is not None else None,
    ]
    placed = [part for part in parts if part is not None]
    shown = placed + (["…"] if len(placed) < len(parts) else [])
    return " ─ ".join(shown if with_origin else shown[1:])


def _plane_and_truck(world: World, f: FlightSpec) -> str:
    """``✈★★★+F3``: the plane's stars (``e`` for electric) and its fuel truck's capacity."""
    plane = world.planes[f.plane]
    text = f"✈{'e' if plane.electric else ''}{'★' * plane.stars}"
    if f.truck is not None:
        text += f"+F{world.fuel_trucks[f.truck].capacity}"
    return text


def _short_airport(world: World, card: int, landing_rights: bool) -> str:
    airport = world.airport_of_card(card)
    return f"{'LR ' if landing_rights else ''}{airport.code}"


def _short_passenger(world: World, card: int) -> str:
    passenger = world.passengers[card]
    return f"{'★' * passenger.stars}→{world.continents[passenger.continent].code}"


def chain_text(world: World, chain: Sequence[FlightSpec]) -> str:
    """A chain as one line, each linking airport once: ``NYC ─ ✈★★★+F4 ─ ★→EU ─ LON ─ ✈★ ─ …``."""
    return " ─ ".join(flight_text(world, f, with_origin=index == 0) for index, f in enumerate(chain))
