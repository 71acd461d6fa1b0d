"""One test (or a few) per clause of the Passaportas rules, named after the sections of the text."""

from __future__ import annotations

from collections import Counter

import pytest
from passaportas_positions import MAP, city, position, rng_rolling, trip

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.passaportas.rules import PASSAPORTAS, PassaportasConfig
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    DONE,
    FUEL,
    HOME,
    OVER,
    PLANE,
    Boarded,
    Fly,
    GroupRef,
    NoRoom,
    PassCustoms,
    Roll,
    StayPut,
    TripDealt,
    UseCustoms,
    UseWildToken,
)

R = PASSAPORTAS


# ---------------------------------------------------------------- I and II: material and set-up


def test_II_map_gives_19_cities_38_boarding_38_destination_and_19_customs_cards():
    state = R.new_game(PassaportasConfig(players=4), 3)
    assert MAP.size == 19
    boarding = state.boarding_deck + state.boarding_put_away + [g.boarding for gs in state.groups for g in gs if g.status == HOME]
    destination = state.destination_deck + state.destination_put_away + [g.destination for gs in state.groups for g in gs if g.status != DONE]
    customs = [c for hs in state.holders for h in hs for c in h] + state.customs_boxed
    assert Counter(boarding) == Counter(destination) == {c: 2 for c in range(19)}
    assert sorted(customs) == list(range(19))


@pytest.mark.parametrize("players, holders, cards", [(2, 2, 4), (3, 2, 3), (4, 1, 4), (5, 1, 3), (6, 1, 3)])
def test_II_customs_holders_and_cards_per_holder_by_player_count(players, holders, cards):
    state = R.new_game(PassaportasConfig(players=players), 11)
    assert [[len(h) for h in hs] for hs in state.holders] == [[cards] * holders] * players


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_I_each_player_has_four_groups_of_one_to_four_persons(players):
    state = R.new_game(PassaportasConfig(players=players), 5)
    assert [[g.size for g in gs] for gs in state.groups] == [[1, 2, 3, 4]] * players


def test_II_a_boarding_and_destination_pair_naming_the_same_city_is_replaced():
    replaced = 0
    for seed in range(60):
        state = R.new_game(PassaportasConfig(players=6), seed)
        assert all(g.boarding != g.destination for gs in state.groups for g in gs)
        dealt = [e for e in state.log if isinstance(e, TripDealt)]
        replaced += sum(e.replaced for e in dealt)
        # the replaced pairs went to the put-away stacks, and the boarded groups' cards too
        boarded = [g.boarding for gs in state.groups for g in gs if g.status == PLANE]
        assert len(state.destination_put_away) == sum(e.replaced for e in dealt)
        assert len(state.boarding_put_away) == sum(e.replaced for e in dealt) + len(boarded)
    assert replaced > 0  # with 24 trips a game, same-city pairs do come up


def test_II_cards_are_dealt_in_the_received_order():
    state = R.new_game(PassaportasConfig(players=2), 7)
    dealt = [e for e in state.log if isinstance(e, TripDealt)]
    assert [(e.player, e.group) for e in dealt] == [(p, g) for p in range(2) for g in (1, 2, 3, 4)]
    for e in dealt:
        g = state.groups[e.player][e.group - 1]
        assert (g.boarding, g.destination) == (e.boarding, e.destination)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_II_the_plane_starts_on_the_city_of_the_top_remaining_customs_card(players):
    state = R.new_game(PassaportasConfig(players=players), 21)
    dealt = sum(len(h) for hs in state.holders for h in hs)
    assert len(state.customs_boxed) == 19 - dealt >= 1
    assert state.plane == state.customs_boxed[0]
    assert state.fuel == 0  # II: turn the arrow to zero


def test_III_first_passengers_board_in_the_starting_city():
    for seed in range(40):
        state = R.new_game(PassaportasConfig(players=4), seed)
        boarded = {(e.player, e.group) for e in state.log if isinstance(e, Boarded)}
        assert boarded == {(r.player, r.group) for r in state.cabin}
        for p, gs in enumerate(state.groups):
            for g in gs:
                if g.boarding == state.plane and (p, g.size) not in boarded:
                    assert any(isinstance(e, NoRoom) and (e.player, e.group) == (p, g.size) for e in state.log)


