"""The round summary as a widget: each airline's coins before and after a round, and why.

:func:`summary_text` writes a :class:`~..rules.round_summary.RoundSummary` as text, and
:func:`opening_text` a round's opening (its Event card and what it did at once);
:class:`RoundSummaryView` shows a summary and
scrolls (↑ ↓ PgUp PgDn) when it is longer than the screen. A change is given with its sign, so
nothing is told by colour alone. The table's round-end screen and a replay viewer both use it.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.round_summary import RoundOpening, RoundSummary
from flight_tui.games.connecting_flights.competitive.ui.presentation import event_marks

NAME_WIDTH = 12
"""Columns of an airline's name in its heading line."""


def _signed(delta: int) -> tuple[str, str]:
    return f"{delta:+d}", "green" if delta > 0 else ("red" if delta < 0 else "")


def summary_text(summary: RoundSummary | None, viewer: int | None) -> Text:
    """A round's end as text: each airline's coins and why, the sabotage, the closing words."""
    text = Text()
    if summary is not None:
        for seat in summary.seats:
            you = " (you)" if seat.seat == viewer else ""
            before = "?" if seat.before is None else str(seat.before)
            after = "?" if seat.after is None else str(seat.after)
            text.append(f"{(seat.name + you)[:NAME_WIDTH + 6]:<{NAME_WIDTH + 6}}", style="bold")
            text.append(f" {before:>3} → {after:>3} coins  ")
            text.append(*_signed(seat.change))
            text.append("\n")
            for line in seat.lines:
                text.append(f"  {line.delta:>+4d}  ", style=_signed(line.delta)[1])
                text.append(f"{line.why}\n")
            if not seat.lines:
                text.append("     0  no coins moved\n", style="dim")
        if summary.partial:
            text.append("The round's first moves are in the Log view.\n", style="italic")
        if summary.sabotage:
            text.append("Sabotage: ", style="bold")
            text.append(" ".join(summary.sabotage) + "\n")
        text.append(summary.closing + "\n", style="italic")
    text.rstrip()
    return text


def opening_text(opening: RoundOpening) -> Text:
    """A round's start as text: its Event card and what it did at once."""
    text = Text(f"Round {opening.round} · Event: ", style="bold")
    text.append(opening.event or "no Event card this round.")
    if opening.card >= 0:
        text.append(f"\n  {event_marks(data().events[opening.card])}", style="italic")
    if opening.effects:
        text.append("\n  " + " · ".join(opening.effects))
    return text


class RoundSummaryView(VerticalScroll, can_focus=True):
    """A round summary that scrolls (see the module docstring)."""

    DEFAULT_CSS = """
    RoundSummaryView { height: 1fr; padding: 0 1; }
    RoundSummaryView > Static { width: 100%; }
    """

    def compose(self):
        yield Static(id="round-summary-text", markup=False)

    def show(self, summary: RoundSummary | None, viewer: int | None) -> None:
        self.query_one("#round-summary-text", Static).update(summary_text(summary, viewer))
