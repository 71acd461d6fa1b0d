"""The campaign file: one per campaign, ``campaigns/<id>.json`` in the user data folder.

The file is JSON with a format marker and a version::

    {"format": "flight-tui campaign", "version": 1, "progress": {...}}

It is written atomically (``flight_tui.saves.atomic.write_atomic``, keeping the previous
version as ``<id>.json.bak``). A file that cannot be read as a campaign file is never
overwritten: loading and saving raise ``CampaignFileError`` saying what is wrong (with the
backup copy's progress when that one is good), and only an explicit choice of the player
changes it: ``restore_backup`` makes the backup copy the campaign file again, ``set_aside``
moves the file and its backup away to start afresh. Neither deletes anything.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import msgspec

from flight_tui import paths
from flight_tui.campaigns.progress import CampaignProgress
from flight_tui.saves.atomic import backup_path, fsync_directory, write_atomic

MAGIC = "flight-tui campaign"
VERSION = 1
"""The layout this program writes."""


class CampaignError(Exception):
    """Any problem with a campaign that a player should read about."""


class CampaignFileError(CampaignError):
    """A campaign file that cannot be read or written, in words for a player.

    ``backup`` is the progress in the file's backup copy when that copy can be read
    (``restore_backup`` brings it back).
    """

    def __init__(self, path: Path, reason: str, backup: CampaignProgress | None = None) -> None:
        self.path = path
        self.reason = reason
        self.backup = backup
        super().__init__(f"Campaign file {path.name}: {reason}")


class _File(msgspec.Struct):
    format: str
    version: int
    progress: CampaignProgress


class _Probe(msgspec.Struct):
    format: Any = None
    version: Any = None


def campaign_dir() -> Path:
    """The folder of campaign files (``--data-dir`` and ``FLIGHT_TUI_DATA_DIR`` apply)."""
    return paths.data_dir() / "campaigns"


def campaign_path(campaign_id: str) -> Path:
    return campaign_dir() / f"{campaign_id}.json"


def load_progress(campaign_id: str) -> CampaignProgress:
    """The saved progress, or a fresh one when the campaign was never played.

    A damaged file, or a missing one whose backup copy is left, raises ``CampaignFileError``.
    """
    path = campaign_path(campaign_id)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if backup_path(path).exists():
            raise CampaignFileError(path, "it is missing, but its backup copy is there.", _backup(campaign_id)) from None
        return CampaignProgress(campaign=campaign_id)
    except OSError as error:
        raise CampaignFileError(path, f"it cannot be read ({_why(error)}).") from None
    try:
        return _decode(path, data, campaign_id)
    except CampaignFileError as error:
        error.backup = _backup(campaign_id)
        raise


def save_progress(progress: CampaignProgress) -> None:
    """Write the progress atomically; a file there that is not a readable campaign is kept."""
    path = campaign_path(progress.campaign)
    load_progress(progress.campaign)  # raises for a damaged file, or a missing one with a backup left
    data = msgspec.json.format(msgspec.json.encode(_File(MAGIC, VERSION, progress)), indent=2) + b"\n"
    try:
        write_atomic(path, data)
    except OSError as error:
        raise CampaignFileError(path, f"it could not be written ({_why(error)}).") from None


def restore_backup(campaign_id: str) -> CampaignProgress:
    """Make the backup copy the campaign file again; the progress it holds.

    The damaged file is not deleted: it is renamed ``<id>.json.broken-<time>``.
    """
    path = campaign_path(campaign_id)
    backup = backup_path(path)
    try:
        data = backup.read_bytes()
    except FileNotFoundError:
        raise CampaignFileError(path, "it has no backup copy.") from None
    except OSError as error:
        raise CampaignFileError(path, f"its backup copy cannot be read ({_why(error)}).") from None
    try:
        progress = _decode(backup, data, campaign_id)
    except CampaignFileError as error:
        raise CampaignFileError(path, f"its backup copy cannot be used either: {error.reason}") from None
    try:
        if path.exists():
            os.replace(path, _aside_path(path))
        write_atomic(path, data, keep_backup=False)
    except OSError as error:
        raise CampaignFileError(path, f"the backup copy could not be restored ({_why(error)}).") from None
    return progress


def set_aside(campaign_id: str) -> Path | None:
    """Move an unreadable campaign file away to start afresh; its new path.

    The file becomes ``<id>.json.broken-<time>`` and its backup copy, if any, goes with it
    as ``<id>.json.broken-<time>.bak``: the next writes must not replace the only good copy.
    """
    path = campaign_path(campaign_id)
    backup = backup_path(path)
    if not path.exists() and not backup.exists():
        return None
    aside = _aside_path(path)
    if backup.exists():
        os.replace(backup, backup_path(aside))
    if path.exists():
        os.replace(path, aside)
    fsync_directory(path.parent)
    return aside


def _aside_path(path: Path) -> Path:
    """A free name ``<name>.broken-<time>`` (``-2``, ``-3``… within one second) beside ``path``."""
    stem = f"{path.name}.broken-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}"
    aside, n = path.with_name(stem), 1
    while aside.exists() or backup_path(aside).exists():
        n += 1
        aside = path.with_name(f"{stem}-{n}")
    return aside


def _backup(campaign_id: str) -> CampaignProgress | None:
    """The progress in the backup copy, if it can be read."""
    backup = backup_path(campaign_path(campaign_id))
    try:
        return _decode(backup, backup.read_bytes(), campaign_id)
    except (OSError, CampaignFileError):
        return None


def _decode(path: Path, data: bytes, campaign_id: str) -> CampaignProgress:
    try:
        probe = msgspec.json.decode(data, type=_Probe)
    except msgspec.DecodeError:
        raise CampaignFileError(path, _damaged("it is not readable JSON (damaged or cut short)")) from None
    if probe.format != MAGIC:
        raise CampaignFileError(path, _damaged("it is not a flight-tui campaign file"))
    if not isinstance(probe.version, int) or probe.version > VERSION:
        raise CampaignFileError(path, f"it was written by a newer flight-tui (layout {probe.version}); update to play it.")
    try:
        progress = msgspec.json.decode(data, type=_File).progress
    except msgspec.DecodeError as error:
        raise CampaignFileError(path, _damaged(f"its contents are damaged ({error})")) from None
    if progress.campaign != campaign_id:
        raise CampaignFileError(path, _damaged(f"it belongs to the campaign '{progress.campaign}'"))
    return progress


def _damaged(why: str) -> str:
    return f"{why}. It was left untouched."


def _why(error: OSError) -> str:
    return error.strerror or str(error)
