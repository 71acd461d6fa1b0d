"""The Connecting Flights competitive table driven by keys only (Textual's Pilot)."""

from __future__ import annotations

import copy
import re
import time

import msgspec
import pytest
from competitive_harness import CompetitiveApp, ask_hint, make_table, play_scripted, run_async, screen_lines, scripted_move, table_screen, wait_until
from game_harness import ThemedApp
from hand_harness import put_down
from patience import PATIENCE
from textual.widgets import Input

from flight_tui.games.connecting_flights.competitive.bots import make_bot
from flight_tui.games.connecting_flights.competitive.rules import auction as auction_rules
from flight_tui.games.connecting_flights.competitive.rules import setup as setup_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bid,
    Bundle,
    BuyLandingRights,
    BuyStart,
    ChooseLot,
    DrawSabotage,
    KeepCard,
    PassBid,
    Propose,
    Refuse,
    ReturnSabotage,
)
from flight_tui.games.connecting_flights.competitive.rules.common import data, spendable, world
from flight_tui.games.connecting_flights.competitive.rules.state import (
    CHOOSE_LOTS,
    BidMade,
    BidPassed,
    Bought,
    FlightsSubmitted,
    Flown,
    LotSold,
    LotUnsold,
    OfferAnswered,
    OfferMade,
    RoundStarted,
    SabotageDrawn,
    SabotageInflicted,
    StartBought,
    TurnEnded,
)
from flight_tui.games.connecting_flights.competitive.ui.auction import AuctionView
from flight_tui.games.connecting_flights.competitive.ui.hand import CompetitiveHandPanel, start_cards
from flight_tui.games.connecting_flights.competitive.ui.market import MarketView, buy_problem, market_rows
from flight_tui.games.connecting_flights.competitive.ui.presentation import bidding_lot, leaderboard, lot_label, raise_amounts, twin_airport_text
from flight_tui.games.connecting_flights.competitive.ui.round_summary_screen import RoundSummaryScreen
from flight_tui.games.connecting_flights.competitive.ui.sabotage import SabotageView
from flight_tui.games.connecting_flights.competitive.ui.scores import CompetitiveEndScreen, LeaderboardView, change_text
from flight_tui.games.connecting_flights.competitive.ui.setup_view import SetupView
from flight_tui.games.connecting_flights.competitive.ui.table_screen import CompetitiveTableScreen
from flight_tui.games.connecting_flights.competitive.ui.trade import OfferDialog, TradeDialog
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core_ui.builder import Choice, chain_text, choice_label
from flight_tui.games.connecting_flights.core_ui.hand import ChoiceList
from flight_tui.games.connecting_flights.core_ui.lists import LineList, OneLine
from flight_tui.saves import SaveStore
from flight_tui.serve import protocol as P
from flight_tui.serve.client import SpectatorScreen
from flight_tui.serve.remote import RemoteTable
from flight_tui.table import Table
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.dialogs import ConfirmDialog, PromptDialog
from flight_tui.ui.screens.menu import MenuScreen
from flight_tui.ui.screens.new_game import NewGameScreen
from flight_tui.ui.settings import config_path
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import LogView

WORLD = world()


def text_of(app) -> str:
    return "\n".join(screen_lines(app))


def joined(app) -> str:
    """The screen's lines joined into one text, borders and margins left out (for wrapped sentences)."""
    return " ".join(line.strip(" │") for line in screen_lines(app))


def left_column(app) -> str:
    """The lines left of the first vertical rule joined into one text (a wrapped sentence of
    the left panel, without the right panel's lines in between)."""
    return " ".join(line.split("│")[0].strip() for line in screen_lines(app))


async def buy_cheapest_start(pilot, app, table, seat: int = 0) -> None:
    """Put the cheapest legal starting flight down in the builder with the cursor keys, then send it."""
    view = table.view(seat)
    start = min(setup_rules.legal_starts(view, seat, view.setup_planes, view.setup_passengers), key=setup_rules.start_cost)
    panel = table_screen(app).query_one(CompetitiveHandPanel)
    truck = view.holdings[seat].trucks[0]
    for step, card in (("origin", start.origin), ("plane", start.plane), ("truck", truck), ("passenger", start.passenger), ("dest", start.dest)):
        await put_down(pilot, panel, choice_label(WORLD, Choice(step, card)).ljust(30))  # the whole label
    budget = setup_rules.budget(view, seat)
    cost = setup_rules.start_cost(start)
    shown = f"Cost so far {cost} of your budget {budget} · {budget - cost} left as coins"
    await wait_until(pilot, lambda: shown in text_of(app))  # the builder redrawn, however busy the machine
    assert shown in text_of(app)
    await pilot.press("f")
    await pilot.pause()


async def offer_coins_for_their_first_card(pilot, coins: int) -> None:
    """In the trade dialog: ``coins`` on your side, the other player's first item on theirs, send."""
    await pilot.press(*(["plus"] * coins), "tab", "space", "s")
    await pilot.pause()


@run_async
async def test_one_whole_round_with_keys_only_auction_and_a_trade_included():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=7)
    app = CompetitiveApp(table)
    offered = answered = False
    summaries = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            view = table.view(0)
            if view.round >= 2 and summaries and summaries[-1].startswith("End of round 1"):
                break
            await pilot.pause(0.02)
            if isinstance(app.screen, RoundSummaryScreen):
                summaries.append(text_of(app).strip())
                await pilot.press("enter")
                continue
            if isinstance(app.screen, OfferDialog):
                await pilot.press("n")  # refuse: the starting flight keeps its truck
                answered = True
                continue
            if 0 not in view.to_act:
                continue
            phase = view.phase
            if phase in ("keep", "continent", "choose_lots"):
                await pilot.press("enter")
            elif phase == "start":
                await buy_cheapest_start(pilot, app, table)
            elif phase == "bidding":
                await pilot.press("z" if raise_amounts(view)[0] <= view.holdings[0].coins // 2 else "p")
            elif phase == "market" and not offered:
                offered = True
                await pilot.press("o")
                await pilot.pause()
                assert isinstance(app.screen, TradeDialog)
                await offer_coins_for_their_first_card(pilot, 2)
            elif phase in ("market", "trading"):
                await pilot.press("p")
            elif phase == "fly":
                await pilot.press("f")  # the starting flight is in the builder already
            elif phase == "sabotage":
                await pilot.press("enter")
            await pilot.pause(0.02)
        view = table.view(0)
        assert view.round == 2
        assert summaries[0].startswith("Round 1 begins") and "Event: " in summaries[0]
        assert "Ann (you)" in summaries[-1] and "income, 1 valid flight" in summaries[-1] and "Round 2 · Event: " in summaries[-1]
        log = table.state.log
        assert any(isinstance(e, BidMade) and e.seat == 0 for e in log)
        assert any(isinstance(e, LotSold) for e in log) or "Nobody bid" in text_of(app)
        made = [e for e in log if isinstance(e, OfferMade) and e.seat == 0]
        assert len(made) == 1 and made[0].offer.give == Bundle(coins=2)
        assert any(isinstance(e, OfferAnswered) and e.offered_by == 0 for e in log)
        if answered:
            assert any(isinstance(e, OfferAnswered) and e.seat == 0 and not e.accepted for e in log)
        flown = next(e for e in log if isinstance(e, Flown) and e.seat == 0)
        assert flown.valid == [[True]] and view.history[0][0].income == flown.record.income > 0


@run_async
async def test_a_kept_player_card_stays_hidden_from_the_next_person_at_the_keyboard():
    table = make_table("human:Ann,human:Bob", seed=3)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")  # Ann takes the keyboard
        await pilot.pause()
        kept = table.view(0).dealt[0]
        name = data().player_cards[kept].name
        await pilot.press("enter")  # Ann keeps her first card
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen) and "Bob" in text_of(app)
        assert name not in text_of(app)
        await pilot.press("enter")
        await pilot.pause()
        bob_sees = text_of(app)
        assert "Ann: Player card face down" in bob_sees
        if name not in [data().player_cards[c].name for c in table.view(1).dealt]:
            assert name not in bob_sees


