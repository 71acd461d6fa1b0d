"""The set-up view: keep one of the Player cards dealt, then choose a continent in rank order.

Keeping is sealed (nobody sees another's card until all have kept one); continents are chosen
lowest rank first, each a different one in play. The starting flight itself is bought in the
Hand view's builder, with the running total against the budget. Each choice is a row of one
list: the cursor keys pick it, Enter takes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules import setup as setup_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import ChooseContinent, KeepCard
from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.config import continents_in_play
from flight_tui.games.connecting_flights.competitive.rules.state import CONTINENT, KEEP, START
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import asked, player_card_label
from flight_tui.games.connecting_flights.core.prices import cheapest_flight_within
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import CursorKeys, LineList, OneLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves


def setup_choices(view: CompetitiveView, world: World) -> list[tuple[str, object]]:
    """The viewer's set-up choices now, as (label, action)."""
    if not asked(view):
        return []
    if view.phase == KEEP:
        cards = data().player_cards
        return [(player_card_label(cards[c]), KeepCard(c)) for c in view.dealt]
    if view.phase == CONTINENT:
        out = []
        for continent in setup_rules.free_continents(view):
            c = world.continents[continent]
            cheapest = cheapest_flight_within(world, continent)
            out.append((f"{c.letter} {c.name}: {len(world.airports_in(continent))} airports, the cheapest flight {cheapest}c", ChooseContinent(continent)))
        return out
    return []


class SetupView(CursorKeys, Widget, can_focus=True):
    """Keep a Player card; choose a continent (see the module docstring)."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Choice", key_display="↑↓", tooltip="Previous choice", id="competitive.setup.previous"),
        Binding("down,j", "move(1)", "Next choice", show=False, tooltip="Next choice", id="competitive.setup.next"),
        Binding("home", "end(-1)", "First choice", show=False, tooltip="The first choice", id="competitive.setup.first"),
        Binding("end", "end(1)", "Last choice", show=False, tooltip="The last choice", id="competitive.setup.last"),
        Binding("enter,space", "take", "Take it", key_display="Enter", tooltip="Keep this Player card, or start in this continent", id="competitive.setup.take"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.choices: list[tuple[str, object]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="setup-intro")
        yield LineList(id="setup-list")
        yield Static(id="setup-table")
        yield OneLine(id="setup-detail")

    def show(self, view: CompetitiveView, names: Sequence[str]) -> None:
        before, self.choices = self.choices, setup_choices(view, self.world)
        self.query_one("#setup-intro", Static).update(self._intro(view, names))
        lines = self.query_one(LineList)
        lines.display = bool(self.choices)
        cursor = self.kept_cursor([action for _, action in before], [action for _, action in self.choices])
        lines.show([(label, "", "ok") for label, _ in self.choices], cursor)
        self.query_one("#setup-table", Static).update(self._table(view, names))
        self._show_detail()
        self.refresh_bindings()

    def point_at(self, action: object) -> bool:
        """Put the cursor on the choice that makes ``action`` (a hint); False if none does."""
        return self.point_at_first(self.choices, lambda choice: choice[1] == action)

    def _show_detail(self) -> None:
        """The power of the Player card under the cursor, or what Enter does (in a replay: the
        card's power alone)."""
        moves = takes_moves(self)
        take = key_for(self, "competitive.setup.take")
        if not self.choices:
            self.query_one(OneLine).show("")
            return
        _, action = self.choices[self.query_one(LineList).cursor]
        if isinstance(action, KeepCard):
            card = data().player_cards[action.card]
            players = "" if card.players == (2, 3, 4, 5) else f" (only with {', '.join(str(n) for n in card.players)} players)"
            self.query_one(OneLine).show(Text.assemble((f"{card.name}: ", "bold"), card.text + players, f"\n{take} keeps it." if moves else ""))
        else:
            self.query_one(OneLine).show(f"{take} takes the choice under the cursor." if moves else "")

    def on_line_list_moved(self, _: LineList.Moved) -> None:
        self._show_detail()

    def _intro(self, view: CompetitiveView, names: Sequence[str]) -> Text:
        world = self.world
        in_play = ", ".join(world.continents[c].name for c in sorted(continents_in_play(view.config)))
        text = Text(f"Set-up · continents in play: {in_play}\n", style="bold")
        me = names[view.seat]
        if view.phase == KEEP:
            if asked(view):
                text.append(f"{me}, keep one of your Player cards (the other is discarded; nobody sees yours until all have kept one).")
            else:
                text.append("Waiting for the others to keep a Player card.")
        elif view.phase == CONTINENT:
            if asked(view):
                text.append(f"{me}, choose the continent of your starting flight (lowest rank chooses first).")
            else:
                text.append(f"{names[view.current]} is choosing a continent.")
        elif view.phase == START:
            text.append("Buy your starting flight in the Hand view: two airports of your continent, a plane and a passenger, within your budget.")
        return text

    def _table(self, view: CompetitiveView, names: Sequence[str]) -> Text:
        """Each seat's Player card (when known) and continent, in rank order once revealed."""
        cards = data().player_cards
        order = view.order or list(range(view.num_seats))
        text = Text("\n")
        for seat in order:
            card = view.kept[seat]
            if card >= 0:
                label = player_card_label(cards[card])
            else:
                label = "no Player card kept yet" if seat == view.seat else "Player card face down"
            continent = view.holdings[seat].continent
            where = f" · {self.world.continents[continent].name}" if continent >= 0 else ""
            you = " (you)" if seat == view.seat else ""
            text.append(f" {names[seat]}{you}: {label}{where}\n")
        text.rstrip()
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "end", "take"):
            return bool(self.choices)
        return True

    def action_take(self) -> None:
        if not self.choices:
            self.post_message(MoveRefused("There is nothing to choose now."))
            return
        self.post_message(ActionChosen(self.choices[self.query_one(LineList).cursor][1]))
