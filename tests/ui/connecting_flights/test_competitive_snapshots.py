"""Pictures of the Connecting Flights competitive table at 80x24 and 120x40: set-up, board and
hand, auction, marketplace with the trade dialog, sabotage, and the end of the game."""

from __future__ import annotations

import pytest
import msgspec
from competitive_harness import CompetitiveApp, make_table, play_scripted
from game_harness import ThemedApp

from flight_tui.games.connecting_flights.competitive.rules.round_summary import round_opening
from flight_tui.games.connecting_flights.competitive.ui.round_summary_screen import RoundSummaryScreen
from flight_tui.games.connecting_flights.competitive.ui.scores import CompetitiveEndScreen

SIZES = [(80, 24), (120, 40)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
SEATS = "human:Ann,random:Bob,random:Cleo"


def ann_to_act(phase: str, seed: int, extra=lambda view: True):
    """Ann and two bots, every seat played by the scripted player until Ann is asked in ``phase``."""
    table = make_table(SEATS, seed=seed)
    play_scripted(table, lambda t: t.view(0).phase == phase and 0 in t.to_act() and t.view(0).pending is None and extra(t.view(0)))
    return table


class OpeningApp(ThemedApp):
    """The round summary screen showing a round's opening alone (as when round 1 begins)."""

    def __init__(self, opening) -> None:
        super().__init__()
        self.opening = opening

    def on_mount(self) -> None:
        self.push_screen(RoundSummaryScreen(None, self.opening, 0))


class EndApp(ThemedApp):
    """The end screen alone, for a view given."""

    def __init__(self, view, names) -> None:
        super().__init__()
        self.view, self.names = view, names

    def on_mount(self) -> None:
        self.push_screen(CompetitiveEndScreen(self.view, self.names))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_setup_keeping_a_player_card(snap_compare, size):
    assert snap_compare(CompetitiveApp(make_table(SEATS, seed=7)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_setup_buying_the_starting_flight(snap_compare, size):
    table = ann_to_act("start", seed=7)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["enter", "down", "enter"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_board(snap_compare, size):
    table = ann_to_act("market", seed=2, extra=lambda view: view.round == 3 and view.holdings[0].coins >= 10)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["1"])


def test_board_of_five_airlines(snap_compare):
    table = make_table("human:Ann,random:Bob,random:Cleo,random:Dan,random:Eve", seed=3)
    play_scripted(table, lambda t: t.view(0).phase == "bidding" and 0 in t.to_act() and t.view(0).round == 2)
    assert snap_compare(CompetitiveApp(table), terminal_size=(80, 24), press=["1"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_hand_in_the_fly_phase(snap_compare, size):
    table = ann_to_act("fly", seed=2, extra=lambda view: view.round == 3)
    assert snap_compare(CompetitiveApp(table), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_auction_bidding(snap_compare, size):
    table = ann_to_act("bidding", seed=5, extra=lambda view: view.bidding.leader >= 0)
    assert snap_compare(CompetitiveApp(table), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_auction_choosing_a_lot(snap_compare, size):
    table = ann_to_act("choose_lots", seed=5, extra=lambda view: view.round == 2)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["down"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_marketplace(snap_compare, size):
    table = ann_to_act("market", seed=2, extra=lambda view: view.round == 3 and view.holdings[0].coins >= 10)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["down", "down"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_marketplace_trade_dialog(snap_compare, size):
    table = ann_to_act("market", seed=2, extra=lambda view: view.round == 3 and view.holdings[0].coins >= 10)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["o", "plus", "plus", "tab", "down", "space"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_sabotage_choosing_the_target(snap_compare, size):
    table = ann_to_act("sabotage", seed=2, extra=lambda view: view.sabotage_deck_size > 0)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["down", "enter"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_round_summary_after_a_sabotage(snap_compare, size):
    table = ann_to_act("sabotage", seed=2, extra=lambda view: view.sabotage_deck_size > 0)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["down", "enter", "enter"])


def test_an_event_that_moves_coins_at_once(snap_compare):
    table = make_table(SEATS, seed=2)
    play_scripted(table, lambda t: (o := round_opening(t.view(0).log, t.view(0).round, t.names, 0)) is not None and bool(o.effects))
    opening = round_opening(table.view(0).log, table.view(0).round, table.names, 0)
    assert snap_compare(OpeningApp(opening), terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_scores(snap_compare, size):
    table = ann_to_act("market", seed=2, extra=lambda view: view.round == 5)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["6"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_end_of_the_game_decided_by_a_tie_breaker(snap_compare, size):
    table = make_table(SEATS, seed=6)  # 25 for two in round 10, and nothing to tell them apart but coins
    play_scripted(table, lambda t: t.is_over())
    assert table.state.decided_by == "coins"
    assert snap_compare(CompetitiveApp(table), terminal_size=size)


def test_end_of_the_game_shared(snap_compare):
    table = make_table("human:Ann,random:Bob", seed=7)
    play_scripted(table, lambda t: t.is_over())
    view = table.view(0)
    holdings = [msgspec.structs.replace(h, coins=30) for h in view.holdings]
    tied = msgspec.structs.replace(view, holdings=holdings, winners=[0, 1], decided_by="shared")  # as if nothing told them apart
    assert snap_compare(EndApp(tied, table.names), terminal_size=(80, 24))