@pytest.mark.parametrize("players, reserved", [(2, 2), (3, 2), (4, 0), (5, 0), (6, 0)])
def test_III_two_seats_taken_by_unknown_travellers_with_2_or_3_players(players, reserved):
    state = R.new_game(PassaportasConfig(players=players), 2)
    assert state.reserved_seats == reserved
    assert R.view(state, 0).free_seats == 10 - reserved - sum(r.group for r in state.cabin)


def test_III_play_goes_clockwise_from_the_first_seat():
    state = position(3, plane="LON")
    seen = []
    for _ in range(4):
        seen.append(state.current)
        R.apply(state, state.current, StayPut())
    assert seen == [0, 1, 2, 0]
    assert state.round_no == 2


# ---------------------------------------------------------------- IV.1 fuelling and flying


def test_IV_1_a_throw_adds_its_eyes_in_thousands_of_litres():
    state = position(fuel=3)
    state.rng = rng_rolling(2, 5)
    R.apply(state, 0, Roll())
    assert state.fuel == 10
    assert Roll() not in R.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="only after a double"):
        R.apply(state, 0, Roll())


def test_IV_1_doubles_roll_again():
    state = position()
    state.rng = rng_rolling(3, 3, 4, 4, 1, 2)
    R.apply(state, 0, Roll())
    assert Roll() in R.legal_actions(state, 0)
    R.apply(state, 0, Roll())
    R.apply(state, 0, Roll())
    assert state.fuel == 6 + 8 + 3
    assert Roll() not in R.legal_actions(state, 0)


def test_IV_1_the_tank_holds_at_most_25000_litres():
    state = position(fuel=20)
    state.rng = rng_rolling(6, 6)
    R.apply(state, 0, Roll())
    assert state.fuel == 25
    assert Roll() not in R.legal_actions(state, 0)  # a double, but the tank is full


def test_IV_1_fly_along_a_path_whose_legs_add_up():
    state = position(fuel=9, plane="LON")
    # London - Paris (2) - Rome (4) = 6; London - Frankfurt (3) - Rome (4) = 7
    R.apply(state, 0, Fly(city("ROM"), 7))
    assert state.plane == city("ROM")
    assert state.fuel == 2  # the unused fuel stays in the tank for the next player


def test_IV_1_detours_and_back_and_forth_burn_fuel():
    legal = R.legal_actions(position(fuel=9, plane="LON"), 0)
    # London - Paris - London costs 4; back and forth twice costs 8
    assert Fly(city("LON"), 4) in legal and Fly(city("LON"), 8) in legal
    assert Fly(city("PAR"), 2) in legal and Fly(city("PAR"), 6) in legal
    assert Fly(city("PAR"), 5) in legal  # passing Amsterdam: 2 + 3
    assert Fly(city("PAR"), 3) not in legal and Fly(city("PAR"), 1) not in legal


def test_IV_1_no_flight_beyond_the_fuel_in_the_tank():
    state = position(fuel=5, plane="LON")
    with pytest.raises(IllegalAction, match="holds only 5,000"):
        R.apply(state, 0, Fly(city("ROM"), 6))
    with pytest.raises(IllegalAction, match="exactly 1,000"):
        R.apply(state, 0, Fly(city("PAR"), 1))
    assert all(a.fuel <= 5 for a in R.legal_actions(state, 0) if isinstance(a, Fly))


def test_IV_1_too_little_fuel_means_no_flight_but_staying_is_allowed():
    state = position(fuel=1, plane="LON")
    legal = R.legal_actions(state, 0)
    assert not any(isinstance(a, Fly) for a in legal)
    assert StayPut() in legal
    R.apply(state, 0, StayPut())
    assert state.current == 1 and state.fuel == 1 and state.plane == city("LON")


# ---------------------------------------------------------------- IV.2 getting off and boarding


def test_IV_2_passengers_for_this_city_get_off_to_the_customs_office_first_then_others_board():
    state = position(fuel=10, plane="LON")
    trip(state, 0, 1, "LON", "PAR", PLANE)
    trip(state, 1, 4, "AMS", "PAR", PLANE)
    trip(state, 1, 3, "PAR", "ROM")
    trip(state, 0, 2, "PAR", "ATH")
    R.apply(state, 0, Fly(city("PAR"), 2))
    # the office emptied at the end of the turn: both trips complete
    assert state.groups[0][0].status == DONE and state.groups[1][3].status == DONE
    assert state.cabin == [GroupRef(0, 2), GroupRef(1, 3)]  # the player in turn boards first
    assert state.groups[0][1].status == PLANE and state.groups[1][2].status == PLANE


