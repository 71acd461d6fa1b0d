"""End of a hand and end of the match: the board as the last move left it, then what happened,
the scores per hand, a chart, and what to do next."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.games.flight.rules.state import FlightConfig, FlightLine, HandResult
from flight_tui.games.flight.ui.score_chart import FIRST_OUT, LANDED, score_chart, score_table
from flight_tui.games.flight.ui.widgets import FlightsPanel
from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.chart import show_chart_below
from flight_tui.ui.widgets.footer import Footer
from flight_tui.ui.widgets.log_panel import LogPanel
from flight_tui.words import count

MENU = "menu"
"""What an end screen is dismissed with when the player goes back to the menu."""
NEW_MATCH = "new-match"
"""What the match's end screen is dismissed with for a new match with the same seats."""


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


class LandingScreen(Screen[None]):
    """The board as the move that ended a hand left it, that move marked, and the last moves;
    Enter goes on to the scores."""

    BINDINGS = [Binding("enter,space", "close", "Scores", key_display="Enter", id="flight.landing.scores")]

    def __init__(self, hand_no: int, headline: str, flights: list[FlightLine], marked: int, log: list[str]) -> None:
        super().__init__()
        self.hand_no = hand_no
        self.headline = headline
        self.flights = flights
        self.marked = marked
        self.log_lines = log

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Hand {self.hand_no} is over: the last move", style="bold"), classes="end-title")
        scores = key_for(self, "flight.landing.scores")
        yield Static(f"{self.headline} {scores}: the scores.", classes="end-summary")
        yield FlightsPanel(id="landing-flights", classes="panel")
        yield LogPanel(id="landing-log", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        flights = self.query_one(FlightsPanel)
        flights.border_title = "The flights at the end of the hand" + (" · ◀ the last move" if self.marked >= 0 else "")
        flights.show(self.flights, frozenset(), self.marked)
        log = self.query_one(LogPanel)
        log.border_title = "The last moves"
        log.show(self.log_lines)

    def action_close(self) -> None:
        self.dismiss(None)


class HandEndScreen(Screen[str | None]):
    """The scores after a hand; Enter goes on to the next hand, Esc back to the menu."""

    BINDINGS = [
        Binding("enter,space", "close", "Next hand", key_display="Enter", id="flight.next-hand"),
        Binding("escape", "menu", "Menu", key_display="Esc", tooltip="Back to the menu (the game stays saved)", id="flight.results.menu"),
        Binding("c", "chart", "Chart", tooltip="Each player's total score after each hand, as a chart", id="flight.chart"),
    ]
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
        goal = f"Playing {count(self.config.hands, 'hand')}." if self.config.hands else f"First to {count(target, 'point')} wins."
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

    def action_chart(self) -> None:
        show_chart_below(self)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_menu(self) -> None:
        self.dismiss(MENU)


class MatchEndScreen(HandEndScreen):
    """The final scores and the winner; ``n`` starts a new match with the same seats (when
    ``rematch``), Enter goes back to the menu."""

    BINDINGS = [
        Binding("n", "new_match", "New match", tooltip="A new match with the same players", id="flight.new-match"),
        Binding("enter,space,escape", "menu", "Menu", key_display="Enter", tooltip="Back to the menu", id="flight.match-over"),
    ]
    heading = "The match is over after hand {hand}"

    def __init__(self, *args, rematch: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rematch = rematch

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.rematch or action != "new_match"

    def action_new_match(self) -> None:
        self.dismiss(NEW_MATCH)

    def headline(self, totals: list[int]) -> str:
        return winners_text(self.names, self.winners, totals) + "\n" + hand_summary(self.names, self.results[-1])
