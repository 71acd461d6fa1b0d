"""One test (or a few) per house interpretation P1, P2, ... of house_rules.md."""

from __future__ import annotations

import re
from importlib import resources

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
    DeckReshuffled,
    Fly,
    GameEnded,
    GroupRef,
    PassCustoms,
    Roll,
    StayPut,
    UseCustoms,
    UseWildToken,
)

R = PASSAPORTAS


def test_house_rules_are_numbered_P1_to_P12_in_order():
    text = resources.files("flight_tui.games.passaportas.rules").joinpath("house_rules.md").read_text()
    assert re.findall(r"\*\*P(\d+)\.", text) == [str(i) for i in range(1, 13)]


def test_P1_every_player_with_customs_cards_is_asked_in_turn_order_from_the_player_in_turn():
    state = position(4, fuel=10, plane="LON")
    state.current = 2
    state.holders[0] = [[city("ROM")]]  # no card for Paris: asked all the same
    state.holders[1] = [[]]  # no cards left: not asked
    state.holders[2] = [[city("BOM")]]
    state.holders[3] = [[city("PAR")]]
    trip(state, 1, 4, "AMS", "ROM", PLANE)
    R.apply(state, 2, Fly(city("PAR"), 2))
    assert state.phase == CUSTOMS and state.customs_queue == [2, 3, 0]
    asked = []
    while state.phase == CUSTOMS:
        (seat,) = R.to_act(state)
        asked.append(seat)
        assert R.legal_actions(state, (seat + 1) % 4) == []
        R.apply(state, seat, PassCustoms())
    assert asked == [2, 3, 0] and state.current == 3


def test_P1_a_player_with_nothing_to_refuse_is_not_asked():
    state = position(4, fuel=10, plane="LON")
    state.holders[1] = [[city("PAR")]]
    trip(state, 1, 4, "AMS", "ROM", PLANE)  # only player 1's own group is in the plane
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.phase == FUEL and state.current == 1


def test_P1_a_refusal_may_leave_later_players_nothing_to_refuse():
    state = position(4, fuel=10, plane="LON")
    state.holders[1] = [[city("PAR")]]
    state.holders[2] = [[city("AMS")]]
    trip(state, 0, 2, "AMS", "ROM", PLANE)
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.customs_queue == [1, 2]
    R.apply(state, 1, UseCustoms(0, 0, 2))
    assert state.phase == FUEL and state.current == 1  # player 2 had nobody left to refuse


def test_P2_the_player_in_turn_boards_first_then_clockwise():
    state = position(4, fuel=10, plane="LON")
    state.current = 2
    trip(state, 0, 4, "PAR", "ROM")
    trip(state, 1, 4, "PAR", "ROM")
    trip(state, 3, 1, "PAR", "ROM")
    trip(state, 2, 4, "PAR", "ROM")
    R.apply(state, 2, Fly(city("PAR"), 2))
    assert state.cabin == [GroupRef(2, 4), GroupRef(3, 1), GroupRef(0, 4)]
    assert state.groups[1][3].status == HOME  # 9 seats taken: no room for four more


def test_P3_each_players_groups_board_largest_first_and_are_never_split():
    state = position(4, fuel=10, plane="LON")
    trip(state, 1, 4, "AMS", "ROM", PLANE)
    trip(state, 2, 2, "AMS", "ROM", PLANE)  # four seats left
    for size in (1, 2, 3):
        trip(state, 0, size, "PAR", "ROM")
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert [g.status for g in state.groups[0][:3]] == [PLANE, HOME, PLANE]
    boarded = [e.group for e in state.log if isinstance(e, Boarded)]
    assert boarded == [3, 1]  # the three first; then the two does not fit, the one does


def test_P4_without_a_flight_nobody_gets_off_or_boards():
    state = position(4, fuel=10, plane="PAR")
    trip(state, 1, 2, "AMS", "PAR", PLANE)  # would get off in Paris
    trip(state, 0, 1, "PAR", "ROM")  # would board in Paris
    R.apply(state, 0, StayPut())
    assert state.groups[1][1].status == PLANE and state.groups[0][0].status == HOME
    assert state.current == 1 and state.fuel == 10


def test_P4_a_flight_back_to_the_same_city_is_a_landing():
    state = position(4, fuel=10, plane="PAR")
    trip(state, 0, 1, "PAR", "ROM")
    R.apply(state, 0, Fly(city("PAR"), 4))  # Paris - London - Paris
    assert state.groups[0][0].status == PLANE and state.plane == city("PAR") and state.fuel == 6


