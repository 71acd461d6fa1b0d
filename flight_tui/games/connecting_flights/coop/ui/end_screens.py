"""The End Round summary (income and penalties, with why) and the win/loss screen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.games.connecting_flights.coop.rules.state import CoopView, GameEnded, RoundEnded
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.coop.ui.presentation import (
    board_totals,
    meeples_text,
    round_summary_lines,
)
from flight_tui.games.connecting_flights.coop.ui.round_news import coins_trail, round_news_lines
from flight_tui.ui.screens.chart import show_chart_below
from flight_tui.ui.widgets.footer import Footer


class RoundSummaryScreen(Screen[None]):
    """After End Round: what the round did (flights, charters, purchases, new passengers), the
    income, each penalty and why, the coins' trail; Enter goes on."""

    BINDINGS = [Binding("enter,space,escape", "close", "Next round", key_display="Enter", id="coop.next-round")]

    def __init__(self, world: World, view: CoopView, summary: RoundEnded, names: Sequence[str] = ()) -> None:
        super().__init__()
        self.world = world
        self.view = view
        self.summary = summary
        self.names = list(names) or [f"Player {seat + 1}" for seat in range(view.num_seats)]

    def compose(self) -> ComposeResult:
        view, world, summary = self.view, self.world, self.summary
        totals = board_totals(view)
        lines = round_summary_lines(view, world, summary)
        text = Text(lines[0] + "\n", style="bold")
        text.append("\n".join(round_news_lines(view, world, self.names, summary)) + "\n")
        text.append("\n".join(lines[1:]))
        trail = coins_trail(view, summary)
        if trail:
            text.append("\n" + trail)
        text.append(f"\nOn the board: {sum(totals)} meeples ({meeples_text(world, totals) or 'none'})")
        text.append(f" · flown home so far: {sum(view.delivered)}")
        text.append(f"\nNext: round {view.round} of {view.config.rounds}, Marketplace.")
        with VerticalScroll(id="cf-summary"):
            yield Static(text, id="cf-summary-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class CoopEndScreen(Screen[None]):
    """The team won or lost: why, what the last round did, who flew how many home, and what the
    campaign recorded.

    Enter goes back to the menu.
    """

    BINDINGS = [
        Binding("enter,space,escape", "close", "Back to the menu", key_display="Enter", id="coop.game-over"),
        Binding("c", "chart", "Chart", tooltip="The team's coins and income, round by round, as a chart", id="coop.chart"),
    ]

    def __init__(
        self, world: World, view: CoopView, names: Sequence[str], summary: str, campaign: str | None = None
    ) -> None:
        super().__init__()
        self.world = world
        self.view = view
        self.names = list(names)
        self.summary = summary
        self.campaign = campaign
        """What the campaign made of a scenario game's result (None for other games)."""

    def compose(self) -> ComposeResult:
        view = self.view
        heading = "✓ The team wins!" if view.won else "✗ The team loses."
        text = Text(heading + "\n\n", style="bold")
        text.append(self.summary + "\n\n")
        end = next((e for e in reversed(view.log) if isinstance(e, GameEnded)), None)
        if end is not None:
            text.append(f"Round {end.round}, the last: ", style="bold")
            text.append(" ".join(round_news_lines(view, self.world, self.names, end)) + "\n\n")
        for seat, name in enumerate(self.names):
            text.append(f"  {name:<16} flew {view.delivered_by[seat]:>2} home\n")
        stranded = board_totals(view)
        if sum(stranded):
            text.append(f"\nStranded: {meeples_text(self.world, stranded)}\n")
        text.append(f"Coins left: {view.coins}")
        if self.campaign:
            text.append(f"\n\nCampaign: {self.campaign}")
        with Middle(), Center():
            yield Static(text, id="cf-end-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_chart(self) -> None:
        show_chart_below(self)
