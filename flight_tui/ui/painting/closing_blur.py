"""A widget that loses the focus as its screen closes is not styled again.

Textual (8.2) styles a widget and everything in it again whenever it gains or loses the focus
(its look may depend on ``:focus``). A screen that closes takes the focus from its focused
widget, so the widget is styled again just before the screen goes: for the rules, whose
focused scroll holds the whole text, about 200 widgets. :func:`skip_styling_closed_screens`
leaves out that styling when the widget's screen is no longer on the screen stack; a screen
shown again is styled whole as it is shown, as Textual does.
"""

from __future__ import annotations

from textual.dom import NoScreen
from textual.widget import Widget

_watch_has_focus = Widget.watch_has_focus


def watch_has_focus_unless_closed(widget: Widget, has_focus: bool) -> None:
    """Textual's styling of a widget that gains or loses the focus, unless its screen has closed."""
    try:
        screen = widget.screen
    except NoScreen:
        return
    if screen in widget.app.screen_stack:
        _watch_has_focus(widget, has_focus)


def skip_styling_closed_screens() -> None:
    """Have a widget of a closed screen not styled again as it loses the focus (see the module)."""
    Widget.watch_has_focus = watch_has_focus_unless_closed
