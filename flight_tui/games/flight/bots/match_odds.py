"""A heads-up match's odds: the chance to win a match to its target from the two totals.

Hand by hand the totals move by the points each player scores (rule 11). The hands two Normal
bots play against each other end with the points kept in ``hand_results.toml`` (each hand once,
the larger score first, with how often it came). Taking every hand to end as one of those,
either way round with even chances, the chance to win from totals ``(mine, other)`` follows
(H14: the match ends after the hand in which someone reaches the target; the higher total wins
it, equal totals share it).

The Hard bot judges a heads-up hand that does not end the match by this chance of the totals
the hand leaves, not by who won the hand: early in a match a hand won 25 to 20 is worth little
more than one lost 20 to 25, and a hand lost 0 to 50 costs far more.

The next hand is played out exactly, every recorded end of it in turn; what follows it is read
from a table worked out by value iteration on a grid of :data:`STEP` points below the target
(the hands' points rounded to it; totals more than :data:`DEPTH` steps below count as the
lowest), between its points by bilinear interpolation. Over totals from -40 to 99 this differs
from the exact chance by 0.003 on average and 0.03 at most. ``python
benchmarks/flight_hand_results.py --write`` plays the hands again and rewrites the file.
"""

from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources

import msgspec

STEP = 5
"""Points between two totals of the grid."""
DEPTH = 40
"""Totals on the grid, from ``STEP`` to ``DEPTH * STEP`` points below the target."""
TOLERANCE = 1e-6
"""The value iteration stops once no chance moves by more than this in a sweep."""
KNOWN_MOST = 100_000
"""Chances kept once worked out, at most (then they are forgotten and worked out again)."""


class HandResults(msgspec.Struct, forbid_unknown_fields=True):
    """How heads-up hands between two Normal bots ended: ``[larger score, smaller, hands]``."""

    seed: int
    hands: int
    results: list[tuple[int, int, int]]


@lru_cache(maxsize=None)
def hand_results() -> HandResults:
    """``hand_results.toml``, read once."""
    data = resources.files(__package__).joinpath("hand_results.toml").read_bytes()
    return msgspec.toml.decode(data, type=HandResults)


@lru_cache(maxsize=None)
def recorded_odds() -> MatchOdds:
    """The odds of the hands in ``hand_results.toml``."""
    return MatchOdds(hand_results().results)


def win_share(mine: int, other: int) -> float:
    """What a total earns against another at the end (H14): a win, half of one when equal."""
    return 1.0 if mine > other else 0.5 if mine == other else 0.0


def match_chance(mine: int, other: int, target: int) -> float:
    """The chance that the player with total ``mine`` wins a heads-up match to ``target``
    against one with ``other``, neither having reached it (by the recorded hands)."""
    return recorded_odds().chance(mine, other, target)


class MatchOdds:
    """The chances of heads-up matches whose hands end as ``results`` do."""

    def __init__(self, results: list[tuple[int, int, int]]) -> None:
        count = sum(n for _, _, n in results)
        ends: dict[tuple[int, int], float] = {}
        for high, low, n in results:
            for a, b in ((high, low), (low, high)):
                ends[(a, b)] = ends.get((a, b), 0.0) + n / (2 * count)
        self.ends = tuple((a, b, p) for (a, b), p in sorted(ends.items()))
        """Each way a hand may end (the first player's points, the other's), with its chance:
        every recorded hand both ways round."""
        steps: dict[tuple[int, int], float] = {}
        for a, b, p in self.ends:
            steps[(_steps(a), _steps(b))] = steps.get((_steps(a), _steps(b)), 0.0) + p
        self.moves = tuple((a, b, p) for (a, b), p in sorted(steps.items()))
        """The same in grid steps."""
        self._grid: list[list[float]] | None = None
        self._known: dict[tuple[int, int, int], float] = {}
        """Chances worked out, by (mine, other, target)."""

    def chance(self, mine: int, other: int, target: int) -> float:
        """The chance that ``mine`` wins against ``other`` in a match to ``target``."""
        key = (mine, other, target)
        found = self._known.get(key)
        if found is None:
            found = 0.0
            for a, b, p in self.ends:
                after, rival = mine + a, other + b
                if after >= target or rival >= target:
                    found += p * win_share(after, rival)
                else:
                    found += p * self._on_grid(after, rival, target)
            self._remember(key, found)
        return found

    def _remember(self, key: tuple[int, int, int], chance: float) -> None:
        if len(self._known) >= KNOWN_MOST:
            self._known.clear()
        self._known[key] = chance

    def _on_grid(self, mine: int, other: int, target: int) -> float:
        """:meth:`chance` read from the grid's table."""
        if self._grid is None:
            self._grid = self._solve()
        table = self._grid
        u, v = _position(mine, target), _position(other, target)
        i, j = int(u), int(v)
        fu, fv = u - i, v - j
        i2, j2 = min(i + 1, DEPTH - 1), min(j + 1, DEPTH - 1)
        top = table[i][j] * (1 - fv) + table[i][j2] * fv
        bottom = table[i2][j] * (1 - fv) + table[i2][j2] * fv
        return top * (1 - fu) + bottom * fu

    def _solve(self) -> list[list[float]]:
        """The first player's chance to win at every pair of grid totals (row: its total,
        column: the other's; index ``k`` is ``(k + 1) * STEP`` below the target), by
        Gauss-Seidel sweeps. The grid is the same below any target."""
        table = [[0.5] * DEPTH for _ in range(DEPTH)]
        last = DEPTH - 1
        for _ in range(500):
            change = 0.0
            for i in range(DEPTH):
                row = table[i]
                for j in range(DEPTH):
                    chance = 0.0
                    for a, b, p in self.moves:
                        i2, j2 = i - a, j - b
                        if i2 < 0 or j2 < 0:  # someone reached the target (a lower index is a higher total)
                            chance += p * win_share(j2, i2)
                        else:
                            chance += p * table[min(i2, last)][min(j2, last)]
                    change = max(change, abs(chance - row[j]))
                    row[j] = chance
            if change < TOLERANCE:
                break
        return table


def _position(total: int, target: int) -> float:
    """Where ``total`` lies on the grid: 0 at ``target - STEP``, one more per step below."""
    return min(max((target - total) / STEP - 1, 0.0), DEPTH - 1.0)


def _steps(points: int) -> int:
    return math.floor(points / STEP + 0.5)
