"""Hot-seat hand-off: a full screen that hides the table until the next player is ready."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static


class HandOffScreen(Screen[None]):
    """Covers the whole table, hand included, with "Pass the keyboard to Bob" until Enter."""

    BINDINGS = [Binding("enter,space", "ready", "I'm ready", key_display="Enter")]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(
                    Text.assemble(
                        ("✈  Pass the keyboard to ", "bold"),
                        (self.player, "bold reverse"),
                        f"\n\n{self.player}, press ",
                        ("Enter", "bold"),
                        " when you are ready.\nEveryone else, look away: the cards stay hidden.",
                    ),
                    id="handoff-text",
                )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)
