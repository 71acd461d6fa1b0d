"""The Hand panel over a real cooperative game: the starting flight chosen with keys."""

from __future__ import annotations

from game_harness import run_async
from hand_harness import GameHandApp, put_down, shown

from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig
from flight_tui.games.connecting_flights.coop.rules.state import MARKET, ChooseStart
from flight_tui.table import SeatSpec, Table
from flight_tui.games.connecting_flights.coop.ui.hand import CoopHandPanel


@run_async
async def test_the_starting_flight_is_built_with_keys_and_accepted_by_the_rules():
    table = Table(COOP, CoopConfig(players=1), 3, [SeatSpec("human", "Ann")])
    app = GameHandApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(CoopHandPanel)
        assert "Starting flight" in shown(app, "#building")
        await put_down(pilot, panel, "NYC New York")
        await put_down(pilot, panel, "Plane ★★★")
        await put_down(pilot, panel, "Fuel truck 4")
        await put_down(pilot, panel, "Passenger ★ → Europe")
        await put_down(pilot, panel, "LON London")
        await pilot.press("f")
        await pilot.pause()
        assert app.refused == []
        chosen = table.actions[0][1]
        assert isinstance(chosen, ChooseStart)
        assert table.view(0).phase == MARKET
        hand = table.view(0).hands[0]
        assert chosen.plane in hand.planes and {chosen.origin, chosen.dest} <= set(hand.airports)
        assert "Flights are arranged on your go" in shown(app, "#building")


@run_async
async def test_a_starting_flight_breaking_a_rule_is_not_sent():
    table = Table(COOP, CoopConfig(players=1), 3, [SeatSpec("human", "Ann")])
    app = GameHandApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(CoopHandPanel)
        await put_down(pilot, panel, "NYC New York")
        await put_down(pilot, panel, "Plane ★ ")
        await put_down(pilot, panel, "Fuel truck 4")
        await put_down(pilot, panel, "Passenger ★★ → ")
        await put_down(pilot, panel, "LON London")
        assert "Rule 1:" in shown(app, "#problems") and "Rule 3:" in shown(app, "#problems")
        await pilot.press("f")
        await pilot.pause()
        assert table.actions == []
