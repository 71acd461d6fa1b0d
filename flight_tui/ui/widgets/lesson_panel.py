"""The lesson's instruction panel, laid over a table screen beside the part it talks about."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.geometry import Offset, Region, Size
from textual.widgets import Static

PANEL_WIDTH = 46
"""Columns of the panel, border included (less on a narrower screen)."""


class Placement(NamedTuple):
    """Where the panel goes: its top-left corner, and the arrow pointing at its target."""

    offset: Offset
    arrow: str


def place(target: Region | None, panel: Size, screen: Size) -> Placement:
    """Put a ``panel`` beside ``target`` on a ``screen`` without covering it or the footer line.

    A wide target gets the panel below it, else above; a narrow one beside it, left first.
    Where nothing fits (or there is no target) the panel goes in the middle.
    """
    bottom = screen.height - 1  # the footer stays visible
    width, height = panel
    centre = Offset(max((screen.width - width) // 2, 0), max((bottom - height) // 2, 0))
    if target is None:
        return Placement(centre, "")

    def across(x: int) -> int:
        return min(max(x, 0), max(screen.width - width, 0))

    def down(y: int) -> int:
        return min(max(y, 0), max(bottom - height, 0))

    right_aligned = across(target.right - width - 1)
    candidates = {
        "below": (target.bottom + height <= bottom, Offset(right_aligned, target.bottom), "↑"),
        "above": (target.y - height >= 0, Offset(right_aligned, target.y - height), "↓"),
        "left": (target.x - width >= 0, Offset(target.x - width, down(target.y)), "→"),
        "right": (target.right + width <= screen.width, Offset(target.right, down(target.y)), "←"),
    }
    order = ("below", "above", "left", "right") if target.width * 2 > screen.width else ("left", "right", "below", "above")
    for side in order:
        fits, offset, arrow = candidates[side]
        if fits:
            return Placement(offset, arrow)
    return Placement(centre, "")


class LessonPanel(Static):
    """The current step's text, with how far the lesson has got and what it waits for."""

    DEFAULT_CSS = """
    LessonPanel {
        position: absolute;
        layer: lesson;
        width: 46;
        height: auto;
        padding: 0 1;
        border: round $accent;
        border-title-align: left;
        border-subtitle-align: right;
        background: $surface;
        color: $text;
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.text = ""

    def say(self, text: str, title: str, subtitle: str) -> None:
        """Show ``text`` with ``title`` and ``subtitle`` in the border."""
        self.text = text
        self.update(Text(text))
        self.border_title = title
        self.border_subtitle = subtitle

    def height_for(self, width: int) -> int:
        """Rows the panel takes at ``width`` columns (border and padding included)."""
        inner = max(width - 4, 1)
        return len(Text(self.text).wrap(self.app.console, inner)) + 2

    def put_beside(self, target: Region | None, screen: Size) -> str:
        """Move the panel beside ``target``; returns the arrow that points at it."""
        width = min(PANEL_WIDTH, screen.width)
        self.styles.width = width
        where = place(target, Size(width, self.height_for(width)), screen)
        self.styles.offset = where.offset
        return where.arrow
