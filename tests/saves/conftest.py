"""Tables for the save tests: random games played by random bots."""

from __future__ import annotations

from typing import Callable

import pytest

from flight_tui.bots import make_bot
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.saves import SaveStore
from flight_tui.table import Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver

SEAT_TEXTS = ("human", "normal:Bob", "hard", "easy:Dee")


def random_table(seed: int, players: int = 3, steps: int = 40, hands: int = 0) -> Table:
    """A Flight table after ``steps`` random actions (fewer if the match ends first)."""
    seats = [parse_seat(text, i) for i, text in enumerate(SEAT_TEXTS[:players])]
    config = FlightConfig(players=players, hands=hands) if hands else FlightConfig(players=players)
    table = Table(FLIGHT, config, seed, seats)
    _play(table, [make_bot("flight", "random", seed * 10 + i) for i in range(players)], steps)
    return table


def play_on(table: Table, steps: int, seed: int) -> None:
    """Play ``steps`` more random actions (fewer if the match ends), one random player for every seat."""
    _play(table, [make_bot("flight", "random", seed)] * len(table.seats), steps)


def _play(table: Table, bots: list, steps: int) -> None:
    """Let ``bots`` (one per seat) take up to ``steps`` moves."""
    driver = TurnDriver(table, [BotSeat(bot) for bot in bots])
    for _ in range(steps):
        if driver.step() is None:
            return


@pytest.fixture
def make_table() -> Callable[..., Table]:
    return random_table


@pytest.fixture
def advance() -> Callable[[Table, int, int], None]:
    return play_on


@pytest.fixture
def store(tmp_path) -> SaveStore:
    return SaveStore(tmp_path / "saves")
