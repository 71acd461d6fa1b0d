"""The competitive bots: legal moves from views only, games finished, flights that earn most,
trades answered on their merits (neither always yes nor always no), offers both sides take,
and Normal beating random."""

from __future__ import annotations

import functools
import random

import msgspec
import pytest

from flight_tui.bots import make_bot
from flight_tui.games.connecting_flights.competitive.bots.model import Cards, Earnings, Planner, flyable, seats_by_threat
from flight_tui.games.connecting_flights.competitive.bots.worth import ROUND_SPEND, Appraiser
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules import CompetitiveConfig
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bid,
    Bundle,
    BuyElectric,
    BuyLandingRights,
    BuyTruck,
    DrawSabotage,
    PayFee,
    Propose,
    Refuse,
)
from flight_tui.games.connecting_flights.competitive.rules.describe import card_name, describe
from flight_tui.games.connecting_flights.competitive.rules.fly import best_chains, score
from flight_tui.games.connecting_flights.competitive.rules.common import truck_price
from flight_tui.games.connecting_flights.competitive.rules.state import BIDDING, MARKET, SABOTAGE, Holdings
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.core.arrange import best_arrangement
from flight_tui.games.connecting_flights.core.chains import CARD_AIRPORT, PASS_STARS, PLANE_STARS, TRUCK_CAP
from flight_tui.games.connecting_flights.core.flights import round_problems
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import TurnDriver

GAME = "connecting-flights"
BUYS = (BuyTruck, BuyElectric, BuyLandingRights, PayFee)
LEVELS = ("easy", "normal", "hard")
W = default_world()


def _positions(games: int = 3, every: int = 9) -> list:
    """Copies of states met while Easy and random bots play whole games (2 and 3 players)."""
    out = []
    for g in range(games):
        n = 2 + g % 2
        state = R.new_game(CompetitiveConfig(players=n), 700 + g)
        bots = [make_bot(GAME, ("easy", "random")[(g + s) % 2], 31 * g + s) for s in range(n)]
        step = 0
        while not R.is_over(state):
            seat = R.to_act(state)[0]
            if step % every == 0 and len(R.legal_actions(state, seat)) > 1:
                out.append(R.clone(state))
            R.apply(state, seat, bots[seat].choose(R.view(state, seat)))
            step += 1
    return out


POSITIONS = _positions()


def _asked(state) -> int:
    return R.to_act(state)[0]


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_a_decoded_view_and_leave_it_unchanged(level):
    for i, state in enumerate(POSITIONS[::4]):
        seat = _asked(state)
        wire = msgspec.json.encode(R.view(state, seat))
        view = msgspec.json.decode(wire, type=CompetitiveView)  # no link to the state at all
        action = make_bot(GAME, level, i).choose(view)
        assert msgspec.json.encode(view) == wire
        R.apply(R.clone(state), seat, action)  # legal in the real game


@pytest.mark.parametrize("level", LEVELS)
def test_bots_do_not_see_hidden_cards(level):
    """The same view gives the same move, whatever the decks' order and others' dealt cards."""
    rng = random.Random(5)
    for i, state in enumerate(POSITIONS[1::5]):
        seat = _asked(state)
        other = R.clone(state)
        for deck in (other.plane_deck, other.passenger_deck, other.event_deck, other.sabotage_deck):
            rng.shuffle(deck)
        assert R.view(other, seat) == R.view(state, seat)
        assert make_bot(GAME, level, i).choose(R.view(other, seat)) == make_bot(GAME, level, i).choose(R.view(state, seat))


@pytest.mark.parametrize("lineup", ["easy,random", "normal,random,easy", "hard,normal"])
def test_bots_finish_games_after_round_10(lineup):
    kinds = lineup.split(",")
    table = Table(R, CompetitiveConfig(players=len(kinds)), 11, [SeatSpec(k, k) for k in kinds], undo=False)
    TurnDriver(table).play_out()
    result = table.result()
    assert [e.how.startswith("round-10") and not e.how.endswith("-cap") for e in result.endings] == [True]
    assert table.state.round == 10


