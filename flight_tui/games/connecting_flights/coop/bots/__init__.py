"""The cooperative planner (``planner``, with ``market`` and ``fly``): it plans the team's
purchases, chains, flight order and charters from its seat's view and acts for its seat only."""

from __future__ import annotations

from typing import Any


def make_bot(level: str, seed: int, **options: Any) -> Any:
    """A planner of ``level`` (easy, normal or hard: how widely it searches)."""
    from flight_tui.games.connecting_flights.coop.bots.planner import CoopPlannerBot

    return CoopPlannerBot(level, seed)
