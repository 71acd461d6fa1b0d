"""The Event and Sabotage view (A.1, A.6): this round's Event card and the Sabotage phase.

On top, the active Event card: its text, when it acts and who may sabotage this round. Then
the Sabotage phase: who sabotages and why; for the saboteur, the choice (10 coins, or draw a
card), then the drawn card (seen by the saboteur only) with every target and the card of
theirs it would sit on, or returning it under the deck. Below, every Sabotage card placed on
the table and, for the viewer's own, the fee that removes it. Every choice is a row of one
list: the cursor keys pick one, Enter does it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules import sabotage as sabotage_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import DrawSabotage, Inflict, PayFee, ReturnSabotage, TakeCoins
from flight_tui.games.connecting_flights.competitive.rules.common import data, event, fee, spendable
from flight_tui.games.connecting_flights.competitive.rules.state import SABOTAGE, SaboteurNamed
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import (
    SABOTEUR_WORDS,
    airport_card_label,
    asked,
    event_marks,
    plane_label,
    sabotage_fee_text,
    sabotage_label,
)
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import CursorKeys, LineList, OneLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.words import count


def placed_on(world: World, kind: str, on: int) -> str:
    """The card a Sabotage card sits on: ``Plane ★★`` or ``Airport NYC ★★★``."""
    return plane_label(world, on) if kind == "plane" else f"Airport {airport_card_label(world, on, False)}"


def alike_host(world: World, kind: str, on: int) -> Hashable:
    """What a Sabotage card would sit on, as far as its effect goes: an airport (its two Airport
    cards are alike; the rules ask only which airport a card is), a plane by its stars, price and
    kind; ``-1`` for none. Cards of one owner free of Sabotage with the same key are one choice."""
    if on < 0:
        return -1
    if kind == "airport":
        return ("airport", world.airport_of_card(on).id)
    plane = world.planes[on]
    return ("plane", plane.stars, plane.price, plane.electric)


def choice_key(view: CompetitiveView, world: World, action: object) -> Hashable:
    """What makes two moves one choice of this view: an infliction by its target and what it
    would sit on (:func:`alike_host`); any other move by itself."""
    if isinstance(action, Inflict):
        return (action.target, alike_host(world, data().sabotage[view.drawn_sabotage].effect, action.on))
    return action


def sabotage_choices(view: CompetitiveView, world: World, names: Sequence[str]) -> list[tuple[str, object]]:
    """The viewer's choices in this view, as (label, action)."""
    if not asked(view) or view.pending is not None:
        return []
    out: list[tuple[str, object]] = []
    if view.phase == SABOTAGE and view.saboteur == view.seat:
        if view.drawn_sabotage < 0:
            out.append((f"Take {count(data().sabotage_coins, 'coin')} and sabotage nobody", TakeCoins()))
            if view.sabotage_deck_size:
                out.append(("Draw a Sabotage card (you see it, then choose its target or return it)", DrawSabotage()))
        else:
            card = data().sabotage[view.drawn_sabotage]
            alike: set[Hashable] = set()
            for action in sabotage_rules.legal_inflictions(view, view.seat, view.drawn_sabotage):
                key = choice_key(view, world, action)
                if key in alike:
                    continue  # the same choice as one listed (a second copy of the airport)
                alike.add(key)
                where = f" · on their {placed_on(world, card.effect, action.on)}" if action.on >= 0 else ""
                out.append((f"Inflict {card.name} on {names[action.target]}{where}", action))
            out.append(("Return it under the deck (nobody is affected, no coins)", ReturnSabotage()))
    for placed in view.placed:
        if placed.seat == view.seat:
            due = fee(view, view.seat, placed.card)
            what = data().sabotage[placed.card].name
            out.append((f"Pay {count(due, 'coin')} to remove {what} from your {placed_on(world, placed.kind, placed.on)}", PayFee(placed.card)))
    return out


