"""One test (or a few) per clause of the 1954 rules of Flight, named after the rule numbers."""

from __future__ import annotations

import pytest

from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import (
    DRAW,
    OVER,
    PLAY,
    Discard,
    Discarded,
    DrawDiscard,
    DrawPack,
    DrawThree,
    DrawTwoAndDiscard,
    HandDealt,
    Play,
    TurnInfo,
)
from flight_positions import (
    AR,
    BLUE,
    CUSTOMS,
    FOG,
    GREEN,
    PL,
    PP,
    RED,
    SL,
    YELLOW,
    R,
    assert_all_cards,
    legal,
    line,
    play,
    position,
    refused,
)

X, Y = R(GREEN, 5), R(GREEN, 4)
"""Filler cards that cannot be played while the green flight has not taken off."""


# ---------------------------------------------------------------- rule 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_1_deal_seven_each_and_turn_up_one(players):
    state = FLIGHT.new_game(FlightConfig(players=players), seed=11)
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.discard) == 1
    assert len(state.pack) == C.NUM_CARDS - 7 * players - 1
    assert_all_cards(state)
    assert state.phase == DRAW
    assert state.log[-1] == HandDealt(1, state.dealer, state.discard[0])


def test_rule_1_deal_is_shuffled_by_the_seed():
    deals = {tuple(FLIGHT.new_game(FlightConfig(), seed).hands[0]) for seed in range(20)}
    assert len(deals) == 20
    assert FLIGHT.new_game(FlightConfig(), 5).hands == FLIGHT.new_game(FlightConfig(), 5).hands


# ---------------------------------------------------------------- rule 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_2_player_left_of_dealer_starts(players):
    state = FLIGHT.new_game(FlightConfig(players=players), seed=3)
    assert state.current == (state.dealer + 1) % players
    assert FLIGHT.to_act(state) == (state.current,)


def test_rule_2_draw_the_exposed_card_or_the_top_of_the_pack():
    state = position([[R(BLUE, 3), FOG[0]], [X]], discard=[SL[0]], phase=DRAW)
    assert legal(state) == [DrawPack(), DrawDiscard()]
    top = state.pack[-1]
    from_pack = FLIGHT.clone(state)
    FLIGHT.apply(from_pack, 0, DrawPack())
    assert from_pack.hands[0] == [R(BLUE, 3), FOG[0], top]
    assert from_pack.pack == state.pack[:-1]
    assert from_pack.discard == [SL[0]]
    FLIGHT.apply(state, 0, DrawDiscard())
    assert state.hands[0] == [R(BLUE, 3), FOG[0], SL[0]]
    assert state.discard == []
    assert state.phase == PLAY


def test_rule_2_draw_before_playing():
    state = position([[R(BLUE, 2), X], [Y]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]], phase=DRAW)
    refused(state, Play(R(BLUE, 2), BLUE), "Draw a card first")
    refused(state, Discard(X), "Draw a card first")


def test_rule_2_turn_ends_by_discarding_one_card_face_up():
    state = position([[R(BLUE, 3), FOG[0]], [X]], discard=[SL[0]])
    assert legal(state) == [Discard(R(BLUE, 3)), Discard(FOG[0])]
    FLIGHT.apply(state, 0, Discard(FOG[0]))
    assert state.discard == [SL[0], FOG[0]]
    assert state.hands[0] == [R(BLUE, 3)]
    assert (state.current, state.phase) == (1, DRAW)
    refused(state, DrawPack(), "not your turn", seat=0)


def test_rule_2_cannot_play_the_last_card_in_hand():
    state = position([[R(BLUE, 2), R(BLUE, 3)], [X]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    play(state, R(BLUE, 2), BLUE)
    refused(state, Play(R(BLUE, 3), BLUE), "last card", "rule 2")
    assert legal(state) == [Discard(R(BLUE, 3))]


def test_rule_2_safe_landing_may_be_played_as_the_last_card():
    state = position([[SL[0]], [X]], flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], turn=TurnInfo(played=1))
    assert Play(SL[0], BLUE) in legal(state)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].landed_by == 0


# ---------------------------------------------------------------- rule 3


def test_rule_3a_must_play_an_aeroplane_and_no_other_card():
    state = position([[PL(RED), R(BLUE, 2), FOG[0]], [X]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    assert legal(state) == [Play(PL(RED), RED)]
    refused(state, Play(R(BLUE, 2), BLUE), "aeroplane", "rule 3a")
    refused(state, Discard(FOG[0]), "aeroplane", "rule 3a")
    play(state, PL(RED), RED)
    assert state.flights[RED].cards == [PL(RED)]
    refused(state, Play(R(BLUE, 2), BLUE), "aeroplane this turn", "rule 3a")
    assert legal(state) == [Discard(R(BLUE, 2)), Discard(FOG[0])]


def test_rule_3a_an_aeroplane_starts_the_flight_of_its_colour():
    state = position([[PL(RED), X], [Y]], discard=[SL[0]])
    refused(state, Play(PL(RED), BLUE), "own colour")
    play(state, PL(RED), RED)
    assert state.flights[RED].cards == [PL(RED)]


def test_rule_3b_must_play_at_least_one_card_if_able():
    state = position([[R(BLUE, 2), FOG[0]], [X]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    refused(state, Discard(FOG[0]), "at least one card", "rule 3b")
    assert not any(isinstance(a, Discard) for a in legal(state))


def test_rule_3b_may_play_several_cards_in_one_turn():
    hand = [R(BLUE, 2), R(BLUE, 3), R(BLUE, 4), X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    for number in (2, 3, 4):
        play(state, R(BLUE, number), BLUE)
    assert state.flights[BLUE].reached == 4
    assert state.hands[0] == [X]


def test_rule_3b_discard_only_when_no_card_can_be_played():
    state = position([[R(BLUE, 3), AR[0]], [X]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    assert legal(state) == [Discard(R(BLUE, 3)), Discard(AR[0])]


# ---------------------------------------------------------------- rule 4


def test_rule_4_route_cards_only_after_the_aeroplane():
    state = position([[R(BLUE, 1), X], [Y]], discard=[SL[0]])
    refused(state, Play(R(BLUE, 1), BLUE), "not taken off", "rule 4")


def test_rule_4_route_cards_bear_the_colour_of_the_aeroplane():
    state = position([[R(BLUE, 1), X], [Y]], flights={RED: line(RED), BLUE: line(BLUE)}, discard=[SL[0]])
    refused(state, Play(R(BLUE, 1), RED), "own colour", "rule 4")
    play(state, R(BLUE, 1), BLUE)


def test_rule_4_route_cards_in_numerical_order():
    state = position([[R(BLUE, 3), R(BLUE, 2), X], [Y]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    message = refused(state, Play(R(BLUE, 3), BLUE), "rule 4")
    assert "R2 comes next" in message
    play(state, R(BLUE, 2), BLUE)
    play(state, R(BLUE, 3), BLUE)
    assert state.flights[BLUE].cards == [PL(BLUE), R(BLUE, 1), R(BLUE, 2), R(BLUE, 3)]


def test_rule_4_route_cards_on_one_flight_per_turn():
    hand = [R(BLUE, 2), R(RED, 2), X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, 1), RED: line(RED, 1)}, discard=[SL[0]])
    assert {Play(R(BLUE, 2), BLUE), Play(R(RED, 2), RED)} <= set(legal(state))
    play(state, R(BLUE, 2), BLUE)
    refused(state, Play(R(RED, 2), RED), "another flight", "rule 4")


# ---------------------------------------------------------------- rule 5


def test_rule_5_fog_and_customs_beside_route_cards_only():
    hand = [FOG[0], CUSTOMS[0], X]
    state = position([hand, [Y]], flights={YELLOW: line(YELLOW, 2)}, discard=[SL[0]])
    for card in (FOG[0], CUSTOMS[0]):
        refused(state, Play(card, RED), "beside route cards", "rule 5")
        assert Play(card, YELLOW) in legal(state)
    play(state, CUSTOMS[0], YELLOW)
    assert state.flights[YELLOW].obstacle == C.CUSTOMS


def test_rule_5_no_fog_beside_route_card_5():
    state = position([[FOG[0], CUSTOMS[0], X], [Y]], flights={BLUE: line(BLUE, 5)}, discard=[SL[0]])
    refused(state, Play(FOG[0], BLUE), "No. 5", "rule 5")
    play(state, CUSTOMS[0], BLUE)
    assert state.flights[BLUE].obstacle == C.CUSTOMS


# ---------------------------------------------------------------- rule 6


@pytest.mark.parametrize("obstacle, name", [(FOG[0], "Fog"), (CUSTOMS[0], "Customs")])
def test_rule_6a_no_route_card_until_the_obstacle_is_cleared(obstacle, name):
    state = position([[R(BLUE, 3), X], [Y]], flights={BLUE: line(BLUE, 2, obstacle=obstacle)}, discard=[SL[0]])
    refused(state, Play(R(BLUE, 3), BLUE), name, "rule 6a")


def test_rule_6a_alternative_route_cancels_fog():
    state = position([[AR[0], X], [Y]], flights={BLUE: line(BLUE, 2, obstacle=FOG[0])}, discard=[SL[0]])
    play(state, AR[0], BLUE)
    assert state.flights[BLUE].cards[-2:] == [FOG[0], AR[0]]
    assert state.flights[BLUE].obstacle == 0


def test_rule_6a_passport_cancels_customs():
    state = position([[PP[0], X], [Y]], flights={RED: line(RED, 2, obstacle=CUSTOMS[0])}, discard=[SL[0]])
    play(state, PP[0], RED)
    assert state.flights[RED].cards[-2:] == [CUSTOMS[0], PP[0]]
    assert state.flights[RED].obstacle == 0


def test_rule_6a_each_obstacle_has_its_own_cure():
    flights = {BLUE: line(BLUE, 2, obstacle=FOG[0]), RED: line(RED, 2, obstacle=CUSTOMS[0]), YELLOW: line(YELLOW, 2)}
    state = position([[AR[0], PP[0], X], [Y]], flights=flights, discard=[SL[0]])
    refused(state, Play(AR[0], RED), "Fog", "rule 6a")
    refused(state, Play(PP[0], BLUE), "Customs", "rule 6a")
    refused(state, Play(AR[0], YELLOW), "rule 6a")
    refused(state, Play(PP[0], YELLOW), "rule 6a")


def test_rule_6b_alternative_route_replaces_next_route():
    hand = [AR[0], R(BLUE, 3), R(BLUE, 4), X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, 2, obstacle=FOG[0])}, discard=[SL[0]])
    play(state, AR[0], BLUE)
    assert state.flights[BLUE].reached == 3
    refused(state, Play(R(BLUE, 3), BLUE), "replaced route 3", "rule 6b")
    play(state, R(BLUE, 4), BLUE)
    assert state.flights[BLUE].cards == [PL(BLUE), R(BLUE, 1), R(BLUE, 2), FOG[0], AR[0], R(BLUE, 4)]


def test_rule_6b_passport_continues_in_unbroken_order():
    hand = [PP[0], R(BLUE, 3), R(BLUE, 4), X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, 2, obstacle=CUSTOMS[0])}, discard=[SL[0]])
    play(state, PP[0], BLUE)
    assert state.flights[BLUE].reached == 2
    refused(state, Play(R(BLUE, 4), BLUE), "R3 comes next")
    play(state, R(BLUE, 3), BLUE)
    play(state, R(BLUE, 4), BLUE)
    assert state.flights[BLUE].reached == 4


# ---------------------------------------------------------------- rule 7


def test_rule_7_one_fog_customs_alternative_route_or_passport_per_turn():
    flights = {BLUE: line(BLUE, 2), RED: line(RED, 2, obstacle=FOG[0]), YELLOW: line(YELLOW, 1, obstacle=CUSTOMS[0])}
    state = position([[AR[0], FOG[1], CUSTOMS[1], PP[0], X], [Y]], flights=flights, discard=[SL[0]])
    play(state, AR[0], RED)
    refused(state, Play(FOG[1], BLUE), "rule 7")
    refused(state, Play(CUSTOMS[1], BLUE), "rule 7")
    refused(state, Play(PP[0], YELLOW), "rule 7")


def test_rule_7_played_on_any_route_without_stopping_routes_or_landing():
    flights = {BLUE: line(BLUE, 2, obstacle=CUSTOMS[0]), YELLOW: line(YELLOW, 5)}
    hand = [PP[0], R(BLUE, 3), R(BLUE, 4), SL[0], X]
    state = position([hand, [Y]], flights=flights, discard=[FOG[1]])
    play(state, PP[0], BLUE)
    play(state, R(BLUE, 3), BLUE)
    play(state, R(BLUE, 4), BLUE)
    play(state, SL[0], YELLOW)
    assert state.hand_results[-1].landed_by == 0


# ---------------------------------------------------------------- rule 8


def test_rule_8_safe_landing_after_five_route_cards():
    state = position([[SL[0], R(BLUE, 5), X], [Y]], flights={BLUE: line(BLUE, 4)}, discard=[FOG[0]])
    refused(state, Play(SL[0], BLUE), "five routes", "rule 8")
    play(state, R(BLUE, 5), BLUE)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].landed_by == 0


def test_rule_8_safe_landing_after_route_cards_1_to_4_fog_and_alternative_route():
    state = position([[SL[0], AR[0], X], [Y]], flights={BLUE: line(BLUE, 4, obstacle=FOG[0])}, discard=[FOG[1]])
    refused(state, Play(SL[0], BLUE), "rule 8")
    play(state, AR[0], BLUE)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].landed_by == 0


def test_rule_8_customs_after_route_5_needs_a_passport_before_landing():
    state = position([[SL[0], PP[0], X], [Y]], flights={BLUE: line(BLUE, 5, obstacle=CUSTOMS[0])}, discard=[FOG[0]])
    refused(state, Play(SL[0], BLUE), "Passport", "rule 8")
    play(state, PP[0], BLUE)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].landed_by == 0


