"""A small app that opens one Connecting Flights cooperative table, with the bundled themes."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable

from textual.app import App

from flight_tui.bots import make_bot
from flight_tui.rules import get_rules
from flight_tui.table import SeatSpec, Table
from flight_tui.ui.connecting_flights.table_screen import CoopTableScreen
from flight_tui.ui.theming import load_themes, variable_defaults

THEMES, _ = load_themes()
GAME = "connecting-flights-coop"


class CoopApp(App[None]):
    """Shows ``table`` on a CoopTableScreen (bots move without a pause)."""

    def __init__(self, table: Table, bot_delay: float = 0.0) -> None:
        super().__init__()
        self.table = table
        self.bot_delay = bot_delay
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = "flight-dark"

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return variable_defaults(THEMES)

    def on_mount(self) -> None:
        self.push_screen(CoopTableScreen(self.table, bot_delay=self.bot_delay))


def make_table(seats: str = "human:Ann", seed: int = 7, difficulty: str = "easy") -> Table:
    """A new table; ``seats`` as on the command line, e.g. ``human:Ann,normal:Bob``."""
    specs = []
    for index, text in enumerate(seats.split(",")):
        kind, _, name = text.partition(":")
        specs.append(SeatSpec(kind, name or ("Ann", "Bob", "Cleo")[index]))
    rules = get_rules(GAME)
    config = rules.make_config(len(specs), {"difficulty": difficulty})
    return Table(rules, config, seed, specs)


def take_suggested_starts(table: Table) -> None:
    """Every seat takes the starting flight the rules suggest."""
    while table.view(0).phase == "setup":
        seat = table.to_act()[0]
        table.submit(seat, table.rules.suggest_start(table.view(seat), seat))


def play_until(table: Table, stop: Callable[[Table], bool], seed: int = 1, limit: int = 3000) -> None:
    """Let random players take every seat's actions until ``stop(table)`` (a fixed position for a seed)."""
    bots = [make_bot(GAME, "random", seed + seat) for seat in range(len(table.seats))]
    for _ in range(limit):
        if stop(table):
            return
        seat = table.to_act()[0]
        table.submit(seat, bots[seat].choose(table.view(seat)))
    raise AssertionError("the position asked for never came")


def run_async(test):
    """Run an ``async def`` test with asyncio (keeps the test's fixtures and parameters)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))

    return run
