"""Theme files: the bundled ones load and carry the card colours; the player's own are picked
up; broken files are skipped with a message naming them."""

from __future__ import annotations

import json

import pytest
from textual.color import Color

from flight_tui.ui import theming
from flight_tui.ui.settings import DEFAULT_THEME
from flight_tui.ui.theming import (
    REQUIRED_VARIABLES,
    ROUTE_VARIABLES,
    bundled_themes_dir,
    find_theme,
    load_themes,
    user_themes_dir,
)

BUNDLED = ("flight-dark", "flight-light", "flight-high-contrast", "flight-colour-blind", "flight-ansi")
CARD_COLOURS = (*ROUTE_VARIABLES, "card-special", "card-landing", "card-playable")


def theme_text(name: str, fields: dict | None = None, variables: dict | None = None) -> str:
    """A valid theme file as TOML text, with ``fields`` and ``variables`` added or replaced."""
    top = {"name": name, "primary": "#336699", "background": "#101010", **(fields or {})}
    table = {variable: "#abcdef" for variable in REQUIRED_VARIABLES} | (variables or {})
    lines = [f"{key} = {json.dumps(value)}" for key, value in top.items()]
    lines.append("[variables]")
    lines += [f"{key} = {json.dumps(value)}" for key, value in table.items()]
    return "\n".join(lines) + "\n"


def by_name(themes):
    return {theme.name: theme for theme in themes}


def relative_luminance(colour: Color) -> float:
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours."""
    light, dark = sorted((relative_luminance(Color.parse(c)) for c in (first, second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_bundled_theme_loads_without_problems():
    themes, problems = load_themes()
    assert problems == []
    names = [theme.name for theme in themes]
    assert sorted(names) == sorted(BUNDLED)
    assert DEFAULT_THEME in names
    assert sorted(path.stem for path in bundled_themes_dir().glob("*.toml")) == sorted(BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_theme_defines_every_required_variable_as_a_colour(name):
    theme = by_name(load_themes()[0])[name]
    for variable in REQUIRED_VARIABLES:
        Color.parse(theme.variables[variable])


@pytest.mark.parametrize("name", BUNDLED)
def test_route_colours_are_four_different_colours(name):
    variables = by_name(load_themes()[0])[name].variables
    assert len({Color.parse(variables[route]) for route in ROUTE_VARIABLES}) == 4


@pytest.mark.parametrize(
    ("name", "minimum"),
    [("flight-dark", 4.5), ("flight-light", 4.5), ("flight-colour-blind", 4.5), ("flight-high-contrast", 7.0)],
)
def test_card_colours_are_readable_on_the_table_and_on_a_card(name, minimum):
    theme = by_name(load_themes()[0])[name]
    for variable in CARD_COLOURS:
        for ground in (theme.background, theme.variables["card-face"]):
            assert contrast(theme.variables[variable], ground) >= minimum, (variable, ground)


def test_ansi_theme_uses_the_terminal_palette():
    theme = by_name(load_themes()[0])["flight-ansi"]
    assert theme.ansi
    colours = [theme.variables[variable] for variable in REQUIRED_VARIABLES]
    colours += [theme.primary, theme.foreground, theme.background]
    assert all(Color.parse(colour).ansi is not None for colour in colours)


def test_user_theme_is_added_and_may_replace_a_bundled_one(tmp_path):
    user_dir = tmp_path / "themes"
    user_dir.mkdir()
    (user_dir / "mine.toml").write_text(theme_text("my-theme"))
    (user_dir / "dark.toml").write_text(theme_text("flight-dark", variables={"route-blue": "#0000ff"}))
    themes, problems = load_themes(user_dir)
    assert problems == []
    loaded = by_name(themes)
    assert set(loaded) == {*BUNDLED, "my-theme"}
    assert len(themes) == len(loaded)
    assert loaded["my-theme"].primary == "#336699"
    assert loaded["flight-dark"].variables["route-blue"] == "#0000ff"


def test_user_themes_default_to_the_config_folder():
    folder = user_themes_dir()
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(theme_text("from-config"))
    assert "from-config" in by_name(load_themes()[0])


BROKEN_FILES = {
    "bad-toml.toml": ('name = "x"\nprimary = #fff\n', "line 2"),
    "wrong-type.toml": ('name = "x"\nprimary = 12\n', "primary"),
    "missing-field.toml": ('name = "x"\n', "primary"),
    "unknown-field.toml": (theme_text("x", {"primay": "#fff"}), "primay"),
    "bad-colour.toml": (theme_text("x", {"primary": "blu"}), "blu"),
    "bad-variable-colour.toml": (theme_text("x", variables={"route-red": "not-a-colour"}), "route-red"),
    "bad-opacity.toml": (theme_text("x", variables={"route-red": "#ff0000 lots"}), "lots"),
    "bad-text-style.toml": (theme_text("x", variables={"block-cursor-text-style": "shiny"}), "shiny"),
    "bad-name.toml": (theme_text("my theme"), "name"),
    "bad-spread.toml": (theme_text("x", {"luminosity_spread": 3.0}), "luminosity_spread"),
    "empty.toml": ("", "empty"),
}


def test_broken_files_are_skipped_with_a_message_naming_the_file(tmp_path):
    user_dir = tmp_path / "themes"
    user_dir.mkdir()
    for file_name, (text, _) in BROKEN_FILES.items():
        (user_dir / file_name).write_text(text)
    (user_dir / "junk.toml").write_bytes(bytes(range(256)) * 4)
    (user_dir / "good.toml").write_text(theme_text("still-good"))
    themes, problems = load_themes(user_dir)
    assert set(by_name(themes)) == {*BUNDLED, "still-good"}
    assert len(problems) == len(BROKEN_FILES) + 1
    for file_name, (_, detail) in {**BROKEN_FILES, "junk.toml": ("", "UTF-8")}.items():
        [message] = [problem for problem in problems if file_name in problem]
        assert detail in message, message
        assert "Traceback" not in message


def test_missing_variables_are_named(tmp_path):
    text = theme_text("x").replace('card-landing = "#abcdef"\n', "").replace('seat-6 = "#abcdef"\n', "")
    (tmp_path / "partial.toml").write_text(text)
    themes, problems = load_themes(tmp_path)
    assert "x" not in by_name(themes)
    [message] = problems
    assert "partial.toml" in message and "card-landing, seat-6" in message


def test_a_broken_user_file_does_not_replace_the_bundled_theme(tmp_path):
    (tmp_path / "dark.toml").write_text(theme_text("flight-dark", {"primary": "#12345"}))
    themes, problems = load_themes(tmp_path)
    assert by_name(themes)["flight-dark"].primary != "#12345"
    assert len(problems) == 1 and "dark.toml" in problems[0]


def test_an_unreadable_entry_gives_a_message(tmp_path):
    (tmp_path / "folder.toml").mkdir()
    themes, problems = load_themes(tmp_path)
    assert len(themes) == len(BUNDLED)
    assert len(problems) == 1 and "folder.toml" in problems[0]


def test_every_bundled_file_name_matches_its_theme_name():
    for path in bundled_themes_dir().glob("*.toml"):
        assert f'name = "{path.stem}"' in path.read_text()


def test_missing_bundled_themes_are_reported_not_raised(tmp_path, monkeypatch):
    monkeypatch.setattr(theming, "bundled_themes_dir", lambda: tmp_path / "nowhere")
    (tmp_path / "mine.toml").write_text(theme_text("mine"))
    themes, problems = load_themes(tmp_path)
    assert [theme.name for theme in themes] == ["mine"]
    assert len(problems) == 1 and "nowhere" in problems[0]


def test_find_theme_gives_what_load_themes_gives_for_that_name(tmp_path):
    """The theme the app starts with is read alone; it is the one the whole list would give."""
    user_dir = tmp_path / "themes"
    user_dir.mkdir()
    (user_dir / "broken.toml").write_text("name = ")
    (user_dir / "mine.toml").write_text(theme_text("flight-light", {"primary": "#123456"}))  # replaces the bundled one
    (user_dir / "other.toml").write_text(theme_text("my-own"))
    everything = by_name(load_themes(user_dir)[0])
    for name in (*BUNDLED, "my-own"):
        assert find_theme(name, user_dir) == everything[name], name
    assert find_theme("flight-light", user_dir).primary == "#123456"
    assert find_theme("flight-light", tmp_path / "none") == by_name(load_themes(tmp_path / "none")[0])["flight-light"]


@pytest.mark.parametrize("name", ["no-such-theme", "../themes/flight-dark", "", "broken"])
def test_find_theme_finds_no_theme_that_is_not_there(tmp_path, name):
    (tmp_path / "broken.toml").write_text("name = ")
    assert find_theme(name, tmp_path) is None
