"""Static widgets that are given new content lay the screen out only when their size may change.

Textual (8.2)'s ``Static.update`` always refreshes the widget and, unless told ``layout=False``,
lays the whole screen out again, even when the content is the one it shows or takes the same
room: a table screen that hands every panel its content after each move (the hidden ones too)
then lays the screen out on every move. :func:`skip_unchanged_updates` has ``Static.update``

* return at once when the new content equals the content shown (a new object of equal value:
  text and strings compare by value; the same object given again may have been changed in
  place, so it is shown again);
* otherwise repaint the widget, and lay the screen out only when its size may change: not for
  a widget on screen whose width does not follow its content and whose new content takes as
  many lines at that width as the content before.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.ui.painting.single_layout import as_wide_as_its_place

_update = Static.update


def update_if_changed(static: Static, content: VisualType = "", *, layout: bool = True) -> None:
    """Textual's ``Static.update``, skipped when ``content`` equals (and is not) the content
    shown, and laying the screen out only when the widget's size may change."""
    shown = static.content
    if content is not shown and type(content) is type(shown) and content == shown:
        return
    if not layout or not _fixed_width_and_shown(static):
        _update(static, content, layout=layout)
        return
    before = _content_height(static)
    _update(static, content, layout=False)
    if _content_height(static) != before:
        static.refresh(layout=True)


def _fixed_width_and_shown(static: Static) -> bool:
    """Whether ``static`` is on screen with a width that does not follow its content.

    (A hidden widget is laid out as Textual does: its size is kept until a layout, so one that
    is shown later must have been told its content changed size.)"""
    return static.is_mounted and static.size.area > 0 and as_wide_as_its_place(static)


def _content_height(static: Static) -> int:
    """The height ``static``'s content takes at the width it has."""
    parent = static.parent if isinstance(static.parent, Widget) else static.screen
    return static.get_content_height(parent.size, static.app.size, static.content_size.width)


def skip_unchanged_updates() -> None:
    """Have ``Static.update`` skip content equal to what the widget shows and lay the screen out
    only when the widget's size may change (see the module)."""
    Static.update = update_if_changed
