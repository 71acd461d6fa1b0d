"""Words a player reads: numbers of things (``1 coin``, ``3 coins``) and text cut to a width."""

from __future__ import annotations


def count(number: int, singular: str, plural: str | None = None) -> str:
    """``count(1, "coin")`` is ``1 coin``; ``count(3, "coin")`` is ``3 coins``."""
    word = singular if number == 1 else plural or singular + "s"
    return f"{number} {word}"


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, with an ellipsis when cut."""
    if len(text) <= width:
        return text
    return text[: max(width - 1, 0)] + "…" if width > 0 else ""
