"""A screen shown for the first time is styled once, as its widgets mount.

Textual (8.2) styles every widget as it is mounted, and then, as a new screen is shown (its
first ``ScreenResume``), styles the whole screen again. :func:`style_new_screens_once` leaves
out that second styling for a screen never shown before; a screen shown again is styled again,
as before (what it shows may have changed while it was covered).
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen

_on_screen_resume = Screen._on_screen_resume


def on_screen_resume_styled_once(screen: Screen, event: events.ScreenResume) -> None:
    """Textual's handler of a screen shown, without the second styling of a new screen."""
    if screen.stack_updates == 0 and event.refresh_styles:
        event = events.ScreenResume(refresh_styles=False)
    _on_screen_resume(screen, event)


def style_new_screens_once() -> None:
    """Have a new screen styled once (see the module)."""
    Screen._on_screen_resume = on_screen_resume_styled_once
