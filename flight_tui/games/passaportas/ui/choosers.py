"""Small pop-ups of the Passaportas table: how much fuel to burn, which group to stop at customs,
and the results at the end of the game."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from flight_tui.games.passaportas.rules.state import DONE, PLANE, PassaportasView
from flight_tui.table.seats import SeatSpec
from flight_tui.games.passaportas.rules.game import litres
from flight_tui.games.passaportas.ui.presentation import SEAT_LETTERS, STATUS_WORDS, customs_targets, group_label
from flight_tui.ui.screens.chart import show_chart_below
from flight_tui.ui.widgets.footer import Footer

PASS = "pass"


class OptionChooser(ModalScreen[str | None]):
    """A question and a list of answers: ↑↓ and Enter pick one, Esc goes back without choosing.

    ``start``: the key of the answer the cursor starts on (the first one if None or unknown).
    """

    BINDINGS = [Binding("escape", "cancel", "Back", key_display="Esc", id="passaportas.chooser.back")]

    def __init__(self, question: str, options: Sequence[tuple[str, str]], start: str | None = None) -> None:
        super().__init__()
        self.question = question
        self.options = list(options)
        self.start = start

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser"):
            yield Static(Text(self.question, style="bold"))
            yield OptionList(*(Option(label, id=key) for key, label in self.options), id="choices")
        yield Footer()

    def on_mount(self) -> None:
        keys = [key for key, _ in self.options]
        if self.start in keys:
            self.query_one(OptionList).highlighted = keys.index(self.start)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def fuel_options(amounts: Sequence[int], routes: Sequence[str], tank: int, next_name: str) -> list[tuple[str, str]]:
    """``(amount, "8,000 l  LON – PAR – ROM · leaves 2,000 l for Bob")`` for each way to the
    chosen city: what it burns, where it goes, and what stays in the tank for the next player."""
    options = []
    for a, route in zip(amounts, routes):
        rest = f"leaves {litres(tank - a)} for {next_name}" if tank > a else f"leaves no fuel for {next_name}"
        options.append((str(a), f"{litres(a):>9}  {route} · {rest}"))
    return options


def customs_key(player: int, size: int) -> str:
    """The answer ``player:size`` of the customs question: that player's group of ``size``."""
    return f"{player}:{size}"


def customs_options(view: PassaportasView, names: Sequence[str]) -> list[tuple[str, str]]:
    """Each opponent group in the plane or the office as ``player:size``, then passing."""
    options = []
    for player, size, status in customs_targets(view):
        where = "in the plane" if status == PLANE else "in the customs office"
        label = f"{group_label(player, size)} {names[player]}'s group of {size} {where}"
        options.append((customs_key(player, size), label))
    options.append((PASS, "Use no customs card"))
    return options


class ResultsScreen(Screen[None]):
    """The end of the game: who won, and every player's groups and persons delivered."""

    BINDINGS = [
        Binding("enter,space,escape", "close", "Back to the menu", key_display="Enter", id="passaportas.results.close"),
        Binding("c", "chart", "Chart", tooltip="The passengers each player delivered, round by round, as a chart", id="passaportas.chart"),
    ]

    def __init__(self, view: PassaportasView, seats: Sequence[SeatSpec], city_name) -> None:
        super().__init__()
        self.view = view
        self.seats = list(seats)
        self.city_name = city_name

    def compose(self) -> ComposeResult:
        view, names = self.view, [s.name for s in self.seats]
        winners = " and ".join(names[w] for w in view.winners) or "Nobody"
        verb = "wins" if len(view.winners) == 1 else "share the win"
        with VerticalScroll(id="results"):
            yield Static(Text(f"The game is over after {view.round_no} rounds", style="bold"), classes="end-title")
            yield Static(f"{winners} {verb}!", classes="end-summary")
            yield Static(self._table(), classes="end-table")
        yield Footer()

    def _table(self) -> Text:
        view = self.view
        out = Text()
        for player, spec in enumerate(self.seats):
            crown = "★ " if player in view.winners else "  "
            out.append(f"{crown}{SEAT_LETTERS[player]} {spec.label:<24} {view.delivered[player]:>2} persons delivered\n")
            for group in view.groups[player]:
                trip = f"{self.city_name(group.boarding)} → {self.city_name(group.destination)}"
                status = STATUS_WORDS[group.status] if group.status != DONE else "done ✓"
                out.append(f"      {group_label(player, group.size)}  {trip:<34} {status}\n")
        return out

    def action_close(self) -> None:
        self.dismiss(None)

    def action_chart(self) -> None:
        show_chart_below(self)
