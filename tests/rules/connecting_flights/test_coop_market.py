"""B.1 Marketplace phase: one test per rule of the text, and the house rules on it."""

from __future__ import annotations

import pytest
from coop_positions import W, fresh, market

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.connecting_flights.coop.rules import COOP
from flight_tui.games.connecting_flights.coop.rules.config import coop_data
from flight_tui.games.connecting_flights.coop.rules.state import FLY, MARKET, Buy, Pass, Refresh


def market_state(players: int = 2, **config):
    state = fresh(players=players, phase=MARKET, **config)
    market(state)
    return state


def test_B1_five_passengers_and_one_plane_face_up():
    state = market_state()
    assert len(state.market_passengers) == 5 and len(state.market_planes) == 1
    assert all(not W.planes[p].electric for p in state.market_planes)


def test_B1_buy_for_a_chosen_player_from_the_shared_coins():
    state = market_state()
    card = state.market_passengers[2]
    COOP.apply(state, 0, Buy("passenger", card, 1))
    assert state.hands[1].passengers == [card] and state.hands[0].passengers == []
    assert state.coins == 100 - W.passengers[card].price
    assert card not in state.market_passengers
    plane = state.market_planes[0]
    COOP.apply(state, 0, Buy("plane", plane, 0))
    assert state.hands[0].planes == [plane]


def test_B1_refresh_costs_5_any_number_of_times_but_not_after_a_purchase():
    state = market_state()
    first = list(state.market_passengers)
    outcome = COOP.apply(state, 0, Refresh())
    assert outcome.irreversible
    assert state.coins == 95
    assert state.market_passengers != first and state.passenger_deck[-5:] == first, "under the deck, in order"
    COOP.apply(state, 0, Refresh())
    assert state.coins == 90
    COOP.apply(state, 0, Buy("truck", 2, 0))
    COOP.apply(state, 0, Refresh())  # a Fuel Truck is a token, not a card (house rule C12)
    COOP.apply(state, 0, Buy("passenger", state.market_passengers[0], 0))
    assert "No refresh" in COOP.problem(state, 0, Refresh())
    with pytest.raises(IllegalAction):
        COOP.apply(state, 0, Refresh())
    assert Refresh() not in COOP.legal_actions(state, 0)


def test_B1_refresh_needs_the_coins():
    state = market_state()
    state.coins = 4
    assert "costs 5" in COOP.problem(state, 0, Refresh())


def test_B1_unbought_cards_go_to_the_bottom_of_their_decks_at_the_end_of_the_phase():
    state = market_state(players=1)
    bought = state.market_passengers[0]
    left = state.market_passengers[1:]
    plane = state.market_planes[0]
    COOP.apply(state, 0, Buy("passenger", bought, 0))
    COOP.apply(state, 0, Pass())
    assert state.phase == FLY
    assert state.passenger_deck[-4:] == left and state.plane_deck[-1] == plane
    assert state.market_passengers == [] and state.market_planes == []


def test_B1_airports_landing_rights_trucks_and_electric_planes_for_sale():
    state = market_state()
    tokyo = W.cards_of(W.airport("TYO").id)
    COOP.apply(state, 0, Buy("airport", tokyo[0], 0))
    assert state.coins == 100 - W.airport("TYO").price
    COOP.apply(state, 0, Buy("landing_rights", tokyo[1], 1))
    assert state.hands[1].landing_rights == [tokyo[1]]
    assert state.coins == 100 - W.airport("TYO").price - W.airport("TYO").landing_rights_price
    coins = state.coins
    COOP.apply(state, 0, Buy("truck", 3, 1))
    assert state.coins == coins - coop_data().truck_price(3)
    assert [W.fuel_trucks[t].capacity for t in state.hands[1].trucks] == [3]
    electric = W.electric_planes[0]
    COOP.apply(state, 0, Buy("plane", electric, 0))
    assert electric in state.hands[0].planes and electric not in state.electric_pool


def test_B1_no_limit_on_landing_rights_per_player():
    state = market_state()
    for code in ("LON", "PAR", "NYC", "TYO"):
        COOP.apply(state, 0, Buy("landing_rights", W.cards_of(W.airport(code).id)[0], 0))
    assert len(state.hands[0].landing_rights) == 4


def test_B1_owned_cards_are_not_for_sale_again_nor_sold_back():
    state = market_state()
    athens = W.cards_of(W.airport("ATH").id)[0]
    COOP.apply(state, 0, Buy("airport", athens, 0))
    for kind in ("airport", "landing_rights"):
        assert "owned or rented" in COOP.problem(state, 0, Buy(kind, athens, 1))
    assert not any(getattr(a, "item", None) == athens for a in COOP.legal_actions(state, 0))


def test_B1_cannot_buy_what_the_team_cannot_pay_for():
    state = market_state()
    state.coins = 9
    card = W.cards_of(W.airport("HAV").id)[0]
    assert "costs 10 coins" in COOP.problem(state, 0, Buy("airport", card, 0))
    assert all(W.airport_of_card(a.item).price <= 9 for a in COOP.legal_actions(state, 0)
               if isinstance(a, Buy) and a.kind == "airport")


def test_B1_landing_rights_off_in_a_scenario_without_them():
    state = market_state(landing_rights=False)
    card = W.cards_of(W.airport("LON").id)[0]
    assert "cannot be rented" in COOP.problem(state, 0, Buy("landing_rights", card, 0))


def test_B1_marketplace_goes_pass_between_players_until_all_pass_in_a_row():
    state = market_state(players=3)
    COOP.apply(state, 0, Pass())
    COOP.apply(state, 1, Buy("truck", 1, 1))
    COOP.apply(state, 1, Pass())
    COOP.apply(state, 2, Pass())
    assert state.phase == MARKET and COOP.to_act(state) == (0,), "seat 0 has not passed since the purchase"
    COOP.apply(state, 0, Pass())
    assert state.phase == FLY and COOP.to_act(state) == (0,)
