"""The config file: defaults, round trip, atomic write keeping the player's text, carry-over, broken files."""

from __future__ import annotations

import msgspec

from flight_tui import paths
from flight_tui.ui.settings import ConfigError, Settings, config_path, load_config, save_settings


def write_config(text: str) -> None:
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(text)


def test_missing_file_gives_defaults_without_complaint():
    settings, keymap, problems = load_config()
    assert settings == Settings()
    assert keymap == {} and problems == []


def test_saved_settings_load_back_and_leave_no_temporary_file():
    save_settings(Settings(theme="flight-light", animations=False, confirm_quit=False))
    settings, _, problems = load_config()
    assert problems == []
    assert settings == Settings(theme="flight-light", animations=False, confirm_quit=False)
    assert [p.name for p in config_path().parent.iterdir()] == ["config.toml"]


def test_saving_keeps_the_players_comments_and_keymap():
    write_config('# my settings\ntheme = "flight-ansi"  # for the old terminal\n\n[keymap]\n"flight.draw-pack" = "n"  # n for next\n')
    save_settings(Settings(theme="flight-light", bot_delay=0.3))
    text = config_path().read_text()
    assert "# my settings" in text and "# for the old terminal" in text and "# n for next" in text
    settings, keymap, problems = load_config()
    assert problems == []
    assert settings == Settings(theme="flight-light", bot_delay=0.3)
    assert keymap == {"flight.draw-pack": "n"}


def test_an_old_settings_file_is_carried_over_once():
    old = paths.config_dir() / "settings.json"
    old.parent.mkdir(parents=True)
    old.write_bytes(msgspec.json.encode({"theme": "flight-light", "animations": False, "bot_delay": 0.0}))
    carried = Settings(theme="flight-light", animations=False, bot_delay=0.0)
    assert load_config() == (carried, {}, [])
    assert config_path().exists()
    old.write_bytes(msgspec.json.encode({"theme": "flight-ansi"}))  # read no more: config.toml holds the settings
    assert load_config().settings == carried


def test_broken_file_gives_defaults_and_a_message():
    write_config('theme = "flight-light"\nanimations = \n')
    settings, keymap, problems = load_config()
    assert settings == Settings() and keymap == {}
    assert len(problems) == 1 and "config file" in problems[0] and "not valid TOML" in problems[0]


def test_a_broken_file_is_not_overwritten_by_the_settings_screen():
    write_config("theme = \n")
    try:
        save_settings(Settings(theme="flight-light"))
    except ConfigError as error:
        assert "not valid TOML" in str(error)
    else:
        raise AssertionError("a broken config file was overwritten")
    assert config_path().read_text() == "theme = \n"


def test_wrong_types_and_unknown_settings_are_reported_and_the_rest_applies():
    write_config(
        'theme = "flight-light"\nanimations = "yes"\nbot_delay = -1\nspeed = 3\n\n'
        '[keymap]\n"flight.draw-pack" = "n"\n"flight.undo" = 7\n"flight.hint" = "nonsense"\n'
    )
    settings, keymap, problems = load_config()
    assert settings == Settings(theme="flight-light")
    assert keymap == {"flight.draw-pack": "n"}
    text = "\n".join(problems)
    assert len(problems) == 5
    for name in ("animations", "bot_delay", "'speed'", "flight.undo", "flight.hint"):
        assert name in text
