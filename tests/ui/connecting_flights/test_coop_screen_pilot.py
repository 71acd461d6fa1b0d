"""The cooperative table at 80x24 seen as a player sees it: purchases that fit, long lists found
by typing, events shown when they happen, hints that reach dialogs (Textual's Pilot)."""

from __future__ import annotations

import re

from coop_harness import CoopApp, hint_of, make_table, market_after_purchases, run_async, screen_of, take_suggested_starts
from game_harness import play_until, screen_lines, wait_for_workers, wait_until
from textual.widgets import OptionList


from flight_tui.games.connecting_flights.coop.rules.state import (
    AIRPORT,
    FLY,
    LANDING_RIGHTS,
    MARKET,
    TRUCK,
    Bought,
    Charter,
    ChooseStart,
    DemandPlaced,
    GameEnded,
    RoundEnded,
    StartChosen,
)
from flight_tui.games.connecting_flights.coop.ui.end_screens import RoundSummaryScreen
from flight_tui.games.connecting_flights.coop.ui.fly import CharterScreen
from flight_tui.games.connecting_flights.coop.ui.market import MarketView
from flight_tui.games.connecting_flights.coop.ui.setup_view import StartView
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.games.connecting_flights.core_ui.lists import LineList
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import LogView

WORLD = default_world()


def side_text(app) -> str:
    """The Marketplace's side column as shown on the screen (right of the first rule)."""
    return "\n".join(line.split("│", 1)[1] for line in screen_lines(app) if "│" in line)


@run_async
async def test_every_purchase_of_the_round_fits_the_side_column_at_80x24():
    table = market_after_purchases()
    purchases = [e for e in table.view(0).log if isinstance(e, Bought)]
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        side = side_text(app)
        assert f"Bought this round, {sum(e.price for e in purchases)}c:" in side
        bought = " ".join(side.split("Bought this round, ", 1)[1].split())
        for event in purchases:
            if event.kind == LANDING_RIGHTS:
                assert f"{WORLD.airport_of_card(event.item).code} LR {event.price}c" in bought
            elif event.kind == AIRPORT:
                assert f"{WORLD.airport_of_card(event.item).code} {event.price}c" in bought
        assert bought.count("fuel") == sum(1 for e in purchases if e.kind == TRUCK) == 4
        assert "…" not in side


@run_async
async def test_long_market_home_end_and_type_to_find():
    table = make_table("human:Ann", seed=7)
    take_suggested_starts(table)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        market = screen_of(app).query_one(MarketView)
        lines = market.query_one(LineList)
        assert len(lines.rows) > 40
        await pilot.press("end")
        assert lines.cursor == len(lines.rows) - 1
        last = lines.rows[-1][0]
        assert any(last in line for line in screen_lines(app))  # scrolled into sight
        airport_rows = [line.split("│")[0] for line in screen_lines(app) if " LR " in line and "│" in line]
        assert airport_rows and all(re.search(r"\d+c  LR +\d+c +$", row) for row in airport_rows)  # whole, apart from the rule
        await pilot.press("home")
        assert lines.cursor == 1  # the first row under the heading
        await pilot.press("pagedown")
        assert lines.cursor > 1
        pool = sorted(table.view(0).airport_pool, key=lambda c: WORLD.airport_of_card(c).code)
        target = WORLD.airport_of_card(pool[-1])
        await pilot.press(*target.code)  # capitals: the airport's code
        assert market.row.kind == AIRPORT and WORLD.airport_of_card(market.row.item).code == target.code
        assert any(target.city in line for line in screen_lines(app))
        await pilot.press("F")  # a new search: the first fuel truck
        assert lines.rows[lines.cursor][0].startswith("Fuel truck, capacity 1")
        await pilot.press("F")  # the same letter again: the next one
        assert lines.rows[lines.cursor][0].startswith("Fuel truck, capacity 2")
        await pilot.press("Q", "Z")  # nothing starts so: the cursor stays
        assert lines.rows[lines.cursor][0].startswith("Fuel truck, capacity 2")
        assert table.view(0).coins == 100  # finding buys nothing


@run_async
async def test_what_the_bot_partner_did_since_your_go_is_on_the_screen():
    table = make_table("human:Ann,normal:Bob", seed=3, difficulty="medium")
    take_suggested_starts(table)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert tuple(table.to_act()) == (0,)
        await pilot.press("p")  # Ann passes: Bob's go (his moves come one by one)
        await wait_until(pilot, lambda: tuple(table.to_act()) == (0,) or table.view(0).phase != MARKET)
        await pilot.pause()
        bob = [e for e in table.view(0).log if getattr(e, "seat", None) == 1 and not isinstance(e, StartChosen)]
        assert bob  # Bob did something
        bottom = screen_lines(app)[-2]
        assert bottom.startswith(" » Since your go: Bob ")
        if any(isinstance(e, Bought) for e in bob):
            assert "bought" in bottom


