"""Bot strength and balance for Connecting Flights' competitive mode (issues 11 and 20).

* ``--only normal``: Normal against a uniformly random player, two players, seats rotated
  (target: Normal wins >= 90%, Normal decision p95 <= 100 ms);
* ``--only hard``: Hard against Normal, the same way (target: Hard wins >= 65%, the 95% interval's
  low end >= 60%, p95 <= 1 s);
* ``--only balance``: Normal self-play for 2 to 5 players (``--players``), and per player count:
  the win share of each seat position (its place in the turn order of round 1, counted from
  the first player, and its seat) and of each Player card against its fair share (targets:
  positions <= 1.5x, Player cards between 0.5x and 1.5x), the share of lots sold above their
  face value (and of rounds in which most lots sold did), the share of sabotage rounds in which
  the saboteur drew a card instead of taking 10 coins, how the games ended (all after round
  10's Fly phase, never at a cap; target: at most 20% decided by a tie-breaker or shared), and the
  coins lost to the 100-coin cap per seat per game (target <= 5), with and without round 10's
  income (which comes as the game ends), and, of the airlines tied on round 10's income, how
  many could have earned more that round had coins been no object at its Marketplace (one more
  Fuel Truck, Electric Plane and Landing Rights of their choice, whatever the price): a tie
  such an airline could not break was set by the cards it held, not by its play in round 10.

Every balance game is a new deal (its seats are all Normal: rotating them on one deal would
replay the same game); the strength runs play each deal from both seats.

A tie counts as a share of a win. Ctrl+C ends a balance run early: it reports the games
finished (the strength runs do the same through ``flight_tui.simulate``). Usage (long: run it in the background, niced):

    python benchmarks/bots_competitive.py [--games 400] [--seed 1] [--workers 1] [--only normal|hard|balance]
        [--players 2 --players 3 ...] [--json FILE]

Each result is also printed as a ``figure:`` line for ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context

import msgspec

from flight_tui.engine.rng import Rng
from flight_tui.games import get_rules
from flight_tui.games.connecting_flights.competitive.bots.model import Cards, Earnings, Market, Planner, flyable
from flight_tui.games.connecting_flights.competitive.bots.player import LEVELS
from flight_tui.games.connecting_flights.competitive.bots.worth import buys_on_sale
from flight_tui.games.connecting_flights.competitive.rules.auction import face_value
from flight_tui.games.connecting_flights.competitive.rules.common import cap_losses, data
from flight_tui.games.connecting_flights.competitive.rules.config import CompetitiveConfig
from flight_tui.games.connecting_flights.competitive.rules.state import (
    LotChosen,
    LotSold,
    LotUnsold,
    RoundStarted,
    SabotageDrawn,
    SaboteurNamed,
)
from flight_tui.simulate import wilson_interval
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import TurnDriver

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bots import play_matchup  # noqa: E402

GAME = "connecting-flights"
MATCHUPS = {
    "normal": ("normal,random", "normal", 0.90, 0.100),
    "hard": ("hard,normal", "hard", 0.65, 1.0),
}
POSITION_LIMIT = 1.5
CARD_LIMITS = (0.5, 1.5)
CAP_LIMIT = 5.0
"""Coins lost to the cap per seat per game, at most."""
TIE_LIMIT = 0.20
"""Share of games decided by a tie-breaker or shared, at most."""


class BalanceReport(msgspec.Struct, frozen=True):
    """Normal self-play at one player count."""

    players: int
    games: int
    seed: int
    position_wins: list[float]
    """Wins by place in round 1's turn order (0: the first player), ties shared."""
    seat_wins: list[float]
    card_games: dict[str, int]
    """Games in which each Player card was kept."""
    card_wins: dict[str, float]
    lots_sold: int
    lots_above_face: int
    lots_unsold: int
    rounds_with_sales: int
    rounds_mostly_above_face: int
    sabotage_rounds: int
    """Rounds in which someone could sabotage."""
    sabotage_drawn: int
    endings: dict[str, int]
    mean_winning_income: float
    seconds: float
    cap_lost: float = 0.0
    """Coins lost to the cap, summed over seats and games."""
    cap_lost_before_last: float = 0.0
    """The same without round 10's income."""
    tied_airlines: int = 0
    """Airlines that shared round 10's best income, summed over games."""
    tied_could_earn_more: int = 0
    """Of those, the ones whose cards could have earned more with coins no object (see the module)."""


