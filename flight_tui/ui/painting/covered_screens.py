"""A screen wholly covered by an opaque screen does not paint.

Textual (8.2) counts the screen under the top one as visible through it (its "background
screens") even when the top screen's background is opaque: that screen is repainted when a
screen is pushed over it, and each change to it repaints the top screen over the same cells.
A table whose round summary covers it then paints the summary twice. :func:`hide_covered_screens`
counts the screens under the top one only when the top screen lets them show through; a screen
uncovered again is laid out and repainted whole, as Textual does for a screen resumed.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

_background_screens = App._background_screens.fget


def background_screens_unless_covered(app: App) -> list[Screen]:
    """Textual's screens visible under the top screen, none when the top screen is opaque."""
    stack = app._screen_stack
    if stack and stack[-1].styles.background.a == 1:
        return []
    return _background_screens(app)


def hide_covered_screens() -> None:
    """Have screens under an opaque screen count as hidden (see the module)."""
    App._background_screens = property(background_screens_unless_covered, doc=App._background_screens.__doc__)
