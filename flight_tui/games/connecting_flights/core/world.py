"""The world of Connecting Flights: continents, airports, cards and tokens (from ``data/world.toml``).

The counts are the rule text's; the airports, star ratings, prices and the Departure Airports
and Passenger Demand cards are our own design (see docs/connecting-flights-world.md).

Every thing has a small int id equal to its index in its tuple on :class:`World`, stable for a
given data file: continents 0-5 in grid order (NA, EU, AS, SA, AF, OC), airports 0-27,
airport cards 0-34 (one card serves as the Airport or, turned over, as its Landing Rights),
planes 0-28 (the 26 conventional Plane cards, then the 3 Electric Planes), passengers 0-32,
fuel trucks 0-34, departure cards 0-11, demand cards 0-13.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Literal

import msgspec

NO_ONE = "-"
"""A position on a Passenger Demand card where no passenger appears."""


class WorldDataError(ValueError):
    """The world data file is malformed or breaks a constraint of the design."""


class Continent(msgspec.Struct, frozen=True):
    """One of the six continents: its place on the grid and its meeple colour (plus a letter,
    so colour is never the only cue)."""

    id: int
    code: str
    name: str
    row: int
    col: int
    colour: str
    letter: str


class Airport(msgspec.Struct, frozen=True):
    """An airport on the map; ``price`` buys its Airport card, ``landing_rights_price`` rents it
    as Landing Rights for a round."""

    id: int
    code: str
    city: str
    continent: int
    stars: int
    price: int
    landing_rights_price: int


class AirportCard(msgspec.Struct, frozen=True):
    """An Airport/Landing Rights card; 3-star airports have two (``copy`` 1 and 2)."""

    id: int
    airport: int
    copy: int


class PlaneCard(msgspec.Struct, frozen=True):
    """A Plane card (carries up to ``stars`` meeples); electric planes need no fuel truck."""

    id: int
    stars: int
    price: int
    electric: bool


class PassengerCard(msgspec.Struct, frozen=True):
    """A Passenger card: the flight must land in ``continent`` at an airport of >= ``stars``."""

    id: int
    continent: int
    stars: int
    price: int


class FuelTruck(msgspec.Struct, frozen=True):
    """A Fuel Truck token of ``capacity`` drops of fuel."""

    id: int
    capacity: int


class DepartureCard(msgspec.Struct, frozen=True):
    """A Departure Airports card: five airports, one per position."""

    id: int
    airports: tuple[int, ...]


class DemandCard(msgspec.Struct, frozen=True):
    """A Passenger Demand card: per position, the continent the new passenger wants (or None)."""

    id: int
    level: Literal["low", "high"]
    wants: tuple[int | None, ...]


def fuel_needed(origin: Continent, dest: Continent) -> int:
    """The compass: 1 within a continent, 2 north-south, 3 east-west, 4 across.

    Columns wrap around over the Pacific, so any two columns of the three are neighbours:
    North America -> Asia is east-west (3), Oceania -> North America is across (4).
    """
    if origin.id == dest.id:
        return 1
    if origin.col == dest.col:
        return 2
    if origin.row == dest.row:
        return 3
    return 4


class World:
    """Everything the board and the decks hold, with look-ups by id and by code."""

    def __init__(
        self,
        continents: tuple[Continent, ...],
        airports: tuple[Airport, ...],
        airport_cards: tuple[AirportCard, ...],
        planes: tuple[PlaneCard, ...],
        passengers: tuple[PassengerCard, ...],
        fuel_trucks: tuple[FuelTruck, ...],
        departure_cards: tuple[DepartureCard, ...],
        demand_cards: tuple[DemandCard, ...],
        meeples_per_continent: int,
    ) -> None:
        self.continents = continents
        self.airports = airports
        self.airport_cards = airport_cards
        self.planes = planes
        self.passengers = passengers
        self.fuel_trucks = fuel_trucks
        self.departure_cards = departure_cards
        self.demand_cards = demand_cards
        self.meeples_per_continent = meeples_per_continent
        self.total_meeples = meeples_per_continent * len(continents)
        self.fuel: tuple[tuple[int, ...], ...] = tuple(tuple(fuel_needed(a, b) for b in continents) for a in continents)
        """``fuel[origin continent][destination continent]``: the compass as a table."""
        self._continent_by_code = {c.code: c for c in continents}
        self._airport_by_code = {a.code: a for a in airports}
        self._airports_in = tuple(tuple(a for a in airports if a.continent == c.id) for c in continents)
        self._cards_of = tuple(tuple(k.id for k in airport_cards if k.airport == a.id) for a in airports)
        self.conventional_planes = tuple(p.id for p in planes if not p.electric)
        self.electric_planes = tuple(p.id for p in planes if p.electric)
        self.low_demand_cards = tuple(d.id for d in demand_cards if d.level == "low")
        self.high_demand_cards = tuple(d.id for d in demand_cards if d.level == "high")

    def continent(self, code: str) -> Continent:
        """The continent with this code ("NA", "EU", "AS", "SA", "AF", "OC"); KeyError if none."""
        return self._continent_by_code[code]

    def airport(self, code: str) -> Airport:
        """The airport with this code (e.g. "NYC"); KeyError if none."""
        return self._airport_by_code[code]

    def airports_in(self, continent: int) -> tuple[Airport, ...]:
        """The airports of a continent, in data order."""
        return self._airports_in[continent]

    def cards_of(self, airport: int) -> tuple[int, ...]:
        """The ids of an airport's Airport/Landing Rights cards (two for a 3-star airport)."""
        return self._cards_of[airport]

    def airport_of_card(self, card: int) -> Airport:
        """The airport an Airport/Landing Rights card stands for."""
        return self.airports[self.airport_cards[card].airport]

    def placements(self, departure: int, demand: int) -> tuple[tuple[int, int], ...]:
        """``(airport, wanted continent)`` for each passenger a Departure/Demand pair places."""
        airports = self.departure_cards[departure].airports
        wants = self.demand_cards[demand].wants
        return tuple((a, w) for a, w in zip(airports, wants, strict=True) if w is not None)


class _Continent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: str
    name: str
    row: int
    col: int
    colour: str
    letter: str


class _AirportPrice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    stars: int
    price: int
    landing_rights: int


class _Airport(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    code: str
    city: str
    continent: str
    stars: int


class _PlaneKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    stars: int
    count: int
    price: int


class _PassengerPrices(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    by_stars: tuple[int, int, int]


class _Passengers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    continent: str
    counts: tuple[int, int, int]


class _TruckKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    capacity: int
    count: int


class _Departure(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    airports: list[str]


class _Demand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    level: Literal["low", "high"]
    wants: list[str]


class _Meeples(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    per_continent: int


class _WorldFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    meeples: _Meeples
    continents: list[_Continent]
    airport_prices: list[_AirportPrice]
    airports: list[_Airport]
    planes: list[_PlaneKind]
    electric_planes: list[_PlaneKind]
    passenger_prices: _PassengerPrices
    passengers: list[_Passengers]
    fuel_trucks: list[_TruckKind]
    departure_cards: list[_Departure]
    demand_cards: list[_Demand]


def parse_world(data: bytes, source: str = "world.toml") -> World:
    """A world from TOML bytes in the format of ``data/world.toml``.

    Raises :class:`WorldDataError` naming ``source`` and what is wrong, for a malformed file
    and for data that breaks the design's constraints.
    """
    try:
        raw = msgspec.toml.decode(data, type=_WorldFile)
    except (msgspec.DecodeError, msgspec.ValidationError) as err:
        raise WorldDataError(f"{source}: {err}") from None
    try:
        return _build(raw)
    except WorldDataError as err:
        raise WorldDataError(f"{source}: {err}") from None


def _build(raw: _WorldFile) -> World:
    continents = tuple(
        Continent(i, c.code, c.name, c.row, c.col, c.colour, c.letter) for i, c in enumerate(raw.continents)
    )
    _unique("continent code", [c.code for c in continents])
    _unique("continent letter", [c.letter for c in continents])
    _unique("continent colour", [c.colour for c in continents])
    _unique("grid square", [f"row {c.row}, col {c.col}" for c in continents])
    continent_id = {c.code: c.id for c in continents}

    def continent_of(code: str, where: str) -> int:
        if code not in continent_id:
            raise WorldDataError(f"{where}: unknown continent {code!r}")
        return continent_id[code]

    prices = {p.stars: p for p in raw.airport_prices}
    airports = []
    for i, a in enumerate(raw.airports):
        if a.stars not in prices:
            raise WorldDataError(f"airport {a.code}: no airport price for {a.stars} stars")
        price = prices[a.stars]
        airports.append(
            Airport(
                i,
                a.code,
                a.city,
                continent_of(a.continent, f"airport {a.code}"),
                a.stars,
                price.price,
                price.landing_rights,
            )
        )
    _unique("airport code", [a.code for a in airports])
    airport_id = {a.code: a.id for a in airports}

    airport_cards = []
    for a in airports:
        for copy in range(1, 3 if a.stars == 3 else 2):
            airport_cards.append(AirportCard(len(airport_cards), a.id, copy))

    planes = []
    for kinds, electric in ((raw.planes, False), (raw.electric_planes, True)):
        for kind in kinds:
            _check_stars(kind.stars, "plane")
            first = len(planes)
            planes.extend(PlaneCard(first + n, kind.stars, kind.price, electric) for n in range(kind.count))

    passengers = []
    for group in raw.passengers:
        continent = continent_of(group.continent, "passengers")
        for stars, count in enumerate(group.counts, start=1):
            price = raw.passenger_prices.by_stars[stars - 1]
            first = len(passengers)
            passengers.extend(PassengerCard(first + n, continent, stars, price) for n in range(count))

    trucks = []
    for kind in raw.fuel_trucks:
        if not 1 <= kind.capacity <= 4:
            raise WorldDataError(f"fuel truck capacity {kind.capacity} is not 1-4")
        first = len(trucks)
        trucks.extend(FuelTruck(first + n, kind.capacity) for n in range(kind.count))

    departures = []
    for i, card in enumerate(raw.departure_cards, start=1):
        unknown = [code for code in card.airports if code not in airport_id]
        if unknown:
            raise WorldDataError(f"departure card {i}: unknown airport {unknown[0]!r}")
        _unique(f"airport on departure card {i}", card.airports)
        departures.append(DepartureCard(i - 1, tuple(airport_id[code] for code in card.airports)))

    demands = []
    for i, card in enumerate(raw.demand_cards, start=1):
        wants = tuple(None if code == NO_ONE else continent_of(code, f"demand card {i}") for code in card.wants)
        demands.append(DemandCard(i - 1, card.level, wants))

    world = World(
        continents,
        tuple(airports),
        tuple(airport_cards),
        tuple(planes),
        tuple(passengers),
        tuple(trucks),
        tuple(departures),
        tuple(demands),
        raw.meeples.per_continent,
    )
    _check_passengers_can_land(world)
    _check_demand(world)
    return world


def _unique(what: str, values: list[str]) -> None:
    repeated = [v for v, n in Counter(values).items() if n > 1]
    if repeated:
        raise WorldDataError(f"{what} {repeated[0]!r} appears more than once")


def _check_stars(stars: int, what: str) -> None:
    if not 1 <= stars <= 3:
        raise WorldDataError(f"a {what} has {stars} stars (1-3 allowed)")


def _check_passengers_can_land(world: World) -> None:
    """Every Passenger card has an airport in its continent with enough stars to land at."""
    for p in world.passengers:
        _check_stars(p.stars, "passenger")
        if not any(a.stars >= p.stars for a in world.airports_in(p.continent)):
            name = world.continents[p.continent].name
            raise WorldDataError(f"no airport in {name} can take a {p.stars}-star passenger")


def _check_demand(world: World) -> None:
    """Departure/Demand pairs fit, never place a passenger on its own continent, and over all
    Departure cards a 2-star airport appears at most twice and a 1-star airport at most once."""
    sizes = {len(c.airports) for c in world.departure_cards} | {len(d.wants) for d in world.demand_cards}
    if len(sizes) > 1:
        raise WorldDataError(
            f"departure and demand cards must all have the same number of positions, found {sorted(sizes)}"
        )
    for dep in world.departure_cards:
        for dem in world.demand_cards:
            for position, (airport, wants) in enumerate(zip(dep.airports, dem.wants, strict=True), start=1):
                if wants is not None and world.airports[airport].continent == wants:
                    raise WorldDataError(
                        f"departure card {dep.id + 1} with demand card {dem.id + 1} places a passenger "
                        f"wanting {world.continents[wants].name} at {world.airports[airport].city} "
                        f"(position {position}), already in that continent"
                    )
    appearances = Counter(a for card in world.departure_cards for a in card.airports)
    limit = {1: 1, 2: 2}
    for airport, times in appearances.items():
        a = world.airports[airport]
        if a.stars in limit and times > limit[a.stars]:
            raise WorldDataError(
                f"{a.city} ({a.stars}-star) appears on {times} departure cards; at most {limit[a.stars]} allowed"
            )


@lru_cache(maxsize=1)
def default_world() -> World:
    """The world the game is played in (loaded once)."""
    data = resources.files(__package__).joinpath("data", "world.toml").read_bytes()
    return parse_world(data)


def continent_names() -> dict[str, str]:
    """The continents of the default world: code (``EU``) to name (``Europe``)."""
    return {continent.code: continent.name for continent in default_world().continents}