@run_async
async def test_an_offer_made_to_the_next_person_is_answered_with_a_key_after_the_hand_off():
    table = make_table("human:Ann,human:Bob", seed=5)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,))
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off to Ann
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TradeDialog)
        await pilot.press("s")  # nothing either way: refused with the reason
        await pilot.pause()
        assert isinstance(app.screen, TradeDialog)
        assert any("hands over something each way" in str(n.message) for n in app._notifications)
        mine = table.view(0).holdings[0]
        theirs = table.view(0).holdings[1]
        coins = min(mine.coins, 3)
        await offer_coins_for_their_first_card(pilot, coins)
        field, item, _, _ = dialog.take.items[0]
        expected = Propose(1, Bundle(coins=coins), Bundle(**{field: (item,)}))
        assert table.view(0).pending == expected
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")  # Bob takes the keyboard: the offer waits for him
        await pilot.pause()
        assert isinstance(app.screen, OfferDialog)
        assert "Ann offers you a trade" in text_of(app)
        await pilot.press("y")
        await pilot.pause()
        after = table.view(0).holdings
        assert after[0].coins == mine.coins - coins and after[1].coins == theirs.coins + coins
        held = {"airports": after[0].airports, "planes": after[0].planes, "passengers": after[0].passengers, "trucks": after[0].trucks}
        assert item in held[field]
        assert any(isinstance(e, OfferAnswered) and e.accepted for e in table.state.log)


@run_async
async def test_a_hint_can_be_asked_for_over_an_offer_and_names_the_answers_key():
    table = make_table("human:Ann,human:Bob", seed=5)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,))
    airport = table.view(0).holdings[1].airports[0]
    table.submit(0, Propose(1, Bundle(coins=3), Bundle(airports=(airport,))))  # Ann offers Bob 3 coins for an airport
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")  # Bob takes the keyboard: the offer waits for him
        await wait_until(pilot, lambda: isinstance(app.screen, OfferDialog))
        assert "t Hint" in screen_lines(app)[-1]
        hinted, hint = await ask_hint(pilot)
        assert isinstance(hinted, (Accept, Refuse)) and isinstance(app.screen, OfferDialog)
        assert hint == f"The Hard bot would {'accept the trade (y)' if isinstance(hinted, Accept) else 'refuse the trade (n)'}."


@run_async
async def test_the_raise_keys_bid_the_standing_bid_plus_1_5_or_10_and_an_amount_can_be_typed():
    table = make_table("human:Ann,random:Bob", seed=11)
    play_scripted(table, lambda t: t.view(0).phase == "bidding" and t.to_act() == (0,) and t.view(0).holdings[0].coins >= 25)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        assert screen.current_view == "auction"
        view = table.view(0)
        lowest, plus5, plus10 = raise_amounts(view)
        keys_line = screen.query_one(AuctionView).query_one("#auction-keys").text.plain
        assert f"z bids {lowest}" in keys_line and "n another amount" in keys_line and "p passes" in keys_line
        assert plus5 == lowest + 4 and plus10 == lowest + 9
        await pilot.press("x")
        await pilot.pause()
        bid = next(e for e in reversed(table.state.log) if isinstance(e, BidMade) and e.seat == 0)
        assert bid.amount == plus5
        await wait_until(pilot, lambda: table.to_act() == (0,) or table.view(0).phase != "bidding")
        if table.view(0).phase == "bidding" and table.view(0).bidding.leader != 0:
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, PromptDialog)
            await pilot.press("ctrl+a", "backspace", "backspace", "backspace", "x", "y", "enter")
            await pilot.pause()
            assert any("whole number of coins" in str(n.message) for n in app._notifications)


@run_async
async def test_the_saboteur_draws_a_card_sees_it_and_inflicts_it_with_keys():
    table = make_table("human:Ann,random:Bob", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "sabotage" and t.to_act() == (0,) and t.view(0).sabotage_deck_size > 0)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        assert screen.current_view == "sabotage"
        assert "You may sabotage" in text_of(app)
        await pilot.press("down", "enter")  # the second choice: draw
        await pilot.pause()
        drawn = table.view(0).drawn_sabotage
        assert drawn >= 0 and any(isinstance(e, SabotageDrawn) and e.seat == 0 for e in table.state.log)
        card = data().sabotage[drawn]
        assert f"You drew: {card.name}" in text_of(app)
        assert card.name not in "\n".join(table.log_lines(1, last=5))  # Bob does not learn it
        await pilot.press("enter")  # the first target
        await pilot.pause()
        inflicted = [e for e in table.state.log if isinstance(e, SabotageInflicted)]
        if inflicted:
            assert inflicted[-1].seat == 0 and inflicted[-1].target == 1
        else:
            assert table.view(0).drawn_sabotage == -1


class EndApp(ThemedApp):
    """The end screen alone, for a view given."""

    def __init__(self, view, names) -> None:
        super().__init__()
        self.view, self.names = view, names

    def on_mount(self) -> None:
        self.push_screen(CompetitiveEndScreen(self.view, self.names))


@run_async
async def test_a_tie_no_tie_breaker_breaks_is_a_shared_win_with_the_bin_bags():
    table = make_table("human:Ann,random:Bob", seed=3)
    play_scripted(table, lambda t: t.is_over())
    view = table.view(0)
    assert [r.income for r in view.history[-1]] == [0, 0]  # as in the game; then as if coins were equal too
    holdings = [msgspec.structs.replace(h, coins=30) for h in view.holdings]
    tied = msgspec.structs.replace(view, holdings=holdings, winners=[0, 1], decided_by="shared")
    app = EndApp(tied, table.names)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = joined(app)
        assert "Ann and Bob share the win" in text
        assert "Tie-breakers: income tied → income not on Landing Rights tied → continents tied → coins tied" in text
        assert "bin bag" in text


@run_async
async def test_the_end_screen_names_the_winner_and_what_decided():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=25)
    play_scripted(table, lambda t: t.is_over())
    assert table.state.decided_by == "continents"  # a tie on income in round 10, broken by continents
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CompetitiveEndScreen)
        text = joined(app)
        names = table.names
        view = table.view(0)
        assert f"{names[view.winners[0]]} wins!" in text and "Decided by ties on income, broken by the most continents" in text
        assert "Tie-breakers: income tied → income not on Landing Rights tied → continents decided" in text


