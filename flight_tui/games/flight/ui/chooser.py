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
    """Pick one of ``flights`` with 1-4 or b/r/y/g; Escape cancels (dismisses with None)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="flight.chooser.cancel")] + [
        Binding(f"{number},{letter}", f"choose({flight})", f"{C.COLOURS[flight].capitalize()}", show=False, id=f"flight.choose-{C.COLOURS[flight]}")
        for flight, (number, letter) in enumerate(FLIGHT_KEYS)
    ]

    def __init__(self, card: int, flights: list[int], view: FlightView) -> None:
        super().__init__()
        self.card = card
        self.flights = flights
        self.view = view
        self.lines = view.flights

    def compose(self) -> ComposeResult:
        text = Text(f"Play {C.code(self.card)} {C.name(self.card)} on which flight?\n\n", style="bold")
        for flight in range(len(FLIGHT_KEYS)):
            allowed = flight in self.flights
            keys = " / ".join(map(key_name, keys_of(self, f"flight.choose-{C.COLOURS[flight]}")))
            row = f"  {keys}  {C.COLOUR_LETTERS[flight]} {C.ROUTE_NAMES[flight]:<13}"
            row += f"{flight_summary(flight, self.lines[flight])}\n" if allowed else "(not possible)\n"
            text.append(row, style="" if allowed else "dim")
        text.append(f"\n  {key_for(self, 'flight.chooser.cancel')}  cancel", style="dim")
        with Vertical(id="chooser"):
            yield Static(text)

    def action_choose(self, flight: int) -> None:
        if flight in self.flights:
            self.dismiss(flight)
        else:
            view = self.view
            why = play_problem(view.hand, view.flights, view.turn, self.card, flight) or ""
            self.notify(f"{C.code(self.card)} cannot go on the {C.COLOURS[flight]} flight now. {why}", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)
