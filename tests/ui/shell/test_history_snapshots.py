"""Snapshots of the History screen (games, then standings) and of a game's chart, at 80x24 and 120x40."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from finished_games import finished_game
from game_harness import wait_until

from flight_tui.history import HistoryStore
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.chart import ChartScreen

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
GAMES = ("flight", "passaportas", "connecting-flights", "connecting-flights-coop", "flight")


@pytest.fixture
def history(utc) -> None:
    store = HistoryStore()
    for seed, game in enumerate(GAMES, 1):
        store.add(finished_game(game, seed), finished=datetime(2026, 2, 1, 18, seed, tzinfo=timezone.utc))


async def open_history(pilot) -> None:
    await pilot.press("h")
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "read", False))


@pytest.mark.parametrize("size", SIZES)
def test_history(snap_compare, history, size):
    assert snap_compare(FlightTuiApp(), run_before=open_history, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_history_standings_of_one_game(snap_compare, history, size):
    async def standings(pilot) -> None:
        await open_history(pilot)
        await pilot.press("f", "f", "f", "p")  # Connecting Flights (cooperative), (competitive), Flight

    assert snap_compare(FlightTuiApp(), run_before=standings, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["flight", "connecting-flights"])
def test_chart(snap_compare, history, size, game):
    async def chart(pilot) -> None:
        await open_history(pilot)
        await pilot.press(*["down"] * (4 if game == "flight" else 2), "c")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, ChartScreen))

    assert snap_compare(FlightTuiApp(), run_before=chart, terminal_size=size)
