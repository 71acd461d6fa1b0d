"""The folder of saves: named slots and autosaves, listed, written, loaded and deleted."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from flight_tui.paths import saves_dir
from flight_tui.saves import codec, locks
from flight_tui.saves.atomic import backup_path, scratch_files, scratch_target, write_atomic
from flight_tui.saves.errors import SaveError
from flight_tui.saves.listing import SaveEntry
from flight_tui.saves.names import AUTOSAVE_PREFIX, autosave_name, check_slot_name, is_autosave
from flight_tui.saves.reading import read_save_file
from flight_tui.table import SaveIdentity, Table

EXTENSION = ".json"


def _now() -> datetime:
    return datetime.now(timezone.utc)


IN_USE = (
    "it is open in another flight-tui (in another terminal or connection) right now. Quit the game "
    "there first: two copies playing one game would overwrite each other's moves."
)


class SaveStore:
    """Saves in one folder (by default ``saves/`` inside the user data folder).

    See the package docstring for how the app uses it. Every method raises only
    ``SaveError`` (with the slot's name and a reason a player can read). Which save a table
    is, the store keeps on the table itself (``Table.save_identity``).
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self._directory = Path(directory) if directory is not None else None
        self._writing = threading.Lock()  # bot turns may autosave from a worker thread
        self._tidied = False
        self._named: set[str] = set()
        """The autosave names this store gave to new games (a finished game's may be gone from the folder)."""

    @property
    def directory(self) -> Path:
        """The folder (``--data-dir`` and ``FLIGHT_TUI_DATA_DIR`` apply when none was given)."""
        return self._directory if self._directory is not None else saves_dir()

    def path(self, slot: str) -> Path:
        """The file of a slot (the name is checked first)."""
        return self.directory / (check_slot_name(slot) + EXTENSION)

    # ------------------------------------------------------------ listing

    def list_saves(self) -> list[SaveEntry]:
        """Every save in the folder, most recently written first; broken ones say why."""
        return self._entries(self._slots())

    def latest_autosave(self) -> SaveEntry | None:
        """The most recently written autosave, readable or not (``flight-tui continue``).

        Only autosaves are opened, so named slots cost nothing at start-up. A damaged latest
        autosave is returned as it is (its ``problem`` says why): the player is told rather
        than given an older game.
        """
        autosaves = [slot for slot in self._slots() if is_autosave(slot)]
        return next(iter(self._entries(autosaves)), None)

    def _slots(self) -> set[str]:
        """The slot names in the folder (a slot whose file is gone but whose backup is left counts).

        Names are as the file system gives them; ones that cannot be slot names are listed as
        problems by ``_entry``.
        """
        try:
            names = os.listdir(self.directory)
        except OSError:
            return set()
        slots = set()
        for name in names:
            if name.startswith("."):
                continue
            for ending in (EXTENSION, EXTENSION + ".bak"):
                if name.endswith(ending) and len(name) > len(ending):
                    slots.add(name[: -len(ending)])
        return slots

    def _entries(self, slots: Iterable[str]) -> list[SaveEntry]:
        entries = [self._entry(slot) for slot in slots]
        return sorted(entries, key=lambda e: e.updated or datetime.min.replace(tzinfo=timezone.utc), reverse=True)

    def _entry(self, slot: str) -> SaveEntry:
        try:
            check_slot_name(slot)
        except SaveError as error:
            return SaveEntry(
                slot=_printable(slot),
                autosave=False,
                updated=self._modified(slot),
                problem=f"its file name cannot be used as a save name ({error.reason.rstrip('.')}); rename the file to open it.",
            )
        try:
            loaded, _ = self._load(slot)
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
            except (OSError, ValueError):
                continue
        return None

    # ------------------------------------------------------------ loading

    def load(self, slot: str) -> Table:
        """The table saved in ``slot``, checked; playing on autosaves to the game's autosave.

        Loading an autosave continues that autosave, and holds it (see ``release``): another
        running flight-tui cannot open it meanwhile, and gets a ``SaveError`` saying so.
        Loading a named slot starts a new autosave (the slot itself changes only by ``save``).
        Undo offers what it offered when the game was saved.
        """
        path = self.path(slot)
        if is_autosave(slot):
            self._hold(slot, path)
        try:
            loaded, source = self._load(slot)
            if source != path:
                self._recover(slot, path, source)
        except BaseException:
            if not path.exists() and not backup_path(path).exists():
                locks.remove_lock_file(path)
            locks.release(path)
            raise
        self._remember(slot, loaded)
        loaded.table.rebuild_undo(loaded.irreversible)
        return loaded.table

    def read(self, slot: str) -> Table:
        """The table saved in ``slot``, checked, to look at only (a replay): no lock is taken and
        nothing is written, so the game may be open in another flight-tui meanwhile."""
        loaded, _source = self._load(slot)
        return loaded.table

    def release(self, table: Table) -> None:
        """Let other running copies of flight-tui open this table's autosave (the game was closed here)."""
        slot = table.save_identity.autosave_slot
        if slot is not None:
            locks.release(self.path(slot))

    def restore_backup(self, slot: str) -> Table:
        """Make the backup copy the slot's save again and load it.

        A damaged main file is not deleted: it is renamed ``<slot>.json.broken-<time>``.
        """
        path = self.path(slot)
        try:
            data = read_save_file(backup_path(path))
        except FileNotFoundError:
            raise SaveError(slot, "it has no backup copy.") from None
        except OSError as error:
            raise SaveError(slot, f"its backup copy cannot be read ({_why(error)}).") from None
        try:
            loaded = codec.decode(data, slot)
        except SaveError as error:
            raise SaveError(slot, f"its backup copy cannot be loaded either: {error.reason}") from None
        if is_autosave(slot):
            self._hold(slot, path)
        try:
            with self._locked(slot, path):
                if path.exists():
                    os.replace(path, path.with_name(f"{path.name}.broken-{_now():%Y%m%d-%H%M%S}"))
                write_atomic(path, data, keep_backup=False)
        except OSError as error:
            raise SaveError(slot, f"the backup could not be restored ({_why(error)}).") from None
        self._remember(slot, loaded)
        loaded.table.rebuild_undo(loaded.irreversible)
        return loaded.table

    def _load(self, slot: str) -> tuple[codec.Loaded, Path]:
        """The slot's save, checked, and the file it came from (a scratch file when recovered)."""
        path = self.path(slot)
        try:
            return codec.decode(read_save_file(path), slot), path
        except FileNotFoundError:
            recovered = self._complete_scratch(slot, path)
            if recovered is not None:
                return recovered
            if backup_path(path).exists():
                raise SaveError(slot, "its file is missing.", backup_readable=self._backup_readable(path)) from None
            raise SaveError(slot, "there is no save with this name.") from None
        except OSError as error:
            raise SaveError(slot, f"the file cannot be read ({_why(error)}).") from None
        except SaveError as error:
            if self._backup_readable(path):
                raise SaveError(slot, error.reason, backup_readable=True) from None
            raise

    def _complete_scratch(self, slot: str, path: Path) -> tuple[codec.Loaded, Path] | None:
        """The newest complete save among the slot's scratch files (a write cut off between renames)."""
        found = []
        for scratch in scratch_files(path):
            try:
                found.append((codec.decode(read_save_file(scratch), slot), scratch))
            except (OSError, SaveError):
                continue
        return max(found, key=lambda item: item[0].header.updated, default=None)

    def _recover(self, slot: str, path: Path, scratch: Path) -> None:
        """Put a complete save left in a scratch file back in its place."""
        try:
            with self._locked(slot, path):
                if not path.exists():
                    os.replace(scratch, path)
        except OSError as error:
            raise SaveError(slot, f"its last save could not be put back in place ({_why(error)}).") from None

    def _backup_readable(self, path: Path) -> bool:
        try:
            codec.decode(read_save_file(backup_path(path)), path.stem)
        except (OSError, SaveError):
            return False
        return True

    def _remember(self, slot: str, loaded: codec.Loaded) -> None:
        """Note on a loaded table which save it is: an autosave goes on in its file, a named save in a new autosave."""
        if is_autosave(slot):
            loaded.table.save_identity = SaveIdentity(loaded.header.created, slot, list(loaded.table.actions))
        else:
            loaded.table.save_identity = SaveIdentity(loaded.header.created)

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

        The autosave is held while the game is open here (see ``release``). A finished
        match's autosave is deleted instead (with its backup), and None returned:
        ``continue`` only ever resumes a game in progress. Named slots are never removed.
        """
        identity = table.save_identity
        if identity.autosave_slot is None:
            identity.autosave_slot = self._new_autosave_slot(table, identity.created)
        slot = identity.autosave_slot
        path = self.path(slot)
        self._hold(slot, path)
        if table.is_over():
            self._remove(slot, path)
            locks.release(path)
            return None
        if identity.saved_actions == table.actions and path.exists():
            return slot
        self._write(slot, path, table)
        identity.saved_actions = list(table.actions)
        return slot

    def _new_autosave_slot(self, table: Table, created: datetime) -> str:
        """A free autosave name for a new game, held at once so that no other program takes it."""
        taken = self._named | {slot for slot in self._slots() if is_autosave(slot)}
        while True:
            slot = autosave_name(table.rules.name, created, taken)
            path = self.path(slot)
            self._make_directory(slot)
            try:
                locks.hold(path)
            except locks.SaveInUse:
                taken.add(slot)
                continue
            if path.exists() or backup_path(path).exists():
                locks.release(path)
                taken.add(slot)
                continue
            self._named.add(slot)
            return slot

    def delete(self, slot: str) -> None:
        """Delete a save and its backup (not one that another running flight-tui has open)."""
        path = self.path(slot)
        if not path.exists() and not backup_path(path).exists():
            raise SaveError(slot, "there is no save with this name.")
        if is_autosave(slot):
            self._hold(slot, path)
        self._remove(slot, path)
        locks.release(path)

    def _hold(self, slot: str, path: Path) -> None:
        """Hold an autosave for the game open here; ``SaveError`` if another program has it open."""
        try:
            locks.hold(path)
        except locks.SaveInUse:
            raise SaveError(slot, IN_USE) from None

    @contextmanager
    def _locked(self, slot: str, path: Path) -> Iterator[None]:
        """Lock the slot against other programs' writes (and ours from other threads) for a write."""
        try:
            with locks.held_briefly(path), self._writing:
                yield
        except locks.SaveInUse:
            raise SaveError(slot, IN_USE) from None

    def _write(self, slot: str, path: Path, table: Table) -> None:
        data = codec.encode(table, created=table.save_identity.created, updated=_now())
        self._make_directory(slot)
        self._tidy()
        try:
            with self._locked(slot, path):
                write_atomic(path, data)
        except OSError as error:
            raise SaveError(slot, f"it could not be written ({_why(error)}).") from None

    def _remove(self, slot: str, path: Path) -> None:
        """Delete a save in an order that a crash cannot turn into a damaged one.

        Scratch files, then the backup, then the file: a crash part way leaves the save
        complete, or nothing. The lock file goes last.
        """
        try:
            with self._locked(slot, path):
                for scratch in scratch_files(path):
                    scratch.unlink(missing_ok=True)
                backup_path(path).unlink(missing_ok=True)
                path.unlink(missing_ok=True)
                locks.remove_lock_file(path)
        except OSError as error:
            raise SaveError(slot, f"it could not be deleted ({_why(error)}).") from None

    def _make_directory(self, slot: str) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveError(slot, f"it could not be written ({_why(error)}).") from None

    def _tidy(self) -> None:
        """Once per store: delete scratch files that crashed writes left (of saves no program is writing).

        A slot whose file is missing keeps its scratch files: loading it recovers the newest
        complete one.
        """
        if self._tidied:
            return
        self._tidied = True
        try:
            names = os.listdir(self.directory)
        except OSError:
            return
        for target in {scratch_target(name) for name in names} - {None}:
            path = self.directory / target
            if not path.exists():
                continue
            try:
                with locks.held_briefly(path, wait=0), self._writing:
                    for scratch in scratch_files(path):
                        scratch.unlink(missing_ok=True)
            except (locks.SaveInUse, OSError):
                continue


def _printable(name: str) -> str:
    """A file name as text that can be shown and encoded (undecodable bytes and control characters become ``?``)."""
    text = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(c if c.isprintable() else "?" for c in text)


def _why(error: OSError) -> str:
    return error.strerror or str(error)


def progress(table: Table) -> str:
    """How far the game has gone, in the game's own words (``hand 2, turn 5``, ``round 3 of 10``)."""
    return table.rules.progress(table.state)