def test_the_flights_submitted_earn_what_the_best_arrangement_earns():
    for i, state in enumerate(POSITIONS[::3]):
        for seat in range(state.config.players):
            view = R.view(state, seat)
            planner = Planner(4000, 4000)
            plan = planner.arrangement(flyable(view, seat), Earnings(view), full=True)
            assert not round_problems(W, plan.chains)
            assert score(state, seat, plan.chains).income == round(plan.income)
            assert score(state, seat, plan.chains).income >= score(state, seat, best_chains(state, seat)).income


def test_the_arrangement_search_finds_the_best_arrangement_of_random_hands():
    """A small search flies as much as an exhaustive one, and only valid chains."""
    rng = random.Random(3)
    income = (10, 15, 20)

    def value(spec):
        return income[PASS_STARS[spec.passenger] - 1]

    def most(q):
        return income[PASS_STARS[q] - 1]

    for _ in range(60):
        airports = rng.sample(range(len(CARD_AIRPORT)), rng.randint(2, 7))
        rest = [c for c in range(len(CARD_AIRPORT)) if c not in airports]
        rights = rng.sample(rest, rng.randint(0, 1))
        planes = rng.sample(range(len(PLANE_STARS)), rng.randint(1, 6))
        passengers = rng.sample(range(len(PASS_STARS)), rng.randint(1, 8))
        trucks = rng.sample(range(len(TRUCK_CAP)), rng.randint(1, 6))
        quick = best_arrangement(airports, rights, planes, passengers, trucks, value, most, budget=150)
        full = best_arrangement(airports, rights, planes, passengers, trucks, value, most, budget=10**6)
        assert not round_problems(W, quick.chains)
        assert round(quick.income) == round(full.income)


@functools.cache
def _normal_games(players: int, games: int) -> tuple[tuple, tuple]:
    """Positions met while Normal bots play ``games`` games to the end of round 9, as ``(game,
    state)``: at the start of every Marketplace phase from round 2, and, in rounds 7-9, each time
    a bot that leads no bid is asked to bid. Played once per process for each set of arguments;
    callers clone a state before they change it."""
    market, bids = [], []
    for g in range(games):
        state = R.new_game(CompetitiveConfig(players=players), 900 + g)
        bots = [make_bot(GAME, "normal", 7 * g + s) for s in range(players)]
        while state.round <= 9:
            seat = _asked(state)
            if state.phase == MARKET and state.pending is None and 2 <= state.round and not state.offers_made[seat]:
                if state.market_turns == 0:
                    market.append((g, R.clone(state)))
            elif state.phase == BIDDING and 7 <= state.round and state.bidding.leader != seat:
                bids.append((g, R.clone(state)))
            R.apply(state, seat, bots[seat].choose(R.view(state, seat)))
    return tuple(market), tuple(bids)


def market_positions() -> tuple:
    """Marketplace positions of four two-player games, every other round."""
    market, _ = _normal_games(2, 4)
    return tuple(state for g, state in market if state.round % 2 == g % 2)


def three_player_markets() -> tuple:
    """Marketplace positions of six three-player games, every round."""
    return _normal_games(3, 6)[0]


def _offer(state, offer: Propose):
    """The recipient's view once ``offer`` has been made by the seat whose turn it is."""
    state = R.clone(state)
    R.apply(state, state.current, offer)
    return R.view(state, offer.to_seat)


