"""The Load screen reads the save folder in a worker: a loading indicator meanwhile, then the list."""

from __future__ import annotations

import threading

from game_harness import wait_for_workers
from shell_helpers import BROKEN_SLOT, GOOD_SLOT, run_async

from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens import load
from flight_tui.ui.screens.load import LoadScreen

SIZE = (80, 24)


@run_async
async def test_the_load_screen_shows_a_loading_indicator_until_the_saves_are_read(two_saves, monkeypatch):
    released = threading.Event()
    read_saves = load.read_saves
    reading_thread: list[threading.Thread] = []

    def slow_read(store):
        reading_thread.append(threading.current_thread())
        assert released.wait(10), "the test never let the folder be read"
        return read_saves(store)

    monkeypatch.setattr(load, "read_saves", slow_read)
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        listing = screen.query_one("#load-list")
        assert listing.loading and screen.entries == []
        assert reading_thread and reading_thread[0] is not threading.main_thread()
        await pilot.press("enter")  # nothing to load yet: the screen stays
        assert app.screen is screen

        released.set()
        await wait_for_workers(pilot)
        assert not listing.loading
        assert sorted(entry.slot for entry in screen.entries) == sorted([GOOD_SLOT, BROKEN_SLOT])
        assert screen.query_one("#saves").option_count == 2 and screen.selected() is screen.entries[0]


@run_async
async def test_an_empty_folder_says_so_once_read():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_for_workers(pilot)
        screen = app.screen
        assert not screen.query_one("#load-list").loading
        assert "No saves yet" in str(screen.query_one("#load-empty").render())
