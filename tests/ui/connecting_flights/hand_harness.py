"""A small app showing the Hand panel for a fixed set of hands (no game engine needed)."""

from __future__ import annotations

from game_harness import ThemedApp, wait_until
from textual.app import ComposeResult
from textual.widgets import Footer

from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.games.connecting_flights.core_ui.builder import HandCards
from flight_tui.games.connecting_flights.core_ui.hand import ChoiceList
from flight_tui.games.connecting_flights.coop.ui.hand import CoopHandPanel
WORLD = default_world()

NYC, NYC2, LON, TYO, HAV_LR = 0, 1, 8, 14, 6
PLANE3, PLANE1, ELECTRIC2 = 16, 0, 27
TRUCK4, TRUCK1 = 34, 13
TO_EUROPE, TO_ASIA, TO_N_AMERICA_2 = 11, 22, 2

ANN = HandCards(
    airports=(NYC, NYC2, LON, TYO),
    landing_rights=(HAV_LR,),
    planes=(PLANE3, PLANE1, ELECTRIC2),
    passengers=(TO_EUROPE, TO_ASIA, TO_N_AMERICA_2),
    trucks=(TRUCK4, TRUCK1),
)
BOB = HandCards(airports=(20, 21), planes=(17,), passengers=(6,), trucks=(30,))
CLEO = HandCards(airports=(30,), planes=(18, 5), passengers=(29, 17), trucks=(31, 14))


class HandApp(ThemedApp):
    """The Hand panel filling the screen, Ann's cards first; keeps the chains it is sent."""

    def __init__(self, players=(("Ann", ANN), ("Bob", BOB), ("Cleo", CLEO)), seat: int = 0) -> None:
        super().__init__()
        self.players = list(players)
        self.seat = seat
        self.sent: list = []

    def compose(self) -> ComposeResult:
        yield CoopHandPanel(WORLD)
        yield Footer()

    def on_mount(self) -> None:
        panel = self.query_one(CoopHandPanel)
        panel.show(self.players, self.seat, can_build=True)
        panel.focus()

    def on_hand_panel_flights_ready(self, message: CoopHandPanel.FlightsReady) -> None:
        self.sent.append((message.seat, message.action))


class GameHandApp(ThemedApp):
    """The Hand panel over a real cooperative game: chains sent are submitted to the table."""

    def __init__(self, table) -> None:
        super().__init__()
        self.table = table
        self.refused: list[str] = []

    def compose(self) -> ComposeResult:
        yield CoopHandPanel(WORLD)
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(CoopHandPanel).focus()

    def redraw(self) -> None:
        seat = self.table.to_act()[0] if not self.table.is_over() else 0
        self.query_one(CoopHandPanel).show_view(self.table.view(seat), self.table.names)

    def on_hand_panel_flights_ready(self, message: CoopHandPanel.FlightsReady) -> None:
        problem = self.table.rules.problem(self.table.state, message.seat, message.action)
        if problem:
            self.refused.append(problem)
            return
        self.table.submit(message.seat, message.action)
        self.redraw()


def shown(app, widget_id: str) -> str:
    return str(app.query_one(widget_id).render())


async def put_down(pilot, panel: CoopHandPanel, label_start: str) -> None:
    """Move the cursor (arrow keys) to the choice whose label starts so, and press Enter.

    Waits, however busy the machine, until the list offers that choice: just after the last
    Enter the list may still be the previous step's."""

    def offered() -> int | None:
        rows = [text for text, _ in panel.query_one(ChoiceList).rows]
        return next((i for i, text in enumerate(rows) if text.startswith(label_start)), None)

    await wait_until(pilot, lambda: offered() is not None)
    index = offered()
    while panel.query_one(ChoiceList).cursor != index:
        await pilot.press("down" if panel.query_one(ChoiceList).cursor < index else "up")
    await pilot.press("enter")
