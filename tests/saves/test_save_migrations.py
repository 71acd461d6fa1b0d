"""Older save layouts are upgraded on load; newer ones are refused with a clear message."""

from __future__ import annotations

import msgspec
import pytest

from flight_tui.saves import CURRENT_VERSION, SaveError
from flight_tui.saves.migrations import MIGRATIONS, upgrade


def as_version_0(current: bytes) -> bytes:
    """The same save in the version-0 layout (see ``migrations._v0_to_v1``)."""
    doc = msgspec.json.decode(current)
    return msgspec.json.encode(
        {
            "format": doc["format"],
            "version": 0,
            "game": doc["game"],
            "saved": doc["updated"],
            "players": [[seat["kind"], seat["name"]] for seat in doc["seats"]],
            "seed": doc["seed"],
            "config": doc["config"],
            "moves": [{"seat": seat, "action": action} for seat, action in doc["actions"]],
            "state": doc["state"],
        }
    )


def test_every_old_version_has_a_step_to_the_next():
    assert set(MIGRATIONS) == set(range(CURRENT_VERSION))


def test_a_version_0_save_loads_as_the_same_game(store, make_table):
    table = make_table(21, players=4, steps=70)
    store.save("new layout", table)
    old = as_version_0(store.path("new layout").read_bytes())
    store.path("old layout").write_bytes(old)

    loaded = store.load("old layout")
    assert loaded.actions == table.actions and loaded.seats == table.seats
    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(table.state)
    assert store.path("old layout").read_bytes() == old  # loading rewrites nothing
    entry = {e.slot: e for e in store.list_saves()}["old layout"]
    assert entry.readable and entry.created == entry.updated

    store.save("old layout", loaded, overwrite=True)
    assert msgspec.json.decode(store.path("old layout").read_bytes())["version"] == CURRENT_VERSION


def test_upgrade_reaches_the_current_layout(store, make_table):
    store.save("s", make_table(2))
    current = msgspec.json.decode(store.path("s").read_bytes())
    upgraded = upgrade(msgspec.json.decode(as_version_0(store.path("s").read_bytes())))
    assert upgraded["version"] == CURRENT_VERSION
    assert {k: v for k, v in upgraded.items() if k != "created"} == {k: v for k, v in current.items() if k != "created"}


def test_a_damaged_old_save_cannot_be_upgraded(store, make_table):
    store.save("s", make_table(3))
    doc = msgspec.json.decode(as_version_0(store.path("s").read_bytes()))
    del doc["moves"]
    store.path("broken old").write_bytes(msgspec.json.encode(doc))
    with pytest.raises(SaveError, match="old save format 0 and is damaged"):
        store.load("broken old")


def test_a_save_from_a_newer_program_says_so(store, make_table):
    store.save("s", make_table(4))
    doc = msgspec.json.decode(store.path("s").read_bytes())
    doc["version"] = CURRENT_VERSION + 3
    doc["new_field"] = {"whatever": [1, 2]}
    store.path("from the future").write_bytes(msgspec.json.encode(doc))
    with pytest.raises(SaveError) as caught:
        store.load("from the future")
    assert "made by a newer flight-tui" in str(caught.value) and "'from the future'" in str(caught.value)


def as_version_1_without(current: bytes, field: str) -> bytes:
    """The same save at version 1, its position lacking ``field`` wherever it appears (as before it existed)."""

    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != field}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    doc = msgspec.json.decode(current)
    doc["version"] = 1
    doc["state"] = strip(doc["state"])
    return msgspec.json.encode(doc)


def test_a_version_1_position_is_checked_on_the_fields_it_recorded(store, make_table):
    table = make_table(5, players=2, steps=400, hands=3)
    assert table.state.hand_results, "the game must have finished a hand, whose result now records its turns"
    store.save("s", table)
    store.path("v1").write_bytes(as_version_1_without(store.path("s").read_bytes(), "turns"))
    loaded = store.load("v1")
    assert msgspec.json.encode(loaded.state) == msgspec.json.encode(table.state)


def test_a_version_1_position_that_disagrees_with_its_moves_is_refused(store, make_table):
    table = make_table(6, players=2, steps=60)
    store.save("s", table)
    doc = msgspec.json.decode(as_version_1_without(store.path("s").read_bytes(), "turns"))
    doc["state"]["turn_no"] += 1
    store.path("tampered").write_bytes(msgspec.json.encode(doc))
    with pytest.raises(SaveError, match="do not agree"):
        store.load("tampered")
