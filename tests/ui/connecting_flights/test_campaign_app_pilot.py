"""The campaign through the whole app at 80x24: a damaged file, results kept, named saves.

Each test names the defect of issue 9 it guards against (items 9 to 14). Moves are taken
with random legal actions; the move that ends a game goes through the table screen, as a
key press would, so that its end screen shows.
"""

from __future__ import annotations

import random

import pytest
from campaign_harness import (
    damage_keeping_backup,
    fix_new_seeds,
    play,
    play_to_the_end,
    run_async,
    some_progress,
    start_first_scenario,
)
from game_harness import wait_for_workers

from flight_tui.campaigns import load_progress, pending_results
from flight_tui.campaigns.store import campaign_path, save_progress
from flight_tui.saves.atomic import backup_path
from flight_tui.table import Table
from flight_tui.ui.app import FlightTuiApp
from flight_tui.games.connecting_flights.coop.ui.end_screens import CoopEndScreen
from flight_tui.games.connecting_flights.coop.ui.table_screen import CoopTableScreen
from flight_tui.ui.screens.load import LoadScreen
from flight_tui.ui.screens.menu import MenuScreen

SIZE = (80, 24)
CAMPAIGN = "around-the-world"


@pytest.fixture(autouse=True)
def _same_games(monkeypatch):
    fix_new_seeds(monkeypatch)


def messages(app: FlightTuiApp) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def details(app: FlightTuiApp) -> str:
    return str(app.screen.query_one("#details").render())


async def load_named(app: FlightTuiApp, pilot, slot: str) -> Table:
    """From the menu: Load, the named save, Enter."""
    await pilot.press("l")
    assert isinstance(app.screen, LoadScreen)
    await wait_for_workers(pilot)
    index = [entry.slot for entry in app.screen.entries].index(slot)
    await pilot.press(*["down"] * index, "enter")
    await pilot.pause()
    assert isinstance(app.screen, CoopTableScreen)
    return app.current_table()


async def back_to_the_menu(app: FlightTuiApp, pilot) -> None:
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, MenuScreen)


@run_async
async def test_issue9_item9_u_brings_back_the_good_backup_of_a_damaged_campaign_file():
    damage_keeping_backup(some_progress())
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        assert "Its backup copy is good (2 of 7 scenarios won, Rush Hour in progress)." in details(app)
        await pilot.press("u")
        await pilot.pause()
        assert "The backup copy was restored: 2 of 7 scenarios won, Rush Hour in progress." in messages(app)
        assert "!" not in details(app) and "[▶ playing]" in details(app)  # the scenario in progress
        assert load_progress(CAMPAIGN) == some_progress()


@run_async
async def test_issue9_item10_after_setting_aside_a_new_start_writes_once_and_keeps_the_good_copy(monkeypatch):
    damage_keeping_backup(some_progress())
    good = backup_path(campaign_path(CAMPAIGN)).read_bytes()
    writes = []
    real_write = save_progress.__globals__["write_atomic"]

    def counting(path, data, **kwargs):
        writes.append(path.name)
        real_write(path, data, **kwargs)

    monkeypatch.setitem(save_progress.__globals__, "write_atomic", counting)
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "x", "y")
        await pilot.pause()
        (aside,) = campaign_path(CAMPAIGN).parent.glob(f"{CAMPAIGN}.json.broken-*[0-9]")
        await pilot.press("enter")  # a fresh campaign: scenario 1 starts
        await pilot.pause()
        assert isinstance(app.screen, CoopTableScreen)
        assert writes == [f"{CAMPAIGN}.json"]
        assert backup_path(aside).read_bytes() == good


@run_async
async def test_issue9_item11_a_game_ending_while_the_file_is_damaged_is_recorded_after_restoring():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await start_first_scenario(app, pilot)
        save_progress(load_progress(CAMPAIGN))  # the backup copy holds the attempt too
        campaign_path(CAMPAIGN).write_bytes(b"garbage")
        play_to_the_end(app, random.Random(1))
        await pilot.pause()
        assert isinstance(app.screen, CoopEndScreen)
        end = str(app.screen.query_one("#cf-end-text").render())
        assert "Campaign: Scenario 1, First Flights: lost, but not recorded yet." in end
        assert "The result is kept" in end
        assert app.store.list_saves() == [] and len(pending_results(CAMPAIGN)) == 1

        await pilot.press("enter", "a")
        assert "1 finished game waits to be recorded (kept until the file can be used)." in details(app)
        await pilot.press("u")
        await pilot.pause()
        assert "Scenario 1, First Flights: lost. Try it again" in messages(app)
        assert "Attempts 1 · won 0 · lost 1" in details(app) and pending_results(CAMPAIGN) == []


@run_async
async def test_issue9_item11_a_result_that_cannot_be_kept_leaves_the_autosave(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await start_first_scenario(app, pilot)
        campaign_path(CAMPAIGN).write_bytes(b"garbage")
        monkeypatch.setattr("flight_tui.campaigns.pending.write_atomic", refuse)
        play_to_the_end(app, random.Random(1))
        await pilot.pause()
        end = str(app.screen.query_one("#cf-end-text").render())
        assert "could not be recorded" in end and "autosave is kept" in end
        (entry,) = app.store.list_saves()
        assert not app.store.load(entry.slot).is_over()  # resumable: the result is not lost


@run_async
async def test_issue9_item13_enter_on_the_campaign_resumes_the_game_loaded_from_a_named_save():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await start_first_scenario(app, pilot)
        rng = random.Random(1)
        play(table, rng, 5)
        app.store.save("before the storm", table)
        play(table, rng, 5)
        await back_to_the_menu(app, pilot)

        loaded = await load_named(app, pilot, "before the storm")
        play(loaded, rng, 3)
        await back_to_the_menu(app, pilot)
        await pilot.press("a", "enter")  # the scenario in progress: resume it
        await pilot.pause()
        assert app.current_table().state == loaded.state


@run_async
async def test_issue9_item14_an_ending_replayed_from_a_named_save_says_it_is_not_recorded():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        table = await start_first_scenario(app, pilot)
        play(table, random.Random(1), 30)
        app.store.save("round three", table)
        play_to_the_end(app, random.Random(1))
        await pilot.pause()
        assert "Campaign: Scenario 1, First Flights: lost." in str(app.screen.query_one("#cf-end-text").render())
        await pilot.press("enter")
        recorded = load_progress(CAMPAIGN)

        await load_named(app, pilot, "round three")
        play_to_the_end(app, random.Random(2))
        await pilot.pause()
        end = str(app.screen.query_one("#cf-end-text").render())
        assert "this game was recorded when it first ended" in end and "counts once" in end
        assert load_progress(CAMPAIGN) == recorded
