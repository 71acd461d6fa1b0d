"""The competitive mode's Setup and its designed data (Player cards, budgets, the text's example)."""

from __future__ import annotations

import pytest
from competitive_positions import D, W, card_of, passenger, plane, player_card

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules import CompetitiveConfig
from flight_tui.games.connecting_flights.competitive.rules.actions import BuyStart, ChooseContinent, KeepCard
from flight_tui.games.connecting_flights.competitive.rules.config import continents_in_play
from flight_tui.games.connecting_flights.competitive.rules.data import CompetitiveDataError, parse_competitive
from flight_tui.games.connecting_flights.competitive.rules.setup import start_cost
from flight_tui.games.connecting_flights.competitive.rules.state import CHOOSE_LOTS, CONTINENT, KEEP, START, StartBought
from flight_tui.games.connecting_flights.core.continents import continent_sets
from flight_tui.games.connecting_flights.core.prices import cheapest_flight_within
from importlib import resources

DATA_FILE = resources.files("flight_tui.games.connecting_flights.competitive.rules").joinpath("data", "competitive.toml")


def codes(config: CompetitiveConfig) -> set[str]:
    return {W.continents[c].code for c in continents_in_play(config)}


def test_setup_continents_in_play_by_player_count_with_the_alternative_sets():
    assert codes(CompetitiveConfig(players=5)) == {"NA", "EU", "AS", "SA", "AF", "OC"}
    assert codes(CompetitiveConfig(players=4)) == {"NA", "EU", "AS", "SA", "AF"}
    assert codes(CompetitiveConfig(players=3)) == {"EU", "AF", "AS", "OC"}
    assert codes(CompetitiveConfig(players=3, continent_set="second")) == {"EU", "AF", "NA", "SA"}
    assert codes(CompetitiveConfig(players=2)) == {"AF", "OC", "NA", "SA"}
    assert codes(CompetitiveConfig(players=2, continent_set="second")) == {"AF", "OC", "SA", "EU"}
    assert R.make_config(2, {"continents": "second"}).continent_set == "second"
    with pytest.raises(ValueError):
        R.make_config(2, {"continents": "third"})
    with pytest.raises(ValueError):
        R.make_config(6, {})


def test_setup_cards_of_continents_not_in_play_are_removed():
    state = R.new_game(CompetitiveConfig(players=4), 3)
    oceania = W.continent("OC").id
    assert all(W.airport_of_card(c).continent != oceania for c in state.airport_pool)
    assert all(W.passengers[p].continent != oceania for p in state.passenger_deck)
    assert {W.airport_of_card(c).continent for c in state.removed_airports} == {oceania}
    assert {W.passengers[p].continent for p in state.removed_passengers} == {oceania}


def test_setup_insurance_agent_is_never_dealt_in_a_two_player_game():
    agent = player_card("Insurance Agent")
    assert D.player_cards[agent].players == (3, 4, 5)
    for seed in range(60):
        state = R.new_game(CompetitiveConfig(players=2), seed)
        assert agent not in {c for cards in state.dealt for c in cards}
    assert any(agent in {c for cards in R.new_game(CompetitiveConfig(players=3), s).dealt for c in cards} for s in range(30))


def test_setup_two_player_cards_each_with_two_to_four_players_and_a_free_one_fuel_truck():
    for players in (2, 3, 4):
        state = R.new_game(CompetitiveConfig(players=players), 8)
        assert [len(cards) for cards in state.dealt] == [2] * players
        assert state.phase == KEEP and set(R.to_act(state)) == set(range(players))
        assert all([W.fuel_trucks[t].capacity for t in h.trucks] == [1] for h in state.holdings)


def test_H23_five_players_are_dealt_one_card_each_and_keep_it():
    state = R.new_game(CompetitiveConfig(players=5), 8)
    assert [len(cards) for cards in state.dealt] == [1] * 5
    assert state.revealed and state.phase == CONTINENT
    assert state.kept == [cards[0] for cards in state.dealt]


