"""Modal dialogs: a yes/no question, a one-line text prompt, and what to do with an unsaved game."""

from __future__ import annotations

from typing import TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from flight_tui.ui.keys import key_for
from flight_tui.ui.widgets.footer import Footer

T = TypeVar("T")


class Dialog(ModalScreen[T]):
    """A box in the middle of the screen, over the screen it was opened from."""

    DEFAULT_CSS = """
    Dialog {
        align: center middle;
        .dialog {
            width: 64;
            height: auto;
            border: thick $primary;
            background: $surface;
            padding: 1 2;
        }
        .dialog-text {
            margin-bottom: 1;
        }
        .dialog-hint {
            color: $text-muted;
            margin-top: 1;
        }
        .dialog-buttons {
            height: 1;
            align-horizontal: center;
        }
        .dialog-buttons Button {
            margin: 0 2;
        }
    }
    """


class ConfirmDialog(Dialog[bool]):
    """Ask a yes/no question; dismisses with True for yes."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n/Esc", id="confirm.no"),
    ]

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} ({key_for(self, 'confirm.yes')})", id="yes", variant="primary", compact=True)
                yield Button(f"{self.no} ({key_for(self, 'confirm.no')})", id="no", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class NotSavedDialog(Dialog[str | None]):
    """Closing a game that is not saved: ``"elsewhere"`` (save it in another folder), ``"close"`` (lose it), None (back)."""

    BINDINGS = [
        Binding("s", "answer('elsewhere')", "Save elsewhere", id="not-saved.save-elsewhere"),
        Binding("q", "answer('close')", "Without saving", id="not-saved.close"),
        Binding("escape", "answer(None)", "Back to the game", key_display="Esc", id="not-saved.back"),
    ]

    def __init__(self, problem: str, lost_moves: int, *, closing: str = "Quit") -> None:
        super().__init__()
        self.problem = problem
        self.lost_moves = lost_moves
        self.closing = closing

    def compose(self) -> ComposeResult:
        lost = f" Its last {self.lost_moves} moves are in no save." if self.lost_moves else ""
        text = f"Your game is NOT saved: {self.problem}{lost}\n\nSave it in another folder first?"
        with Vertical(classes="dialog"):
            yield Static(text, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"Save elsewhere ({key_for(self, 'not-saved.save-elsewhere')})", id="elsewhere", variant="primary", compact=True)
                yield Button(f"{self.closing} anyway ({key_for(self, 'not-saved.close')})", id="close", variant="error", compact=True)
                yield Button(f"Back ({key_for(self, 'not-saved.back')})", id="back", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "back" else event.button.id)

    def action_answer(self, choice: str | None) -> None:
        self.dismiss(choice)


class PromptDialog(Dialog[str | None]):
    """Ask for one line of text; dismisses with the text, or None if cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", key_display="Esc", id="prompt.cancel")]

    def __init__(self, question: str, *, value: str = "", placeholder: str = "", max_length: int = 40) -> None:
        super().__init__()
        self.question = question
        self.value = value
        self.placeholder = placeholder
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text")
            yield Input(self.value, placeholder=self.placeholder, max_length=self.max_length, compact=True)
            yield Static(f"Enter to confirm, {key_for(self, 'prompt.cancel')} to cancel", classes="dialog-hint")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
