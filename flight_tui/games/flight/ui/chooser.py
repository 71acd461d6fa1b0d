"""A small keyboard chooser: on which flight to lay a card that could go on several."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import play_problem
from flight_tui.games.flight.rules.state import FlightLine, FlightView
from flight_tui.games.flight.ui.presentation import FLIGHT_KEYS
from flight_tui.ui.keys import key_for, key_name, keys_of


def flight_summary(colour: int, line: FlightLine) -> str:
    """How far a flight has got, e.g. ``R3 Basra flown, Fog ahead``."""
    if not line.cards:
        return "no aeroplane yet"
    held = {C.FOG: ", held by Fog", C.CUSTOMS: ", held by Customs"}.get(line.obstacle, "")
    if line.reached == 0:
        return f"aeroplane in the air{held}"
    return f"R{line.reached} {C.STOPS[colour][line.reached - 1]} reached{held}"


class FlightChooser(ModalScreen[int | None]):
    """Pick one of ``flights`` with 1-4 or b/r/y/g, or with ↑ ↓ and Enter from ``start`` (a hinted
    flight; by default the first possible one); Escape cancels (dismisses with None)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="flight.chooser.cancel"),
        Binding("up,k", "cursor(-1)", "Previous flight", key_display="↑↓", id="flight.chooser.up"),
        Binding("down,j", "cursor(1)", "Next flight", show=False, id="flight.chooser.down"),
        Binding("enter,space", "choose_cursor", "Play here", key_display="Enter", id="flight.chooser.choose"),
    ] + [
        Binding(f"{number},{letter}", f"choose({flight})", f"{C.COLOURS[flight].capitalize()}", show=False, id=f"flight.choose-{C.COLOURS[flight]}")
        for flight, (number, letter) in enumerate(FLIGHT_KEYS)
    ]

    def __init__(self, card: int, flights: list[int], view: FlightView, start: int | None = None) -> None:
        super().__init__()
        self.card = card
        self.flights = flights
        self.view = view
        self.lines = view.flights
        self.cursor = start if start in flights else flights[0]

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser"):
            yield Static(self._text())

    def _text(self) -> Text:
        text = Text(f"Play {C.code(self.card)} {C.name(self.card)} on which flight?\n\n", style="bold")
        for flight in range(len(FLIGHT_KEYS)):
            allowed = flight in self.flights
            keys = " / ".join(map(key_name, keys_of(self, f"flight.choose-{C.COLOURS[flight]}")))
            pointer = "▶ " if flight == self.cursor else "  "
            row = f"{pointer}{keys}  {C.COLOUR_LETTERS[flight]} {C.ROUTE_NAMES[flight]:<13}"
            row += f"{flight_summary(flight, self.lines[flight])}" if allowed else "(not possible)"
            text.append(row, style="reverse" if flight == self.cursor else "" if allowed else "dim")
            text.append("\n")
        up, down, choose, cancel = (key_for(self, f"flight.chooser.{name}") for name in ("up", "down", "choose", "cancel"))
        text.append(f"\n  {up}{down} {choose}  play on the flight marked ▶   {cancel}  cancel", style="dim")
        return text

    def action_cursor(self, step: int) -> None:
        """Move the mark to the next possible flight up or down (round the list)."""
        index = self.flights.index(self.cursor)
        self.cursor = self.flights[(index + step) % len(self.flights)]
        self.query_one(Static).update(self._text())

    def action_choose_cursor(self) -> None:
        self.dismiss(self.cursor)

    def action_choose(self, flight: int) -> None:
        if flight in self.flights:
            self.dismiss(flight)
        else:
            view = self.view
            why = play_problem(view.hand, view.flights, view.turn, self.card, flight) or ""
            self.notify(f"{C.code(self.card)} cannot go on the {C.COLOURS[flight]} flight now. {why}", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)