def play_balance_game(players: int, seed: int, index: int) -> tuple[Table, int]:
    """One Normal self-play game: its table (played out) and round 1's first player."""
    deal = Rng.from_seed(seed * 1_000_003 + index).next64()
    seats = [SeatSpec("normal", f"seat {s}") for s in range(players)]
    table = Table(get_rules(GAME), CompetitiveConfig(players=players), deal, seats, undo=False)
    TurnDriver(table).play_out()
    first = next(e.first_player for e in table.state.log if isinstance(e, RoundStarted))
    return table, first


def could_earn_more(table: Table, seat: int) -> bool:
    """Whether ``seat``'s cards at the end of round 10 would have earned more that round with one
    more Fuel Truck, Electric Plane and Landing Rights of its choice at no cost (Hard's search)."""
    view = table.rules.view(table.state, seat)
    level = LEVELS["hard"]
    planner = Planner(level.search, level.quick)
    earnings = Earnings(view)
    cards = flyable(view, seat)
    income = table.state.history[-1][seat].income
    unrented = Cards(cards.airports, cards.planes, cards.passengers, cards.trucks)
    free = Market(buys_on_sale(view, seat), 0.0, 0.0)
    return planner.with_buys(view, seat, unrented, earnings, True, free)[0] > income + 0.5


class GameTally(msgspec.Struct, frozen=True):
    """What one balance game adds to a :class:`BalanceReport`."""

    first: int
    winners: list[int]
    kept: list[str]
    endings: list[str]
    winning_income: int
    lots_sold: int
    lots_above_face: int
    lots_unsold: int
    rounds_with_sales: int
    rounds_mostly_above_face: int
    sabotage_rounds: int
    sabotage_drawn: int
    cap_lost: int
    cap_lost_before_last: int
    tied_airlines: int
    tied_could_earn_more: int


def tally_balance_game(players: int, seed: int, index: int) -> GameTally:
    """Play one balance game and count what the report needs from it."""
    table, first = play_balance_game(players, seed, index)
    state = table.state
    result = table.result()
    names = [card.name for card in data().player_cards]
    lots: list = []
    sold = above = unsold = sale_rounds = mostly = sabotage_rounds = drawn = 0
    round_sold = round_above = 0
    for event in state.log:
        if isinstance(event, RoundStarted):
            if round_sold:
                sale_rounds += 1
                mostly += round_above * 2 > round_sold
            lots, round_sold, round_above = [], 0, 0
        elif isinstance(event, LotChosen):
            lots.append(event.lot)
        elif isinstance(event, LotSold):
            sold += 1
            round_sold += 1
            if event.price > face_value(lots[event.lot]):
                above += 1
                round_above += 1
        elif isinstance(event, LotUnsold):
            unsold += 1
        elif isinstance(event, SaboteurNamed) and event.seat >= 0:
            sabotage_rounds += 1
        elif isinstance(event, SabotageDrawn):
            drawn += 1
    if round_sold:
        sale_rounds += 1
        mostly += round_above * 2 > round_sold
    best = max(result.scores)
    tied = [seat for seat, income in enumerate(result.scores) if income == best]
    tied = tied if len(tied) > 1 else []
    return GameTally(
        first=first,
        winners=list(result.winners),
        kept=[names[state.kept[seat]] for seat in range(players)],
        endings=[e.how for e in result.endings],
        winning_income=max(result.scores),
        lots_sold=sold,
        lots_above_face=above,
        lots_unsold=unsold,
        rounds_with_sales=sale_rounds,
        rounds_mostly_above_face=mostly,
        sabotage_rounds=sabotage_rounds,
        sabotage_drawn=drawn,
        cap_lost=sum(cap_losses(state)),
        cap_lost_before_last=sum(cap_losses(state, last_income=False)),
        tied_airlines=len(tied),
        tied_could_earn_more=sum(could_earn_more(table, seat) for seat in tied),
    )


