"""A.1 Event phase and A.2 Auction phase of the competitive mode."""

from __future__ import annotations

import pytest
from competitive_positions import D, after_setup, play_first, player_card, quiet, with_event

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules.actions import Bid, ChooseLot, PassBid
from flight_tui.games.connecting_flights.competitive.rules.auction import face_value
from flight_tui.games.connecting_flights.competitive.rules.rounds import apply_event_now
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    MARKET,
    BidPassed,
    CoinsMoved,
    EventRevealed,
    LotSold,
    LotUnsold,
)


# ---------------------------------------------------------------- A.1


def test_A1_each_round_reveals_the_top_event_of_its_stage_and_rounds_4_and_8_bring_new_decks():
    state = after_setup(2, seed=3)
    seen = {}
    play_first(state, lambda s: s.phase == "over", policy=quiet)
    for e in state.log:
        if isinstance(e, EventRevealed):
            seen[e.round] = D.events[e.event].stage
    assert seen == {r: (1 if r <= 3 else 2 if r <= 7 else 3) for r in range(1, 11)}
    assert len({e.event for e in state.log if isinstance(e, EventRevealed)}) == 10


def test_A1_a_payment_beyond_ones_coins_sets_them_to_0():
    state = after_setup(3, seed=5)
    with_event(state, "Airport Fees")
    coins = [3, 40, 0]
    for seat, c in enumerate(coins):
        state.holdings[seat].coins = c
    state.kept[1] = player_card("Insurance Agent") if state.kept[1] != player_card("Insurance Agent") else state.kept[1]
    apply_event_now(state)
    assert [h.coins for h in state.holdings] == [0, 40 - 2, 0]  # the Insurance Agent pays half (H22)
    paid = [e for e in state.log if isinstance(e, CoinsMoved)][-3:]
    assert [e.delta for e in paid] == [-3, -2, 0] and [e.asked for e in paid] == [5, 5, 5]


def test_A1_the_poorest_tie_goes_to_the_lowest_rank():
    state = after_setup(3, seed=6)
    with_event(state, "Start-up Subsidy")
    for h in state.holdings:
        h.coins = 20
    apply_event_now(state)
    lowest_rank = state.order[0]
    assert [h.coins for h in state.holdings] == [30 if s == lowest_rank else 20 for s in range(3)]


def test_H15_lowest_income_last_round_at_the_event_phase_is_the_previous_fly_phase():
    state = after_setup(2, seed=6)
    play_first(state, lambda s: s.round == 2, policy=quiet)
    incomes = [r.income for r in state.history[-1]]
    with_event(state, "Regional Aid")
    before = [h.coins for h in state.holdings]
    apply_event_now(state)
    low = min(range(2), key=lambda s: (incomes[s], state.order.index(s)))
    assert [h.coins - b for h, b in zip(state.holdings, before)] == [
        min(10, 100 - before[s]) if s == low else 0 for s in range(2)
    ]


def test_H15_richest_pays_ties_going_to_the_lowest_rank():
    state = after_setup(2, seed=7)
    with_event(state, "Windfall Tax")
    for h in state.holdings:
        h.coins = 50
    apply_event_now(state)
    assert state.holdings[state.order[0]].coins == 35 and state.holdings[state.order[1]].coins == 50


# ---------------------------------------------------------------- A.2


def test_A2_the_top_plane_and_passenger_fill_slots_1_and_2_and_the_first_player_puts_up_an_airport():
    state = after_setup(2, seed=8)
    assert state.phase == CHOOSE_LOTS
    assert [lot.kind for lot in state.lots] == ["plane", "passenger"]
    assert all(lot.chosen_by == -1 for lot in state.lots)
    assert R.to_act(state) == (state.first_player,)
    legal = R.legal_actions(state, state.first_player)
    assert {a.kind for a in legal if isinstance(a, ChooseLot)} == {"airport"}
    with pytest.raises(IllegalAction, match="airport"):
        R.apply(state, state.first_player, ChooseLot("plane"))


def test_A2_each_next_player_fills_the_next_slot_as_its_icons_allow_until_the_player_count_slot():
    for players, cards in ((2, 4), (3, 5), (4, 6), (5, 7)):
        state = after_setup(players, seed=players)
        choosers = []
        while state.phase == CHOOSE_LOTS:
            seat = R.to_act(state)[0]
            choosers.append(seat)
            legal = [a for a in R.legal_actions(state, seat) if isinstance(a, ChooseLot)]
            if state.slot == 3:  # "the first card in the second row cannot be a Passenger"
                assert "passenger" not in {a.kind for a in legal} and "plane" in {a.kind for a in legal}
                assert R.problem(state, seat, ChooseLot("passenger")) is not None
            R.apply(state, seat, legal[-1])
        assert len(state.lots) == cards
        assert choosers == [(state.first_player + i) % players for i in range(players)]
        assert state.phase == BIDDING


