"""The settings file: defaults, round trip, atomic write, broken file."""

from __future__ import annotations

import msgspec

from flight_tui.ui.settings import Settings, load_settings, save_settings, settings_path


def test_missing_file_gives_defaults_without_complaint():
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is None


def test_saved_settings_load_back_and_leave_no_temporary_file():
    save_settings(Settings(theme="flight-light", animations=False, confirm_quit=False))
    settings, problem = load_settings()
    assert problem is None
    assert settings == Settings(theme="flight-light", animations=False, confirm_quit=False)
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]


def test_broken_file_gives_defaults_and_a_message():
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('{"theme": 3')
    settings, problem = load_settings()
    assert settings == Settings()
    assert "settings file" in problem and "broken" in problem


def test_wrong_types_are_reported_not_raised():
    settings_path().parent.mkdir(parents=True)
    settings_path().write_bytes(msgspec.json.encode({"theme": "flight-dark", "animations": "yes"}))
    settings, problem = load_settings()
    assert settings == Settings()
    assert "animations" in problem
