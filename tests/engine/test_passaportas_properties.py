"""Property tests over random Passaportas games: seeds and action choices come from Hypothesis.

Every legal action applies and agrees with ``problem``; illegal actions leave the state as it
was; every group and card is accounted for; the plane never holds more than ten; the fuel stays
within 0..25,000; every game ends; views show nothing hidden; seed + actions replays exactly;
states, actions and views survive a JSON round trip.
"""

from __future__ import annotations

from collections import Counter

import msgspec
from hypothesis import given
from property_helpers import encode, game_settings, random_game
from hypothesis import strategies as st

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.rules import PASSAPORTAS as R
from flight_tui.games.passaportas.rules import (
    PassaportasConfig,
    PassaportasState,
    PassaportasView,
)
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    DONE,
    HOME,
    OFFICE,
    PLANE,
    Fly,
    GameEnded,
    PassaportasAction,
    PassCustoms,
    Roll,
    StayPut,
    TurnStarted,
    UseCustoms,
    UseWildToken,
    WildTokenUsed,
)
from flight_tui.table import SeatSpec, Table

MAX_ACTIONS = 50_000
"""Far more than any game needs (the round limit ends it); reaching it means a game never ended."""

configs = st.builds(
    PassaportasConfig,
    players=st.integers(2, 6),
    wild_tokens=st.booleans(),
    max_rounds=st.sampled_from([8, 20]),
    edition=st.sampled_from([1, 2, 2]),
) | st.builds(
    PassaportasConfig, players=st.integers(5, 6), no_four_group=st.just(True), max_rounds=st.just(12)
)
seeds = st.integers(0, 2**63)


def pick(legal, chooser: Rng):
    """A random legal action, flying more often than staying so that groups travel."""
    flights = [a for a in legal if isinstance(a, Fly)]
    if flights and chooser.below(3):
        return chooser.choice(flights)
    uses = [a for a in legal if isinstance(a, UseCustoms)]
    if uses and chooser.below(2):
        return chooser.choice(uses)
    return chooser.choice(legal)


def random_passaportas_game(config: PassaportasConfig, seed: int, choice_seed: int):
    """Play a game with random legal actions (see ``pick``); yield (state, seat, legal, action, outcome)."""
    return random_game(R, config, seed, choice_seed, pick, MAX_ACTIONS)


def check_accounting(state: PassaportasState) -> None:
    """Every card and group is in exactly one place; seats and fuel within bounds."""
    groups = [(p, g) for p, gs in enumerate(state.groups) for g in gs]
    boarding = state.boarding_deck + state.boarding_put_away + [g.boarding for _, g in groups if g.status == HOME]
    destination = state.destination_deck + state.destination_put_away
    destination += [g.destination for _, g in groups if g.status in (HOME, PLANE)]
    assert Counter(boarding) == Counter(destination) == {c: 2 for c in range(19)}
    customs = [c for hs in state.holders for h in hs for c in h] + state.customs_boxed + state.customs_used
    assert sorted(customs) == list(range(19))
    in_plane = sorted((p, g.size) for p, g in groups if g.status == PLANE)
    in_office = sorted((p, g.size) for p, g in groups if g.status == OFFICE)
    assert sorted((r.player, r.group) for r in state.cabin) == in_plane
    assert sorted((r.player, r.group) for r in state.office) == in_office
    assert state.reserved_seats + sum(r.group for r in state.cabin) <= 10
    assert 0 <= state.fuel <= 25
    assert all(g.boarding != g.destination for _, g in groups if g.status == HOME)


@game_settings(60)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_random_games_apply_every_legal_action_end_and_account_for_every_card(config, seed, choice_seed):
    finished = None
    check_accounting(R.new_game(config, seed))
    for state, seat, legal, action, outcome in random_passaportas_game(config, seed, choice_seed):
        check_accounting(state)
        assert outcome.events
        if isinstance(action, (Roll, UseCustoms)):
            assert outcome.irreversible
        finished = state
    assert finished is not None and R.is_over(finished)
    result = R.result(finished)
    assert result.scores == R.delivered(finished)
    assert result.winners
    if not result.summary.endswith("reached"):
        assert all(all(g.status == DONE for g in finished.groups[w]) for w in result.winners)


def eager_to_finish(state: PassaportasState, seat: int, legal: list, chooser: Rng) -> PassaportasAction:
    """Rolls while it may; keeps its wild token for the turn when all its groups still travelling
    are in the plane; flies where its own groups get off, else where they board, when it can."""
    if Roll() in legal:
        return Roll()
    if UseWildToken() in legal and all(g.status in (PLANE, DONE) for g in state.groups[seat]):
        return UseWildToken()
    for goals in (
        {g.destination for g in state.groups[seat] if g.status == PLANE},
        {g.boarding for g in state.groups[seat] if g.status == HOME},
    ):
        flights = [a for a in legal if isinstance(a, Fly) and a.city in goals]
        if flights:
            return chooser.choice(flights)
    return pick(legal, chooser)


