"""End of a hand and end of the match: what happened, the scores per hand, and a chart."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from flight_tui.games.flight.rules.state import FlightConfig, HandResult
from flight_tui.games.flight.ui.score_chart import FIRST_OUT, LANDED, score_chart, score_table
from flight_tui.words import count


def hand_summary(names: Sequence[str], result: HandResult) -> str:
    """How a hand ended, in a sentence or two."""
    if result.landed_by >= 0:
        lander = names[result.landed_by]
        text = f"{lander} made the first Safe Landing (+25)."
        if result.first_out == result.landed_by:
            text = f"{lander} went out first and made the first Safe Landing: 50 points."
        elif result.first_out >= 0:
            text += f" {names[result.first_out]} was first out of cards (+20)."
    elif result.how == "turn-cap":
        text = f"Nobody landed: the hand was stopped at the safety limit of {result.turns} turns."
    else:
        text = "Nobody landed: the pack ran out, so the flights were grounded."
        if result.first_out >= 0:
            text += f" {names[result.first_out]} was first out of cards (+20)."
    return text + " Everyone else loses the points of the cards left in hand."


def winners_text(names: Sequence[str], winners: Sequence[int], scores: Sequence[int]) -> str:
    """``Ann wins the match with 112 points.`` (or a shared win)."""
    if not winners:
        return "The match is over."
    who = " and ".join(names[w] for w in winners)
    verb = "wins" if len(winners) == 1 else "share"
    return f"{who} {verb} the match with {count(scores[winners[0]], 'point')}!"


class HandEndScreen(Screen[None]):
    """The scores after a hand; Enter goes on to the next hand."""

    BINDINGS = [Binding("enter,space", "close", "Next hand", key_display="Enter", id="flight.next-hand")]
    heading = "Hand {hand} is over"

    def __init__(
        self,
        names: Sequence[str],
        results: Sequence[HandResult],
        config: FlightConfig,
        winners: Sequence[int] = (),
    ) -> None:
        super().__init__()
        self.names = list(names)
        self.results = list(results)
        self.config = config
        self.winners = list(winners)

    def compose(self) -> ComposeResult:
        last = self.results[-1]
        totals = [sum(r.points[seat] for r in self.results) for seat in range(len(self.names))]
        target = 0 if self.config.hands else self.config.target
        goal = f"Playing {self.config.hands} hands." if self.config.hands else f"First to {target} points wins."
        with VerticalScroll(id="scores"):
            yield Static(Text(self.heading.format(hand=last.hand_no), style="bold"), classes="end-title")
            yield Static(self.headline(totals) + f"\n{goal}", classes="end-summary")
            rows = max(self.app.size.height - 19, 2)
            yield Static(score_table(self.names, self.results, max_rows=rows), classes="end-table")
            yield Static(score_chart(self.names, self.results, target), classes="end-chart")
            yield Static(f"{LANDED} Safe Landing   {FIRST_OUT} first out of cards", classes="end-legend")
        yield Footer()

    def headline(self, totals: list[int]) -> str:
        return hand_summary(self.names, self.results[-1])

    def action_close(self) -> None:
        self.dismiss(None)


class MatchEndScreen(HandEndScreen):
    """The final scores and the winner; Enter goes back to the menu."""

    BINDINGS = [Binding("enter,space", "close", "Back to the menu", key_display="Enter", id="flight.match-over")]
    heading = "The match is over after hand {hand}"

    def headline(self, totals: list[int]) -> str:
        return winners_text(self.names, self.winners, totals) + "\n" + hand_summary(self.names, self.results[-1])
