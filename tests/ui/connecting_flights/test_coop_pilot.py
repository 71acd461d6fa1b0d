"""The Connecting Flights table driven by keys only (Textual's Pilot): buying, flying, chartering."""

from __future__ import annotations

from coop_harness import (
    CoopApp,
    hint_of,
    make_table,
    play_until,
    run_async,
    screen_of,
    take_suggested_starts,
)
from game_harness import wait_for_hint

from flight_tui.games.connecting_flights.coop.rules import market as market_rules
from flight_tui.games.connecting_flights.coop.rules.state import FLY, MARKET, Flew, RoundEnded
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.games.connecting_flights.coop.ui.end_screens import CoopEndScreen, RoundSummaryScreen
from flight_tui.games.connecting_flights.coop.ui.fly import CharterScreen, FlyView
from flight_tui.games.connecting_flights.core_ui.lists import LineList, OneLine
from flight_tui.games.connecting_flights.coop.ui.market import MarketView
from flight_tui.games.connecting_flights.coop.ui.presentation import penalty_text
from flight_tui.games.connecting_flights.coop.ui.table_screen import CoopTableScreen

WORLD = default_world()


def solo_market(seed: int = 7):
    table = make_table("human:Ann", seed=seed)
    take_suggested_starts(table)
    return table


@run_async
async def test_buying_a_passenger_card_with_keys_pays_from_the_shared_purse():
    table = solo_market()
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        assert screen.current_view == "market"  # the Marketplace opens by itself
        market = screen.query_one(MarketView)
        await pilot.press("down")
        row = market.row
        assert row.kind == "passenger" and row.item == table.view(0).market_passengers[1]
        coins = table.view(0).coins
        await pilot.press("enter")
        await pilot.pause()
        view = table.view(0)
        assert row.item in view.hands[0].passengers
        assert view.coins == coins - WORLD.passengers[row.item].price
        assert row.item not in view.market_passengers
        await pilot.press("r")  # no refresh after a purchase (B.1)
        await pilot.pause()
        assert table.view(0).market_passengers == view.market_passengers
        why = market_rules.refresh_problem(table.view(0))
        assert why and any(why in str(n.message) for n in app._notifications)
        side = str(market.query_one("#market-side").content)
        assert f"Refresh ✗ {why}" in side


@run_async
async def test_refresh_then_buy_a_fuel_truck_for_the_partner():
    table = make_table("human:Ann,human:Bob", seed=5)
    take_suggested_starts(table)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off to Ann
        await pilot.pause()
        before = list(table.view(0).market_passengers)
        await pilot.press("r")
        await pilot.pause()
        assert table.view(0).coins == 95 and table.view(0).market_passengers != before
        market = screen_of(app).query_one(MarketView)
        lines = market.query_one(LineList)
        while market.row.kind != "truck" or market.row.item != 3:
            await pilot.press("down")
        await pilot.press("g")  # Bob gets it
        price = market_rules.price("truck", 3)
        assert f"Bob gets it for {price} coins" in market.query_one(OneLine).text.plain
        trucks = len(table.view(0).hands[1].trucks)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.view(0).hands[1].trucks) == trucks + 1
        assert lines.rows[lines.cursor][0].startswith("Fuel truck, capacity 3")


@run_async
async def test_flying_a_flight_with_keys_takes_meeples_home():
    table = solo_market(seed=7)
    play_until(table, lambda t: t.view(0).phase == FLY)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        assert screen.current_view == "fly"
        fly = screen.query_one(FlyView)
        slot = fly.slot
        origin = WORLD.airport_of_card(slot.spec.origin)
        dest = WORLD.airport_of_card(slot.spec.dest)
        waiting = list(table.view(0).board[origin.id])
        expected = min(waiting[dest.continent], WORLD.planes[slot.spec.plane].stars)
        assert expected > 0 and fly.carry[dest.continent] == expected
        side = str(fly.query_one("#fly-side").content)
        assert f"home at {dest.city}" in side
        await pilot.press("enter")
        await pilot.pause()
        flew = [e for e in table.view(0).log if isinstance(e, Flew)][-1]
        assert flew.origin == origin.id and flew.delivered[dest.continent] == expected
        assert table.view(0).board[origin.id][dest.continent] == waiting[dest.continent] - expected


