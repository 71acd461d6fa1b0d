"""The two bars on top of a Connecting Flights table: the status line and the views' tab line."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from flight_tui.ui.keys import key_for


class TabLine(Widget):
    """``1 Board  2 Hand  3 Market  4 Fly``: the view shown is marked ``▸`` and reversed.

    ``views`` are ``(name, label)`` in key order; the key of view ``name`` is binding
    ``{mode}.{name}``'s.
    """

    def __init__(self, views: Sequence[tuple[str, str]], mode: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.views = list(views)
        self.mode = mode
        self.current = self.views[0][0]
        self.labels = dict(self.views)

    def show(self, current: str, labels: dict[str, str]) -> None:
        if (current, labels) != (self.current, self.labels):
            self.current, self.labels = current, dict(labels)
            self.refresh()

    def render(self) -> Text:
        text = Text(" ")
        for key, _ in self.views:
            label = f"{key_for(self, f'{self.mode}.{key}')} {self.labels[key]}"
            if key == self.current:
                text.append(f"▸{label} ", Style(bold=True, reverse=True))
            else:
                text.append(f" {label} ")
            text.append(" ")
        return text


class StatusLine(Widget):
    """The game's state on the left (coins, round, phase, whose go), something on the right.

    The left part comes first: when both do not fit the width, the right part is left out,
    and a left part wider than the line ends in ``…``.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.left = ""
        self.right = ""

    def show(self, left: str, right: str) -> None:
        if (left, right) != (self.left, self.right):
            self.left, self.right = left, right
            self.refresh()

    def render(self) -> Text:
        width = self.size.width
        gap = width - cell_len(self.left) - cell_len(self.right)
        if gap >= 1:
            return Text(self.left + " " * gap + self.right)
        text = Text(self.left, no_wrap=True)
        text.truncate(width, overflow="ellipsis")
        return text
