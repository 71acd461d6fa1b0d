"""Every bot move waits the bot-delay setting after the move before it, in every game, so a
person sees each one (issue 18). The pauses are recorded, not timed: timers fire at once here."""

from __future__ import annotations

import pytest
from game_harness import GameApp, run_async, seats

from flight_tui.bots import make_bot
from flight_tui.games import get_rules, get_spec, load
from flight_tui.table import Table
from flight_tui.ui.game_screen import GameTableScreen

GAMES = {
    "flight": "human:Ann,normal:Bob,normal:Cleo",
    "passaportas": "human:Ann,normal:Bob,normal:Cleo",
    "connecting-flights-coop": "human:Ann,normal:Bob",
    "connecting-flights": "human:Ann,normal:Bob,normal:Cleo",
}
DELAY = 0.75
"""The bot-delay setting of these tables (seconds)."""


@pytest.mark.parametrize("game", list(GAMES))
@run_async
async def test_each_bot_move_comes_after_a_pause_of_the_bot_delay(game, monkeypatch):
    specs = seats(GAMES[game])
    rules = get_rules(game)
    table = Table(rules, rules.make_config(len(specs), {}), 7, specs)
    happened: list[tuple[str, object]] = []

    def set_timer(screen, delay, callback, *args, **kwargs):
        happened.append(("pause", delay))
        screen.call_later(callback)

    submit = table.submit

    def recorded_submit(seat, action):
        happened.append(("move", seat))
        return submit(seat, action)

    monkeypatch.setattr(GameTableScreen, "set_timer", set_timer)
    monkeypatch.setattr(table, "submit", recorded_submit)
    me = make_bot(game, "random", 1)

    class App(GameApp):
        screen_type = load(get_spec(game).table_screen)

    app = App(table, bot_delay=DELAY)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):
            await pilot.pause(0.002)
            screen = app.screen
            if not isinstance(screen, GameTableScreen):
                await pilot.press("enter")  # a summary, a hand-off: go on
                continue
            if 0 in table.to_act() and not screen._bot_busy:
                screen.submit(me.choose(table.view(0)))
            if sum(1 for kind, seat in happened if kind == "move" and seat != 0) >= 12:
                break
    bot_moves = [i for i, (kind, seat) in enumerate(happened) if kind == "move" and seat != 0]
    assert len(bot_moves) >= 12
    for index in bot_moves:
        assert happened[index - 1] == ("pause", DELAY), happened[max(index - 3, 0) : index + 1]
