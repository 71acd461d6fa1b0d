"""The Fly view (B.2): the order of the round's flights, where the meeples will go, charters.

The list holds every player's declared chains, flight by flight, marking what has flown and
which flight of each chain is next (chains of several players may be flown in any order).
For the flight under the cursor the panel beside it shows the meeples waiting at its start,
how many of each the plane takes (up to its stars; ←→ pick a colour, + and - change the
count) and where each of them goes. ``c`` opens the charter list with the fee shown before
paying. The last End Round summary (income, penalties and why) is shown under the preview.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from flight_tui.games.connecting_flights.coop.rules.state import (
    FLY,
    Charter,
    CoopView,
    FlyNext,
)
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.board import ContinentPainter
from flight_tui.games.connecting_flights.core_ui.lists import LineList, OneLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.games.connecting_flights.coop.ui.presentation import (
    FlightSlot,
    capacity,
    carry_preview,
    charter_fee_text,
    charter_label,
    default_carry,
    flight_label,
    flight_slots,
    last_round_summary,
    meeple_groups,
    my_go,
    round_summary_lines,
    unplaced_cards,
)
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import KeyNames, key_for, takes_moves
from flight_tui.ui.widgets.footer import Footer
from flight_tui.words import count


def fly_problem(view: CoopView, slot: FlightSlot | None, key: KeyNames) -> str | None:
    """Why the flight under the cursor cannot be flown now (naming keys with ``key``), or None."""
    if view.phase != FLY:
        return "Flights are flown in the Fly phase."
    if slot is None:
        return f"No flight is arranged yet: build them in the Hand view ({key('coop.hand')}), then {key('coop.hand.fly')} sends them."
    if slot.seat != view.seat:
        return "That is a partner's flight: they fly it on their go."
    if not my_go(view):
        return "It is not your go."
    if slot.flown:
        return "That flight has flown this round."
    if not slot.next_up:
        return "The flights of a chain fly left to right: an earlier one is still to fly."
    return None


class FlyView(ContinentPainter, can_focus=True):
    """The Fly phase: pick a flight, choose the meeples it takes, fly it (Enter)."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Flight", key_display="↑↓", tooltip="Previous flight", id="coop.fly.previous"),
        Binding("down,j", "move(1)", "Next flight", show=False, tooltip="Next flight", id="coop.fly.next"),
        Binding("left,h", "colour(-1)", "Meeple", key_display="←→", tooltip="Previous colour waiting at the start", id="coop.fly.previous-colour"),
        Binding("right,l", "colour(1)", "Next meeple colour", show=False, tooltip="Next colour waiting at the start", id="coop.fly.next-colour"),
        Binding("plus,equals_sign", "carry(1)", "Load", key_display="+-", tooltip="Take one more meeple of that colour", id="coop.fly.more"),
        Binding("minus", "carry(-1)", "One fewer", show=False, tooltip="Take one meeple fewer of that colour", id="coop.fly.fewer"),
        Binding("enter,space", "fly", "Fly", key_display="Enter", tooltip="Fly the flight under the cursor with the meeples shown", id="coop.fly.fly"),
        Binding("c", "charter", "Charter", tooltip="Charter a flight: one meeple within a continent, for the fee shown", id="coop.fly.charter"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.view: CoopView | None = None
        self.names: list[str] = []
        self.slots: list[FlightSlot] = []
        self.carry: list[int] = [0] * 6
        self._suggested_carry: tuple[int, ...] | None = None
        self.colour_cursor = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="fly-left"):
            yield LineList(id="fly-list")
            yield OneLine(id="fly-detail")
        yield Static(id="fly-side")

    @property
    def slot(self) -> FlightSlot | None:
        lines = self.query_one(LineList)
        index = lines.cursor
        if not lines.rows or lines.rows[index][2] == "heading":
            return None
        return self._slot_at(index)

    def _slot_at(self, row: int) -> FlightSlot | None:
        return self._row_slots[row] if row < len(self._row_slots) else None

    def show(self, view: CoopView, names: Sequence[str]) -> None:
        """A new position: the cursor stays on its flight, unless that one has just flown
        (then it goes to the next flight that can fly)."""
        old = self.slot
        self.view, self.names = view, list(names)
        self.slots = flight_slots(view)
        rows: list[tuple[str, str, str]] = []
        self._row_slots: list[FlightSlot | None] = []
        cursor = None
        seats = [view.seat] + [s for s in range(view.num_seats) if s != view.seat]
        for seat in seats:
            mine = [s for s in self.slots if s.seat == seat]
            rows.append((f"{names[seat]}{' (you)' if seat == view.seat else ''}: {count(len(mine), 'flight')}", "", "heading"))
            self._row_slots.append(None)
            for slot in mine:
                state = "✓ flown" if slot.flown else "▶ next " if slot.next_up else "  later"
                text = f"{slot.chain + 1}.{slot.flight + 1} {state} {flight_label(self.world, slot.spec)}"
                rows.append((text, "", "ok" if fly_problem(view, slot, partial(key_for, self)) is None else "bad"))
                self._row_slots.append(slot)
                same = old is not None and (slot.seat, slot.chain, slot.flight) == (old.seat, old.chain, old.flight)
                if same and not (slot.flown and not old.flown):
                    cursor = len(rows) - 1
        if cursor is None:
            cursor = next((i for i, s in enumerate(self._row_slots) if s is not None and fly_problem(view, s, partial(key_for, self)) is None), 1)
        lines = self.query_one(LineList)
        lines.show(rows, cursor)
        self._reset_carry()
        self._show_side()

    def _reset_carry(self) -> None:
        slot, view = self.slot, self.view
        if slot is None or view is None or slot.flown:
            self.carry = [0] * 6
        else:
            chain = view.hands[slot.seat].chains[slot.chain][slot.flight + 1 :]
            self.carry = default_carry(view, self.world, slot.spec, chain)
        waiting = self._waiting()
        colours = [c for c, _ in meeple_groups(waiting)]
        self.colour_cursor = colours[0] if colours else 0

    def _waiting(self) -> list[int]:
        slot, view = self.slot, self.view
        if slot is None or view is None:
            return [0] * 6
        return list(view.board[self.world.airport_of_card(slot.spec.origin).id])

    def _show_side(self) -> None:
        view, slot, world = self.view, self.slot, self.world
        text = Text()
        if slot is None:
            text.append("No flight selected.\n")
        else:
            origin = world.airport_of_card(slot.spec.origin)
            dest = world.airport_of_card(slot.spec.dest)
            text.append(f"{self.names[slot.seat]} · {origin.city} → {dest.city}\n", Style(bold=True))
            waiting = self._waiting()
            text.append(f"Waiting at {origin.code}: ")
            if not sum(waiting):
                text.append("no one")
            for colour, waiting_here in meeple_groups(waiting):
                letter = world.continents[colour].letter
                marker = "›" if colour == self.colour_cursor else " "
                taken = self.carry[colour]
                text.append(f"{marker}{letter} {taken}/{waiting_here} ", self.continent_style(colour) + Style(underline=colour == self.colour_cursor))
            text.append(f"\nPlane takes {sum(self.carry)} of {capacity(world, slot.spec)}.\n")
            for line in carry_preview(world, slot.spec, self.carry) or ["The plane flies empty."]:
                text.append(f" {line}\n")
        moves = takes_moves(self)
        if view is not None and view.phase == FLY:
            charter = f"{key_for(self, 'coop.fly.charter')} " if moves else ""
            text.append(f"{charter}Charter: {charter_fee_text(view)}\n")
            hand = view.hands[view.seat]
            if moves and my_go(view) and not any(hand.flown) and unplaced_cards(hand):
                text.append(f"{key_for(self, 'coop.hand')} Hand: some of your cards fly in no flight yet; arrange them before your first flight.\n")
        summary = last_round_summary(view) if view is not None else None
        if summary is not None:
            text.append("\n")
            text.append("\n".join(round_summary_lines(view, world, summary)), Style(dim=True))
        text.rstrip()
        self.query_one("#fly-side", Static).update(text)
        self.query_one("#fly-detail", OneLine).show(self._detail(view, slot) if moves else "")

    def _detail(self, view: CoopView | None, slot: FlightSlot | None) -> Text:
        """Why the flight under the cursor cannot fly now, or the key that flies it."""
        problem = fly_problem(view, slot, partial(key_for, self)) if view is not None else None
        if problem:
            return Text.assemble(("✗ ", "bold"), problem)
        return Text.assemble(("✓ ", "bold"), f"{key_for(self, 'coop.fly.fly')} flies it with the meeples shown.")

    def on_line_list_moved(self, _: LineList.Moved) -> None:
        self._reset_carry()
        if self._suggested_carry is not None:
            self.carry, self._suggested_carry = list(self._suggested_carry), None
        self._show_side()

    def point_at(self, action: FlyNext) -> None:
        """Put the cursor on the viewer's flight that ``action`` flies, loaded as it says (a hint)."""
        view = self.view
        if view is None:
            return
        for index, slot in enumerate(self._row_slots):
            if slot is not None and slot.seat == view.seat and slot.chain == action.chain and slot.next_up:
                self._suggested_carry = action.carry  # taken when the cursor has moved
                self.query_one(LineList).move_to(index)
                return

    def open_charters(self, suggested: Charter | None = None) -> None:
        """The list of charter flights, with the cursor on ``suggested`` if given (a hint)."""
        self.action_charter(suggested)

    # ------------------------------------------------------------ keys

    def action_move(self, step: int) -> None:
        self.query_one(LineList).move(step)

    def action_colour(self, step: int) -> None:
        colours = [c for c, _ in meeple_groups(self._waiting())]
        if not colours:
            return
        index = colours.index(self.colour_cursor) if self.colour_cursor in colours else 0
        self.colour_cursor = colours[(index + step) % len(colours)]
        self._show_side()

    def action_carry(self, step: int) -> None:
        slot = self.slot
        if slot is None:
            return
        waiting = self._waiting()
        colour = self.colour_cursor
        new = self.carry[colour] + step
        if new < 0 or new > waiting[colour]:
            return
        if step > 0 and sum(self.carry) >= capacity(self.world, slot.spec):
            self.post_message(MoveRefused(f"The plane carries at most {capacity(self.world, slot.spec)} (its stars)."))
            return
        self.carry[colour] = new
        self._show_side()

    def action_fly(self) -> None:
        view, slot = self.view, self.slot
        if view is None:
            return
        problem = fly_problem(view, slot, partial(key_for, self))
        if problem:
            self.post_message(MoveRefused(problem, "Can't fly that"))
            return
        self.post_message(ActionChosen(FlyNext(slot.chain, tuple(self.carry))))

    def action_charter(self, suggested: Charter | None = None) -> None:
        view = self.view
        if view is None:
            return
        if view.phase != FLY or not my_go(view):
            self.post_message(MoveRefused("Charter flights are taken on your go in the Fly phase."))
            return
        if view.charter_fee is None:
            self.post_message(MoveRefused(charter_fee_text(view)))
            return
        charters = [a for a in self.app_legal_actions() if isinstance(a, Charter)]
        if not charters:
            self.post_message(MoveRefused("No meeple can be chartered: none waits where another airport of its continent is."))
            return

        def chosen(action: Charter | None) -> None:
            if action is not None:
                self.post_message(ActionChosen(action))

        suggested = suggested or self.screen.hinted(Charter)
        self.app.push_screen(CharterScreen(self.world, view, charters, suggested), chosen)

    def app_legal_actions(self) -> list:
        """The viewer's legal actions, from the rules and the view only."""
        return self.screen.legal_actions_now()


