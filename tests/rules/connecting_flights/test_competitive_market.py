"""A.3 Marketplace phase of the competitive mode: Landing Rights, Electric Planes, Fuel Trucks
and trades answered out of turn."""

from __future__ import annotations

import pytest
from competitive_positions import (
    D,
    W,
    after_setup,
    card_of,
    clear,
    give,
    passenger,
    plane,
    play_first,
    player_card,
    quiet,
    to_pool,
    truck,
    with_event,
)

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bundle,
    BuyElectric,
    BuyLandingRights,
    BuyTruck,
    EndTurn,
    Propose,
    Refuse,
)
from flight_tui.games.connecting_flights.competitive.rules.state import FLY, MARKET, TRADING


def at_market(players: int = 2, seed: int = 1):
    state = after_setup(players, seed=seed)
    return play_first(state, lambda s: s.phase == MARKET, policy=quiet)


def stock(state, seat: int) -> None:
    """Seat holds NYC and LAX, a 2-star plane, a 2-star passenger to Europe and a 3-fuel truck."""
    clear(state, seat)
    give(state, seat, airports=[card_of("NYC"), card_of("LAX")], planes=[plane(2)], passengers=[passenger("EU", 2)], trucks=[truck(3)], coins=60)


def test_A3_turns_go_from_the_first_player_then_a_trading_round_then_fly():
    state = at_market(3)
    first = state.first_player
    order = []
    while state.phase in (MARKET, TRADING):
        seat = R.to_act(state)[0]
        order.append((state.phase, seat))
        R.apply(state, seat, EndTurn())
    expected = [(first + i) % 3 for i in range(3)]
    assert order == [(MARKET, s) for s in expected] + [(TRADING, s) for s in expected]
    assert state.phase == FLY and set(R.to_act(state)) == {0, 1, 2}


def test_H9_landing_rights_only_if_usable_in_the_coming_fly_phase_and_one_each():
    state = at_market(2, seed=2)
    seat = state.first_player
    stock(state, seat)
    london, paris, tokyo = card_of("LON"), card_of("PAR"), card_of("TYO")
    for card in (london, paris, tokyo):
        to_pool(state, card)
    assert "could not end a valid flight" in R.problem(state, seat, BuyLandingRights(tokyo))  # no passenger to Asia
    assert BuyLandingRights(london) in R.legal_actions(state, seat)
    R.apply(state, seat, BuyLandingRights(london))
    assert state.holdings[seat].coins == 60 - W.airport_of_card(london).landing_rights_price
    assert "only one Landing Rights" in R.problem(state, seat, BuyLandingRights(paris))


def test_H9_no_truck_big_enough_means_no_landing_rights():
    state = at_market(2, seed=2)
    seat = state.first_player
    stock(state, seat)
    state.holdings[seat].trucks = []
    state.truck_supply.append(truck(3))
    give(state, seat, trucks=[truck(1)])
    london = card_of("LON")
    to_pool(state, london)
    assert "could not end a valid flight" in R.problem(state, seat, BuyLandingRights(london))


def test_A3_electric_planes_and_fuel_trucks_at_the_side_boards_prices_with_events_and_powers():
    state = at_market(2, seed=3)
    seat = state.first_player
    state.holdings[seat].coins = 80
    with_event(state, "Tourist Season")
    R.apply(state, seat, BuyTruck(3))
    assert state.holdings[seat].coins == 80 - 10
    with_event(state, "Fuel Price Drop")
    R.apply(state, seat, BuyTruck(4))
    assert state.holdings[seat].coins == 70 - 12
    state.kept[seat] = engineer = player_card("Aircraft Engineer")
    electric = min(state.electric_pool, key=lambda p: W.planes[p].stars)
    R.apply(state, seat, BuyElectric(electric))
    discount = D.player_cards[engineer].power_amount
    assert discount > 0
    assert state.holdings[seat].coins == 58 - (W.planes[electric].price - discount)
    assert electric in state.holdings[seat].planes
    assert "1 to 4" in R.problem(state, seat, BuyTruck(5))


def offer_position():
    state = at_market(2, seed=4)
    a = state.first_player
    b = 1 - a
    stock(state, a)
    clear(state, b)
    give(state, b, airports=[card_of("PAR")], planes=[plane(3)], trucks=[truck(4)], coins=40)
    return state, a, b


