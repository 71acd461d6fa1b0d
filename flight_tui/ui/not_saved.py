"""The mark a table screen wears while its game cannot be saved."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

MARK_TEXT = "✗ NOT SAVED"


class NotSavedMark(Horizontal):
    """``✗ NOT SAVED`` in the bottom-right corner, over the footer's last key, until a save works again.

    It sits in the notifications' layer, so the screen's own layout does not move; the row it
    spans is see-through except for the mark itself.
    """

    DEFAULT_CSS = """
    NotSavedMark {
        layer: _toastrack;
        dock: bottom;
        width: 1fr;
        height: 1;
        align-horizontal: right;
        visibility: hidden;
        & > Static {
            visibility: visible;
            width: auto;
            padding: 0 1;
            background: $error;
            color: $text;
            text-style: bold;
        }
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(MARK_TEXT, markup=False)
