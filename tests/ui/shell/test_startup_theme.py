"""The app starts in the chosen theme, its stylesheets parsed once (a second parse delays the menu)."""

from __future__ import annotations

from shell_helpers import run_async
from textual.cache import LRUCache
from textual.color import Color
from textual.css import stylesheet

from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.painting import css_once


def count_parses(monkeypatch) -> list[str]:
    """From now on, the source of every stylesheet Textual parses, nothing parsed yet (the
    process keeps what it parsed, ``css_once``: another test may have parsed these already)."""
    monkeypatch.setattr(css_once, "_parsed", LRUCache(css_once._parsed.maxsize))
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


@run_async
async def test_a_second_app_parses_nothing_again_and_another_theme_gets_its_own_colours(monkeypatch):
    parsed = count_parses(monkeypatch)
    after = []
    for theme in ("flight-dark", "flight-dark", "flight-light"):
        app = FlightTuiApp(theme=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")  # a screen of its own CSS too
            await pilot.pause()
            assert app.screen.styles.background == Color.parse(app.current_theme.background)
        after.append(len(parsed))
    assert after[0] > 0
    assert after[1] == after[0]  # the same CSS with the same colours: parsed by the first app
    assert after[2] > after[1]  # another theme's colours: parsed again
