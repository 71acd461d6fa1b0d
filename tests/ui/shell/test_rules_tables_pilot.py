"""The Rules screen's tables fit 80 columns: no cell of any game's rules or house rules is cut."""

from __future__ import annotations

import pytest
from shell_helpers import run_async
from textual.containers import VerticalScroll

from flight_tui.games import game_names
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.rules import RulesScreen

TABLE_ROW = ("│", "┃")


def table_rows(app) -> list[str]:
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    return [row for row in rows if row.strip()[:1] in TABLE_ROW]


@pytest.mark.parametrize("game", game_names())
@run_async
async def test_no_cell_of_a_rules_table_is_cut_at_80_columns(game):
    app = FlightTuiApp(theme="flight-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen(game))
        await pilot.pause()
        await pilot.pause()
        scroll = app.screen.query_one("#rules-scroll", VerticalScroll)
        seen = []
        while True:
            seen += table_rows(app)
            if scroll.scroll_y >= scroll.max_scroll_y:
                break
            scroll.scroll_to(y=scroll.scroll_y + scroll.size.height - 1, animate=False)
            await pilot.pause()
        cut = [row for row in seen if "…" in row]
        assert not cut, "\n".join(cut)
        assert seen or game != "flight"  # Flight's rules have tables: the test looks at them