class SabotageView(CursorKeys, Widget, can_focus=True):
    """This round's event and the Sabotage phase (see the module docstring)."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Choice", key_display="↑↓", tooltip="Previous choice", id="competitive.sabotage.previous"),
        Binding("down,j", "move(1)", "Next choice", show=False, tooltip="Next choice", id="competitive.sabotage.next"),
        Binding("home", "end(-1)", "First choice", show=False, tooltip="The first choice", id="competitive.sabotage.first"),
        Binding("end", "end(1)", "Last choice", show=False, tooltip="The last choice", id="competitive.sabotage.last"),
        Binding("enter", "choose", "Do it", key_display="Enter", tooltip="Do the choice under the cursor", id="competitive.sabotage.choose"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.view: CompetitiveView | None = None
        self.names: list[str] = []
        self.choices: list[tuple[str, object]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="sabotage-event")
        yield LineList(id="sabotage-choices")
        yield Static(id="sabotage-placed")
        yield OneLine(id="sabotage-detail")

    def show(self, view: CompetitiveView, names: Sequence[str]) -> None:
        self.view, self.names = view, list(names)
        before, self.choices = self.choices, sabotage_choices(view, self.world, names)
        self.query_one("#sabotage-event", Static).update(self._event_text())
        lines = self.query_one(LineList)
        lines.display = bool(self.choices)
        cursor = self.kept_cursor([action for _, action in before], [action for _, action in self.choices])
        lines.show([(label, self._price(action), "ok" if self._affordable(action) else "bad") for label, action in self.choices], cursor)
        self.query_one("#sabotage-placed", Static).update(self._placed_text())
        detail = f"{key_for(self, 'competitive.sabotage.choose')} does the choice under the cursor." if self.choices and takes_moves(self) else ""
        self.query_one(OneLine).show(detail)
        self.refresh_bindings()

    def point_at(self, action: object) -> bool:
        """Put the cursor on the choice that makes ``action`` (a hint), an infliction on a card
        alike to its own counting as it; False if none does."""
        wanted = choice_key(self.view, self.world, action)
        return self.point_at_first(self.choices, lambda choice: choice_key(self.view, self.world, choice[1]) == wanted)

    def _price(self, action: object) -> str:
        return f"{fee(self.view, self.view.seat, action.card)}c" if isinstance(action, PayFee) else ""

    def _affordable(self, action: object) -> bool:
        return not isinstance(action, PayFee) or fee(self.view, self.view.seat, action.card) <= spendable(self.view, self.view.seat)

    def _event_text(self) -> Text:
        view, names = self.view, self.names
        card = event(view)
        text = Text()
        if card is None:
            text.append("No Event card this round.\n" if view.round else "The Event cards come with round 1.\n", style="italic")
        else:
            text.append(f"Event, round {view.round}: ", style="bold")
            text.append(f"{card.name}\n", style="bold reverse")
            text.append(f"{card.text}\n")
            text.append(f"{event_marks(card)}\n", style="italic")
        named = next((e for e in reversed(view.log) if isinstance(e, SaboteurNamed)), None)
        if view.phase == SABOTAGE and view.saboteur >= 0:
            why = SABOTEUR_WORDS.get(named.mark, "") if named is not None else ""
            who = "You" if view.saboteur == view.seat else names[view.saboteur]
            text.append(f"Sabotage: {who} may sabotage ({why}).\n", style="bold")
            if view.drawn_sabotage >= 0:
                text.append("You drew: ", style="bold")
                drawn = data().sabotage[view.drawn_sabotage]
                text.append(f"{sabotage_label(drawn)} ({sabotage_fee_text(drawn)})\n")
            elif view.holds_sabotage:
                text.append(f"{names[view.saboteur]} holds a Sabotage card, face down.\n")
        text.rstrip()
        return text

    def _placed_text(self) -> Text:
        view, names = self.view, self.names
        text = Text()
        if view.placed:
            text.append("On the table:\n", style="bold")
            for placed in view.placed:
                card = data().sabotage[placed.card]
                owner = "your" if placed.seat == view.seat else f"{names[placed.seat]}'s"
                text.append(f" ☠ {card.name} on {owner} {placed_on(self.world, placed.kind, placed.on)} · fee {card.fee}\n")
            text.append("A card under ☠ is out of use until its owner pays the fee in full.\n", style="dim")
        else:
            text.append("No Sabotage card sits on anyone's cards.", style="dim")
        text.rstrip()
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "end", "choose"):
            return bool(self.choices)
        return True

    def action_choose(self) -> None:
        if not self.choices:
            self.post_message(MoveRefused("Nothing to choose here now."))
            return
        _, action = self.choices[self.query_one(LineList).cursor]
        self.post_message(ActionChosen(action))
