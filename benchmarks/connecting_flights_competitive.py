"""Connecting Flights (competitive mode): random playouts per second, by player count.

Whole games in which every asked seat in turn picks a uniformly random legal action, for a
fixed time per player count, repeated; the median of the repeats is reported. ``--views``
plays from each seat's view (``legal_actions_from_view``, as bots do) instead of the state.
``--compare CHECKOUT`` measures another checkout of flight-tui (the code before a change) in the
same run: each repeat runs both, one after the other in fresh processes, so both see the same
load; the figures are given side by side with their ratio.

Usage:

    python benchmarks/connecting_flights_competitive.py [--seconds 3] [--repeats 3] [--seed 1] [--views] [--compare CHECKOUT]

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PLAYERS = (2, 3, 4, 5)


def random_playouts(players: int, seconds: float, seed: int, views: bool) -> tuple[int, int, float]:
    """Random games of ``players`` for about ``seconds``: (games, actions, elapsed)."""
    from flight_tui.engine.rng import Rng
    from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE, CompetitiveConfig

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


def one_round(checkout: Path, seconds: float, seed: int, views: bool) -> dict[int, list[int | float]]:
    """One repeat in a fresh process with ``checkout``'s flight-tui: {players: [games, actions, elapsed]}."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    command = [sys.executable, __file__, "--round", "--seconds", str(seconds), "--seed", str(seed)]
    out = subprocess.run(command + (["--views"] if views else []), env=env, cwd=checkout, capture_output=True, text=True, check=True)
    return {int(k): v for k, v in json.loads(out.stdout).items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per player count and repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--views", action="store_true", help="legal actions from each seat's view")
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT", help="another checkout, measured in the same rounds")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.round:  # one repeat, for --compare: the figures as JSON
        print(json.dumps({p: random_playouts(p, args.seconds, args.seed, args.views) for p in PLAYERS}))
        return 0
    source = "views" if args.views else "state"
    here = Path(__file__).resolve().parents[1]
    checkouts = [here] + ([args.compare.resolve()] if args.compare else [])
    runs: dict[Path, list[dict]] = {c: [] for c in checkouts}
    for r in range(args.repeats):
        for checkout in checkouts:
            runs[checkout].append(one_round(checkout, args.seconds, args.seed + r, args.views))
    for players in PLAYERS:
        rates = {}
        for checkout in checkouts:
            per = [run[players] for run in runs[checkout]]
            rates[checkout] = (statistics.median(a / e for _, a, e in per), statistics.median(g / e for g, _, e in per))
            per_game = sum(a for _, a, _ in per) / max(1, sum(g for g, _, _ in per))
        actions, games = rates[here]
        line = f"figure: competitive random playouts, {players} players ({source}) = {games:,.1f} games/s, {actions:,.0f} actions/s, {per_game:,.0f} actions a game"
        if args.compare:
            before = rates[checkouts[1]][0]
            line += f"; {args.compare.name}: {before:,.0f} actions/s ({actions / before:.2f}×)"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
