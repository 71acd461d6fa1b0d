"""Screens that keys outrun: two changes to Textual's (8.2) screens, made once at start.

Keys typed fast, or arriving together in one packet over SSH, can reach a screen before
Textual has built it or after it has begun to take it down:

* a screen dismisses itself only while it is on top: Textual's ``dismiss`` pops whatever screen
  is on top, so a choice made twice (Enter, Enter on a chooser) closed the chooser and then the
  game table under it, or ended the app ("invalid state");
* a screen taken away before it was built is not told it is mounted: its ``on_mount`` looked
  for widgets already gone (a game table opened twice in a row) and the app ended.

:func:`install` makes both changes; doing it again changes nothing.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.await_complete import AwaitComplete
from textual.message_pump import MessagePump
from textual.screen import Screen

_dismiss = Screen.dismiss


def dismiss_while_on_top(screen: Screen[Any], result: Any = None) -> AwaitComplete:
    """Textual's ``dismiss``, done only while ``screen`` is on top of the app (once, then)."""
    stack = screen.app.screen_stack
    if not stack or stack[-1] is not screen:
        return AwaitComplete.nothing()
    return _dismiss(screen, result)


async def on_event_unless_taken_away(screen: Screen[Any], event: events.Event) -> None:
    """Textual's handling of a screen's events, without the Mount of a screen that is being
    taken down already (Textual marks such a screen ``_pruning``)."""
    if isinstance(event, events.Mount) and screen._pruning:
        return
    await MessagePump.on_event(screen, event)


def install() -> None:
    """Make both changes to Textual's screens (see the module)."""
    Screen.dismiss = dismiss_while_on_top  # type: ignore[method-assign]
    Screen.on_event = on_event_unless_taken_away  # type: ignore[method-assign]
