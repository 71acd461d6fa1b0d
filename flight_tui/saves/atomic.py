"""Writing a file so that a crash at any moment leaves a complete version in place.

The new bytes go to a scratch file in the same folder, created exclusively under a name no
other writer uses (``.<name>.<random>.tmp``: two programs writing the same file never share
one), flushed and fsynced, then renamed over the file (``os.replace`` is atomic); the folder
is fsynced so the rename itself is durable. Before that rename the old version becomes
``<name>.bak``: a hard link to it, or a copy where the file system has no hard links (FAT,
exFAT, some network folders), is renamed over the backup. The file itself is never moved
away, so at every moment a complete version sits at its name. A backup that cannot be kept
(say a folder of that name is in the way) does not stop the new version being written.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flight_tui.saves.reading import read_save_file

SCRATCH_SUFFIX = ".tmp"
_TOKEN_LENGTH = 12
_LEGACY_BACKUP_LINK = ".bak"
"""Earlier versions used fixed scratch names, ``.<name>.tmp`` and ``.<name>.bak``; they count too."""


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def scratch_target(name: str) -> str | None:
    """The name of the file that the scratch file called ``name`` was written for (None: not a scratch file)."""
    if not name.startswith(".") or len(name) <= 5:
        return None
    stem = name[1:-4]
    if name.endswith(_LEGACY_BACKUP_LINK):
        return stem
    if not name.endswith(SCRATCH_SUFFIX):
        return None
    head, dot, token = stem.rpartition(".")
    if dot and len(token) == _TOKEN_LENGTH and all(c in "0123456789abcdef" for c in token):
        return head
    return stem


def scratch_files(path: Path) -> list[Path]:
    """The scratch files of ``path`` in its folder: writes in progress, or left by a crash."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / name for name in names if scratch_target(name) == path.name]


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the old version as a backup."""
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = _new_scratch(path, data)
    try:
        if keep_backup:
            _keep_previous(path)
        os.replace(scratch, path)
    except BaseException:
        _remove_quietly(scratch)
        raise
    fsync_directory(path.parent)


def _scratch_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{secrets.token_hex(_TOKEN_LENGTH // 2)}{SCRATCH_SUFFIX}")


def _new_scratch(path: Path, data: bytes) -> Path:
    """A new scratch file beside ``path`` holding ``data``, flushed to disk."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        scratch = _scratch_name(path)
        try:
            fd = os.open(scratch, flags, 0o666)
        except FileExistsError:
            continue
        break
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        _remove_quietly(scratch)
        raise
    return scratch


def _keep_previous(path: Path) -> None:
    """Make the current version of ``path`` its backup, leaving ``path`` where it is (best effort)."""
    try:
        kept = _link_previous(path)
    except FileNotFoundError:
        return  # no previous version
    except OSError:
        try:
            kept = _new_scratch(path, read_save_file(path))  # no hard links here: a copy
        except OSError:
            return
    try:
        os.replace(kept, backup_path(path))
    except OSError:
        _remove_quietly(kept)


def _link_previous(path: Path) -> Path:
    """A hard link to ``path`` under a fresh scratch name."""
    while True:
        link = _scratch_name(path)
        try:
            os.link(path, link)
        except FileExistsError:
            continue
        return link


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def fsync_directory(directory: Path) -> None:
    """Make renames in ``directory`` durable (where the platform allows it)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
