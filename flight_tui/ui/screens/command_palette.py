"""The command palette (ctrl+p): Textual's, closed and acted on once however fast keys come.

Textual's palette closes by popping the screen on top of the app, whichever it is, and runs the
chosen command after it has closed. A second Enter or Esc that reached it before it closed (keys
pressed quickly, or arriving together over SSH) popped the screen under it as well, and ran the
command a second time; a player joined over SSH, whose app has one screen under the palette,
lost the app ("Can't pop screen"). :class:`CommandPaletteOnce` closes once and takes no second
choice. Its search for commands stops as soon as the palette starts to go, however it is taken
away: Textual's search went on filling a list already gone, and the app ended. (A page key
typed ahead of its list is handled for every list, in :mod:`flight_tui.ui.fast_keys`.)
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.messages import Prune
from textual.widgets import Button, Input, OptionList


class CommandPaletteOnce(CommandPalette):
    """Textual's command palette, closed once and acting on one choice (see the module)."""

    _has_closed = False
    """Whether the palette has closed (not ``_closed``: Textual's message pump has that name)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close the palette; once it is closed, nothing more (not the screen under it)."""
        if self._has_closed:
            return AwaitComplete.nothing()
        self._has_closed = True
        return super().dismiss(result)

    @on(Prune)
    def _stop_searching_when_removed(self) -> None:
        """Stop the search for commands as the palette starts to go, however it is taken away
        (Textual stops it only once the palette's widgets are gone, and the search's last step
        looked for them)."""
        self._has_closed = True
        self._cancel_gather_commands()

    def _gather_commands(self, search_value: str) -> Any:
        """Textual's search for commands, not started once the palette is going or its list is
        gone (a palette taken away as it opened still began its first search when mounted)."""
        if self._has_closed or not self.query(CommandList):
            return None
        return super()._gather_commands(search_value)

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _ignore_choices_once_closed(self, message: Message) -> None:
        """A choice that comes after the palette closed is not acted on (Textual's handlers for
        these messages, in the class below, are skipped)."""
        if self._has_closed:
            message.stop()
            message.prevent_default()
