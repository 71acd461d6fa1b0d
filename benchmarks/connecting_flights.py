"""Connecting Flights (cooperative mode): engine speed, flight validation speed, and the
cooperative planner's decision times and team win rates per difficulty.

* random playouts: whole games with a uniformly random legal action, for a fixed time;
* flight validation: ``flight_is_valid`` and ``flight_problems`` calls per second over a fixed
  mix of valid and invalid flights;
* planner: bots-only games, one seat (and optionally two), per difficulty: the team's win rate
  with a 95% Wilson interval, meeples left stranded, and decision time median / p95
  (target at Normal: p95 <= 2 s; target win rates: Easy >= 70%, Medium 35-60%, Hard 10-35%).

Usage:

    python benchmarks/connecting_flights.py [--games 200] [--seed 1] [--level normal] [--players 1]
    python benchmarks/connecting_flights.py --quick      # 20 games per difficulty
    python benchmarks/connecting_flights.py --only engine --only validation

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import time

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig
from flight_tui.games.connecting_flights.core.flights import FlightSpec, flight_is_valid, flight_problems
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.simulate import TimedBot, wilson_interval
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import TurnDriver, seat_bot

DIFFICULTIES = ("easy", "medium", "hard")
TARGETS = {"easy": (0.70, 1.0), "medium": (0.35, 0.60), "hard": (0.10, 0.35)}
PLAYOUT_SECONDS = 3.0
VALIDATION_FLIGHTS = 2000


def random_playouts(seconds: float, seed: int) -> tuple[int, int, float]:
    """Random games for about ``seconds``: (games, actions, elapsed)."""
    rng = Rng.from_seed(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = COOP.new_game(CoopConfig(players=1 + games % 3), rng.next64())
        while not COOP.is_over(state):
            seat = COOP.to_act(state)[0]
            COOP.apply(state, seat, rng.choice(COOP.legal_actions(state, seat)))
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def validation_speed(seed: int) -> tuple[float, float, float]:
    """Calls per second of ``flight_is_valid`` and ``flight_problems``, and the valid share."""
    w = default_world()
    rng = Rng.from_seed(seed)
    flights = [
        FlightSpec(
            rng.below(len(w.airport_cards)),
            rng.below(len(w.planes)),
            rng.below(len(w.fuel_trucks)),
            rng.below(len(w.passengers)),
            rng.below(len(w.airport_cards)),
        )
        for _ in range(VALIDATION_FLIGHTS)
    ]
    valid = sum(flight_is_valid(w, f) for f in flights) / len(flights)
    rounds = 20
    start = time.perf_counter()
    for _ in range(rounds):
        for f in flights:
            flight_is_valid(w, f)
    fast = rounds * len(flights) / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(rounds // 4):
        for f in flights:
            flight_problems(w, f)
    full = rounds // 4 * len(flights) / (time.perf_counter() - start)
    return fast, full, valid


def planner_games(difficulty: str, games: int, seed: int, level: str, players: int) -> dict:
    """Bots-only cooperative games; decision times count choices with two or more actions."""
    wins = stranded = 0
    times: list[float] = []
    start = time.perf_counter()
    for index in range(games):
        deal = Rng.from_seed(seed * 1_000_003 + index).next64()
        seats = [SeatSpec(level, f"seat {s}") for s in range(players)]
        table = Table(COOP, CoopConfig(players=players, difficulty=difficulty), deal, seats, undo=False)
        bots = [TimedBot(seat_bot(COOP.name, level, deal, s), COOP, times) for s in range(players)]
        TurnDriver(table, bots).play_out()
        wins += bool(table.result().winners)
        stranded += sum(map(sum, table.state.board))
    times.sort()
    low, high = wilson_interval(wins, games)
    return {
        "wins": wins,
        "games": games,
        "low": low,
        "high": high,
        "stranded": stranded / games,
        "median_ms": 1000 * times[len(times) // 2],
        "p95_ms": 1000 * times[int(len(times) * 0.95)],
        "max_ms": 1000 * times[-1],
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="20 games per difficulty")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--players", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--difficulty", choices=DIFFICULTIES, action="append")
    parser.add_argument("--only", choices=("engine", "validation", "planner"), action="append")
    args = parser.parse_args(argv)
    games = 20 if args.quick else args.games
    only = set(args.only or ("engine", "validation", "planner"))
    if "engine" in only:
        played, actions, elapsed = random_playouts(PLAYOUT_SECONDS, args.seed)
        print(f"figure: coop random playouts = {played / elapsed:,.1f} games/s, {actions / elapsed:,.0f} actions/s")
    if "validation" in only:
        fast, full, valid = validation_speed(args.seed)
        print(
            f"figure: flight validation = {fast:,.0f} flight_is_valid calls/s, {full:,.0f} flight_problems calls/s "
            f"({valid:.0%} of the random flights valid)"
        )
    if "planner" in only:
        for difficulty in args.difficulty or DIFFICULTIES:
            r = planner_games(difficulty, games, args.seed, args.level, args.players)
            low, high = TARGETS[difficulty]
            inside = low <= r["wins"] / games <= high
            print(
                f"figure: coop {args.level} planner, {args.players} seat(s), {difficulty} = wins {r['wins']}/{games} "
                f"({r['wins'] / games:.1%}, 95% CI {r['low']:.1%}-{r['high']:.1%}; target {low:.0%}-{high:.0%}: "
                f"{'met' if inside else 'NOT met'}), {r['stranded']:.2f} meeples stranded per game, "
                f"decisions median {r['median_ms']:.1f} ms p95 {r['p95_ms']:.1f} ms max {r['max_ms']:.0f} ms, "
                f"{r['seconds']:.0f} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
