"""The history's folder: finished games added once, read fast, bounded, and kept through damage."""

from __future__ import annotations

import gzip
import os
import threading
import zlib
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

import msgspec

from flight_tui.history.record import GameRecord, HistoryError, record_id, record_of
from flight_tui.paths import history_dir
from flight_tui.saves import codec, locks
from flight_tui.saves.atomic import write_atomic
from flight_tui.saves.errors import SaveError
from flight_tui.saves.reading import MAX_SAVE_BYTES, read_save_file
from flight_tui.table import Table

MAX_GAMES = 10_000
"""The most games the history keeps; the oldest go first."""
MAX_BYTES = 128 * 1024 * 1024
"""The most bytes of game files the history keeps (a finished game takes about 5 kB)."""
INDEX = "index.jsonl"
GAMES = "games"
GAME_EXTENSION = ".json.gz"
MAX_INDEX_BYTES = 256 * 1024 * 1024
_CHECK = 8
"""Hex digits of each line's CRC-32."""

_encoder = msgspec.json.Encoder()
_writing = threading.Lock()  # the file lock belongs to the process: threads take turns here


class Listing(NamedTuple):
    """The history as read: its games, oldest first, and what could not be read (in player words)."""

    records: list[GameRecord]
    problems: list[str]


class HistoryStore:
    """The finished games in one folder (by default ``history/`` in the user data folder)."""

    def __init__(
        self, directory: str | os.PathLike[str] | None = None, *, max_games: int = MAX_GAMES, max_bytes: int = MAX_BYTES
    ) -> None:
        self._directory = Path(directory) if directory is not None else None
        self.max_games = max_games
        self.max_bytes = max_bytes

    @property
    def directory(self) -> Path:
        """The folder (``--data-dir`` and ``FLIGHT_TUI_DATA_DIR`` apply when none was given)."""
        return self._directory if self._directory is not None else history_dir()

    @property
    def index_path(self) -> Path:
        return self.directory / INDEX

    def game_path(self, game_id: str) -> Path:
        return self.directory / GAMES / (game_id + GAME_EXTENSION)

    # ------------------------------------------------------------ reading

    def read(self) -> Listing:
        """Every game in the history, oldest first; damaged lines are skipped and reported.

        When lines are damaged (or the index is gone), games whose files are left are listed
        again from those files.
        """
        try:
            data = read_save_file(self.index_path, MAX_INDEX_BYTES)
        except FileNotFoundError:
            data = None
        except OSError as error:
            return Listing([], [f"The history cannot be read ({_why(error)}): {self.index_path}"])
        records, damaged = _parse(data or b"")
        problems = []
        if damaged:
            lines = ", ".join(map(str, damaged[:5])) + (", …" if len(damaged) > 5 else "")
            problems.append(
                f"The history's index ({self.index_path}) is damaged: {_count(len(damaged), 'line')} "
                f"could not be read (line {lines}) and {'was' if len(damaged) == 1 else 'were'} skipped; every other game is kept."
            )
        if damaged or data is None:
            recovered, unreadable = self._recover({record.id for record in records})
            if recovered:
                problems.append(f"{_count(len(recovered), 'game')} listed again from {'its' if len(recovered) == 1 else 'their'} game files.")
            if unreadable:
                problems.append(f"{_count(unreadable, 'game file')} in {self.directory / GAMES} cannot be read and {'is' if unreadable == 1 else 'are'} left out.")
            records = sorted(records + recovered, key=lambda record: record.finished)
        return Listing(records, problems)

    def _recover(self, known: set[str]) -> tuple[list[GameRecord], int]:
        """The games whose files are in the folder but not in ``known``, and how many files could not be read."""
        try:
            names = os.listdir(self.directory / GAMES)
        except OSError:
            return [], 0
        recovered, unreadable = [], 0
        for name in names:
            game_id = name.removesuffix(GAME_EXTENSION)
            if name.startswith(".") or not name.endswith(GAME_EXTENSION) or game_id in known:
                continue
            path = self.game_path(game_id)
            try:
                loaded = self._loaded_at(path, game_id)
                recovered.append(record_of(loaded.table, loaded.header.updated, path.stat().st_size))
            except (HistoryError, OSError, ValueError):
                unreadable += 1
        return recovered, unreadable

    def load_table(self, record: GameRecord) -> Table:
        """The finished game of ``record``, checked, to replay; ``HistoryError`` says why it cannot be."""
        return self._loaded_at(self.game_path(record.id), record.id).table

    def _loaded_at(self, path: Path, game_id: str) -> codec.Loaded:
        """The game file at ``path``, decoded and checked (its table keeps when it began)."""
        try:
            packed = read_save_file(path)
        except FileNotFoundError:
            raise HistoryError(f"The file of this game is missing ({path}).") from None
        except OSError as error:
            raise HistoryError(f"The file of this game cannot be read ({_why(error)}): {path}") from None
        try:
            data = _unpacked(packed)
        except (OSError, EOFError, zlib.error, ValueError):
            raise HistoryError(f"The file of this game is damaged (it is not a complete gzip file): {path}") from None
        try:
            loaded = codec.decode(data, game_id)
        except SaveError as error:
            raise HistoryError(f"The file of this game is damaged: {error.reason} ({path})") from None
        loaded.table.save_identity.created = loaded.header.created
        return loaded

    # ------------------------------------------------------------ writing

    def add(self, table: Table, finished: datetime | None = None) -> GameRecord | None:
        """Keep a finished game (None if the history has it already); the oldest go past the bound.

        ``finished``: when it ended (by default now).

        ``HistoryError`` when it cannot be written; the history is then as it was.
        """
        game_id = record_id(table)
        try:
            with _writing, locks.held_briefly(self.index_path):
                return self._add(table, game_id, finished or datetime.now(timezone.utc))
        except locks.SaveInUse:
            raise HistoryError("The game could not be added to your history: another flight-tui kept the history busy.") from None
        except OSError as error:
            raise HistoryError(f"The game could not be added to your history ({_why(error)}): {self.directory}") from None

    def _add(self, table: Table, game_id: str, finished: datetime) -> GameRecord | None:
        records, _ = self.read()
        if any(record.id == game_id for record in records):
            return None
        data = gzip.compress(codec.encode(table, created=table.save_identity.created, updated=finished), mtime=0)
        path = self.game_path(game_id)
        write_atomic(path, data, keep_backup=False)
        record = record_of(table, finished, len(data))
        kept = records + [record]
        dropped = []
        while len(kept) > 1 and (len(kept) > self.max_games or sum(r.size for r in kept) > self.max_bytes):
            dropped.append(kept.pop(0))
        try:
            write_atomic(self.index_path, b"".join(_line(r) for r in kept))
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        for old in dropped:
            try:
                self.game_path(old.id).unlink(missing_ok=True)
            except OSError:
                pass  # left over: not listed, and listed again only to rebuild a damaged index
        return record


