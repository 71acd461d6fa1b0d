"""The cooperative planner: legal actions at every level, views only, partners, and it flies
far more passengers home than a random player."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from flight_tui.bots import make_bot
from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig, CoopView

GAME = "connecting-flights-coop"


def _play(config: CoopConfig, seed: int, levels: list[str], check=None, until=None):
    """Play a whole game (or until ``until()`` is true); every action is checked with the rules
    before it is applied."""
    state = COOP.new_game(config, seed)
    bots = [make_bot(GAME, level, seed + i) for i, level in enumerate(levels)]
    actions = 0
    while not COOP.is_over(state) and not (until is not None and until()):
        seat = COOP.to_act(state)[0]
        view = COOP.view(state, seat)
        action = bots[seat].choose(view)
        assert COOP.problem(state, seat, action) is None, (action, COOP.problem(state, seat, action))
        if check is not None:
            check(state, seat, view, bots[seat])
        COOP.apply(state, seat, action)
        actions += 1
        assert actions < 3000
    return state


@cache
def _solo_game(seed: int, level: str):
    """One player's whole game on medium, played once for every test that reads it (only read it)."""
    return _play(CoopConfig(players=1, difficulty="medium"), seed, [level])


def _stranded(state) -> int:
    return sum(map(sum, state.board))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_a_whole_game_with_legal_actions(level):
    state = _solo_game(11, level)
    assert COOP.is_over(state)
    assert sum(state.delivered) > 15


def test_partners_at_two_seats_play_legally_and_both_fly():
    state = _play(CoopConfig(players=2, difficulty="easy"), 5, ["normal", "easy"])
    assert all(n > 0 for n in state.delivered_by)


def test_the_planner_decides_from_a_decoded_view_and_leaves_it_unchanged():
    seen = []

    def check(state, seat, view, bot):
        if len(seen) < 12 and view.phase in ("market", "fly") and state.round in (1, 5):
            wire = msgspec.json.encode(view)
            decoded = msgspec.json.decode(wire, type=CoopView)  # no link to the state at all
            fresh = make_bot(GAME, "normal", 0)
            action = fresh.choose(decoded)
            assert msgspec.json.encode(decoded) == wire
            assert COOP.problem(state, seat, action) is None
            seen.append(action)

    # The rest of the game is not needed once the twelve decisions are checked.
    state = _play(CoopConfig(players=1, difficulty="easy"), 3, ["normal"], check, until=lambda: len(seen) == 12)
    assert len(seen) == 12
    assert not COOP.is_over(state)


def test_the_planner_flies_far_more_passengers_home_than_random_play():
    # Seed 11's planner game is the one the Normal level plays above. Random play brings 0 to
    # 4 meeples home on medium (30 seeds); the planner brings about 40.
    planner = [sum(_solo_game(seed, "normal").delivered) for seed in (11, 12)]
    random = [sum(_solo_game(seed, "random").delivered) for seed in (11, 12)]
    assert min(planner) >= 2 * max(random), (planner, random)
    assert min(planner) >= 30


def test_a_passenger_card_counts_as_a_flight_only_where_its_seat_can_land():
    """The Marketplace's judgement of a team: a seat's passenger card bound for a continent
    where that seat holds no airport or Landing Rights of enough stars adds no flight, though
    a partner holds an airport there (cards never change hands)."""
    from flight_tui.games.connecting_flights.coop.bots.fly import Team
    from flight_tui.games.connecting_flights.coop.bots.market import DEMAND_PER_ROUND, strength
    from flight_tui.games.connecting_flights.core.chains import AP_CONT, AP_STARS, CARD_AIRPORT, PASS_CONT, PASS_STARS, PLANE_ELECTRIC, PLANE_STARS

    state = COOP.new_game(CoopConfig(players=2, difficulty="medium"), 1)
    state.round = 1
    team = Team(COOP.view(state, 0))
    passenger = next(q for q in range(len(PASS_CONT)) if PASS_STARS[q] == 1)
    plane = next(p for p in range(len(PLANE_STARS)) if PLANE_ELECTRIC[p] and PLANE_STARS[p] >= 1)
    home = next(c for c in range(len(CARD_AIRPORT)) if AP_CONT[CARD_AIRPORT[c]] != PASS_CONT[passenger])
    there = next(c for c in range(len(CARD_AIRPORT)) if AP_CONT[CARD_AIRPORT[c]] == PASS_CONT[passenger])
    for seat in team.seats:
        seat.airports, seat.planes, seat.passengers, seat.trucks, seat.rights = [], [], [], [], []
    flyer, partner = team.seats
    flyer.airports, flyer.planes, flyer.passengers = [home], [plane], [passenger]
    team.board = [[0] * len(row) for row in team.board]  # no meeple anywhere: only the cards count
    arrivals = [0.0] * len(AP_CONT)
    demand = DEMAND_PER_ROUND["low"]

    def worth(airports: list[int], rights: list[int], partner_airports: list[int]) -> float:
        flyer.airports, flyer.rights, partner.airports = airports, rights, partner_airports
        return strength(team, arrivals, demand)

    stranded = worth([home], [], [])
    assert worth([home], [], [there]) - stranded < 0.2  # the partner's airport: nowhere for this seat to land
    assert worth([home], [there], []) > stranded + 0.5  # its own Landing Rights there: a flight
    assert worth([home, there], [], []) > worth([home], [], [there]) + 0.5
    # A 2-star passenger lands only on an airport of two stars or more (rule 2).
    flyer.passengers = [next(q for q in range(len(PASS_CONT)) if PASS_STARS[q] == 2 and PASS_CONT[q] == PASS_CONT[passenger])]
    one_star = next(c for c in range(len(CARD_AIRPORT)) if AP_CONT[CARD_AIRPORT[c]] == PASS_CONT[passenger] and AP_STARS[CARD_AIRPORT[c]] == 1)
    two_stars = next(c for c in range(len(CARD_AIRPORT)) if AP_CONT[CARD_AIRPORT[c]] == PASS_CONT[passenger] and AP_STARS[CARD_AIRPORT[c]] >= 2)
    flyer.planes = [next(p for p in range(len(PLANE_STARS)) if PLANE_ELECTRIC[p] and PLANE_STARS[p] >= 2)]
    assert worth([home], [two_stars], []) > worth([home], [one_star], []) + 0.5
