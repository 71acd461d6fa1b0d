"""A small app that opens one Flight table, with the bundled themes and no bot pauses."""

from __future__ import annotations

import io

from game_harness import GameApp, play_until, run_async, seats
from rich.console import Console

from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.table import Table
from flight_tui.games.flight.ui import FlightTableScreen

__all__ = ["TableApp", "as_text", "make_table", "play_until", "run_async"]


class TableApp(GameApp):
    """Shows ``table`` on a FlightTableScreen (bots move without a pause)."""

    screen_type = FlightTableScreen


def make_table(text: str = "human,normal,normal", seed: int = 7, **config) -> Table:
    """A new table; ``text`` gives the seats as on the command line, e.g. ``human:Ann,easy``."""
    specs = seats(text)
    return Table(FLIGHT, FlightConfig(players=len(specs), **config), seed, specs)


def as_text(widget, width: int = 80) -> str:
    """The plain text a Static widget shows."""
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()