@run_async
async def test_the_leaderboards_columns_stay_aligned_when_a_round_cost_landing_rights_and_a_tax():
    """Seed 34, three airlines played by Normal bots: a round reads ``LR-10 -5`` (8 cells, wider
    than the column used to be); at 80 columns every airline's coins still end under "coins"."""
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=34)
    bot = make_bot("normal", 34)
    play_scripted(table, lambda t: t.is_over(), move=lambda view, legal: bot.choose(view))
    assert any(len(change_text(r.grant, r.tax, r.penalty)) > 6 for records in leaderboard(table.view(0)) for r in records)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = table_screen(app).query_one(LeaderboardView)
        lines = board.render().plain.split("\n")
        heading = lines[2]
        ends = [m.end() for m in re.finditer("coins", heading)]
        assert len(ends) == 3 and ends[-1] <= 80
        rounds = [line for line in lines[3:] if re.match(r" +\d+ ", line) and not line.startswith("   Now")]
        assert len(rounds) == 10
        for line in rounds:
            assert all(line[end - 1].isdigit() and (end == len(line) or line[end] == " ") for end in ends), line


@run_async
async def test_a_narrow_leaderboard_adds_up_landing_rights_and_a_tax_and_says_so():
    """Seed 34 as above, at Ann's turn after the round that cost ``LR-20 -2``; Scores (6) shown
    and narrowed so that each airline's column is as narrow as with five airlines at 80 columns:
    the round does not fit, so it reads ``L-22`` and a line under the table says what that means;
    every round's coins still end under "coins"."""

    def long_rows(t) -> list:
        return [r for records in leaderboard(t.view(0)) for r in records if r.penalty and (r.grant or r.tax)]

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=34)
    bot = make_bot("normal", 34)
    play_scripted(table, lambda t: bool(long_rows(t)) and t.to_act() == (0,), move=lambda view, legal: bot.choose(view))
    long = long_rows(table)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("6")
        board = table_screen(app).query_one(LeaderboardView)
        await wait_until(pilot, lambda: board.size.width == 78)
        board.styles.width = 51  # 49 inside its padding: (49 - 7) // 3 == (78 - 7) // 5
        await wait_until(pilot, lambda: board.size.width == 49)
        lines = board.render().plain.split("\n")
        ends = [m.end() for m in re.finditer("coins", lines[2])]
        assert len(ends) == 3 and ends[-1] <= 49
        rounds = [line for line in lines[3:] if re.match(r" +\d+ ", line) and not line.startswith("   Now")]
        assert rounds
        for line in rounds:
            assert all(line[end - 1].isdigit() and (end == len(line) or line[end] == " ") for end in ends), line
        for r in long:
            assert f"L{r.grant - r.tax - r.penalty:+d}" in "\n".join(rounds)
        shown = " ".join(" ".join(screen_lines(app)).split())  # the note wraps in 49 cells
        assert "L-15 = LR-10 -5: unused Landing Rights and the grant or tax, added up" in shown
        board.styles.width = "1fr"
        await wait_until(pilot, lambda: board.size.width == 78)
        assert "added up" not in board.render().plain


@run_async
async def test_an_airport_dearer_than_your_coins_says_so_under_your_auction_slots_list():
    """Seed 1, Normal play: Ann chooses a card to put up with 26 coins; with the cursor on a
    30-coin airport the line under the list says it costs more than she has (it may be put up
    all the same: the others bid for it); on a cheaper one it says nothing; no row is cut."""
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=1)
    bot = make_bot("normal", 1)
    play_scripted(table, lambda t: t.view(0).phase == CHOOSE_LOTS and t.to_act() == (0,) and spendable(t.view(0), 0) < 30, move=lambda view, legal: bot.choose(view))
    coins = spendable(table.view(0), 0)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        auction = table_screen(app).query_one(AuctionView)
        rows = auction.query_one(LineList).rows
        assert any(text.endswith("· 30c") for text, _, _ in rows) and all(right == "" for _, right, _ in rows)
        for index, (text, _, _) in enumerate(rows):
            if not text.startswith("Airport "):
                continue
            auction.query_one(LineList).move_to(index)
            await pilot.pause()
            line = auction.query_one("#auction-keys").text.plain
            price = int(text.rsplit("· ", 1)[1].rstrip("c"))
            if price > coins:
                assert line.endswith(f"costs {price}c, more than your {coins}: only the others can bid for it."), line
            else:
                assert line == "", line


@run_async
async def test_from_the_menu_a_three_airline_game_is_set_up_with_keys_left_and_continued():
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = msgspec.structs.replace(app.settings, bot_delay=0.0)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("right", "right", "right")  # the game: Connecting Flights (competitive)
        await pilot.pause()
        assert "Connecting Flights (competitive)" in text_of(app)
        await pilot.press("down", "right")  # 2 -> 3 players: Ann and two Normal bots
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.current_table() is not None and 0 in app.current_table().to_act())
        table = app.current_table()
        assert table.rules.name == "connecting-flights" and [s.kind for s in table.seats] == ["human", "normal", "normal"]
        await pilot.press("enter")  # keep the first Player card
        await wait_until(pilot, lambda: table.view(0).phase != "keep" and 0 in table.to_act())
        if table.view(0).phase == "continent":
            await pilot.press("enter")
            await wait_until(pilot, lambda: table.view(0).phase == "start" and 0 in table.to_act())
        await buy_cheapest_start(pilot, app, table)
        await wait_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        assert "Round 1 begins" in text_of(app)
        await pilot.press("enter")  # the first Event card read
        await wait_until(pilot, lambda: table.view(0).round == 1 and 0 in table.to_act())
        moves = len(table.actions)
        await pilot.press("escape")  # back to the menu, the game saved
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert SaveStore().latest_autosave() is not None
        await pilot.press("c")  # Continue
        await wait_until(pilot, lambda: app.current_table() is not None and isinstance(app.screen, CompetitiveTableScreen))
        resumed = app.current_table()
        assert len(resumed.actions) == moves and resumed.view(0).round == 1
        assert resumed.view(0).holdings[0].airports == table.view(0).holdings[0].airports


@run_async
async def test_a_remapped_raise_key_bids_and_is_named_on_the_auction_screen():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('[keymap]\n"competitive.auction.raise-1" = "b"\n')
    table = make_table("human:Ann,random:Bob", seed=11)
    play_scripted(table, lambda t: t.view(0).phase == "bidding" and t.to_act() == (0,) and t.view(0).holdings[0].coins >= 25)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CompetitiveTableScreen))
        lowest = raise_amounts(table.view(0))[0]
        text = text_of(app)
        assert f"b bids {lowest}" in text and f"z bids {lowest}" not in text
        assert "b Bid +1" in screen_lines(app)[-1]
        await pilot.press("b")
        await pilot.pause()
        bid = next(e for e in reversed(table.state.log) if isinstance(e, BidMade) and e.seat == 0)
        assert bid.amount == lowest


