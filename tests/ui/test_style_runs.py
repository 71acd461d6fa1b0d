"""A line is written with a style sequence only where its look changes, and shows the same cells
as Textual's own writing (each segment styled and reset)."""

from __future__ import annotations

import random

import pyte
import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import ControlType, Segment
from rich.style import Style
from textual import _compositor
from textual.strip import Strip

from flight_tui.ui.painting.style_runs import (
    RunsLayoutUpdate,
    change,
    line_text,
    write_style_runs,
)


def looks() -> list[Style | None]:
    """Looks for one test's lines (new ones each time: Textual keeps a style's codes for the
    colour system it was first written in)."""
    return [
        None,
        Style(),
        Style(bgcolor="grey11"),
        Style(color="grey89", bgcolor="grey11"),
        Style(bold=True, color="grey89", bgcolor="grey11"),
        Style(bold=True, dim=True, color="red", bgcolor="grey11"),
        Style(dim=True, color="red"),
        Style(italic=True, color="blue", bgcolor="grey11"),
        Style(underline=True, color="grey89", bgcolor="grey11"),
        Style(reverse=True, color="purple4", bgcolor="grey11"),
        Style(strike=True, bgcolor="dark_cyan"),
        Style(bold=True, underline=True, color="hot_pink3", bgcolor="grey11"),
        Style(bgcolor="dark_cyan"),
        Style(color="red", bgcolor="dark_cyan"),
        Style(overline=True, color="red"),
    ]


EIGHT_BIT = ColorSystem.EIGHT_BIT
WORDS = ["  ", "    ", " ", "Next card", "← / h", "x", "▏", "✈★★"]


def cells(output: str, width: int = 60) -> list[tuple]:
    """What a terminal shows of the first line after ``output``: per cell, its character and
    every part of its look a space shows only when something is drawn across it."""
    screen = pyte.Screen(width, 2)
    pyte.Stream(screen).feed(output)
    shown = []
    for x in range(width):
        c = screen.buffer[0][x]
        marked = c.reverse or c.underscore or c.strikethrough
        looks = (c.bg, c.reverse, c.underscore, c.strikethrough)
        if c.data != " " or marked:
            looks += (c.fg, c.bold, c.italics)
        shown.append((c.data, *looks))
    return shown


def textual_writing(strips: list[Strip], console: Console) -> str:
    """Textual's own writing of a line: every segment styled, then reset."""
    return "".join(strip.render(console) for strip in strips)


@pytest.mark.parametrize("color_system", ["standard", "256", "truecolor"])
def test_random_lines_show_the_same_cells_as_textuals_writing(color_system):
    console = Console(force_terminal=True, color_system=color_system, width=120)
    rng, palette = random.Random(5), looks()
    for _ in range(400):
        strips = []
        for _ in range(rng.randint(1, 3)):
            strips.append(Strip([Segment(rng.choice(WORDS), rng.choice(palette)) for _ in range(rng.randint(1, 5))]))
        ours, theirs = line_text(strips, console), textual_writing(strips, console)
        assert cells(ours) == cells(theirs), (strips, ours)
        assert len(ours) <= len(theirs)
        assert cells(ours + "z")[len(Strip.join(strips).text)][1:5] == cells("z")[0][1:5]  # the default look after the line


def test_a_style_sequence_comes_only_where_the_look_changes():
    console = Console(force_terminal=True, color_system="256", width=120)
    pad, key, words = (
        Style(bgcolor="grey11"),
        Style(bold=True, color="grey89", bgcolor="grey11"),
        Style(color="grey89", bgcolor="grey11"),
    )
    line = Strip(
        [
            Segment("    ", pad),
            Segment("← / h", key),
            Segment("  ", key),
            Segment("Previous card", words),
            Segment("   ", pad),
        ]
    )
    text = line_text([line], console)
    assert text.count("\x1b[") == 3  # the key (the padding before it takes its look), bold off, the reset at the end
    assert "\x1b[22m" in text  # only the bold is turned off before the description


def test_a_change_is_written_whole_when_that_is_shorter_or_no_code_turns_it_off():
    assert change(Style(bold=True, color="red"), Style(bold=True, color="red"), EIGHT_BIT) == ""
    assert change(Style(color="red"), Style(color="blue"), EIGHT_BIT) in (
        "\x1b[34m",
        "\x1b[38;5;4m",
    )
    assert change(Style(overline=True), Style(color="red"), EIGHT_BIT).startswith("\x1b[0;")  # no code here turns overline off
    red = dict(color="red", bgcolor="grey11")
    assert change(Style(bold=True, dim=True, **red), Style(dim=True, **red), EIGHT_BIT) == "\x1b[22;2m"  # 22 turns both off: dim again
    assert change(None, Style(bold=True), EIGHT_BIT) == "\x1b[1m"  # a line starts in the default look


def test_the_app_has_textual_build_whole_updates_as_runs():
    original = _compositor.LayoutUpdate
    try:
        write_style_runs()
        assert _compositor.LayoutUpdate is RunsLayoutUpdate
    finally:
        _compositor.LayoutUpdate = original


def test_a_control_segment_is_written_as_it_is_where_it_is():
    console = Console(force_terminal=True, color_system="256", width=120)
    hide = Segment("\x1b[?25l", None, [(ControlType.HIDE_CURSOR,)])
    text = line_text([Strip([Segment("ab", Style(bold=True)), hide, Segment("cd", Style(bold=True))])], console)
    assert text == "\x1b[1mab\x1b[?25lcd\x1b[0m"
