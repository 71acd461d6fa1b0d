"""The folder of saves: named slots and autosaves, listed, written, loaded and deleted."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import msgspec

from flight_tui.paths import data_dir
from flight_tui.saves import codec
from flight_tui.saves.atomic import backup_path, write_atomic
from flight_tui.saves.errors import SaveError
from flight_tui.saves.listing import SaveEntry
from flight_tui.saves.names import AUTOSAVE_PREFIX, autosave_name, check_slot_name, is_autosave
from flight_tui.table import Table

EXTENSION = ".json"


class _Identity(msgspec.Struct):
    """What the store remembers about a table between saves."""

    created: datetime
    autosave_slot: str | None = None
    saved_actions: list[Any] | None = None
    """The actions its autosave file holds, as last loaded or written: an unchanged game is not
    written again (opening a save must not change its date)."""


_identities: "WeakKeyDictionary[Table, _Identity]" = WeakKeyDictionary()
"""Per live table: when its match began and which autosave file it writes."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


class SaveStore:
    """Saves in one folder (by default ``saves/`` inside the user data folder).

    See the package docstring for how the app uses it. Every method raises only
    ``SaveError`` (with the slot's name and a reason a player can read).
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self._directory = Path(directory) if directory is not None else None
        self._writing = threading.Lock()  # bot turns may autosave from a worker thread

    @property
    def directory(self) -> Path:
        """The folder (``--data-dir`` and ``FLIGHT_TUI_DATA_DIR`` apply when none was given)."""
        return self._directory if self._directory is not None else data_dir() / "saves"

    def path(self, slot: str) -> Path:
        """The file of a slot (the name is checked first)."""
        return self.directory / (check_slot_name(slot) + EXTENSION)

    # ------------------------------------------------------------ listing

    def list_saves(self) -> list[SaveEntry]:
        """Every save in the folder, most recently written first; broken ones say why."""
        return self._entries(self._slots())

    def latest_autosave(self) -> SaveEntry | None:
        """The most recently written autosave that can be loaded (``flight-tui continue``).

        Only autosaves are opened, so named slots cost nothing at start-up.
        """
        autosaves = [slot for slot in self._slots() if is_autosave(slot)]
        return next((e for e in self._entries(autosaves) if e.readable), None)

    def _slots(self) -> set[str]:
        """The slot names in the folder (a slot whose file is gone but whose backup is left counts)."""
        directory = self.directory
        if not directory.is_dir():
            return set()
        slots = {p.name[: -len(EXTENSION)] for p in directory.glob("*" + EXTENSION) if not p.name.startswith(".")}
        slots |= {
            p.name[: -len(EXTENSION + ".bak")]
            for p in directory.glob("*" + EXTENSION + ".bak")
            if not p.name.startswith(".")
        }
        return slots

    def _entries(self, slots: Iterable[str]) -> list[SaveEntry]:
        entries = [self._entry(slot) for slot in slots]
        return sorted(entries, key=lambda e: e.updated or datetime.min.replace(tzinfo=timezone.utc), reverse=True)

    def _entry(self, slot: str) -> SaveEntry:
        try:
            loaded = self._load(slot)
        except SaveError as error:
            return SaveEntry(
                slot=slot,
                autosave=is_autosave(slot),
                updated=self._modified(slot),
                problem=error.reason,
                backup_readable=error.backup_readable,
            )
        table = loaded.table
        return SaveEntry(
            slot=slot,
            autosave=is_autosave(slot),
            game=table.rules.name,
            title=table.rules.title,
            players=[seat.label for seat in table.seats],
            progress=progress(table),
            created=loaded.header.created,
            updated=loaded.header.updated,
            scenario=getattr(table.config, "scenario", ""),
        )

    def _modified(self, slot: str) -> datetime | None:
        for path in (self.directory / (slot + EXTENSION), backup_path(self.directory / (slot + EXTENSION))):
            try:
                return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
            except OSError:
                continue
        return None

    # ------------------------------------------------------------ loading

    def load(self, slot: str) -> Table:
        """The table saved in ``slot``, checked; playing on autosaves to the game's autosave.

        Loading an autosave continues that autosave; loading a named slot starts a new
        autosave (the slot itself changes only by ``save``).
        """
        loaded = self._load(slot)
        self._remember(slot, loaded)
        return loaded.table

    def restore_backup(self, slot: str) -> Table:
        """Make the backup copy the slot's save again and load it.

        A damaged main file is not deleted: it is renamed ``<slot>.json.broken-<time>``.
        """
        path = self.path(slot)
        try:
            data = backup_path(path).read_bytes()
        except FileNotFoundError:
            raise SaveError(slot, "it has no backup copy.") from None
        except OSError as error:
            raise SaveError(slot, f"its backup copy cannot be read ({_why(error)}).") from None
        try:
            loaded = codec.decode(data, slot)
        except SaveError as error:
            raise SaveError(slot, f"its backup copy cannot be loaded either: {error.reason}") from None
        try:
            with self._writing:
                if path.exists():
                    os.replace(path, path.with_name(f"{path.name}.broken-{_now():%Y%m%d-%H%M%S}"))
                write_atomic(path, data, keep_backup=False)
        except OSError as error:
            raise SaveError(slot, f"the backup could not be restored ({_why(error)}).") from None
        self._remember(slot, loaded)
        return loaded.table

    def _load(self, slot: str) -> codec.Loaded:
        path = self.path(slot)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            if backup_path(path).exists():
                raise SaveError(slot, "its file is missing.", backup_readable=self._backup_readable(path)) from None
            raise SaveError(slot, "there is no save with this name.") from None
        except OSError as error:
            raise SaveError(slot, f"the file cannot be read ({_why(error)}).") from None
        try:
            return codec.decode(data, slot)
        except SaveError as error:
            if self._backup_readable(path):
                raise SaveError(slot, error.reason, backup_readable=True) from None
            raise

    def _backup_readable(self, path: Path) -> bool:
        try:
            codec.decode(backup_path(path).read_bytes(), path.stem)
        except (OSError, SaveError):
            return False
        return True

    def _remember(self, slot: str, loaded: codec.Loaded) -> None:
        if is_autosave(slot):
            _identities[loaded.table] = _Identity(loaded.header.created, slot, list(loaded.table.actions))
        else:
            _identities[loaded.table] = _Identity(loaded.header.created)

    # ------------------------------------------------------------ writing

    def save(self, slot: str, table: Table, *, overwrite: bool = False) -> None:
        """Save ``table`` in the named slot; an existing slot is replaced only if ``overwrite``."""
        slot = check_slot_name(slot)
        if slot.lower().startswith(AUTOSAVE_PREFIX):
            raise SaveError(slot, f"names beginning with '{AUTOSAVE_PREFIX}' are kept for autosaves.")
        path = self.path(slot)
        if path.exists() and not overwrite:
            raise SaveError(slot, "a save with this name exists already; choose another name or replace it.")
        self._write(slot, path, table)

    def autosave(self, table: Table) -> str | None:
        """Write the table's autosave and return its slot name.

        A finished match's autosave is deleted instead (with its backup), and None returned:
        ``continue`` only ever resumes a game in progress. Named slots are never removed.
        """
        identity = self._identity(table)
        if identity.autosave_slot is None:
            taken = {i.autosave_slot for i in _identities.values()} | {
                p.name[: -len(EXTENSION)] for p in self.directory.glob(AUTOSAVE_PREFIX + "*" + EXTENSION)
            }
            identity.autosave_slot = autosave_name(table.rules.name, identity.created, taken)
        slot = identity.autosave_slot
        path = self.path(slot)
        if table.is_over():
            self._remove(slot, path)
            return None
        if identity.saved_actions == table.actions and path.exists():
            return slot
        self._write(slot, path, table)
        identity.saved_actions = list(table.actions)
        return slot

    def delete(self, slot: str) -> None:
        """Delete a save and its backup."""
        path = self.path(slot)
        if not path.exists() and not backup_path(path).exists():
            raise SaveError(slot, "there is no save with this name.")
        self._remove(slot, path)

    def _identity(self, table: Table) -> _Identity:
        identity = _identities.get(table)
        if identity is None:
            identity = _identities[table] = _Identity(_now())
        return identity

    def _write(self, slot: str, path: Path, table: Table) -> None:
        data = codec.encode(table, created=self._identity(table).created, updated=_now())
        try:
            with self._writing:
                write_atomic(path, data)
        except OSError as error:
            raise SaveError(slot, f"it could not be written ({_why(error)}).") from None

    def _remove(self, slot: str, path: Path) -> None:
        try:
            with self._writing:
                path.unlink(missing_ok=True)
                backup_path(path).unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(slot, f"it could not be deleted ({_why(error)}).") from None


def _why(error: OSError) -> str:
    return error.strerror or str(error)


def progress(table: Table) -> str:
    """How far the game has gone, in the game's own words (``hand 2, turn 5``, ``round 3 of 10``)."""
    return table.rules.progress(table.state)
