"""The line under a game table that says what the cursor is on, or what to do next."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget


class ReasonLine(Widget):
    """What the card (or place) under the cursor is, and why it can't be played (or what to do next).

    Only the rows whose text changed are repainted (usually one).
    """

    DEFAULT_CSS = """
    ReasonLine { height: 2; padding: 0 1; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.message = Text("")

    def show(self, message: Text) -> None:
        old, new = self._rows(self.message), self._rows(message)
        self.message = message
        changed = [y for y in range(self.size.height) if _row(old, y) != _row(new, y)]
        if changed:
            self.refresh(*(Region(0, y, self.size.width, 1) for y in changed))

    def _rows(self, message: Text) -> list[Text]:
        return list(message.wrap(self.app.console, max(self.size.width, 1)))

    def render(self) -> Text:
        return Text("\n").join(self._rows(self.message))


def _row(rows: list[Text], y: int) -> tuple[str, list]:
    return (rows[y].plain, rows[y].spans) if y < len(rows) else ("", [])
