"""Bots-only games for measuring bots: wins with 95% intervals, scores, decision times.

``simulate("flight", seats, games, seed)`` plays ``games`` games between bot seats. Seats
rotate from game to game, and each deal is played once from every rotation, so every bot
plays every position (and every hand of cards) equally often when ``games`` is a multiple of
the number of seats. A game is one match played with ``config`` (by default one hand).
A tie for first place gives each of the k tied seats 1/k of a win. In a cooperative game the
seats win or lose together: the report gives the team's win rate.

Results are the same for the same seed whatever the number of worker processes, except that
the Hard bot's time budget makes its choices depend a little on the machine's speed.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_all_start_methods, get_context
from typing import Any, Callable, Sequence

import msgspec

from flight_tui.bots import make_bot
from flight_tui.engine.rng import Rng
from flight_tui.rules import get_rules
from flight_tui.table.seats import SeatSpec

Z_95 = 1.959963984540054
CHUNKS_PER_WORKER = 25
"""Games are handed to worker processes in this many batches per worker (for progress)."""
TIE_RULE = "a tie for first gives each of the k tied seats 1/k of a win"


class SeatReport(msgspec.Struct, frozen=True):
    """One seat spec's results over all games (whatever position it sat in)."""

    name: str
    level: str
    games: int
    wins: float
    """Games won, ties counting 1/k for a k-way tie."""
    ties: int
    """Games whose first place this seat shared."""
    win_rate: float
    win_low: float
    win_high: float
    """The 95% Wilson score interval of the win rate."""
    mean_score: float
    decisions: int
    """Decisions with a real choice (two or more legal actions); only these are timed."""
    decision_median_ms: float
    decision_p95_ms: float


class TeamReport(msgspec.Struct, frozen=True):
    """A cooperative game's result: how often the team of bots won."""

    wins: int
    win_rate: float
    win_low: float
    win_high: float
    """The 95% Wilson score interval of the win rate."""


class SimulationReport(msgspec.Struct, frozen=True):
    """What ``simulate`` measured."""

    game: str
    games: int
    seed: int
    players: int
    config: dict
    seats: list[SeatReport]
    actions: int
    seconds: float
    actions_per_second: float
    workers: int
    tie_rule: str = TIE_RULE
    team: TeamReport | None = None
    """Set for cooperative games, whose seats all win or all lose."""


