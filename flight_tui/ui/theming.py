"""Colour themes: ``*.toml`` files decoded into Textual themes.

The bundled themes ship inside the package (``flight_tui/themes``; in a source checkout, the
repository's ``themes`` folder). The player may add their own in ``<config dir>/themes``; a
theme there replaces a bundled one of the same name. A broken file never stops the game: it
is skipped with a message naming the file and the problem.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import msgspec
from textual.color import Color, ColorParseError
from textual.theme import Theme

import flight_tui
from flight_tui import paths

ROUTE_VARIABLES = ("route-blue", "route-red", "route-yellow", "route-green")
"""Flight's four routes: Canada (B), India (R), South Africa (Y), Australia (G)."""

REQUIRED_VARIABLES = (
    *ROUTE_VARIABLES,
    "card-special",  # Fog, Customs, Alternative Route, Passport
    "card-landing",  # Safe Landing
    "card-playable",  # the mark on a card that may be played now
    "card-face",  # background of a face-up card
    "card-text",  # text on a face-up card
    "card-back",  # a face-down card
    "seat-1",  # seat colours, for games with pieces or markers per player
    "seat-2",
    "seat-3",
    "seat-4",
    "seat-5",
    "seat-6",
)
"""CSS variables (``$route-blue`` ...) every theme must define."""

_COLOUR_FIELDS = (
    "primary",
    "secondary",
    "accent",
    "warning",
    "error",
    "success",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
_TEXT_STYLE_WORDS = frozenset(
    {"b", "blink", "bold", "dim", "i", "italic", "none", "not", "o", "overline", "reverse", "strike", "u", "underline", "uu"}
)

THEME_NAME = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
"""What a theme's name may be (it names its file too)."""
ThemeName = Annotated[str, msgspec.Meta(pattern=THEME_NAME)]
VariableName = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z_][A-Za-z0-9_-]*$")]
Fraction = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]


class ThemeFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The contents of one theme file; the fields are those of ``textual.theme.Theme``."""

    name: ThemeName
    primary: str
    secondary: str | None = None
    accent: str | None = None
    warning: str | None = None
    error: str | None = None
    success: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    boost: str | None = None
    dark: bool = True
    ansi: bool = False
    luminosity_spread: Fraction = 0.15
    text_alpha: Fraction = 0.95
    variables: dict[VariableName, str] = {}

    def to_theme(self) -> Theme:
        """The Textual theme this file describes."""
        return Theme(**msgspec.structs.asdict(self))


def bundled_themes_dir() -> Path:
    """The folder of the themes that ship with the game."""
    package_dir = Path(flight_tui.__file__).parent
    installed = package_dir / "themes"
    return installed if installed.is_dir() else package_dir.parent / "themes"


def user_themes_dir() -> Path:
    """The folder where the player may put their own themes."""
    return paths.themes_dir()


def load_themes(user_dir: Path | None = None) -> tuple[list[Theme], list[str]]:
    """The bundled themes, then the player's, and a message for every file that was skipped.

    ``user_dir`` is the folder of the player's theme files (default: ``user_themes_dir()``).
    """
    themes: dict[str, Theme] = {}
    problems: list[str] = []
    bundled = bundled_themes_dir()
    if not bundled.is_dir():
        problems.append(f"The bundled themes were not found (looked in {bundled}).")
    for folder in (bundled, user_dir or user_themes_dir()):
        for path in sorted(folder.glob("*.toml")):
            theme, problem = load_theme_file(path)
            if theme is None:
                problems.append(f"Theme file {path} was skipped: {problem}")
            else:
                themes[theme.name] = theme
    return list(themes.values()), problems


def find_theme(name: str, user_dir: Path | None = None) -> Theme | None:
    """Theme ``name`` as :func:`load_themes` gives it, reading as few files as it can: the
    player's (a file there may hold any theme, and wins), then the bundled ``<name>.toml``.

    None when neither has it (or a file is broken): only :func:`load_themes` then says why.
    At start-up this reads one bundled file instead of all of them.
    """
    found = None
    folder = user_dir or user_themes_dir()
    for path in sorted(folder.glob("*.toml")):
        theme, _ = load_theme_file(path)
        if theme is not None and theme.name == name:
            found = theme
    if found is not None:
        return found
    if not re.match(THEME_NAME, name):
        return None  # no file name
    theme, _ = load_theme_file(bundled_themes_dir() / f"{name}.toml")
    return theme if theme is not None and theme.name == name else None


def load_theme_file(path: Path) -> tuple[Theme | None, str | None]:
    """One theme file as a Textual theme, or None and what is wrong with it."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"cannot be read ({exc.strerror or exc})"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None, "it is not a text file (TOML must be UTF-8 text)"
    if not text.strip():
        return None, "the file is empty"
    try:
        theme_file = msgspec.toml.decode(text, type=ThemeFile)
    except msgspec.DecodeError as exc:
        message = str(exc).replace("`$.", "`")
        return None, message.replace("Object missing required", "missing required").replace("Object contains unknown", "unknown")
    problem = _colour_problem(theme_file)
    if problem:
        return None, problem
    return theme_file.to_theme(), None


def _colour_problem(theme_file: ThemeFile) -> str | None:
    """What is wrong with the colours and variables of a decoded file, if anything."""
    for field in _COLOUR_FIELDS:
        value = getattr(theme_file, field)
        if value is not None and (problem := _bad_colour(value)):
            return f"{field}: {problem}"
    missing = [name for name in REQUIRED_VARIABLES if name not in theme_file.variables]
    if missing:
        return f"missing variables: {', '.join(missing)}"
    for name, value in theme_file.variables.items():
        problem = _bad_text_style(value) if name.endswith("style") else _bad_colour_value(value)
        if problem:
            return f"variables.{name}: {problem}"
    return None


def _bad_colour(text: str) -> str | None:
    try:
        Color.parse(text)
    except ColorParseError as exc:
        return str(exc)
    return None


def _bad_colour_value(text: str) -> str | None:
    """A variable's colour: a colour, optionally followed by an opacity such as ``50%``."""
    colour, _, opacity = text.strip().partition(" ")
    opacity = opacity.strip()
    if opacity and not (opacity.endswith("%") and opacity[:-1].replace(".", "", 1).isdigit()):
        return f"{opacity!r} is not an opacity like '50%'"
    return _bad_colour(colour)


def _bad_text_style(text: str) -> str | None:
    words = text.split()
    unknown = [word for word in words if word not in _TEXT_STYLE_WORDS]
    if not words or unknown:
        return f"{text!r} is not a text style (use words from: {', '.join(sorted(_TEXT_STYLE_WORDS))})"
    return None
