"""The set-up view: choose a free starting flight (best for round 1 first), Enter takes it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.games.connecting_flights.coop.rules.state import SETUP, ChooseStart, CoopView
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import CursorKeys, FindByTyping, LineList, OneLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.games.connecting_flights.coop.ui.presentation import (
    my_go,
    ranked_starts,
    start_key,
    start_label,
)
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves


class StartView(FindByTyping, CursorKeys, Widget, can_focus=True):
    """The starting flights the viewer may take, with a cursor (Home/End/PgUp/PgDn move far,
    capital letters find a flight by its airports' codes)."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Flight", key_display="↑↓", tooltip="Previous starting flight", id="coop.setup.previous"),
        Binding("down,j", "move(1)", "Next flight", show=False, tooltip="Next starting flight", id="coop.setup.next"),
        Binding("pageup", "move(-8)", "Page up", show=False, tooltip="Eight flights up", id="coop.setup.page-up"),
        Binding("pagedown", "move(8)", "Page down", show=False, tooltip="Eight flights down", id="coop.setup.page-down"),
        Binding("home", "end(-1)", "First flight", show=False, tooltip="The first starting flight", id="coop.setup.first"),
        Binding("end", "end(1)", "Last flight", show=False, tooltip="The last starting flight", id="coop.setup.last"),
        Binding("enter,space", "take", "Take it", key_display="Enter", tooltip="Take this free starting flight", id="coop.setup.take"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.starts: list[ChooseStart] = []
        self.view: CoopView | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="start-intro")
        yield LineList(id="start-list")
        yield OneLine(id="start-detail")

    def show(self, view: CoopView, names: Sequence[str]) -> None:
        self.view = view
        mine = view.phase == SETUP and my_go(view)
        before, self.starts = self.starts, ranked_starts(view, self.world, view.seat) if mine else []
        intro = Text(f"{names[view.seat]}: choose your free starting flight", style="bold")
        intro.append(" (two airports, a plane, a passenger; a 4-fuel truck comes free). The first ones move meeples in round 1")
        intro.append(" or share a partner's airports (meeples change planes there)." if any(len(h.airports) for h in view.hands) else ".")
        intro.append("\n" + start_key(self.world), style="dim")
        if not mine:
            intro = Text("The starting flights are chosen." if view.phase != SETUP else f"{names[view.current]} is choosing a starting flight.")
        self.query_one("#start-intro", Static).update(intro)
        self.query_one(LineList).show([(start_label(view, self.world, s), "", "ok") for s in self.starts], self.kept_cursor(before, self.starts))
        self.query_one(OneLine).show(f"{key_for(self, 'coop.setup.take')} takes the flight under the cursor." if self.starts and takes_moves(self) else "")

    def point_at(self, start: ChooseStart) -> None:
        """Put the cursor on ``start`` (a hint), or on the listed flight between the same two
        airports (the list keeps one plane and passenger per route)."""
        cards = self.world.airport_cards

        def route(s: ChooseStart) -> tuple[int, int]:
            return cards[s.origin].airport, cards[s.dest].airport

        index = next((i for i, s in enumerate(self.starts) if s == start), None)
        if index is None:
            index = next((i for i, s in enumerate(self.starts) if route(s) == route(start)), None)
        if index is not None:
            self.query_one(LineList).move_to(index)

    def action_take(self) -> None:
        if not self.starts:
            self.post_message(MoveRefused("There is no starting flight to choose now."))
            return
        self.post_message(ActionChosen(self.starts[self.query_one(LineList).cursor]))
