"""The player's settings: theme, animations, confirm-on-quit, bot speed, kept in ``settings.json``.

The file lives in the config folder (``flight_tui.paths.config_dir()``) and is written
atomically (a temporary file in the same folder, fsync, rename). A missing file gives the
defaults; a broken one gives the defaults and a message for the player.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from flight_tui import paths

DEFAULT_THEME = "flight-dark"
SETTINGS_FILE = "settings.json"


class Settings(msgspec.Struct, kw_only=True):
    """What the player chose in the Settings screen."""

    theme: str = DEFAULT_THEME
    animations: bool = True
    """Animate moves and transitions (off: everything changes at once)."""
    confirm_quit: bool = True
    """Ask before quitting while a game is open (the game is autosaved either way)."""
    bot_delay: float = 0.6
    """Seconds a bot's move stays in view before the next one (0: at once)."""


def settings_path() -> Path:
    """Where the settings are stored."""
    return paths.config_dir() / SETTINGS_FILE


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why the file was not used."""
    path = settings_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"Could not read the settings file {path}: {exc.strerror or exc}. Using the defaults."
    try:
        return msgspec.json.decode(data, type=Settings), None
    except msgspec.DecodeError as exc:
        return Settings(), f"The settings file {path} is broken ({exc}). Using the defaults."


def save_settings(settings: Settings) -> None:
    """Write the settings atomically; raises OSError if the folder is not writable."""
    from flight_tui.saves.atomic import write_atomic  # only on a change: keeps start-up lean

    data = msgspec.json.format(msgspec.json.encode(settings), indent=2) + b"\n"
    write_atomic(settings_path(), data, keep_backup=False)
