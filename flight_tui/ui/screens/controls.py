"""The option list of the shell's screens, keyboard-first: the highlighted option carries a
``>`` marker (not told by colour alone), and j/k move too. The form controls are in
:mod:`flight_tui.ui.screens.forms` (the menu, which must paint fast, needs only this).
"""

from __future__ import annotations

from rich.segment import Segment
from textual.binding import Binding
from textual.strip import Strip
from textual.widgets import OptionList

MARKER = "> "


class MarkedOptionList(OptionList):
    """An option list whose highlighted option starts with a ``>`` marker; j/k move too."""

    BINDINGS = [
        Binding("enter", "select", "Select", id="list.select"),
        Binding("j", "cursor_down", "Down", show=False, id="list.down"),
        Binding("k", "cursor_up", "Up", show=False, id="list.up"),
    ]
    DEFAULT_CSS = """
    MarkedOptionList > .option-list--option {
        padding: 0 1 0 2;
    }
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        highlighted = self.highlighted
        if highlighted is None or self.options[highlighted].disabled:
            return strip
        first_line = self._index_to_line.get(highlighted)
        if first_line is None or self.scroll_offset.y + y != first_line:
            return strip
        head = list(strip.crop(0, len(MARKER)))
        style = head[0].style if head else None
        return Strip.join([Strip([Segment(MARKER, style)], len(MARKER)), strip.crop(len(MARKER))])
