"""Where flight-tui keeps its files.

Data (saves, the history of finished games): ``--data-dir``, else ``$FLIGHT_TUI_DATA_DIR``, else the platform's user data
directory. Configuration (the config file, the user's own themes): ``$FLIGHT_TUI_CONFIG_DIR``,
else the platform's user config directory. ``flight-tui locate`` prints them.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "flight-tui"
SAVES_FOLDER = "saves"
"""The folder of saved games inside a data folder."""
HISTORY_FOLDER = "history"
"""The folder of finished games inside a data folder (see ``flight_tui.history``)."""
SERVER_FOLDER = "server"
"""The folder of ``flight-tui serve`` inside a data folder: its tables, host key and socket."""
THEMES_FOLDER = "themes"
"""The folder of the player's themes inside the config folder."""
_data_dir_override: Path | None = None


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Use ``path`` for data from now on (the ``--data-dir`` option)."""
    global _data_dir_override
    _data_dir_override = Path(path).expanduser() if path else None


def data_dir() -> Path:
    """The folder for saves (not created here)."""
    if _data_dir_override is not None:
        return _data_dir_override
    env = os.environ.get("FLIGHT_TUI_DATA_DIR")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """The folder of saved games, inside the data folder (not created here)."""
    return data_dir() / SAVES_FOLDER


def history_dir() -> Path:
    """The folder of finished games, inside the data folder (not created here)."""
    return data_dir() / HISTORY_FOLDER


def server_dir() -> Path:
    """The folder of ``flight-tui serve`` (its tables' saves, host key, socket), inside the data folder."""
    return data_dir() / SERVER_FOLDER


def check_saves_dir() -> None:
    """Create the saves folder if needed and check that a file can be written there; ``OSError`` says why not.

    The app refuses to start on a folder where no game could be saved (a read-only or full
    disk, a missing drive, a file in the way), rather than let the player play unsaved.
    """
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / f".write-test-{os.urandom(6).hex()}"  # os.urandom, as secrets does: no hashlib to import at start-up
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, b"flight-tui")
    finally:
        os.close(fd)
        probe.unlink()


def config_dir() -> Path:
    """The folder for settings and the user's own themes (not created here)."""
    env = os.environ.get("FLIGHT_TUI_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def themes_dir() -> Path:
    """The folder of the player's own themes, inside the config folder (not created here)."""
    return config_dir() / THEMES_FOLDER
