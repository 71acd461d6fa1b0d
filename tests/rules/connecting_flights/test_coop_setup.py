"""Cooperative game set-up: one test per step of the text's set-up, and the house rules on it."""

from __future__ import annotations

import pytest
from coop_positions import W

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig
from flight_tui.games.connecting_flights.coop.rules.state import MARKET, SETUP, ChooseStart, DemandPlaced, MarketDealt


def on_board(state) -> int:
    return sum(sum(a) for a in state.board)


@pytest.mark.parametrize("players", [1, 2])
def test_setup_1_or_2_players_15_meeples_from_3_high_demand_pairs(players):
    state = COOP.new_game(CoopConfig(players=players), seed=3)
    placed = [e for e in state.log if isinstance(e, DemandPlaced)]
    assert len(placed) == 3
    assert all(W.demand_cards[e.demand].level == "high" for e in placed)
    assert on_board(state) == 15
    assert sum(state.supply) == 15
    assert len(state.departure_discard) == 3 and len(state.demand_discard) == 3


def test_setup_3_players_20_meeples():
    state = COOP.new_game(CoopConfig(players=3), seed=3)
    assert on_board(state) == 20
    assert len([e for e in state.log if isinstance(e, DemandPlaced)]) == 4


def test_setup_3_star_passengers_removed():
    state = COOP.new_game(CoopConfig(players=1), seed=3)
    three_star = {p.id for p in W.passengers if p.stars == 3}
    assert set(state.removed_passengers) == three_star
    assert not three_star & set(COOP.view(state, 0).setup_passengers)


def test_setup_each_player_gets_a_free_4_capacity_truck_and_the_team_100_coins():
    state = COOP.new_game(CoopConfig(players=3), seed=3)
    for hand in state.hands:
        assert [W.fuel_trucks[t].capacity for t in hand.trucks] == [4]
    assert state.coins == 100
    assert len(state.truck_supply) == len(W.fuel_trucks) - 3


def test_setup_starting_flights_are_free_valid_and_chosen_in_seat_order():
    state = COOP.new_game(CoopConfig(players=2), seed=4)
    assert state.phase == SETUP and COOP.to_act(state) == (0,)
    start = COOP.suggest_start(COOP.view(state, 0), 0)
    outcome = COOP.apply(state, 0, start)
    assert not outcome.irreversible, "nothing is revealed before the last player has chosen"
    assert state.coins == 100
    hand = state.hands[0]
    assert sorted(hand.airports) == sorted([start.origin, start.dest])
    assert hand.planes == [start.plane] and hand.passengers == [start.passenger]
    assert len(hand.chains) == 1 and hand.chains[0][0].truck == hand.trucks[0]
    assert COOP.to_act(state) == (1,)
    outcome = COOP.apply(state, 1, COOP.suggest_start(COOP.view(state, 1), 1))
    assert outcome.irreversible, "the decks are shuffled and the market dealt"
    assert state.phase == MARKET and state.round == 1
    assert any(isinstance(e, MarketDealt) for e in outcome.events)


def test_setup_start_must_be_a_valid_flight_with_a_conventional_plane():
    state = COOP.new_game(CoopConfig(players=1), seed=4)
    view = COOP.view(state, 0)
    one_star_plane = min(p for p in view.setup_planes if W.planes[p].stars == 1)
    two_star_passenger = min(p for p in view.setup_passengers if W.passengers[p].stars == 2)
    continent = W.passengers[two_star_passenger].continent
    dest = W.cards_of(next(a.id for a in W.airports_in(continent) if a.stars == 3))[0]
    origin = W.cards_of(W.airport("NYC").id)[0] if continent != 0 else W.cards_of(W.airport("LON").id)[0]
    bad = ChooseStart(origin, one_star_plane, two_star_passenger, dest)
    why = COOP.problem(state, 0, bad)
    assert why is not None and "Rule 1" in why
    with pytest.raises(IllegalAction):
        COOP.apply(state, 0, bad)
    electric = ChooseStart(origin, W.electric_planes[0], two_star_passenger, dest)
    assert "not free to choose" in COOP.problem(state, 0, electric)
    same_city = ChooseStart(dest, one_star_plane, two_star_passenger, dest)
    assert COOP.problem(state, 0, same_city) is not None


