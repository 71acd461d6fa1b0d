"""A small app that shows the campaign screen and keeps the tables it is asked to open."""

from __future__ import annotations

import copy
import random
from types import SimpleNamespace

from game_harness import ThemedApp, run_async
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.campaigns.progress import CampaignProgress, InProgress, ScenarioRecord
from flight_tui.campaigns.store import campaign_path, save_progress
from flight_tui.saves import SaveStore
from flight_tui.table import SeatSpec, Table
from flight_tui.games.connecting_flights.coop.ui import campaign_screen
from flight_tui.games.connecting_flights.coop.ui.campaign_screen import CampaignScreen
from flight_tui.games.connecting_flights.coop.ui.table_screen import CoopTableScreen

__all__ = [
    "CampaignApp",
    "OpenedTable",
    "damage_keeping_backup",
    "fix_new_seeds",
    "play",
    "play_to_the_end",
    "run_async",
    "some_progress",
    "start_first_scenario",
    "write_progress",
]

CUT_SHORT = b'{"format": "flight-tui campaign", "vers'
"""A campaign file cut short."""


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


def damage_keeping_backup(progress: CampaignProgress | None = None) -> None:
    """A campaign file cut short whose backup copy holds ``progress`` (``some_progress`` by default)."""
    write_progress(progress)
    write_progress(progress)  # the first write becomes the backup copy
    campaign_path("around-the-world").write_bytes(CUT_SHORT)


def fix_new_seeds(monkeypatch, seed: int = 7) -> None:
    """Scenarios started from the campaign screen get ``seed`` (not a random one)."""
    monkeypatch.setattr(campaign_screen, "os", SimpleNamespace(urandom=lambda n: seed.to_bytes(n, "big")))


def play(table: Table, rng: random.Random, actions: int) -> None:
    """``actions`` random legal moves."""
    for _ in range(actions):
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))


def play_to_the_end(app, rng: random.Random) -> None:
    """Random moves to the end; the last one through the table screen (its end screen shows)."""
    table = app.current_table()
    scratch = Table(table.rules, table.config, table.seed, table.seats, state=copy.deepcopy(table.state))
    moves = []
    while not scratch.is_over():
        seat = scratch.to_act()[0]
        action = rng.choice(scratch.legal_actions(seat))
        scratch.submit(seat, action)
        moves.append((seat, action))
    for seat, action in moves[:-1]:
        table.submit(seat, action)
    screen = next(s for s in app.screen_stack if isinstance(s, CoopTableScreen))
    assert screen.submit(moves[-1][1])


async def start_first_scenario(app, pilot) -> Table:
    """From the app's menu: Campaign, Enter (scenario 1 with the crew of one); its table."""
    await pilot.press("a")
    assert isinstance(app.screen, CampaignScreen)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, CoopTableScreen)
    return app.current_table()
