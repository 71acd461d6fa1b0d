"""Who sits in each seat: a person at this terminal or a bot (later also a remote player)."""

from __future__ import annotations

import unicodedata

import msgspec

BOT_LEVELS = ("random", "easy", "normal", "hard")
SEAT_KINDS = ("human",) + BOT_LEVELS
DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")
NAME_LENGTH = 16
"""The longest seat name (typed in, given on the command line, or read from a save)."""


class SeatSpec(msgspec.Struct, frozen=True):
    """One seat: ``kind`` is ``human`` or a bot level; ``name`` is shown at the table."""

    kind: str
    name: str

    @property
    def is_bot(self) -> bool:
        return self.kind in BOT_LEVELS

    @property
    def label(self) -> str:
        """The name with the bot level, e.g. ``Bob (Hard bot)``."""
        return self.name if not self.is_bot else f"{self.name} ({self.kind.capitalize()} bot)"


def parse_seat(text: str, index: int) -> SeatSpec:
    """Parse ``human``, ``random``, ``easy``, ``normal`` or ``hard``, optionally ``:Name``."""
    kind, _, name = text.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in SEAT_KINDS:
        raise ValueError(f"unknown seat {kind!r} (use one of: {', '.join(SEAT_KINDS)})")
    name = name.strip() or DEFAULT_NAMES[index % len(DEFAULT_NAMES)]
    problem = seat_name_problem(name)
    if problem:
        raise ValueError(f"seat name {name!r} {problem}")
    return SeatSpec(kind, name)


def seat_name_problem(name: str) -> str | None:
    """What is wrong with a seat name, as the end of a sentence about it (None: nothing)."""
    if not name:
        return "is empty"
    if len(name) > NAME_LENGTH:
        return f"is longer than {NAME_LENGTH} characters"
    if any(unicodedata.category(c) == "Cc" for c in name):
        return "contains control characters"
    return None
