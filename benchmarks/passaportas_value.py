"""Passaportas: fit the Hard bot's learned value (``flight_tui/games/passaportas/bots/value.py``).

For each table size it plays ``--games`` deals with the Normal bot in every seat (each deal a
new game; deal ``i`` of seed ``--seed`` as ``flight-tui simulate`` deals it), records the
features of every turn's start (:func:`~flight_tui.games.passaportas.bots.value.features`) and
who won the game (games that end shared are left out), and fits a conditional logit model: the
winner's chance is their share of ``exp(weights · features)``. The fit is by Newton's method on
the log-likelihood with a small L2 penalty (numpy, from the ``bench`` extra), on four deals in
five; the fifth is held out and its log loss printed beside a uniform guess's.

Usage (about 12 minutes of CPU for 4 to 6 players):

    python benchmarks/passaportas_value.py                # fit and print, the file unchanged
    python benchmarks/passaportas_value.py --write        # fit and write value.toml
    python benchmarks/passaportas_value.py --players 5 --games 300
"""

from __future__ import annotations

import argparse
from importlib import resources
from multiprocessing import Pool

import numpy as np
import tomlkit

from flight_tui.games.passaportas.bots.normal import NormalBot
from flight_tui.games.passaportas.bots.value import FEATURES, features
from flight_tui.games.passaportas.rules import PASSAPORTAS
from flight_tui.games.passaportas.rules.state import FUEL
from flight_tui.simulate import _deal_seed

L2 = 1e-3
HELD_OUT = 5
"""Every fifth deal is held out of the fit."""


def play(job: tuple[int, int, int]) -> tuple[int, list[list[list[float]]], list[int]]:
    """Deal ``index``: the features at every turn's start and the winner's seats after the mover."""
    players, seed, index = job
    bot = NormalBot()
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(players, {}), _deal_seed(seed, index, 1))
    rows, movers = [], []
    turn = None
    while not PASSAPORTAS.is_over(state):
        if state.phase == FUEL and (state.current, state.turn_no) != turn:
            turn = (state.current, state.turn_no)
            rows.append(features(state))
            movers.append(state.current)
        actor = PASSAPORTAS.to_act(state)[0]
        PASSAPORTAS.apply(state, actor, bot.choose(PASSAPORTAS.view(state, actor)))
    if len(state.winners) != 1:
        return index, [], []
    return index, rows, [(state.winners[0] - mover) % players for mover in movers]


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    scores = x @ w
    scores -= scores.max(1, keepdims=True)
    log_p = scores - np.log(np.exp(scores).sum(1, keepdims=True))
    return float(-log_p[np.arange(len(y)), y].mean())


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The conditional logit weights (Newton's method, L2 penalty :data:`L2` per turn)."""
    w = np.zeros(x.shape[2])
    rows = np.arange(len(y))
    for _ in range(50):
        scores = x @ w
        scores -= scores.max(1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(1, keepdims=True)
        mean = np.einsum("rn,rnf->rf", p, x)
        grad = (x[rows, y] - mean).sum(0) - L2 * len(y) * w
        hessian = np.einsum("rn,rnf,rng->fg", p, x, x) - mean.T @ mean + L2 * len(y) * np.eye(len(w))
        step = np.linalg.solve(hessian, grad)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, action="append", help="table sizes (default 4 to 6)")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the weights to value.toml")
    args = parser.parse_args()
    path = resources.files("flight_tui.games.passaportas.bots").joinpath("value.toml")
    document = tomlkit.parse(path.read_text())
    document["features"] = list(FEATURES)
    document["seed"] = args.seed
    with Pool(args.workers) as pool:
        for players in args.players or [4, 5, 6]:
            jobs = [(players, args.seed, i) for i in range(args.games)]
            x_fit, y_fit, x_out, y_out = [], [], [], []
            for index, rows, winners in pool.imap(play, jobs, chunksize=10):
                held = index % HELD_OUT == 0
                (x_out if held else x_fit).extend(rows)
                (y_out if held else y_fit).extend(winners)
            w = fit(np.array(x_fit), np.array(y_fit))
            held_out = log_loss(np.array(x_out), np.array(y_out), w)
            uniform = float(np.log(players))
            print(f"{players} players: {len(y_fit) + len(y_out)} turns, held-out log loss {held_out:.4f} (uniform {uniform:.4f})")
            print("  " + ", ".join(f"{name} {value:+.4f}" for name, value in zip([*FEATURES, *(f"seat +{k}" for k in range(1, players))], w)))
            document["players"][str(players)] = {
                "weights": [round(float(v), 4) for v in w],
                "games": args.games,
                "turns": len(y_fit) + len(y_out),
                "held_out_log_loss": round(held_out, 4),
                "uniform_log_loss": round(uniform, 4),
            }
    if args.write:
        path.write_text(tomlkit.dumps(document))
        print(f"written: {path}")


if __name__ == "__main__":
    main()
