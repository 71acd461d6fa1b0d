"""The theme variables work in Textual CSS: ``$route-blue`` and friends resolve under every theme."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult
from textual.color import Color
from textual.widgets import Static

from flight_tui.ui.settings import DEFAULT_THEME
from flight_tui.ui.theming import REQUIRED_VARIABLES, load_themes

THEMES = load_themes()[0]


class CardColoursApp(App[None]):
    """Registers the themes the way the game does and shows one widget per card variable."""

    CSS = "\n".join(f"#{name} {{ color: ${name}; background: $card-face; }}" for name in REQUIRED_VARIABLES)

    def __init__(self, theme_name: str) -> None:
        super().__init__()
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = theme_name

    def compose(self) -> ComposeResult:
        for name in REQUIRED_VARIABLES:
            yield Static(name, id=name)


def shown_colours(app: App) -> dict[str, Color]:
    return {name: app.query_one(f"#{name}", Static).styles.color for name in REQUIRED_VARIABLES}


@pytest.mark.parametrize("theme", THEMES, ids=lambda theme: theme.name)
def test_card_variables_resolve_under_each_theme(theme):
    async def run() -> None:
        app = CardColoursApp(theme.name)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.current_theme.name == theme.name
            assert shown_colours(app) == {name: Color.parse(theme.variables[name]) for name in REQUIRED_VARIABLES}
            background = app.query_one(f"#{REQUIRED_VARIABLES[0]}", Static).styles.background
            assert background == Color.parse(theme.variables["card-face"])

    asyncio.run(run())


def test_switching_themes_while_running_recolours_the_cards():
    async def run() -> None:
        app = CardColoursApp(DEFAULT_THEME)
        async with app.run_test(size=(80, 24)) as pilot:
            for theme in THEMES:
                app.theme = theme.name
                await pilot.pause()
                assert shown_colours(app)["route-red"] == Color.parse(theme.variables["route-red"])

    asyncio.run(run())
