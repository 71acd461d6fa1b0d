"""Two running copies of flight-tui on one data folder never damage each other's saves (issue 9, item 1)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import pytest
from other_copies import another_copy_playing, autosave_left_behind

from flight_tui.saves import SaveError, SaveStore
from flight_tui.saves.codec import decode

WRITER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[1])
    from conftest import random_table
    from flight_tui.saves import SaveStore

    store = SaveStore(sys.argv[2])
    tables = [random_table(int(sys.argv[3]) + i, steps=30 + 10 * i) for i in range(3)]
    for n in range(int(sys.argv[4])):
        store.save("shared", tables[n % 3], overwrite=True)
    """
)


def test_two_programs_writing_one_save_always_leave_a_complete_one(store, make_table):
    """Two writers at full speed: a reader always finds the file, complete (it was missing, empty or mixed)."""
    store.save("shared", make_table(1))
    here = os.path.dirname(__file__)
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, here, str(store.directory), str(seed), "150"], stderr=subprocess.PIPE)
        for seed in (10, 20)
    ]
    path = store.path("shared")
    reads = damaged = 0
    while any(writer.poll() is None for writer in writers):
        reads += 1
        try:
            decode(path.read_bytes(), "shared")
        except (OSError, SaveError):
            damaged += 1
    for writer in writers:
        assert writer.wait(timeout=120) == 0, writer.stderr.read().decode()
    assert reads > 50
    assert damaged == 0, f"{damaged} of {reads} reads found the save missing or damaged"
    assert store.load("shared")
    assert not [name for name in os.listdir(store.directory) if name.endswith(".tmp")]


def test_a_write_never_follows_a_link_planted_at_a_scratch_name(store, make_table, tmp_path):
    """Scratch files are created new (exclusively), never opened where something already is."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    store.save("slot", make_table(1))
    for name in (".slot.json.tmp", ".slot.json.bak"):
        (store.directory / name).symlink_to(victim)
    store.save("slot", make_table(2), overwrite=True)
    store.save("slot", make_table(3), overwrite=True)
    assert victim.read_text() == "precious"
    assert store.load("slot").seed == 3


def test_a_game_open_in_another_program_is_refused_with_a_clear_message(store, make_table):
    slot = autosave_left_behind(store.directory, make_table(1, steps=10))
    with another_copy_playing(store.directory, slot):
        for attempt in (lambda: SaveStore(store.directory).load(slot), lambda: SaveStore(store.directory).delete(slot)):
            with pytest.raises(SaveError, match="open in another flight-tui") as caught:
                attempt()
            assert caught.value.slot == slot and "Quit the game there first" in str(caught.value)
        assert store.list_saves()[0].readable  # still listed, and readable
    assert SaveStore(store.directory).load(slot).seed == 1  # free once the other program has quit


def test_the_game_is_free_again_once_the_program_closes_it(store, make_table):
    table = make_table(1, steps=10)
    slot = store.autosave(table)
    refused = subprocess.run(
        [sys.executable, "-c", f"from flight_tui.saves import SaveStore; SaveStore({str(store.directory)!r}).load({slot!r})"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "open in another flight-tui" in refused.stderr
    store.release(table)
    with another_copy_playing(store.directory, slot):
        with pytest.raises(SaveError, match="open in another flight-tui"):
            store.autosave(table)


def test_scratch_files_left_by_crashed_writes_are_removed_unless_their_save_is_being_written(store, make_table):
    store.save("mine", make_table(1))
    slot = autosave_left_behind(store.directory, make_table(2))
    left = [store.directory / ".mine.json.0123456789ab.tmp", store.directory / ".mine.json.tmp"]
    busy = store.directory / f".{slot}.json.ba9876543210.tmp"
    for scratch in [*left, busy]:
        scratch.write_bytes(b'{"format": "flight-tui save", "vers')
    old = time.time() - 3600
    for scratch in [*left, busy]:
        os.utime(scratch, (old, old))
    with another_copy_playing(store.directory, slot):
        SaveStore(store.directory).save("another", make_table(3))
        remaining = {p.name for p in store.directory.iterdir() if p.name.endswith(".tmp")}
    assert remaining == {busy.name}