# ---------------------------------------------------------------- rule 9


def test_rule_9_hand_exhausted_by_discarding_the_last_card():
    state = position([[FOG[0]], [X, Y]], discard=[SL[0]], turn=TurnInfo(played=1))
    outcome = FLIGHT.apply(state, 0, Discard(FOG[0]))
    assert state.hands[0] == []
    assert outcome.events[0] == Discarded(0, FOG[0], True)
    assert state.first_out == 0


def test_rule_9_empty_hand_draws_three_or_two_and_the_exposed_card():
    state = position([[], [X, Y]], discard=[SL[0], FOG[0]], phase=DRAW)
    assert legal(state) == [DrawThree(), DrawTwoAndDiscard()]
    refused(state, DrawPack(), "rule 9")
    refused(state, DrawDiscard(), "rule 9")
    top3 = state.pack[-3:]
    three = FLIGHT.clone(state)
    FLIGHT.apply(three, 0, DrawThree())
    assert sorted(three.hands[0]) == sorted(top3)
    assert three.discard == [SL[0], FOG[0]]
    FLIGHT.apply(state, 0, DrawTwoAndDiscard())
    assert sorted(state.hands[0]) == sorted(top3[1:] + [FOG[0]])
    assert state.discard == [SL[0]]


def test_rule_9_three_cards_only_with_an_empty_hand():
    state = position([[X], [Y]], discard=[SL[0]], phase=DRAW)
    refused(state, DrawThree(), "rule 9")
    refused(state, DrawTwoAndDiscard(), "rule 9")


