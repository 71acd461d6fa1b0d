"""A small app that opens one Passaportas table, with the bundled themes and no bot pauses."""

from __future__ import annotations

import asyncio
import functools
from typing import Callable

from textual.app import App

from flight_tui.bots import make_bot
from flight_tui.rules.passaportas import PASSAPORTAS, PassaportasConfig
from flight_tui.table import SeatSpec, Table
from flight_tui.ui.passaportas import PassaportasTableScreen
from flight_tui.ui.theming import load_themes, variable_defaults

THEMES, _ = load_themes()


class PassaportasApp(App[None]):
    """Shows ``table`` on a PassaportasTableScreen (bots move without a pause)."""

    def __init__(self, table: Table, bot_delay: float = 0.0, theme: str = "flight-dark") -> None:
        super().__init__()
        self.table = table
        self.bot_delay = bot_delay
        for item in THEMES:
            self.register_theme(item)
        self.theme = theme

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return variable_defaults(THEMES)

    def on_mount(self) -> None:
        self.push_screen(PassaportasTableScreen(self.table, bot_delay=self.bot_delay))


def make_table(seats: str = "human,random,random,random", seed: int = 7, **config) -> Table:
    """A new table; ``seats`` as on the command line, e.g. ``human:Ann,random``."""
    specs = []
    for index, text in enumerate(seats.split(",")):
        kind, _, name = text.partition(":")
        specs.append(SeatSpec(kind, name or ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")[index]))
    return Table(PASSAPORTAS, PassaportasConfig(players=len(specs), **config), seed, specs)


def play_until(table: Table, stop: Callable[[Table], bool], seed: int = 1, limit: int = 5000) -> None:
    """Let random players take every seat's moves until ``stop(table)`` (a fixed position for a seed)."""
    bots = [make_bot("passaportas", "random", seed + seat) for seat in range(len(table.seats))]
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
