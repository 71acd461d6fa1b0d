"""Property tests over seeded random competitive games of Connecting Flights.

Every card, truck and Sabotage card is always in exactly one place; coins stay within 0 and
100 and move only as the log says; every legal action applies and illegal ones change nothing;
games end after round 10's Fly phase; views show no deck order and no other seat's hidden
cards; seed + actions replay exactly and the JSON save format round-trips.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from property_helpers import encode, game_settings

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.rules import (
    COMPETITIVE,
    CompetitiveAction,
    CompetitiveConfig,
    CompetitiveState,
)
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Bid,
    BuyTruck,
    ChooseLot,
    Inflict,
    KeepCard,
    PayFee,
    SubmitFlights,
)
from flight_tui.games.connecting_flights.competitive.rules.data import competitive_data
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    OVER,
    Bought,
    CardsDealt,
    CoinsMoved,
    CompetitiveEvent,
    DecksShuffled,
    EventRevealed,
    FeePaid,
    Flown,
    GameEnded,
    LotChosen,
    LotSold,
    OfferAnswered,
    PlayerCardsRevealed,
    RoundEnded,
    SabotageDrawn,
    SabotageReturned,
    StartBought,
)
from flight_tui.games.connecting_flights.competitive.rules.setup import legal_starts
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import TurnDriver

R = COMPETITIVE
W = default_world()
D = competitive_data()
MAX_ACTIONS = 20_000
"""Far more than a random game needs; reaching it means a game never ended."""

configs = st.builds(
    CompetitiveConfig, players=st.integers(2, 5), continent_set=st.sampled_from(["first", "second"])
)
seeds = st.integers(0, 2**63)


def choose(chooser: Rng, legal: list) -> CompetitiveAction:
    """A random legal action; half the time the first arrangement of flights offered (the best
    found), so that games also see incomes and sabotage of cards that fly."""
    flights = [a for a in legal if isinstance(a, SubmitFlights)]
    if flights and chooser.below(2):
        return flights[0]
    return chooser.choice(legal)


def random_game(config: CompetitiveConfig, seed: int, choice_seed: int):
    """Play a game with random legal actions of random seats asked; yield (state, seat, legal,
    action, outcome) after every action."""
    state = R.new_game(config, seed)
    chooser = Rng.from_seed(choice_seed)
    for _ in range(MAX_ACTIONS):
        if R.is_over(state):
            return
        asked = R.to_act(state)
        seat = asked[chooser.below(len(asked))]
        legal = R.legal_actions(state, seat)
        action = choose(chooser, legal)
        outcome = R.apply(state, seat, action)
        yield state, seat, legal, action, outcome
    raise AssertionError("the game did not end")


def open_lots(state: CompetitiveState) -> list:
    """Lots still on the auction area (not yet sold or sent back)."""
    if state.phase == CHOOSE_LOTS:
        return list(state.lots)
    if state.phase == BIDDING:
        return state.lots[state.bidding.lot :]
    return []


def assert_everything_accounted_for(state: CompetitiveState) -> None:
    hs = state.holdings
    lots = open_lots(state)
    airports = state.airport_pool + state.removed_airports + [c for h in hs for c in h.airports + h.landing_rights]
    airports += [lot.card for lot in lots if lot.kind == "airport"]
    assert sorted(airports) == list(range(len(W.airport_cards)))
    planes = state.plane_deck + state.electric_pool + [c for h in hs for c in h.planes]
    planes += [lot.card for lot in lots if lot.kind == "plane"]
    assert sorted(planes) == list(range(len(W.planes)))
    passengers = state.passenger_deck + state.removed_passengers + [c for h in hs for c in h.passengers]
    passengers += [lot.card for lot in lots if lot.kind == "passenger"]
    assert sorted(passengers) == list(range(len(W.passengers)))
    trucks = state.truck_supply + [t for h in hs for t in h.trucks]
    assert sorted(trucks) == list(range(len(W.fuel_trucks)))
    sabotage = state.sabotage_deck + [p.card for p in state.placed]
    sabotage += [state.drawn_sabotage] if state.drawn_sabotage >= 0 else []
    assert sorted(sabotage) == list(range(len(D.sabotage)))
    events = state.event_deck + state.event_discard + [c for deck in state.later_events for c in deck]
    events += [state.active_event] if state.active_event >= 0 else []
    assert sorted(events) == list(range(len(D.events)))
    players = state.unused_player_cards + (
        [k for k in state.kept] if state.revealed else [c for cards in state.dealt for c in cards]
    )
    assert sorted(players) == list(range(len(D.player_cards)))
    assert all(0 <= h.coins <= D.coin_cap for h in hs)
    hosts = [(p.kind, p.on) for p in state.placed]
    assert len(hosts) == len(set(hosts)), "one Sabotage card per card"
    for p in state.placed:
        assert p.on in (hs[p.seat].planes if p.kind == "plane" else hs[p.seat].airports)


class CoinsLedger:
    """Each airline's coins at the end of every round ended so far (round 10: after its Fly
    phase), and now, counted from the whole log: the coins left from the starting flight, then
    every coin gained, paid, bid, spent or traded (all of it public, so the log accounts for
    every coin and the leaderboard's coins agree with it). :meth:`read` takes the events
    added to the log since it last read it."""

    def __init__(self, players: int) -> None:
        self.coins = [0] * players
        self.rounds: list[list[int]] = []
        self.seen = 0

    def read(self, log: list[CompetitiveEvent]) -> CoinsLedger:
        coins = self.coins
        for e in log[self.seen :]:
            if isinstance(e, StartBought):
                coins[e.seat] = e.coins
            elif isinstance(e, CoinsMoved):
                coins[e.seat] += e.delta
            elif isinstance(e, (LotSold, Bought)):
                coins[e.seat] -= e.price
            elif isinstance(e, FeePaid):
                coins[e.seat] -= e.fee
            elif isinstance(e, OfferAnswered) and e.accepted:
                moved = e.offer.give.coins - e.offer.take.coins
                coins[e.offered_by] -= moved
                coins[e.seat] += moved
            elif isinstance(e, (RoundEnded, GameEnded)):
                self.rounds.append(list(coins))
        self.seen = len(log)
        return self


@game_settings(40)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_random_games_account_for_every_card_truck_and_coin_and_end_after_round_10(config, seed, choice_seed):
    state = None
    ledger = CoinsLedger(config.players)  # read as the log grows: reading it all each time is slow
    for state, seat, legal, action, outcome in random_game(config, seed, choice_seed):
        assert action in legal
        assert outcome.events
        assert_everything_accounted_for(state)
        ledger.read(state.log)
        if state.round:
            assert ledger.coins == [h.coins for h in state.holdings]
            assert ledger.rounds == state.coins_after
        assert 0 <= state.round <= D.rounds
    assert state is not None and state.phase == OVER
    whole = CoinsLedger(state.config.players).read(state.log)  # and once from the first event, in case the log was rewritten
    assert (whole.coins, whole.rounds) == ([h.coins for h in state.holdings], state.coins_after)
    assert state.round == D.rounds and len(state.history) == D.rounds
    result = R.result(state)
    assert result.endings[0].how.startswith("round-10") and result.endings[0].length == 10
    assert result.winners and set(result.winners) <= set(range(config.players))
    assert result.scores == [r.income for r in state.history[-1]]


def illegal_variants(state: CompetitiveState, seat: int, legal: list) -> list:
    """Actions that must be refused now: out of turn, or not allowed."""
    n = state.config.players
    asked = R.to_act(state)
    out = [(s, legal[0]) for s in range(n) if s not in asked][:1]
    out += [
        (seat, Bid(1000)),
        (seat, BuyTruck(5)),
        (seat, ChooseLot("landing_rights", 0)),
        (seat, KeepCard(99)),
        (seat, PayFee(99)),
        (seat, Inflict(seat)),
        (seat, SubmitFlights(((),))),
        (seat, "not an action"),
    ]
    return [(s, a) for s, a in out if a not in legal or s != seat]


@game_settings(8)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_every_legal_action_applies_illegal_ones_change_nothing_and_views_give_the_same_moves(config, seed, choice_seed):
    state = R.new_game(config, seed)
    chooser = Rng.from_seed(choice_seed)
    while not R.is_over(state):
        asked = R.to_act(state)
        assert asked
        for other in range(config.players):
            legal = R.legal_actions(state, other)
            assert legal == R.legal_actions_from_view(R.view(state, other))
            assert bool(legal) == (other in asked)
        seat = asked[chooser.below(len(asked))]
        legal = R.legal_actions(state, seat)
        for action in legal[:6] + [chooser.choice(legal) for _ in range(2)]:
            R.apply(R.clone(state), seat, action)
        before = encode(state)
        for who, action in illegal_variants(state, seat, legal):
            assert R.problem(state, who, action) is not None
            with pytest.raises(IllegalAction):
                R.apply(state, who, action)
        assert encode(state) == before, "an illegal action changed the state"
        R.apply(state, seat, choose(chooser, legal))


@game_settings(8)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_seed_and_actions_replay_and_the_json_save_round_trips(config, seed, choice_seed):
    seats = [SeatSpec("random", f"P{i}") for i in range(config.players)]
    table = Table(R, config, seed, seats)
    chooser = Rng.from_seed(choice_seed)
    while not table.is_over():
        asked = table.to_act()
        seat = asked[chooser.below(len(asked))]
        table.submit(seat, choose(chooser, table.legal_actions(seat)))
        wire = msgspec.json.encode(table.state)
        assert msgspec.json.encode(msgspec.json.decode(wire, type=CompetitiveState)) == wire
    assert encode(table.replay()) == encode(table.state)
    wire = msgspec.json.encode([action for _, action in table.actions])
    actions = msgspec.json.decode(wire, type=list[CompetitiveAction])
    state = R.new_game(config, seed)
    for (seat, _), action in zip(table.actions, actions):
        R.apply(state, seat, action)
    assert encode(state) == encode(table.state)
    assert msgspec.json.decode(msgspec.json.encode(config), type=CompetitiveConfig) == config


def hidden_changed(state: CompetitiveState, seat: int, rng: Rng) -> CompetitiveState:
    """The same game with everything ``seat`` may not know changed: deck orders, the generator,
    others' dealt and kept Player cards before they are revealed, a Sabotage card another seat
    holds, others' sealed starting flights and flight arrangements."""
    other = R.clone(state)
    for deck in (other.plane_deck, other.passenger_deck, other.event_deck, other.sabotage_deck, *other.later_events):
        rng.shuffle(deck)
    other.rng = Rng(rng.next64())
    n = state.config.players
    if not state.revealed:
        pool = other.unused_player_cards + [c for s in range(n) if s != seat for c in other.dealt[s]]
        rng.shuffle(pool)
        for s in range(n):
            if s != seat:
                k = len(other.dealt[s])
                other.dealt[s], pool = sorted(pool[:k]), pool[k:]
                other.kept[s] = other.dealt[s][0] if other.kept[s] >= 0 else -1
        other.unused_player_cards = sorted(pool)
    if other.drawn_sabotage >= 0 and other.saboteur != seat and other.sabotage_deck:
        other.drawn_sabotage, other.sabotage_deck[0] = other.sabotage_deck[0], other.drawn_sabotage
    for s in range(n):
        if s != seat and other.starts[s] is not None:
            planes, passengers = other.plane_deck, other.passenger_deck
            open_seat = R.clone(other)
            open_seat.starts[s] = None
            other.starts[s] = legal_starts(open_seat, s, planes, passengers)[-1]
        if s != seat and other.submitted and other.submitted[s] is not None:
            other.submitted[s] = []
    return other


def same_view(a: CompetitiveState, b: CompetitiveState, seat: int) -> bool:
    va, vb = R.view(a, seat), R.view(b, seat)
    return encode(msgspec.structs.replace(va, log=[])) == encode(msgspec.structs.replace(vb, log=[]))


@game_settings(12)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_views_hide_deck_order_and_others_hidden_cards(config, seed, choice_seed):
    rng = Rng.from_seed(seed ^ 0x5EED)
    checked = 0
    for i, (state, *_rest) in enumerate(random_game(config, seed, choice_seed)):
        if i % 7:
            continue
        for seat in range(config.players):
            other = hidden_changed(state, seat, rng)
            if encode(other) != encode(state):
                assert same_view(state, other, seat), (state.phase, seat)
                checked += 1
            view = R.view(state, seat)
            for s in range(config.players):
                if s != seat and not state.revealed:
                    assert view.kept[s] == -1
            if state.drawn_sabotage >= 0 and state.saboteur != seat:
                assert view.drawn_sabotage == -1
            for event in view.log:
                if isinstance(event, (SabotageDrawn, SabotageReturned)) and event.seat != seat:
                    assert event.card == -1
    assert checked


def test_the_log_redacts_dealt_player_cards_and_sabotage_cards_for_others():
    state = R.new_game(CompetitiveConfig(players=3), 5)
    names = ["Ann", "Bob", "Cleo"]
    dealt = [e for e in state.log if isinstance(e, CardsDealt)]
    mine = R.describe(dealt[0], 0, names)
    theirs = R.describe(dealt[0], 1, names)
    assert D.player_cards[state.dealt[0][0]].name in mine
    assert D.player_cards[state.dealt[0][0]].name not in theirs and "2 Player cards" in theirs
    for event in R.view(state, 1).log:
        if isinstance(event, CardsDealt) and event.seat != 1:
            assert set(event.cards) == {-1}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_play_out_through_the_turn_driver(players):
    seats = [SeatSpec("random", f"P{i}") for i in range(players)]
    table = Table(R, R.make_config(players, {}), 11 + players, seats)
    moves = TurnDriver(table).play_out()
    assert table.is_over() and moves == len(table.actions)
    assert R.progress(table.state) == "over after round 10"


REVEALING = (EventRevealed, PlayerCardsRevealed, SabotageDrawn, StartBought, Flown, DecksShuffled)
"""Events that show hidden cards or follow a shuffle: the action causing them is irreversible."""


@game_settings(10)
@given(config=configs, seed=seeds, choice_seed=seeds)
def test_chance_and_revealed_cards_are_irreversible_and_every_event_reads_for_every_viewer(config, seed, choice_seed):
    names = [f"P{i}" for i in range(config.players)]
    state = R.new_game(config, seed)  # as random_game deals it
    rng_before = state.rng.state
    for event in state.log:
        for viewer in [None, *range(config.players)]:
            assert not R.describe(event, viewer, names).startswith(type(event).__name__)
    for state, seat, legal, action, outcome in random_game(config, seed, choice_seed):
        deck_lot = any(isinstance(e, LotChosen) and e.lot.kind != "airport" for e in outcome.events)
        if any(isinstance(e, REVEALING) for e in outcome.events) or deck_lot or state.rng.state != rng_before:
            assert outcome.irreversible, (action, outcome.events)
        rng_before = state.rng.state
        for event in outcome.events:
            for viewer in [None, *range(config.players)]:
                text = R.describe(event, viewer, names)
                assert text and not text.startswith(type(event).__name__)
                if isinstance(event, (SabotageDrawn, SabotageReturned)) and viewer != event.seat:
                    assert D.sabotage[event.card].name not in text
