"""The player's config file, ``config.toml``: the settings (theme, animations, confirm-on-quit,
bot speed) and a ``[keymap]`` table that gives key bindings other keys.

The file lives in the config folder (``flight_tui.paths.config_dir()``) and may be edited by
hand::

    theme = "flight-light"
    bot_delay = 0.3

    [keymap]
    "flight.draw-pack" = "n"       # a binding id = its key, or several: "n,ctrl+n"

A missing file gives the defaults. A broken one never stops the app: what cannot be used
(bad TOML, a setting of the wrong type, a key that is no key) is named in a message for the
player, and the rest of the file still applies. The settings of older versions, kept in
``settings.json``, are read once and carried over into ``config.toml``.

The Settings screen writes the file atomically, changing only the settings' values: the
player's comments, layout and ``[keymap]`` stay as they were.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NamedTuple

import msgspec

from flight_tui import paths

DEFAULT_THEME = "flight-dark"
CONFIG_FILE = "config.toml"
OLD_SETTINGS_FILE = "settings.json"
"""Where the settings were kept before ``config.toml``."""
KEYMAP = "keymap"
"""The table of ``config.toml`` holding the keymap."""
NEW_FILE_HEADER = (
    "flight-tui settings (the Settings screen changes them too).",
    'Remap keys in a [keymap] table: binding id = "key" or "key1,key2", for example',
    "[keymap]",
    '"flight.draw-pack" = "n"',
    "Help (F1) names each screen's keys; the README lists the binding ids.",
)


class Settings(msgspec.Struct, kw_only=True):
    """What the player chose in the Settings screen."""

    theme: str = DEFAULT_THEME
    animations: bool = True
    """Animate moves and transitions (off: everything changes at once)."""
    confirm_quit: bool = True
    """Ask before quitting while a game is open (the game is autosaved either way)."""
    bot_delay: Annotated[float, msgspec.Meta(ge=0)] = 0.6
    """Seconds a bot's move stays in view before the next one (0: at once)."""


class Config(NamedTuple):
    """The config file as read: the settings, the keymap, and what could not be used."""

    settings: Settings
    keymap: dict[str, str]
    """Binding id to its keys (``"n"`` or ``"n,ctrl+n"``)."""
    problems: list[str]


class ConfigError(Exception):
    """The config file cannot be updated without losing what the player wrote in it."""


def config_path() -> Path:
    """Where the config file is."""
    return paths.config_dir() / CONFIG_FILE


def load_config() -> Config:
    """The config file's settings and keymap (the defaults where it has none or a bad one)."""
    path = config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _carry_over_old_settings()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        return Config(Settings(), {}, [f"Could not read the config file {path}: {reason}. Using the defaults."])
    import tomllib  # only when there is a file: keeps start-up lean

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Config(Settings(), {}, [f"The config file {path} is not valid TOML ({exc}). Using the defaults."])
    return read_config(data, path)


def read_config(data: dict[str, Any], path: Path) -> Config:
    """Settings and keymap from a decoded config file; each value that cannot be used is a problem."""
    from flight_tui.ui.keys import keys_problem

    problems: list[str] = []
    chosen: dict[str, Any] = {}
    fields = {field.name: field.type for field in msgspec.structs.fields(Settings)}
    for name, value in data.items():
        if name == KEYMAP:
            continue
        if name not in fields:
            problems.append(f"{path}: there is no setting '{name}' (the settings: {', '.join(fields)}).")
            continue
        try:
            chosen[name] = msgspec.convert(value, type=fields[name])
        except msgspec.ValidationError as exc:
            problems.append(f"{path}: {name} = {value!r} was ignored ({exc}).")
    keymap: dict[str, str] = {}
    table = data.get(KEYMAP, {})
    if not isinstance(table, dict):
        problems.append(f"{path}: keymap must be a table ([keymap]), not {type(table).__name__}.")
        table = {}
    for binding_id, keys in table.items():
        problem = keys_problem(keys)
        if problem:
            problems.append(f"{path}: [keymap] {binding_id} = {keys!r} was ignored: {problem}.")
        else:
            keymap[binding_id] = keys
    return Config(Settings(**chosen), keymap, problems)


def _carry_over_old_settings() -> Config:
    """No config file yet: the settings of ``settings.json``, if there is one, written into a new one."""
    old = paths.config_dir() / OLD_SETTINGS_FILE
    try:
        settings = msgspec.json.decode(old.read_bytes(), type=Settings)
    except FileNotFoundError:
        return Config(Settings(), {}, [])
    except (OSError, msgspec.DecodeError) as exc:
        return Config(Settings(), {}, [f"The old settings file {old} could not be carried over ({exc}). Using the defaults."])
    try:
        save_settings(settings)
    except (OSError, ConfigError) as exc:
        return Config(settings, {}, [f"The settings of {old} could not be written to {config_path()}: {exc}."])
    return Config(settings, {}, [])


def save_settings(settings: Settings) -> None:
    """Write the settings into the config file atomically, keeping the rest of it as it is.

    Raises OSError if the folder is not writable, ConfigError if the file is not valid TOML
    (rewriting it would lose what the player wrote).
    """
    import tomlkit  # only on a change: keeps start-up lean

    from flight_tui.saves.atomic import write_atomic

    path = config_path()
    try:
        document = tomlkit.parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        document = tomlkit.document()
        for line in NEW_FILE_HEADER:
            document.add(tomlkit.comment(line))
        document.add(tomlkit.nl())
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path} is not UTF-8 text ({exc}); fix or remove it") from None
    except tomlkit.exceptions.ParseError as exc:
        raise ConfigError(f"{path} is not valid TOML ({exc}); fix or remove it") from None
    for name, value in msgspec.structs.asdict(settings).items():
        document[name] = value
    write_atomic(path, tomlkit.dumps(document).encode("utf-8"), keep_backup=False)
