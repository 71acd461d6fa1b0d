"""At one keyboard with a bot among the people, the table always shows a person's seat: never a
bot's hidden cards, never a bot's keys of play. Played through the real screens, the people's
moves made by random players, the bot in the first seat (in turn before anyone) and a short pause
before each bot move, in which the table is looked at."""

from __future__ import annotations

import pytest
from game_harness import GameApp, run_async, seats

from flight_tui.bots import make_bot
from flight_tui.games import get_rules, get_spec, load
from flight_tui.table import Table
from flight_tui.ui.game_screen import GameTableScreen

GAMES = {
    "flight": "normal:Ann,human:Bob,human:Cleo",
    "passaportas": "normal:Ann,human:Bob,human:Cleo",
    "connecting-flights-coop": "normal:Ann,human:Bob,human:Cleo",
    "connecting-flights": "normal:Ann,human:Bob,human:Cleo",
}
PEOPLE = (1, 2)
SEEDS = (3,)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", list(GAMES))
@run_async
async def test_the_table_shows_only_a_persons_seat(game, seed):
    specs = seats(GAMES[game])
    rules = get_rules(game)
    table = Table(rules, rules.make_config(len(specs), {}), seed, specs)
    people = {seat: make_bot(game, "random", seed + seat) for seat in PEOPLE}

    class App(GameApp):
        screen_type = load(get_spec(game).table_screen)

    app = App(table, bot_delay=0.05)  # a pause before each bot move, while the table is looked at
    shown = 0
    async with app.run_test(size=(80, 24)) as pilot:
        while len(table.actions) < 30 and not table.is_over():
            await pilot.pause(0.002)
            screen = app.screen
            if not isinstance(screen, GameTableScreen):
                # a hand-off, a summary: go on; a trade offered to a person: refused
                await pilot.press("n" if type(screen).__name__ == "OfferDialog" else "enter")
                continue
            if screen.view is not None:  # the seat whose view the table shows
                shown += 1
                assert screen.view.seat in PEOPLE, f"the table shows {table.seats[screen.view.seat].label}'s seat"
            asked = [seat for seat in table.to_act() if seat in PEOPLE]
            if asked and screen.viewer in asked and not screen._bot_busy:
                screen.submit(people[screen.viewer].choose(table.view(screen.viewer)))
    assert shown > 0
