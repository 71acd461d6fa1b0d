"""The end of a round, shown to each person at the table before the next round begins.

A full screen (nothing of the table shows through it): the title says which round ended, the
:class:`~.round_summary.RoundSummaryView` gives each airline's coins and why and the sabotage
(it scrolls when longer than the screen), and under it, always in sight, the next round's Event
card with what it did at once. One key dismisses it; bots wait meanwhile.
At the start of round 1 it shows the first Event card only.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.round_summary import RoundOpening, RoundSummary, round_opening, summarize_round
from flight_tui.games.connecting_flights.competitive.rules.state import OVER
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.round_summary import RoundSummaryView, opening_text
from flight_tui.ui.widgets.footer import GameFooter


LEAVE = "leave"
"""What the summary screen is dismissed with when the player leaves the table from it (Esc)."""


class RoundSummaryScreen(Screen[str | None]):
    """A round's summary and the next round's opening until the player dismisses it."""

    DEFAULT_CSS = """
    RoundSummaryScreen { layout: vertical; }
    RoundSummaryScreen #round-summary-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    RoundSummaryScreen #round-opening { height: auto; padding: 0 1; border-top: solid $panel-lighten-2; }
    RoundSummaryScreen.-opening-only #round-opening { border-top: none; }
    """

    BINDINGS = [
        Binding("enter,space", "close", "Go on", key_display="Enter", tooltip="Done reading: on with the game", id="competitive.summary.close"),
        Binding("escape", "leave", "Menu", key_display="Esc", tooltip="Back to the menu, as from the table", id="competitive.summary.menu"),
    ]

    def __init__(self, summary: RoundSummary | None, opening: RoundOpening | None, viewer: int | None) -> None:
        super().__init__()
        self.summary, self.opening, self.viewer = summary, opening, viewer

    def compose(self) -> ComposeResult:
        yield Static(id="round-summary-title", markup=False)
        yield RoundSummaryView(id="round-summary")
        yield Static(id="round-opening", markup=False)
        yield GameFooter()

    def _title(self) -> str:
        if self.summary is None:
            return f"Round {self.opening.round} begins" if self.opening is not None else "The game goes on"
        return f"End of round {self.summary.round} · each airline's coins, and why (↑↓ PgUp PgDn scroll)"

    def on_mount(self) -> None:
        self._show()
        self.query_one(RoundSummaryView).focus()

    def show_news(self, other: RoundSummaryScreen) -> None:
        """Show ``other``'s summary and opening on this screen, mounted before (a replay shows
        each round's news on one screen instead of building a new one)."""
        self.summary, self.opening, self.viewer = other.summary, other.opening, other.viewer
        self._show()

    def _show(self) -> None:
        self.set_class(self.summary is None, "-opening-only")
        self.query_one("#round-summary-title", Static).update(self._title())
        view = self.query_one(RoundSummaryView)
        view.display = self.summary is not None
        view.show(self.summary, self.viewer)
        view.scroll_home(animate=False, immediate=True)
        opening = self.query_one("#round-opening", Static)
        opening.display = self.opening is not None
        opening.update(opening_text(self.opening) if self.opening is not None else "")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        """Esc: the table leaves too (a game goes back to the menu, a lesson ends)."""
        self.dismiss(LEAVE)


def round_news(view: CompetitiveView, names: Sequence[str], reader: int | None, seen: int | None) -> tuple[RoundSummaryScreen | None, int]:
    """The screen to show when a round has ended (or round 1 begun) since round ``seen`` was
    shown, and the round shown now. ``seen`` None: the first look (a game joined or resumed),
    whose earlier rounds are not told again. ``reader`` is the seat it is written for (None:
    what everyone may know)."""
    now = data().rounds + 1 if view.phase == OVER else view.round
    if seen is None or now <= seen:
        return None, now if seen is None else seen
    summary = summarize_round(view.log, now - 1, names, reader, view.coins_after) if now > 1 else None
    opening = round_opening(view.log, now, names, reader) if now <= data().rounds else None
    if summary is None and opening is None:
        return None, now
    return RoundSummaryScreen(summary, opening, reader), now


def spectator_news(view: CompetitiveView, names: Sequence[str], seen: int | None) -> tuple[RoundSummaryScreen | None, int]:
    """The round summary for someone watching the table (the game's ``spectator_news``)."""
    return round_news(view, names, None, seen)