@run_async
async def test_the_round_summary_shows_flights_new_passengers_and_the_coins_trail():
    table = make_table("human:Ann", seed=7)
    take_suggested_starts(table)
    coins_at_start = table.view(0).coins
    play_until(table, lambda t: t.view(0).phase == FLY)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")  # done flying: New Demand and End Round follow
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        view = table.view(0)
        summary = next(e for e in reversed(view.log) if isinstance(e, RoundEnded))
        demand = next(e for e in reversed(view.log) if isinstance(e, DemandPlaced))
        shown = " ".join(" ".join(screen_lines(app)).split())  # as on the screen, wrapped lines joined
        assert "Flights: " in shown
        for placement in demand.placed:
            assert f"at {WORLD.airports[placement.airport].code}" in shown
        assert shown.count("New passengers:") == 1  # this round's, not set-up's
        assert f"Coins: {coins_at_start} " in shown and f"= {summary.coins}." in shown
        assert f"+ {summary.income} income" in shown


@run_async
async def test_after_a_charter_hint_the_charter_list_opens_on_the_hinted_charter():
    def charter_hinted(t):
        """Ann's go in the Fly phase, the hint a charter that is not first in the charter list."""
        view = t.view(0)
        if view.phase != FLY or tuple(t.to_act()) != (0,) or not isinstance(hint := hint_of(t), Charter):
            return False
        charters = [a for a in t.rules.legal_actions_from_view(view) if isinstance(a, Charter)]
        return CharterScreen(WORLD, view, charters).charters.index(hint) > 0

    table = make_table("human:Ann", seed=7)
    take_suggested_starts(table)
    play_until(table, charter_hinted, seed=7)
    hinted = hint_of(table)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_for_workers(pilot)
        assert isinstance(app.screen, CharterScreen)
        await pilot.press("escape")  # not now
        await pilot.pause()
        assert not isinstance(app.screen, CharterScreen)
        await pilot.press("c")  # the list opened next starts on the hinted charter
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CharterScreen)
        assert dialog.charters.index(hinted) > 0  # not the first: the list had to be told
        assert dialog.charters[dialog.query_one(OptionList).highlighted] == hinted
        coins = table.view(0).coins
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[-1] == (0, hinted) and table.view(0).coins < coins


@run_async
async def test_a_start_hint_puts_the_cursor_on_the_hinted_starting_flight():
    table = make_table("human:Ann", seed=7)
    hinted = hint_of(table)
    assert isinstance(hinted, ChooseStart)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        start_view = screen_of(app).query_one(StartView)
        await pilot.press("end")  # away from the hinted flight
        assert start_view.starts[start_view.query_one(LineList).cursor] != hinted
        await pilot.press("t")
        await wait_for_workers(pilot)
        chosen = start_view.starts[start_view.query_one(LineList).cursor]
        cards = WORLD.airport_cards
        assert (cards[chosen.origin].airport, cards[chosen.dest].airport) == (cards[hinted.origin].airport, cards[hinted.dest].airport)
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[-1] == (0, chosen)


@run_async
async def test_the_log_view_opens_at_its_latest_line():
    table = make_table("human:Ann", seed=7)
    take_suggested_starts(table)
    play_until(table, lambda t: t.view(0).round == 3 and t.view(0).phase == MARKET, seed=7)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        whole_log = screen_of(app).query_one(LogView)
        assert whole_log.max_scroll_y > 0  # longer than the screen
        assert whole_log.scroll_y == whole_log.max_scroll_y
        latest = table.log_lines(0, last=1)[0]
        assert latest[:30] in " ".join(" ".join(screen_lines(app)).split())
        await pilot.press("pageup")  # reading back
        assert whole_log.scroll_y < whole_log.max_scroll_y
        await pilot.press("3", "5")  # opened again: at the latest line again
        await pilot.pause()
        assert whole_log.scroll_y == whole_log.max_scroll_y


@run_async
async def test_the_end_screen_shows_what_the_last_round_did():
    table = make_table("human:Ann", seed=4)
    take_suggested_starts(table)
    play_until(table, lambda t: t.is_over(), limit=20000)
    end = next(e for e in reversed(table.view(0).log) if isinstance(e, GameEnded))
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert f"Round {end.round}, the last: Flights: " in shown
        assert "1 passengers" not in shown and "passenger" in shown


@run_async
async def test_the_hot_seat_hand_off_says_what_the_other_player_did():
    table = make_table("human:Ann,human:Bob", seed=5)
    take_suggested_starts(table)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off to Ann
        await pilot.pause()
        first = tuple(table.to_act())
        await pilot.press("p")  # done: the hand-off to the other player
        await pilot.pause()
        assert tuple(table.to_act()) != first
        assert isinstance(app.screen, HandOffScreen)
        name = table.names[first[0]]
        assert any(f"Since your go: {name} passed" in line for line in screen_lines(app))