# ---------------------------------------------------------------- rule 10


def test_rule_10_the_first_safe_landing_ends_the_hand():
    hands = [[SL[0], X], [Y], [R(RED, 2)]]
    state = position(hands, flights={BLUE: line(BLUE, 5), YELLOW: line(YELLOW, 5)}, discard=[FOG[0]], dealer=2)
    play(state, SL[0], BLUE)
    assert len(state.hand_results) == 1
    assert state.hand_no == 2
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert all(not fl.cards for fl in state.flights)
    assert_all_cards(state)


def test_rule_10_the_last_hand_of_a_match_ends_the_game():
    state = position([[SL[0], X], [Y]], flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], config=FlightConfig(players=2, hands=1))
    play(state, SL[0], BLUE)
    assert state.phase == OVER and FLIGHT.is_over(state)
    assert FLIGHT.to_act(state) == ()
    assert FLIGHT.legal_actions(state, 0) == []
    refused(state, Discard(X), "over")


# ---------------------------------------------------------------- rule 11


def test_rule_11_first_out_and_first_landing_scores_50():
    """The seed's example: the first to get rid of all his cards also lays the first Safe Landing."""
    hands = [[SL[0], R(RED, 3), FOG[1]], [R(YELLOW, 4), CUSTOMS[0]], [AR[0]]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], first_out=0)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].points == [50, -14, -8]
    assert state.scores == [50, -14, -8]


def test_rule_11_first_landing_with_the_last_card_scores_50():
    hands = [[SL[0]], [R(YELLOW, 4), CUSTOMS[0]], [AR[0]]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], turn=TurnInfo(played=1))
    play(state, SL[0], BLUE)
    result = state.hand_results[-1]
    assert (result.landed_by, result.first_out) == (0, 0)
    assert result.points == [50, -14, -8]


def test_rule_11_first_landing_scores_25_and_the_others_are_penalised():
    hands = [[R(YELLOW, 4), CUSTOMS[0]], [SL[0], R(RED, 3), FOG[1]], [PL(GREEN), AR[0]]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], current=1)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].points == [-14, 25, -28]


def test_rule_11_first_out_scores_20_less_the_cards_then_held():
    hands = [[SL[0], X], [R(YELLOW, 4), CUSTOMS[0]], [R(RED, 2)]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], first_out=2)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].points == [25, -14, 18]


def test_rule_11_scores_carry_over_from_hand_to_hand():
    hands = [[SL[0], X], [R(YELLOW, 4), CUSTOMS[0]]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], scores=[30, 60])
    play(state, SL[0], BLUE)
    assert state.scores == [55, 46]
    assert not FLIGHT.is_over(state)
