"""Tables for the save tests: random games played by random bots."""

from __future__ import annotations

from typing import Callable

import pytest

from flight_tui.bots import make_bot
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.saves import SaveStore
from flight_tui.table import Table, parse_seat

SEAT_TEXTS = ("human", "normal:Bob", "hard", "easy:Dee")


def random_table(seed: int, players: int = 3, steps: int = 40, hands: int = 0) -> Table:
    """A Flight table after ``steps`` random actions (fewer if the match ends first)."""
    seats = [parse_seat(text, i) for i, text in enumerate(SEAT_TEXTS[:players])]
    config = FlightConfig(players=players, hands=hands) if hands else FlightConfig(players=players)
    table = Table(FLIGHT, config, seed, seats)
    bots = [make_bot("flight", "random", seed * 10 + i) for i in range(players)]
    for _ in range(steps):
        if table.is_over():
            break
        seat = table.to_act()[0]
        table.submit(seat, bots[seat].choose(table.view(seat)))
    return table


def play_on(table: Table, steps: int, seed: int) -> None:
    """Play ``steps`` more random actions (fewer if the match ends)."""
    bot = make_bot("flight", "random", seed)
    for _ in range(steps):
        if table.is_over():
            return
        seat = table.to_act()[0]
        table.submit(seat, bot.choose(table.view(seat)))


@pytest.fixture
def make_table() -> Callable[..., Table]:
    return random_table


@pytest.fixture
def advance() -> Callable[[Table, int, int], None]:
    return play_on


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path / "saves")
