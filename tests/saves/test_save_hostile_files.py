"""Hostile files in the saves folder never crash, hang or exhaust the program (issue 9, item 3)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import msgspec
import pytest

from flight_tui.saves import SaveError

NESTED = b"[" * 1000 + b"]" * 1000
MAX_SAVE_BYTES = 16 * 1024 * 1024
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, devices and byte file names are POSIX things")


def save_like(**fields) -> bytes:
    """A file that starts like a save, with ``fields`` as raw JSON values."""
    document = {
        "format": b'"flight-tui save"',
        "version": b"2",
        "game": b'"flight"',
        "created": b'"2025-01-01T00:00:00Z"',
        "updated": b'"2025-01-01T00:00:00Z"',
        "seats": b"[]",
        "seed": b"1",
        "config": b"{}",
        "actions": b"[]",
        "state": b"{}",
    }
    document.update(fields)
    return b"{" + b",".join(b'"%s":%s' % (key.encode(), value) for key, value in document.items()) + b"}"


def flight_tui_saves_json(data_dir) -> subprocess.CompletedProcess:
    """``flight-tui saves --json`` in another process, with a memory limit and a time limit."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run(
        [sys.executable, "-m", "flight_tui", "--data-dir", str(data_dir), "saves", "--json"],
        capture_output=True,
        timeout=60,
        preexec_fn=limit_memory,
    )


@pytest.mark.parametrize("where", ["state", "format", "extra", "seats"])
@pytest.mark.parametrize("version", [b"1", b"2"])
def test_deeply_nested_data_is_a_save_error_naming_the_slot(store, where, version):
    store.directory.mkdir(parents=True)
    data = save_like(version=version, **{where: NESTED})
    store.path("autosave-x").write_bytes(data)
    with pytest.raises(SaveError) as caught:
        store.load("autosave-x")
    assert caught.value.slot == "autosave-x"
    assert "damaged" in caught.value.reason or "not a flight-tui save" in caught.value.reason
    [entry] = store.list_saves()
    assert entry.problem and store.latest_autosave().slot == "autosave-x"


def test_a_fifo_named_like_a_save_does_not_hang_the_listing(tmp_path):
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    os.mkfifo(saves / "autosave-x.json")
    result = flight_tui_saves_json(tmp_path / "data")
    assert result.returncode == 0, result.stderr.decode()
    [entry] = json.loads(result.stdout)
    assert entry["slot"] == "autosave-x" and "not a regular file" in entry["problem"]


def test_a_link_to_an_endless_device_is_refused_without_reading_it(tmp_path):
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    (saves / "autosave-z.json").symlink_to("/dev/zero")
    result = flight_tui_saves_json(tmp_path / "data")
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    [entry] = json.loads(result.stdout)
    assert "not a regular file" in entry["problem"]


def test_a_file_larger_than_any_save_is_not_read(store):
    store.directory.mkdir(parents=True)
    with open(store.path("huge"), "wb") as file:
        file.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveError, match="larger than 16 MB") as caught:
        store.load("huge")
    assert caught.value.slot == "huge"


def test_a_file_name_that_is_not_utf8_is_listed_and_printed(store, make_table, capsys):
    from flight_tui.cli import main

    store.save("fine", make_table(1))
    with open(os.path.join(os.fsencode(store.directory), b"caf\xe9\x1b[2J.json"), "wb") as file:
        file.write(b"{}")
    assert main(["--data-dir", str(store.directory.parent), "saves", "--json"]) == 0
    entries = {entry["slot"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert set(entries) == {"fine", "caf\ufffd?[2J"}
    assert "rename the file" in entries["caf\ufffd?[2J"]["problem"]
    assert main(["--data-dir", str(store.directory.parent), "saves"]) == 0
    assert "\x1b" not in capsys.readouterr().out


def test_a_folder_where_the_backup_goes_does_not_stop_autosaving(store, make_table, advance):
    table = make_table(1, steps=5)
    slot = store.autosave(table)
    backup = store.path(slot).with_name(f"{slot}.json.bak")
    backup.unlink(missing_ok=True)
    backup.mkdir()
    for _ in range(3):
        advance(table, 3, 1)
        assert store.autosave(table) == slot
    store.release(table)
    assert store.load(slot).actions == table.actions


@pytest.mark.parametrize(
    ("name", "why"),
    [("A" * 17, "longer than 16 characters"), ("\x1b[31mRed", "control characters"), ("Tab\there", "control characters")],
)
def test_seat_names_are_capped_on_load_as_on_input(store, make_table, name, why):
    from flight_tui.table import parse_seat

    with pytest.raises(ValueError, match=why):
        parse_seat(f"human:{name}", 0)
    store.save("slot", make_table(1))
    document = msgspec.json.decode(store.path("slot").read_bytes())
    document["seats"][1]["name"] = name
    store.path("slot").write_bytes(msgspec.json.encode(document))
    with pytest.raises(SaveError, match=why) as caught:
        store.load("slot")
    assert "seat 2" in caught.value.reason


def test_strings_from_a_file_are_cut_short_in_messages(store, make_table):
    store.save("slot", make_table(1))
    document = msgspec.json.decode(store.path("slot").read_bytes())
    document["game"] = "x" * 100_000
    store.path("slot").write_bytes(msgspec.json.encode(document))
    with pytest.raises(SaveError, match="which this version of flight-tui does not have") as caught:
        store.load("slot")
    assert len(str(caught.value)) < 400
