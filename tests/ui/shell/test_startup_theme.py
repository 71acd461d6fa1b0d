"""The app starts in the chosen theme, its stylesheets parsed once (a second parse delays the menu)."""

from __future__ import annotations

from shell_helpers import run_async
from textual.color import Color
from textual.css import stylesheet

from flight_tui.ui.app import FlightTuiApp


def count_parses(monkeypatch) -> list[str]:
    """From now on, the source of every stylesheet Textual parses."""
    parsed: list[str] = []
    original = stylesheet.parse

    def parse(scope, css, read_from, *args, **kwargs):
        parsed.append(str(read_from[0]))
        return original(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet, "parse", parse)
    return parsed


@run_async
async def test_the_chosen_theme_shows_from_the_start_and_each_stylesheet_is_parsed_once(monkeypatch):
    parsed = count_parses(monkeypatch)
    app = FlightTuiApp(theme="flight-light")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        theme = app.current_theme
        assert app.theme == "flight-light" and not theme.dark
        assert app.has_class("-theme-flight-light", "-light-mode") and not app.has_class("-dark-mode")
        assert app.screen.styles.background == Color.parse(theme.background)  # the theme's colours, not the default's
        assert [source for source in parsed if source.endswith("app.tcss")] == [str(app.css_path[0])]


@run_async
async def test_an_unknown_theme_starts_the_default_one(monkeypatch):
    parsed = count_parses(monkeypatch)
    app = FlightTuiApp(theme="no-such-theme")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "flight-dark" and app.has_class("-theme-flight-dark", "-dark-mode")
        assert app.screen.styles.background == Color.parse(app.current_theme.background)
        assert len([source for source in parsed if source.endswith("app.tcss")]) == 1
