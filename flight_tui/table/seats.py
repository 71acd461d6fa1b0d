"""Who sits in each seat: a person at this terminal or a bot (later also a remote player)."""

from __future__ import annotations

import msgspec

BOT_LEVELS = ("random", "easy", "normal", "hard")
SEAT_KINDS = ("human",) + BOT_LEVELS
DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")


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
    if len(name) > 16:
        raise ValueError(f"seat name {name!r} is longer than 16 characters")
    return SeatSpec(kind, name)