@run_async
async def test_the_marketplace_buys_with_enter_and_says_why_a_row_cannot_be_had_until_a_buy_is_made():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,) and t.view(0).round == 3)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        market = table_screen(app).query_one(MarketView)
        view = table.view(0)
        bad = next(i for i, row in enumerate(market.rows) if row.action is not None and buy_problem(view, row.action))
        good = next(i for i, row in enumerate(market.rows) if row.action is not None and not buy_problem(view, row.action))
        lines = market.query_one(LineList)
        while lines.cursor != bad:
            await pilot.press("down" if lines.cursor < bad else "up")
        why = buy_problem(view, market.rows[bad].action)
        assert market.query_one(OneLine).text.plain == f"✗ {why}"
        await pilot.press("enter")
        await pilot.pause()
        assert [n.title for n in app._notifications if why in str(n.message)] == ["Can't buy that"]
        assert table.view(0).holdings[0].coins == view.holdings[0].coins
        while lines.cursor != good:
            await pilot.press("down" if lines.cursor < good else "up")
        row = market.rows[good]
        await pilot.press("enter")
        await pilot.pause()
        bought = next(e for e in reversed(table.state.log) if isinstance(e, Bought))
        assert bought.seat == 0 and bought.price == row.price
        assert table.view(0).holdings[0].coins == view.holdings[0].coins - row.price
        assert not any(why in str(n.message) for n in app._notifications)  # it was about the position before


@run_async
async def test_a_returned_sabotage_card_stays_hidden_from_the_next_person_at_the_keyboard():
    table = make_table("human:Ann,human:Bob", seed=1)  # after the sabotage, Bob puts up the next card
    play_scripted(table, lambda t: t.view(0).phase == "sabotage" and t.to_act() == (0,) and t.view(0).sabotage_deck_size > 0)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-off to Ann
        await pilot.pause()
        await pilot.press("down", "enter")  # draw
        await pilot.pause()
        name = data().sabotage[table.view(0).drawn_sabotage].name
        assert f"You drew: {name}" in text_of(app)
        view = table_screen(app).query_one(SabotageView)
        back = next(i for i, (_, action) in enumerate(view.choices) if isinstance(action, ReturnSabotage))
        lines = view.query_one(LineList)
        while lines.cursor != back:
            await pilot.press("down")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        summary = text_of(app)  # what both may know: the card stays hidden
        assert "Ann returned the card under the deck, unused." in joined(app) and name not in summary
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert name not in text_of(app)
        await pilot.press("enter")  # Bob takes the keyboard
        await pilot.pause()
        for key in ("5", "3", "1"):  # the event view, the auction, the board: nowhere the card
            await pilot.press(key)
            await pilot.pause()
            assert name not in text_of(app)


@run_async
async def test_sending_no_flights_is_asked_first_and_then_flies_nothing():
    table = make_table("human:Ann,random:Bob", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "fly" and 0 in t.to_act())
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "f")  # take every chain apart, then send
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert 0 in table.to_act()
        await pilot.press("f", "y")
        await pilot.pause()
        assert any(isinstance(e, FlightsSubmitted) and e.seat == 0 for e in table.state.log)
        assert table.view(0).round > 1 or table.view(0).my_flights == []


@run_async
async def test_in_the_trading_round_the_footer_and_the_panel_both_say_done_trading_with_the_remapped_key():
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('[keymap]\n"competitive.market.end-turn" = "d"\n')
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,))
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = msgspec.structs.replace(app.settings, bot_delay=0.0)
        await wait_until(pilot, lambda: isinstance(app.screen, CompetitiveTableScreen))
        assert "d End turn" in screen_lines(app)[-1] and "d end turn" in text_of(app)
        await pilot.press("d")
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            if isinstance(app.screen, OfferDialog):
                await pilot.press("n")
            elif table.view(0).phase == "trading" and table.to_act() == (0,):
                break
            await pilot.pause(0.02)
        await pilot.pause()
        footer = screen_lines(app)[-1]
        assert "d Done trading" in footer and "End turn" not in footer
        assert "d done trading" in text_of(app)
        await pilot.press("d")
        await pilot.pause()
        assert any(isinstance(e, TurnEnded) and e.seat == 0 and e.phase == "trading" for e in table.state.log)


@run_async
async def test_the_status_line_keeps_the_phase_and_whose_turn_whole_at_80_columns():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "trading" and t.to_act() == (0,))
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = screen_lines(app)[0].rstrip()
        assert status.endswith("Marketplace: trading round · Ann's turn")  # the airlines count gives way
    async with CompetitiveApp(table).run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        wide = screen_lines(pilot.app)[0].rstrip()
        assert wide.startswith(status) and wide.endswith("   3 airlines")
    long = make_table("human:Annabel Lee-Smit,random:Bob,random:Cleo", seed=2)
    play_scripted(long, lambda t: t.view(0).phase == "trading" and t.to_act() == (0,))
    async with CompetitiveApp(long).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cut = screen_lines(pilot.app)[0]
        assert len(cut) == 80 and cut.endswith("…") and "Marketplace: trading round" in cut


@run_async
async def test_the_leaderboard_gives_each_rounds_income_grant_or_tax_and_coins_after_it_at_80x24():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,) and t.view(0).round == 5)
    view = table.view(0)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("6")
        await pilot.pause()
        lines = screen_lines(app)
        assert "coins after" in lines[2] and lines[4].split() == ["in", "+/-", "coins"] * 3
        for number in range(1, 5):
            row = next(line for line in lines[5:] if line.split()[:1] == [str(number)])
            cells = []
            for seat, record in enumerate(view.history[number - 1]):
                change = [f"LR-{record.penalty}"] * bool(record.penalty) + [f"+{record.grant}"] * bool(record.grant) + [f"-{record.tax}"] * bool(record.tax)
                cells += [str(record.income), *change, str(view.coins_after[number - 1][seat])]
            assert row.split() == [str(number), *cells]
        now = next(line for line in lines if line.split()[:1] == ["Now"])
        assert now.split() == ["Now", *(str(h.coins) for h in view.holdings)]
        assert all(len(line.rstrip()) <= 80 for line in lines)


def fly_phase_of_round_2(seed: int = 2):
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=seed)
    play_scripted(table, lambda t: t.view(0).phase == "fly" and t.to_act() and 0 in t.to_act() and t.view(0).round == 2)
    return table


@run_async
async def test_backspace_reopens_last_rounds_chain_without_its_last_card_and_it_can_be_extended():
    table = fly_phase_of_round_2()
    flown = next(e for e in reversed(table.state.log) if isinstance(e, Flown) and e.seat == 0)
    chain = list(flown.chains[0])
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        assert panel.builder.chains == [chain]
        await pilot.press("backspace")
        await pilot.pause()
        assert panel.builder.chains == [] and panel.builder.step() == "dest"
        assert "next: destination" in joined(app) and chain_text(WORLD, chain) not in joined(app)
        await put_down(pilot, panel, choice_label(WORLD, Choice("dest", chain[-1].dest)).ljust(30))
        await pilot.press("e", "f")
        await pilot.pause()
        sent = next(e for e in reversed(table.state.log) if isinstance(e, Flown) and e.seat == 0)
        assert list(sent.chains[0]) == chain


@run_async
async def test_last_rounds_chain_is_kept_up_to_the_flight_that_ended_on_returned_landing_rights():
    table = fly_phase_of_round_2()
    state = table.state
    index, flown = next((i, e) for i, e in reversed(list(enumerate(state.log))) if isinstance(e, Flown) and e.seat == 0)
    start = flown.chains[0][0]
    returned = next(c for c in state.airport_pool if WORLD.airport_of_card(c).id != WORLD.airport_of_card(start.dest).id)
    on_rights = FlightSpec(start.dest, start.plane, start.truck, start.passenger, returned, dest_is_landing_rights=True)
    state.log[index] = msgspec.structs.replace(flown, chains=[(start, on_rights)])
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        assert panel.builder.chains == [[start]]
        assert f"Chain 1: {chain_text(WORLD, [start])}" in joined(app)


