"""Saving trouble as the player meets it in the app (issue 9: items 1, 2, 3, 6 and 7), driven with Pilot."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from datetime import datetime, timezone

import pytest
from game_harness import wait_for_workers
from other_copies import another_copy_playing, autosave_left_behind
from shell_helpers import messages, new_table, run_async, saves_dir

from flight_tui.saves import SaveStore
from flight_tui.saves import atomic
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.load import LoadScreen
from flight_tui.ui.screens.menu import MenuScreen

SIZE = (80, 24)
FIXED_NOW = datetime(2025, 1, 1, 12, tzinfo=timezone.utc)


class Disk:
    """A disk that can fill up: while ``full``, every save's flush fails with ENOSPC."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        real_fsync = os.fsync

        def fsync(fd: int) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_fsync(fd)

        monkeypatch.setattr(atomic.os, "fsync", fsync)


@pytest.fixture
def disk(monkeypatch) -> Disk:
    from flight_tui.saves import store

    monkeypatch.setattr(store, "_now", lambda: FIXED_NOW)
    return Disk(monkeypatch)


def mark_text(app: FlightTuiApp) -> str | None:
    """The "not saved" mark on the open game's screen, if it is there and showing."""
    from textual.widgets import Static

    for screen in app.screen_stack:
        for mark in screen.query("NotSavedMark Static").results(Static):
            region = mark.region
            if region.width and region.bottom == SIZE[1] and region.right == SIZE[0]:
                return str(mark.render())
    return None


def dialog_text(app: FlightTuiApp) -> str:
    return " ".join(str(widget.render()) for widget in app.screen.query(".dialog-text"))


@run_async
async def test_a_failing_save_leaves_a_mark_on_the_table_until_saving_works_again(stub_table_screen, disk):
    disk.full = True
    app = FlightTuiApp(table=new_table())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert mark_text(app) == "✗ NOT SAVED"
        for _ in range(3):
            app.save_now()
        await pilot.pause()
        assert mark_text(app) == "✗ NOT SAVED"
        assert len([m for m in messages(app) if "No space left on device" in m]) == 1
        disk.full = False
        app.save_now()
        await pilot.pause()
        assert mark_text(app) is None
        assert "The game is saved again." in messages(app)