def test_IV_2_without_enough_seats_a_group_cannot_board():
    state = position(2, fuel=10, plane="LON")  # two seats are the unknown travellers'
    trip(state, 0, 4, "LON", "ROM", PLANE)
    trip(state, 1, 3, "LON", "ROM", PLANE)
    trip(state, 0, 3, "PAR", "ROM")
    trip(state, 1, 1, "PAR", "ROM")
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.groups[0][2].status == HOME  # 3 persons, no room
    assert state.groups[1][0].status == PLANE  # the single traveller fits
    assert any(isinstance(e, NoRoom) and (e.player, e.group) == (0, 3) for e in state.log)
    assert 10 - 2 - sum(r.group for r in state.cabin) == 0


# ---------------------------------------------------------------- IV.3 customs cards


def customs_position():
    state = position(4, fuel=10, plane="LON")
    state.holders[1] = [[city("PAR"), city("ROM")]]
    trip(state, 0, 3, "AMS", "ROM", PLANE)
    trip(state, 2, 1, "AMS", "PAR", PLANE)
    return state


def test_IV_3_a_customs_card_on_top_naming_the_landing_city_refuses_a_group_in_the_plane():
    state = customs_position()
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.phase == CUSTOMS and R.to_act(state) == (1,)
    assert UseCustoms(0, 0, 3) in R.legal_actions(state, 1)
    old_destination = state.groups[0][2].destination
    R.apply(state, 1, UseCustoms(0, 0, 3))
    g = state.groups[0][2]
    assert g.status == HOME and GroupRef(0, 3) not in state.cabin
    assert old_destination in state.destination_put_away
    assert g.boarding != g.destination
    assert state.holders[1] == [[city("ROM")]] and state.customs_used == [city("PAR")]


def test_IV_3_a_group_in_the_customs_office_can_be_refused():
    state = customs_position()
    R.apply(state, 0, Fly(city("PAR"), 2))  # player 2's traveller gets off in Paris
    assert state.office == [GroupRef(2, 1)]
    R.apply(state, 1, UseCustoms(0, 2, 1))
    assert state.groups[2][0].status == HOME and state.office == []
    assert R.delivered(state)[2] == 0


def test_IV_3_only_the_top_card_and_only_where_the_plane_landed():
    state = customs_position()
    R.apply(state, 0, Fly(city("ROM"), 6))  # Rome is the second card: not usable
    assert state.phase == CUSTOMS and R.to_act(state) == (1,)
    assert R.legal_actions(state, 1) == [PassCustoms()]
    with pytest.raises(IllegalAction, match="top card"):
        R.apply(state, 1, UseCustoms(0, 0, 3))


def test_IV_3_a_customs_card_is_used_against_an_opponent_only():
    state = customs_position()
    trip(state, 1, 2, "AMS", "ROM", PLANE)
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert UseCustoms(0, 1, 2) not in R.legal_actions(state, 1)
    assert R.problem(state, 1, UseCustoms(0, 1, 2)).startswith("A customs card is used against an opponent")


def test_IV_3_using_customs_is_optional_and_the_card_stays():
    state = customs_position()
    R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 1, PassCustoms())
    assert state.holders[1][0][0] == city("PAR") and state.groups[0][2].status == PLANE
    assert state.phase == FUEL and state.current == 1


# ---------------------------------------------------------------- IV.4 last-minute boarding, trips complete


def test_IV_4_last_minute_boarding_after_customs_frees_seats():
    state = position(2, fuel=10, plane="LON")  # 8 seats for the players
    state.holders[0] = [[city("PAR")], []]
    trip(state, 1, 4, "LON", "ROM", PLANE)
    trip(state, 1, 3, "LON", "ROM", PLANE)
    trip(state, 0, 4, "PAR", "ATH")
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.groups[0][3].status == HOME  # 7 seats taken: the group of four cannot board
    R.apply(state, 0, UseCustoms(0, 1, 4))
    assert state.groups[0][3].status == PLANE
    assert any(isinstance(e, Boarded) and e.last_minute and (e.player, e.group) == (0, 4) for e in state.log)