@run_async
async def test_carry_keys_stay_within_the_plane_and_the_meeples_waiting():
    table = solo_market(seed=7)
    play_until(table, lambda t: t.view(0).phase == FLY)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        fly = screen_of(app).query_one(FlyView)
        waiting = fly._waiting()
        colour = fly.colour_cursor
        await pilot.press("minus", "minus", "minus", "minus")
        assert fly.carry[colour] == 0
        await pilot.press(*["plus"] * 6)
        capacity = WORLD.planes[fly.slot.spec.plane].stars
        assert fly.carry[colour] == min(waiting[colour], capacity)
        assert sum(fly.carry) <= capacity


@run_async
async def test_charter_shows_the_fee_before_paying():
    table = solo_market(seed=7)
    play_until(table, lambda t: t.view(0).phase == FLY)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        fee = table.view(0).charter_fee
        coins = table.view(0).coins
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CharterScreen)
        assert f"costs {fee} coin" in str(app.screen.query_one("#charter-fee").content)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, CharterScreen)
        assert table.view(0).coins == coins - fee and table.view(0).charters == 1


@run_async
async def test_keys_one_to_four_switch_views_and_pass_ends_the_marketplace():
    table = solo_market()
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        for key, name in (("1", "board"), ("2", "hand"), ("4", "fly"), ("3", "market")):
            await pilot.press(key)
            assert screen.current_view == name
        assert table.view(0).phase == MARKET
        await pilot.press("p")
        await pilot.pause()
        assert table.view(0).phase == FLY and screen.current_view == "fly"


@run_async
async def test_end_round_summary_names_income_and_each_penalty():
    table = solo_market(seed=7)
    play_until(table, lambda t: t.view(0).phase == FLY)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")  # done flying: New Demand and End Round follow
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        summary = next(e for e in reversed(table.view(0).log) if isinstance(e, RoundEnded))
        shown = str(app.screen.query_one("#cf-summary-text").content)
        assert f"Round 1 ended: +{summary.income} coins" in shown
        for penalty in summary.penalties:
            assert penalty_text(WORLD, penalty) in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CoopTableScreen) and table.view(0).round == 2


@run_async
async def test_the_end_screen_says_whether_the_team_won():
    table = solo_market(seed=4)
    play_until(table, lambda t: t.is_over(), limit=20000)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CoopEndScreen)
        shown = str(app.screen.query_one("#cf-end-text").content)
        assert ("wins" if table.view(0).won else "loses") in shown
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, CoopTableScreen) for s in app.screen_stack)


@run_async
async def test_the_hint_puts_the_hint_bots_flights_in_the_builder_and_f_sends_them():
    from flight_tui.games.connecting_flights.coop.rules.state import SetChains

    def arranging(t):
        view = t.view(0)
        if view.phase != FLY or t.to_act() != (0,) or any(view.hands[0].flown):
            return False
        return isinstance(hint_of(t), SetChains)

    table = solo_market(seed=11)
    play_until(table, arranging, seed=11)
    suggested = hint_of(table)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        before = len(table.actions)
        await pilot.press("t")
        await wait_for_hint(pilot)  # the hint bot thinks in a worker
        assert screen.current_view == "hand"
        assert len(table.actions) == before  # the hint itself plays nothing
        assert [n for n in app._notifications if n.title == "Hint"]
        await pilot.press("f")
        await pilot.pause()
        assert table.actions[before:] == [(0, SetChains(suggested.chains))]
        assert not [n for n in app._notifications if n.title == "Hint"]  # issue 9, item 22: gone once you act


def test_the_pass_hint_names_its_key():
    """Issue 9, item 22: "The Normal bot would pass (end the go)" said no key."""
    from flight_tui.games.connecting_flights.coop.rules.state import Pass
    from flight_tui.games.connecting_flights.coop.ui.presentation import action_text

    table = solo_market()
    assert action_text(table.view(0), WORLD, table.names, Pass(), lambda binding_id: binding_id).endswith("(coop.done)")