def test_P5_rolling_is_optional_and_ends_with_the_flight():
    state = position(4, fuel=10, plane="LON")
    assert Fly(city("PAR"), 2) in R.legal_actions(state, 0)  # fly without rolling
    state.rng = rng_rolling(6, 6)
    R.apply(state, 0, Roll())
    assert state.fuel == 22
    R.apply(state, 0, StayPut())  # a double lets you roll again, it does not oblige you
    assert state.current == 1 and state.fuel == 22


def test_P5_legal_flights_are_every_city_and_exact_amount_of_some_walk():
    state = position(4, fuel=12, plane="ROM")
    flights = {(a.city, a.fuel) for a in R.legal_actions(state, 0) if isinstance(a, Fly)}
    expected = {(c, f) for c, fs in MAP.destinations(city("ROM"), 12).items() for f in fs}
    assert flights == expected and all(1 <= f <= 12 for _, f in flights)


def test_P6_the_wild_token_helps_a_last_group_that_is_still_far_from_home():
    state = position(2, fuel=3, plane="LON")
    trip(state, 0, 1, "RIO", "JNB")  # the longest trip on the map, still to fly
    for g in state.groups[0][1:]:
        g.status = DONE
    assert R.may_use_wild(state, 0)
    R.apply(state, 0, UseWildToken())
    assert state.fuel == 13


def test_P6_after_the_wild_token_the_flight_that_completes_your_last_trip_is_refused():
    state = position(2, fuel=10, plane="LON")
    trip(state, 0, 1, "AMS", "PAR", PLANE)
    for g in state.groups[0][1:]:
        g.status = DONE
    assert Fly(city("PAR"), 2) in R.legal_actions(state, 0)  # without the token it may finish
    R.apply(state, 0, UseWildToken())
    legal = R.legal_actions(state, 0)
    assert not any(isinstance(a, Fly) and a.city == city("PAR") for a in legal)
    assert Fly(city("AMS"), 2) in legal and StayPut() in legal
    view = R.view(state, 0)
    assert R.legal_actions_from_view(view) == legal
    with pytest.raises(IllegalAction, match="last trip"):
        R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 0, Fly(city("AMS"), 2))
    assert state.phase != OVER and state.groups[0][0].status == PLANE


def test_P6_the_wild_token_may_fuel_a_flight_that_ends_an_earlier_trip():
    state = position(2, fuel=10, plane="LON")
    trip(state, 0, 1, "AMS", "PAR", PLANE)
    trip(state, 0, 2, "AMS", "ROM", PLANE)
    for g in state.groups[0][2:]:
        g.status = DONE
    R.apply(state, 0, UseWildToken())
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.groups[0][0].status == DONE and state.phase != OVER


def test_P6_the_other_players_may_still_finish_after_using_their_token():
    state = position(2, fuel=10, plane="LON")
    state.wild_used[1] = True
    trip(state, 0, 1, "AMS", "PAR", PLANE)
    for g in state.groups[0][1:]:
        g.status = DONE
    R.apply(state, 0, Fly(city("PAR"), 2))  # the token used in an earlier turn does not bar it
    assert state.phase == OVER and state.winners == [0]


def test_P6_edition_1_no_wild_token_with_only_one_group_still_travelling():
    state = position(4, fuel=3, edition=1)
    for g in state.groups[0][1:]:
        g.status = DONE
    assert not R.may_use_wild(state, 0)
    with pytest.raises(IllegalAction, match="last round"):
        R.apply(state, 0, UseWildToken())
    state.groups[0][1].status = HOME
    assert R.may_use_wild(state, 0)


def test_P6_no_wild_token_in_the_final_round_before_the_limit():
    state = position(4, fuel=3, wild_tokens=True, max_rounds=5)
    state.round_no = 5
    assert UseWildToken() not in R.legal_actions(state, 0)
    state.round_no = 4
    assert UseWildToken() in R.legal_actions(state, 0)


def test_P6_wild_token_fuel_beyond_the_tank_is_lost():
    state = position(4, fuel=20, wild_tokens=True)
    R.apply(state, 0, UseWildToken())
    assert state.fuel == 25


