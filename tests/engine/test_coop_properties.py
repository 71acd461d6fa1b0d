"""Property tests over seeded random cooperative games of Connecting Flights.

Every meeple and every card is always somewhere (exactly once); the coins stay within 0 and
the cap; every legal action applies and illegal ones change nothing; games end by their last
round; seed + actions replay exactly; the JSON save format round-trips; views show no deck
order (two states that differ only in the order of their decks look the same); no airport gets
more passengers in a game than the text allows.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from property_helpers import encode, game_settings, random_game
from hypothesis import strategies as st

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.coop.rules import COOP, CoopAction, CoopConfig, CoopState
from flight_tui.games.connecting_flights.coop.rules.state import OVER, Buy, Charter, DemandPlaced, FlyNext, Pass, SetChains
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.table import SeatSpec, Table

W = default_world()
MAX_ACTIONS = 5_000
"""Far more than a random game needs; reaching it means a game never ended."""

configs = st.builds(
    CoopConfig,
    players=st.integers(1, 3),
    difficulty=st.sampled_from(["easy", "medium", "hard"]),
    rounds=st.sampled_from([10, 10, 4, 1, 12]),
    continents=st.sampled_from([(), (), ("NA", "EU", "AS"), ("SA", "AF", "OC", "EU")]),
    charter=st.booleans(),
    landing_rights=st.booleans(),
    demand_stages=st.sampled_from([("low", "high", "low"), ("high", "high", "high")]),
    setup_pairs=st.sampled_from([0, 0, 1, 6]),
    reuse_departure_cards=st.sampled_from([False, False, True]),
)
seeds = st.integers(0, 2**63)


def choose(chooser: Rng, legal: list) -> CoopAction:
    """A random legal action, passing one time in four so that goes and games stay short.
    Half the time it is eager: it lays out another flight when it can, and flies full planes,
    so that games also reach long chains and many meeples on the move."""
    moves = [a for a in legal if not isinstance(a, Pass)]
    if not moves or (Pass() in legal and chooser.below(4) == 0):
        return Pass()
    if chooser.below(2):
        arrange = [a for a in moves if isinstance(a, SetChains)]
        if arrange:
            return chooser.choice(arrange)
        flights = [a for a in moves if isinstance(a, FlyNext)]
        if flights:
            return max(flights, key=lambda a: sum(a.carry))
    return chooser.choice(moves)


def random_coop_game(config: CoopConfig, seed: int, choice_seed: int):
    """Play a game with random legal actions (see ``choose``); yield (state, seat, legal, action, outcome)."""
    return random_game(COOP, config, seed, choice_seed, lambda legal, chooser: choose(chooser, legal), MAX_ACTIONS)


def assert_everything_accounted_for(state: CoopState) -> None:
    per_colour = W.meeples_per_continent
    for colour in range(6):
        on_board = sum(a[colour] for a in state.board)
        assert on_board + state.supply[colour] + state.out_of_play[colour] == per_colour
    assert min(min(a) for a in state.board) >= 0 and min(state.supply) >= 0
    hands = state.hands
    airports = state.airport_pool + state.removed_airports
    airports += [c for h in hands for c in h.airports + h.landing_rights]
    assert sorted(airports) == list(range(len(W.airport_cards)))
    planes = state.plane_deck + state.market_planes + state.electric_pool + [c for h in hands for c in h.planes]
    assert sorted(planes) == list(range(len(W.planes)))
    passengers = state.passenger_deck + state.market_passengers + state.removed_passengers
    passengers += [c for h in hands for c in h.passengers]
    assert sorted(passengers) == list(range(len(W.passengers)))
    trucks = state.truck_supply + [t for h in hands for t in h.trucks]
    assert sorted(trucks) == list(range(len(W.fuel_trucks)))
    assert sorted(state.departure_deck + state.departure_discard) == list(range(len(W.departure_cards)))
    demand = state.low_deck + state.high_deck + state.demand_discard
    assert sorted(demand) == list(range(len(W.demand_cards)))
    assert 0 <= state.coins <= state.config.coin_cap


@game_settings(30)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_random_games_keep_every_meeple_card_and_coin_in_bounds_and_end_by_the_last_round(config, seed, choice_seed):
    state = None
    for state, seat, legal, action, outcome in random_coop_game(config, seed, choice_seed):
        assert action in legal
        assert_everything_accounted_for(state)
        assert 0 <= state.round <= config.rounds
        assert outcome.events
    assert state is not None and state.phase == OVER
    result = COOP.result(state)
    assert result.winners == (list(range(config.players)) if state.won else [])
    assert sum(result.scores) == sum(state.delivered)
    if not state.won:
        assert state.round == config.rounds and any(any(a) for a in state.board)


STAR_LIMIT = {1: 1, 2: 2}
"""The text: "at most two Passengers appearing on any 2-star Airport, and at most one
Passenger appearing on any 1-star Airport" in a game (set-up and ten rounds)."""


