"""Pictures of the Connecting Flights competitive table at 80x24 and 120x40: set-up, board and
hand, auction, marketplace with the trade dialog, sabotage, and the end of the game."""

from __future__ import annotations

import pytest
from competitive_harness import CompetitiveApp, make_table, play_until

SIZES = [(80, 24), (120, 40)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
SEATS = "human:Ann,random:Bob,random:Cleo"


def ann_to_act(phase: str, seed: int, extra=lambda view: True):
    """Ann and two random bots, played at random until Ann is asked in ``phase``."""
    table = make_table(SEATS, seed=seed)
    play_until(table, lambda t: t.view(0).phase == phase and 0 in t.to_act() and extra(t.view(0)), seed=seed, limit=30000)
    return table


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_setup_keeping_a_player_card(snap_compare, size):
    assert snap_compare(CompetitiveApp(make_table(SEATS, seed=7)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_setup_buying_the_starting_flight(snap_compare, size):
    table = ann_to_act("start", seed=7)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["enter", "down", "enter"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_board(snap_compare, size):
    table = ann_to_act("market", seed=5, extra=lambda view: view.round == 2 and view.holdings[0].coins >= 15)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["1"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_hand_in_the_fly_phase(snap_compare, size):
    table = ann_to_act("fly", seed=3, extra=lambda view: view.round == 3)
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
    table = ann_to_act("market", seed=5, extra=lambda view: view.round == 2 and view.holdings[0].coins >= 15)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["down", "down"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_marketplace_trade_dialog(snap_compare, size):
    table = ann_to_act("market", seed=5, extra=lambda view: view.round == 2 and view.holdings[0].coins >= 15)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["o", "plus", "plus", "tab", "down", "space"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_sabotage_choosing_the_target(snap_compare, size):
    table = ann_to_act("sabotage", seed=2, extra=lambda view: view.sabotage_deck_size > 0)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["down", "enter"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_scores(snap_compare, size):
    table = ann_to_act("market", seed=3, extra=lambda view: view.round == 5)
    assert snap_compare(CompetitiveApp(table), terminal_size=size, press=["6"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_end_of_the_game_decided_by_a_tie_breaker(snap_compare, size):
    table = make_table("human:Ann,random:Bob", seed=27)  # 25 each in round 10: decided without Landing Rights
    play_until(table, lambda t: t.is_over(), seed=27, limit=50000)
    assert snap_compare(CompetitiveApp(table), terminal_size=size)