def test_H1_setup_player_cards_are_kept_sealed_then_revealed_and_continents_chosen_in_rank_order():
    state = R.new_game(CompetitiveConfig(players=3), 21)
    keep = [cards[1] for cards in state.dealt]
    R.apply(state, 2, KeepCard(keep[2]))
    assert R.view(state, 0).kept[2] == -1 and R.view(state, 2).kept[2] == keep[2]
    with pytest.raises(IllegalAction):
        R.apply(state, 2, KeepCard(keep[2]))
    R.apply(state, 0, KeepCard(keep[0]))
    out = R.apply(state, 1, KeepCard(keep[1]))
    assert out.irreversible and state.revealed and R.view(state, 0).kept == keep
    ranks = [D.player_cards[k].rank for k in keep]
    order = sorted(range(3), key=lambda s: ranks[s])
    assert state.order == order and state.phase == CONTINENT and R.to_act(state) == (order[0],)
    free = sorted(continents_in_play(state.config))
    R.apply(state, order[0], ChooseContinent(free[0]))
    with pytest.raises(IllegalAction, match="chosen by another player"):
        R.apply(state, order[1], ChooseContinent(free[0]))
    R.apply(state, order[1], ChooseContinent(free[1]))
    R.apply(state, order[2], ChooseContinent(free[2]))
    assert state.phase == START and set(R.to_act(state)) == {0, 1, 2}


def setup_in(continent: str, card: str, players: int = 5, seed: int = 4, continent_set: str = "first"):
    """A game at the starting-flight purchase, seat 0 holding ``card`` in ``continent``."""
    state = R.new_game(CompetitiveConfig(players=players, continent_set=continent_set), seed)
    wanted_card, mine = player_card(card), state.dealt[0][0]
    for cards in state.dealt[1:]:
        if wanted_card in cards:
            cards[cards.index(wanted_card)] = mine
    if wanted_card in state.unused_player_cards:
        state.unused_player_cards[state.unused_player_cards.index(wanted_card)] = mine
    state.dealt[0][0] = wanted_card
    if players == 5:
        state.kept = [cards[0] for cards in state.dealt]
        state.order = sorted(range(5), key=lambda s: D.player_cards[state.kept[s]].rank)
        state.current = state.order[0]
    target = W.continent(continent).id
    while state.phase != START:
        seat = R.to_act(state)[0]
        legal = R.legal_actions(state, seat)
        if state.phase == KEEP:
            action = KeepCard(wanted_card) if seat == 0 else legal[0]
        else:
            action = next(a for a in legal if (a.continent == target) == (seat == 0))
        R.apply(state, seat, action)
    return state


def test_setup_example_the_aircraft_engineer_buys_four_3_star_cards_and_keeps_5_coins():
    state = setup_in("NA", "Aircraft Engineer")
    assert D.player_cards[player_card("Aircraft Engineer")].budget == 110
    example = BuyStart(card_of("NYC"), plane(3), passenger("NA", 3), card_of("LAX"))
    assert start_cost(example) == 105
    assert R.problem(state, 0, example) is None
    assert example in R.legal_actions(state, 0)
    R.apply(state, 0, example)
    for seat in R.to_act(state):
        R.apply(state, seat, R.legal_actions(state, seat)[0])
    bought = next(e for e in state.log if isinstance(e, StartBought) and e.seat == 0)
    assert bought.cost == 105 and bought.coins == 5  # before round 1's Event
    assert sorted(state.holdings[0].airports) == sorted([card_of("NYC"), card_of("LAX")])


def test_setup_example_holds_wherever_north_america_is_in_play_and_only_there():
    example = BuyStart(card_of("NYC"), plane(3), passenger("NA", 3), card_of("LAX"))
    played = 0
    for players in range(2, 6):
        for option, continents in zip(("first", "second"), continent_sets(W, players)):
            if W.continent("NA").id in continents:
                state = setup_in("NA", "Aircraft Engineer", players=players, continent_set=option)
                assert R.problem(state, 0, example) is None
                played += 1
    assert played == 4  # 5 and 4 players, 3 players' second set, 2 players' first set
    for code in ("EU", "AS", "SA", "AF", "OC"):
        three_star = [a for a in W.airports_in(W.continent(code).id) if a.stars == 3]
        assert len(three_star) < 2  # four 3-star cards make a one-continent flight only in North America
    assert cheapest_flight_within(W, W.continent("NA").id) == 35
    assert cheapest_flight_within(W, W.continent("SA").id) == 45
    assert cheapest_flight_within(W, W.continent("AF").id) == 45


def test_setup_starting_flight_must_be_valid_in_ones_continent_and_within_budget():
    state = setup_in("NA", "Grant Writer")
    budget = D.player_cards[player_card("Grant Writer")].budget
    dear = BuyStart(card_of("NYC"), plane(3), passenger("NA", 3), card_of("LAX"))
    assert start_cost(dear) > budget
    assert "budget" in R.problem(state, 0, dear)
    abroad = BuyStart(card_of("NYC"), plane(1), passenger("NA", 1), card_of("LON"))
    assert "must start and end" in R.problem(state, 0, abroad)
    invalid = BuyStart(card_of("HAV"), plane(1), passenger("NA", 2), card_of("YVR"))
    assert "valid flight" in R.problem(state, 0, invalid)
    electric = BuyStart(card_of("HAV"), plane(1, electric=True), passenger("NA", 1), card_of("YVR"))
    assert "conventional" in R.problem(state, 0, electric)
    assert all(start_cost(a) <= budget for a in R.legal_actions(state, 0))


