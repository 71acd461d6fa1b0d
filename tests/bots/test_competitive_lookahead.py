"""Hard's lookahead in the competitive mode's last round: the states it samples look to its
seat exactly like its view, and its round-10 bids and buys end the game better against Normal
than the moves it made without the lookahead."""

from __future__ import annotations

import functools

import msgspec

from flight_tui.bots import make_bot
from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.bots.lookahead import determinize, play_out, utility
from flight_tui.games.connecting_flights.competitive.bots.player import CompetitiveBot
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules import CompetitiveConfig
from flight_tui.games.connecting_flights.competitive.rules.state import BIDDING, FLY, MARKET

GAME = "connecting-flights"


def _play(players: int, seed: int, levels: tuple[str, ...], keep) -> list:
    """Copies of the states of one game that ``keep`` picks."""
    state = R.new_game(CompetitiveConfig(players=players), seed)
    bots = [make_bot(GAME, levels[s % len(levels)], seed + s) for s in range(players)]
    out = []
    while not R.is_over(state):
        seat = R.to_act(state)[0]
        if keep(state, seat):
            out.append(R.clone(state))
        R.apply(state, seat, bots[seat].choose(R.view(state, seat)))
    return out


def test_a_sampled_state_looks_to_its_seat_exactly_like_its_view():
    """Outside set-up and the Fly phase, the view of a determinized state is the view it was
    sampled from (the log aside), in every phase and with two and three players."""
    seen = set()
    for players in (2, 3):
        positions = _play(players, 40 + players, ("easy", "random"), lambda s, seat: s.round > 0 and s.phase != FLY)
        for i, state in enumerate(positions[::3]):
            seat = R.to_act(state)[0]
            view = R.view(state, seat)
            sampled = R.view(determinize(view, Rng.from_seed(i)), seat)
            assert msgspec.structs.replace(sampled, log=[]) == msgspec.structs.replace(view, log=[])
            seen.add(state.phase)
    assert {BIDDING, MARKET} <= seen


@functools.cache
def _last_round_positions() -> list:
    """Round 10's bids and Marketplace turns of Normal games (two players) with a choice."""
    out = []
    for g in range(2):
        out += _play(
            2, 1300 + g, ("normal",),
            lambda s, seat: s.round == 10 and s.phase in (BIDDING, MARKET) and len(R.legal_actions(s, seat)) > 1,
        )
    return out


def _ending(state, seat: int, action) -> float:
    """How the game ends for ``seat`` after ``action``, Normal playing every move after it."""
    trial = R.clone(state)
    R.apply(trial, seat, action)
    play_out(trial, make_bot(GAME, "normal", 0).choose)
    return utility(trial, seat)


def test_in_round_10_hard_bids_and_buys_what_ends_the_game_best_against_normal():
    """At every round-10 bid and Marketplace turn Hard's move ends the game (Normal playing on
    in every seat) at least as well as the move it made without the lookahead, and better at
    some: it wins a game it lost, or by more."""
    hard = make_bot(GAME, "hard", 3)
    blind = CompetitiveBot("hard", 3)
    blind.cfg = msgspec.structs.replace(blind.cfg, lookahead=0)
    better = 0
    positions = _last_round_positions()
    assert len(positions) >= 10
    for state in positions:
        seat = R.to_act(state)[0]
        view = R.view(state, seat)
        chosen, unaided = hard.choose(view), blind.choose(view)
        if chosen == unaided:
            continue  # the same move ends the same game: Normal's play after it is deterministic
        ahead, before = _ending(state, seat, chosen), _ending(state, seat, unaided)
        assert ahead >= before
        better += ahead > before
    assert better >= 1
