"""Flight's chart: each player's total score after each hand (from the hands' public results)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from flight_tui.engine.chart import Chart, Line


def charts(rules, state, names: Sequence[str]) -> list[Chart]:
    """The running totals, hand by hand, of the hands played so far."""
    results = rules.view(state, 0).hand_results  # every seat sees every hand's result
    return [
        Chart(
            title="Total score after each hand",
            x_label="hand",
            x=[result.hand_no for result in results],
            lines=[Line(name, list(accumulate(result.points[seat] for result in results))) for seat, name in enumerate(names)],
        )
    ]