class _GameRecord(msgspec.Struct, frozen=True):
    """One game's outcome, indexed by seat spec (not by position)."""

    wins: list[float]
    tied: list[bool]
    scores: list[int]
    times: list[list[float]]
    actions: int


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (successes may be fractional)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; 0 for no values."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def _seeds(seed: int, index: int, players: int) -> tuple[int, list[int]]:
    """The deal seed of game ``index`` (shared by the rotations of one deal) and its bots' seeds."""
    deal = Rng.from_seed(seed * 1_000_003 + index // players).next64()
    bots = Rng.from_seed(deal ^ (index + 1))
    return deal, [bots.next64() for _ in range(players)]


def _play_game(game: str, kinds: Sequence[str], config: Any, seed: int, index: int, options: dict) -> _GameRecord:
    """Play game ``index``: seat spec ``i`` sits at position ``(i + index) % n``."""
    rules = get_rules(game)
    n = len(kinds)
    deal_seed, bot_seeds = _seeds(seed, index, n)
    spec_at = [(pos - index) % n for pos in range(n)]
    bots = [make_bot(game, kinds[s], bot_seeds[s], **(options if kinds[s] == "hard" else {})) for s in spec_at]
    state = rules.new_game(config, deal_seed)
    times: list[list[float]] = [[] for _ in range(n)]
    actions = 0
    while not rules.is_over(state):
        pos = rules.to_act(state)[0]
        view = rules.view(state, pos)
        choice = len(rules.legal_actions(state, pos)) > 1
        start = time.perf_counter()
        action = bots[pos].choose(view)
        elapsed = time.perf_counter() - start
        if choice:
            times[spec_at[pos]].append(elapsed)
        rules.apply(state, pos, action)
        actions += 1
    result = rules.result(state)
    winners = {spec_at[pos] for pos in result.winners}
    share = 1.0 if rules.cooperative else 1.0 / max(1, len(winners))
    return _GameRecord(
        wins=[share if s in winners else 0.0 for s in range(n)],
        tied=[s in winners and len(winners) > 1 and not rules.cooperative for s in range(n)],
        scores=[result.scores[pos] for pos in sorted(range(n), key=lambda p: spec_at[p])],
        times=times,
        actions=actions,
    )


def _play_games(game: str, kinds: list[str], config: Any, seed: int, indices: list[int], options: dict) -> list[_GameRecord]:
    return [_play_game(game, kinds, config, seed, i, options) for i in indices]


def _process_context() -> Any:
    """Fork where the platform has it (workers need not re-import the caller's script)."""
    return get_context("fork" if "fork" in get_all_start_methods() else "spawn")


DEFAULT_CHOICES = {"flight": {"hands": "1"}}
"""Set-up choices a simulated game uses unless told otherwise: Flight is measured in single hands."""


def default_config(game: str, players: int) -> Any:
    """The game's default set-up for ``players`` seats (for Flight, one hand)."""
    return get_rules(game).make_config(players, DEFAULT_CHOICES.get(game, {}))


def simulate(
    game: str,
    seats: list[SeatSpec],
    games: int,
    seed: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    config: Any = None,
    workers: int = 0,
    hard_budget: float | None = None,
) -> SimulationReport:
    """Play ``games`` bots-only games with rotated seats and report per seat spec.

    ``config`` defaults to one hand per game; ``workers`` (0: one per core) spreads games
    over processes; ``hard_budget`` overrides the Hard bot's seconds per decision.
    ``progress(done, total)`` is called as games finish.
    """
    humans = [s.name for s in seats if not s.is_bot]
    if humans:
        raise ValueError(f"a simulation is for bots only; seat {humans[0]!r} is human")
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    try:
        rules = get_rules(game)
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None
    n = len(seats)
    if not getattr(rules, "min_players", n) <= n <= getattr(rules, "max_players", n):
        raise ValueError(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {n}")
    config = config if config is not None else default_config(game, n)
    options = {"budget": hard_budget} if hard_budget is not None else {}
    kinds = [s.kind for s in seats]
    workers = workers or (os.cpu_count() or 1)
    workers = max(1, min(workers, games))
    start = time.perf_counter()
    records: dict[int, _GameRecord] = {}
    if workers == 1:
        for i in range(games):
            records[i] = _play_game(game, kinds, config, seed, i, options)
            if progress is not None:
                progress(i + 1, games)
    else:
        count = min(games, workers * CHUNKS_PER_WORKER)
        chunks = [list(range(k, games, count)) for k in range(count)]
        with ProcessPoolExecutor(max_workers=workers, mp_context=_process_context()) as pool:
            futures = {pool.submit(_play_games, game, kinds, config, seed, c, options): c for c in chunks}
            for future, indices in futures.items():
                for index, record in zip(indices, future.result()):
                    records[index] = record
                if progress is not None:
                    progress(len(records), games)
    seconds = time.perf_counter() - start
    ordered = [records[i] for i in range(games)]
    actions = sum(r.actions for r in ordered)
    reports = []
    for s, spec in enumerate(seats):
        wins = sum(r.wins[s] for r in ordered)
        low, high = wilson_interval(wins, games)
        times = sorted(t for r in ordered for t in r.times[s])
        reports.append(
            SeatReport(
                name=spec.name,
                level=spec.kind,
                games=games,
                wins=wins,
                ties=sum(r.tied[s] for r in ordered),
                win_rate=wins / games,
                win_low=low,
                win_high=high,
                mean_score=sum(r.scores[s] for r in ordered) / games,
                decisions=len(times),
                decision_median_ms=1000 * _percentile(times, 50),
                decision_p95_ms=1000 * _percentile(times, 95),
            )
        )
    team = None
    if rules.cooperative:
        team_wins = sum(1 for r in ordered if r.wins[0] > 0)
        low, high = wilson_interval(team_wins, games)
        team = TeamReport(wins=team_wins, win_rate=team_wins / games, win_low=low, win_high=high)
    return SimulationReport(
        team=team,
        game=game,
        games=games,
        seed=seed,
        players=n,
        config=msgspec.to_builtins(config),
        seats=reports,
        actions=actions,
        seconds=seconds,
        actions_per_second=actions / seconds if seconds > 0 else 0.0,
        workers=workers,
    )


def format_report(report: SimulationReport) -> str:
    """The report as a small text table."""
    lines = [
        (
            f"{report.game}: {report.games} games, seed {report.seed}, {report.players} seats rotated, "
            f"config {report.config}"
        ),
        (
            f"{'seat':<20} {'wins':>7} {'win rate':>9} {'95% interval':>15} {'mean score':>11} "
            f"{'median ms':>10} {'p95 ms':>8}"
        ),
    ]
    if report.team is not None:
        t = report.team
        lines.insert(
            1,
            f"team won {t.wins} of {report.games} ({t.win_rate:.1%}, 95% interval {t.win_low:.1%}-{t.win_high:.1%})",
        )
    for s in report.seats:
        label = f"{s.name} ({s.level})"
        lines.append(
            f"{label:<20} {s.wins:>7g} {s.win_rate:>9.1%} {f'{s.win_low:.1%}-{s.win_high:.1%}':>15} "
            f"{s.mean_score:>11.2f} {s.decision_median_ms:>10.2f} {s.decision_p95_ms:>8.2f}"
        )
    lines.append(
        f"{report.actions} actions in {report.seconds:.1f} s: {report.actions_per_second:,.0f} actions/s "
        f"({report.workers} worker{'s' if report.workers != 1 else ''})"
        + ("." if report.team is not None else f"; {report.tie_rule}.")
    )
    return "\n".join(lines)


def report_json(report: SimulationReport) -> str:
    """The report as JSON."""
    return msgspec.json.encode(report).decode()
