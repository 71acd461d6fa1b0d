"""The competitive mode's bots (:mod:`.player`): Easy, Normal and Hard, from the seat's view only.

They share the arrangement search of the mode-neutral core and value cards by the income they
add over the rounds left (:mod:`.model`, :mod:`.worth`)."""

from __future__ import annotations

from typing import Any


def make_bot(level: str, seed: int, **options: Any) -> Any:
    """A competitive bot of ``level`` (easy, normal or hard)."""
    from flight_tui.games.connecting_flights.competitive.bots.player import CompetitiveBot

    return CompetitiveBot(level, seed)
