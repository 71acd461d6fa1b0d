"""Undo after resuming offers what it offered before the save (issue 9, item 7)."""

from __future__ import annotations

import msgspec

from flight_tui.table import Table

encode = msgspec.json.encode


def undo_all(table: Table, seat: int) -> list[bytes]:
    """Take back every action ``seat`` may; the positions passed through."""
    positions = []
    while table.can_undo(seat):
        table.undo(seat)
        positions.append(encode(table.state))
    return positions


def test_a_resumed_game_offers_the_same_undo_as_before_it_was_saved(store, make_table):
    offered = 0
    for seed in range(120):
        table = make_table(seed, players=2 + seed % 3, steps=1 + seed * 3)
        if table.is_over():
            continue
        resumed = store.load(store.autosave(table))
        seats = range(len(table.seats))
        assert [resumed.can_undo(s) for s in seats] == [table.can_undo(s) for s in seats], seed
        for seat in seats:
            offered += table.can_undo(seat)
            assert undo_all(resumed, seat) == undo_all(table, seat), seed
            assert resumed.actions == table.actions
        store.release(table)
    assert offered > 20