@run_async
async def test_quitting_an_unsaved_game_says_so_and_ends_with_status_1(stub_table_screen, disk, capsys):
    disk.full = True
    table = new_table()
    app = FlightTuiApp(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        text = dialog_text(app)
        assert "Your game is NOT saved" in text and "No space left on device" in text
        assert "is saved" not in text.replace("NOT saved", "")
        await pilot.press("escape")
        assert isinstance(app.screen, stub_table_screen)
        await pilot.press("ctrl+q", "q")
        await pilot.pause()
    assert app.return_code == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "your game was NOT saved" in err and "No space left on device" in err


@run_async
async def test_an_unsaved_game_can_be_saved_in_another_folder_before_quitting(stub_table_screen, disk, tmp_path, capsys):
    disk.full = True
    table = new_table(seed=21)
    app = FlightTuiApp(table=table)
    rescue = tmp_path / "rescue"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q", "s")
        await pilot.pause()
        disk.full = False  # the other folder is on another disk
        await pilot.press(*str(rescue), "enter")
        await pilot.pause()
    assert app.return_code == 0
    err = " ".join(capsys.readouterr().err.split())
    assert f"your game is saved in {rescue}" in err and f"flight-tui --data-dir {rescue} continue" in err
    rescued = SaveStore(rescue / "saves")
    assert rescued.load(rescued.latest_autosave().slot).seed == 21


@run_async
async def test_the_truth_is_told_even_with_confirm_on_quit_off(stub_table_screen, disk):
    disk.full = True
    app = FlightTuiApp(table=new_table())
    app.settings.confirm_quit = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert "Your game is NOT saved" in dialog_text(app)


@run_async
async def test_leaving_an_unsaved_game_for_the_menu_asks_first(disk):
    from flight_tui.games.flight.ui.table_screen import FlightTableScreen

    disk.full = True
    app = FlightTuiApp(table=new_table(seats=("human", "human")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # past the hand-off screen
        await pilot.pause()
        assert isinstance(app.screen, FlightTableScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert "Your game is NOT saved" in dialog_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, FlightTableScreen)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("your game was NOT saved" in m for m in messages(app))


@run_async
async def test_continue_says_when_the_last_game_cannot_be_read_and_points_to_load(stub_table_screen):
    autosave_left_behind(saves_dir(), new_table(seed=1), "autosave-flight-20250101-120000")
    damaged = autosave_left_behind(saves_dir(), new_table(seed=2), "autosave-flight-20250102-120000")
    path = saves_dir() / f"{damaged}.json"
    path.write_bytes(path.read_bytes()[:200])
    os.utime(path, (2e9, 2e9))  # written after the other one
    app = FlightTuiApp(start="continue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.current_table() is None
        [said] = [m for m in messages(app) if "cannot be read" in m]
        assert damaged in said and "Open Load (l)" in said and "restore its backup" not in said
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen)


@run_async
async def test_continue_refuses_a_game_open_in_another_copy_of_the_app(stub_table_screen):
    slot = autosave_left_behind(saves_dir(), new_table(seed=4))
    with another_copy_playing(saves_dir(), slot):
        app = FlightTuiApp(start="continue")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            assert any("open in another flight-tui" in m for m in messages(app)), messages(app)
    app = FlightTuiApp(start="continue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.current_table().seed == 4


@run_async
async def test_a_hostile_autosave_leaves_the_menu_continue_and_load_usable():
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "autosave-x.json").write_bytes(b'{"format":"flight-tui save","version":2,"state":' + b"[" * 1000 + b"]" * 1000 + b"}")
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        # Python 3.11 stops at the nesting ("nested far too deeply"), 3.13 reads it through and
        # finds no game: either way the file is reported damaged.
        assert any("cannot be read" in m and "damaged" in m for m in messages(app)), messages(app)
        await pilot.press("l")
        await wait_for_workers(pilot)
        assert [entry.slot for entry in app.screen.entries] == ["autosave-x"]


@run_async
async def test_undo_is_still_offered_after_a_hang_up_and_continue():
    from game_harness import play_until

    from flight_tui.games.flight.ui.table_screen import FlightTableScreen

    table = new_table(seed=8, seats=("human", "normal"))
    play_until(table, lambda t: t.to_act() == (0,) and t.can_undo(0) and not t.is_over(), seed=8)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("u")  # undo is offered before the hang-up ...
        await pilot.pause()
        assert not any("Nothing to undo" in m for m in messages(app))
        play_until(table, lambda t: t.can_undo(0), seed=9)
        app.handle_exit_signal(1)
        await pilot.pause()
    moves = len(table.actions)
    app = FlightTuiApp(start="continue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FlightTableScreen)
        assert len(app.current_table().actions) == moves
        await pilot.press("u")
        await pilot.pause()
        assert not any("Nothing to undo" in m for m in messages(app)), messages(app)
        assert len(app.current_table().actions) == moves - 1


@run_async
async def test_the_game_is_held_while_open_and_let_go_when_the_player_leaves_it():
    from flight_tui.games.flight.ui.table_screen import FlightTableScreen

    app = FlightTuiApp(table=new_table(seats=("human", "normal")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FlightTableScreen)
        slot = SaveStore().latest_autosave().slot
        refused = subprocess.run(
            [sys.executable, "-c", f"from flight_tui.saves import SaveStore; SaveStore().load({slot!r})"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "open in another flight-tui" in refused.stderr
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        with another_copy_playing(saves_dir(), slot):
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            assert any("open in another flight-tui" in m for m in messages(app))