def test_H3_starting_purchases_are_sealed_and_a_taken_plane_is_replaced_by_an_identical_one():
    state = setup_in("NA", "Grant Writer", players=2, seed=2)
    wanted = [next(a for a in R.legal_actions(state, s) if W.planes[a.plane].stars == 1) for s in (0, 1)]
    R.apply(state, 0, wanted[0])
    assert R.view(state, 1).my_start is None and R.view(state, 1).started == [True, False]
    same_plane = BuyStart(wanted[1].origin, wanted[0].plane, wanted[1].passenger, wanted[1].dest)
    out = R.apply(state, 1, same_plane)
    assert out.irreversible and state.phase == CHOOSE_LOTS
    planes = [h.planes[0] for h in state.holdings]
    assert planes[0] != planes[1] and {W.planes[p].stars for p in planes} == {1}
    first = state.order[0]
    assert planes[first] == wanted[0].plane
    assert state.first_player == first


def test_setup_decks_are_shuffled_afterwards_and_stage_1_events_are_in_play():
    state = R.new_game(CompetitiveConfig(players=2), 9)
    before = list(state.plane_deck)
    while state.round == 0:
        seat = R.to_act(state)[0]
        R.apply(state, seat, R.legal_actions(state, seat)[0])
    assert state.plane_deck != sorted(state.plane_deck) or state.plane_deck != before
    assert all(D.events[e].stage == 1 for e in state.event_deck + [state.active_event])
    assert len(state.electric_pool) == 3


def test_data_every_budget_affords_a_starting_flight_in_every_continent_it_could_be_given():
    for players in range(2, 6):
        for continents in continent_sets(W, players):
            for card in D.player_cards:
                if players in card.players:
                    for c in continents:
                        assert cheapest_flight_within(W, c) <= card.budget, (card.name, players)


def test_data_counts_and_the_numbers_the_text_gives():
    assert len(D.player_cards) == 8 and len(D.sabotage) == 8
    assert [sum(1 for e in D.events if e.stage == s) for s in (1, 2, 3)] == [4, 7, 4]
    assert all(4 in c.players for c in D.player_cards)
    names = {c.name for c in D.player_cards}
    assert {"Aircraft Engineer", "Insurance Agent", "Creative Accountant", "Investment Manager"} <= names
    assert any(e.name == "Long Haul Flight Demand" for e in D.events)
    assert any(s.name == "Snakes on the Plane" and s.effect == "plane" for s in D.sabotage)
    assert any(s.effect == "lose_truck" for s in D.sabotage)
    assert any(c.power == "extra_bids" for c in D.player_cards)
    assert any(b.grant == 5 for b in D.income_bands) and any(b.tax == 10 for b in D.income_bands)
    assert D.income_by_stars == (10, 15, 20) and D.coin_cap == 100 and D.sabotage_coins == 10
    assert [len(D.slots_for(n)) for n in range(2, 6)] == [4, 5, 6, 7]


@pytest.mark.parametrize(
    "change, message",
    [
        (('power = "extra_bids"', 'power = "grant_bonus"'), "two-bid limit"),
        (('name = "Grant Writer"\nbudget = 85', 'name = "Grant Writer"\nbudget = 40'), "buys no starting flight"),
        (('players = [3, 4, 5]', 'players = [2, 3, 5]'), "barred at 4 players"),
        (('stage = 3\nname = "Calm Skies"', 'stage = 2\nname = "Calm Skies"'), "4 Stage 1, 7 Stage 2"),
        (('effect = "lose_truck"', 'effect = "explode"'), "unknown effect"),
        (('last_for_players = 3', 'last_for_players = 6'), "icons for 2, 3, 4 and 5"),
    ],
)
def test_data_a_file_breaking_the_design_is_refused_with_a_reason(change, message):
    text = DATA_FILE.read_text()
    old, new = change
    assert old in text
    with pytest.raises(CompetitiveDataError, match=message):
        parse_competitive(text.replace(old, new, 1).encode(), W)
    with pytest.raises(CompetitiveDataError, match="competitive.toml"):
        parse_competitive(b"rounds = 'ten'", W)
