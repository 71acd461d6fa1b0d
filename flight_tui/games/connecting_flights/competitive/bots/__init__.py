"""Bots of the competitive mode. For now every level plays uniformly at random over the legal
actions of its view (the shared random bot), until the levels get bots of their own."""

from __future__ import annotations

from typing import Any

from flight_tui.bots import RandomBot
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE


def make_bot(level: str, seed: int = 0, **options: Any) -> RandomBot:
    """A bot of ``level`` (easy, normal, hard): the random bot for every level for now."""
    bot = RandomBot(COMPETITIVE, seed)
    bot.level = level
    return bot
