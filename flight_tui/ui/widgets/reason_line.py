"""The line under a game table that says what the cursor is on, or what to do next."""

from __future__ import annotations

from rich.text import Text

from flight_tui.ui.widgets.partial_repaint import PartialRepaint


class ReasonLine(PartialRepaint):
    """What the card (or place) under the cursor is, and why it can't be played (or what to do next).

    Only the cells whose text changed are repainted.
    """

    DEFAULT_CSS = """
    ReasonLine { height: 2; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.message = Text("")

    def show(self, message: Text) -> None:
        with self.repainting_changes():
            self.message = message

    def _rows(self, message: Text) -> list[Text]:
        return list(message.wrap(self.app.console, max(self.size.width, 1)))

    def render(self) -> Text:
        return Text("\n").join(self._rows(self.message))