def _line(record: GameRecord) -> bytes:
    body = _encoder.encode(record)
    return b"%08x %s\n" % (zlib.crc32(body), body)


def _parse(data: bytes) -> tuple[list[GameRecord], list[int]]:
    """The records of the index's lines, and the numbers of the lines that are damaged."""
    bodies, numbers, damaged = [], [], []
    for number, line in enumerate(data.split(b"\n"), 1):
        if not line:
            continue
        body = line[_CHECK + 1 :]
        try:
            intact = line[_CHECK : _CHECK + 1] == b" " and int(line[:_CHECK], 16) == zlib.crc32(body)
        except ValueError:
            intact = False
        if intact:
            bodies.append(body)
            numbers.append(number)
        else:
            damaged.append(number)
    try:
        records = msgspec.json.decode(b"[" + b",".join(bodies) + b"]", type=list[GameRecord])
    except (msgspec.DecodeError, RecursionError):  # a line intact but not a record: find which
        records = []
        for body, number in zip(bodies, numbers):
            try:
                records.append(msgspec.json.decode(body, type=GameRecord))
            except (msgspec.DecodeError, RecursionError):
                damaged.append(number)
    seen: set[str] = set()
    unique = [r for r in records if not (r.id in seen or seen.add(r.id))]
    return unique, sorted(damaged)


def _unpacked(packed: bytes) -> bytes:
    """A gzipped game file's bytes, no more than a save may be (a hostile file stops there)."""
    inflater = zlib.decompressobj(wbits=31)
    data = inflater.decompress(packed, MAX_SAVE_BYTES + 1)
    if len(data) > MAX_SAVE_BYTES:
        raise ValueError("too large")
    if not inflater.eof:
        raise EOFError("cut short")
    return data


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _why(error: OSError) -> str:
    return error.strerror or str(error)