def test_P7_a_refused_group_gets_a_new_trip_and_may_board_at_the_last_minute_here():
    state = position(4, fuel=10, plane="LON")
    state.holders[1] = [[city("PAR")]]
    trip(state, 0, 2, "AMS", "ROM", PLANE)
    state.boarding_deck.append(city("PAR"))  # the victim's next boarding card names Paris
    state.destination_deck.append(city("CAI"))
    R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 1, UseCustoms(0, 0, 2))
    g = state.groups[0][1]
    assert (g.boarding, g.destination) == (city("PAR"), city("CAI"))
    assert g.status == PLANE  # boarded again at the last minute
    assert any(isinstance(e, Boarded) and e.last_minute for e in state.log)


def test_P7_a_new_same_city_pair_is_replaced():
    state = position(4, fuel=10, plane="LON")
    state.holders[1] = [[city("PAR")]]
    trip(state, 0, 2, "AMS", "ROM", PLANE)
    state.boarding_deck += [city("NBO"), city("CAI")]
    state.destination_deck += [city("JNB"), city("CAI")]
    R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 1, UseCustoms(0, 0, 2))
    g = state.groups[0][1]
    assert (g.boarding, g.destination) == (city("NBO"), city("JNB"))
    assert state.boarding_put_away[-1] == city("CAI") and state.destination_put_away[-1] == city("CAI")


def test_P8_an_empty_deck_is_reshuffled_from_its_put_away_stack():
    state = position(4, fuel=10, plane="LON")
    state.holders[1] = [[city("PAR")]]
    trip(state, 0, 2, "AMS", "ROM", PLANE)
    state.boarding_put_away += state.boarding_deck
    state.boarding_deck = []
    total = len(state.boarding_put_away)
    R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 1, UseCustoms(0, 0, 2))
    event = next(e for e in state.log if isinstance(e, DeckReshuffled))
    assert event.deck == "boarding" and event.cards == total
    assert len(state.boarding_deck) + len(state.boarding_put_away) == total - 1


def test_P9_players_finishing_at_the_same_landing_share_the_win():
    state = position(4, fuel=10, plane="LON")
    for p in (1, 3):
        for g in state.groups[p]:
            g.status = DONE
        trip(state, p, 1, "AMS", "PAR", PLANE)
    R.apply(state, 0, Fly(city("PAR"), 2))
    assert state.phase == OVER and R.result(state).winners == [1, 3]


def test_P9_a_last_group_refused_in_the_customs_office_does_not_win():
    state = position(4, fuel=10, plane="LON")
    for g in state.groups[3]:
        g.status = DONE
    trip(state, 3, 1, "AMS", "PAR", PLANE)
    state.holders[0] = [[city("PAR")]]
    R.apply(state, 0, Fly(city("PAR"), 2))
    R.apply(state, 0, UseCustoms(0, 3, 1))
    assert state.phase == FUEL and state.groups[3][0].status == HOME


def test_P10_after_the_round_limit_the_most_persons_delivered_wins():
    state = position(3, max_rounds=2)
    state.groups[1][3].status = DONE
    state.groups[2][2].status = DONE
    for _ in range(6):
        R.apply(state, state.current, StayPut())
    assert state.phase == OVER
    ended = state.log[-1]
    assert isinstance(ended, GameEnded) and ended.by_round_limit
    assert R.result(state).winners == [1] and R.result(state).scores == [0, 4, 3]
    assert R.progress(state) == "round 2"


def test_P11_views_show_every_trip_but_only_your_own_top_customs_cards():
    state = R.new_game(PassaportasConfig(players=3), 9)
    view = R.view(state, 1)
    assert [[(g.boarding, g.destination, g.status) for g in gs] for gs in view.groups] == [
        [(g.boarding, g.destination, g.status) for g in gs] for gs in state.groups
    ]
    assert view.own_customs == [h[0] for h in state.holders[1]]
    assert view.customs_counts == [[3, 3]] * 3
    encoded = repr(view)
    assert "holders" not in encoded and "boxed" not in encoded


def test_P12_with_2_or_3_players_the_unknown_travellers_take_two_seats_all_game():
    from flight_tui.games.passaportas.rules.state import UNKNOWN_TRAVELLERS, seat_plan

    state = position(2, fuel=10)
    trip(state, 0, 3, "LON", "ROM", PLANE)
    plan = seat_plan(state.reserved_seats, state.cabin)
    assert plan[:2] == [UNKNOWN_TRAVELLERS] * 2 and plan[2:5] == [GroupRef(0, 3)] * 3 and plan[5:] == [None] * 5
