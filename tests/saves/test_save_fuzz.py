"""Loading damaged, foreign or tampered files: always a SaveError naming the slot."""

from __future__ import annotations

import random

import msgspec
import pytest

from flight_tui.saves import CURRENT_VERSION, SaveError
from flight_tui.saves.codec import FOREIGN, INCONSISTENT, TRUNCATED
from flight_tui.table import Table

SLOT = "fuzzed game"


def attempt(store, data: bytes) -> Table | SaveError:
    """Load ``data`` as a slot: a table, or the SaveError (any other exception fails)."""
    store.directory.mkdir(parents=True, exist_ok=True)
    path = store.path(SLOT)
    # A new file each time: truncating the old one in place costs milliseconds on some disks
    # (freeing its blocks), which thousands of attempts turn into most of this file's time.
    path.unlink(missing_ok=True)
    path.write_bytes(data)
    try:
        return store.load(SLOT)
    except SaveError as error:
        assert error.slot == SLOT and f"'{SLOT}'" in str(error)
        return error


def failure(store, data: bytes) -> str:
    result = attempt(store, data)
    assert isinstance(result, SaveError), "a damaged file loaded"
    return result.reason


@pytest.fixture
def good(store, make_table) -> bytes:
    store.save(SLOT, make_table(11, steps=60))
    data = store.path(SLOT).read_bytes()
    store.delete(SLOT)
    return data


def document(data: bytes) -> dict:
    return msgspec.json.decode(data)


def test_the_fixture_file_loads(store, good):
    assert isinstance(attempt(store, good), Table)


def test_truncated_at_every_offset(store, good):
    assert failure(store, b"") == "the file is empty."
    for cut in range(1, len(good)):
        reason = failure(store, good[:cut])
        assert reason == TRUNCATED or good[:cut].isspace(), (cut, reason)


def test_random_bytes(store):
    rng = random.Random(1)
    for _ in range(300):
        data = rng.randbytes(rng.randrange(1, 400))
        failure(store, data)


def test_bit_flips_either_load_consistently_or_fail_cleanly(store, good):
    rng = random.Random(2)
    failures = 0
    for _ in range(1500):
        data = bytearray(good)
        for _ in range(rng.choice((1, 1, 2, 8))):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        result = attempt(store, bytes(data))
        if isinstance(result, Table):
            assert msgspec.json.encode(result.replay()) == msgspec.json.encode(result.state)
        else:
            failures += 1
    assert failures > 1000


def test_changed_digits_either_load_consistently_or_fail_cleanly(store, good):
    rng = random.Random(3)
    digits = [i for i, b in enumerate(good) if chr(b).isdigit()]
    for _ in range(1000):
        data = bytearray(good)
        data[rng.choice(digits)] = ord(rng.choice("0123456789"))
        result = attempt(store, bytes(data))
        if isinstance(result, Table):
            assert msgspec.json.encode(result.replay()) == msgspec.json.encode(result.state)


@pytest.mark.parametrize(
    "data",
    [
        b"{}",
        b"[]",
        b'"flight"',
        b"null",
        b"42",
        b'{"name": "flight-tui", "version": "1.0.0", "dependencies": {}}',
        b'{"format": "some other save", "version": 1}',
        msgspec.msgpack.encode({"format": "flight-tui save", "version": 1}),
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        "{}".encode("utf-16"),
        b"[" * 100_000,
        b"[" * 5000 + b"]" * 5000,
        b'{"format": "flight-tui save\xff\xfe", "version": 1}',
    ],
    ids=["empty-object", "array", "string", "null", "number", "package-json", "other-format", "msgpack",
         "png", "utf16", "unclosed-nesting", "deep-nesting", "bad-utf8"],
)
def test_foreign_files(store, data):
    assert failure(store, data) in (FOREIGN, TRUNCATED)


def test_a_newer_version_says_so(store, good):
    doc = document(good)
    doc["version"] = CURRENT_VERSION + 1
    doc["state"] = {"something": "new"}
    reason = failure(store, msgspec.json.encode(doc))
    assert "newer flight-tui" in reason and str(CURRENT_VERSION + 1) in reason


@pytest.mark.parametrize("version", [None, "1", -1, 1.0, True, 10**30])
def test_a_wrong_version_field_is_damage(store, good, version):
    doc = document(good)
    doc["version"] = version
    reason = failure(store, msgspec.json.encode(doc))
    assert "damaged" in reason or "newer" in reason


def test_an_unknown_game_says_so(store, good):
    doc = document(good)
    doc["game"] = "backgammon"
    assert "'backgammon'" in failure(store, msgspec.json.encode(doc))


def tampered(good: bytes, change) -> bytes:
    doc = document(good)
    change(doc)
    return msgspec.json.encode(doc)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["state"]["scores"].__setitem__(0, 99),
        lambda d: d["state"]["hands"][0].reverse(),
        lambda d: d["state"]["pack"].pop(),
        lambda d: d.__setitem__("seed", d["seed"] + 1),
        lambda d: d["actions"].pop(),
        lambda d: d["actions"].pop(3),
        lambda d: d["actions"].append(d["actions"][-1]),
        lambda d: d["actions"].__setitem__(0, [1, d["actions"][0][1]]),
        lambda d: d["config"].__setitem__("max_turns", 3),
        lambda d: d["config"].__setitem__("players", 9),
    ],
    ids=["score", "hand-order", "pack", "seed", "last-action", "middle-action", "extra-action",
         "seat-of-action", "config", "impossible-config"],
)
def test_tampered_saves_are_inconsistent(store, good, change):
    reason = failure(store, tampered(good, change))
    assert INCONSISTENT in reason or "damaged" in reason


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["seats"].pop(),
        lambda d: d["seats"][0].__setitem__("kind", "wizard"),
        lambda d: d["seats"][0].__setitem__("name", ""),
        lambda d: d.__setitem__("created", "yesterday"),
        lambda d: d.__setitem__("updated", "2025-01-01T12:00:00"),
        lambda d: d.pop("state"),
        lambda d: d["actions"].__setitem__(0, [0, {"type": "teleport"}]),
        lambda d: d["actions"].__setitem__(0, "draw"),
        lambda d: d.__setitem__("seed", "seven"),
    ],
)
def test_malformed_fields_are_damage(store, good, change):
    assert "damaged" in failure(store, tampered(good, change))


def test_a_broken_slot_does_not_hide_the_others(store, make_table):
    for name, seed in (("alpha", 1), ("beta", 2), ("gamma", 3)):
        store.save(name, make_table(seed))
    store.path("beta").write_bytes(b"\x00garbage")
    entries = {e.slot: e for e in store.list_saves()}
    assert set(entries) == {"alpha", "beta", "gamma"}
    assert entries["beta"].problem == FOREIGN and entries["beta"].updated is not None
    assert entries["alpha"].readable and entries["gamma"].readable
    assert store.load("alpha") and store.load("gamma")
