"""Keys typed ahead of a screen wait until it is built.

Textual gives a key to the screen on top at once, to its bindings included, even while that
screen is still being built: a key typed right after one that opens a screen (typed fast, or
both arriving in one packet over SSH) ran an action of the new screen before its widgets were
there, and the app ended ("No nodes match"). :class:`KeyHold` keeps such keys and gives them
back to the app, in the order they came, once the screen on top is mounted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

if TYPE_CHECKING:
    from flight_tui.ui.app import FlightTuiApp

MAX_HELD_KEYS = 256
"""Keys kept for a screen still being built; more (a flood of pasted text) are dropped."""


class KeyHold:
    """The keys waiting for the screen on top of ``app`` to be mounted."""

    def __init__(self, app: FlightTuiApp) -> None:
        self.app = app
        self.keys: list[events.Key] = []

    def takes(self, key: events.Key) -> bool:
        """Whether ``key`` must wait (it is kept, and given back by :meth:`release`): it does
        while the screen on top is not mounted yet, or while keys before it are waiting."""
        if not self.keys and self.app.screen.is_mounted:
            return False
        if len(self.keys) < MAX_HELD_KEYS:
            self.keys.append(key)
        if len(self.keys) == 1:
            self.app.screen.call_later(self.release)
        return True

    def release(self) -> None:
        """Give the waiting keys back to the app once the screen on top is mounted (called
        from that screen's queue, which runs only once it is built, and on a screen change)."""
        app = self.app
        if not self.keys:
            return
        if app.ending:
            self.keys.clear()
            return
        screen = app.screen
        if not screen.is_mounted:
            screen.call_later(self.release)
            return
        keys, self.keys = self.keys, []
        for key in keys:
            app.post_message(key)
