"""Which save a table's game is: the record the save store keeps on the table between saves."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class SaveIdentity:
    """When a table's match began and which autosave file it writes (kept by ``flight_tui.saves``)."""

    created: datetime = field(default_factory=_now)
    """When the match began (a loaded game keeps the date of its save)."""
    autosave_slot: str | None = None
    """The autosave the game is written to; None until its first autosave."""
    saved_actions: list[Any] | None = None
    """The actions its autosave file holds, as last loaded or written: an unchanged game is not
    written again (opening a save must not change its date)."""
