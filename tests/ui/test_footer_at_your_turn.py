"""The footer shows the keys of the moment as soon as it is the person's turn (issue 18: it
lagged behind the table in the competitive auction)."""

from __future__ import annotations

import pytest
from game_harness import GameApp, run_async, seats
from textual.widgets._footer import FooterKey

from flight_tui.bots import make_bot
from flight_tui.games import get_rules, get_spec, load
from flight_tui.table import Table
from flight_tui.table.driver import PEOPLE
from flight_tui.ui.widgets.footer import GameFooter

TURN_KEYS = {"flight": ("draw", "Pack"), "connecting-flights": ("bidding", "Bid +1")}
"""Per game: a phase, and a key the footer shows when the person's turn in it comes."""


def footer_keys(app) -> list[str]:
    return [key.description for key in app.screen.query_one(GameFooter).query(FooterKey)]


@pytest.mark.parametrize("game", list(TURN_KEYS))
@run_async
async def test_the_footer_has_the_turns_keys_when_the_turn_comes(game):
    phase, key = TURN_KEYS[game]
    specs = seats("human:Ann,normal:Bob,normal:Cleo")
    rules = get_rules(game)
    table = Table(rules, rules.make_config(len(specs), {}), 7, specs)
    me = make_bot(game, "random", 1)

    class App(GameApp):
        screen_type = load(get_spec(game).table_screen)

    app = App(table, bot_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        checked, asked_before = 0, True
        for _ in range(5000):
            await pilot.pause(0.002)
            screen = app.screen
            if not isinstance(screen, App.screen_type):
                await pilot.press("enter")  # a summary between rounds
                continue
            asked = screen.driver.next_step().kind == PEOPLE
            if asked and not asked_before and table.view(0).phase == phase:
                checked += 1
                await pilot.pause()  # the messages already sent are handled, however busy the machine
                assert key in footer_keys(app), footer_keys(app)  # with the turn, before any key is pressed
            asked_before = asked
            if asked:
                screen.submit(me.choose(table.view(0)))
            if checked >= 5:
                break
        assert checked >= 5
