"""What ``list_saves`` returns, and the table ``flight-tui saves`` prints."""

from __future__ import annotations

import textwrap
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


_UNBROKEN = "\u00a0"
"""Holds a player's label together while the line wraps (textwrap breaks at ASCII spaces only)."""


def format_saves(entries: Sequence[SaveEntry], width: int = 80) -> str:
    """The saves as plain text ``width`` columns wide, newest first (local times).

    Two lines a save (more with many players), so that nothing runs past ``width``: the name
    and when it was saved; then, indented, the game, how far it has gone and the players (or
    why it cannot be loaded), wrapped between players.
    """
    if not entries:
        return "No saves yet."
    lines = []
    for entry in entries:
        saved = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M") if entry.updated else ""
        lines.append(_name_and_time(entry.slot, saved, width))
        if entry.readable:
            players = ", ".join(player.replace(" ", _UNBROKEN) for player in entry.players)
            about = f"{entry.title} · {entry.progress} · {players}"
        else:
            about = f"cannot be loaded: {entry.problem}" + (" A backup can be restored." if entry.backup_readable else "")
        wrapped = textwrap.wrap(about, width, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False)
        lines += [line.replace(_UNBROKEN, " ") for line in wrapped]
    return "\n".join(lines)


def _name_and_time(name: str, saved: str, width: int) -> str:
    """``name`` and ``saved`` on one line, the time at the right edge (after the name when there is no room)."""
    gap = max(2, width - len(name) - len(saved))
    return f"{name}{' ' * gap}{saved}".rstrip()