@pytest.mark.parametrize("level", LEVELS)
def test_trade_answers_are_neither_all_yes_nor_all_no(level):
    """15 coins for a spare 1-fuel truck (3 coins at the side board; neither side has a plane
    for it) is taken; a demand for a passenger that flies, for a coin, is refused."""
    asked = 0
    for i, state in enumerate(market_positions()):
        state = R.clone(state)
        me = state.current
        other = (me + 1) % state.config.players
        if any(len(h.trucks) < sum(not W.planes[p].electric for p in h.planes) for h in state.holdings):
            continue  # a truck more would fly another plane: not a spare one
        asked += 1
        spare = next(t for t in state.truck_supply if TRUCK_CAP[t] == 1)
        state.truck_supply.remove(spare)
        state.holdings[other].trucks.append(spare)
        state.holdings[other].coins = min(state.holdings[other].coins, 10)  # room below the cap for the 15
        state.holdings[me].coins = max(state.holdings[me].coins, 20)
        gift = Propose(other, Bundle(coins=15), Bundle(trucks=(spare,)))
        assert make_bot(GAME, level, i).choose(_offer(state, gift)) == Accept()
        view = R.view(state, other)
        flying = [f.passenger for f in Planner(300, 300).arrangement(flyable(view, other), Earnings(view)).flights()]
        best = max(flying, key=lambda q: PASS_STARS[q])
        demand = Propose(other, Bundle(coins=1), Bundle(passengers=(best,)))
        answer = make_bot(GAME, level, i).choose(_offer(state, demand))
        assert isinstance(answer, Refuse)
        assert answer.reason == f"I keep my {card_name('passenger', best).removeprefix('a ')}: I fly them."
    assert asked >= 4


def test_a_passenger_it_cannot_fly_is_sold_for_a_fair_price_not_for_a_coin():
    """One coin for a passenger card that earns the holder nothing yet is refused (it may earn
    later); 40 coins for it are accepted."""
    refused = accepted = 0
    for i, state in enumerate(market_positions()):
        state = R.clone(state)
        me = state.current
        other = (me + 1) % state.config.players
        state.holdings[me].coins, state.holdings[other].coins = 60, 30
        view = R.view(state, other)
        for q in state.holdings[other].passengers:
            if q in [f.passenger for f in Planner(300, 300).arrangement(flyable(view, other), Earnings(view)).flights()]:
                continue
            cheap = Propose(other, Bundle(coins=1), Bundle(passengers=(q,)))
            generous = Propose(other, Bundle(coins=40), Bundle(passengers=(q,)))
            refused += isinstance(make_bot(GAME, "normal", i).choose(_offer(state, cheap)), Refuse)
            accepted += make_bot(GAME, "normal", i).choose(_offer(state, generous)) == Accept()
    assert refused and accepted


def test_normal_offers_trades_that_the_other_side_accepts():
    """In its Marketplace turns (after the buys it makes first), Normal makes offers that
    another Normal mostly accepts."""
    made = taken = 0
    for i, (_, state) in enumerate(three_player_markets()):
        me = state.current
        state = R.clone(state)
        bot = make_bot(GAME, "normal", i)
        action = bot.choose(R.view(state, me))
        while isinstance(action, BUYS) and state.current == me:
            R.apply(state, me, action)
            action = bot.choose(R.view(state, me))
        if not isinstance(action, Propose):
            continue
        made += 1
        answer = make_bot(GAME, "normal", 100 + i).choose(_offer(state, action))
        taken += answer == Accept()
    assert made >= 5
    assert taken >= 0.75 * made


def test_a_saboteur_whose_coins_are_at_the_cap_draws_a_card():
    state = R.new_game(CompetitiveConfig(players=2), 41)
    bots = [make_bot(GAME, "normal", s) for s in range(2)]
    while not R.is_over(state):
        seat = _asked(state)
        legal = R.legal_actions(state, seat)
        if state.phase == SABOTAGE and any(isinstance(a, DrawSabotage) for a in legal):
            state.holdings[seat].coins = 100
            assert bots[seat].choose(R.view(state, seat)) == DrawSabotage()
            return
        R.apply(state, seat, bots[seat].choose(R.view(state, seat)))
    pytest.fail("no sabotage round in the game")