def measure_balance(players: int, games: int, seed: int, workers: int = 1) -> BalanceReport:
    """Normal self-play over ``games`` games (in ``workers`` processes; 0: one per core)."""
    started = time.perf_counter()
    tallies: list[GameTally] = []
    one = partial(tally_balance_game, players, seed)
    pool = None if workers == 1 else ProcessPoolExecutor(
        max_workers=workers or None, mp_context=get_context("fork"),
        initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN),  # Ctrl+C stops the parent only
    )
    try:
        results = map(one, range(games)) if pool is None else pool.map(one, range(games))
        for tally in results:
            tallies.append(tally)
            print(f"\r{players} players: {len(tallies)}/{games} games, {time.perf_counter() - started:.0f} s",
                  end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    print(file=sys.stderr)
    position_wins = [0.0] * players
    seat_wins = [0.0] * players
    card_games: Counter[str] = Counter()
    card_wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for t in tallies:
        share = 1.0 / len(t.winners)
        for seat in t.winners:
            seat_wins[seat] += share
            position_wins[(seat - t.first) % players] += share
            card_wins[t.kept[seat]] += share
        card_games.update(t.kept)
        endings.update(t.endings)
    return BalanceReport(
        players=players,
        games=len(tallies),
        seed=seed,
        position_wins=position_wins,
        seat_wins=seat_wins,
        card_games=dict(card_games),
        card_wins=dict(card_wins),
        lots_sold=sum(t.lots_sold for t in tallies),
        lots_above_face=sum(t.lots_above_face for t in tallies),
        lots_unsold=sum(t.lots_unsold for t in tallies),
        rounds_with_sales=sum(t.rounds_with_sales for t in tallies),
        rounds_mostly_above_face=sum(t.rounds_mostly_above_face for t in tallies),
        sabotage_rounds=sum(t.sabotage_rounds for t in tallies),
        sabotage_drawn=sum(t.sabotage_drawn for t in tallies),
        endings=dict(endings),
        mean_winning_income=sum(t.winning_income for t in tallies) / max(1, len(tallies)),
        seconds=time.perf_counter() - started,
        cap_lost=sum(t.cap_lost for t in tallies),
        cap_lost_before_last=sum(t.cap_lost_before_last for t in tallies),
        tied_airlines=sum(t.tied_airlines for t in tallies),
        tied_could_earn_more=sum(t.tied_could_earn_more for t in tallies),
    )


def balance_figures(r: BalanceReport) -> list[str]:
    """``figure:`` lines for one player count, each with its verdict."""
    fair = 1.0 / r.players
    out = []
    positions = [w / r.games / fair for w in r.position_wins]
    verdict = "met" if max(positions) <= POSITION_LIMIT else "NOT met"
    shown = ", ".join(f"{i + 1}: {w / r.games:.1%}" for i, w in enumerate(r.position_wins))
    out.append(
        f"figure: balance {r.players}p win share by turn-order position = {shown} "
        f"(fair {fair:.1%}; max {max(positions):.2f}x, target <= {POSITION_LIMIT}x: {verdict})"
    )
    seats = ", ".join(f"{w / r.games:.1%}" for w in r.seat_wins)
    out.append(f"figure: balance {r.players}p win share by seat = {seats}")
    ratios = {name: r.card_wins.get(name, 0.0) / games / fair for name, games in r.card_games.items() if games}
    low, high = CARD_LIMITS
    never = [c.name for c in data().player_cards if r.players in c.players and not r.card_games.get(c.name)]
    verdict = "met" if all(low <= x <= high for x in ratios.values()) and not never else "NOT met"
    shown = ", ".join(
        f"{name} {r.card_wins.get(name, 0.0) / r.card_games[name]:.1%} of {r.card_games[name]} ({ratios[name]:.2f}x)"
        for name in sorted(ratios, key=lambda n: -ratios[n])
    ) + "".join(f", {name} never kept" for name in never)
    out.append(f"figure: balance {r.players}p Player card win share = {shown} (target {low}x-{high}x: {verdict})")
    out.append(
        f"figure: balance {r.players}p auctions = {r.lots_above_face / max(1, r.lots_sold):.1%} of {r.lots_sold} lots sold "
        f"above face value, {r.rounds_mostly_above_face / max(1, r.rounds_with_sales):.1%} of rounds with sales mostly "
        f"above face; {r.lots_unsold} lots unsold"
    )
    out.append(
        f"figure: balance {r.players}p sabotage chosen = {r.sabotage_drawn / max(1, r.sabotage_rounds):.1%} "
        f"of {r.sabotage_rounds} sabotage rounds"
    )
    endings = ", ".join(f"{how} {n}" for how, n in sorted(r.endings.items()))
    capped = sum(n for how, n in r.endings.items() if how.endswith("-cap"))
    ties = sum(n for how, n in r.endings.items() if how != "round-10")
    low, high = wilson_interval(ties, r.games)
    verdict = "met" if ties / max(1, r.games) <= TIE_LIMIT else "NOT met"
    out.append(
        f"figure: balance {r.players}p decided by a tie-breaker or shared = {ties / max(1, r.games):.1%} "
        f"(95% interval {low:.1%}-{high:.1%}; target <= {TIE_LIMIT:.0%}: {verdict})"
    )
    out.append(
        f"figure: balance {r.players}p airlines tied on round 10's income that could have earned more "
        f"with coins no object = {r.tied_could_earn_more} of {r.tied_airlines}"
    )
    seat_games = max(1, r.games * r.players)
    lost, before = r.cap_lost / seat_games, r.cap_lost_before_last / seat_games
    out.append(
        f"figure: balance {r.players}p coins lost to the cap per seat per game = {lost:.1f} "
        f"({before:.1f} before round 10's income; target <= {CAP_LIMIT:g}: "
        f"{'met' if lost <= CAP_LIMIT else 'NOT met'}, {'met' if before <= CAP_LIMIT else 'NOT met'} before round 10's income)"
    )
    out.append(
        f"figure: balance {r.players}p endings = {endings} ({r.games} games, mean winning income "
        f"{r.mean_winning_income:.1f}; {r.seconds:.0f} s; at a cap: {capped})"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (0: one per core)")
    parser.add_argument("--only", choices=sorted(MATCHUPS) + ["balance"], action="append")
    parser.add_argument("--players", type=int, action="append", choices=(2, 3, 4, 5))
    parser.add_argument("--json", help="also write the reports as JSON to this file")
    parser.add_argument("--report", help="print the balance figures of a JSON file written by --json, and stop")
    args = parser.parse_args(argv)
    if args.report:
        with open(args.report, "rb") as f:
            for raw in msgspec.json.decode(f.read()):
                if "position_wins" in raw:
                    print("\n".join(balance_figures(msgspec.convert(raw, BalanceReport))))
        return 0
    reports: list = []
    verdicts: list[str] = []
    for key, (seats_text, level, win_target, p95_target) in MATCHUPS.items():
        if args.only and key not in args.only:
            continue
        report, figures = play_matchup(GAME, seats_text, level, args.games, args.seed, args.workers,
                                       CompetitiveConfig(players=2), win_target, p95_target)
        reports.append(report)
        verdicts.extend(figures)
        rival = seats_text.split(",")[1]
        endings = ", ".join(f"{how} {c.count}" for how, c in report.endings.by_how.items())
        verdicts.append(f"figure: {level} vs {rival} endings = {endings}")
    if not args.only or "balance" in args.only:
        for players in args.players or (2, 3, 4, 5):
            report = measure_balance(players, args.games, args.seed, args.workers)
            reports.append(report)
            lines = balance_figures(report)
            print("\n".join(line.removeprefix("figure: ") for line in lines), flush=True)
            verdicts.extend(lines)
    print("\n".join(verdicts))
    if args.json:
        with open(args.json, "wb") as f:
            f.write(msgspec.json.encode(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