@run_async
async def test_the_lot_chooser_and_the_slots_say_it_whole_at_80_columns():
    def deck_card_to_choose(t) -> bool:
        return t.to_act() == (0,) and t.view(0).phase == "choose_lots" and any(
            isinstance(a, ChooseLot) and a.kind != "airport" for a in t.legal_actions(0)
        )

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, deck_card_to_choose)
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * len(table.legal_actions(0)))  # the deck's card comes last
        await pilot.pause()
        text = text_of(pilot.app)
        view = table.view(0)
        assert any(f"card (face down; {n} left)" in text for n in (view.plane_deck_size, view.passenger_deck_size))
        assert "…" not in text

    def airport_unsold_this_round(t) -> bool:
        if not (t.to_act() == (0,) and t.view(0).phase == "bidding"):
            return False
        start = max(i for i, e in enumerate(t.state.log) if isinstance(e, RoundStarted))
        return any(isinstance(e, LotUnsold) and e.item.kind == "airport" for e in t.state.log[start:])

    play_scripted(table, airport_unsold_this_round)
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "unsold (back to the pool)" in left_column(pilot.app)


@run_async
async def test_the_new_game_screen_says_the_continents_option_whole_at_80_columns():
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "left")
        await pilot.pause()
        row = next(line for line in screen_lines(app) if "Continents" in line)
        assert row.rstrip().endswith("for 2 or 3 players; see Rules")


@run_async
async def test_the_log_view_keeps_every_move_of_the_game_to_read_back_with_the_keys():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,) and t.view(0).round == 3)
    everything = table.log_lines(0, last=len(table.state.log))
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert everything[0] not in text_of(app)
        await pilot.press("7")
        await pilot.pause()
        assert "▸7 Log" in screen_lines(app)[1]
        assert table_screen(app).query_one(LogView).lines == everything
        assert everything[-3] in text_of(app)  # it opens at the newest
        await pilot.press("home")
        await pilot.pause()
        assert everything[0] in text_of(app)
        await pilot.press("4")
        await pilot.pause()
        assert "▸4 Market" in screen_lines(app)[1]


@run_async
async def test_after_a_purchase_the_marketplace_cursor_stays_in_place_and_never_jumps_to_another_section():
    def last_landing_rights_of_a_lone_card_buyable(t) -> bool:
        view = t.view(0)
        if not (view.phase == "market" and t.to_act() == (0,)):
            return False
        last = [row for row in market_rows(view, WORLD) if isinstance(row.action, BuyLandingRights)][-1:]
        airport = WORLD.airport_of_card(last[0].action.card).id if last else None
        cards = [c for c in view.airport_pool if WORLD.airport_of_card(c).id == airport]
        return len(cards) == 1 and buy_problem(view, last[0].action) is None

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=18)
    play_scripted(table, last_landing_rights_of_a_lone_card_buyable)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        market = table_screen(app).query_one(MarketView)
        lines = market.query_one(LineList)
        target = max(i for i, row in enumerate(market.rows) if isinstance(row.action, BuyLandingRights))
        above = market.rows[target - 1]
        assert isinstance(above.action, BuyLandingRights)  # the section has a row above the one bought
        while lines.cursor != target:
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert table.view(0).holdings[0].landing_rights  # bought; its row is gone
        # the row before it, still in the Landing Rights (not the first Electric Plane below)
        assert market.rows[lines.cursor].label == above.label
        truck = next(i for i, row in enumerate(market.rows) if row.label.startswith("Fuel truck, capacity 2"))
        while lines.cursor != truck:
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        # the same truck row, though its count of trucks left changed
        assert market.rows[lines.cursor].label.startswith("Fuel truck, capacity 2")


def spend_all_at_auction(view, legal):
    """Seat 0 bids all it may on every card (to be short of coins soon); the others as scripted."""
    if view.seat == 0 and view.phase == "bidding":
        bids = [a for a in legal if isinstance(a, Bid)]
        return max(bids, key=lambda a: a.amount) if bids else PassBid()
    return scripted_move(view, legal)


@run_async
async def test_a_player_passed_on_a_card_they_cannot_afford_is_told_so():
    def her_pass_opens_a_card_beyond_her_coins(t) -> bool:
        if not (t.view(0).phase == "bidding" and t.to_act() == (0,)):
            return False
        events = copy.deepcopy(t).submit(0, PassBid()).events
        return any(isinstance(e, BidPassed) and e.seat == 0 and e.why == "coins" for e in events)

    table = make_table("human:Ann,random:Bob", seed=2)
    play_scripted(table, her_pass_opens_a_card_beyond_her_coins, move=spend_all_at_auction)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = len(table.state.log)
        await pilot.press("p")
        await pilot.pause()
        priced_out = [e for e in table.state.log[seen:] if isinstance(e, BidPassed) and e.seat == 0 and e.why == "coins"]
        assert priced_out  # the position: Ann is passed on a card whose face value is beyond her coins
        messages = [str(n.message) for n in app._notifications]
        for event in priced_out:
            lot = table.state.lots[event.lot]
            assert f"You cannot afford {lot_label(WORLD, lot)} ({auction_rules.face_value(lot)}c): you are out of this card." in messages


@run_async
async def test_the_footer_offers_only_the_raise_keys_whose_bid_is_within_your_coins():
    table = make_table("human:Ann,random:Bob", seed=1)

    def ten_more_beyond_ann(t) -> bool:
        view = t.view(0)
        if not (view.phase == "bidding" and t.to_act() == (0,)):
            return False
        lowest, plus5, plus10 = raise_amounts(view)
        return plus5 <= view.holdings[0].coins < plus10

    play_scripted(table, ten_more_beyond_ann)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lowest, plus5, plus10 = raise_amounts(table.view(0))
        footer = screen_lines(app)[-1]
        assert "z Bid +1" in footer and "x +5" in footer and "+10" not in footer
        keys_line = table_screen(app).query_one(AuctionView).query_one("#auction-keys").text.plain
        assert f"z bids {lowest}" in keys_line and f"x bids {plus5}" in keys_line and "c bids" not in keys_line
        await pilot.press("c")  # not offered: nothing is bid
        await pilot.pause()
        assert not any(isinstance(e, BidMade) and e.amount == plus10 for e in table.state.log)


@run_async
async def test_while_the_others_bid_on_a_card_you_cannot_afford_the_auction_says_so():
    def others_bid_on_a_card_beyond_ann(t) -> bool:
        view = t.view(0)
        if not (view.phase == "bidding" and t.to_act() != (0,) and view.bidding.leader < 0):
            return False
        return BidPassed(0, view.bidding.lot, "coins") in view.log[-3:]

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, others_bid_on_a_card_beyond_ann, move=spend_all_at_auction)
    app = CompetitiveApp(table, bot_delay=60)  # the bots think: the card stays under the hammer
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lot = bidding_lot(table.view(0))
        words = f"You cannot afford {lot_label(WORLD, lot, False)} ({auction_rules.face_value(lot)}c): you are out of this card."
        assert words in text_of(app)


@run_async
async def test_a_target_with_both_airport_cards_of_a_city_is_offered_that_airport_once():
    def a_target_holds_both_cards_of_an_airport(t) -> bool:
        view = t.view(0)
        if not (view.phase == "sabotage" and t.to_act() == (0,) and view.drawn_sabotage >= 0 and data().sabotage[view.drawn_sabotage].effect == "airport"):
            return False
        return any(
            len({WORLD.airport_of_card(c).id for c in h.airports}) < len(h.airports) for s, h in enumerate(view.holdings) if s != 0
        )

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=23)
    play_scripted(table, a_target_holds_both_cards_of_an_airport)
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sabotage = table_screen(pilot.app).query_one(SabotageView)
        labels = [label for label, _ in sabotage.choices]
        assert len(labels) == len(set(labels))
        listed = {(a.target, WORLD.airport_of_card(a.on).id) for _, a in sabotage.choices if hasattr(a, "on") and a.on >= 0}
        legal = {(a.target, WORLD.airport_of_card(a.on).id) for a in table.legal_actions(0) if hasattr(a, "on") and a.on >= 0}
        assert listed == legal  # every airport of every target, each once
        lines = sabotage.query_one(LineList)
        assert [text for text, _, _ in lines.rows] == labels
        await pilot.press("end")
        assert lines.cursor == len(labels) - 1
        await pilot.press("home")
        assert lines.cursor == 0


@run_async
async def test_home_and_end_go_to_the_first_and_the_last_row_of_every_list():
    async def ends(pilot, lines, last: int, first: int = 0) -> None:
        await pilot.press("end")
        assert lines.cursor == last
        await pilot.press("home")
        assert lines.cursor == first

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = table_screen(pilot.app).query_one(SetupView)
        await ends(pilot, setup.query_one(LineList), len(setup.choices) - 1)

    play_scripted(table, lambda t: t.view(0).phase == "start" and 0 in t.to_act())
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        choices = table_screen(pilot.app).query_one(CompetitiveHandPanel).query_one(ChoiceList)
        await ends(pilot, choices, len(choices.rows) - 1)

    play_scripted(table, lambda t: t.view(0).phase == "choose_lots" and t.to_act() == (0,) and len(t.legal_actions(0)) > 2)
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        auction = table_screen(pilot.app).query_one(AuctionView)
        await ends(pilot, auction.query_one(LineList), len(auction.choices) - 1)

    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,))
    async with CompetitiveApp(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        market = table_screen(pilot.app).query_one(MarketView)
        selectable = [i for i, row in enumerate(market.rows) if row.action is not None]
        await ends(pilot, market.query_one(LineList), selectable[-1], selectable[0])
        await pilot.press("o")  # the trade dialog
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, TradeDialog)
        mine = dialog.query_one("#trade-list-0", LineList)
        selectable = [i for i, (_, _, kind) in enumerate(mine.rows) if kind != "heading"]
        await ends(pilot, mine, selectable[-1], selectable[0])


def at_the_starting_flight() -> tuple[Table, list[Choice]]:
    """A three-airline table at Ann's starting flight, and the cards of her cheapest legal one in
    the builder's order: origin, plane, her fuel truck, passenger, destination."""
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: t.view(0).phase == "start" and 0 in t.to_act())
    view = table.view(0)
    start = min(setup_rules.legal_starts(view, 0, view.setup_planes, view.setup_passengers), key=setup_rules.start_cost)
    steps = (("origin", start.origin), ("plane", start.plane), ("truck", view.holdings[0].trucks[0]), ("passenger", start.passenger), ("dest", start.dest))
    return table, [Choice(step, card) for step, card in steps]


@run_async
async def test_once_the_starting_flight_is_complete_the_builder_offers_nothing_more_and_the_send_key_buys_it():
    table, cards = at_the_starting_flight()
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "f Buy flight" in screen_lines(app)[-1] and "Send" not in screen_lines(app)[-1]
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        for choice in cards:
            await put_down(pilot, panel, choice_label(WORLD, choice).ljust(30))
        await pilot.pause()
        assert panel.query_one(ChoiceList).rows == []  # no plane (or anything) to add
        text = text_of(app)
        assert "· complete" in text and "next: plane" not in text
        assert "(the starting flight is complete: f buys it)" in text
        footer = screen_lines(app)[-1]
        assert "f Buy flight" in footer and "Add" not in footer and "End chain" not in footer
        await pilot.press("backspace")  # the destination taken back: the airports are offered again
        await pilot.pause()
        assert panel.query_one(ChoiceList).rows and "Add" in screen_lines(app)[-1]
        await put_down(pilot, panel, choice_label(WORLD, cards[-1]).ljust(30))
        await pilot.press("f")
        await pilot.pause()
        assert any(isinstance(e, StartBought) and e.seat == 0 for e in table.state.log)


@run_async
async def test_a_bots_move_while_a_person_builds_leaves_the_cursor_on_the_card_it_was_on():
    """Bob's starting flight comes in (and the table is redrawn) while Ann's cursor is down her
    list: the cursor stays on that card, and Enter puts that card down, not the first one."""
    table, _ = at_the_starting_flight()
    app = CompetitiveApp(table, bot_delay=3600)  # the bots move only when this test says
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        choices = screen.query_one(CompetitiveHandPanel).query_one(ChoiceList)
        await pilot.press("down", "down")
        chosen = choices.rows[choices.cursor][0]
        assert choices.cursor == 2
        bob = table.view(1)
        screen.play(1, scripted_move(bob, table.rules.legal_actions_from_view(bob)))
        screen.advance()  # as after a bot's move
        await pilot.pause()
        assert 1 not in table.to_act()  # Bob's starting flight is in
        assert choices.rows[choices.cursor][0] == chosen
        await pilot.press("enter")
        await pilot.pause()
        assert f"Starting flight: {chosen.split()[0]} " in text_of(app)  # the airport under the cursor


@run_async
async def test_a_bots_player_card_kept_while_a_person_chooses_leaves_the_cursor_on_her_choice():
    """Every airline keeps a Player card at once: Bob's comes in while Ann's cursor is on her
    second card, and Enter keeps that one."""
    table = make_table("human:Ann,random:Bob", seed=2)
    app = CompetitiveApp(table, bot_delay=3600)  # the bots move only when this test says
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        setup = screen.query_one(SetupView)
        await pilot.press("down")
        wanted = setup.choices[setup.query_one(LineList).cursor][1]
        assert isinstance(wanted, KeepCard) and wanted != setup.choices[0][1]
        bob = table.view(1)
        screen.play(1, scripted_move(bob, table.rules.legal_actions_from_view(bob)))
        screen.advance()  # as after a bot's move
        await pilot.pause()
        assert 1 not in table.to_act()
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[-1] == (0, wanted)


@run_async
async def test_a_complete_starting_flight_that_breaks_a_rule_says_so_instead_of_offering_to_buy_it():
    table, cards = at_the_starting_flight()
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        for choice in cards[:3]:  # origin, plane, truck
            await put_down(pilot, panel, choice_label(WORLD, choice).ljust(30))
        await pilot.pause()
        wrong = None
        for passenger in [c for c in panel.next_choices() if c.step == "passenger"]:
            await put_down(pilot, panel, choice_label(WORLD, passenger).ljust(30))
            await pilot.pause()
            wrong = next((c for c in panel.next_choices() if panel.builder.choice_problems(c)), None)
            if wrong is not None:
                break
            await pilot.press("backspace")
            await pilot.pause()
        assert wrong is not None and wrong.step == "dest"
        await put_down(pilot, panel, choice_label(WORLD, wrong).ljust(30))
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "(the starting flight breaks a rule: Backspace takes a card back)" in text
        assert "f buys it" not in text


