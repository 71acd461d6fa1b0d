"""The log of a game table: the latest entries the viewing seat may read (:class:`LogPanel`),
and the whole log it keeps, to scroll back through (:class:`LogView`)."""

from __future__ import annotations

import textwrap
from typing import Sequence

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from flight_tui.ui.widgets.partial_repaint import PartialRepaint


SINCE_YOUR_TURN = "since your turn"
"""The words on the line above what the others did since the viewer's turn."""


class LogPanel(PartialRepaint):
    """The latest log lines as the viewing seat may read them, newest at the bottom.

    Only whole entries are shown (the newest one is cut at the top if it alone is too long).
    Lines about the viewer (``marked``, by index) start with ``›`` instead of ``·`` and are bold.
    The last ``since`` lines (what the others did since the viewer's turn) are set apart by a
    ``── since your turn ──`` line above them (at the top when they fill the panel).
    """

    DEFAULT_CSS = """
    LogPanel { padding: 0 1; }
    """

    lines: Sequence[str] = ()
    marked: frozenset[int] = frozenset()
    since: int = 0

    def show(self, lines: Sequence[str], marked: frozenset[int] = frozenset(), since: int = 0) -> None:
        if (list(lines), marked, since) == (list(self.lines), self.marked, self.since):
            return
        with self.repainting_changes():
            self.lines, self.marked, self.since = list(lines), marked, since

    def render(self) -> Text:
        width, height = self.size
        since = self.since if 0 < self.since <= len(self.lines) and height > 1 else 0
        first_since = len(self.lines) - since
        if not since:
            rows = self._entries(range(len(self.lines) - 1, -1, -1), width, height)
        else:  # the divider always shows: the older lines make way first
            rows = self._entries(range(len(self.lines) - 1, first_since - 1, -1), width, height - 1)
            rows.insert(0, Text(f" {SINCE_YOUR_TURN} ".center(width, "─")[:width], "dim"))
            if len(rows) < height:
                rows[:0] = self._entries(range(first_since - 1, -1, -1), width, height - len(rows), whole=True)
        return Text("\n").join(rows[-height:] if height else [])

    def _entries(self, indexes: range, width: int, room: int, whole: bool = False) -> list[Text]:
        """The rows of the entries at ``indexes`` (newest first) that fit in ``room`` rows; the
        first one even if it alone is too long (it is cut at the top), unless ``whole``."""
        rows: list[Text] = []
        for index in indexes:
            mark, style = ("› ", "bold") if index in self.marked else ("· ", "")
            wrapped = textwrap.wrap(self.lines[index], width=max(width, 10), initial_indent=mark, subsequent_indent="  ")
            if (rows or whole) and len(rows) + len(wrapped) > room:
                break
            rows[:0] = [Text(row, style) for row in wrapped]
        return rows[-room:] if room > 0 else []


class LogView(VerticalScroll, can_focus=False):
    """The whole log the view keeps, newest at the bottom; ↑ ↓ PgUp PgDn scroll it.

    It opens at its latest line each time it is shown; new lines scroll into sight only while
    the end is in sight (reading back stays put).

    Lines about the viewer (``marked``, by index) start with ``›`` instead of ``·`` and are bold.
    """

    def compose(self) -> ComposeResult:
        yield Static(id="log-all")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.marked: frozenset[int] = frozenset()

    def show(self, lines: Sequence[str], marked: frozenset[int] = frozenset()) -> None:
        if (list(lines), marked) == (self.lines, self.marked):
            return
        self.lines, self.marked = list(lines), marked
        following = self.scroll_y >= self.max_scroll_y
        grid = RichTable.grid(padding=(0, 1))
        grid.add_column(width=1)
        grid.add_column(ratio=1)
        for index, line in enumerate(lines):
            mark, style = ("›", "bold") if index in marked else ("·", "")
            grid.add_row(mark, Text(line, style))
        self.query_one("#log-all", Static).update(grid)
        if following:
            self.call_after_refresh(self.scroll_end, animate=False)  # once the new lines are laid out

    def on_show(self) -> None:
        """Shown again (its view chosen): open at the latest line."""
        self.call_after_refresh(self.scroll_end, animate=False)