@game_settings(200)
@given(seed=seeds, choice_seed=seeds, difficulty=st.sampled_from(["easy", "medium", "hard"]))
def test_C9_three_player_games_never_bring_more_passengers_to_an_airport_than_the_text_allows(seed, choice_seed, difficulty):
    config = CoopConfig(players=3, difficulty=difficulty)
    state = None
    # Which airports are called depends on the order of the Departure and Demand decks alone
    # (placed or, once a colour's supply is used up, missing), not on what the players do, so
    # the players pass whenever they may: each game is over in a few actions a round, and many
    # deck orders are checked.
    patient = lambda legal, chooser: Pass() if Pass() in legal else chooser.choice(legal)  # noqa: E731
    for state, *_ in random_game(COOP, config, seed, choice_seed, patient, MAX_ACTIONS):
        pass
    assert state is not None and state.phase == OVER
    pairs = [e for e in state.log if isinstance(e, DemandPlaced)]
    assert len({e.departure for e in pairs}) == len(pairs), "no Departure card is drawn twice"
    called = [0] * len(W.airports)
    for event in pairs:
        for where in event.placed + event.missing:  # missing: called for, but no meeple was left
            called[where.airport] += 1
    for airport in W.airports:
        assert called[airport.id] <= STAR_LIMIT.get(airport.stars, called[airport.id]), airport.city


def illegal_variants(state: CoopState, seat: int, legal: list) -> list:
    """Actions that must be refused now: out of turn, or changed to something not allowed."""
    out = []
    n = state.config.players
    if n > 1 and legal:
        out.append(((seat + 1) % n, legal[0]))
    out.append((seat, Buy("airport", 999, 0)))
    out.append((seat, Buy("truck", 5, 0)))
    out.append((seat, FlyNext(7, (9, 0, 0, 0, 0, 0))))
    out.append((seat, Charter(0, 0, 0)))
    out.append((seat, SetChains(((FlightSpec(0, 0, 0, 0, 0),),))))
    out.append((seat, "not an action"))
    return [(s, a) for s, a in out if a not in legal or s != seat]


@game_settings(15)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_every_legal_action_applies_and_illegal_ones_change_nothing(config, seed, choice_seed):
    state = COOP.new_game(config, seed)
    chooser = Rng.from_seed(choice_seed)
    while not COOP.is_over(state):
        (seat,) = COOP.to_act(state)
        legal = COOP.legal_actions(state, seat)
        assert legal
        for other in range(config.players):
            if other != seat:
                assert COOP.legal_actions(state, other) == []
        sample = [chooser.choice(legal) for _ in range(3)]
        for action in sample:
            trial = COOP.clone(state)
            COOP.apply(trial, seat, action)
        before = encode(state)
        for who, action in illegal_variants(state, seat, legal):
            assert COOP.problem(state, who, action) is not None
            with pytest.raises(IllegalAction):
                COOP.apply(state, who, action)
        assert encode(state) == before, "an illegal action changed the state"
        COOP.apply(state, seat, choose(chooser, legal))


