"""The log of a game table: the latest entries the viewing seat may read."""

from __future__ import annotations

import textwrap
from typing import Sequence

from rich.text import Text

from flight_tui.ui.widgets.partial_repaint import PartialRepaint


class LogPanel(PartialRepaint):
    """The latest log lines as the viewing seat may read them, newest at the bottom.

    Only whole entries are shown (the newest one is cut at the top if it alone is too long).
    Lines about the viewer (``marked``, by index) start with ``›`` instead of ``·`` and are bold.
    """

    DEFAULT_CSS = """
    LogPanel { padding: 0 1; }
    """

    lines: Sequence[str] = ()
    marked: frozenset[int] = frozenset()

    def show(self, lines: Sequence[str], marked: frozenset[int] = frozenset()) -> None:
        if (list(lines), marked) == (list(self.lines), self.marked):
            return
        with self.repainting_changes():
            self.lines, self.marked = list(lines), marked

    def render(self) -> Text:
        width, height = self.size
        rows: list[Text] = []
        for index in range(len(self.lines) - 1, -1, -1):
            mark, style = ("› ", "bold") if index in self.marked else ("· ", "")
            wrapped = textwrap.wrap(self.lines[index], width=max(width, 10), initial_indent=mark, subsequent_indent="  ")
            if rows and len(rows) + len(wrapped) > height:
                break
            rows[:0] = [Text(row, style) for row in wrapped]
        return Text("\n").join(rows[-height:] if height else [])
