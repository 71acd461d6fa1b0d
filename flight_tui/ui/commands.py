"""The command palette's commands (ctrl+p): the open game's commands, then the app's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

if TYPE_CHECKING:
    from flight_tui.ui.app import FlightTuiApp


def palette_commands(app: FlightTuiApp, screen: Screen, *, local: bool = True) -> Iterator[SystemCommand]:
    """Commands for the palette opened over ``screen``.

    A screen with a ``game_commands()`` method (the table) contributes its own
    ``(title, help, callback)`` commands first: Undo, Hint and so on. Without ``local`` (an app
    joined to a table server), nothing that opens, saves or sets up games or settings here.
    """
    game_commands = getattr(screen, "game_commands", None)
    if callable(game_commands):
        for title, help_text, callback in game_commands():
            yield SystemCommand(title, help_text, callback)
    if local:
        if app.current_table() is not None:
            yield SystemCommand("Save game", "Save the game under a name of your choice", app.action_save_as)
        yield SystemCommand("Load game", "Open a saved game", app.action_load_game)
        yield SystemCommand("New game", "Set up a new match", app.action_new_game)
        yield SystemCommand("History", "The games you finished, and who won how often", app.action_history)
    yield SystemCommand("Rules", "Read the rules and the house interpretations", app.action_rules)
    yield SystemCommand("Theme", "Pick a colour theme", app.action_pick_theme)
    if local:
        yield SystemCommand("Settings", "Theme, animations, confirm on quit", app.action_settings)
    yield SystemCommand("Help", "The keys of this screen and of the whole app", app.action_help)
    yield SystemCommand("Quit", "Leave flight-tui (a game in progress stays saved)", app.action_quit)
