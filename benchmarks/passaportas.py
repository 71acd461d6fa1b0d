"""Passaportas: engine speed, path finder speed, and the bots' strength and decision times.

* Random playouts: whole games with a uniformly random choice among ``legal_actions`` and
  ``apply``, 2 and 4 players, for a fixed time; actions/s and games/s (medians of the runs).
* Path finder: ``reachable(map, city, 25)`` — every city a full tank can reach and the exact
  fuel amounts that get there — computed afresh from every city in turn; calls/s.
* Normal self-play: Normal in every seat with 2 to 6 players (``--players``),
  ``--selfplay-games`` deals each; how many games end because someone delivered every group
  and how many at the round limit (target: none), the median, quartiles and 90th percentile of
  the rounds played (two players: median <= 25, 90th percentile <= 40), Normal's decision times
  (p95 <= 100 ms), how often the plane landed in each city and how the wild tokens were used.
  ``--config FIELD=JSON`` changes the game's config, e.g. ``edition=1`` (the first map and
  reading of P6) or ``wild_tokens=false``.
* Thinking: the CPU time (``time.process_time``) of each Hard decision that searched (a flight to
  choose), Hard and Normal bots in one process, ``--thinking-games`` deals at each of
  ``--players`` (default 2 to 6), Hard in another seat each deal; median, p95, slowest (target
  p95 <= 1 s). Run it with ``PYTHONPATH=<a checkout of other code>`` to time that code's bots.
* Bots (seats rotated, each deal played from every seat, a tie counting 1/k): Normal against a
  uniformly random player (target >= 90%, p95 <= 100 ms), Easy against random, and Hard
  against Normal (target >= 60%, p95 <= 1 s), all heads-up.

Usage (Hard takes a few minutes; run it in the background):

    python benchmarks/passaportas.py [--games 400] [--seed 1] [--workers 2] [--hard-budget S] [--only engine|pathfinder|selfplay|normal|easy|hard]
    python benchmarks/passaportas.py --only selfplay --players 2 --selfplay-games 200 [--config edition=1]
    python benchmarks/passaportas.py --only thinking --players 4 --players 6 --thinking-games 3
    python benchmarks/passaportas.py --quick   # short runs, 40 games: a smoke run, too few for the targets

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

import msgspec

from flight_tui.games.passaportas.rules import PASSAPORTAS, board_map, reachable
from flight_tui.games.passaportas.rules.map import MAX_FUEL
from flight_tui.games.passaportas.rules.state import Flew, GameEnded, TripDealt, WildTokenUsed
from flight_tui.simulate import TimedBot, format_report, simulate, wilson_interval
from flight_tui.table import SeatSpec, Table, parse_seat
from flight_tui.table.driver import TurnDriver, seat_bot

MATCHUPS = {
    "normal": ("normal,random", "normal", 0.90, 0.100),
    "easy": ("easy,random", "easy", None, None),
    "hard": ("hard,normal", "hard", 0.60, 1.0),
}


def playouts(players: int, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Random games for ``seconds``: (actions, games, elapsed)."""
    config = PASSAPORTAS.make_config(players, {})
    new_game, to_act, legal, apply, is_over = (
        PASSAPORTAS.new_game, PASSAPORTAS.to_act, PASSAPORTAS.legal_actions, PASSAPORTAS.apply, PASSAPORTAS.is_over)
    actions = games = 0
    choice, clock = rng.choice, time.perf_counter
    start = clock()
    while clock() - start < seconds:
        state = new_game(config, rng.getrandbits(63))
        while not is_over(state):
            seat = to_act(state)[0]
            apply(state, seat, choice(legal(state, seat)))
            actions += 1
        games += 1
    return actions, games, clock() - start


def engine(seconds: float, reps: int, seed: int) -> list[str]:
    """Random playouts, 2 and 4 players interleaved; the figure lines."""
    rng = random.Random(seed)
    runs: dict[int, list[tuple[int, int, float]]] = {2: [], 4: []}
    for players in runs:
        playouts(players, min(0.3, seconds), rng)  # warm-up
    for _ in range(reps):
        for players, results in runs.items():
            results.append(playouts(players, seconds, rng))
    lines = []
    for players, results in runs.items():
        per_s = statistics.median(a / t for a, _, t in results)
        games = statistics.median(g / t for _, g, t in results)
        lines.append(f"figure: passaportas random playouts {players}p = {per_s:,.0f} actions/s, {games:,.1f} games/s")
    return lines


