"""Results waiting to be recorded: finished games whose campaign file could not take them.

When a scenario game ends while its campaign file cannot be read or written, its result is
kept in ``campaigns/<id>.pending.json`` (beside the campaign file) and recorded at the next
chance: when the next game ends, or when the campaign screen can read the file again. So the
game's autosave may be removed at its end without its result being lost.

The file is JSON with a marker and a version, written atomically::

    {"format": "flight-tui campaign results", "version": 1, "results": [...]}
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from flight_tui.campaigns.progress import GameResult
from flight_tui.campaigns.store import CampaignFileError, campaign_dir
from flight_tui.saves.atomic import write_atomic

MAGIC = "flight-tui campaign results"
VERSION = 1


class _File(msgspec.Struct):
    format: str
    version: int
    results: list[GameResult]


def pending_path(campaign_id: str) -> Path:
    return campaign_dir() / f"{campaign_id}.pending.json"


def pending_results(campaign_id: str) -> list[GameResult]:
    """The results waiting to be recorded, oldest first (``CampaignFileError`` if unreadable)."""
    path = pending_path(campaign_id)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as error:
        raise CampaignFileError(path, f"it cannot be read ({error.strerror or error}).") from None
    try:
        document = msgspec.json.decode(data, type=_File)
    except msgspec.DecodeError as error:
        raise CampaignFileError(path, f"it is damaged ({error}). It was left untouched.") from None
    if document.format != MAGIC or document.version > VERSION:
        raise CampaignFileError(path, "it is not a results file this version can read. It was left untouched.")
    return document.results


def keep_pending(campaign_id: str, result: GameResult) -> bool:
    """Add a result to those waiting; False when its game waits already (a game counts once).

    ``CampaignFileError`` when it cannot be kept.
    """
    results = pending_results(campaign_id)
    if any(kept.game == result.game for kept in results):
        return False
    _write(campaign_id, [*results, result])
    return True


def forget_pending(campaign_id: str, recorded: list[GameResult]) -> None:
    """Drop results that are in the campaign file now (the file goes when none is left)."""
    left = [result for result in pending_results(campaign_id) if result not in recorded]
    if left:
        _write(campaign_id, left)
        return
    try:
        pending_path(campaign_id).unlink(missing_ok=True)
    except OSError as error:
        raise CampaignFileError(pending_path(campaign_id), f"it could not be removed ({error.strerror or error}).") from None


def _write(campaign_id: str, results: list[GameResult]) -> None:
    path = pending_path(campaign_id)
    data = msgspec.json.format(msgspec.json.encode(_File(MAGIC, VERSION, results)), indent=2) + b"\n"
    try:
        write_atomic(path, data, keep_backup=False)
    except OSError as error:
        raise CampaignFileError(path, f"it could not be written ({error.strerror or error}).") from None
