"""Sampling hidden cards from a view: every card once, nothing the viewer sees given away."""

from __future__ import annotations

from bot_positions import random_positions

from flight_tui.games.flight.bots.determinize import determinize, read_hands
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import DRAW_DISCARD, DRAW_PACK
from flight_tui.games.flight.rules.state import Discard, Play

POSITIONS = random_positions(16, every=5)


def test_samples_keep_every_card_once_and_never_give_away_a_seen_card():
    rng = Rng.from_seed(2)
    for state in POSITIONS:
        for viewer in range(state.config.players):
            view = FLIGHT.view(state, viewer)
            sample = determinize(view, rng)
            table = [c for line in sample.flights for c in line.cards]
            everything = [c for hand in sample.hands for c in hand] + sample.pack + sample.discard + table
            assert sorted(everything) == list(range(C.NUM_CARDS))
            assert sample.hands[viewer] == view.hand
            assert [len(h) for h in sample.hands] == view.hand_sizes
            assert len(sample.pack) == view.pack_count
            assert sample.discard == view.discard
            seen = set(view.hand) | set(view.discard) | set(table)
            for seat, hand in enumerate(sample.hands):
                if seat != viewer:
                    assert not seen & set(hand)
            if viewer == state.current:
                assert FLIGHT.legal_actions(sample, viewer) == FLIGHT.legal_actions(state, viewer)


def test_samples_vary_with_the_generator():
    state = POSITIONS[3]
    view = FLIGHT.view(state, 0)
    rng = Rng.from_seed(9)
    hands = {tuple(sorted(determinize(view, rng).hands[1])) for _ in range(20)}
    assert len(hands) > 10


def test_a_card_taken_from_the_discards_is_placed_in_its_taker_hand():
    state = FLIGHT.new_game(FlightConfig(players=2, hands=1), 4)
    taken = state.discard[-1]
    FLIGHT.apply(state, 0, DRAW_DISCARD)
    while state.phase == "play":  # seat 0 plays what it must and discards something else
        action = next(
            (a for a in FLIGHT.legal_actions(state, 0) if isinstance(a, Play) and a.card != taken),
            next(a for a in FLIGHT.legal_actions(state, 0) if isinstance(a, Discard) and a.card != taken),
        )
        FLIGHT.apply(state, 0, action)
    view = FLIGHT.view(state, 1)
    assert read_hands(view).known[0] == [taken]
    rng = Rng.from_seed(1)
    for _ in range(10):
        assert taken in determinize(view, rng).hands[0]


def test_what_the_log_tells_holds_in_the_real_hands_of_sensible_players():
    """Known cards are there; excluded cards are not (Normal and Easy bots always land when able)."""
    checked = 0
    for state in random_positions(8, every=2, players=(2, 3), levels=("normal", "easy")):
        viewer = state.current
        facts = read_hands(FLIGHT.view(state, viewer))
        for seat in range(state.config.players):
            hand = set(state.hands[seat])
            assert set(facts.known[seat]) <= hand
            assert not set(facts.excluded[seat]) & hand
            checked += len(facts.excluded[seat])
    assert checked > 100


def test_after_a_turn_without_an_aeroplane_none_is_sampled_for_that_seat():
    state = FLIGHT.new_game(FlightConfig(players=2, hands=1), 21)
    FLIGHT.apply(state, 0, DRAW_PACK)
    while state.current == 0:
        FLIGHT.apply(state, 0, FLIGHT.legal_actions(state, 0)[0])
    played_plane = any(c < 4 for line in state.flights for c in line.cards)
    view = FLIGHT.view(state, 1)
    rng = Rng.from_seed(3)
    for _ in range(10):
        hand = determinize(view, rng).hands[0]
        assert played_plane or not any(C.KIND[c] == C.PLANE for c in hand)
