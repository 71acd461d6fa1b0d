"""Static widgets that are given the content they already show do nothing.

Textual (8.2)'s ``Static.update`` always refreshes the widget and lays the whole screen out
again, even when the content is the one it shows: a table screen that hands every panel its
content after each move (the hidden ones too) then lays the screen out on every move.
:func:`skip_unchanged_updates` has ``Static.update`` return at once when the new content equals
the content shown (a new object of equal value: text and strings compare by value; the same
object given again may have been changed in place, so it is shown again).
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static

_update = Static.update


def update_if_changed(static: Static, content: VisualType = "", *, layout: bool = True) -> None:
    """Textual's ``Static.update``, skipped when ``content`` equals (and is not) the content shown."""
    shown = static.content
    if content is not shown and type(content) is type(shown) and content == shown:
        return
    _update(static, content, layout=layout)


def skip_unchanged_updates() -> None:
    """Have ``Static.update`` skip content equal to what the widget shows (see the module)."""
    Static.update = update_if_changed
