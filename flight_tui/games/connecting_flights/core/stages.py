"""The three stages of a game of ten rounds (Main Board's Game Progress Tracker), shared by both modes."""

from __future__ import annotations

STAGE_STARTS = (1, 4, 8)
"""The first round of stage 1, 2 and 3: rounds 1-3, 4-7, then 8 and later."""


def stage_of(round_no: int, starts: tuple[int, ...] = STAGE_STARTS) -> int:
    """The stage (1-3) of a round: rounds 1-3, 4-7, then 8 and later."""
    return sum(1 for first in starts if round_no >= first) or 1
