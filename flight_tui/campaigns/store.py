"""The campaign file: one per campaign, ``campaigns/<id>.json`` in the user data folder.

The file is JSON with a format marker and a version::

    {"format": "flight-tui campaign", "version": 1, "progress": {...}}

It is written atomically (``flight_tui.saves.atomic.write_atomic``, keeping the previous
version as ``<id>.json.bak``). A file that cannot be read as a campaign file is never
overwritten: loading and saving raise ``CampaignFileError`` saying what is wrong, and only
``set_aside`` (an explicit choice of the player) moves it away to start afresh.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import msgspec

from flight_tui import paths
from flight_tui.campaigns.progress import CampaignProgress
from flight_tui.saves.atomic import write_atomic

MAGIC = "flight-tui campaign"
VERSION = 1
"""The layout this program writes."""


class CampaignError(Exception):
    """Any problem with a campaign that a player should read about."""


class CampaignFileError(CampaignError):
    """A campaign file that cannot be read or written, in words for a player."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
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
    """The saved progress, or a fresh one when the campaign was never played."""
    path = campaign_path(campaign_id)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return CampaignProgress(campaign=campaign_id)
    except OSError as error:
        raise CampaignFileError(path, f"it cannot be read ({error.strerror or error}).") from None
    return _decode(path, data, campaign_id)


def save_progress(progress: CampaignProgress) -> None:
    """Write the progress atomically; a file there that is not a readable campaign is kept."""
    path = campaign_path(progress.campaign)
    try:
        existing = path.read_bytes()
    except FileNotFoundError:
        existing = None
    except OSError as error:
        raise CampaignFileError(path, f"it cannot be read ({error.strerror or error}).") from None
    if existing is not None:
        _decode(path, existing, progress.campaign)
    data = msgspec.json.format(msgspec.json.encode(_File(MAGIC, VERSION, progress)), indent=2) + b"\n"
    try:
        write_atomic(path, data)
    except OSError as error:
        raise CampaignFileError(path, f"it could not be written ({error.strerror or error}).") from None


def set_aside(campaign_id: str) -> Path | None:
    """Rename an unreadable campaign file to ``<id>.json.broken-<time>`` (its new path)."""
    path = campaign_path(campaign_id)
    if not path.exists():
        return None
    aside = path.with_name(f"{path.name}.broken-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}")
    os.replace(path, aside)
    return aside


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
