"""A widget that repaints only the cells that changed, so that a move sends little to the terminal.

Textual repaints a whole widget on ``refresh()``, and a panel redrawn after every move costs
its full size in bytes on every move, over SSH too. A :class:`PartialRepaint` widget changes
what it shows inside :meth:`~PartialRepaint.repainting_changes`: the content is drawn before
and after, compared cell by cell, and only the span of each line that differs is refreshed
(``refresh(Region)``), and :mod:`flight_tui.ui.painting.partial_updates` has Textual write only those
spans to the terminal. Nothing is refreshed when nothing changed.

The content before the change is taken from what Textual last painted of the widget when that is
still what the screen shows (nothing waits to be repainted, the size is the same), and the
content drawn after the change is what Textual paints next (unless something else refreshes the
widget first): a change draws the widget once, not three times.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from rich.cells import get_character_cell_size
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget, _RenderCache

Cell = tuple[str, Style | None]


def cells(strip: Strip) -> list[Cell]:
    """A line as its cells: (character, style); a wide character's second cell is ``("", style)``."""
    out: list[Cell] = []
    for text, style, _control in strip:
        for character in text:
            out.append((character, style))
            if get_character_cell_size(character) == 2:
                out.append(("", style))
    return out


UNCHANGED_GAP = 8
"""Unchanged cells between two changes of a line that make them two regions: sending the cells
between them would cost more than moving the cursor (a few bytes) and setting the style again."""


def changed_regions(before: Sequence[Strip], after: Sequence[Strip]) -> list[Region]:
    """For each line that differs, the regions of its changed cells: one from the first to the
    last changed cell, split where :data:`UNCHANGED_GAP` or more cells in between did not change."""
    regions = []
    blank: list[Cell] = []
    for y in range(max(len(before), len(after))):
        old = cells(before[y]) if y < len(before) else blank
        new = cells(after[y]) if y < len(after) else blank
        if old == new:
            continue
        width = max(len(old), len(new))
        differs = [x for x in range(width) if (old[x] if x < len(old) else None) != (new[x] if x < len(new) else None)]
        start = previous = differs[0]
        for x in differs[1:]:
            if x - previous > UNCHANGED_GAP:
                regions.append(Region(start, y, previous + 1 - start, 1))
                start = x
            previous = x
        regions.append(Region(start, y, previous + 1 - start, 1))
    return regions


class PartialRepaint(Widget):
    """A widget whose changes repaint only the cells that differ (see the module's docstring).

    Subclasses draw with ``render()``; a Line API subclass overrides :meth:`content_lines`.
    """

    _drawn: _RenderCache | None = None
    """The content drawn by the last change, for Textual's next paint of the widget."""

    def content_lines(self) -> list[Strip]:
        """The content area as it would be painted now, one strip per line."""
        width, height = self.size
        return Visual.to_strips(self, visualize(self, self.render()), width, height, self.visual_style)

    def painted_lines(self) -> list[Strip]:
        """The content area as the screen shows it: Textual's last paint of the widget while
        nothing waits to be repainted and the size is the same, else drawn again."""
        painted = self._render_cache
        if painted.size == self.size and not self._dirty_regions and type(self).render_line is Widget.render_line:
            return painted.lines
        return self.content_lines()

    @contextmanager
    def repainting_changes(self) -> Iterator[None]:
        """Change what the widget shows inside this block; afterwards only what differs is repainted.

        Before the widget has a size (not yet laid out), the whole widget is refreshed.
        """
        if not self.is_mounted or not self.size.area:
            yield
            self.refresh()
            return
        before = self.painted_lines()
        yield
        after = self.content_lines()
        regions = changed_regions(before, after)
        if regions:
            self.refresh(*regions)
            self._drawn = _RenderCache(self.size, after)

    def refresh(self, *regions: Region, **kwargs) -> "PartialRepaint":
        """Textual's refresh; what the last change drew is drawn again (something else changed)."""
        self._drawn = None
        return super().refresh(*regions, **kwargs)

    def _render_content(self) -> None:
        """Textual's drawing of the whole content, which takes what the last change drew if it can."""
        drawn, self._drawn = self._drawn, None
        if drawn is None or drawn.size != self.size:
            super()._render_content()
            return
        self._render_cache = drawn
        self._dirty_regions.clear()

    def show_border_title(self, title: str) -> None:
        """Set the border title, repainting only the border line that holds it.

        Textual repaints the whole widget whenever ``border_title`` is set, even to the same
        text. Before the widget has a size, the title is set the usual way.
        """
        if title == getattr(self, "_shown_title", None):
            return
        self._shown_title = title
        if not self.is_mounted or not self.size.area:
            self.border_title = title
            return
        # What the border_title setter stores, without its refresh of the whole widget.
        self._border_title = self.render_str(title).expand_tabs(4).split()[0]
        offset = self.content_offset
        self.refresh(Region(-offset.x, -offset.y, self.outer_size.width, 1))

