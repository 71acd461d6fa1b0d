"""What the views of a Connecting Flights table tell their table screen."""

from __future__ import annotations

from textual.message import Message


class ActionChosen(Message):
    """The viewer chose an action in a view; the table screen submits it."""

    def __init__(self, action: object) -> None:
        super().__init__()
        self.action = action
