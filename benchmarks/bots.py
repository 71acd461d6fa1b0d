"""Bot strength and speed for Flight: the targets of issue section 4.

Runs heads-up measurements with rotated seats (each deal played from both seats) and prints
win rates with 95% Wilson intervals and decision times:

* Normal against a uniformly random player, a game being a match to 100 points ("100 points
  made a good game", rule 11) and, for comparison, a single hand
  (target: Normal wins >= 90%, Normal p95 <= 100 ms);
* Hard against Normal, a game being a single hand (target: Hard wins >= 60%, Hard p95 <= 1 s);
* how single hands end (``--only endings``): for each line-up, the share of hands ended by a
  Safe Landing, grounded or at the turn cap, and the median hand length in turns
  (target: >= 97% Safe Landings in every line-up).

A tie counts as half a win. Usage (takes a while for Hard; run it in the background):

    python benchmarks/bots.py [--games 400] [--seed 1] [--workers 2] [--only normal|normal-hand|hard] [--json FILE]
    python benchmarks/bots.py --quick   # 40 games each: a smoke run, too few for the targets
    python benchmarks/bots.py --only endings --hands 200 [--lineup normal,normal ...] [--rule max_reforms=2 ...]

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context

import msgspec

from flight_tui.engine.protocol import Ending
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.simulate import format_report, simulate
from flight_tui.table import SeatSpec, Table, parse_seat
from flight_tui.table.driver import TurnDriver

MATCH = FlightConfig(players=2, target=100)
HAND = FlightConfig(players=2, hands=1)
MATCHUPS = {
    "normal": ("normal,random", "normal", 0.90, 0.100, MATCH, "match to 100"),
    "normal-hand": ("normal,random", "normal", 0.90, 0.100, HAND, "single hand"),
    "hard": ("hard,normal", "hard", 0.60, 1.0, HAND, "single hand"),
}


ENDING_LINEUPS = (
    "normal,normal",
    "normal,normal,normal",
    "normal,normal,normal,normal",
    "easy,normal",
    "hard,normal",
    "random,random",
    "random,normal",
)
ENDING_KEYS = ("safe-landing", "grounded", "turn-cap")
SAFE_LANDING_TARGET = 0.97


class EndingsReport(msgspec.Struct, frozen=True):
    """How the single hands of one line-up ended."""

    lineup: str
    hands: int
    seed: int
    rules: dict
    """The ``FlightConfig`` fields set for the measurement (besides players and hands)."""
    counts: dict[str, int]
    """Hands per ``Ending.how``."""
    median_turns: float
    longest: int
    seconds: float


def play_hand(kinds: tuple[str, ...], seed: int, rules: dict, index: int) -> Ending:
    """Play hand ``index`` of a line-up: every deal is played once from each rotation of the
    seats, or, when all seats are the same bot (a rotation would replay the same hand), once."""
    n = len(kinds)
    per_deal = n if len(set(kinds)) > 1 else 1
    deal = Rng.from_seed(seed * 1_000_003 + index // per_deal).next64()
    seats = [SeatSpec(kinds[(pos - index) % n], f"seat {pos}") for pos in range(n)]
    table = Table(FLIGHT, FlightConfig(players=n, hands=1, **rules), deal, seats, undo=False)
    TurnDriver(table).play_out()
    return table.result().endings[0]


def measure_endings(lineup: str, hands: int, seed: int, workers: int, rules: dict) -> EndingsReport:
    """Play ``hands`` single hands of ``lineup`` (bot levels, comma-separated), seats rotated.

    ``rules`` sets ``FlightConfig`` fields, e.g. ``{"max_reforms": 2}`` to measure an older house rule.
    """
    kinds = tuple(parse_seat(s, i).kind for i, s in enumerate(lineup.split(",")))
    started = time.perf_counter()
    one = partial(play_hand, kinds, seed, rules)
    if workers == 1:
        endings = [one(i) for i in range(hands)]
    else:
        with ProcessPoolExecutor(max_workers=workers or None, mp_context=get_context("fork")) as pool:
            endings = list(pool.map(one, range(hands), chunksize=4))
    counts = {key: sum(e.how == key for e in endings) for key in ENDING_KEYS}
    return EndingsReport(
        lineup=lineup,
        hands=hands,
        seed=seed,
        rules=rules,
        counts=counts,
        median_turns=statistics.median(e.length for e in endings),
        longest=max(e.length for e in endings),
        seconds=time.perf_counter() - started,
    )


def endings_figure(report: EndingsReport) -> str:
    """A ``figure:`` line for one line-up."""
    share = report.counts["safe-landing"] / report.hands
    rest = ", ".join(f"{key} {report.counts[key]}" for key in ENDING_KEYS[1:])
    verdict = "met" if share >= SAFE_LANDING_TARGET else "NOT met"
    rules = "".join(f" {key}={value}" for key, value in report.rules.items())
    return (
        f"figure: endings {report.lineup}{rules} = {share:.1%} Safe Landing ({rest}; {report.hands} hands, "
        f"median {report.median_turns:g} turns, longest {report.longest}; {report.seconds:.0f} s; "
        f"target >= {SAFE_LANDING_TARGET:.0%}: {verdict})"
    )


def parse_rule(text: str) -> tuple[str, int | bool]:
    """``max_reforms=2`` or ``discard_taken=true``: a ``FlightConfig`` field and its value."""
    key, _, value = text.partition("=")
    if key not in FlightConfig.__struct_fields__ or key in ("players", "hands", "target"):
        raise argparse.ArgumentTypeError(f"not a rule setting: {key!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    try:
        return key, int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{key} takes a whole number or true/false") from None



def play_matchup(game: str, seats_text: str, level: str, games: int, seed: int, workers: int, config,
                 win_target: float, p95_target: float, unit: str = "") -> tuple:
    """Play one line-up (``level`` against the other seat, seats rotated) with a progress line;
    print its report and return it with its figures: win rate and decision time against their
    targets (``unit`` names what a win counts, e.g. " (matches)")."""
    seats = [parse_seat(s, i) for i, s in enumerate(seats_text.split(","))]
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        elapsed = time.perf_counter() - started
        print(f"\r{seats_text}: {done}/{total} games, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)

    report = simulate(game, seats, games, seed, progress=progress, workers=workers, config=config)
    print(file=sys.stderr)
    print(format_report(report))
    print()
    seat = next(s for s in report.seats if s.level == level)
    rival = seats_text.split(",")[1]
    figures = [
        f"figure: {level} vs {rival} wins{unit} = {seat.win_rate:.1%} "
        f"(95% CI {seat.win_low:.1%}-{seat.win_high:.1%}, {report.games} games; target >= {win_target:.0%}: "
        f"{'met' if seat.win_rate >= win_target else 'NOT met'})",
        f"figure: {level} decision time{unit} = median {seat.decision_median_ms:.1f} ms, p95 {seat.decision_p95_ms:.1f} ms "
        f"(target p95 <= {p95_target * 1000:.0f} ms: {'met' if seat.decision_p95_ms <= p95_target * 1000 else 'NOT met'})",
    ]
    return report, figures

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--quick", action="store_true", help="40 games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    parser.add_argument("--only", choices=sorted(MATCHUPS) + ["endings"], action="append")
    parser.add_argument("--hands", type=int, default=200, help="single hands per line-up for the endings")
    parser.add_argument(
        "--lineup", action="append", help=f"line-up for the endings (default: all of {', '.join(ENDING_LINEUPS)})"
    )
    parser.add_argument(
        "--rule", type=parse_rule, action="append", default=[],
        help="a FlightConfig setting for the endings, e.g. max_reforms=2 discard_taken=true max_turns=200",
    )
    parser.add_argument("--json", help="also write the reports as JSON to this file")
    args = parser.parse_args(argv)
    games = 40 if args.quick else args.games
    reports: list = []
    verdicts = []
    if not args.only or "endings" in args.only:
        for lineup in args.lineup or ENDING_LINEUPS:
            report = measure_endings(lineup, 40 if args.quick else args.hands, args.seed, args.workers, dict(args.rule))
            reports.append(report)
            print(endings_figure(report).removeprefix("figure: "), flush=True)
            verdicts.append(endings_figure(report))
    for key, (seats_text, level, win_target, p95_target, config, unit) in MATCHUPS.items():
        if args.only and key not in args.only:
            continue
        report, figures = play_matchup("flight", seats_text, level, games, args.seed, args.workers, config,
                                       win_target, p95_target, f" ({unit})")
        reports.append(report)
        verdicts.extend(figures)
    print("\n".join(verdicts))
    if args.json:
        with open(args.json, "wb") as f:
            f.write(msgspec.json.encode(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
