"""Hot-seat hand-off: a full screen that hides the table until the next player is ready."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.ui.keys import key_for
from flight_tui.ui.widgets.footer import Footer

LOOK_AWAY = "Everyone else, look away: the cards stay hidden."


class HandOffScreen(Screen[None]):
    """Covers the whole table with "Pass the keyboard to Bob" until Enter.

    ``note`` is the line under the call (by default: everyone else looks away); a game whose
    hands are all open says something else, or nothing.
    """

    DEFAULT_CSS = """
    HandOffScreen Middle { width: 100%; }
    HandOffScreen #handoff-text {
        width: auto;
        padding: 1 4;
        border: round $accent;
        text-align: center;
    }
    """

    BINDINGS = [Binding("enter,space", "ready", "I'm ready", key_display="Enter", id="hand-off.ready")]

    def __init__(self, player: str, note: str = LOOK_AWAY) -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        text = Text.assemble(
            ("✈  Pass the keyboard to ", "bold"),
            (self.player, "bold reverse"),
            f"\n\n{self.player}, press ",
            (key_for(self, "hand-off.ready"), "bold"),
            " when you are ready.",
        )
        if self.note:
            text.append("\n" + self.note)
        with Middle(), Center():
            yield Static(text, id="handoff-text")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)
