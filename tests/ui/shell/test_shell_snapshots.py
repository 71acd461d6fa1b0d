"""Snapshots of the shell's screens at 80x24 and 120x40 (and the too-small notice below 80x24)."""

from __future__ import annotations

import pytest
from game_harness import wait_for_workers

from flight_tui.ui.app import FlightTuiApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, size):
    assert snap_compare(FlightTuiApp(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare, size):
    assert snap_compare(FlightTuiApp(), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_of_passaportas_with_six_seats(snap_compare, size):
    """The second game: its player counts, six seats and its own options (no match length)."""
    assert snap_compare(FlightTuiApp(), press=["n", "right", "down", "right", "right"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_of_the_cooperative_mode(snap_compare, size):
    assert snap_compare(FlightTuiApp(), press=["n", "left", "left"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_of_the_competitive_mode(snap_compare, size):
    assert snap_compare(FlightTuiApp(), press=["n", "left"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare, size):
    assert snap_compare(FlightTuiApp(), press=["r"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_help_over_the_menu(snap_compare, size):
    assert snap_compare(FlightTuiApp(), press=["f1"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_settings(snap_compare, size):
    assert snap_compare(FlightTuiApp(), press=["s"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_load_with_a_good_and_a_broken_save(snap_compare, two_saves, size):
    async def open_load(pilot) -> None:
        await pilot.press("l")
        await wait_for_workers(pilot)  # the list is read in a worker: show it finished

    assert snap_compare(FlightTuiApp(), run_before=open_load, terminal_size=size)


@pytest.mark.parametrize("size", [pytest.param((79, 24), id="79x24"), pytest.param((60, 20), id="60x20")])
def test_too_small_notice(snap_compare, size):
    assert snap_compare(FlightTuiApp(), terminal_size=size)
