"""Locks that keep two running copies of flight-tui from writing the same save.

Each save has a lock file beside it, ``.<slot>.json.lock``, locked with the operating system's
file lock (``filelock``), which is let go when the program ends, however it ends. The copy that
plays a game holds its autosave's lock while the game is open (``hold``); any write to a save
happens under its lock (``held_briefly``). Locks belong to the process: every ``SaveStore`` of
one program shares them. Where the lock file cannot be made at all (a read-only folder, a
file system without locks), the save is used unlocked: nothing could be written there anyway,
or nothing better can be done.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # filelock is imported when a lock is first taken: listing saves needs none
    import filelock

WRITE_WAIT = 5.0
"""Seconds a write waits for another copy of the program to finish writing the same save."""


class SaveInUse(Exception):
    """Another running flight-tui holds the save's lock."""


_held: dict[Path, "filelock.BaseFileLock"] = {}
_locks: dict[Path, "filelock.BaseFileLock"] = {}
_guard = threading.Lock()


def lock_path(path: Path) -> Path:
    """The lock file of the save file ``path``."""
    return path.with_name(f".{path.name}.lock")


def hold(path: Path) -> None:
    """Keep the save at ``path`` locked until ``release``; ``SaveInUse`` if another program has it."""
    with _guard:
        if path in _held:
            return
        lock = _lock(path)
        if _acquire(lock, 0):
            _held[path] = lock


def release(path: Path) -> None:
    """Let go of a save held by ``hold``."""
    with _guard:
        lock = _held.pop(path, None)
        if lock is not None:
            lock.release()


def remove_lock_file(path: Path) -> None:
    """Delete the lock file of a save that is gone (call it while holding the lock)."""
    try:
        lock_path(path).unlink(missing_ok=True)
    except OSError:
        pass


@contextmanager
def held_briefly(path: Path, wait: float = WRITE_WAIT) -> Iterator[None]:
    """Lock the save at ``path`` for a write (waiting up to ``wait`` seconds); ``SaveInUse`` if it stays locked."""
    with _guard:
        lock = _lock(path)
    acquired = _acquire(lock, wait)
    try:
        yield
    finally:
        if acquired:
            lock.release()


def _lock(path: Path) -> filelock.BaseFileLock:
    import filelock

    lock = _locks.get(path)
    if lock is None:
        lock = _locks[path] = filelock.FileLock(lock_path(path), thread_local=False)
    return lock


def _acquire(lock: filelock.BaseFileLock, wait: float) -> bool:
    """Lock ``lock`` (True), or find that it cannot be made here (False); ``SaveInUse`` if another program holds it."""
    import filelock

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. a fallback to a soft lock: nothing for the player to read
            lock.acquire(timeout=wait)
    except filelock.Timeout:
        raise SaveInUse(str(lock.lock_file)) from None
    except (OSError, NotImplementedError):
        return False
    return True
