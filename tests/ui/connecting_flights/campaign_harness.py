"""A small app that shows the campaign screen and keeps the tables it is asked to open."""

from __future__ import annotations

from game_harness import ThemedApp, run_async
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.campaigns.progress import CampaignProgress, InProgress, ScenarioRecord
from flight_tui.campaigns.store import save_progress
from flight_tui.saves import SaveStore
from flight_tui.table import SeatSpec, Table
from flight_tui.ui.connecting_flights.campaign_screen import CampaignScreen

__all__ = ["CampaignApp", "OpenedTable", "run_async", "some_progress", "write_progress"]


class OpenedTable(Screen[None]):
    """Stands in for the table screen."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static(f"table of {', '.join(self.table.names)}")


class CampaignApp(ThemedApp):
    """The campaign screen over a blank base screen; ``open_table`` shows a stand-in."""

    def __init__(self) -> None:
        super().__init__()
        self.store = SaveStore()
        self.opened: list[Table] = []

    def on_mount(self) -> None:
        self.push_screen(CampaignScreen())

    def open_table(self, table: Table) -> None:
        self.opened.append(table)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(OpenedTable(table))
        self.store.autosave(table)


def some_progress() -> CampaignProgress:
    """Scenarios 1 and 2 won (1 after a loss), 3 in progress with a bot partner."""
    return CampaignProgress(
        campaign="around-the-world",
        records={
            "first-flights": ScenarioRecord(attempts=2, wins=1, losses=1, fewest_rounds=10, most_coins=42, most_delivered=31),
            "old-world": ScenarioRecord(attempts=1, wins=1, fewest_rounds=9, most_coins=15, most_delivered=30),
            "rush-hour": ScenarioRecord(attempts=1),
        },
        in_progress=InProgress(
            scenario="rush-hour", seed=5, seats=[SeatSpec("human", "Ann"), SeatSpec("normal", "Bob")], slot=None
        ),
    )


def write_progress(progress: CampaignProgress | None = None) -> None:
    save_progress(progress or some_progress())