def test_setup_suggested_start_moves_a_meeple_in_round_1_as_the_text_recommends():
    for seed in range(12):
        state = COOP.new_game(CoopConfig(players=1), seed=seed)
        start = COOP.suggest_start(COOP.view(state, 0), 0)
        assert start in COOP.legal_actions(state, 0)
        origin = W.airport_of_card(start.origin)
        assert sum(state.board[origin.id]) >= 1
        assert W.planes[start.plane].stars == 3
        assert W.passengers[start.passenger].stars == 1


def test_setup_a_partners_start_on_the_same_airports_says_it_brings_none_home_and_shares_them():
    """Seed 11: two pink meeples (bound for Asia) wait in Johannesburg, and the first seat's
    suggested start flies them to Tokyo. The second seat is suggested the same airports (seats
    holding the same airports can hand meeples to each other there), and its set-up list says
    that this flight brings none home in round 1 and shares the partner's airports."""
    from flight_tui.games.connecting_flights.coop.rules.setup import brings_home
    from flight_tui.games.connecting_flights.coop.ui.presentation import start_label

    state = COOP.new_game(CoopConfig(players=2), seed=11)
    first = COOP.suggest_start(COOP.view(state, 0), 0)
    assert (W.airport_of_card(first.origin).code, W.airport_of_card(first.dest).code) == ("JNB", "TYO")
    assert brings_home(COOP.view(state, 0), first) == 2
    assert start_label(COOP.view(state, 0), W, first).endswith("brings 2 home in round 1")
    COOP.apply(state, 0, first)
    view = COOP.view(state, 1)
    second = COOP.suggest_start(view, 1)
    assert {W.airport_of_card(second.origin).code, W.airport_of_card(second.dest).code} == {"JNB", "TYO"}
    assert brings_home(view, second) == 0
    label = start_label(view, W, second)
    assert "home" not in label and label.endswith("shares JNB TYO"), label


def test_setup_legal_starts_offer_identical_cards_once():
    state = COOP.new_game(CoopConfig(players=1), seed=5)
    legal = COOP.legal_actions(state, 0)
    kinds = {(W.airport_of_card(a.origin).id, W.planes[a.plane].stars,
              (W.passengers[a.passenger].continent, W.passengers[a.passenger].stars), W.airport_of_card(a.dest).id)
             for a in legal}
    assert len(kinds) == len(legal)
    assert all(COOP.problem(state, 0, a) is None for a in legal[::97])


def test_setup_scenario_continents_leave_the_others_out():
    config = CoopConfig(players=1, continents=("NA", "EU", "AF"))
    state = COOP.new_game(config, seed=2)
    play = {W.continent(c).id for c in config.continents}
    for a, colours in enumerate(state.board):
        for colour, n in enumerate(colours):
            if n:
                assert W.airports[a].continent in play and colour in play
    assert all(W.airport_of_card(k).continent in play for k in state.airport_pool)
    assert all(W.passengers[p].continent in play for p in state.passenger_deck)
    assert [state.out_of_play[c] for c in range(6)] == [0 if c in play else 5 for c in range(6)]


def test_setup_config_problems_are_sentences():
    with pytest.raises(ValueError, match="1 to 3 players"):
        COOP.new_game(CoopConfig(players=4), 1)
    with pytest.raises(ValueError, match="difficulty"):
        COOP.new_game(CoopConfig(difficulty="nightmare"), 1)
    with pytest.raises(ValueError, match="Unknown continent"):
        COOP.new_game(CoopConfig(continents=("XX", "EU")), 1)