class CharterScreen(ModalScreen[Charter | None]):
    """Pick a charter flight; the fee is shown before paying. Enter pays, Esc goes back."""

    BINDINGS = [Binding("escape", "dismiss_none", "Back", key_display="Esc", id="coop.charter.back")]

    def __init__(self, world: World, view: CoopView, charters: list[Charter], suggested: Charter | None = None) -> None:
        super().__init__()
        self.suggested = suggested
        self.world = world
        self.view = view
        owned = {world.airport_cards[c].airport for hand in view.hands for c in hand.airports}
        # home first, then to airports the team owns, then the rest
        self.charters = sorted(
            charters,
            key=lambda a: (world.airports[a.dest].continent != a.colour, a.dest not in owned, a.origin, a.colour, a.dest),
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="charter-box"):
            yield Static(Text(f"Charter one meeple within a continent: {charter_fee_text(self.view)}.", style="bold"), id="charter-fee")
            yield OptionList(*[Option(charter_label(self.world, a, self.view.charter_fee)) for a in self.charters], id="charter-list")
            yield Static(f"Enter pays and flies · {key_for(self, 'coop.charter.back')} goes back · home ✓ = the meeple leaves the board", id="charter-help")
        yield Footer()

    def on_mount(self) -> None:
        if self.suggested in self.charters:
            self.query_one(OptionList).highlighted = self.charters.index(self.suggested)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.charters[event.option_index])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