def fly_phase_with_a_partner():
    """Ann's go in round 1's Fly phase, a Normal bot as partner (everyone passed the Marketplace)."""
    table = make_table("human:Ann,normal:Bob", seed=7)
    take_suggested_starts(table)
    while not (table.view(0).phase == FLY and table.to_act() == (0,)):
        seat = table.to_act()[0]
        table.submit(seat, table.rules.legal_actions_from_view(table.view(seat))[-1])
    return table


@run_async
async def test_the_footer_keeps_the_keys_of_every_view_in_80_columns():
    """Issue 9, item 20: the Marketplace and Fly views lost p (end your go), t and F1 at 80x24."""
    from game_harness import footer_line, wait_until

    from flight_tui.ui.app import FlightTuiApp

    needed = {
        "market": ["Enter Buy", "p Done", "t Hint", "F1 Help"],
        "hand": ["Enter Add", "f Fly", "p Done", "t Hint", "F1 Help"],
        "fly": ["Enter Fly", "←→ Meeple", "+- Load", "c Charter", "p Done", "t Hint", "F1 Help"],
    }
    table = solo_market()
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CoopTableScreen))
        await pilot.press("enter")  # buy something: Undo joins the keys
        await pilot.pause()
        footer = footer_line(app)
        assert all(key in footer for key in needed["market"] + ["u Undo"]), footer
    app = FlightTuiApp(table=fly_phase_with_a_partner())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CoopTableScreen))
        for view, key in (("hand", "2"), ("fly", "4")):
            await pilot.press(key)
            await pilot.pause()
            footer = footer_line(app)
            assert all(key in footer for key in needed[view]), (view, footer)


@run_async
async def test_after_a_flight_flies_the_cursor_goes_to_the_next_one():
    """Issue 9, item 22: after Enter flew a flight, the cursor stayed on it."""

    def two_flights_to_fly(t) -> bool:
        view = t.view(0)
        hand = view.hands[0]
        return view.phase == FLY and t.to_act() == (0,) and sum(len(c) for c in hand.chains) >= 2 and not any(hand.flown)

    table = make_table("human:Ann", seed=1)
    take_suggested_starts(table)
    play_until(table, two_flights_to_fly, seed=1)
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        screen._switch("fly")
        await pilot.pause()
        fly = screen.query_one(FlyView)
        first = fly.slot
        assert first is not None and not first.flown
        await pilot.press("enter")
        await pilot.pause()
        assert any(table.view(0).hands[0].flown)
        now = fly.slot
        assert now is not None and (now.chain, now.flight) != (first.chain, first.flight)
        assert not now.flown and now.next_up


@run_async
async def test_the_start_screen_explains_its_signs():
    """Issue 9, item 22: the starting flights used ★ and →F with no key to them."""
    from game_harness import screen_lines

    app = CoopApp(make_table("human:Ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "→F" in text and "★ stars" in text and "✈ the plane" in text
        for continent in WORLD.continents:
            assert f"{continent.letter} {continent.name}" in text


@run_async
async def test_a_later_seats_starting_flights_count_what_a_partners_flight_leaves():
    """Seed 11: Ann's start JNB → TYO takes the two meeples waiting in Johannesburg home. Bob's
    list, on Bob's screen after the hand-off, does not say the same route brings them home: it
    says it shares Ann's airports, and the note says why that counts."""
    from game_harness import screen_lines

    table = make_table("human:Ann,human:Bob", seed=11)
    table.submit(0, table.rules.suggest_start(table.view(0), 0))
    app = CoopApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Bob takes the keyboard
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "JNB ★★★ → TYO ★★★ ✈★★★ ★→A  shares JNB TYO" in text, text
        assert "AKL ★★  → LON ★★★ ✈★★★ ★→E  brings 2 home in round 1" in text
        assert "share a partner's airports (meeples change planes there)" in " ".join(text.split())
