"""A change of focus does not repaint the whole screen.

Textual (8.2) keeps a screen's focused widget in a reactive value that repaints the whole
screen when it changes, so moving the focus (a table opening another phase's view) sends the
terminal every cell again. What a focus change alters Textual repaints anyway: the widget that
lost the focus and the one that took it (on their Blur and Focus) and the widgets whose styles
match ``:focus`` or ``:focus-within`` rules. :func:`repaint_focus_changes` keeps the reactive
value from repainting the screen too.
"""

from __future__ import annotations

from textual.screen import Screen


def repaint_focus_changes() -> None:
    """Have a focus change repaint only what it changes, not the whole screen (see the module)."""
    Screen.__dict__["focused"]._repaint = False
