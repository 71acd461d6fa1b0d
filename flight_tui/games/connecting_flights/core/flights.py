"""Flights and flight chains, valid by the six rules of "Making Flights" (shared by every mode).

A flight is a starting Airport card, a Plane card (with a Fuel Truck token on it unless it is
electric), a Passenger card and a destination Airport card, possibly turned over to serve as
Landing Rights. Chains link flights back to front: the destination card of one flight is the
starting card of the next, so a chain is a list of :class:`FlightSpec` whose links must hold.

Checks return every problem at once, each with the rule number (1-6) it breaks, or None for
problems that are not one of the six (a missing card, a broken link, a card used twice).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from flight_tui.games.connecting_flights.core.world import World

RULES: dict[int, str] = {
    1: "The passenger must fly on a plane with at least as many stars as the passenger.",
    2: "The passenger must land at an Airport/Landing Rights with at least as many stars as the passenger.",
    3: "The passenger must land in the destination continent on the Passenger card.",
    4: "A fuel truck of sufficient capacity must sit on the plane (not needed by electric planes).",
    5: "A flight must not start from a Landing Rights card.",
    6: "A flight cannot start and end in the same city.",
}
"""The six rules of "Making Flights", by number."""

class FlightSpec(msgspec.Struct, frozen=True):
    """One flight by card ids (see :mod:`world`); None marks a card not placed yet."""

    origin: int | None = None
    plane: int | None = None
    truck: int | None = None
    passenger: int | None = None
    dest: int | None = None
    origin_is_landing_rights: bool = False
    dest_is_landing_rights: bool = False


class Problem(msgspec.Struct, frozen=True):
    """Why a flight or chain is not valid.

    ``rule`` is the number of the rule broken (1-6, see :data:`RULES`) or None; ``code`` a
    stable key; ``text`` a sentence for players; ``chain`` and ``flight`` say where (indexes,
    None when not applicable).
    """

    rule: int | None
    code: str
    text: str
    chain: int | None = None
    flight: int | None = None

    @property
    def message(self) -> str:
        """The sentence with its rule number in front, e.g. "Rule 4: ..."."""
        return f"Rule {self.rule}: {self.text}" if self.rule is not None else self.text


def flight_is_valid(world: World, f: FlightSpec) -> bool:
    """Whether a complete flight keeps all six rules (the fast check; no sentences built)."""
    if f.origin is None or f.plane is None or f.passenger is None or f.dest is None:
        return False
    if f.origin_is_landing_rights:
        return False
    cards = world.airport_cards
    origin = world.airports[cards[f.origin].airport]
    dest = world.airports[cards[f.dest].airport]
    plane = world.planes[f.plane]
    passenger = world.passengers[f.passenger]
    if plane.stars < passenger.stars or dest.stars < passenger.stars:
        return False
    if dest.continent != passenger.continent or origin.id == dest.id:
        return False
    if plane.electric:
        return True
    return f.truck is not None and world.fuel_trucks[f.truck].capacity >= world.fuel[origin.continent][dest.continent]


def flight_problems(world: World, f: FlightSpec) -> list[Problem]:
    """Every problem of one flight: missing cards, then each rule 1-6 it breaks.

    Rules are checked as far as the cards placed allow, so a flight being built shows its
    problems as it grows. For rule 4 the fuel is from the starting airport's continent to the
    destination airport's (to the passenger's continent while there is no destination).
    Raises ValueError for an id that is no card.
    """
    _check_ids(world, f)
    out: list[Problem] = []
    for card, code, text in (
        (f.origin, "missing-origin", "No starting airport yet."),
        (f.plane, "missing-plane", "No plane yet."),
        (f.passenger, "missing-passenger", "No passenger yet."),
        (f.dest, "missing-destination", "No destination airport yet."),
    ):
        if card is None:
            out.append(Problem(None, code, text))
    origin = world.airport_of_card(f.origin) if f.origin is not None else None
    dest = world.airport_of_card(f.dest) if f.dest is not None else None
    plane = world.planes[f.plane] if f.plane is not None else None
    passenger = world.passengers[f.passenger] if f.passenger is not None else None
    names = world.continents

    wanted = passenger.stars if passenger is not None else 0
    if plane is not None and plane.stars < wanted:
        text = f"A {wanted}-star passenger needs a plane of {wanted} stars or more; this plane has {plane.stars}."
        out.append(Problem(1, "plane-stars", text))
    if dest is not None and dest.stars < wanted:
        where = _place(dest.city, f.dest_is_landing_rights)
        text = f"A {wanted}-star passenger needs a destination of {wanted} stars or more; {where} has {dest.stars}."
        out.append(Problem(2, "destination-stars", text))
    if dest is not None and passenger is not None and dest.continent != passenger.continent:
        going, lies = names[passenger.continent].name, names[dest.continent].name
        out.append(Problem(3, "wrong-continent", f"The passenger is going to {going}, but {dest.city} is in {lies}."))
    if plane is not None and not plane.electric:
        target = dest.continent if dest is not None else passenger.continent if passenger is not None else None
        needed = world.fuel[origin.continent][target] if origin is not None and target is not None else None
        if f.truck is None:
            need = f"; this flight needs {needed} fuel" if needed is not None else ""
            out.append(Problem(4, "no-fuel-truck", f"No fuel truck sits on the plane{need}."))
        elif needed is not None and world.fuel_trucks[f.truck].capacity < needed:
            to = dest.city if dest is not None else names[target].name
            holds = world.fuel_trucks[f.truck].capacity
            text = f"{origin.city} to {to} needs {needed} fuel; the fuel truck holds {holds}."
            out.append(Problem(4, "not-enough-fuel", text))
    if origin is not None and f.origin_is_landing_rights:
        text = f"The flight takes off from Landing Rights in {origin.city}; only an Airport card can start a flight."
        out.append(Problem(5, "starts-on-landing-rights", text))
    if origin is not None and dest is not None and origin.id == dest.id:
        out.append(Problem(6, "same-city", f"The flight starts and ends in {origin.city}."))
    return out


def chain_problems(world: World, chain: Sequence[FlightSpec]) -> list[Problem]:
    """Every problem of a chain: each flight's (with its index), broken links and cards used
    twice. A chain may end on Landing Rights but never start on them (rule 5)."""
    out: list[Problem] = []
    _chain(world, chain, None, out)
    _reuse(world, [chain], out)
    return out


def round_problems(world: World, chains: Sequence[Sequence[FlightSpec]]) -> list[Problem]:
    """Every problem of all the chains flown in one round (each problem names its chain);
    besides each chain's own problems, a card may serve in only one flight per round."""
    out: list[Problem] = []
    for i, chain in enumerate(chains):
        _chain(world, chain, i, out)
    _reuse(world, chains, out, chain_index=True)
    return out


