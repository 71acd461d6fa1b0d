"""Every game's end screen has its chart (the Chart key), drawn from the finished game, through the real app."""

from __future__ import annotations

import pytest
from finished_games import finished_game
from game_harness import run_async, wait_until

from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.chart import ChartScreen

END_SCREENS = {  # game: (the end screen's class name, keys that reach it from the finished table, a chart's title)
    "flight": ("MatchEndScreen", [], "Total score after each hand"),
    "passaportas": ("ResultsScreen", ["enter"], "Passengers delivered by the end of each round"),
    "connecting-flights": ("CompetitiveEndScreen", [], "Coins at the end of each round"),
    "connecting-flights-coop": ("CoopEndScreen", [], "Team coins at the end of each round"),
}


def screen_text(app) -> str:
    return "\n".join("".join(segment.text for segment in line) for line in app.screen._compositor.render_strips())


@pytest.mark.parametrize("game", list(END_SCREENS))
@run_async
async def test_the_end_screen_shows_the_chart_of_the_game(game):
    end_screen, keys, title = END_SCREENS[game]
    table = finished_game(game, 1)
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(table)
        for key in keys:
            await wait_until(pilot, lambda: app.screen is not app.screen_stack[0])
            await pilot.pause()
            await pilot.press(key)
        await wait_until(pilot, lambda: type(app.screen).__name__ == end_screen)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ChartScreen))
        await pilot.pause()
        text = screen_text(app)
        assert title in text
        assert "● Ann" in text or "● Team" in text  # the legend names each line with its marker
        await pilot.press("escape")
        await wait_until(pilot, lambda: type(app.screen).__name__ == end_screen)
