"""The cooperative rules object as the app, the saves and the bots use it."""

from __future__ import annotations

import msgspec
import pytest
from coop_positions import AF, airport, fresh, market, place

from flight_tui.engine.rng import Rng
from flight_tui.games import get_rules
from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig
from flight_tui.games.connecting_flights.coop.rules.state import (
    MARKET,
    Buy,
    Charter,
    ChooseStart,
    CoopEvent,
    FlyNext,
    Pass,
    Refresh,
    SetChains,
)


def test_registry_and_identity():
    assert get_rules("connecting-flights-coop") is COOP
    assert COOP.cooperative and (COOP.min_players, COOP.max_players) == (1, 3)
    assert COOP.title == "Connecting Flights (cooperative)"


def test_make_config_takes_the_difficulty_and_explains_bad_choices():
    assert COOP.options[0].key == "difficulty" and COOP.options[0].values() == ("easy", "medium", "hard")
    assert COOP.make_config(2, {"difficulty": "hard"}) == CoopConfig(players=2, difficulty="hard")
    assert COOP.make_config(1, {}) == CoopConfig(players=1)
    with pytest.raises(ValueError, match="easy, medium, hard"):
        COOP.make_config(1, {"difficulty": "brutal"})
    with pytest.raises(ValueError, match="1 to 3 players"):
        COOP.make_config(4, {})
    with pytest.raises(ValueError, match="no option"):
        COOP.make_config(1, {"speed": "fast"})


def test_progress_names_the_round_and_phase():
    state = COOP.new_game(CoopConfig(players=1), 2)
    assert COOP.progress(state) == "set-up"
    COOP.apply(state, 0, COOP.suggest_start(COOP.view(state, 0), 0))
    assert COOP.progress(state) == "round 1 of 10, marketplace"
    COOP.apply(state, 0, Pass())
    assert COOP.progress(state) == "round 1 of 10, fly"


def test_wrong_seat_and_wrong_phase_are_refused_with_a_reason():
    state = fresh(players=2, phase=MARKET)
    market(state)
    assert COOP.problem(state, 1, Pass()) == "It is not your go."
    assert COOP.legal_actions(state, 1) == []
    assert "Marketplace phase" in COOP.problem(state, 0, FlyNext(0, (0,) * 6))
    assert "set-up only" in COOP.problem(state, 0, ChooseStart(0, 0, 0, 1))
    assert "not a move" in COOP.problem(state, 0, "fly away")
    state.phase = "fly"
    assert "Fly phase" in COOP.problem(state, 0, Refresh())


def test_views_are_copies_that_cannot_change_the_game():
    state = fresh(players=1)
    place(state, "LIM", "AF")
    view = COOP.view(state, 0)
    view.board[airport("LIM")][AF] = 0
    view.hands[0].airports.append(3)
    view.supply[0] = 99
    assert state.board[airport("LIM")][AF] == 1 and state.hands[0].airports == [] and state.supply[0] != 99
    assert view.charter_fee == 1 and view.demand_next == "low" and view.stage == 1


def test_every_event_of_a_game_reads_as_a_sentence_for_every_viewer():
    config = CoopConfig(players=2)
    state = COOP.new_game(config, 11)
    chooser = Rng.from_seed(5)
    kinds = set()
    while not COOP.is_over(state):
        (seat,) = COOP.to_act(state)
        legal = COOP.legal_actions(state, seat)
        preferred = [a for a in legal if isinstance(a, (Buy, Charter, FlyNext, SetChains, Refresh))]
        if Pass() not in legal:
            action = chooser.choice(legal)
        else:
            action = chooser.choice(preferred) if preferred and chooser.below(3) else Pass()
        COOP.apply(state, seat, action)
    for event in state.log:
        kinds.add(type(event).__name__)
        for viewer in (0, 1, None):
            text = COOP.describe(event, viewer, ["Ann", "Bob"])
            assert text and text[-1] in ".!" and "Struct" not in text and "(" != text[0]
    assert {"DemandPlaced", "StartChosen", "MarketDealt", "Bought", "Passed", "PhaseStarted", "RoundEnded",
            "GameEnded", "Flew", "Chartered"} <= kinds
    wire = msgspec.json.encode(state.log)
    assert msgspec.json.decode(wire, type=list[CoopEvent]) == state.log
