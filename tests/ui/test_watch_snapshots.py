"""Snapshots of a watched game of bots only at 80x24: the line on top, the game below it whole."""

from __future__ import annotations

import pytest
from test_watch_pilot import watched_table

from flight_tui.ui.app import FlightTuiApp


@pytest.mark.parametrize("game", ["flight", "connecting-flights"])
def test_a_watched_table_of_bots(snap_compare, game):
    app = FlightTuiApp(table=watched_table(game))
    app.settings.bot_delay = 1000  # the position stays as dealt while the snapshot is taken
    assert snap_compare(app, terminal_size=(80, 24))