def test_IV_4_the_customs_office_empties_and_those_trips_are_complete():
    state = position(4, fuel=10, plane="LON")
    trip(state, 2, 2, "AMS", "PAR", PLANE)
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.office == [] and state.groups[2][1].status == DONE
    assert R.delivered(state) == [0, 0, 2, 0]


# ---------------------------------------------------------------- I: winning; remarks


def test_I_the_first_to_bring_all_groups_to_their_destinations_wins():
    state = position(4, fuel=10, plane="LON")
    for g in state.groups[3]:
        g.status = DONE
    state.groups[3][0].status = HOME
    trip(state, 3, 1, "AMS", "PAR", PLANE)
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.phase == OVER and R.is_over(state)
    result = R.result(state)
    assert result.winners == [3] and result.scores == [0, 0, 0, 10]
    assert R.to_act(state) == () and R.legal_actions(state, 0) == []


def test_remark_1_without_the_group_of_four_with_5_or_6_players():
    config = R.make_config(5, {"four_group": "without"})
    state = R.new_game(config, 1)
    assert [[g.size for g in gs] for gs in state.groups] == [[1, 2, 3]] * 5
    with pytest.raises(ValueError, match="5 or 6 players"):
        R.make_config(4, {"four_group": "without"})


def test_remark_2_wild_token_adds_10000_litres_once():
    state = position(4, fuel=3, wild_tokens=True)
    R.apply(state, 0, UseWildToken())
    assert state.fuel == 13 and state.wild_used == [True, False, False, False]
    assert UseWildToken() not in R.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="already"):
        R.apply(state, 0, UseWildToken())


def test_remark_2_the_wild_token_is_part_of_the_game_and_may_be_left_out():
    assert R.make_config(2, {}).wild_tokens and PassaportasConfig().wild_tokens
    assert UseWildToken() in R.legal_actions(position(4, fuel=3), 0)
    state = position(4, fuel=3, wild_tokens=False)
    assert UseWildToken() not in R.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="without wild tokens"):
        R.apply(state, 0, UseWildToken())
    assert R.make_config(2, {"wild_tokens": "off"}) == PassaportasConfig(players=2, wild_tokens=False)


# ---------------------------------------------------------------- set-up choices and the log


def test_make_config_takes_the_options_and_refuses_bad_choices_with_a_sentence():
    assert R.make_config(3, {"wild_tokens": "on"}) == PassaportasConfig(players=3, wild_tokens=True)
    assert R.make_config(6, {}) == PassaportasConfig(players=6)
    with pytest.raises(ValueError, match="2 to 6 players"):
        R.make_config(7, {})
    with pytest.raises(ValueError, match="Wild token: choose one of on, off"):
        R.make_config(4, {"wild_tokens": "maybe"})
    with pytest.raises(ValueError, match="no option 'speed'"):
        R.make_config(4, {"speed": "fast"})
    assert {o.key for o in R.options} == {"four_group", "wild_tokens"}


def test_every_event_of_a_game_reads_as_a_sentence_with_you_for_the_viewer():
    state = position(2, fuel=10, plane="LON", wild_tokens=True)
    state.holders[1] = [[city("PAR")], []]
    trip(state, 0, 2, "AMS", "PAR", PLANE)
    trip(state, 0, 3, "AMS", "ROM", PLANE)
    trip(state, 0, 1, "PAR", "ROM")
    state.rng = rng_rolling(1, 2)
    R.apply(state, 0, UseWildToken())
    R.apply(state, 0, Roll())
    R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 1, UseCustoms(0, 0, 3))
    names = ["Ann", "Bob"]
    lines = [R.describe(e, 0, names) for e in state.log]
    assert "You used the wild token: +10,000 l, tank 20,000 l." in lines
    assert "You rolled 1 and 2: tank 23,000 l." in lines
    assert "You flew to Paris (LON - PAR), burning 2,000 l; 21,000 l left." in lines
    assert "Your group of 2 got off in Paris." in lines
    assert "Your traveller boarded in Paris." in lines
    assert "Bob showed customs for Paris: your group of 3 in the plane goes home." in lines
    assert "Trips complete in Paris: your group of 2." in lines
    assert R.describe(state.log[-1], 1, names) == "Round 1: You are in turn."
    assert R.describe(state.log[-1], 0, names) == "Round 1: Bob is in turn."