def link_problems(world: World, chains: Sequence[Sequence[FlightSpec]]) -> list[Problem]:
    """The problems of a round's chains that no single flight has: broken links and cards used
    twice (what makes an arrangement impossible, not merely a flight invalid). Raises
    ValueError for an id that is no card."""
    out: list[Problem] = []
    for c, chain in enumerate(chains):
        for i, f in enumerate(chain):
            _check_ids(world, f)
            if i and not _linked(chain[i - 1], f):
                out.append(Problem(None, "broken-link", f"Flight {i + 1} does not start on the card where flight {i} lands.", c, i))
    _reuse(world, chains, out, chain_index=True)
    return out


def _chain(world: World, chain: Sequence[FlightSpec], index: int | None, out: list[Problem]) -> None:
    for i, f in enumerate(chain):
        for p in flight_problems(world, f):
            out.append(msgspec.structs.replace(p, chain=index, flight=i))
        if i and not _linked(chain[i - 1], f):
            out.append(
                Problem(
                    None, "broken-link", f"Flight {i + 1} does not start on the card where flight {i} lands.", index, i
                )
            )


def _linked(before: FlightSpec, after: FlightSpec) -> bool:
    """Whether ``after`` starts on the very card (same side up) where ``before`` lands."""
    return (
        before.dest is not None
        and before.dest == after.origin
        and before.dest_is_landing_rights == after.origin_is_landing_rights
    )


_AIRPORT, _PLANE, _PASSENGER, _TRUCK = range(4)
"""Kinds of card, for telling a card used twice."""


def _reuse(world: World, chains: Sequence[Sequence[FlightSpec]], out: list[Problem], chain_index: bool = False) -> None:
    """A problem for each later use of a card already used in another flight (a linking
    airport card counts once: it is the same card in both flights)."""
    seen: set[tuple[int, int]] = set()
    for c, chain in enumerate(chains):
        for i, f in enumerate(chain):
            uses = [(_PLANE, f.plane), (_PASSENGER, f.passenger), (_TRUCK, f.truck), (_AIRPORT, f.dest)]
            if not (i and _linked(chain[i - 1], f)):
                uses.insert(0, (_AIRPORT, f.origin))
            for kind, card in uses:
                if card is None:
                    continue
                if (kind, card) in seen:
                    out.append(
                        Problem(
                            None,
                            "card-reused",
                            f"This {_describe(world, kind, card)} already serves in another flight this round.",
                            c if chain_index else None,
                            i,
                        )
                    )
                seen.add((kind, card))


def _describe(world: World, kind: int, card: int) -> str:
    if kind == _AIRPORT:
        return f"{world.airport_of_card(card).city} airport card"
    if kind == _PLANE:
        plane = world.planes[card]
        return f"{plane.stars}-star {'electric ' if plane.electric else ''}plane"
    if kind == _PASSENGER:
        passenger = world.passengers[card]
        return f"{passenger.stars}-star passenger card to {world.continents[passenger.continent].name}"
    return f"{world.fuel_trucks[card].capacity}-fuel truck"


def _place(city: str, landing_rights: bool) -> str:
    return f"Landing Rights in {city}" if landing_rights else city


def _check_ids(world: World, f: FlightSpec) -> None:
    for card, pool, what in (
        (f.origin, world.airport_cards, "airport card"),
        (f.dest, world.airport_cards, "airport card"),
        (f.plane, world.planes, "plane card"),
        (f.passenger, world.passengers, "passenger card"),
        (f.truck, world.fuel_trucks, "fuel truck"),
    ):
        if card is not None and not 0 <= card < len(pool):
            raise ValueError(f"there is no {what} {card}")


# ---------------------------------------------------------------- rule failures in a few words

SHORT_WORDS: dict[str, str] = {
    "plane-stars": "the plane has too few stars",
    "destination-stars": "the airport has too few stars",
    "wrong-continent": "the passenger wants another continent",
    "no-fuel-truck": "no fuel truck on the plane",
    "not-enough-fuel": "the fuel truck holds too little",
    "starts-on-landing-rights": "a flight cannot start on Landing Rights",
    "same-city": "it starts and ends in one city",
    "broken-link": "it does not start where the last flight lands",
    "card-reused": "that card already flies this round",
}
"""Each problem code in a few words, for a row with little room (``Problem.text`` says it in full)."""


def reason_words(problem: Problem) -> str:
    """A problem in a few words with the rule it breaks, as Flight's cards say it:
    "the fuel truck holds too little (rule 4)". Both modes' screens say rule failures with it."""
    words = SHORT_WORDS.get(problem.code, problem.text.rstrip("."))
    return f"{words} (rule {problem.rule})" if problem.rule is not None else words
