"""Writes are atomic, keep the previous version, and a failed load changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from flight_tui.saves import SaveError, atomic
from flight_tui.saves.codec import decode


def files(directory):
    return {p.name: p.read_bytes() for p in directory.iterdir()}


def test_backup_holds_the_previous_version(store, make_table, advance):
    table = make_table(1, steps=10)
    store.save("slot", table)
    first = store.path("slot").read_bytes()
    assert not store.path("slot").with_name("slot.json.bak").exists()
    advance(table, 5, 1)
    store.save("slot", table, overwrite=True)
    backup = store.path("slot").with_name("slot.json.bak").read_bytes()
    assert backup == first
    assert len(decode(backup, "slot").table.actions) == 10
    assert store.load("slot").actions == table.actions


def test_write_order_is_fsync_then_rename_then_directory_fsync(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(atomic.os, "replace", lambda a, b: (events.append(f"replace {os.path.basename(b)}"), real_replace(a, b)))
    target = tmp_path / "x.json"
    atomic.write_atomic(target, b"one")
    assert events == ["fsync", "replace x.json", "fsync"]
    events.clear()
    atomic.write_atomic(target, b"two")
    assert events == ["fsync", "replace x.json.bak", "replace x.json", "fsync"]
    assert target.read_bytes() == b"two" and (tmp_path / "x.json.bak").read_bytes() == b"one"


class Crash(BaseException):
    """The process dying: nothing after it runs."""


def test_crash_between_write_and_rename_leaves_the_old_save(store, make_table, advance, monkeypatch):
    table = make_table(2, steps=10)
    store.save("slot", table)
    old = store.path("slot").read_bytes()
    advance(table, 5, 2)
    real_replace = os.replace

    def crash_on_rename(src, dst):
        if str(dst).endswith("slot.json"):
            raise Crash
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", crash_on_rename)
    with pytest.raises(Crash):
        store.save("slot", table, overwrite=True)
    monkeypatch.undo()
    assert store.path("slot").read_bytes() == old
    assert len(store.load("slot").actions) == 10
    assert [e.slot for e in store.list_saves()] == ["slot"]
    store.save("slot", table, overwrite=True)
    assert store.load("slot").actions == table.actions


def test_process_killed_before_rename_leaves_the_old_save(store, make_table, advance):
    table = make_table(3, steps=10)
    store.save("slot", table)
    old = store.path("slot").read_bytes()
    script = textwrap.dedent(
        f"""
        import os, sys
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        from conftest import random_table
        from flight_tui.saves import SaveStore, atomic
        real_replace = os.replace
        def die(src, dst):
            if str(dst).endswith("slot.json"):
                os._exit(9)
            real_replace(src, dst)
        atomic.os.replace = die
        SaveStore({str(store.directory)!r}).save("slot", random_table(3, steps=30), overwrite=True)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert result.returncode == 9, result.stderr.decode()
    assert store.path("slot").read_bytes() == old
    assert len(store.load("slot").actions) == 10
    assert any(name.endswith(".tmp") for name in files(store.directory))
    assert [e.slot for e in store.list_saves()] == ["slot"]


def test_failed_load_changes_no_file(store, make_table):
    store.save("slot", make_table(4, steps=10))
    store.save("slot", make_table(4, steps=20), overwrite=True)
    path = store.path("slot")
    path.write_bytes(path.read_bytes()[:100])
    before = files(store.directory)
    with pytest.raises(SaveError):
        store.load("slot")
    store.list_saves()
    assert files(store.directory) == before


def test_damaged_save_with_a_good_backup_can_be_restored(store, make_table):
    store.save("slot", make_table(5, steps=10))
    store.save("slot", make_table(5, steps=20), overwrite=True)
    path = store.path("slot")
    damaged = path.read_bytes()[:-7]
    path.write_bytes(damaged)
    with pytest.raises(SaveError) as caught:
        store.load("slot")
    assert caught.value.backup_readable and "backup" in str(caught.value)
    [entry] = store.list_saves()
    assert entry.problem and entry.backup_readable

    table = store.restore_backup("slot")
    assert len(table.actions) == 10
    assert len(store.load("slot").actions) == 10
    kept = [p for p in store.directory.iterdir() if ".broken-" in p.name]
    assert [p.read_bytes() for p in kept] == [damaged]
    assert store.list_saves()[0].readable


def test_restore_without_a_good_backup_says_so(store, make_table):
    store.save("slot", make_table(6))
    with pytest.raises(SaveError, match="no backup"):
        store.restore_backup("slot")
    store.save("slot", make_table(6), overwrite=True)
    store.path("slot").with_name("slot.json.bak").write_bytes(b"{}")
    with pytest.raises(SaveError, match="backup copy cannot be loaded either"):
        store.restore_backup("slot")
    assert store.load("slot")