@run_async
async def test_a_starting_flight_over_the_budget_says_it_cannot_be_bought_instead_of_offering_to_buy_it():
    table, cards = at_the_starting_flight()
    view = table.view(0)
    budget = setup_rules.budget(view, 0)
    ours = [c for c in view.airport_pool if WORLD.airport_of_card(c).continent == view.holdings[0].continent]
    dear = next(
        BuyStart(origin, plane, passenger, dest)
        for origin in ours for dest in ours for plane in view.setup_planes for passenger in view.setup_passengers
        if (setup_rules.start_problem(view, 0, BuyStart(origin, plane, passenger, dest), view.setup_planes, view.setup_passengers) or "").startswith("That flight costs")
    )
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        steps = (("origin", dear.origin), ("plane", dear.plane), ("truck", cards[2].card), ("passenger", dear.passenger), ("dest", dear.dest))
        for step, card in steps[:-1]:
            await put_down(pilot, panel, choice_label(WORLD, Choice(step, card)).ljust(30))
        await pilot.pause()
        cost = setup_rules.start_cost(dear)
        last = choice_label(WORLD, Choice(*steps[-1])).ljust(30)
        row = next(text for text, _ in panel.query_one(ChoiceList).rows if text.startswith(last))
        assert row.endswith(f"✗ {cost - budget} over your budget")  # the card that takes it over is marked so
        await put_down(pilot, panel, last)
        await pilot.pause()
        text = " ".join(line.strip() for line in screen_lines(app))
        assert f"Cost so far {cost} of your budget {budget} · {cost - budget} over your budget" in text
        assert "(the starting flight cannot be bought: Backspace takes a card back)" in text
        assert "f buys" not in text and "✓ Every flight keeps the rules." in text


@run_async
async def test_a_card_no_starting_flight_goes_on_from_is_marked_so_in_the_builders_list():
    """Ann (budget 90, Asia) puts down Tokyo and a 3-star plane: a 3-star passenger keeps every
    rule so far, but no flight she may buy goes on from it (no other airport of hers takes a
    3-star passenger within her budget); a 1-star passenger does."""
    table, cards = at_the_starting_flight()
    view = table.view(0)
    free = start_cards(view, WORLD)
    tokyo = next(a for a in free.airports if WORLD.airport_of_card(a).code == "TYO")
    plane = next(p for p in free.planes if WORLD.planes[p].stars == 3)
    by_stars = {WORLD.passengers[p].stars: p for p in free.passengers}
    starts = setup_rules.legal_starts(view, 0, view.setup_planes, view.setup_passengers)
    from_tokyo = {WORLD.passengers[s.passenger].stars for s in starts if s.origin == tokyo and WORLD.planes[s.plane].stars == 3}
    assert 3 not in from_tokyo and 1 in from_tokyo
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        for step, card in (("origin", tokyo), ("plane", plane), ("truck", cards[2].card)):
            await put_down(pilot, panel, choice_label(WORLD, Choice(step, card)).ljust(30))
        await pilot.pause()
        rows = {text[:30]: text for text, _ in panel.query_one(ChoiceList).rows}
        dead = rows[choice_label(WORLD, Choice("passenger", by_stars[3])).ljust(30)]
        assert dead.endswith("✗ leads to no flight you may buy")
        assert rows[choice_label(WORLD, Choice("passenger", by_stars[1])).ljust(30)].endswith("✓")


@run_async
async def test_a_bot_that_refuses_an_offer_tells_the_proposer_why():
    table = make_table("human:Ann,normal:Bob", seed=5)
    play_scripted(table, lambda t: t.view(0).phase == "market" and t.to_act() == (0,))
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TradeDialog)
        await offer_coins_for_their_first_card(pilot, 1)  # a coin for a card: too little for Bob
        await wait_until(pilot, lambda: any(isinstance(e, OfferAnswered) for e in table.state.log))
        await pilot.pause()
        answer = next(e for e in table.state.log if isinstance(e, OfferAnswered))
        assert not answer.accepted and answer.reason
        assert any(f"Bob refused your offer: “{answer.reason}”" in str(n.message) for n in app._notifications)


def ann_asked_in(phase: str, seed: int, extra=lambda view: True):
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=seed)
    play_scripted(table, lambda t: t.view(0).phase == phase and 0 in t.to_act() and t.view(0).pending is None and extra(t.view(0)))
    return table


