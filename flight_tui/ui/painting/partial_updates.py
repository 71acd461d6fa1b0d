"""Partial screen updates that send the terminal only the changed span of each line.

When part of a line changes, Textual (8.2) writes that line from the left edge of the widget
the change is in up to the end of the change: a card drawn at the right of the hand re-sends
every card to its left. :class:`CroppedChopsUpdate` starts each line at the first changed
cell instead (at the start of the character there, so a wide character is never cut in
half), with one cursor move for the widgets side by side in the span. What ends up on the
screen is the same; fewer bytes go to the terminal (over SSH too).
:func:`crop_partial_updates` makes Textual's compositor build these updates.
"""

from __future__ import annotations

from rich.cells import get_character_cell_size
from rich.console import Console
from rich.control import Control
from textual import _compositor
from textual.strip import Strip

from flight_tui.ui.painting.style_runs import line_text


def character_start(strip: Strip, offset: int) -> int:
    """The cell where the character covering cell ``offset`` of ``strip`` starts."""
    position = 0
    for segment in strip:
        if segment.control:
            continue
        for character in segment.text:
            width = get_character_cell_size(character)
            if position + width > offset:
                return position
            position += width
    return position


class CroppedChopsUpdate(_compositor.ChopsUpdate):
    """Textual's partial update, each changed line cropped to its changed span on both sides,
    the span written after one cursor move (the widgets side by side in it need none of their
    own) as runs of one look (:func:`~flight_tui.ui.painting.style_runs.line_text`)."""

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
        append = sequences.append
        last_y = self.spans[-1][0]
        for y, x1, x2 in self.spans:
            run: list[Strip] = []
            start = reached = -1
            for end, (x, strip) in zip(self.chop_ends[y], self.chops[y].items()):
                if strip is None or x > x2 or end <= x1:
                    continue
                left = character_start(strip, x1 - x) if x < x1 else 0
                if x + left != reached:  # not where the run so far ends: a run of its own
                    if run:
                        append(Control.move_to(start, y).segment.text + line_text(run, console))
                    run, start = [], x + left
                run.append(strip.crop(left, min(end, x2) - x))
                reached = min(end, x2)
            if run:
                append(Control.move_to(start, y).segment.text + line_text(run, console))
            if y != last_y:
                append("\n")
        return "".join(sequences)


def crop_partial_updates() -> None:
    """Have Textual's compositor build :class:`CroppedChopsUpdate` for partial updates."""
    _compositor.ChopsUpdate = CroppedChopsUpdate
