"""Property tests over random Flight matches: seeds and action choices come from Hypothesis.

About 200 matches in all: every legal action applies, every match ends, the 44 cards are all
accounted for, legal actions agree with the reasons given for refusals, replay is exact, and
no view ever shows another seat's hand or the pack.
"""

from __future__ import annotations

import msgspec
from hypothesis import given
from property_helpers import encode, game_settings, random_game
from hypothesis import strategies as st

from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import discard_problem, play_problem
from flight_tui.games.flight.rules.state import (
    PLAY,
    Discard,
    Discarded,
    DrawPack,
    DrawThree,
    DrawTwoAndDiscard,
    Drew,
    FlightAction,
    HandDealt,
    Played,
)
from flight_tui.table import SeatSpec, Table

MAX_ACTIONS = 100_000
"""Far more than any match needs (a random hand lands in about 80 turns of a few actions);
reaching it means a match never ended."""

configs = st.builds(
    FlightConfig,
    players=st.integers(2, 4),
    target=st.sampled_from([50, 100]),
    hands=st.sampled_from([0, 0, 1, 2, 3]),
)
short_configs = st.builds(FlightConfig, players=st.integers(2, 4), hands=st.integers(1, 2))
seeds = st.integers(0, 2**63)


def all_cards_once(state) -> bool:
    everywhere = [c for h in state.hands for c in h] + state.pack + state.discard
    everywhere += [c for fl in state.flights for c in fl.cards]
    return sorted(everywhere) == list(range(C.NUM_CARDS))


def random_match(config: FlightConfig, seed: int, choice_seed: int):
    """Play a match with uniformly random legal actions; yield (state, seat, legal, action, outcome)."""
    return random_game(FLIGHT, config, seed, choice_seed, lambda legal, chooser: chooser.choice(legal), MAX_ACTIONS)


@game_settings(80)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_random_matches_apply_every_legal_action_end_and_keep_all_44_cards(config, seed, choice_seed):
    finished = None
    for state, seat, legal, action, outcome in random_match(config, seed, choice_seed):
        assert all_cards_once(state)
        assert outcome.events
        finished = state
    assert finished is not None and FLIGHT.is_over(finished)
    result = FLIGHT.result(finished)
    assert result.winners == [i for i, s in enumerate(result.scores) if s == max(result.scores)]
    assert result.scores == [sum(h.points[i] for h in finished.hand_results) for i in range(config.players)]


@game_settings(30)
@given(config=short_configs, seed=seeds, choice_seed=seeds)
def test_legal_actions_agree_with_the_reasons_for_refusal(config, seed, choice_seed):
    state = FLIGHT.new_game(config, seed)
    chooser = Rng.from_seed(choice_seed)
    while not FLIGHT.is_over(state):
        (seat,) = FLIGHT.to_act(state)
        legal = FLIGHT.legal_actions(state, seat)
        assert legal
        for action in legal:
            assert FLIGHT.problem(state, seat, action) is None
        for other in range(config.players):
            if other != seat:
                assert FLIGHT.legal_actions(state, other) == []
                assert FLIGHT.problem(state, other, legal[0]) == "It is not your turn."
        if state.phase == PLAY:
            hand, flights, turn = state.hands[seat], state.flights, state.turn
            for card in hand:
                for flight in range(4):
                    reason = play_problem(hand, flights, turn, card, flight)
                    legal_play = any(getattr(a, "card", None) == card and getattr(a, "flight", None) == flight
                                     for a in legal)
                    assert (reason is None) == legal_play, (card, flight, reason)
                if Discard(card) not in legal:
                    assert discard_problem(hand, flights, turn, card)
        FLIGHT.apply(state, seat, chooser.choice(legal))


@game_settings(40)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_seed_and_actions_replay_to_the_identical_state(config, seed, choice_seed):
    seats = [SeatSpec("random", f"P{i}") for i in range(config.players)]
    table = Table(FLIGHT, config, seed, seats)
    chooser = Rng.from_seed(choice_seed)
    while not table.is_over():
        (seat,) = table.to_act()
        table.submit(seat, chooser.choice(table.legal_actions(seat)))
    assert encode(table.replay()) == encode(table.state)
    # The same through the save format of actions: a tagged union encoded as JSON and back.
    wire = msgspec.json.encode([action for _, action in table.actions])
    actions = msgspec.json.decode(wire, type=list[FlightAction])
    state = FLIGHT.new_game(config, seed)
    for (seat, _), action in zip(table.actions, actions):
        FLIGHT.apply(state, seat, action)
    assert encode(state) == encode(table.state)


