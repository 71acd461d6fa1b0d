"""Keys faster than Textual (8.2): changes to its screens and option lists, made once at start.

Keys typed fast, or arriving together in one packet over SSH, can reach a screen before
Textual has built it or after it has begun to take it down, and a list before it is laid out:

* a screen dismisses itself only while it is on top: Textual's ``dismiss`` pops whatever screen
  is on top, so a choice made twice (Enter, Enter on a chooser) closed the chooser and then the
  game table under it, or ended the app ("invalid state");
* a screen taken away before it was built is not told it is mounted: its ``on_mount`` looked
  for widgets already gone (a game table opened twice in a row) and the app ended;
* PageUp or PageDown on an option list not laid out yet does nothing: Textual's page move
  looked up lines the list had not made and the app ended (``KeyError``).

:func:`install` makes the changes; doing it again changes nothing.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.await_complete import AwaitComplete
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import OptionList

_dismiss = Screen.dismiss
_move_page = OptionList._move_page


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


def move_page_once_laid_out(option_list: OptionList, direction: Any) -> None:
    """Textual's page move, none before ``option_list`` has laid out its lines."""
    if option_list._lines:
        _move_page(option_list, direction)


def install() -> None:
    """Make the changes to Textual's screens and option lists (see the module)."""
    Screen.dismiss = dismiss_while_on_top  # type: ignore[method-assign]
    Screen.on_event = on_event_unless_taken_away  # type: ignore[method-assign]
    OptionList._move_page = move_page_once_laid_out  # type: ignore[method-assign]
