"""The round summary from a seat's view: every coin a round moved, with its cause, adding up."""

from __future__ import annotations

import pytest

from flight_tui.bots import make_bot
from flight_tui.games import get_rules
from flight_tui.games.connecting_flights.competitive.rules.round_summary import round_opening, summarize_round
from flight_tui.games.connecting_flights.competitive.rules.state import CoinsMoved, EventRevealed, RoundStarted
from flight_tui.table import Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve"]


def summaries_seen_by(players: int, seed: int) -> list:
    """Play a game of random bots; after each round's end, the summary seat 0 builds from its view."""
    rules = get_rules("connecting-flights")
    specs = [parse_seat(f"random:{NAMES[s]}", s) for s in range(players)]
    table = Table(rules, rules.make_config(players, {"continents": "first"}), seed, specs, undo=False)
    driver = TurnDriver(table, [BotSeat(make_bot(rules.name, "random", seed + s)) for s in range(players)])
    out, ended = [], 0
    while not table.is_over():
        driver.step()
        view = table.view(0)
        if len(view.coins_after) > ended:
            ended = len(view.coins_after)
            out.append((view, summarize_round(view.log, ended, table.names, 0, view.coins_after)))
    return out


@pytest.mark.parametrize("players,seed", [(3, 5), (5, 3)])
def test_each_airlines_lines_add_up_to_its_change_in_coins_over_the_round(players, seed):
    seen = summaries_seen_by(players, seed)
    assert len(seen) == 10
    for view, summary in seen:
        assert summary is not None and summary.round == len(view.coins_after)
        for seat in summary.seats:
            assert seat.after == view.coins_after[summary.round - 1][seat.seat]
            if summary.round > 1:
                assert seat.before == view.coins_after[summary.round - 2][seat.seat]
            if seat.before is not None:
                assert seat.after - seat.before == seat.change
        incomes = [line for seat in summary.seats for line in seat.lines if line.why.startswith("income")]
        assert len(incomes) == players  # every airline's income, flight by flight


def test_with_five_airlines_what_the_view_no_longer_holds_is_one_earlier_this_round_line():
    seen = summaries_seen_by(5, 3)
    earlier = [line for _, s in seen for seat in s.seats for line in seat.lines if line.why.startswith("earlier this round")]
    assert earlier  # a five-airline round is longer than the view's log


def test_the_last_round_says_who_won():
    view, summary = summaries_seen_by(3, 5)[-1]
    assert summary.round == 10 and summary.closing.startswith("That was the last round. The game is over: ")
    assert round_opening(view.log, 11, ["Ann", "Bob", "Cleo"], 0) is None


def test_an_events_coins_at_once_are_the_rounds_opening():
    for view, _ in summaries_seen_by(3, 5)[:-1]:
        opening = round_opening(view.log, view.round, ["Ann", "Bob", "Cleo"], 0)
        revealed = next(e for e in view.log if isinstance(e, EventRevealed) and e.round == view.round)
        assert opening is not None and opening.event.startswith(get_rules("connecting-flights").describe(revealed, 0, NAMES).removeprefix("Event: "))
        start = next(i for i, e in enumerate(view.log) if isinstance(e, RoundStarted) and e.round == view.round)
        moved = [e for e in view.log[start:] if isinstance(e, CoinsMoved) and e.reason.startswith("event: ")]
        assert len(opening.effects) == len(moved)
