"""Connecting Flights (competitive mode): random playouts per second, by player count.

Whole games in which every asked seat in turn picks a uniformly random legal action, for a
fixed time per player count, repeated; the median of the repeats is reported. ``--views``
plays from each seat's view (``legal_actions_from_view``, as bots do) instead of the state.

Usage:

    python benchmarks/connecting_flights_competitive.py [--seconds 3] [--repeats 3] [--seed 1] [--views]

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE, CompetitiveConfig


def random_playouts(players: int, seconds: float, seed: int, views: bool) -> tuple[int, int, float]:
    """Random games of ``players`` for about ``seconds``: (games, actions, elapsed)."""
    rng = Rng.from_seed(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = COMPETITIVE.new_game(CompetitiveConfig(players=players), rng.next64())
        while not COMPETITIVE.is_over(state):
            asked = COMPETITIVE.to_act(state)
            seat = asked[rng.below(len(asked))]
            if views:
                legal = COMPETITIVE.legal_actions_from_view(COMPETITIVE.view(state, seat))
            else:
                legal = COMPETITIVE.legal_actions(state, seat)
            COMPETITIVE.apply(state, seat, rng.choice(legal))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per player count and repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--views", action="store_true", help="legal actions from each seat's view")
    args = parser.parse_args(argv)
    source = "views" if args.views else "state"
    for players in range(2, 6):
        runs = [random_playouts(players, args.seconds, args.seed + r, args.views) for r in range(args.repeats)]
        games = statistics.median(g / e for g, _, e in runs)
        actions = statistics.median(a / e for _, a, e in runs)
        per_game = sum(a for _, a, _ in runs) / max(1, sum(g for g, _, _ in runs))
        print(
            f"figure: competitive random playouts, {players} players ({source}) = "
            f"{games:,.1f} games/s, {actions:,.0f} actions/s, {per_game:,.0f} actions a game"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
