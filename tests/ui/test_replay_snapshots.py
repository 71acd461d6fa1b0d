"""Snapshots of replays at 80x24 and 120x40: a game in progress part-way, a finished one with every hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_replay_pilot import finished_flight

from flight_tui.saves.codec import decode
from flight_tui.ui.app import FlightTuiApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
PASSAPORTAS = Path(__file__).resolve().parents[2] / "saves" / "passaportas-v3.json"


@pytest.mark.parametrize("size", SIZES)
def test_replay_of_a_passaportas_save_part_way(snap_compare, size):
    table = decode(PASSAPORTAS.read_bytes(), "passaportas-v3").table
    assert snap_compare(FlightTuiApp(start="replay", table=table), press=["right"] * 9, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_replay_of_a_finished_flight_match_with_every_hand(snap_compare, size):
    app = FlightTuiApp(start="replay", table=finished_flight())
    assert snap_compare(app, press=["right"] * 8 + ["a"], terminal_size=size)