def to_bidding(players: int = 2, seed: int = 9, coins: int = 90):
    """The first lot under the hammer, every seat holding ``coins``."""
    state = after_setup(players, seed=seed)
    for h in state.holdings:
        h.coins = coins
    return play_first(state, lambda s: s.phase == BIDDING)


def test_A2_bidding_opens_at_face_value_goes_clockwise_from_the_first_player_and_never_beyond_ones_coins():
    state = to_bidding()
    first = state.first_player
    lot = state.lots[0]
    assert R.to_act(state) == (first,)
    state.holdings[first].coins = 50
    with pytest.raises(IllegalAction, match="face value"):
        R.apply(state, first, Bid(face_value(lot) - 1))
    with pytest.raises(IllegalAction, match="beyond your coins"):
        R.apply(state, first, Bid(51))
    R.apply(state, first, Bid(face_value(lot)))
    other = 1 - first
    assert R.to_act(state) == (other,)
    state.holdings[other].coins = 60
    with pytest.raises(IllegalAction, match="more than the bid standing"):
        R.apply(state, other, Bid(face_value(lot)))


def test_A2_two_bids_each_and_the_last_left_pays_their_highest_bid():
    state = to_bidding(seed=10)
    first, other = state.first_player, 1 - state.first_player
    for h in state.holdings:
        h.coins = 90
    lot = state.lots[0]
    v = face_value(lot)
    R.apply(state, first, Bid(v))
    R.apply(state, other, Bid(v + 1))
    R.apply(state, first, Bid(v + 2))
    R.apply(state, other, Bid(v + 3))  # the other's second bid: the first has no bids left
    sold = [e for e in state.log if isinstance(e, LotSold)]
    assert sold[-1].seat == other and sold[-1].price == v + 3
    assert state.holdings[other].coins == 90 - (v + 3)
    assert lot.card in {"plane": state.holdings[other].planes}[lot.kind]
    assert any(isinstance(e, BidPassed) and e.seat == first and e.why == "bids" for e in state.log)


def test_A2_the_auctioneer_bids_three_times():
    state = to_bidding(seed=10)
    first, other = state.first_player, 1 - state.first_player
    state.kept[first] = player_card("Auctioneer")
    for h in state.holdings:
        h.coins = 90
    v = face_value(state.lots[0])
    for step in range(4):
        R.apply(state, first if step % 2 == 0 else other, Bid(v + step))
    assert R.to_act(state) == (first,) and state.bidding.bids[first] == 2
    R.apply(state, first, Bid(v + 4))  # a third bid; the other has used both
    sold = [e for e in state.log if isinstance(e, LotSold)][-1]
    assert sold.seat == first and sold.price == v + 4


def test_H4_a_card_nobody_bids_on_goes_under_its_deck():
    state = to_bidding(seed=11)
    lot = state.lots[0]
    R.apply(state, state.first_player, PassBid())
    R.apply(state, 1 - state.first_player, PassBid())
    assert isinstance([e for e in state.log if isinstance(e, (LotSold, LotUnsold))][-1], LotUnsold)
    assert state.plane_deck[-1] == lot.card


def test_H4_a_player_who_cannot_pay_the_opening_bid_is_left_out():
    state = after_setup(2, seed=12)
    first, other = state.first_player, 1 - state.first_player
    state.holdings[other].coins = 1
    state.holdings[first].coins = 80
    play_first(state, lambda s: s.phase == BIDDING)
    v = face_value(state.lots[0])
    R.apply(state, first, Bid(v))
    assert [e for e in state.log if isinstance(e, BidPassed)][-1].why == "coins"
    assert [e for e in state.log if isinstance(e, LotSold)][-1].seat == first


def test_H5_a_leader_who_has_used_both_bids_stays_in_and_wins_when_the_others_pass():
    state = to_bidding(3, seed=13)
    n = 3
    for h in state.holdings:
        h.coins = 90
    v = face_value(state.lots[0])
    a, b, c = state.first_player, (state.first_player + 1) % n, (state.first_player + 2) % n
    R.apply(state, a, Bid(v))
    R.apply(state, b, Bid(v + 1))
    R.apply(state, c, PassBid())
    R.apply(state, a, Bid(v + 2))  # a's second bid
    R.apply(state, b, PassBid())
    sold = [e for e in state.log if isinstance(e, LotSold)][-1]
    assert sold.seat == a and sold.price == v + 2


def test_A2_after_the_last_lot_the_marketplace_begins():
    state = to_bidding(seed=14)
    play_first(state, lambda s: s.phase != BIDDING, policy=quiet)
    assert state.phase == MARKET and state.bidding is None
    assert R.to_act(state) == (state.first_player,)
