"""The Passaportas map (our own design, from ``map.toml``) and its path finder.

Cities are numbered 0..18 in the order of the data file. The map has editions: each leg says
in which edition it was added, and a game is played on the edition its config names (games
begun before the second edition keep the first). A flight is a walk along legs whose
fuel adds up; walks may pass cities, take detours and go back and forth, so the question the
rules ask is: from this city, with this much fuel, which cities can be reached burning exactly
how much? :func:`reachable` answers it with a bitset dynamic programme over the fuel burned.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import msgspec

from flight_tui.games.passaportas.rules.state import EDITION

MAX_FUEL = 25
"""The tank holds 25,000 litres; fuel is counted in thousands of litres throughout."""


class City(msgspec.Struct, frozen=True):
    """A city on the board: a short code, its name and where it lies (for drawing the map)."""

    code: str
    name: str
    lat: float
    lon: float


class Leg(msgspec.Struct, frozen=True):
    """A connection between two cities (by code) and the fuel a flight along it burns."""

    between: tuple[str, str]
    fuel: int
    km: int = 0
    since: int = 1
    """The edition of the map that added this leg."""


class _MapFile(msgspec.Struct, frozen=True):
    cities: list[City]
    legs: list[Leg]


class GameMap:
    """Cities, legs, and fast look-ups of where the plane can fly."""

    def __init__(self, cities: list[City], legs: list[Leg]) -> None:
        self.cities = tuple(cities)
        self.index = {c.code: i for i, c in enumerate(self.cities)}
        if len(self.index) != len(self.cities):
            raise ValueError("two cities share a code")
        edges: list[tuple[int, int, int]] = []
        for leg in legs:
            if any(code not in self.index for code in leg.between):
                raise ValueError(f"leg {leg.between} names an unknown city")
            a, b = (self.index[code] for code in leg.between)
            if a == b or leg.fuel < 1:
                raise ValueError(f"bad leg {leg.between}")
            edges.append((a, b, leg.fuel))
        self.legs = tuple(edges)
        """``(city, city, fuel)`` for every leg, each once."""
        n = len(self.cities)
        by_weight: dict[int, list[int]] = {}
        for a, b, w in edges:
            masks = by_weight.setdefault(w, [0] * n)
            masks[a] |= 1 << b
            masks[b] |= 1 << a
        self._by_weight = tuple(sorted((w, tuple(m)) for w, m in by_weight.items()))
        """``(fuel, neighbours)``: for each distinct leg fuel, a bitmask of neighbours per city."""
        self._full = tuple(_layers(self, c, MAX_FUEL) for c in range(n))

    @property
    def size(self) -> int:
        return len(self.cities)

    def name(self, city: int) -> str:
        return self.cities[city].name

    def code(self, city: int) -> str:
        return self.cities[city].code

    def leg_fuel(self, a: int, b: int) -> int | None:
        """The fuel of the leg between two cities, or None if they are not connected."""
        for x, y, w in self.legs:
            if (x, y) in ((a, b), (b, a)):
                return w
        return None

    def neighbours(self, city: int) -> list[tuple[int, int]]:
        """``(city, fuel)`` for every leg from ``city``, sorted by city number."""
        out = [(b, w) for a, b, w in self.legs if a == city] + [(a, w) for a, b, w in self.legs if b == city]
        return sorted(out)

    def can_reach(self, start: int, end: int, fuel: int) -> bool:
        """Whether a walk from ``start`` to ``end`` burns exactly ``fuel`` (0 < fuel <= 25)."""
        return 0 < fuel <= MAX_FUEL and bool(self._full[start][fuel] >> end & 1)

    def destinations(self, start: int, fuel: int) -> dict[int, tuple[int, ...]]:
        """Like :func:`reachable` but from a table computed once (fuel 0 is left out)."""
        out: dict[int, list[int]] = {}
        layers = self._full[start]
        for cost in range(1, min(fuel, MAX_FUEL) + 1):
            mask = layers[cost]
            while mask:
                low = mask & -mask
                out.setdefault(low.bit_length() - 1, []).append(cost)
                mask ^= low
        return {city: tuple(costs) for city, costs in sorted(out.items())}

    def walk(self, start: int, end: int, fuel: int) -> tuple[int, ...]:
        """One walk (cities from ``start`` to ``end``) burning exactly ``fuel``.

        Prefers the walk with the fewest legs (then the lowest city numbers), so the same
        flight is always drawn the same way. Raises ValueError when there is none.
        """
        if not self.can_reach(start, end, fuel):
            raise ValueError("no such flight")
        return _walk(self, start, end, fuel)


def _layers(game_map: GameMap, start: int, fuel: int) -> tuple[int, ...]:
    """``layers[c]``: bitmask of the cities a walk from ``start`` burning exactly ``c`` ends in."""
    layers = [0] * (fuel + 1)
    layers[0] = 1 << start
    by_weight = game_map._by_weight
    for cost in range(1, fuel + 1):
        mask = 0
        for w, neighbours in by_weight:
            if w > cost:
                break
            src = layers[cost - w]
            while src:
                low = src & -src
                mask |= neighbours[low.bit_length() - 1]
                src ^= low
        layers[cost] = mask
    return tuple(layers)


def reachable(game_map: GameMap, city: int, fuel: int) -> dict[int, tuple[int, ...]]:
    """Every city a flight from ``city`` can end in with at most ``fuel`` burned, and the exact
    amounts (ascending, all > 0) that get it there. Computed afresh (the benchmarked path finder)."""
    fuel = min(fuel, MAX_FUEL)
    if fuel < 1:
        return {}
    layers = _layers(game_map, city, fuel)
    out: dict[int, list[int]] = {}
    for cost in range(1, fuel + 1):
        mask = layers[cost]
        while mask:
            low = mask & -mask
            out.setdefault(low.bit_length() - 1, []).append(cost)
            mask ^= low
    return {c: tuple(costs) for c, costs in sorted(out.items())}


def _walk(game_map: GameMap, start: int, end: int, fuel: int) -> tuple[int, ...]:
    """Breadth-first search backwards from ``(end, fuel)`` to ``(start, 0)``: fewest legs.

    A step back to neighbour ``b`` over a leg burning ``w`` is kept only when a walk from
    ``start`` burning exactly ``left - w`` ends in ``b``, so every kept step leads home.
    """
    layers = game_map._full[start]
    goal = (start, 0)
    towards_end: dict[tuple[int, int], tuple[int, int] | None] = {(end, fuel): None}
    frontier = [(end, fuel)]
    while goal not in towards_end:
        nxt: list[tuple[int, int]] = []
        for city, left in frontier:
            for b, w in game_map.neighbours(city):
                prev = (b, left - w)
                if w <= left and layers[left - w] >> b & 1 and prev not in towards_end:
                    towards_end[prev] = (city, left)
                    nxt.append(prev)
        frontier = sorted(nxt)
    route = []
    node: tuple[int, int] | None = goal
    while node is not None:
        route.append(node[0])
        node = towards_end[node]
    return tuple(route)


def load_map(data: bytes, edition: int = EDITION) -> GameMap:
    """A map from TOML bytes in the format of ``map.toml``, with the legs of ``edition`` and earlier."""
    parsed = msgspec.toml.decode(data, type=_MapFile)
    return GameMap(parsed.cities, [leg for leg in parsed.legs if leg.since <= edition])


def board_map(edition: int = EDITION) -> GameMap:
    """The board of this edition (each edition loaded once). ValueError for an unknown edition."""
    if not 1 <= edition <= EDITION:
        raise ValueError(f"There is no edition {edition} of the map (editions 1 to {EDITION}).")
    return _edition(edition)


@lru_cache(maxsize=None)
def _edition(edition: int) -> GameMap:
    return load_map(resources.files(__package__).joinpath("map.toml").read_bytes(), edition)
