"""Where flight-tui keeps its files.

Data (saves): ``--data-dir``, else ``$FLIGHT_TUI_DATA_DIR``, else the platform's user data
directory. Configuration (settings, the user's own themes): ``$FLIGHT_TUI_CONFIG_DIR``, else
the platform's user config directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "flight-tui"
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


def config_dir() -> Path:
    """The folder for settings and the user's own themes (not created here)."""
    env = os.environ.get("FLIGHT_TUI_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
