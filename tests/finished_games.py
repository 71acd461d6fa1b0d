"""Finished games for the history's tests: random bots play a game to its end from a seed."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from flight_tui.bots import make_bot
from flight_tui.games import get_rules
from flight_tui.table import Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver

SEATS = {
    "flight": "human:Ann,hard,normal",
    "passaportas": "human:Ann,easy,normal",
    "connecting-flights": "human:Ann,normal,normal",
    "connecting-flights-coop": "human:Ann,normal",
}
START = datetime(2026, 1, 1, 12, tzinfo=timezone.utc)


def finished_game(game: str = "flight", seed: int = 1, seats: str | None = None) -> Table:
    """A game of ``game`` that random players took to its end; it began ``seed`` minutes after ``START``."""
    rules = get_rules(game)
    specs = [parse_seat(part, index) for index, part in enumerate((seats or SEATS[game]).split(","))]
    table = Table(rules, rules.make_config(len(specs), {}), seed, specs)
    table.save_identity.created = START + timedelta(minutes=seed)
    driver = TurnDriver(table, [BotSeat(make_bot(game, "random", seed * 10 + seat)) for seat in range(len(specs))])
    driver.play_out()
    assert table.is_over()
    return table