def test_missing_main_file_with_a_backup_is_listed_and_restorable(store, make_table):
    store.save("slot", make_table(7, steps=10))
    store.save("slot", make_table(7, steps=20), overwrite=True)
    store.path("slot").unlink()
    [entry] = store.list_saves()
    assert entry.slot == "slot" and "missing" in entry.problem and entry.backup_readable
    assert len(store.restore_backup("slot").actions) == 10


def test_write_failure_is_a_save_error(tmp_path, make_table):
    (tmp_path / "blocked").write_text("a file where the folder should be")
    from flight_tui.saves import SaveStore

    with pytest.raises(SaveError, match="could not be written") as caught:
        SaveStore(tmp_path / "blocked").save("slot", make_table(1))
    assert caught.value.slot == "slot"


def test_unreadable_path_is_a_save_error(store, make_table):
    store.save("ok", make_table(1))
    store.path("dir").mkdir()
    with pytest.raises(SaveError, match="cannot be read"):
        store.load("dir")
    assert {e.slot: e.readable for e in store.list_saves()} == {"ok": True, "dir": False}



def test_a_full_disk_leaves_the_old_save_and_no_scratch_file(store, make_table, monkeypatch):
    import errno

    store.save("slot", make_table(8, steps=10))
    before = files(store.directory)

    def disk_full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", disk_full)
    with pytest.raises(SaveError, match="could not be written") as caught:
        store.save("slot", make_table(8, steps=20), overwrite=True)
    assert caught.value.slot == "slot"
    assert files(store.directory) == before


def crash_at_call(monkeypatch, module, name: str, number: int) -> list[str]:
    """Make the ``number``-th call of ``module.name`` crash the process; the calls made are listed."""
    real = getattr(module, name)
    calls: list[str] = []

    def call(*args, **kwargs):
        calls.append(os.path.basename(str(args[-1])))
        if len(calls) == number:
            raise Crash
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, call)
    return calls


def no_hard_links(monkeypatch) -> None:
    """A file system without hard links (FAT, exFAT, some network folders)."""
    import errno

    def refuse(*args, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)


def test_without_hard_links_a_crash_at_any_rename_leaves_a_complete_save(store, make_table, advance, monkeypatch):
    """Issue 9, item 4: the renames are ordered so that a complete save is always in place."""
    table = make_table(9, steps=10)
    store.save("slot", table)
    store.save("slot", table, overwrite=True)
    old = list(table.actions)
    advance(table, 5, 9)
    number = 1
    while True:
        with monkeypatch.context() as patch:
            no_hard_links(patch)
            calls = crash_at_call(patch, os, "replace", number)
            try:
                store.save("slot", table, overwrite=True)
            except Crash:
                pass
        assert store.load("slot").actions in (old, table.actions), (number, calls)
        assert [e.slot for e in store.list_saves() if e.readable] == ["slot"]
        if len(calls) < number:
            break
        store.save("slot", make_table(9, steps=10), overwrite=True)
        number += 1
    assert number > 2
    assert len(store.load("slot").actions) == len(table.actions)
    assert len(decode(store.path("slot").with_name("slot.json.bak").read_bytes(), "slot").table.actions) == 10


def test_a_save_left_only_in_its_scratch_file_is_recovered_on_load(store, make_table, advance):
    """An earlier version, killed between its two renames, left no main file and the new save in ``.<slot>.json.tmp``."""
    table = make_table(10, steps=10)
    store.save("slot", table)
    path = store.path("slot")
    os.replace(path, path.with_name("slot.json.bak"))
    advance(table, 6, 10)
    store.save("newer", table)
    os.replace(store.path("newer"), store.directory / ".slot.json.tmp")
    [entry] = store.list_saves()
    assert entry.slot == "slot" and entry.readable and entry.progress
    assert store.load("slot").actions == table.actions
    assert decode(path.read_bytes(), "slot").table.actions == table.actions
    assert not (store.directory / ".slot.json.tmp").exists()


def test_removing_a_finished_games_autosave_survives_a_crash_at_any_step(tmp_path, make_table, advance, monkeypatch):
    """Issue 9, item 5: a crash part way through leaves the last save whole, or nothing; never an orphan backup."""
    from flight_tui.saves import SaveStore

    number = 1
    while True:
        store = SaveStore(tmp_path / f"crash at unlink {number}")
        table = make_table(11, players=2, steps=30, hands=1)
        slot = store.autosave(table)
        advance(table, 5, 11)
        store.autosave(table)
        (store.directory / f".{slot}.json.0123456789ab.tmp").write_bytes(b"left by a crash")
        advance(table, 10_000, 11)
        assert table.is_over()
        with monkeypatch.context() as patch:
            calls = crash_at_call(patch, os, "unlink", number)
            try:
                store.autosave(table)
            except Crash:
                pass
        entries = store.list_saves()
        assert all(entry.readable for entry in entries), (number, calls, entries)
        if len(calls) < number:
            assert entries == []
            break
        number += 1
    assert number > 3
