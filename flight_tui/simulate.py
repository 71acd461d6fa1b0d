"""Bots-only games for measuring bots: wins with 95% intervals, scores, decision times, endings.

``simulate("flight", seats, games, seed)`` plays ``games`` games between bot seats. Seats
rotate from game to game. In a mixed line-up each deal is played once from every rotation, so
every bot plays every position (and every hand of cards) equally often when ``games`` is a
multiple of the number of seats; when every seat is the same kind of bot, a rotation would
replay the same game, so every game gets a new deal. A game is one match played with ``config`` (by default one hand), through
the :class:`~flight_tui.table.driver.TurnDriver`; each bot is seeded from the deal's seed and its
seat, as at the table.
A tie for first place gives each of the k tied seats 1/k of a win. In a cooperative game the
seats win or lose together: the report gives the team's win rate. The report also counts how
the hands or games ended (``Result.endings``), and flags an ending at a safety cap, and the
per-seat figures a game's rules measure at the end of a game (``Rules.measures``, optional:
e.g. the coins a competitive airline lost to the coin cap), as means per game.

Results are the same for the same seed whatever the number of worker processes and however
fast the machine is: the Hard bots count their search in samples, not seconds (a time cap,
``hard_budget``, makes them depend on the machine's speed). Games are
handed to the workers a few at a time and only running totals are kept, so memory does not
grow with the number of games. Ctrl+C stops the workers; the report covers the games finished.
"""

from __future__ import annotations

import math
import os
import queue
import signal
import textwrap
import threading
import time
from collections import Counter
from contextlib import contextmanager
from fractions import Fraction
from functools import partial
from multiprocessing import get_all_start_methods, get_context
from typing import Any, Callable, Iterator, Mapping, Sequence

import msgspec

from flight_tui.engine.protocol import Ending
from flight_tui.engine.rng import Rng
from flight_tui.games import get_rules, get_spec
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import TurnDriver, seat_bot

Z_95 = 1.959963984540054
TIE_RULE = "a tie for first gives each of the k tied seats 1/k of a win"
BATCH_SECONDS = 0.25
"""A worker is handed about this many seconds of games at a time (one game until times are known)."""
MAX_BATCH = 256
BATCHES_PER_WORKER = 2
"""Batches handed out ahead per worker: enough to keep it busy, few to lose on Ctrl+C."""
TIME_RESOLUTION = 1000
"""Decision times are counted in buckets 1/1000 apart in log scale (0.1% precision)."""
CAP_SUFFIX = "-cap"
"""An ending key with this suffix is a safety valve firing (see ``Ending``)."""


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
    measures: dict[str, float] = {}
    """Means per game of the figures the game's rules measure per seat (``Rules.measures``)."""


class TeamReport(msgspec.Struct, frozen=True):
    """A cooperative game's result: how often the team of bots won."""

    wins: int
    win_rate: float
    win_low: float
    win_high: float
    """The 95% Wilson score interval of the win rate."""


class EndingCount(msgspec.Struct, frozen=True):
    """How many hands or games ended one way (one ``Ending.how`` key)."""

    label: str
    """The game's words for it, e.g. ``by a Safe Landing``."""
    count: int
    share: float
    safety_cap: bool
    """True when this ending is a safety valve firing: a bug or a gap in the rules."""


class EndingsReport(msgspec.Struct, frozen=True):
    """How the hands (Flight) or games ended, and how long they lasted."""

    count: int
    """Endings counted: one per hand for games of several hands, else one per game."""
    by_how: dict[str, EndingCount]
    length_unit: str
    """``turns`` or ``rounds``."""
    length_median: float
    length_p90: float


class SimulationReport(msgspec.Struct, frozen=True):
    """What ``simulate`` measured."""

    game: str
    games: int
    """Games played (fewer than asked for when interrupted)."""
    games_requested: int
    seed: int
    players: int
    config: dict
    seats: list[SeatReport]
    actions: int
    seconds: float
    actions_per_second: float
    workers: int
    endings: EndingsReport
    tie_rule: str = TIE_RULE
    team: TeamReport | None = None
    """Set for cooperative games, whose seats all win or all lose."""
    interrupted: bool = False
    """True when Ctrl+C stopped the run: the report covers the games finished by then."""


class _GameRecord(msgspec.Struct, frozen=True):
    """One game's outcome, indexed by seat spec (not by position)."""

    wins: list[float]
    tied: list[bool]
    scores: list[int]
    times: list[list[float]]
    actions: int
    endings: list[Ending]
    length_unit: str
    measures: dict[str, list[float]] = {}
    """Per seat spec, by name (see ``Rules.measures``)."""


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (successes may be fractional)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(counts: Mapping[float, int], q: float) -> float:
    """The q-th percentile (0-100) of values given with their counts, by linear interpolation; 0 for none."""
    total = sum(counts.values())
    if not total:
        return 0.0
    pos = (total - 1) * q / 100
    lo = math.floor(pos)
    wanted = {lo, min(lo + 1, total - 1)}
    found: dict[int, float] = {}
    seen = 0
    for value, count in sorted(counts.items()):
        found.update((rank, value) for rank in wanted if seen <= rank < seen + count)
        seen += count
    low, high = found[lo], found[min(lo + 1, total - 1)]
    return low + (high - low) * (pos - lo)


def _time_bucket(seconds: float) -> int:
    return round(math.log1p(seconds * 1e6) * TIME_RESOLUTION)


def _bucket_seconds(bucket: int) -> float:
    return math.expm1(bucket / TIME_RESOLUTION) / 1e6


