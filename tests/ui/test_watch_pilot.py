"""A game whose every seat is a bot is watched through the real app: a line on top says so and
whose view it shows (``s``: the next seat's), the footer offers only keys that look, the texts
name no key of a move, and a key of play moves no bot's seat but says why nothing happens."""

from __future__ import annotations

import pytest
from game_harness import footer_line, play_until, run_async, screen_lines, seats, wait_until
from lesson_harness import notices

from flight_tui.games import get_rules
from flight_tui.table import Table
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.game_screen import GameTableScreen
from flight_tui.ui.watch import WATCHING

KEYS_OF_PLAY = {
    "flight": ["p", "e", "enter", "x", "u", "t"],
    "passaportas": ["r", "enter", "w", "c", "p", "u", "t"],  # s: another seat, while watching
    "connecting-flights-coop": ["enter", "f", "p", "u", "t"],
    "connecting-flights": ["enter", "o", "u", "t"],
}
"""Keys that make a move, take one back or ask for a hint at a table someone plays."""


def watched_table(game: str) -> Table:
    """A table of three bots (two in the cooperative game) where the first seat is asked to move."""
    rules = get_rules(game)
    specs = seats("easy,easy" if game == "connecting-flights-coop" else "easy,easy,easy")
    table = Table(rules, rules.make_config(len(specs), {}), 11, specs)
    play_until(table, lambda t: len(t.actions) >= 3 and 0 in t.to_act())
    return table


@pytest.mark.parametrize("game", list(KEYS_OF_PLAY))
@run_async
async def test_a_table_of_bots_only_is_watched_and_takes_no_move(game):
    table = watched_table(game)
    app = FlightTuiApp(table=table)
    app.settings.bot_delay = 1000  # the bots wait: only the keys could move the first seat now
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameTableScreen))
        screen = app.screen
        lines = screen_lines(app)
        assert lines[0].strip() == "Watching: every seat is a bot · the game as Ann (Easy bot) sees it"
        footer = footer_line(app)
        assert "Esc Menu" in footer and "F1 Help" in footer
        assert not any(word in footer for word in ("Hint", "Undo", "Pack", "Roll", "Done", "Trade"))
        assert not screen.takes_moves
        before = list(table.actions)
        for key in KEYS_OF_PLAY[game]:
            await pilot.press(key)
            await pilot.pause()
            if app.screen is not screen:  # a question opened by a key (none should): close it
                await pilot.press("escape")
        assert table.actions == before, "a key played the first seat's bot"
        assert any(WATCHING in text for text in notices(app))
        assert app.screen is screen
        await pilot.press("s")  # the game as the next seat sees it
        await pilot.pause()
        assert screen.view.seat == 1 and table.actions == before
        assert screen_lines(app)[0].strip() == "Watching: every seat is a bot · the game as Bob (Easy bot) sees it"
        assert "s Seat" in footer_line(app)
