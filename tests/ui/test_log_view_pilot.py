"""The whole-log view of every game that has one opens at its latest line (issue 18)."""

from __future__ import annotations

import pytest
from game_harness import GameApp, play_until, run_async, screen_lines, seats, wait_until

from flight_tui.games import get_rules, get_spec, load
from flight_tui.table import Table
from flight_tui.table.driver import PEOPLE
from flight_tui.ui.widgets.log_panel import LogView

LOG_KEYS = {
    "passaportas": ("human,random,random", "o", "o"),
    "connecting-flights": ("human:Ann,random:Bob,random:Cleo", "7", "1"),
}
"""The games with a whole-log view: their seats, the key that shows the log and one that leaves it."""


def shown_text(app) -> str:
    """The text the whole-log view shows (not the latest lines' panel beside it)."""
    region = app.screen.query_one(LogView).region
    rows = screen_lines(app)[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right].split()) for row in rows)


@pytest.mark.parametrize("game", list(LOG_KEYS))
@run_async
async def test_the_log_view_opens_at_its_latest_line(game):
    text, key, away = LOG_KEYS[game]
    specs = seats(text)
    rules = get_rules(game)
    table = Table(rules, rules.make_config(len(specs), {}), 4, specs)
    play_until(table, lambda t: len(t.log_lines(0, last=500)) > 60 and t.to_act() == (0,), seed=4)

    class App(GameApp):
        screen_type = load(get_spec(game).table_screen)

    app = App(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.screen.driver.next_step().kind == PEOPLE)
        last = " ".join(table.log_lines(0)[-1].split()[:4])
        first = " ".join(table.log_lines(0, last=500)[0].split())
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
        assert last in shown_text(app) and first not in shown_text(app)
        await pilot.press("pageup", "pageup", "pageup", "pageup", "pageup", "pageup")  # reading back
        await pilot.pause()
        assert last not in shown_text(app)
        await pilot.press(away, key)  # the log is opened again: at its latest line
        await pilot.pause()
        await pilot.pause()
        assert last in shown_text(app)
