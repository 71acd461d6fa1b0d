"""A game's chart in a real pseudo-terminal, in 16 colours, 256, truecolor and under NO_COLOR:
each player's line keeps its own marker at every round, named in the legend, so no colour is needed to read it."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from finished_games import finished_game
from pty_terminal import PseudoTerminal, flight_tui
from test_colour_modes import MODES, all_colour_kinds

from flight_tui.history import HistoryStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


@pytest.mark.parametrize(
    ("theme", "mode"),
    [("flight-ansi", "16-colours"), ("flight-light", "256-colours"), ("flight-dark", "truecolor"), ("flight-dark", "no-color")],
)
def test_the_chart_is_readable_in_every_colour_mode(theme, mode, tmp_path):
    env, forbidden = MODES[mode]
    HistoryStore(tmp_path / "data" / "history").add(finished_game("connecting-flights", 1))
    with PseudoTerminal(flight_tui("--data-dir", str(tmp_path / "data"), "--theme", theme), **env) as terminal:
        assert terminal.wait_for("New game")
        os.write(terminal.controller, b"h")
        assert terminal.wait_for("newest first")
        os.write(terminal.controller, b"c")
        assert terminal.wait_for("Income of each round")
        terminal.read(0.5)
        text = terminal.screen_text()
        terminal.send_signal(signal.SIGTERM)
        terminal.wait(30)
    for marker, name in zip("●■▲", ("Ann", "Bob", "Cleo")):
        assert f"{marker} {name}" in text, text  # the legend names each marker
        assert text.count(marker) > 10  # and it marks every round on both charts
    assert not all_colour_kinds(terminal.output.decode(errors="replace")) & forbidden
