"""Screens are styled no more than they need (``flight_tui.ui.painting``'s ``styled_once``,
``closing_blur`` and ``breakpoints_first``, and the footer's keys): a screen shown for the first
time is styled as its widgets mount, and styling it again, as Textual did when it was shown,
changes no widget's style (each screen is opened in a fresh app, so its stylesheet, a game's
``CSS_PATH`` too, is read as it opens); a table has the classes of its size before it is
styled; a screen that closes is not styled again as its focused widget loses the focus."""

from __future__ import annotations

from collections import Counter

import pytest
from game_harness import run_async, wait_for_workers, wait_until
from test_styles_per_game import TABLES, new_table, quick_app
from textual.css.stylesheet import Stylesheet

from flight_tui.games import get_spec, load
from flight_tui.ui.app import FlightTuiApp


def count_stylings(monkeypatch) -> Counter:
    """From now on, how many times each widget is styled."""
    styled: Counter = Counter()
    apply = Stylesheet.apply

    def counting(stylesheet, node, *args, **kwargs):
        styled[node] += 1
        return apply(stylesheet, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counting)
    return styled


def styles(screen) -> dict[int, tuple]:
    """Every widget's style rules from the stylesheet, its parts' too, by widget."""
    return {
        id(widget): (
            type(widget).__name__,
            widget._css_styles.get_rules(),
            {part: look.base.get_rules() for part, look in widget._component_styles.items()},
        )
        for widget in screen.walk_children(with_self=True)
    }


def restyled(screen) -> dict[int, tuple]:
    """The styles once the whole screen is styled again."""
    screen.update_node_styles(animate=False)
    return styles(screen)


@pytest.mark.parametrize("keys", [[], ["n"], ["r"], ["f1"], ["s"], ["l"], ["n", "left"]], ids=["menu", "new", "rules", "help", "settings", "load", "new-competitive"])
@run_async
async def test_a_shell_screen_needs_no_second_styling(keys):
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for key in keys:
            await pilot.press(key)
        await wait_for_workers(pilot)
        await pilot.pause()
        assert app.screen.stack_updates == 1  # shown once
        before = styles(app.screen)
        assert restyled(app.screen) == before


@pytest.mark.parametrize("game", list(TABLES))
@run_async
async def test_a_game_table_needs_no_second_styling(game):
    app = quick_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(new_table(game))
        table_type = load(get_spec(game).table_screen)
        await wait_until(pilot, lambda: isinstance(app.screen, table_type))
        await pilot.pause()
        before = styles(app.screen)
        assert restyled(app.screen) == before


@run_async
async def test_opening_a_screen_styles_its_widgets_once(monkeypatch):
    """Help over the menu: each widget is styled as it mounts and not again, but for the widget
    that takes the focus and what it holds (Textual styles them again for the focus)."""
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        styled = count_stylings(monkeypatch)
        await pilot.press("f1")
        await pilot.pause()
        focused = set(app.screen.focused.walk_children(with_self=True))
        times = {widget: styled[widget] for widget in app.screen.walk_children(with_self=True)}
        assert len(times) > len(focused) > 1
        assert {times[widget] for widget in times if widget not in focused} == {1}
        assert {times[widget] for widget in focused} == {2}


@run_async
async def test_closing_the_rules_does_not_style_their_text_again(monkeypatch):
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        await pilot.press("r")
        await pilot.pause()
        rules = set(app.screen.walk_children(with_self=True))
        assert len(rules) > 100
        styled = count_stylings(monkeypatch)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is menu
        assert sum(styled[widget] for widget in rules) == 0


@pytest.mark.parametrize("game", list(TABLES))
@pytest.mark.parametrize(("size", "classes"), [((80, 24), {"-narrow", "-short"}), ((120, 40), {"-wide", "-tall"})], ids=["80x24", "120x40"])
@run_async
async def test_a_table_has_the_classes_of_its_size_before_it_is_styled(game, size, classes, monkeypatch):
    """The screen is styled once, with the classes of its size, and most of its widgets once
    (Textual gave the classes as the size came, after styling everything without them, and
    styled everything again)."""
    app = quick_app()
    async with app.run_test(size=size) as pilot:
        styled = count_stylings(monkeypatch)
        app.open_table(new_table(game))
        table_type = load(get_spec(game).table_screen)
        await wait_until(pilot, lambda: isinstance(app.screen, table_type))
        await pilot.pause()
        assert classes <= app.screen.classes
        assert styled[app.screen] == 1
        widgets = list(app.screen.walk_children())
        assert sum(styled[widget] == 1 for widget in widgets) >= 0.75 * len(widgets)
