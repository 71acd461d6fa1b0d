"""Scores of a match as text: a table per hand and a small bar and spark chart.

Only characters carry the meaning (block bars, spark heights, ✈ and ★ marks), so the chart
reads the same with colours, without them, and under NO_COLOR.
"""

from __future__ import annotations

from typing import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from flight_tui.games.flight.rules.state import HandResult

SPARKS = "▁▂▃▄▅▆▇█"
EIGHTHS = " ▏▎▍▌▋▊▉█"
LANDED, FIRST_OUT = "✈", "★"


def spark(values: Sequence[int], low: int, high: int) -> str:
    """One character per value, its height scaled between ``low`` and ``high``."""
    span = max(high - low, 1)
    return "".join(SPARKS[round((v - low) * (len(SPARKS) - 1) / span)] for v in values)


def bar(value: int, full: int, width: int) -> str:
    """A bar ``width`` cells long, filled in eighths by ``value / full`` (empty below zero)."""
    eighths = round(min(max(value / max(full, 1), 0.0), 1.0) * width * 8)
    whole, part = divmod(eighths, 8)
    text = "█" * whole + (EIGHTHS[part] if part else "")
    return text + "·" * (width - len(text))


def hand_cell(result: HandResult, seat: int) -> str:
    """A seat's points in one hand, with ✈ for the Safe Landing and ★ for first out."""
    marks = (LANDED if result.landed_by == seat else "") + (FIRST_OUT if result.first_out == seat else "")
    return f"{result.points[seat]:+d}{(' ' + marks) if marks else ''}"


def score_table(names: Sequence[str], results: Sequence[HandResult], max_rows: int = 8) -> Table:
    """Points per hand (the latest ``max_rows`` hands) and the totals."""
    table = Table(box=box.SIMPLE_HEAD, show_footer=True, show_edge=False, pad_edge=False, expand=False)
    totals = [sum(r.points[seat] for r in results) for seat in range(len(names))]
    best = max(totals) if totals else 0
    table.add_column("Hand", footer="Total")
    for seat, name in enumerate(names):
        footer = Text(f"{totals[seat]:d}", style="bold" if totals[seat] == best else "")
        table.add_column(name, footer=footer, justify="right")
    shown = results[-max_rows:]
    if len(shown) < len(results):
        table.add_row(f"1–{len(results) - len(shown)}", *["…"] * len(names))
    for result in shown:
        table.add_row(str(result.hand_no), *[hand_cell(result, seat) for seat in range(len(names))])
    return table


def score_chart(names: Sequence[str], results: Sequence[HandResult], target: int, width: int = 20) -> Text:
    """Each player: a spark line of points per hand and a bar of the total towards ``target``
    (with ``target`` 0, as in a match of so many hands, the bars compare with the best total)."""
    points = [p for r in results for p in r.points]
    totals = [sum(r.points[seat] for r in results) for seat in range(len(names))]
    full = target or max(max(totals, default=0), 1)
    low, high = (min(points), max(points)) if points else (0, 0)
    name_width = max(len(n) for n in names)
    spark_width = min(max(len(results), 1), 12)
    column = max(spark_width, len("hands"))
    out = Text()
    out.append(f"{'':<{name_width}}  {'hands':<{column}}  total" + (f" towards {target}" if target else ""), style="dim")
    for seat, name in enumerate(names):
        per_hand = [r.points[seat] for r in results][-spark_width:]
        total = totals[seat]
        out.append(f"\n{name:<{name_width}}  ")
        out.append(f"{spark(per_hand, low, high):<{column}}  ")
        out.append(bar(total, full, width))
        out.append(f" {total:>4}" + (f" / {target}" if target else ""))
    return out