def _deal_seed(seed: int, index: int, per_deal: int) -> int:
    """The deal seed of game ``index``, shared by ``per_deal`` games in a row (the rotations of
    one deal in a mixed line-up, else 1); bots are seeded from it."""
    return Rng.from_seed(seed * 1_000_003 + index // per_deal).next64()


class TimedBot:
    """A bot seat that notes how long its decisions with a real choice (two or more legal actions) take."""

    decides = True

    def __init__(self, bot: Any, rules: Any, times: list[float]) -> None:
        self.bot, self.rules, self.times = bot, rules, times

    def choose(self, view: Any) -> Any:
        choice = len(self.rules.legal_actions_from_view(view)) > 1
        start = time.perf_counter()
        action = self.bot.choose(view)
        if choice:
            self.times.append(time.perf_counter() - start)
        return action


def _play_game(game: str, kinds: Sequence[str], config: Any, seed: int, index: int, options: dict) -> _GameRecord:
    """Play game ``index``: seat spec ``i`` sits at position ``(i + index) % n``."""
    rules = get_rules(game)
    n = len(kinds)
    deal_seed = _deal_seed(seed, index, n if len(set(kinds)) > 1 else 1)
    spec_at = [(pos - index) % n for pos in range(n)]
    seats = [SeatSpec(kinds[s], f"seat {s}") for s in spec_at]
    table = Table(rules, config, deal_seed, seats, undo=False)
    times: list[list[float]] = [[] for _ in range(n)]
    controllers = [
        TimedBot(seat_bot(game, kinds[s], deal_seed, pos, **(options if kinds[s] == "hard" else {})), rules, times[s])
        for pos, s in enumerate(spec_at)
    ]
    actions = TurnDriver(table, controllers).play_out()
    result = table.result()
    winners = {spec_at[pos] for pos in result.winners}
    by_position = rules.measures(table.state) if hasattr(rules, "measures") else {}
    order = sorted(range(n), key=lambda p: spec_at[p])
    share = 1.0 if rules.cooperative else 1.0 / max(1, len(winners))
    return _GameRecord(
        wins=[share if s in winners else 0.0 for s in range(n)],
        tied=[s in winners and len(winners) > 1 and not rules.cooperative for s in range(n)],
        scores=[result.scores[pos] for pos in order],
        times=times,
        actions=actions,
        endings=list(result.endings),
        length_unit=result.length_unit,
        measures={name: [float(values[pos]) for pos in order] for name, values in by_position.items()},
    )


def _play_games(play: Callable[[int], _GameRecord], start: int, stop: int) -> list[_GameRecord]:
    return [play(i) for i in range(start, stop)]


def _process_context() -> Any:
    """Fork the caller where that is safe: the platform has fork and the caller runs no other
    thread (workers need not re-import the caller's script). Else workers are forked by a fresh
    server process that has imported this module once ("forkserver"), or started anew ("spawn").

    A worker forked from a process with other threads (an app's, a test runner's) while one of
    them held a lock would wait for that lock for ever.
    """
    methods = get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return get_context("fork")
    if "forkserver" not in methods:
        return get_context("spawn")
    context = get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _ignore_interrupts() -> None:
    """In a worker: Ctrl+C is for the parent, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _interrupts_held_off(deliver_after: bool = False) -> Iterator[None]:
    """Ignore Ctrl+C for a moment: while workers start (they inherit it) and while they are
    stopped; with ``deliver_after``, a Ctrl+C that came meanwhile is raised once the moment is
    over (a finished game is counted whole, not half).

    Only the main thread receives Ctrl+C, so elsewhere this does nothing.
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield
        return
    pressed: list[int] = []
    signal.signal(signal.SIGINT, (lambda signum, _frame: pressed.append(signum)) if deliver_after else signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def _records_in_pool(play: Callable[[int], _GameRecord], games: int, workers: int) -> Iterator[_GameRecord]:
    """Finished games, as worker processes finish them; games are handed out a batch at a time.

    At most ``BATCHES_PER_WORKER`` batches per worker are out at once, and a batch lasts about
    ``BATCH_SECONDS``, so nothing grows with ``games``. Closing the iterator stops the workers.
    """
    finished: queue.SimpleQueue = queue.SimpleQueue()
    with _interrupts_held_off():
        pool = _process_context().Pool(workers, initializer=_ignore_interrupts)
    started = time.perf_counter()
    next_game, done, out = 0, 0, 0
    try:
        while next_game < games or out:
            while next_game < games and out < workers * BATCHES_PER_WORKER:
                per_game = (time.perf_counter() - started) * workers / done if done else math.inf
                size = max(1, min(MAX_BATCH, int(BATCH_SECONDS / per_game), games - next_game))
                stop = next_game + size
                pool.apply_async(
                    _play_games, (play, next_game, stop), callback=finished.put, error_callback=finished.put
                )
                next_game, out = stop, out + 1
            batch = finished.get()
            out -= 1
            if isinstance(batch, BaseException):
                raise batch
            done += len(batch)
            yield from batch
    finally:
        with _interrupts_held_off():
            pool.terminate()
            pool.join()


class _Tally:
    """Running totals of finished games; its size does not grow with the number of games."""

    def __init__(self, players: int) -> None:
        self.games = 0
        self.actions = 0
        self.wins = [Fraction(0)] * players
        """Exact sums, so that the order in which games finish does not change the result."""
        self.ties = [0] * players
        self.scores = [0] * players
        self.times: list[Counter[int]] = [Counter() for _ in range(players)]
        self.team_wins = 0
        self.endings: Counter[str] = Counter()
        self.lengths: Counter[int] = Counter()
        self.length_unit = "rounds"
        self.measures: dict[str, list[float]] = {}

    def add(self, record: _GameRecord) -> None:
        for s, win in enumerate(record.wins):
            self.wins[s] += Fraction(win)
            self.ties[s] += record.tied[s]
            self.scores[s] += record.scores[s]
            self.times[s].update(_time_bucket(t) for t in record.times[s])
        self.team_wins += record.wins[0] > 0
        self.actions += record.actions
        self.endings.update(e.how for e in record.endings)
        self.lengths.update(e.length for e in record.endings)
        self.length_unit = record.length_unit
        for name, values in record.measures.items():
            sums = self.measures.setdefault(name, [0.0] * len(values))
            self.measures[name] = [a + b for a, b in zip(sums, values)]
        self.games += 1

    def seat_report(self, s: int, spec: SeatSpec) -> SeatReport:
        games = self.games
        wins = float(self.wins[s])
        low, high = wilson_interval(wins, games)
        times = {_bucket_seconds(bucket): count for bucket, count in self.times[s].items()}
        return SeatReport(
            name=spec.name,
            level=spec.kind,
            games=games,
            wins=wins,
            ties=self.ties[s],
            win_rate=wins / games if games else 0.0,
            win_low=low,
            win_high=high,
            mean_score=self.scores[s] / games if games else 0.0,
            decisions=sum(self.times[s].values()),
            decision_median_ms=1000 * _percentile(times, 50),
            decision_p95_ms=1000 * _percentile(times, 95),
            measures={name: sums[s] / games for name, sums in self.measures.items()} if games else {},
        )

    def endings_report(self, rules: Any) -> EndingsReport:
        labels: Mapping[str, str] = rules.ending_labels
        caps = set(rules.safety_caps)
        total = sum(self.endings.values())
        order = [how for how in labels if how in self.endings] + sorted(set(self.endings) - set(labels))
        return EndingsReport(
            count=total,
            by_how={
                how: EndingCount(
                    label=labels.get(how, how),
                    count=self.endings[how],
                    share=self.endings[how] / total,
                    safety_cap=how.endswith(CAP_SUFFIX) or how in caps,
                )
                for how in order
            },
            length_unit=self.length_unit,
            length_median=_percentile(self.lengths, 50),
            length_p90=_percentile(self.lengths, 90),
        )

    def team_report(self) -> TeamReport:
        low, high = wilson_interval(self.team_wins, self.games)
        rate = self.team_wins / self.games if self.games else 0.0
        return TeamReport(wins=self.team_wins, win_rate=rate, win_low=low, win_high=high)


def default_config(game: str, players: int) -> Any:
    """The game's set-up for a simulation of ``players`` seats (its spec's ``simulate_choices``)."""
    return get_rules(game).make_config(players, get_spec(game).simulate_choices)


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
    ``progress(done, total)`` is called as games finish. Ctrl+C (KeyboardInterrupt) ends the
    run early: the report, marked ``interrupted``, covers the games finished by then.
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
    play = partial(_play_game, game, [s.kind for s in seats], config, seed, options=options)
    workers = workers or (os.cpu_count() or 1)
    workers = max(1, min(workers, games))
    tally = _Tally(n)
    interrupted = False
    start = time.perf_counter()
    records = (play(i) for i in range(games)) if workers == 1 else _records_in_pool(play, games, workers)
    try:
        for record in records:
            with _interrupts_held_off(deliver_after=True):
                tally.add(record)
            if progress is not None:
                progress(tally.games, games)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        records.close()
    seconds = time.perf_counter() - start
    return SimulationReport(
        game=game,
        games=tally.games,
        games_requested=games,
        seed=seed,
        players=n,
        config=msgspec.to_builtins(config),
        seats=[tally.seat_report(s, spec) for s, spec in enumerate(seats)],
        actions=tally.actions,
        seconds=seconds,
        actions_per_second=tally.actions / seconds if seconds > 0 else 0.0,
        workers=workers,
        endings=tally.endings_report(rules),
        team=tally.team_report() if rules.cooperative else None,
        interrupted=interrupted,
    )


def format_endings(endings: EndingsReport) -> str:
    """One line: how many ended each way (safety caps called out) and the median and 90th percentile length."""
    parts = []
    for e in endings.by_how.values():
        part = f"{e.count} {e.label} ({e.share:.1%})"
        parts.append(part + " -- SAFETY CAP FIRED!" if e.safety_cap else part)
    return (
        f"Endings: {', '.join(parts) or 'none'}; median {endings.length_median:g} {endings.length_unit}, "
        f"90% <= {endings.length_p90:g}"
    )


def format_report(report: SimulationReport, width: int = 80) -> str:
    """The report as a small text table; every line fits in ``width`` columns (long lines wrap, indented)."""
    lines = []
    if report.interrupted:
        lines.append(f"Interrupted: {report.games} of {report.games_requested} games played; the figures are for those.")
        if not report.games:
            return _wrapped(lines, width)
    config = ", ".join(f"{key}={value}" for key, value in report.config.items())
    deal = "a new deal every game" if len({s.level for s in report.seats}) == 1 else "each deal played from every rotation"
    lines.append(f"{report.game}: {report.games} games, seed {report.seed}, {report.players} seats rotated, {deal}, config {config}")
    if report.team is not None:
        t = report.team
        lines.append(
            f"team won {t.wins} of {report.games} ({t.win_rate:.1%}, 95% interval {t.win_low:.1%}-{t.win_high:.1%})"
        )
    labels = [f"{s.name} ({s.level})" for s in report.seats]
    seat = max(map(len, labels), default=0)
    lines.append(
        f"{'seat':<{seat}} {'wins':>6} {'win rate':>8} {'95% interval':>13} {'mean score':>10} {'median ms':>9} {'p95 ms':>8}"
    )
    for label, s in zip(labels, report.seats):
        lines.append(
            f"{label:<{seat}} {s.wins:>6g} {s.win_rate:>8.1%} {f'{s.win_low:.1%}-{s.win_high:.1%}':>13} "
            f"{s.mean_score:>10.2f} {s.decision_median_ms:>9.2f} {s.decision_p95_ms:>8.2f}"
        )
    for name in report.seats[0].measures:
        values = ", ".join(f"{s.name} {s.measures[name]:.1f}" for s in report.seats)
        lines.append(f"{name[0].upper()}{name[1:]}, per game: {values}.")
    lines.append(format_endings(report.endings))
    lines.append(
        f"{report.actions} actions in {report.seconds:.1f} s: {report.actions_per_second:,.0f} actions/s "
        f"({report.workers} worker{'s' if report.workers != 1 else ''})"
        + ("." if report.team is not None else f"; {report.tie_rule}.")
    )
    return _wrapped(lines, width)


def _wrapped(lines: list[str], width: int) -> str:
    """``lines`` with each one longer than ``width`` wrapped at spaces, its following lines indented."""
    out = []
    for line in lines:
        out += textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False) if len(line) > width else [line]
    return "\n".join(out)


def report_json(report: SimulationReport) -> str:
    """The report as JSON."""
    return msgspec.json.encode(report).decode()
