"""A game's stylesheet styles only its own screens.

A screen's ``CSS_PATH`` stays in the app's stylesheet once the screen has been shown, so a rule
such as ``#hand { height: 5; }`` in one game's stylesheet would reshape another game's ``#hand``
(and the New game screen's ``#players``) for the rest of the run. Each game's table is opened in
one app after every other game's, and compared cell by cell (text and style) with the same
table in a fresh app; each stylesheet's rules begin with one of its own game's screens.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from game_harness import run_async, seats, wait_until
from textual.css.parse import parse
from textual.screen import Screen

from flight_tui.games import get_rules, get_spec, load
from flight_tui.table import Table
from flight_tui.table.driver import PEOPLE
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.new_game import NewGameScreen

TABLES = {
    "flight": "human,normal,normal",
    "passaportas": "human,random,random",
    "connecting-flights-coop": "human:Ann",
    "connecting-flights": "human:Ann,random:Bob,random:Cleo",
}
"""Each game, with seats whose first move is the person's or comes after bots' moves."""
VIEW_KEYS = {
    "flight": [],
    "passaportas": ["tab", "tab", "o"],
    "connecting-flights-coop": ["2", "3", "4", "1"],
    "connecting-flights": ["2", "3", "4", "5", "6", "7", "1"],
}
"""The keys that show each of a table's views in turn."""


def new_table(game: str) -> Table:
    """A new table of ``game``; the cooperative one past its set-up, on the flight builder."""
    specs = seats(TABLES[game])
    rules = get_rules(game)
    table = Table(rules, rules.make_config(len(specs), {}), 7, specs)
    if game == "connecting-flights-coop":
        while table.view(0).phase == "setup":
            table.submit(0, rules.suggest_start(table.view(0), 0))
    return table


def cells(app) -> list[list[tuple[str, str]]]:
    """The screen as the terminal shows it: every row's runs of text with their style."""
    return [[(segment.text, str(segment.style)) for segment in strip] for strip in app.screen._compositor.render_strips()]


async def open_game(pilot, game: str) -> list[list[list[tuple[str, str]]]]:
    """Open a new table of ``game``, wait until it asks the person, then show each of its views; the screens."""
    app = pilot.app
    app.open_table(new_table(game))
    table_type = load(get_spec(game).table_screen)
    await wait_until(pilot, lambda: isinstance(app.screen, table_type) and app.screen.driver.next_step().kind == PEOPLE)
    await pilot.pause()
    screens = [cells(app)]
    for key in VIEW_KEYS[game]:
        await pilot.press(key)
        await pilot.pause()
        screens.append(cells(app))
    return screens


def quick_app() -> FlightTuiApp:
    app = FlightTuiApp(theme="flight-dark")
    app.apply_setting("bot_delay", 0.0)
    return app


async def fresh_screens(game: str) -> list[list[list[tuple[str, str]]]]:
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        return await open_game(pilot, game)


async def new_game_screen(pilot) -> list[list[tuple[str, str]]]:
    """Back to the menu, then the New game screen as shown."""
    app = pilot.app
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(NewGameScreen())
    await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    await pilot.pause()
    return cells(app)


@pytest.mark.parametrize("game", list(TABLES))
@run_async
async def test_a_table_looks_the_same_after_every_other_games_table(game):
    expected = await fresh_screens(game)
    others = [other for other in TABLES if other != game]
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for other in others:
            await open_game(pilot, other)
        assert await open_game(pilot, game) == expected


@run_async
async def test_the_new_game_screen_looks_the_same_after_every_games_table():
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        expected = await new_game_screen(pilot)
        for game in TABLES:
            await open_game(pilot, game)
        assert await new_game_screen(pilot) == expected


def game_screens(game: str) -> tuple[Path, set[str]]:
    """A game's stylesheet and the names of the screens its ``ui`` package defines."""
    table_screen = load(get_spec(game).table_screen)
    package = table_screen.__module__.rsplit(".", 1)[0]
    module = inspect.getmodule(table_screen)
    stylesheet = Path(module.__file__).with_name(table_screen.CSS_PATH)
    names = set()
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        for _, cls in inspect.getmembers(importlib.import_module(f"{package}.{info.name}"), inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__.startswith(package):
                names.add(cls.__name__)
    return stylesheet, names


@pytest.mark.parametrize("game", list(TABLES))
def test_every_rule_of_a_games_stylesheet_begins_with_one_of_its_screens(game):
    stylesheet, screens = game_screens(game)
    firsts = []
    css = re.sub(r"\$[\w-]+", "red", stylesheet.read_text())  # the theme's colours do not matter here
    for rule in parse("", css, (str(stylesheet), "")):
        for selector_chain in rule.selector_set:
            firsts.append(selector_chain.selectors[0].name)
    assert firsts and set(firsts) <= screens, f"{stylesheet.name}: rules begin with {sorted(set(firsts) - screens)}"
