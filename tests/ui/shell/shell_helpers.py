"""Helpers shared by the app shell tests."""

from __future__ import annotations

from pathlib import Path

from async_tests import run_async  # noqa: F401  (the shell tests import it from here)
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from flight_tui import paths
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.table import Table, parse_seat

EXAMPLE_SAVE = Path(__file__).resolve().parents[3] / "saves" / "flight-v1.json"
FIXED_TIME = 1_700_000_000  # 2023-11-14 22:13:20 UTC
GOOD_SLOT = "Sunday match"
BROKEN_SLOT = "torn page"


def saves_dir() -> Path:
    return paths.data_dir() / "saves"


def new_table(seed: int = 7, seats: tuple[str, ...] = ("human", "normal", "hard")) -> Table:
    """A fresh Flight table with these seat kinds (named Ann, Bob, Cleo, Dev)."""
    specs = [parse_seat(kind, index) for index, kind in enumerate(seats)]
    return Table(FLIGHT, FlightConfig(players=len(specs)), seed, specs)


def messages(app) -> list[str]:
    """The notifications the app has shown (and not yet taken away)."""
    return [str(n.message) for n in app._notifications]


class StubTableScreen(Screen[None]):
    """Stands in for the Flight table: holds the table and offers game commands."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.undone = 0

    def compose(self) -> ComposeResult:
        yield Static(f"table of {', '.join(self.table.names)}")
        yield Footer()

    def game_commands(self):
        return [("Undo", "Take back your last card", self.undo)]

    def undo(self) -> None:
        self.undone += 1


