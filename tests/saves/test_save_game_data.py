"""Saves record the fingerprint of the game data they were made with, so a save whose moves no
longer lead to its position is refused as "made with other game data" when the data differ,
and as damaged when they do not."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec
import pytest

from flight_tui.games import get_spec
from flight_tui.saves import SaveError, SaveStore
from flight_tui.saves.codec import INCONSISTENT, OTHER_DATA, UNKNOWN_DATA
from flight_tui.saves.fingerprint import game_data_fingerprint

EXAMPLES = Path(__file__).parents[2] / "saves"


@pytest.fixture
def competitive(tmp_path: Path) -> SaveStore:
    """A store holding the competitive example save of the current format as slot "game"."""
    store = SaveStore(tmp_path)
    shutil.copy(EXAMPLES / "connecting-flights-v3.json", store.path("game"))
    return store


def rewrite(store: SaveStore, slot: str, change) -> None:
    doc = msgspec.json.decode(store.path(slot).read_bytes())
    change(doc)
    store.path(slot).write_bytes(msgspec.json.encode(doc))


def moved_coin(doc: dict) -> None:
    """The saved position no longer what the moves lead to (one coin more for the first airline)."""
    doc["state"]["holdings"][0]["coins"] += 1


def test_a_save_names_the_fingerprint_of_the_data_its_game_was_made_with(competitive: SaveStore):
    doc = msgspec.json.decode(competitive.path("game").read_bytes())
    assert doc["game_data"] == game_data_fingerprint("connecting-flights") != ""
    assert competitive.load("game").rules.name == "connecting-flights"


def test_the_fingerprint_changes_with_any_data_file_and_games_without_data_have_none():
    assert game_data_fingerprint("flight") == ""
    fingerprints = {game_data_fingerprint(g) for g in ("passaportas", "connecting-flights-coop", "connecting-flights")}
    assert len(fingerprints) == 3
    assert all("data/world.toml" in f for f in get_spec("connecting-flights").data_files[:1])


def test_a_save_made_with_other_game_data_is_refused_as_such(competitive: SaveStore):
    rewrite(competitive, "game", lambda doc: (moved_coin(doc), doc.update(game_data="0123456789abcdef")))
    with pytest.raises(SaveError) as caught:
        competitive.load("game")
    assert OTHER_DATA in str(caught.value) and "damaged" not in str(caught.value)


def test_a_save_made_with_other_game_data_whose_moves_still_replay_loads(competitive: SaveStore):
    rewrite(competitive, "game", lambda doc: doc.update(game_data="0123456789abcdef"))
    assert competitive.load("game").rules.name == "connecting-flights"


def test_a_changed_save_with_this_versions_data_is_damaged(competitive: SaveStore):
    rewrite(competitive, "game", moved_coin)
    with pytest.raises(SaveError) as caught:
        competitive.load("game")
    assert INCONSISTENT in str(caught.value)


def test_an_older_save_that_does_not_replay_may_be_either(tmp_path: Path):
    store = SaveStore(tmp_path)
    shutil.copy(EXAMPLES / "connecting-flights-v2.json", store.path("old"))
    rewrite(store, "old", moved_coin)
    with pytest.raises(SaveError) as caught:
        store.load("old")
    assert UNKNOWN_DATA in str(caught.value)


def test_an_older_competitive_save_loads_with_the_leaderboards_coins_of_its_replay(tmp_path: Path):
    """Format 2 kept no coins per round in the position: they come from the replay."""
    store = SaveStore(tmp_path)
    shutil.copy(EXAMPLES / "connecting-flights-v2.json", store.path("old"))
    table = store.load("old")
    assert "coins_after" not in msgspec.json.decode(store.path("old").read_bytes())["state"]
    assert len(table.state.coins_after) == len(table.state.history) > 0
