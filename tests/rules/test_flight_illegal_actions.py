"""An illegal action raises IllegalAction with a sentence for the player and changes nothing."""

from __future__ import annotations

import re

import pytest

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import Discard, DrawDiscard, DrawPack, DrawThree, DrawTwoAndDiscard, Play
from flight_positions import BLUE, SL, R, encoded, line, position, refused

EVERY_ACTION = (
    [DrawPack(), DrawDiscard(), DrawThree(), DrawTwoAndDiscard()]
    + [Play(card, flight) for card in range(C.NUM_CARDS) for flight in range(4)]
    + [Discard(card) for card in range(C.NUM_CARDS)]
)
SENTENCE = re.compile(r"^[A-Z].*[.)]$")


def assert_readable(message: str) -> None:
    assert SENTENCE.match(message), message
    assert "Traceback" not in message and "Error" not in message and len(message) < 120


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_every_illegal_action_raises_a_readable_message_and_changes_nothing(players, seed):
    state = FLIGHT.new_game(FlightConfig(players=players, hands=1), seed)
    chooser = Rng.from_seed(seed)
    step = 0
    while not FLIGHT.is_over(state):
        (seat,) = FLIGHT.to_act(state)
        legal = FLIGHT.legal_actions(state, seat)
        if step % 4 == 0:
            before = encoded(state)
            for action in EVERY_ACTION:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    FLIGHT.apply(state, seat, action)
                assert_readable(str(err.value))
                assert FLIGHT.problem(state, seat, action) == str(err.value)
            assert encoded(state) == before
        FLIGHT.apply(state, seat, chooser.choice(legal))
        step += 1


def test_acting_out_of_turn_is_refused():
    state = FLIGHT.new_game(FlightConfig(players=3), 4)
    assert "not your turn" in refused(state, DrawPack(), seat=(state.current + 1) % 3)


def test_things_that_are_not_flight_moves_are_refused():
    state = position([[R(BLUE, 2), SL[0]], [SL[1]]], flights={BLUE: line(BLUE, 1)}, discard=[SL[2]])
    for action in ("play", None, Play(99, BLUE), Play(-5, BLUE), Play(R(BLUE, 2), 7), Discard(99)):
        assert_readable(refused(state, action))


def test_nothing_is_legal_once_the_match_is_over():
    state = position([[SL[0], R(BLUE, 5)], [SL[1]]], discard=[SL[2]], config=FlightConfig(players=2, hands=1))
    state.phase = "over"
    for action in EVERY_ACTION[:6]:
        assert "over" in refused(state, action)