def test_A3_a_trade_is_offered_answered_out_of_turn_and_moves_cards_and_coins():
    state, a, b = offer_position()
    offer = Propose(b, Bundle(planes=(plane(2),)), Bundle(coins=12))
    R.apply(state, a, offer)
    assert R.to_act(state) == (b,)
    assert set(type(x) for x in R.legal_actions(state, b)) == {Accept, Refuse}
    with pytest.raises(IllegalAction, match="Answer the trade"):
        R.apply(state, b, EndTurn())
    R.apply(state, b, Accept())
    assert plane(2) in state.holdings[b].planes and plane(2) not in state.holdings[a].planes
    assert state.holdings[a].coins == 72 and state.holdings[b].coins == 28
    assert R.to_act(state) == (a,)


def test_H10_a_refused_offer_may_not_be_made_again_and_three_offers_a_phase_at_most():
    state, a, b = offer_position()
    offer = Propose(b, Bundle(trucks=(truck(3),)), Bundle(coins=5))
    R.apply(state, a, offer)
    R.apply(state, b, Refuse())
    assert "refused" in R.problem(state, a, offer)
    R.apply(state, a, Propose(b, Bundle(trucks=(truck(3),)), Bundle(coins=6)))
    R.apply(state, b, Refuse())
    R.apply(state, a, Propose(b, Bundle(trucks=(truck(3),)), Bundle(coins=7)))
    R.apply(state, b, Refuse())
    assert "3 offers" in R.problem(state, a, Propose(b, Bundle(trucks=(truck(3),)), Bundle(coins=8)))
    assert not any(isinstance(x, Propose) for x in R.legal_actions(state, a))


def test_H8_what_a_trade_may_bundle():
    state, a, b = offer_position()
    assert "something each way" in R.problem(state, a, Propose(b, Bundle(planes=(plane(2),)), Bundle()))
    assert "one way" in R.problem(state, a, Propose(b, Bundle(coins=1, planes=(plane(2),)), Bundle(coins=2)))
    assert "do not hold" in R.problem(state, a, Propose(b, Bundle(planes=(plane(3),)), Bundle(coins=2)))
    assert "cannot pay" in R.problem(state, a, Propose(b, Bundle(planes=(plane(2),)), Bundle(coins=41)))
    assert "another player" in R.problem(state, a, Propose(a, Bundle(planes=(plane(2),)), Bundle(coins=1)))
    state.holdings[b].coins = 95
    assert "above 100" in R.problem(state, a, Propose(b, Bundle(coins=10), Bundle(planes=(plane(3),))))
    bundle = Propose(b, Bundle(airports=(card_of("NYC"),), planes=(plane(2),), trucks=(truck(3),)), Bundle(airports=(card_of("PAR"),), planes=(plane(3),), coins=3))
    assert R.problem(state, a, bundle) is None
    R.apply(state, a, bundle)
    R.apply(state, b, Accept())
    assert card_of("PAR") in state.holdings[a].airports and truck(3) in state.holdings[b].trucks


def test_A3_landing_rights_and_player_cards_cannot_be_traded():
    state, a, b = offer_position()
    london = card_of("LON")
    to_pool(state, london)
    R.apply(state, a, BuyLandingRights(london))
    assert "do not hold" in R.problem(state, a, Propose(b, Bundle(airports=(london,)), Bundle(coins=1)))
    assert set(Bundle.__struct_fields__) == {"airports", "planes", "passengers", "trucks", "coins"}


def test_H11_trades_can_still_be_made_in_the_trading_round_after_ones_turn():
    state, a, b = offer_position()
    R.apply(state, a, EndTurn())
    R.apply(state, b, EndTurn())
    assert state.phase == TRADING and R.to_act(state) == (a,)
    R.apply(state, a, Propose(b, Bundle(planes=(plane(2),)), Bundle(coins=10)))
    R.apply(state, b, Accept())
    R.apply(state, a, EndTurn())
    assert R.to_act(state) == (b,)
    with pytest.raises(IllegalAction):
        R.apply(state, b, BuyTruck(1))
    R.apply(state, b, EndTurn())
    assert state.phase == FLY


def test_H11_a_trade_that_can_no_longer_be_paid_cannot_be_accepted():
    state, a, b = offer_position()
    R.apply(state, a, Propose(b, Bundle(planes=(plane(2),)), Bundle(coins=40)))
    state.holdings[b].coins = 10  # as if a fee had been paid meanwhile
    assert R.legal_actions(state, b) == [Refuse()]
    assert R.forced_action(state, b) == Refuse()
    with pytest.raises(IllegalAction, match="no longer"):
        R.apply(state, b, Accept())
