"""The line above a table that is replayed or watched rather than played."""

from __future__ import annotations

from rich.text import Text

from flight_tui.ui.widgets.partial_repaint import PartialRepaint


class HeadBar(PartialRepaint):
    """One line over the game's own table: a replay's position and last move, or whose view
    of a game of bots only is being watched."""

    DEFAULT_CSS = """
    HeadBar { height: 1; padding: 0 1; background: $primary-muted; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = Text("")

    def show(self, text: Text) -> None:
        with self.repainting_changes():
            self.text = text

    def render(self) -> Text:
        line = self.text.copy()
        line.truncate(max(self.size.width, 1), overflow="ellipsis")
        return line
