"""What ``list_saves`` returns, and the table ``flight-tui saves`` prints."""

from __future__ import annotations

from datetime import datetime
from typing import Sequence

import msgspec


class SaveEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One save as the player sees it in a list (``msgspec.json.encode`` gives ``--json``)."""

    slot: str
    autosave: bool
    game: str = ""
    """The game's name (``flight``); empty when the file cannot be read."""
    title: str = ""
    players: list[str] = msgspec.field(default_factory=list)
    """Seat labels, e.g. ``Bob (Normal bot)``."""
    progress: str = ""
    """How far the match has gone, e.g. ``hand 2, turn 14``."""
    created: datetime | None = None
    updated: datetime | None = None
    """When it was last written (for an unreadable file: the file's modification time)."""
    problem: str = ""
    """Why it cannot be loaded, in player words; empty when it can."""
    backup_readable: bool = False
    """For an unreadable save: whether its backup copy can be restored."""
    scenario: str = ""
    """For a game of a campaign scenario: its ``campaign-id/scenario-id``."""

    @property
    def readable(self) -> bool:
        return not self.problem


def format_saves(entries: Sequence[SaveEntry]) -> str:
    """A plain-text table of saves, one line each (local times)."""
    if not entries:
        return "No saves yet."
    rows = [("Save", "Game", "Progress", "Saved", "Players")]
    for entry in entries:
        saved = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M") if entry.updated else ""
        if entry.readable:
            rows.append((entry.slot, entry.title, entry.progress, saved, ", ".join(entry.players)))
        else:
            note = " A backup can be restored." if entry.backup_readable else ""
            rows.append((entry.slot, "?", "cannot be loaded", saved, entry.problem + note))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[4] for row in rows]
    return "\n".join(line.rstrip() for line in lines)
