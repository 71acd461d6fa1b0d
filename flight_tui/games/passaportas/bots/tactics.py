"""What the Passaportas bots share: map tables, landing forecasts and the worth of a landing.

Everything here reads the public part of a view: the plane, the cabin and every player's
groups (the card holders stand face up). A group's *stage* is 0 at home, 1 in the plane and 2
in the customs office or done; a player's progress is the sum over their groups, and a landing
is worth the stages it moves, plus :data:`WIN_BONUS` to the player it finishes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import mul

from flight_tui.games.passaportas.rules.map import MAX_FUEL, GameMap, board_map
from flight_tui.games.passaportas.rules.state import (
    DONE,
    EDITION,
    HOME,
    OFFICE,
    PLANE,
    SEATS,
    GroupRef,
    PassaportasView,
)

WIN_BONUS = 6.0
"""Extra worth of the landing that brings a player's last group to the customs office."""
STAGE = {HOME: 0, PLANE: 1, OFFICE: 2, DONE: 2}


class MapTables:
    """Look-ups over the board computed once: where a tank of fuel can take the plane."""

    def __init__(self, game_map: GameMap) -> None:
        n = game_map.size
        self.size = n
        self.amounts: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(game_map.destinations(start, MAX_FUEL).get(city, ()) for city in range(n)) for start in range(n)
        )
        """``amounts[start][city]``: the exact fuel amounts (ascending) of flights from start to city."""
        reach = []
        for start in range(n):
            masks = [0] * (MAX_FUEL + 1)
            for city, costs in enumerate(self.amounts[start]):
                for cost in costs:
                    masks[cost] |= 1 << city
            for fuel in range(1, MAX_FUEL + 1):
                masks[fuel] |= masks[fuel - 1]
            reach.append(tuple(masks))
        self.reach = tuple(reach)
        """``reach[start][fuel]``: bitmask of the cities a flight with at most ``fuel`` can end in."""
        self.distance = tuple(
            tuple(costs[0] if costs else (0 if city == start else 2 * MAX_FUEL) for city, costs in enumerate(row))
            for start, row in enumerate(self.amounts)
        )
        """``distance[a][b]``: the cheapest flight from a to b (0 from a city to itself)."""


@lru_cache(maxsize=None)
def tables(edition: int = EDITION) -> MapTables:
    """The tables of the board of this edition (built once each)."""
    return MapTables(board_map(edition))


def _roll_totals(depth: int = 3) -> dict[int, float]:
    """Fuel added by a player who rolls, and again after every double (up to ``depth`` throws)."""
    out: dict[int, float] = {}

    def walk(total: int, prob: float, left: int) -> None:
        for a in range(1, 7):
            for b in range(1, 7):
                p = prob / 36
                if a == b and left > 1:
                    walk(total + a + b, p, left - 1)
                else:
                    out[min(total + a + b, MAX_FUEL)] = out.get(min(total + a + b, MAX_FUEL), 0.0) + p

    walk(0, 1.0, depth)
    return out


ROLL_TOTALS = tuple(sorted(_roll_totals().items()))
"""``(fuel added, probability)`` when a player rolls until the dice show no double."""
LEAST_ROLL = ROLL_TOTALS[0][0]
ROLL_CHANCES = tuple(dict(ROLL_TOTALS).get(fuel, 0.0) for fuel in range(LEAST_ROLL, MAX_FUEL + 1))
"""The probability of adding each amount of fuel from :data:`LEAST_ROLL` up to a full tank."""