@game_settings(60)
@given(players=st.integers(2, 4), seed=seeds, choice_seed=seeds)
def test_P6_the_wild_token_never_fuels_the_flight_that_wins(players, seed, choice_seed):
    state = R.new_game(PassaportasConfig(players=players), seed)
    chooser = Rng.from_seed(choice_seed)
    while not R.is_over(state):
        (seat,) = R.to_act(state)
        R.apply(state, seat, eager_to_finish(state, seat, R.legal_actions(state, seat), chooser))
    ended = state.log[-1]
    assert isinstance(ended, GameEnded)
    turn_start = max(i for i, e in enumerate(state.log) if isinstance(e, TurnStarted))
    assert not any(isinstance(e, WildTokenUsed) and e.seat in ended.winners for e in state.log[turn_start:])


@game_settings(12)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_legal_actions_agree_with_problem_and_illegal_actions_change_nothing(config, seed, choice_seed):
    probes: list[PassaportasAction] = [Roll(), UseWildToken(), StayPut(), PassCustoms(), Fly(0, 30), Fly(3, 1)]
    probes += [UseCustoms(h, p, g) for h in (0, 1) for p in range(config.players) for g in (1, 4)]
    for state, seat, legal, action, _ in random_passaportas_game(config, seed, choice_seed):
        if R.is_over(state):
            break
        (seat,) = R.to_act(state)
        legal = R.legal_actions(state, seat)
        assert legal
        assert legal == R.legal_actions_from_view(R.view(state, seat))
        for other in range(config.players):
            if other != seat:
                assert R.legal_actions(state, other) == []
        before = encode(state)
        for probe in probes + [Fly(c, f) for c in range(0, 19, 4) for f in range(1, 26, 3)]:
            assert (R.problem(state, seat, probe) is None) == (probe in legal), probe
            if probe not in legal:
                try:
                    R.apply(state, seat, probe)
                except IllegalAction as refused:
                    assert str(refused)
                else:
                    raise AssertionError(f"{probe} was applied")
        assert encode(state) == before, "an illegal action changed the state"
        if state.phase == CUSTOMS:
            for other in range(config.players):
                if other != seat:
                    assert R.problem(state, other, PassCustoms())


@game_settings(25)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_seed_and_actions_replay_to_the_identical_state_and_json_round_trips(config, seed, choice_seed):
    actions = []
    final = None
    for state, seat, _, action, _ in random_passaportas_game(config, seed, choice_seed):
        actions.append((seat, action))
        final = state
    assert final is not None
    replay = R.new_game(config, seed)
    for seat, action in actions:
        R.apply(replay, seat, action)
    assert msgspec.json.encode(replay) == msgspec.json.encode(final)
    clone = R.clone(final)
    assert msgspec.json.encode(clone) == msgspec.json.encode(final)
    decoded = msgspec.json.decode(msgspec.json.encode(final), type=PassaportasState)
    assert decoded == final
    assert msgspec.json.decode(msgspec.json.encode(actions), type=list[tuple[int, PassaportasAction]]) == actions
    for seat in range(config.players):
        view = R.view(final, seat)
        assert msgspec.json.decode(msgspec.json.encode(view), type=PassaportasView) == view


@game_settings(20)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_views_leak_no_deck_order_and_no_other_hidden_customs_card(config, seed, choice_seed):
    fields = set(PassaportasView.__struct_fields__)
    assert not fields & {"holders", "customs_boxed", "rng"}
    for state, _, _, _, _ in random_passaportas_game(config, seed, choice_seed):
        for seat in range(config.players):
            view = R.view(state, seat)
            assert view.own_customs == [h[0] if h else -1 for h in state.holders[seat]]
            assert view.customs_counts == [[len(h) for h in hs] for hs in state.holders]
            assert isinstance(view.boarding_deck, int) and isinstance(view.destination_deck, int)
            # two states differing only in hidden cards give the same view
            twin = R.clone(state)
            twin.rng = Rng(12345)
            twin.boarding_deck.reverse()
            twin.destination_deck.reverse()
            twin.customs_boxed.reverse()
            for other, hs in enumerate(twin.holders):
                if other != seat:
                    for h in hs:
                        h.reverse()
                else:
                    for h in hs:
                        h[1:] = h[1:][::-1]
            assert R.view(twin, seat) == view


def test_a_table_replays_a_game_undoes_a_wild_token_and_never_undoes_a_roll():
    config = PassaportasConfig(players=3, max_rounds=5, wild_tokens=True)
    table = Table(R, config, 4, [SeatSpec("human", f"P{i}") for i in range(3)])
    table.submit(0, UseWildToken())
    assert table.can_undo(0)
    table.undo(0)
    assert table.state.fuel == 0 and not table.state.wild_used[0]
    table.submit(0, Roll())
    assert not table.can_undo(0)
    chooser = Rng.from_seed(8)
    while not table.is_over():
        (seat,) = table.to_act()
        table.submit(seat, pick(table.legal_actions(seat), chooser))
    assert msgspec.json.encode(table.replay()) == msgspec.json.encode(table.state)
    lines = table.log_lines(0, last=200)
    assert lines and all(isinstance(line, str) and line for line in lines)
