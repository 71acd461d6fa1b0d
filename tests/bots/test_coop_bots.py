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
