"""Modal dialogs: a yes/no question and a one-line text prompt."""

from __future__ import annotations

from typing import TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

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
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n/Esc"),
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
                yield Button(f"{self.yes} (y)", id="yes", variant="primary", compact=True)
                yield Button(f"{self.no} (n)", id="no", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PromptDialog(Dialog[str | None]):
    """Ask for one line of text; dismisses with the text, or None if cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", key_display="Esc")]

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
            yield Static("Enter to confirm, Esc to cancel", classes="dialog-hint")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