def test_normal_beats_random_by_a_clear_margin():
    wins = 0.0
    margin = 0
    games = 6
    for g in range(games):
        kinds = ["normal", "random"] if g % 2 == 0 else ["random", "normal"]
        table = Table(R, CompetitiveConfig(players=2), 300 + g // 2, [SeatSpec(k, k) for k in kinds], undo=False)
        TurnDriver(table).play_out()
        result = table.result()
        me = kinds.index("normal")
        wins += (me in result.winners) / len(result.winners)
        margin += result.scores[me] - result.scores[1 - me]
    assert wins >= games - 1
    assert margin / games >= 20


def test_a_refusal_tells_the_proposer_why_in_the_log():
    """A bot asked to sell, for a coin, a plane that flies one of its passengers refuses and
    says which flight it keeps the plane for; the proposer's log line carries the reason."""
    told = 0
    for i, state in enumerate(market_positions()):
        state = R.clone(state)
        me = state.current
        other = (me + 1) % state.config.players
        view = R.view(state, other)
        flights = Planner(300, 300).arrangement(flyable(view, other), Earnings(view)).flights()
        if not flights:
            continue
        state.holdings[me].coins = max(state.holdings[me].coins, 1)
        plane = flights[0].plane
        answer = make_bot(GAME, "normal", i).choose(_offer(state, Propose(other, Bundle(coins=1), Bundle(planes=(plane,)))))
        assert isinstance(answer, Refuse) and answer.reason
        told += answer.reason.startswith(f"I keep my {card_name('plane', plane).removeprefix('a ')}: it flies my ")
        R.apply(state, me, Propose(other, Bundle(coins=1), Bundle(planes=(plane,))))
        R.apply(state, other, answer)
        line = describe(state.log[-1], me, [f"P{s}" for s in range(state.config.players)])
        assert "refused" in line and line.endswith(f": “{answer.reason}”")
    assert told >= 3


def test_a_refusal_with_a_reason_too_long_is_refused_with_a_message():
    state = R.clone(market_positions()[0])
    me = state.current
    other = (me + 1) % state.config.players
    state.holdings[me].coins = max(state.holdings[me].coins, 1)
    R.apply(state, me, Propose(other, Bundle(coins=1), Bundle(trucks=(state.holdings[other].trucks[0],))))
    assert "one line" in R.problem(state, other, Refuse("x" * 101))
    assert R.problem(state, other, Refuse("too little")) is None


def test_a_bot_whose_next_income_would_pass_the_cap_spends_the_coins_it_would_lose():
    """The same auction, the bot at 100 coins (its next income would be lost above the cap) or
    with room for that income: at the cap it bids more often, and more, than with room; and
    never passes where it bid with room."""
    more = fewer = 0
    late_bids = [state for g, state in _normal_games(3, 6)[1] if g < 2]  # two games' worth
    for i, state in enumerate(late_bids):
        seat = _asked(state)
        view = R.view(state, seat)
        income = Planner(300, 30).arrangement(flyable(view, seat), Earnings(view, with_event=False)).income
        bids = []
        for coins in (100, max(0, 100 - int(income) - 20)):
            trial = R.clone(state)
            trial.holdings[seat].coins = coins
            action = make_bot(GAME, "normal", i).choose(R.view(trial, seat))
            bids.append(action.amount if isinstance(action, Bid) else 0)
        at_cap, with_room = bids
        more += at_cap > with_room
        fewer += at_cap < with_room and with_room > 0 and at_cap == 0
    assert more >= 5
    assert fewer == 0


def test_coins_a_round_cannot_spend_cost_little_to_spend_but_only_those_the_cap_takes_are_worthless_to_receive():
    """Before round 10, a coin the airline would still hold beyond a round's spending
    (ROUND_SPEND) once its next income is in costs a twentieth to spend; a coin below that
    costs one. Coins received are worth their number unless the cap would take them."""
    checked = 0
    for _, state in three_player_markets():
        if state.round >= 10:
            continue
        seat = state.current
        view = R.view(state, seat)
        planner = Planner(300, 30)
        income = planner.power(view, seat, flyable(view, seat), Earnings(view, with_event=False))
        if income + 10 > ROUND_SPEND - 10:
            continue
        checked += 1
        for coins, spare in ((int(ROUND_SPEND - income) - 10, False), (int(ROUND_SPEND - income) + 30, True)):
            trial = R.clone(state)
            trial.holdings[seat].coins = coins
            appraiser = Appraiser(R.view(trial, seat), planner, 0.8, 0.6)
            assert appraiser.cost(seat, 10) == pytest.approx(0.5 if spare else 10.0)
            capped = max(0.0, coins + 10 + income - 100) - max(0.0, coins + income - 100)
            assert appraiser.kept(seat, 10) == pytest.approx(10 - capped)
    assert checked >= 5


def test_in_the_last_round_a_bot_with_90_coins_bids_on_a_plane_that_flies_with_a_truck_it_will_buy():
    """Round 10's auction: the bot holds two airports and a passenger, no plane and no truck,
    with 90 coins. A plane alone flies nothing, but with a Fuel Truck from the side board it
    flies the passenger: the bot bids for it (coins kept now would be lost to the cap), and its
    last bid keeps the coins that truck costs."""
    state = R.new_game(CompetitiveConfig(players=2), 77)
    bots = [make_bot(GAME, "random", s) for s in range(2)]
    while not (state.phase == BIDDING and state.round == 10):
        seat = _asked(state)
        R.apply(state, seat, bots[seat].choose(R.view(state, seat)))
    seat, lot = _asked(state), state.lots[state.bidding.lot]
    assert lot.kind == "plane"
    earn = Earnings(R.view(state, seat), with_event=False)
    held = {q for h in state.holdings for q in h.passengers} | {x.card for x in state.lots if x.kind == "passenger"}
    pool = sorted(state.airport_pool)

    def flies(cards, truck):
        return Planner(300, 30).arrangement(cards.plus("truck", truck), earn).income > 0

    trucks = {TRUCK_CAP[t]: t for t in state.truck_supply}
    hand = next(
        Cards([a, b], [lot.card], [q])
        for q in range(len(W.passengers)) if q not in held
        for a in pool for b in pool if a < b and flies(Cards([a, b], [lot.card], [q]), trucks[4])
    )
    need = min(truck_price(state, seat, c) for c, t in trucks.items() if flies(hand, t))
    state.airport_pool = [c for c in state.airport_pool if c not in hand.airports]
    state.holdings[seat] = Holdings(90, list(hand.airports), [], list(hand.passengers), [], [], state.holdings[seat].continent)
    first = make_bot(GAME, "normal", 1).choose(R.view(state, seat))
    assert isinstance(first, Bid)
    state.bidding.bids[seat] = 1  # its last bid
    last = make_bot(GAME, "normal", 1).choose(R.view(state, seat))
    assert isinstance(last, Bid) and first.amount <= last.amount <= 90 - need


def test_rivals_of_equal_power_are_ranked_from_the_seat_after_the_bot_not_from_seat_0(monkeypatch):
    """While the airlines are level, ranking ties by seat number made the lowest seats every
    bot's rival (sabotaged, lots denied) and the highest every bot's trade partner."""
    state = R.new_game(CompetitiveConfig(players=4), 5)
    planner = Planner(300, 30)
    monkeypatch.setattr(planner, "power", lambda view, seat, cards, earn, rent: 10.0)
    assert [seats_by_threat(R.view(state, seat), planner) for seat in range(4)] == [[1, 2, 3], [2, 3, 0], [3, 0, 1], [0, 1, 2]]
