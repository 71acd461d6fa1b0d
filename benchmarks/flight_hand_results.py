"""Flight: how heads-up hands end, for the Hard bot's odds of a match (``match_odds.py``).

Plays ``--hands`` single hands with the Normal bot in both seats (game ``i`` of seed ``--seed``
as ``flight-tui simulate`` plays it), counts the points each hand ended with (the larger score
first), and prints the chance to win a match to 100 from a few totals, worked out from those
hands. ``--write`` puts the counts in ``flight_tui/games/flight/bots/hand_results.toml``.

Usage (about a minute of CPU for 3,000 hands):

    python benchmarks/flight_hand_results.py               # play and print, the file unchanged
    python benchmarks/flight_hand_results.py --write       # play and write hand_results.toml
    python benchmarks/flight_hand_results.py --exact       # also: how far the odds are from exact

``--exact`` works the chances out on a grid of every point, totals from -100 to 99, by value
iteration with numpy (the ``bench`` extra), and prints how far ``MatchOdds.chance`` is from
them over totals from -40 to 99 (mean and largest difference).
"""

from __future__ import annotations

import argparse
from collections import Counter
from importlib import resources
from multiprocessing import Pool

import tomlkit

from flight_tui.games.flight.bots.match_odds import MatchOdds
from flight_tui.games.flight.rules import FLIGHT
from flight_tui.simulate import _play_game

TOTALS = ((0, 0), (25, 20), (50, 0), (0, 50), (50, -6), (75, 50), (90, 40), (40, 90), (95, 0))


def play(job: tuple[int, int]) -> tuple[int, int]:
    """Deal ``index`` of ``seed``, one hand: its two scores, the larger first."""
    seed, index = job
    scores = _play_game("flight", ("normal", "normal"), FLIGHT.make_config(2, {"hands": "1"}), seed, index, {}).scores
    return max(scores), min(scores)


def exact_chances(odds: MatchOdds, target: int = 100, lowest: int = -100):
    """The first player's chance at every pair of totals from ``lowest`` to ``target - 1``
    (numpy array, row: its total), by value iteration over the recorded ends of a hand."""
    import numpy as np

    n = target - lowest
    totals = np.arange(lowest, target)
    table = np.full((n, n), 0.5)
    while True:
        new = np.zeros_like(table)
        for a, b, p in odds.ends:
            mine = np.broadcast_to((totals + a)[:, None], (n, n))
            other = np.broadcast_to((totals + b)[None, :], (n, n))
            over = np.maximum(mine, other) >= target
            ended = np.where(mine > other, 1.0, np.where(mine == other, 0.5, 0.0))
            rows = np.clip(mine, lowest, target - 1) - lowest
            cols = np.clip(other, lowest, target - 1) - lowest
            new += p * np.where(over, ended, table[rows, cols])
        change = float(np.abs(new - table).max())
        table = new
        if change < 1e-7:
            return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the counts to hand_results.toml")
    parser.add_argument("--exact", action="store_true", help="compare the odds with an exact table (numpy)")
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        counts = Counter(pool.imap(play, [(args.seed, i) for i in range(args.hands)], chunksize=20))
    rows = sorted(([high, low, n] for (high, low), n in counts.items()), key=lambda r: (-r[2], -r[0], -r[1]))
    print(f"{args.hands} hands, {len(rows)} different ends; the commonest:")
    for high, low, n in rows[:8]:
        print(f"  {high:3d} to {low:3d}: {n}")
    path = resources.files("flight_tui.games.flight.bots").joinpath("hand_results.toml")
    document = tomlkit.parse(path.read_text())
    document["seed"] = args.seed
    document["hands"] = args.hands
    results = tomlkit.array()
    results.extend(rows)
    document["results"] = results.multiline(True)
    if args.write:
        path.write_text(tomlkit.dumps(document))
        print(f"written: {path}")
    odds = MatchOdds([(high, low, n) for high, low, n in rows])
    print("chance to win a match to 100 from the totals (mine, other):")
    for mine, other in TOTALS:
        print(f"  {mine:4d} {other:4d}: {odds.chance(mine, other, 100):.3f}")
    if args.exact:
        table = exact_chances(odds)
        gaps = [abs(odds.chance(a, b, 100) - table[a + 100, b + 100]) for a in range(-40, 100) for b in range(-40, 100)]
        print(f"from the exact chances, totals -40 to 99: {sum(gaps) / len(gaps):.4f} on average, {max(gaps):.4f} at most")


if __name__ == "__main__":
    main()
