"""The history of finished games: kept once, bounded, read back, and kept through damage."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import msgspec
import pytest
from finished_games import finished_game

from flight_tui.history import GameRecord, HistoryError, HistoryStore, standings
from flight_tui.history.store import GAMES, INDEX


def ids(store: HistoryStore) -> list[str]:
    return [record.id for record in store.read().records]


def test_a_finished_game_is_kept_once_and_replays_to_its_end(tmp_path):
    store = HistoryStore(tmp_path)
    table = finished_game("passaportas", seed=3)
    record = store.add(table)
    assert record is not None and record.game == "passaportas" and record.moves == len(table.actions)
    assert store.add(table) is None  # the same game (a finished save opened again) is not added twice
    listing = store.read()
    assert listing.problems == [] and [r.id for r in listing.records] == [record.id]
    assert record.scores == table.result().scores and record.winners == table.result().winners
    replayed = store.load_table(record)
    assert replayed.actions == table.actions and replayed.is_over()
    assert replayed.result() == table.result()


def test_every_game_and_mode_is_kept(tmp_path):
    store = HistoryStore(tmp_path)
    for seed, game in enumerate(("flight", "passaportas", "connecting-flights", "connecting-flights-coop"), 1):
        store.add(finished_game(game, seed))
    records = store.read().records
    assert [r.game for r in records] == ["flight", "passaportas", "connecting-flights", "connecting-flights-coop"]
    assert records[3].cooperative and records[3].score_name == "passengers flown home"
    assert records[2].score_name == "income in round 10"


def test_the_oldest_games_go_first_past_the_count(tmp_path):
    store = HistoryStore(tmp_path, max_games=3)
    added = [store.add(finished_game("connecting-flights-coop", seed)).id for seed in range(1, 6)]
    assert ids(store) == added[2:]
    assert sorted(p.name for p in (tmp_path / GAMES).iterdir()) == sorted(f"{i}.json.gz" for i in added[2:])


def test_the_oldest_games_go_first_past_the_bytes(tmp_path):
    first = HistoryStore(tmp_path).add(finished_game("connecting-flights-coop", 1))
    store = HistoryStore(tmp_path, max_bytes=first.size * 2 + first.size // 2)  # room for two games of about that size
    for seed in (2, 3, 4):
        store.add(finished_game("connecting-flights-coop", seed))
    kept = store.read().records
    assert first.id not in [r.id for r in kept] and len(kept) <= 3
    assert sum(r.size for r in kept) <= store.max_bytes or len(kept) == 1
    assert kept[-1].id.endswith("-4")


def _damage_line(folder: Path, number: int) -> None:
    lines = (folder / INDEX).read_bytes().split(b"\n")
    lines[number - 1] = lines[number - 1][:40] + b"#" + lines[number - 1][41:]
    (folder / INDEX).write_bytes(b"\n".join(lines))


def test_a_damaged_line_is_reported_and_its_game_listed_again_from_its_file(tmp_path):
    store = HistoryStore(tmp_path)
    added = [store.add(finished_game("connecting-flights-coop", seed)).id for seed in (1, 2, 3)]
    _damage_line(tmp_path, 2)
    listing = store.read()
    assert "line 2" in listing.problems[0] and "every other game is kept" in listing.problems[0]
    assert "1 game listed again from its game files" in listing.problems[1]
    assert [r.id for r in listing.records] == added
    store.add(finished_game("connecting-flights-coop", 4))  # the next write mends the index
    assert HistoryStore(tmp_path).read().problems == []
    assert len(ids(store)) == 4


def test_a_damaged_line_whose_file_is_gone_leaves_the_other_games(tmp_path):
    store = HistoryStore(tmp_path)
    added = [store.add(finished_game("connecting-flights-coop", seed)).id for seed in (1, 2, 3)]
    (tmp_path / GAMES / f"{added[0]}.json.gz").unlink()
    _damage_line(tmp_path, 1)
    listing = store.read()
    assert [r.id for r in listing.records] == added[1:]
    assert len(listing.problems) == 1 and "line 1" in listing.problems[0]


def test_a_line_with_a_good_check_but_no_record_is_damaged_too(tmp_path):
    store = HistoryStore(tmp_path)
    store.add(finished_game("connecting-flights-coop", 1))
    import zlib

    body = b'{"id": 5}'
    with open(tmp_path / INDEX, "ab") as index:
        index.write(b"%08x %s\n" % (zlib.crc32(body), body))
    listing = store.read()
    assert len(listing.records) == 1 and "line 2" in listing.problems[0]


def test_a_damaged_game_file_says_so_and_the_others_still_replay(tmp_path):
    store = HistoryStore(tmp_path)
    first, second = (store.add(finished_game("connecting-flights-coop", seed)) for seed in (1, 2))
    path = store.game_path(first.id)
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(HistoryError, match="damaged"):
        store.load_table(first)
    path.write_bytes(gzip.compress(b'{"format": "flight-tui save", "version": 1}'))
    with pytest.raises(HistoryError, match="damaged"):
        store.load_table(first)
    path.unlink()
    with pytest.raises(HistoryError, match="missing"):
        store.load_table(first)
    assert store.load_table(second).is_over()
    assert ids(store) == [first.id, second.id]


def test_an_index_that_cannot_be_read_is_a_message(tmp_path):
    (tmp_path / INDEX).mkdir(parents=True)
    listing = HistoryStore(tmp_path).read()
    assert listing.records == [] and "cannot be read" in listing.problems[0]
    with pytest.raises(HistoryError, match="could not be added"):
        HistoryStore(tmp_path).add(finished_game("connecting-flights-coop", 1))


ADDER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[3])  # the tests folder: finished_games
    from finished_games import finished_game
    from flight_tui.history import HistoryStore

    games = [finished_game("connecting-flights-coop", seed) for seed in range(int(sys.argv[2]), int(sys.argv[2]) + 8)]
    print("ready", flush=True)
    sys.stdin.readline()
    for table in games:
        HistoryStore(sys.argv[1]).add(table)
    """
)