@game_settings(25)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_seed_and_actions_replay_and_the_json_save_round_trips(config, seed, choice_seed):
    seats = [SeatSpec("random", f"P{i}") for i in range(config.players)]
    table = Table(COOP, config, seed, seats)
    chooser = Rng.from_seed(choice_seed)
    while not table.is_over():
        (seat,) = table.to_act()
        table.submit(seat, choose(chooser, table.legal_actions(seat)))
        wire = msgspec.json.encode(table.state)
        assert msgspec.json.encode(msgspec.json.decode(wire, type=CoopState)) == wire
    assert encode(table.replay()) == encode(table.state)
    wire = msgspec.json.encode([action for _, action in table.actions])
    actions = msgspec.json.decode(wire, type=list[CoopAction])
    state = COOP.new_game(config, seed)
    for (seat, _), action in zip(table.actions, actions):
        COOP.apply(state, seat, action)
    assert encode(state) == encode(table.state)
    assert msgspec.json.decode(msgspec.json.encode(config), type=CoopConfig) == config


def shuffled_decks(state: CoopState, rng: Rng) -> CoopState:
    other = COOP.clone(state)
    for deck in (other.passenger_deck, other.plane_deck, other.departure_deck, other.low_deck, other.high_deck):
        rng.shuffle(deck)
    other.rng = Rng(rng.next64())
    return other


@game_settings(12)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_views_show_no_deck_order_and_agree_with_the_state(config, seed, choice_seed):
    chooser = Rng.from_seed(choice_seed)
    for state, *_ in random_coop_game(config, seed, choice_seed):
        if COOP.is_over(state):
            break
        for seat in range(config.players):
            view = COOP.view(state, seat)
            fields = set(msgspec.structs.asdict(view))
            assert not fields & {"rng", "passenger_deck", "plane_deck", "departure_deck", "low_deck", "high_deck"}
            assert encode(COOP.view(shuffled_decks(state, chooser), seat)) == encode(view)
            assert COOP.legal_actions_from_view(view) == COOP.legal_actions(state, seat)
            assert view.passenger_deck_size == len(state.passenger_deck)


def enrich(state: CoopState, rng: Rng) -> None:
    """Hand out extra cards and trucks (taken from where they lie), so that random play
    reaches long chains, Landing Rights and full planes."""
    for hand in state.hands:
        for pool, into, count in (
            (state.airport_pool, hand.airports, 5),
            (state.airport_pool, hand.landing_rights, 2),
            (state.plane_deck, hand.planes, 4),
            (state.electric_pool, hand.planes, 1),
            (state.passenger_deck, hand.passengers, 6),
            (state.truck_supply, hand.trucks, 4),
        ):
            for _ in range(min(count, len(pool))):
                into.append(pool.pop(rng.below(len(pool))))


@game_settings(20)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_rich_hands_fly_long_chains_and_keep_everything_accounted_for(config, seed, choice_seed):
    state = COOP.new_game(config, seed)
    chooser = Rng.from_seed(choice_seed)
    for seat in range(config.players):
        COOP.apply(state, seat, chooser.choice(COOP.legal_actions(state, seat)))
    enrich(state, chooser)
    for _ in range(MAX_ACTIONS):
        if COOP.is_over(state):
            break
        (seat,) = COOP.to_act(state)
        legal = COOP.legal_actions(state, seat)
        action = choose(chooser, legal)
        assert COOP.problem(state, seat, action) is None
        COOP.apply(state, seat, action)
        assert_everything_accounted_for(state)
    assert COOP.is_over(state)
    assert encode(msgspec.json.decode(msgspec.json.encode(state), type=CoopState)) == encode(state)


@game_settings(15)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_table_undo_restores_the_exact_state_and_stops_at_revealed_cards(config, seed, choice_seed):
    seats = [SeatSpec("human", f"P{i}") for i in range(config.players)]
    table = Table(COOP, config, seed, seats)
    chooser = Rng.from_seed(choice_seed)
    history: list[bytes] = []
    while not table.is_over():
        (seat,) = table.to_act()
        if table.can_undo(seat) and chooser.below(4) == 0:
            table.undo(seat)
            assert encode(table.state) == history.pop()
            continue
        before = encode(table.state)
        action = choose(chooser, table.legal_actions(seat))
        outcome = table.submit(seat, action)
        history.append(before)
        assert outcome.irreversible == (not table.can_undo(seat))
    assert encode(table.replay()) == encode(table.state)
