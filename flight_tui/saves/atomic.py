"""Writing a file so that a crash at any moment leaves either the old or the new version.

The new bytes go to a temporary file in the same folder, which is flushed and fsynced and
then renamed over the old file (``os.replace`` is atomic); the folder is fsynced so the
rename itself is durable. Before the rename, the old version becomes ``<name>.bak`` by a
hard link (so the main file never goes missing), or by a rename where links are not
supported.
"""

from __future__ import annotations

import os
from pathlib import Path


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def temporary_path(path: Path, purpose: str = "tmp") -> Path:
    """A hidden scratch file beside ``path`` (never listed as a save)."""
    return path.with_name(f".{path.name}.{purpose}")


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the old version as a backup."""
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = temporary_path(path)
    try:
        with open(scratch, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except OSError:
        scratch.unlink(missing_ok=True)
        raise
    if keep_backup and path.exists():
        _keep_previous(path)
    os.replace(scratch, path)
    fsync_directory(path.parent)


def _keep_previous(path: Path) -> None:
    backup = backup_path(path)
    link = temporary_path(path, "bak")
    try:
        link.unlink(missing_ok=True)
        os.link(path, link)
        os.replace(link, backup)
    except OSError:
        os.replace(path, backup)


def fsync_directory(directory: Path) -> None:
    """Make renames in ``directory`` durable (where the platform allows it)."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
