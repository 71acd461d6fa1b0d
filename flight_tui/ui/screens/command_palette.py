"""The command palette (ctrl+p): Textual's, closed and acted on once however fast keys come.

Textual's palette closes by popping the screen on top of the app, whichever it is, and runs the
chosen command after it has closed. A second Enter or Esc that reached it before it closed (keys
pressed quickly, or arriving together over SSH) popped the screen under it as well, and ran the
command a second time; a player joined over SSH, whose app has one screen under the palette,
lost the app ("Can't pop screen"). Every screen now closes once (:mod:`flight_tui.ui.fast_keys`,
which also keeps a page key typed ahead of a list from failing); :class:`CommandPaletteOnce`
takes no choice once it has left, and its search for commands stops as soon as it starts to go,
however it is taken away: Textual's search went on filling a list already gone, and the app
ended.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.command import CommandPalette
from textual.message import Message
from textual.messages import Prune
from textual.widgets import Button, Input, OptionList


class CommandPaletteOnce(CommandPalette):
    """Textual's command palette, acting on one choice (see the module)."""

    @property
    def has_left(self) -> bool:
        """Whether the palette has closed or is being taken away: it is no longer among the
        app's screens (a second dismiss then does nothing: :mod:`flight_tui.ui.fast_keys`)."""
        return self._pruning or self not in self.app.screen_stack

    @on(Prune)
    def _stop_searching_when_removed(self) -> None:
        """Stop the search for commands as the palette starts to go, however it is taken away
        (Textual stops it only once the palette's widgets are gone, and the search's last step
        looked for them)."""
        self._cancel_gather_commands()

    def _gather_commands(self, search_value: str) -> Any:
        """Textual's search for commands, not started once the palette has left (a change to
        the search typed just before it closed)."""
        if self.has_left:
            return None
        return super()._gather_commands(search_value)

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _ignore_choices_once_closed(self, message: Message) -> None:
        """A choice that comes after the palette closed is not acted on (Textual's handlers for
        these messages, in the class below, are skipped)."""
        if self.has_left:
            message.stop()
            message.prevent_default()
