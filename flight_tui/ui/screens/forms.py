"""Keyboard-first form controls of the shell's screens, and the screen type for forms.

Nothing here is told by colour alone: a focused choice shows ``<`` and ``>`` around its
value, and the form row holding the focus is marked ``>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

T = TypeVar("T")


class Choice(Widget, Generic[T], can_focus=True):
    """One value out of a few, changed with left/right (or h/l, space); shows ``< value >`` when focused."""

    BINDINGS = [
        Binding("left,h", "step(-1)", "Change", key_display="←/→", id="choice.previous"),
        Binding("right,l,space", "step(1)", "Change", show=False, id="choice.next"),
    ]
    DEFAULT_CSS = """
    Choice {
        width: auto;
        height: 1;
    }
    Choice:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    Choice:disabled {
        color: $text-disabled;
    }
    """

    index: reactive[int] = reactive(0)

    class Changed(Message):
        """The chosen value changed."""

        def __init__(self, choice: Choice[Any], value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice[Any]:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, T]],
        value: T | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.options = list(options)
        values = [v for _, v in self.options]
        self.set_reactive(Choice.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> T:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: T) -> None:
        self.index = [v for _, v in self.options].index(value)

    @property
    def label(self) -> str:
        return self.options[self.index][0]

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return max(len(label) for label, _ in self.options) + 4

    def render(self) -> str:
        width = max(len(label) for label, _ in self.options)
        label = self.label.ljust(width)
        return f"< {label} >" if self.has_focus else f"  {label}  "

    def watch_index(self, index: int) -> None:
        self.post_message(self.Changed(self, self.options[index][1]))

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)

    def on_click(self) -> None:
        self.action_step(1)

    def on_focus(self, event: Any) -> None:
        self.refresh()

    def on_blur(self, event: Any) -> None:
        self.refresh()


class FormScreen(Screen[None]):
    """A screen laid out in ``.field-row`` rows: a ``>`` marker, a label, controls, a hint.

    The row holding the focus gets the ``-current`` class, which shows its ``>`` marker (so
    the focus is not told by colour alone).
    """

    DEFAULT_CSS = """
    FormScreen {
        #form {
            padding: 1 2;
            height: 1fr;
        }
        .field-row {
            height: 1;
            margin-bottom: 1;
        }
        #form.-compact .field-row {
            margin-bottom: 0;
        }
        .field-row > .marker {
            width: 2;
            visibility: hidden;
            color: $accent;
            text-style: bold;
        }
        .field-row.-current > .marker {
            visibility: visible;
        }
        .field-label {
            width: 12;
            text-style: bold;
        }
        .field-label.wide-label {
            width: 16;
        }
        .field-sublabel {
            width: auto;
            margin: 0 1 0 2;
        }
        .field-hint {
            width: 1fr;
            color: $text-muted;
            margin-left: 2;
        }
    }
    """

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        focused = event.widget
        for row in self.query(".field-row"):
            row.set_class(focused in row.children, "-current")