def pathfinder(seconds: float, reps: int) -> list[str]:
    """``reachable`` from every city with a full tank, calls per second (median of runs)."""
    game_map = board_map()
    cities = range(game_map.size)
    rates = []
    for _ in range(reps):
        calls, clock = 0, time.perf_counter
        start = clock()
        while clock() - start < seconds:
            for city in cities:
                reachable(game_map, city, MAX_FUEL)
            calls += game_map.size
        rates.append(calls / (clock() - start))
    pairs = sum(len(reachable(game_map, c, MAX_FUEL)) for c in cities) / game_map.size
    rate = statistics.median(rates)
    return [f"figure: passaportas path finder (full tank, all cities and amounts) = {rate:,.0f} calls/s ({pairs:.1f} cities)"]


def selfplay(players: int, games: int, seed: int, settings: dict[str, object]) -> str:
    """Normal in every seat for ``games`` deals; the figure line, then how often the plane
    landed in each city and how the wild tokens were used."""
    config = msgspec.structs.replace(PASSAPORTAS.make_config(players, {}), **settings)
    game_map = PASSAPORTAS.map_of(config)
    rounds, times, wild_rounds = [], [], []
    delivered = 0
    landed_in, wanted_in = Counter(), Counter()
    for game in range(games):
        deal = seed * 1_000_003 + game
        table = Table(PASSAPORTAS, config, deal, [SeatSpec("normal", f"seat {s}") for s in range(players)], undo=False)
        bots = [TimedBot(seat_bot(PASSAPORTAS.name, "normal", deal, s), PASSAPORTAS, times) for s in range(players)]
        driver = TurnDriver(table, bots)
        while (move := driver.step()) is not None:
            wild_rounds.extend(table.state.round_no for e in move[2].events if isinstance(e, WildTokenUsed))
        state = table.state
        ended = state.log[-1]
        delivered += isinstance(ended, GameEnded) and not ended.by_round_limit
        landed_in.update({e.route[-1] for e in state.log if isinstance(e, Flew)})
        wanted_in.update({c for e in state.log if isinstance(e, TripDealt) for c in (e.boarding, e.destination)})
        rounds.append(state.round_no)
    low, high = wilson_interval(delivered, games)
    q1, median, q3 = statistics.quantiles(rounds, n=4, method="inclusive") if games > 1 else (rounds[0],) * 3
    p90 = statistics.quantiles(rounds, n=10, method="inclusive")[-1] if games > 1 else rounds[0]
    p95 = statistics.quantiles(times, n=20)[-1] * 1000
    met = delivered == games and p95 <= 100 and (players != 2 or (median <= 25 and p90 <= 40))
    targets = "none at the round limit, p95 <= 100 ms" + (", median <= 25, 90th percentile <= 40" if players == 2 else "")
    shown = ", ".join(f"{k}={v}" for k, v in settings.items())
    lines = [
        f"figure: passaportas normal self-play {players}p{f' ({shown})' if shown else ''} = {delivered}/{games} end by delivery "
        f"({delivered / games:.1%}, 95% CI {low:.1%}-{high:.1%}), {games - delivered} at the round limit, "
        f"rounds median {median:g} (quartiles {q1:g}-{q3:g}, 90th percentile {p90:g}, longest {max(rounds)}), "
        f"decision p95 {p95:.1f} ms (targets {targets}: {'met' if met else 'NOT met'})",
        "  games in which the plane landed in (in brackets: in which a trip began or ended there): "
        + ", ".join(
            f"{game_map.code(c)} {landed_in[c] / games:.0%} ({wanted_in[c] / games:.0%})"
            for c in sorted(range(game_map.size), key=lambda c: landed_in[c])
        ),
        f"  wild tokens used: {len(wild_rounds)} of {games * players}"
        + (f", in round {min(wild_rounds)}-{max(wild_rounds)} (median {statistics.median(wild_rounds):g})" if wild_rounds else ""),
    ]
    return "\n".join(lines)


