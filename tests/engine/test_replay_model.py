"""The replay model: any position from the seed and the actions, cheaply in both directions;
turns, rounds and the last move; its table refuses moves."""

from __future__ import annotations

import random

import msgspec
import pytest

from flight_tui.bots import make_bot
from flight_tui.engine.errors import IllegalAction
from flight_tui.games import get_rules
from flight_tui.table import Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver
from flight_tui.table.replay import SNAPSHOT_EVERY, Replay

GAMES = {"flight": 3, "passaportas": 4, "connecting-flights": 3, "connecting-flights-coop": 2}


def played(game: str, moves: int = 120) -> Table:
    rules = get_rules(game)
    players = GAMES[game]
    table = Table(rules, rules.make_config(players, {}), 11, [parse_seat("random", seat) for seat in range(players)], undo=False)
    driver = TurnDriver(table, [BotSeat(make_bot(game, "random", seat)) for seat in range(players)])
    while len(table.actions) < moves and driver.step() is not None:
        pass
    return table


def state_after(table: Table, moves: int):
    return Table(table.rules, table.config, table.seed, table.seats, actions=table.actions[:moves]).replay()


def same(a, b) -> bool:
    return msgspec.json.encode(a) == msgspec.json.encode(b)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_position_in_any_order_is_the_state_after_that_many_moves(game):
    table = played(game)
    replay = Replay.of(table)
    assert replay.length == len(table.actions) > 2 * SNAPSHOT_EVERY
    assert same(replay.state, table.state)
    order = list(range(replay.length + 1))
    random.Random(3).shuffle(order)
    for position in [*order[:25], 0, replay.length, replay.length - 1, 1]:
        assert same(replay.go(position), state_after(table, position)), position
    assert replay.go(-5) is replay.state and replay.position == 0
    replay.go(replay.length + 5)
    assert replay.position == replay.length


def test_turns_begin_where_the_acting_seat_changes_and_rounds_where_the_round_does():
    table = played("passaportas")
    replay = Replay.of(table)
    seats = [seat for seat, _ in table.actions]
    assert replay.turn_starts[0] == 0
    assert all(seats[k] != seats[k - 1] for k in replay.turn_starts[1:])
    assert len(replay.turn_starts) == 1 + sum(seats[k] != seats[k - 1] for k in range(1, len(seats)))
    assert replay.round_word == "round" and replay.round_starts
    for k in replay.round_starts:
        assert state_after(table, k).round_no == state_after(table, k - 1).round_no + 1
    starts = replay.turn_starts
    turn = next(k for k in range(1, len(starts) - 1) if starts[k + 1] - starts[k] >= 2)  # a turn of several moves
    replay.go(starts[turn] + 1)
    assert replay.previous_turn() == starts[turn] and replay.next_turn() == starts[turn + 1]
    replay.go(starts[turn])
    assert replay.previous_turn() == starts[turn - 1]
    replay.go(0)
    assert replay.next_round() == replay.round_starts[0] and replay.previous_round() == 0


def test_flight_counts_hands_and_the_last_move_is_told_with_its_events():
    table = played("flight")
    replay = Replay.of(table)
    assert replay.round_word == "hand" and replay.rounds[0] == 1
    replay.go(0)
    assert replay.last_move() is None
    replay.go(5)
    seat, events = replay.last_move()
    assert seat == table.actions[4][0]
    before = state_after(table, 4)
    assert events == list(table.rules.apply(before, seat, table.actions[4][1]).events)


def test_the_replay_s_table_asks_nobody_and_refuses_moves():
    table = played("flight", moves=10)
    replay = Replay.of(table)
    shown = replay.table()
    assert TurnDriver(shown, shown.seat_controllers).people == ()
    seat = shown.to_act()[0]
    with pytest.raises(IllegalAction, match="replay"):
        shown.submit(seat, shown.legal_actions(seat)[0])
    with pytest.raises(IllegalAction, match="replay"):
        shown.undo(seat)
    assert shown.actions == [] and same(shown.state, table.state)
