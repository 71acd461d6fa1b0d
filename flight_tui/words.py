"""Numbers in the words a player reads: ``1 coin``, ``3 coins``, ``1 point``."""

from __future__ import annotations


def count(number: int, singular: str, plural: str | None = None) -> str:
    """``count(1, "coin")`` is ``1 coin``; ``count(3, "coin")`` is ``3 coins``."""
    word = singular if number == 1 else plural or singular + "s"
    return f"{number} {word}"