def thinking(players: int, games: int, seed: int) -> str:
    """CPU time of Hard's searched decisions against Normal bots; the figure line."""
    config = PASSAPORTAS.make_config(players, {})
    cpu: list[float] = []
    for game in range(games):
        deal = seed * 1_000_003 + game
        state = PASSAPORTAS.new_game(config, deal)
        hard_seat = game % players
        bots = [seat_bot(PASSAPORTAS.name, "hard" if s == hard_seat else "normal", deal, s) for s in range(players)]
        while not PASSAPORTAS.is_over(state):
            seat = PASSAPORTAS.to_act(state)[0]
            started = time.process_time()
            action = bots[seat].choose(PASSAPORTAS.view(state, seat))
            if seat == hard_seat and bots[seat].last_search is not None:
                cpu.append(time.process_time() - started)
            PASSAPORTAS.apply(state, seat, action)
    cpu.sort()
    p95 = statistics.quantiles(cpu, n=20)[-1] * 1000
    return (
        f"figure: passaportas hard thinking {players}p = median {statistics.median(cpu) * 1000:.0f} ms, "
        f"p95 {p95:.0f} ms, slowest {cpu[-1] * 1000:.0f} ms of CPU over {len(cpu)} searched decisions in {games} games "
        f"(target p95 <= 1000 ms: {'met' if p95 <= 1000 else 'NOT met'})"
    )


def bots(key: str, games: int, seed: int, workers: int, hard_budget: float | None) -> list[str]:
    """One heads-up measurement; prints the report and returns the figure lines."""
    seats_text, level, win_target, p95_target = MATCHUPS[key]
    seats = [parse_seat(s, i) for i, s in enumerate(seats_text.split(","))]
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(f"\r{seats_text}: {done}/{total} games, {time.perf_counter() - started:.0f} s", end="", file=sys.stderr, flush=True)

    report = simulate("passaportas", seats, games, seed, progress=progress, workers=workers, hard_budget=hard_budget)
    print(file=sys.stderr)
    print(format_report(report))
    print()
    seat = next(s for s in report.seats if s.level == level)
    rival = seats_text.split(",")[1]
    win = f"figure: passaportas {level} vs {rival} wins = {seat.win_rate:.1%} ({seat.wins:g}/{games}, 95% CI {seat.win_low:.1%}-{seat.win_high:.1%}"
    win += f"; target >= {win_target:.0%}: {'met' if seat.win_rate >= win_target else 'NOT met'})" if win_target else ")"
    speed = f"figure: passaportas {level} decision time = median {seat.decision_median_ms:.2f} ms, p95 {seat.decision_p95_ms:.2f} ms"
    if p95_target:
        speed += f" (target p95 <= {p95_target * 1000:.0f} ms: {'met' if seat.decision_p95_ms <= p95_target * 1000 else 'NOT met'})"
    return [win, speed]


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed engine run")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="1 s x 3 timed runs, 40 games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0, help="processes for the bot games (0: one per core)")
    parser.add_argument("--hard-budget", type=float, help="seconds of search per Hard decision (default: the bot's own)")
    parser.add_argument("--selfplay-games", type=int, default=200, help="Normal self-play deals per player count")
    parser.add_argument("--players", type=int, action="append", help="self-play and thinking player counts (default 2 to 6)")
    parser.add_argument("--thinking-games", type=int, default=3, help="deals per player count timing Hard's decisions")
    parser.add_argument(
        "--config", action="append", default=[], metavar="FIELD=JSON",
        help="self-play: set a field of the game's config, e.g. wild_tokens=false or map_edition=1",
    )
    parser.add_argument("--only", choices=["engine", "pathfinder", "selfplay", "thinking", *MATCHUPS], action="append")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.reps, args.games, args.selfplay_games = 1.0, 3, 40, 20
    chosen = args.only or ["engine", "pathfinder", "selfplay", "thinking", *MATCHUPS]
    figures: list[str] = []
    if "engine" in chosen:
        figures += engine(args.seconds, args.reps, args.seed)
    if "pathfinder" in chosen:
        figures += pathfinder(args.seconds, args.reps)
    if "selfplay" in chosen:
        settings = {key: msgspec.json.decode(value) for key, _, value in (item.partition("=") for item in args.config)}
        for players in args.players or (2, 3, 4, 5, 6):
            figures.append(selfplay(players, args.selfplay_games, args.seed, settings))
            print(figures[-1], file=sys.stderr, flush=True)
    if "thinking" in chosen:
        for players in args.players or (2, 3, 4, 5, 6):
            figures.append(thinking(players, args.thinking_games, args.seed))
            print(figures[-1], file=sys.stderr, flush=True)
    for key in MATCHUPS:
        if key in chosen:
            figures += bots(key, args.games, args.seed, args.workers, args.hard_budget)
    print("\n".join(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