@run_async
async def test_the_views_say_where_passengers_come_from_the_auctioneers_third_bid_twin_airports_and_fees():
    app = CompetitiveApp(ann_asked_in("market", seed=2, extra=lambda view: view.round == 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        right = " ".join(line.split("│")[-1].strip() for line in screen_lines(app) if "│" in line)
        assert "No passengers here: they come only from the auction and trades." in right
    app = CompetitiveApp(ann_asked_in("bidding", seed=5, extra=lambda view: view.bidding.leader >= 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        right = " ".join(line.split("│")[-1].strip() for line in screen_lines(app) if "│" in line)
        assert "2 bids each per card (the Auctioneer: 3)" in right
    app = CompetitiveApp(ann_asked_in("sabotage", seed=2, extra=lambda view: view.sabotage_deck_size > 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # draw
        await pilot.pause()
        assert "fee 5: what its owner pays in full to remove it" in joined(app)
        assert "A card under ☠ is out of use until its owner pays the fee in full." in text_of(app)
    london = WORLD.cards_of(WORLD.airport("LON").id)
    assert len(london) == 2 and "London has two cards, as every 3-star airport" in twin_airport_text(WORLD, london[1])
    assert twin_airport_text(WORLD, WORLD.cards_of(WORLD.airport("PER").id)[0]) == ""


@run_async
async def test_after_a_hint_the_bid_dialog_starts_on_the_hinted_amount():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=1)
    play_scripted(table, lambda t: len(t.actions) == 17)  # Ann bids; the Hard bot would bid 45, above the lowest
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lowest = raise_amounts(table.view(0))[0]
        hinted, _ = await ask_hint(pilot)
        assert hinted == Bid(45) and lowest < 45
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog) and app.screen.query_one(Input).value == "45"


@run_async
async def test_after_a_hint_the_starting_flight_is_in_the_builder_and_the_buy_key_buys_it():
    table, _ = at_the_starting_flight()
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hinted, hint = await ask_hint(pilot)
        assert isinstance(hinted, BuyStart)
        assert hint.endswith("It is in the builder: f buys it, or change it first.")
        panel = table_screen(app).query_one(CompetitiveHandPanel)
        assert panel.start_complete and panel.to_action(panel.builder.finished_chains()) == hinted
        text = text_of(app)
        assert "(the starting flight is complete: f buys it)" in text
        assert "Chain 1" not in text  # as if built with the keys: one starting flight, no chain besides it
        await pilot.press("backspace")  # the player may change it: the destination comes off
        await pilot.pause()
        assert not panel.start_complete and "next: destination" in text_of(app)
        await put_down(pilot, panel, choice_label(WORLD, Choice("dest", hinted.dest)).ljust(30))
        await pilot.press("f")
        await pilot.pause()
        bought = next(e for e in table.state.log if isinstance(e, StartBought) and e.seat == 0)
        assert (bought.origin, bought.dest) == (hinted.origin, hinted.dest)  # a plane or passenger taken by a lower rank: an identical card (H3)
        assert WORLD.planes[bought.plane].stars == WORLD.planes[hinted.plane].stars
        got, wanted = WORLD.passengers[bought.passenger], WORLD.passengers[hinted.passenger]
        assert (got.stars, got.continent) == (wanted.stars, wanted.continent)


@pytest.mark.parametrize(
    "actions, view_id, kind, words",
    [
        (9, "auction", "ChooseLot", "(Enter puts it up)"),  # the Normal bot's card is not the first listed
        (96, "market", "BuyLandingRights", "(Enter buys it)"),
        (217, "sabotage", "DrawSabotage", "(Enter does it)"),
    ],
)
@run_async
async def test_after_a_hint_the_cursor_is_on_the_hinted_choice_and_enter_makes_it(actions, view_id, kind, words):
    """A hint for a move made on a list (a card to put up, something to buy, a sabotage choice)
    shows that list with its cursor on the move, and Enter makes it (before, Enter made the move
    under the cursor wherever it was)."""
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=1)
    play_scripted(table, lambda t: len(t.actions) == actions)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        hinted, hint = await ask_hint(pilot)
        assert type(hinted).__name__ == kind and screen.current_view == view_id
        assert hint.endswith(f"{words}.")
        listed = screen.query_one(f"#{view_id}")
        cursor = listed.cursor_list().cursor
        assert cursor > 0  # the cursor moved to it
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[actions] == (0, hinted)


@run_async
async def test_after_a_hint_the_trade_dialog_starts_on_the_hinted_offer():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=2)
    play_scripted(table, lambda t: len(t.actions) == 69)  # the Hard bot would offer Bob a plane for coins
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hinted, hint = await ask_hint(pilot)
        assert isinstance(hinted, Propose) and hinted.to_seat == 1 and hinted.take.coins == 22
        assert hint.endswith("(o opens it, s sends it).")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TradeDialog) and app.screen.offer() == hinted


@run_async
async def test_the_line_over_the_log_says_what_each_other_airline_did_since_your_turn():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=5)
    play_scripted(table, lambda t: t.state.phase == "bidding" and 0 in t.to_act() and t.state.round == 2 and t.state.bidding.leader >= 0)
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "─Since your turn: Bob put up ATH, Cleo bid 20─" in text_of(app)
        await pilot.press("z")  # Ann bids 21; the bots answer
        await wait_until(pilot, lambda: 0 in table.to_act() or table.view(0).phase != "bidding")
        since = next(line for line in screen_lines(app) if "Since your turn" in line)
        assert "Bob put up" not in since and "Cleo bid 20" not in since  # older than Ann's bid


def service_update(table, seat: int, revision: int):
    """What the table service sends a remote seat after a change (see ``flight_tui.serve``)."""
    return P.Update(
        revision=revision,
        seats=[msgspec.to_builtins(s) for s in table.seats],
        view=P.pack(table.view(seat)),
        log=table.log_lines(seat),
        to_act=list(table.to_act()),
        can_undo=False,
        over=table.is_over(),
    )


@run_async
async def test_a_remote_player_sees_the_round_summary_from_the_view_the_service_sends():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=7)
    play_scripted(table, lambda t: t.state.round == 2 and t.state.phase == "choose_lots")
    seated = P.Seated(table="t1", game=table.rules.name, config=P.pack(table.config), seat=1)
    remote = RemoteTable(None, seated, service_update(table, 1, 1))  # Bob's terminal; it sends nothing here
    app = CompetitiveApp(remote)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CompetitiveTableScreen)  # joined mid-round: no summary of the rounds before
        play_scripted(table, lambda t: t.state.round == 3)  # the game goes on in the service
        remote.receive(service_update(table, 1, 2))
        table_screen(app).advance()  # as the joined app does on every update
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        text = joined(app)
        assert "End of round 2" in text and "Bob (you)" in text and "Round 3 · Event: " in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CompetitiveTableScreen)


@run_async
async def test_round_10s_summary_comes_before_the_end_screen():
    table = make_table("human:Ann,random:Bob,random:Cleo", seed=25)
    play_scripted(table, lambda t: t.state.round == 10 and t.state.phase == "fly")
    for seat in (1, 2):  # the bots' flights are in; Ann's are the last
        view = table.view(seat)
        table.submit(seat, scripted_move(view, table.rules.legal_actions_from_view(view)))
    app = CompetitiveApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f")  # Ann's flights are the last: the game ends
        await wait_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        text = joined(app)
        assert table.is_over() and "End of round 10" in text and "That was the last round. The game is over:" in text
        assert "Event:" not in text  # no round 11
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, CompetitiveEndScreen))


def spectator_update(table, revision: int):
    """What the table service sends a spectator of a competitive table: the public view."""
    update = service_update(table, 0, revision)
    return msgspec.structs.replace(update, view=P.pack(table.rules.spectator_view(table.state)), log=table.log_lines(None))


@run_async
async def test_a_spectator_sees_the_round_summary_as_everyone_may_know_it():
    class WatchApp(ThemedApp):
        def __init__(self, remote) -> None:
            super().__init__()
            self.remote = remote

        def on_mount(self) -> None:
            self.push_screen(SpectatorScreen(self.remote))

    table = make_table("human:Ann,random:Bob,random:Cleo", seed=1)  # Ann returns a drawn card in round 4
    play_scripted(table, lambda t: t.view(0).phase == "sabotage" and t.to_act() == (0,) and t.view(0).sabotage_deck_size > 0)
    seated = P.Seated(table="t1", game=table.rules.name, config=P.pack(table.config), seat=None)
    remote = RemoteTable(None, seated, spectator_update(table, 1))
    app = WatchApp(remote)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SpectatorScreen)  # came in mid-round: nothing told again
        round_no = table.state.round
        table.submit(0, DrawSabotage())
        drawn = data().sabotage[table.state.drawn_sabotage].name
        public = table.rules.spectator_view(table.state)
        assert public.drawn_sabotage == -1 and public.dealt == [] and public.my_flights is None
        table.submit(0, ReturnSabotage())  # the round ends
        remote.receive(spectator_update(table, 2))
        app.screen.advance()  # as the joined app does on every update
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        text = joined(app)
        assert f"End of round {round_no}" in text and "Ann returned the card under the deck, unused." in text
        assert drawn not in text and "(you)" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SpectatorScreen)


@run_async
async def test_esc_on_a_rounds_summary_goes_back_to_the_menu_as_from_the_table():
    table = make_table("human:Ann,random:Bob", seed=3)
    play_scripted(table, lambda t: t.view(0).phase == "start" and 0 in t.to_act())
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = msgspec.structs.replace(app.settings, bot_delay=0.0)
        await pilot.pause()
        await buy_cheapest_start(pilot, app, table)
        await wait_until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen))
        assert "Esc Menu" in screen_lines(app)[-1]
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert SaveStore().latest_autosave() is not None
