"""Slot names, listing, deleting and the printed table of saves."""

from __future__ import annotations

import subprocess
import sys

import msgspec
import pytest

from flight_tui.saves import SaveEntry, SaveError, format_saves


@pytest.mark.parametrize("name", ["Friday night", "Ann vs bots (2)", "v1.2", "Flygning över Alperna", "a"])
def test_readable_names_are_accepted(store, make_table, name):
    store.save(name, make_table(1))
    assert store.load(name).seed == 1
    assert [e.slot for e in store.list_saves()] == [name]


@pytest.mark.parametrize(
    "name",
    ["", "   ", "a/b", "a\\b", "..", ".hidden", "ends.", "x" * 49, "a:b", "tab\there", "new\nline", "NUL", "com1.txt", "a*"],
)
def test_unsafe_names_are_refused(store, make_table, name):
    with pytest.raises(SaveError, match="name"):
        store.save(name, make_table(1))
    with pytest.raises(SaveError):
        store.load(name)
    assert not store.directory.exists() or not any(store.directory.iterdir())


def test_outer_spaces_are_trimmed(store, make_table):
    store.save("  padded  ", make_table(1))
    assert [e.slot for e in store.list_saves()] == ["padded"]


def test_autosave_names_are_reserved_for_autosaves(store, make_table):
    table = make_table(1)
    with pytest.raises(SaveError, match="kept for autosaves"):
        store.save("autosave-mine", table)
    slot = store.autosave(table)
    assert store.load(slot).seed == 1


def test_an_existing_slot_is_replaced_only_when_asked(store, make_table):
    store.save("slot", make_table(1))
    with pytest.raises(SaveError, match="exists already"):
        store.save("slot", make_table(2))
    assert store.load("slot").seed == 1
    store.save("slot", make_table(2), overwrite=True)
    assert store.load("slot").seed == 2


def test_delete_removes_the_save_and_its_backup(store, make_table):
    store.save("slot", make_table(1))
    store.save("slot", make_table(2), overwrite=True)
    store.save("other", make_table(3))
    store.delete("slot")
    assert sorted(p.name for p in store.directory.iterdir()) == [".other.json.lock", "other.json"]
    with pytest.raises(SaveError, match="no save with this name"):
        store.delete("slot")
    with pytest.raises(SaveError, match="no save with this name"):
        store.load("slot")


def test_listing_an_empty_or_missing_folder(store):
    assert store.list_saves() == [] and store.latest_autosave() is None
    assert format_saves([]) == "No saves yet."


def test_listing_is_newest_first_with_players_and_progress(store, make_table):
    store.save("older", make_table(1, players=2, steps=5))
    store.save("newer", make_table(2, players=4, steps=200))
    newer, older = store.list_saves()
    assert (newer.slot, older.slot) == ("newer", "older")
    assert newer.players == ["Ann", "Bob (Normal bot)", "Cleo (Hard bot)", "Dee (Easy bot)"]
    assert older.game == "flight" and older.title == "Flight" and not older.autosave
    assert older.progress.startswith("hand 1, turn ")


def test_a_broken_latest_autosave_is_what_continue_finds_not_an_older_game(store, make_table):
    good = store.autosave(make_table(1))
    broken = store.autosave(make_table(2))
    store.path(broken).write_bytes(b"{")
    latest = store.latest_autosave()
    assert latest.slot == broken and not latest.readable and latest.problem
    assert {e.slot: e.readable for e in store.list_saves()} == {good: True, broken: False}


def test_format_saves_shows_every_entry(store, make_table):
    store.save("my game", make_table(1))
    store.path("junk").write_bytes(b"hello")
    lines = format_saves(store.list_saves()).splitlines()
    good = lines[lines.index(next(line for line in lines if line.startswith("my game "))) + 1]
    assert good.startswith("  Flight · hand 1, turn ") and "Bob (Normal bot)" in good
    bad = lines[lines.index(next(line for line in lines if line.startswith("junk "))) + 1]
    assert "cannot be loaded" in bad and "not a flight-tui save" in bad


def test_entries_encode_to_json_and_back(store, make_table):
    store.save("slot", make_table(1))
    entries = store.list_saves()
    encoded = msgspec.json.encode(entries)
    assert msgspec.json.decode(encoded, type=list[SaveEntry]) == entries
    assert msgspec.json.decode(encoded)[0]["players"][1] == "Bob (Normal bot)"


def test_the_save_package_imports_no_ui():
    code = "import sys, flight_tui.saves; print('textual' in sys.modules or 'rich' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr
