"""One test (or a few) per house interpretation H1, H2, ... of ``house_rules.md``."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import (
    DRAW,
    OVER,
    Discard,
    DrawDiscard,
    DrawPack,
    DrawTwoAndDiscard,
    FlightLine,
    HandEnded,
    PackReformed,
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


def house_rules_text() -> str:
    return resources.files("flight_tui.games.flight.rules").joinpath("house_rules.md").read_text(encoding="utf-8")


def test_every_house_interpretation_has_a_test():
    numbers = sorted({int(n) for n in re.findall(r"^\*\*H(\d+)\b", house_rules_text(), re.MULTILINE)})
    assert numbers == list(range(1, len(numbers) + 1))
    tested = {int(m) for m in re.findall(r"^def test_house_H(\d+)_", open(__file__, encoding="utf-8").read(), re.M)}
    assert tested == set(numbers)


def test_rules_text_is_shipped_with_the_package():
    text = resources.files("flight_tui.games.flight.rules").joinpath("rules_text.md").read_text(encoding="utf-8")
    for number in range(1, 12):
        assert re.search(rf"^{number}\. ", text, re.MULTILINE), f"rule {number} missing"


# ---------------------------------------------------------------- card values


def test_house_H1_route_cards_count_their_number_in_hand():
    assert [C.VALUE[R(colour, n)] for colour in range(4) for n in range(1, 6)] == [1, 2, 3, 4, 5] * 4
    hands = [[SL[0], X], [R(RED, n) for n in range(1, 6)]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]])
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].points == [25, -15]


def test_card_values_table_matches_the_cards():
    """The table in house_rules.md is what the engine counts."""
    rows = dict(re.findall(r"^\| (?:[^|]+) \| `?(\w+)`? \| (\d+) \|$", house_rules_text(), re.MULTILINE))
    expected = {
        "PL": 20, "R1": 1, "R2": 2, "R3": 3, "R4": 4, "R5": 5, "SL": 6, "F": 10, "AR": 8, "C": 10, "PP": 8,
    }
    assert {k: int(v) for k, v in rows.items()} == expected
    for card in range(C.NUM_CARDS):
        code = C.code(card).split("-")[0]
        assert C.VALUE[card] == expected[code]


# ---------------------------------------------------------------- playing


def test_house_H2_after_one_card_playing_more_is_optional():
    hand = [R(BLUE, 2), R(BLUE, 3), X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, 1)}, discard=[SL[0]])
    assert not any(isinstance(a, Discard) for a in legal(state))
    play(state, R(BLUE, 2), BLUE)
    assert {Play(R(BLUE, 3), BLUE), Discard(X), Discard(R(BLUE, 3))} <= set(legal(state))
    FLIGHT.apply(state, 0, Discard(X))
    assert state.hands[0] == [R(BLUE, 3)]
    assert state.current == 1


def test_house_H3_two_aeroplanes_one_per_turn_the_other_may_be_discarded():
    hand = [PL(RED), PL(YELLOW), X]
    state = position([hand, [Y]], discard=[SL[0]])
    assert legal(state) == [Play(PL(RED), RED), Play(PL(YELLOW), YELLOW)]
    play(state, PL(RED), RED)
    refused(state, Play(PL(YELLOW), YELLOW), "aeroplane this turn")
    assert set(legal(state)) == {Discard(PL(YELLOW)), Discard(X)}


def test_house_H3_an_aeroplane_comes_before_a_landing():
    state = position([[PL(RED), SL[0], X], [Y]], flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]])
    refused(state, Play(SL[0], BLUE), "rule 3a")
    assert legal(state) == [Play(PL(RED), RED)]


def test_house_H4_any_player_may_add_to_any_flight():
    state = position([[PL(BLUE), X], [R(BLUE, 1), Y]], discard=[SL[0]])
    play(state, PL(BLUE), BLUE)
    FLIGHT.apply(state, 0, Discard(X))
    FLIGHT.apply(state, 1, DrawDiscard())
    play(state, R(BLUE, 1), BLUE)
    assert state.flights[BLUE].cards == [PL(BLUE), R(BLUE, 1)]


def test_house_H5_obstacles_need_a_route_card_flown_not_just_the_aeroplane():
    hand = [FOG[0], CUSTOMS[0], X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, 0), RED: line(RED, 1)}, discard=[SL[0]])
    for card in (FOG[0], CUSTOMS[0]):
        refused(state, Play(card, BLUE), "rule 5")
        assert Play(card, RED) in legal(state)


def test_house_H6_one_uncleared_obstacle_at_a_time():
    state = position([[FOG[1], CUSTOMS[0], X], [Y]], flights={BLUE: line(BLUE, 2, obstacle=FOG[0])}, discard=[SL[0]])
    refused(state, Play(FOG[1], BLUE), "already held up", "H6")
    refused(state, Play(CUSTOMS[0], BLUE), "already held up", "H6")


@pytest.mark.parametrize("reached", [1, 2, 3, 4])
def test_house_H7_alternative_route_replaces_whichever_route_comes_next(reached):
    hand = [AR[0], R(BLUE, reached + 1), X]
    state = position([hand, [Y]], flights={BLUE: line(BLUE, reached, obstacle=FOG[0])}, discard=[SL[0]])
    play(state, AR[0], BLUE)
    assert state.flights[BLUE].reached == reached + 1
    refused(state, Play(R(BLUE, reached + 1), BLUE), "replaced route", "rule 6b")
    assert Discard(R(BLUE, reached + 1)) in legal(state)


def test_house_H8_no_fog_once_route_5_is_replaced_but_customs_may_follow():
    cards = [PL(BLUE)] + [R(BLUE, n) for n in range(1, 5)] + [FOG[0], AR[0]]
    flights = {BLUE: FlightLine(cards, 5, 0)}
    state = position([[FOG[1], CUSTOMS[0], X], [SL[0], PP[0], Y]], flights=flights, discard=[FOG[2]])
    refused(state, Play(FOG[1], BLUE), "rule 5")
    play(state, CUSTOMS[0], BLUE)
    FLIGHT.apply(state, 0, Discard(X))
    FLIGHT.apply(state, 1, DrawPack())
    refused(state, Play(SL[0], BLUE), "Passport")
    play(state, PP[0], BLUE)
    play(state, SL[0], BLUE)
    assert state.hand_results[-1].landed_by == 1


def test_house_H9_one_special_card_in_all_not_one_of_each_kind():
    flights = {BLUE: line(BLUE, 2), RED: line(RED, 2, obstacle=CUSTOMS[0])}
    state = position([[FOG[1], PP[0], X], [Y]], flights=flights, discard=[SL[0]])
    play(state, FOG[1], BLUE)
    refused(state, Play(PP[0], RED), "rule 7")


# ---------------------------------------------------------------- the pack


def low_pack_position(*, reforms: int, discards: list[int], first_out: int = -1, config: FlightConfig | None = None):
    """Seat 0 is about to draw the third-last card of the pack and end the turn.

    The cards not needed here lie on the blue flight, out of play.
    """
    hands = [[X], [Y, R(RED, 3)], [FOG[0], PL(GREEN)]]
    pack = [R(YELLOW, 2), R(YELLOW, 3), R(YELLOW, 4)]
    used = set(pack + discards + [c for h in hands for c in h])
    out_of_play = FlightLine([c for c in range(C.NUM_CARDS) if c not in used], 0, 0)
    return position(
        hands, flights={BLUE: out_of_play}, pack=pack, discard=discards, phase=DRAW, reforms=reforms,
        first_out=first_out, config=config,
    )


def test_house_H10_a_low_pack_is_re_formed_from_the_discards():
    discards = [AR[0], AR[1], PP[0], PP[1], SL[0]]
    state = low_pack_position(reforms=0, discards=discards)
    FLIGHT.apply(state, 0, DrawPack())
    assert len(state.pack) == 2
    outcome = FLIGHT.apply(state, 0, Discard(X))
    assert outcome.irreversible
    assert PackReformed(5) in outcome.events
    assert state.discard == [X]  # the exposed card stays
    assert state.pack[-2:] == [R(YELLOW, 2), R(YELLOW, 3)]  # the old pack stays on top
    assert sorted(state.pack[:-2]) == sorted(discards)
    assert state.reforms == 1
    assert (state.current, state.phase, state.hand_no) == (1, DRAW, 1)
    assert_all_cards(state)


@pytest.mark.parametrize("reforms", [2, 3, 10])
def test_house_H10_the_pack_is_re_formed_as_often_as_needed(reforms):
    state = low_pack_position(reforms=reforms, discards=[AR[0], AR[1], PP[0], PP[1]])
    FLIGHT.apply(state, 0, DrawPack())
    FLIGHT.apply(state, 0, Discard(X))
    assert not state.hand_results
    assert (state.reforms, len(state.pack), state.discard) == (reforms + 1, 6, [X])


def test_house_H10_no_re_forming_while_three_cards_remain():
    state = low_pack_position(reforms=0, discards=[AR[0], AR[1]])
    state.pack.insert(0, state.discard.pop(0))
    FLIGHT.apply(state, 0, DrawPack())
    FLIGHT.apply(state, 0, Discard(X))
    assert len(state.pack) == 3 and state.reforms == 0


def test_house_H11_a_match_begun_under_the_two_re_formings_limit_keeps_it():
    """Matches saved before H10 changed were grounded once the pack had been re-formed twice."""
    config = FlightConfig(players=3, max_reforms=2)
    state = low_pack_position(reforms=2, discards=[AR[0], AR[1], PP[0], PP[1]], first_out=1, config=config)
    FLIGHT.apply(state, 0, DrawPack())
    FLIGHT.apply(state, 0, Discard(X))
    result = state.hand_results[-1]
    assert result.landed_by == -1
    assert result.first_out == 1
    # seat 0 holds R4 yellow; seat 1 (first out, since drew again) 20 - 4 - 3; seat 2 -10 - 20
    assert result.points == [-4, 13, -30]
    assert result.how == "grounded"
    assert state.hand_no == 2


def test_house_H11_the_hand_is_grounded_when_too_few_discards_remain():
    state = low_pack_position(reforms=0, discards=[])
    FLIGHT.apply(state, 0, DrawPack())
    FLIGHT.apply(state, 0, Discard(X))  # only the exposed card: nothing to re-form
    assert state.hand_results[-1].landed_by == -1
    assert state.hand_results[-1].points == [-4, -7, -30]
    assert state.hand_results[-1].how == "grounded"


def test_house_H11_one_discard_is_enough_when_it_brings_the_pack_back_to_three():
    state = low_pack_position(reforms=0, discards=[AR[0]])
    FLIGHT.apply(state, 0, DrawPack())
    FLIGHT.apply(state, 0, Discard(X))
    assert not state.hand_results
    assert len(state.pack) == 3 and state.discard == [X]


def test_house_H12_a_hand_is_stopped_after_max_turns_and_the_log_says_so():
    state = FLIGHT.new_game(FlightConfig(players=2, max_turns=4, hands=1), seed=2)
    turns = 0
    while not FLIGHT.is_over(state):
        action = next((a for a in legal(state) if isinstance(a, Discard)), legal(state)[-1])
        FLIGHT.apply(state, state.current, action)
        turns += isinstance(action, Discard)
    result = state.hand_results[-1]
    assert (result.landed_by, result.how, result.turns) == (-1, "turn-cap", 4)
    assert turns == 4
    ended = next(e for e in state.log if isinstance(e, HandEnded))
    text = FLIGHT.describe(ended, 0, ["Ann", "Bob"])
    assert "4 turns, the safety limit" in text and "grounded" not in text
    assert FLIGHT.result(state).endings[0].how == "turn-cap"


def test_house_H12_the_turn_limit_is_a_generous_safety_valve():
    assert FlightConfig().max_turns == 1000


# ---------------------------------------------------------------- scoring and matches


def test_house_H13_the_first_out_keeps_his_20_even_when_another_lands():
    hands = [[SL[0]], [], [R(RED, 2)]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], first_out=1, turn=TurnInfo(played=1))
    play(state, SL[0], BLUE)
    result = state.hand_results[-1]
    assert (result.landed_by, result.first_out) == (0, 1)
    assert result.points == [25, 20, -2]


def test_house_H14_match_to_a_target_ends_at_the_end_of_the_hand_that_reaches_it():
    hands = [[SL[0], X], [R(RED, 4)]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], scores=[75, 99])
    play(state, SL[0], BLUE)
    assert state.scores == [100, 95]
    assert state.phase == OVER
    assert state.winners == [0]
    assert FLIGHT.result(state).winners == [0]


def test_house_H14_ties_share_the_win():
    hands = [[SL[0], X], [R(RED, 5)]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], scores=[80, 110])
    play(state, SL[0], BLUE)
    assert state.scores == [105, 105]
    assert state.winners == [0, 1]


def test_house_H14_a_number_of_hands_overrides_the_target():
    config = FlightConfig(players=2, hands=2)
    hands = [[SL[0], X], [Y]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], scores=[200, 0], config=config)
    play(state, SL[0], BLUE)
    assert (state.phase, state.hand_no) == (DRAW, 2)
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], config=config, hand_no=2)
    play(state, SL[0], BLUE)
    assert state.phase == OVER
    assert state.winners == [0]


def test_house_H14_bad_match_settings_are_refused():
    for config in (
        FlightConfig(players=5), FlightConfig(target=0), FlightConfig(hands=-1), FlightConfig(max_turns=0),
        FlightConfig(max_reforms=-1),
    ):
        with pytest.raises(ValueError):
            FLIGHT.new_game(config, 1)


def test_house_H17_a_match_to_a_target_ends_after_max_hands():
    config = FlightConfig(players=2, target=100, max_hands=3)
    hands = [[SL[0], X], [Y]]
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], scores=[10, 40], config=config, hand_no=2)
    play(state, SL[0], BLUE)
    assert (state.phase, state.hand_no) == (DRAW, 3)
    state = position(hands, flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], scores=[10, 40], config=config, hand_no=3)
    play(state, SL[0], BLUE)
    assert state.phase == OVER
    assert max(state.scores) < 100
    assert state.winners == [1]
    with pytest.raises(ValueError):
        FLIGHT.new_game(FlightConfig(max_hands=0), 1)


def test_house_H15_dealer_rotates_and_the_player_on_his_left_starts():
    state = position([[SL[0], X], [Y], [R(RED, 2)]], flights={BLUE: line(BLUE, 5)}, discard=[FOG[0]], dealer=2)
    play(state, SL[0], BLUE)
    assert (state.dealer, state.current) == (0, 1)
    assert FLIGHT.new_game(FlightConfig(players=3), 1).dealer == 2


def test_house_H16_the_exposed_card_taken_may_not_be_discarded_in_the_same_turn():
    state = position([[X, FOG[1]], [Y]], discard=[FOG[0], R(RED, 3)], phase=DRAW)
    FLIGHT.apply(state, 0, DrawDiscard())
    assert set(legal(state)) == {Discard(X), Discard(FOG[1])}
    refused(state, Discard(R(RED, 3)), "discards this turn", "H16")
    FLIGHT.apply(state, 0, Discard(X))
    assert state.hands[0] == [FOG[1], R(RED, 3)]
    FLIGHT.apply(state, 1, DrawPack())
    FLIGHT.apply(state, 1, Discard(Y))
    FLIGHT.apply(state, 0, DrawPack())
    assert Discard(R(RED, 3)) in legal(state)  # a turn later it may go


def test_house_H16_holds_for_the_exposed_card_taken_with_an_empty_hand():
    state = position([[], [Y]], discard=[FOG[0], R(RED, 3)], phase=DRAW)
    FLIGHT.apply(state, 0, DrawTwoAndDiscard())
    assert len(state.hands[0]) == 3
    refused(state, Discard(R(RED, 3)), "H16")


def test_house_H16_the_card_taken_may_go_when_it_is_the_last_in_hand():
    state = position([[R(BLUE, 3)], [Y]], flights={BLUE: line(BLUE, 2)}, discard=[FOG[0], R(RED, 3)], phase=DRAW)
    FLIGHT.apply(state, 0, DrawDiscard())
    play(state, R(BLUE, 3), BLUE)
    assert legal(state) == [Discard(R(RED, 3))]  # rule 2: the last card is discarded
    FLIGHT.apply(state, 0, Discard(R(RED, 3)))
    assert state.discard == [FOG[0], R(RED, 3)]


def test_house_H16_a_match_begun_when_it_was_allowed_keeps_allowing_it():
    config = FlightConfig(players=2, discard_taken=True)
    state = position([[X], [Y]], discard=[FOG[0], R(RED, 3)], phase=DRAW, config=config)
    FLIGHT.apply(state, 0, DrawDiscard())
    assert Discard(R(RED, 3)) in legal(state)
    FLIGHT.apply(state, 0, Discard(R(RED, 3)))
    assert state.discard == [FOG[0], R(RED, 3)]