def cards_in_events(events) -> set[int]:
    seen: set[int] = set()
    for e in events:
        if isinstance(e, HandDealt):
            seen.add(e.exposed)
        elif isinstance(e, Drew):
            seen.update(e.from_pack)
            seen.add(e.from_discard)
        elif isinstance(e, (Played, Discarded)):
            seen.add(e.card)
    seen.discard(-1)
    return seen


def check_view(state, seat: int, known: set[int]) -> None:
    view = FLIGHT.view(state, seat)
    fields = set(msgspec.structs.asdict(view))
    assert not fields & {"hands", "pack", "rng"}
    assert view.hand == state.hands[seat]
    assert view.hand_sizes == [len(h) for h in state.hands]
    assert view.pack_count == len(state.pack)
    for e in view.log:
        if isinstance(e, Drew) and e.seat != seat:
            assert all(c == -1 for c in e.from_pack)
    dealt = max((i for i, e in enumerate(view.log) if isinstance(e, HandDealt)), default=-1)
    shown = set(view.hand) | set(view.discard) | {c for fl in view.flights for c in fl.cards}
    shown |= cards_in_events(view.log[dealt + 1:] if dealt >= 0 else view.log)
    hidden = {c for other, h in enumerate(state.hands) if other != seat for c in h} | set(state.pack)
    assert not (shown & (hidden - known)), f"seat {seat} sees {sorted(shown & (hidden - known))}"
    assert FLIGHT.legal_actions_from_view(view) == FLIGHT.legal_actions(state, seat)


@game_settings(25)
@given(config=short_configs, seed=seeds, choice_seed=seeds)
def test_views_never_show_other_hands_or_the_pack(config, seed, choice_seed):
    n = config.players
    state = FLIGHT.new_game(config, seed)
    known = [set(state.hands[s]) | set(state.discard) for s in range(n)]
    chooser = Rng.from_seed(choice_seed)
    while not FLIGHT.is_over(state):
        for seat in range(n):
            check_view(state, seat, known[seat])
        (actor,) = FLIGHT.to_act(state)
        outcome = FLIGHT.apply(state, actor, chooser.choice(FLIGHT.legal_actions(state, actor)))
        for e in outcome.events:
            if isinstance(e, HandDealt):
                known = [set(state.hands[s]) | {e.exposed} for s in range(n)]
            elif isinstance(e, Drew):
                known[e.seat].update(e.from_pack)
            for s in range(n):
                known[s] |= cards_in_events([e]) - set(getattr(e, "from_pack", ()))
                if isinstance(e, Drew) and e.seat != s and e.from_pack:
                    text = FLIGHT.describe(e, s, [f"P{i}" for i in range(n)])
                    assert e.from_discard >= 0 or not any(C.name(c) in text for c in e.from_pack)


@game_settings(30)
@given(config=short_configs, seed=seeds, choice_seed=seeds)
def test_table_undo_restores_the_exact_state_and_stops_at_hidden_information(config, seed, choice_seed):
    seats = [SeatSpec("human", f"P{i}") for i in range(config.players)]
    table = Table(FLIGHT, config, seed, seats)
    changes = []
    table.on_change = lambda t: changes.append(len(t.actions))
    chooser = Rng.from_seed(choice_seed)
    history: list[bytes] = []
    undone = 0
    while not table.is_over():
        (seat,) = table.to_act()
        if table.can_undo(seat) and chooser.below(4) == 0:
            table.undo(seat)
            undone += 1
            assert encode(table.state) == history.pop()
            assert len(table.actions) == len(history)
            assert changes[-1] == len(table.actions)
            continue
        before = encode(table.state)
        action = chooser.choice(table.legal_actions(seat))
        outcome = table.submit(seat, action)
        history.append(before)
        assert changes[-1] == len(table.actions) == len(history)
        if outcome.irreversible:
            assert not table.can_undo(seat)
            assert not any(table.can_undo(s) for s in range(config.players))
        else:
            assert table.can_undo(seat)
        if isinstance(action, (DrawPack, DrawThree, DrawTwoAndDiscard, Discard)):
            assert outcome.irreversible
    assert undone > 0
    assert encode(table.replay()) == encode(table.state)
