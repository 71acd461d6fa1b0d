"""Bot strength and speed for Flight: the targets of issue section 4.

Runs heads-up measurements with rotated seats (each deal played from both seats) and prints
win rates with 95% Wilson intervals and decision times:

* Normal against a uniformly random player, a game being a match to 100 points ("100 points
  made a good game", rule 11) and, for comparison, a single hand
  (target: Normal wins >= 90%, Normal p95 <= 100 ms);
* Hard against Normal, a game being a single hand (target: Hard wins >= 60%, Hard p95 <= 1 s).

A tie counts as half a win. Usage (takes a while for Hard; run it in the background):

    python benchmarks/bots.py [--games 400] [--seed 1] [--workers 2] [--only normal|normal-hand|hard] [--json FILE]
    python benchmarks/bots.py --quick   # 40 games each: a smoke run, too few for the targets

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import sys
import time

import msgspec

from flight_tui.rules.flight import FlightConfig
from flight_tui.simulate import format_report, simulate
from flight_tui.table import parse_seat

MATCH = FlightConfig(players=2, target=100)
HAND = FlightConfig(players=2, hands=1)
MATCHUPS = {
    "normal": ("normal,random", "normal", 0.90, 0.100, MATCH, "match to 100"),
    "normal-hand": ("normal,random", "normal", 0.90, 0.100, HAND, "single hand"),
    "hard": ("hard,normal", "hard", 0.60, 1.0, HAND, "single hand"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--quick", action="store_true", help="40 games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    parser.add_argument("--only", choices=sorted(MATCHUPS), action="append")
    parser.add_argument("--json", help="also write the reports as JSON to this file")
    args = parser.parse_args(argv)
    games = 40 if args.quick else args.games
    reports = []
    verdicts = []
    for key, (seats_text, level, win_target, p95_target, config, unit) in MATCHUPS.items():
        if args.only and key not in args.only:
            continue
        seats = [parse_seat(s, i) for i, s in enumerate(seats_text.split(","))]
        started = time.perf_counter()

        def progress(done: int, total: int, label: str = seats_text, started: float = started) -> None:
            elapsed = time.perf_counter() - started
            print(f"\r{label}: {done}/{total} games, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)

        report = simulate(
            "flight", seats, games, args.seed, progress=progress, workers=args.workers, config=config
        )
        print(file=sys.stderr)
        print(format_report(report))
        print()
        reports.append(report)
        seat = next(s for s in report.seats if s.level == level)
        rival = seats_text.split(",")[1]
        verdicts.append(
            f"figure: {level} vs {rival} wins ({unit}) = {seat.win_rate:.1%} "
            f"(95% CI {seat.win_low:.1%}-{seat.win_high:.1%}, {games} games; target >= {win_target:.0%}: "
            f"{'met' if seat.win_rate >= win_target else 'NOT met'})"
        )
        verdicts.append(
            f"figure: {level} decision time ({unit}) = median {seat.decision_median_ms:.1f} ms, p95 {seat.decision_p95_ms:.1f} ms "
            f"(target p95 <= {p95_target * 1000:.0f} ms: {'met' if seat.decision_p95_ms <= p95_target * 1000 else 'NOT met'})"
        )
    print("\n".join(verdicts))
    if args.json:
        with open(args.json, "wb") as f:
            f.write(msgspec.json.encode(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
