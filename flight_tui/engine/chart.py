"""A game's figures round by round, for a chart: what each game's ``chart_series`` returns.

Plain data, drawn by the shell's chart widget: each ``Chart`` is one quantity (a score, coins,
income) with one ``Line`` per player (or per team), one value per round or hand.
"""

from __future__ import annotations

import msgspec


class Line(msgspec.Struct, frozen=True):
    """One player's values, one per point of the chart's ``x``."""

    name: str
    values: list[int]


class Chart(msgspec.Struct, frozen=True, kw_only=True):
    """One quantity over the game: ``x`` the hands or rounds, ``lines`` a line per player."""

    title: str
    x_label: str
    """What ``x`` counts (``hand``, ``round``)."""
    x: list[int]
    lines: list[Line]
