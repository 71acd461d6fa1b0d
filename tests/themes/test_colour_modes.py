"""The themes work with 16 colours, 256, truecolor and NO_COLOR, in a real pseudo-terminal.

Textual picks the colour system from ``TEXTUAL_COLOR_SYSTEM`` (else from ``COLORTERM`` and
``TERM``); these tests run a small app that shows every card colour, and the game's menu,
and read what they write.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pty_terminal import run_in_terminal, screen_of, screen_text

from flight_tui.ui.theming import REQUIRED_VARIABLES, ROUTE_VARIABLES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

PROBE = Path(__file__).with_name("_probe_app.py")
MODES = {  # mode: (environment, colour kinds that must not appear)
    "16-colours": ({"TEXTUAL_COLOR_SYSTEM": "standard"}, {"256", "truecolor", "grey"}),
    "256-colours": ({"TEXTUAL_COLOR_SYSTEM": "256"}, {"truecolor", "grey"}),
    "truecolor": ({"TEXTUAL_COLOR_SYSTEM": "truecolor"}, {"256"}),
    "no-color": ({"NO_COLOR": "1"}, {"standard", "256", "truecolor", "grey"}),
}
STANDARD_CODES = {*range(30, 38), *range(40, 48), *range(90, 98), *range(100, 108)}


def run_probe(theme: str, **env: str) -> str:
    """What the probe app wrote while showing every card colour under ``theme``."""
    return run_in_terminal([sys.executable, str(PROBE), theme], **env).decode(errors="replace")


def colour_kinds(params: str) -> set[str]:
    """The kinds of colour an SGR sequence sets: standard, 256, truecolor, grey, default."""
    numbers = [int(part) if part else 0 for part in params.split(";")]
    kinds: set[str] = set()
    index = 0
    while index < len(numbers):
        number = numbers[index]
        if number in (38, 48) and numbers[index + 1 : index + 2] == [5]:
            kinds.add("256")
            index += 3
        elif number in (38, 48) and numbers[index + 1 : index + 2] == [2]:
            red, green, blue = numbers[index + 2 : index + 5]
            kinds.add("grey" if red == green == blue else "truecolor")
            index += 5
        else:
            if number in STANDARD_CODES:
                kinds.add("standard")
            elif number in (39, 49):
                kinds.add("default")
            index += 1
    return kinds


def card_styles(output: str) -> dict[str, str]:
    """For each card variable, the SGR parameters in force where its label was drawn."""
    return {
        match.group(2): match.group(1)
        for match in re.finditer(r"\x1b\[([0-9;]*)m<([a-z0-9-]+)>", output)
    }


def all_colour_kinds(output: str) -> set[str]:
    kinds: set[str] = set()
    for params in re.findall(r"\x1b\[([0-9;]*)m", output):
        kinds |= colour_kinds(params)
    return kinds


@pytest.mark.parametrize(("mode", "expected"), [("16-colours", "standard"), ("256-colours", "256"), ("truecolor", "truecolor")])
def test_colour_system_is_respected(mode, expected):
    env, forbidden = MODES[mode]
    output = run_probe("flight-dark", **env)
    styles = card_styles(output)
    assert set(styles) == set(REQUIRED_VARIABLES)
    assert all(expected in colour_kinds(styles[route]) for route in ROUTE_VARIABLES)
    assert not all_colour_kinds(output) & forbidden


@pytest.mark.parametrize("theme", ["flight-dark", "flight-ansi"])
def test_no_color_draws_everything_in_the_terminals_default_colours(theme):
    output = run_probe(theme, NO_COLOR="1", TEXTUAL_COLOR_SYSTEM="truecolor")
    assert set(card_styles(output)) == set(REQUIRED_VARIABLES)
    assert all_colour_kinds(output) <= {"default"}


def test_ansi_theme_writes_the_terminals_own_colours():
    output = run_probe("flight-ansi", TEXTUAL_COLOR_SYSTEM="truecolor")
    styles = card_styles(output)
    # ansi_blue, ansi_red, ansi_yellow, ansi_green are SGR 34, 31, 33, 32.
    for route, code in zip(ROUTE_VARIABLES, ("34", "31", "33", "32")):
        assert code in styles[route].split(";"), (route, styles[route])
        assert colour_kinds(styles[route]) <= {"standard", "default"}


ALL_THEMES = ("flight-dark", "flight-light", "flight-high-contrast", "flight-colour-blind", "flight-ansi")


@pytest.mark.parametrize(
    ("theme", "mode"),
    [
        *[(theme, "16-colours") for theme in ALL_THEMES],
        ("flight-dark", "256-colours"),
        ("flight-light", "truecolor"),
        ("flight-dark", "no-color"),
        ("flight-ansi", "no-color"),
    ],
)
def test_the_game_menu_is_readable_in_every_colour_mode(theme, mode, tmp_path):
    env, forbidden = MODES[mode]
    command = [sys.executable, "-m", "flight_tui", "--data-dir", str(tmp_path / "data"), "--theme", theme]
    output = run_in_terminal(command, until="New game", **env)
    screen = screen_of(output)
    assert "New game" in screen_text(output)
    assert not all_colour_kinds(output.decode(errors="replace")) & forbidden
    for row in screen.buffer.values():
        for char in row.values():
            if char.data.strip() and not is_decoration(char.data):
                assert char.fg != char.bg or char.fg == "default", (char, theme, mode)


def is_decoration(glyph: str) -> bool:
    """Box-drawing and block glyphs (borders, separators) carry no information of their own."""
    return "\u2500" <= glyph <= "\u259f"