def test_two_copies_adding_at_once_lose_no_game(tmp_path):
    here = str(Path(__file__).parents[1])
    copies = [
        subprocess.Popen([sys.executable, "-c", ADDER, str(tmp_path), str(first), here], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for first in (1, 101)
    ]
    for copy in copies:
        assert copy.stdout.readline().strip() == "ready"
    for copy in copies:
        copy.stdin.write("go\n")
        copy.stdin.flush()
    for copy in copies:
        assert copy.wait(timeout=120) == 0
    listing = HistoryStore(tmp_path).read()
    assert listing.problems == [] and len(listing.records) == 16


def test_standings_count_games_wins_average_and_best_per_player_and_game(tmp_path):
    def record(game: str, scores: list[int], winners: list[int], number: int) -> GameRecord:
        return msgspec.convert(
            {
                "id": f"g{number}", "game": game, "title": game.title(), "started": "2026-01-01T00:00:00Z",
                "finished": "2026-01-01T01:00:00Z", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "hard", "name": "Bob"}],
                "scores": scores, "winners": winners, "summary": "", "moves": 1,
            },
            GameRecord,
        )

    rows = standings([record("flight", [10, 30], [1], 1), record("flight", [40, 20], [0], 2), record("passaportas", [3, 1], [0], 3)])
    ann = next(s for s in rows if s.player == "Ann" and s.game == "flight")
    bob = next(s for s in rows if s.player == "Bob (Hard bot)" and s.game == "flight")
    assert (ann.games, ann.wins, ann.average, ann.best, ann.best_game) == (2, 1, 25.0, 40, "g2")
    assert (bob.games, bob.wins, bob.average, bob.best, bob.best_game) == (2, 1, 25.0, 30, "g1")
    assert [s.game for s in rows] == ["flight", "flight", "passaportas", "passaportas"]


def test_the_command_lists_the_latest_games_and_counts_them_all(tmp_path, capsys, monkeypatch):
    from flight_tui import cli

    store = HistoryStore()
    added = [store.add(finished_game("connecting-flights-coop", seed)) for seed in (1, 2, 3)]
    monkeypatch.setattr(cli, "LATEST_GAMES", 2)
    assert cli.main(["history"]) == 0
    out = capsys.readouterr().out
    assert "3 finished games" in out and "the latest 2 listed (--all lists every one)" in out
    assert out.count("Connecting Flights (cooperative): lost") == 2
    assert re.search(r"\n  Ann +3 +0 ", out)  # the standings count all three
    assert cli.main(["history", "--all"]) == 0
    assert capsys.readouterr().out.count("Connecting Flights (cooperative): lost") == 3
    assert cli.main(["history", "--json", "--game", "flight"]) == 0
    assert msgspec.json.decode(capsys.readouterr().out)["games"] == []
    assert len(added) == 3


def test_a_finished_game_saved_and_loaded_again_is_the_same_game(tmp_path):
    from flight_tui.saves import SaveStore

    table = finished_game("passaportas", 2)
    HistoryStore(tmp_path / "history").add(table)
    saves = SaveStore(tmp_path / "saves")
    saves.save("the final", table)
    again = saves.load("the final")
    assert HistoryStore(tmp_path / "history").add(again) is None
    assert len(ids(HistoryStore(tmp_path / "history"))) == 1
