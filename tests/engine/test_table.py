"""The table layer: submitting, the record, undo within a turn, change notifications."""

from __future__ import annotations

import msgspec
import pytest

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules.state import Discard, DrawDiscard, DrawPack, Play
from flight_tui.table import SeatSpec, Table


def encode(state) -> bytes:
    return msgspec.msgpack.encode(state)


def new_table(seed: int = 7) -> tuple[Table, list[int]]:
    table = Table(FLIGHT, FlightConfig(players=2), seed, [SeatSpec("human", "Ann"), SeatSpec("normal", "Bob")])
    changes: list[int] = []
    table.on_change = lambda t: changes.append(len(t.actions))
    return table, changes


def first_play_seed() -> tuple[int, Play]:
    """A seed where the first player, after taking the exposed card, has a card to lay."""
    for seed in range(200):
        table, _ = new_table(seed)
        table.submit(0, DrawDiscard())
        plays = [a for a in table.legal_actions(0) if isinstance(a, Play)]
        if plays:
            return seed, plays[0]
    raise AssertionError("no such seed")


def test_undo_takes_back_own_actions_of_the_turn_one_by_one():
    seed, play = first_play_seed()
    table, changes = new_table(seed)
    start = encode(table.state)
    table.submit(0, DrawDiscard())
    drawn = encode(table.state)
    table.submit(0, play)
    assert table.can_undo(0) and not table.can_undo(1)
    with pytest.raises(IllegalAction):
        table.undo(1)
    table.undo(0)
    assert encode(table.state) == drawn and len(table.actions) == 1
    table.undo(0)
    assert encode(table.state) == start and table.actions == []
    assert not table.can_undo(0)
    assert changes == [1, 2, 1, 0]


def test_undo_is_refused_after_a_card_from_the_pack_or_a_discard():
    table, _ = new_table()
    table.submit(0, DrawPack())
    assert not table.can_undo(0)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        table.undo(0)
    while table.to_act() == (0,):
        table.submit(0, table.legal_actions(0)[-1])
    assert isinstance(table.actions[-1][1], Discard)
    assert not table.can_undo(0) and not table.can_undo(1)


def test_an_illegal_action_is_not_recorded_and_changes_nothing():
    table, changes = new_table()
    before = encode(table.state)
    with pytest.raises(IllegalAction, match="not your turn"):
        table.submit(1, DrawPack())
    with pytest.raises(IllegalAction, match="Draw a card first"):
        table.submit(0, Discard(table.state.hands[0][0]))
    assert encode(table.state) == before and table.actions == [] and changes == []


def test_a_finished_game_takes_no_more_actions():
    table = Table(FLIGHT, FlightConfig(players=2, hands=1), 3, [SeatSpec("random", "A"), SeatSpec("random", "B")])
    while not table.is_over():
        (seat,) = table.to_act()
        table.submit(seat, table.legal_actions(seat)[0])
    with pytest.raises(IllegalAction, match="over"):
        table.submit(0, DrawPack())
    assert encode(table.replay()) == encode(table.state)
    assert table.log_lines(viewer=0)[-1].startswith("Match over")