class Table:
    """The public part of a position, indexed by city, for forecasting landings.

    ``alight[c]`` lists the groups in the plane bound for city ``c``; ``board[c]`` the groups at
    home waiting to board in ``c`` as ``(player, size, destination)``; ``stages[p]`` and ``open_groups[p]`` give each player's
    progress and groups not yet in the office or done; ``home[p]`` the sizes of their groups
    at home.
    """

    __slots__ = ("_landings", "alight", "board", "free", "home", "n", "open_groups", "plane", "stages")

    def __init__(self, n: int, plane: int, free: int, alight, board, stages, open_groups, home) -> None:
        self.n = n
        self.plane = plane
        self.free = free
        self.alight: list[list[tuple[int, int]]] = alight
        self.board: list[list[tuple[int, int, int]]] = board
        self.stages: list[int] = stages
        self.open_groups: list[int] = open_groups
        self.home: list[tuple[int, ...]] = home
        """Per player, the sizes of the groups at home (waiting to board somewhere)."""
        self._landings: dict[tuple[int, int], tuple[list[tuple[int, int]], list[tuple[int, int, int]], int]] = {}

    @classmethod
    def from_view(cls, view: PassaportasView) -> Table:
        return cls.from_parts(view.num_seats, view.plane, view.reserved_seats, view.cabin, view.groups)

    @classmethod
    def from_parts(cls, n: int, plane: int, reserved: int, cabin: Sequence[GroupRef], groups) -> Table:
        size = tables().size  # the cities are the same in every edition
        alight: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        board: list[list[tuple[int, int, int]]] = [[] for _ in range(size)]
        stages = [0] * n
        open_groups = [0] * n
        for p, player_groups in enumerate(groups):
            for g in player_groups:
                stages[p] += STAGE[g.status]
                if g.status == HOME:
                    board[g.boarding].append((p, g.size, g.destination))
                    open_groups[p] += 1
                elif g.status == PLANE:
                    alight[g.destination].append((p, g.size))
                    open_groups[p] += 1
        free = SEATS - reserved - sum(ref.group for ref in cabin)
        home = [tuple(g.size for g in player_groups if g.status == HOME) for player_groups in groups]
        return cls(n, plane, free, alight, board, stages, open_groups, home)

    def landing(self, city: int, mover: int) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]], int]:
        """Who gets off and who boards when ``mover`` lands in ``city``, and the seats left free.

        Boarding follows the rules: the player in turn first, then clockwise, each player's
        groups largest first while the seats last. (Worked out once per city and mover.)
        """
        known = self._landings.get((city, mover))
        if known is not None:
            return known
        off = self.alight[city]
        free = self.free + sum(size for _, size in off)
        waiting = self.board[city]
        on: list[tuple[int, int, int]] = []
        if waiting:
            n = self.n
            for group in sorted(waiting, key=lambda w: ((w[0] - mover) % n, -w[1])):
                if group[1] <= free:
                    on.append(group)
                    free -= group[1]
        known = self._landings[(city, mover)] = (off, on, free)
        return known

    def gains(self, city: int, mover: int) -> tuple[list[float], list[float]]:
        """Stages each player gains when ``mover`` lands in ``city`` (customs aside); and, apart,
        :data:`WIN_BONUS` to a player whose last group gets off."""
        off, on, _ = self.landing(city, mover)
        gain = [0.0] * self.n
        wins = [0.0] * self.n
        if not off and not on:
            return gain, wins
        for p, _ in off:
            gain[p] += 1
        for p, _, _ in on:
            gain[p] += 1
        for p in {p for p, _ in off}:
            if self.open_groups[p] == sum(1 for q, _ in off if q == p):
                wins[p] = WIN_BONUS
        return gain, wins

    def goals(self, player: int) -> set[int]:
        """The cities where ``player`` has groups waiting to board or the plane has some to set down."""
        waiting = {c for c, groups in enumerate(self.board) if groups for w in groups if w[0] == player}
        return waiting.union(c for c, groups in enumerate(self.alight) if groups for w in groups if w[0] == player)

    def unblocked(self, city: int, mover: int) -> list[int]:
        """Per player, how many more of their groups at home fit in the free seats once ``mover``
        has landed in ``city`` than before (negative when boarders fill the seats up).

        Groups boarding at this landing are counted by :meth:`gains`, not here.
        """
        off, on, free = self.landing(city, mover)
        out = [0] * self.n
        if not off and not on:
            return out
        before = self.free
        boarded = {(p, size) for p, size, _ in on}
        for p, sizes in enumerate(self.home):
            for size in sizes:
                if (p, size) not in boarded:
                    out[p] += (size <= free) - (size <= before)
        return out

    def after(self, city: int, mover: int) -> Table:
        """The table once ``mover`` has landed in ``city`` and the office has emptied (no customs)."""
        off, on, free = self.landing(city, mover)
        alight = list(self.alight)
        board = list(self.board)
        stages = list(self.stages)
        open_groups = list(self.open_groups)
        home = self.home
        if off:
            alight[city] = []
            for p, _ in off:
                stages[p] += 1
                open_groups[p] -= 1
        if on:
            board[city] = [w for w in self.board[city] if w not in on]
            home = list(home)
            for p, size, destination in on:
                left = list(home[p])
                left.remove(size)
                home[p] = tuple(left)
                stages[p] += 1
                alight[destination] = alight[destination] + [(p, size)]
        return Table(self.n, city, free, alight, board, stages, open_groups, home)


def opponent_weights(stages: Sequence[int], seat: int, n: int, scale: float = 1.0) -> list[float]:
    """How much each player's gain counts against ``seat``: the leaders most (``seat`` itself: -1).

    ``scale`` (at most 1) shrinks every opponent's weight: below 1, progress is worth making
    even when it helps an opponent as much, so a bot does not stall the plane to deny them.
    """
    if n == 2:
        return [-1.0 if p == seat else scale for p in range(n)]
    best = max(stages[p] for p in range(n) if p != seat) or 1
    return [-1.0 if p == seat else scale * (0.35 + 0.65 * stages[p] / best) for p in range(n)]


def worth(gain: Sequence[float], weights: Sequence[float]) -> float:
    """A landing's worth to the player whose weight is -1: own gain less opponents' (weighted)."""
    return -sum(map(mul, gain, weights))


def first_in(order: Sequence[int], mask: int) -> int:
    """The first city of ``order`` whose bit is in ``mask``, or -1."""
    for city in order:
        if mask >> city & 1:
            return city
    return -1
