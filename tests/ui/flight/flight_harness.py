"""A small app that opens one Flight table, with the bundled themes and no bot pauses."""

from __future__ import annotations

import asyncio
import functools
import io
from typing import Callable

from rich.console import Console
from textual.app import App

from flight_tui.bots import make_bot
from flight_tui.rules.flight import FLIGHT, FlightConfig
from flight_tui.table import SeatSpec, Table
from flight_tui.ui.flight import FlightTableScreen
from flight_tui.ui.theming import load_themes, variable_defaults

THEMES, _ = load_themes()


class TableApp(App[None]):
    """Shows ``table`` on a FlightTableScreen (bots move without a pause)."""

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
        self.push_screen(FlightTableScreen(self.table, bot_delay=self.bot_delay))


def make_table(seats: str = "human,normal,normal", seed: int = 7, **config) -> Table:
    """A new table; ``seats`` as on the command line, e.g. ``human:Ann,easy``."""
    specs = []
    for index, text in enumerate(seats.split(",")):
        kind, _, name = text.partition(":")
        specs.append(SeatSpec(kind, name or ("Ann", "Bob", "Cleo", "Dev")[index]))
    return Table(FLIGHT, FlightConfig(players=len(specs), **config), seed, specs)


def play_until(table: Table, stop: Callable[[Table], bool], seed: int = 1, limit: int = 2000) -> None:
    """Let random players take every seat's actions until ``stop(table)`` (a fixed position for a seed)."""
    bots = [make_bot("flight", "random", seed + seat) for seat in range(len(table.seats))]
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


def as_text(widget, width: int = 80) -> str:
    """The plain text a Static widget shows."""
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()
