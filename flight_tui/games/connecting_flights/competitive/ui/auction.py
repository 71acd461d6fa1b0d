"""The Auction view (A.2): the slots, the cards to put up, and the bidding on each lot.

On the left, this round's slots (what is in each, who put it up, sold to whom for how much)
and, when the viewer fills a slot, the cards it may take with a cursor (Enter puts one up).
On the right, the card under the hammer: its face value, the bid standing and its bidder,
and every player's place in the bidding (still in, bids left, coins). The raise keys bid the
standing bid plus 1, 5 or 10 (the smallest opens at the face value), the amount key asks for
any amount, the pass key leaves the card's auction. The line at the bottom says what each key
would bid, from the bindings.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules import auction as auction_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import Bid, ChooseLot, PassBid
from flight_tui.games.connecting_flights.competitive.rules.common import spendable
from flight_tui.games.connecting_flights.competitive.rules.state import BIDDING, CHOOSE_LOTS
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import (
    asked,
    bidders,
    bidding_lot,
    bids_per_card_text,
    choice_label,
    lot_label,
    priced_out,
    raise_amounts,
    slot_rows,
    twin_airport_text,
)
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import CursorKeys, LineList, OneLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.ui.screens.dialogs import PromptDialog
from flight_tui.words import count

RAISES = (1, 5, 10)
"""What the three raise keys add to the bid standing."""


def my_bid_turn(view: CompetitiveView) -> bool:
    return view.phase == BIDDING and asked(view) and view.pending is None


def raise_affordable(view: CompetitiveView, index: int) -> bool:
    """Whether the viewer may bid what raise key ``index`` bids (it is their turn, and the bid is
    within their coins)."""
    amounts = raise_amounts(view, RAISES) if my_bid_turn(view) else []
    return index < len(amounts) and amounts[index] <= view.holdings[view.seat].coins


def my_lot_turn(view: CompetitiveView) -> bool:
    return view.phase == CHOOSE_LOTS and asked(view) and view.pending is None


class AuctionView(CursorKeys, Widget, can_focus=True):
    """The auction (see the module docstring)."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Card", key_display="↑↓", tooltip="Previous card to put up", id="competitive.auction.previous"),
        Binding("down,j", "move(1)", "Next card", show=False, tooltip="Next card to put up", id="competitive.auction.next"),
        Binding("home", "end(-1)", "First card", show=False, tooltip="The first card to put up", id="competitive.auction.first"),
        Binding("end", "end(1)", "Last card", show=False, tooltip="The last card to put up", id="competitive.auction.last"),
        Binding("enter", "choose", "Put up", key_display="Enter", tooltip="Put the card under the cursor up for auction", id="competitive.auction.choose"),
        Binding("z", "raise_bid(0)", "Bid +1", tooltip="Bid 1 more than the bid standing (to open: the face value)", id="competitive.auction.raise-1"),
        Binding("x", "raise_bid(1)", "+5", tooltip="Bid 5 more than the bid standing", id="competitive.auction.raise-5"),
        Binding("c", "raise_bid(2)", "+10", tooltip="Bid 10 more than the bid standing", id="competitive.auction.raise-10"),
        Binding("n", "type_bid", "Amount", tooltip="Type the amount to bid", id="competitive.auction.amount"),
        Binding("p", "pass_bid", "Pass", tooltip="Leave the auction of this card (you cannot come back in)", id="competitive.auction.pass"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.view: CompetitiveView | None = None
        self.names: list[str] = []
        self.choices: list[ChooseLot] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="auction-left"):
            yield Static(id="auction-slots")
            yield LineList(id="auction-choices")
        yield Static(id="auction-lot")
        yield OneLine(id="auction-keys")

    # ------------------------------------------------------------ showing

    def show(self, view: CompetitiveView, names: Sequence[str]) -> None:
        """A new position: the slots, the choices (on the viewer's slot), the lot under the hammer."""
        old = self.choice
        self.view, self.names = view, list(names)
        self.choices = auction_rules.choices(view) if my_lot_turn(view) else []
        self.query_one("#auction-slots", Static).update(self._slots_text())
        rows = [(choice_label(self.world, view, c), "", "ok") for c in self.choices]
        cursor = self.choices.index(old) if old in self.choices else 0
        choices = self.query_one(LineList)
        choices.display = bool(self.choices)
        choices.show(rows, cursor)
        self.query_one("#auction-lot", Static).update(self._lot_text())
        self.query_one(OneLine).show(self._keys_text())
        self.refresh_bindings()

    @property
    def choice(self) -> ChooseLot | None:
        if not self.choices:
            return None
        cursor = self.query_one(LineList).cursor
        return self.choices[cursor] if cursor < len(self.choices) else None

    def point_at(self, action: ChooseLot) -> bool:
        """Put the cursor on the card ``action`` puts up (a hint); False if it is not listed."""
        return self.point_at_first(self.choices, lambda choice: choice == action)

    def on_line_list_moved(self, _: LineList.Moved) -> None:
        self.query_one(OneLine).show(self._keys_text())

    def _dear_text(self) -> str:
        """Under the list, when the card under the cursor is an airport dearer than the viewer's
        coins: it may be put up all the same, but only the others can bid for it."""
        choice, coins = self.choice, spendable(self.view, self.view.seat)
        if choice is None or choice.kind != "airport":
            return ""
        airport = self.world.airport_of_card(choice.card)
        if airport.price <= coins:
            return ""
        return f"{airport.city} costs {airport.price}c, more than your {coins}: only the others can bid for it."

    def _slots_text(self) -> Text:
        view = self.view
        text = Text(f"Auction, round {view.round}", style="bold")
        for what, state in slot_rows(view, self.world, self.names):
            text.append(f"\n {what}")
            text.append(f" · {state}", style="italic")
        if my_lot_turn(view) and takes_moves(self):
            text.append(f"\nYour slot: pick a card, {key_for(self, 'competitive.auction.choose')} puts it up", style="bold")
        elif view.phase == CHOOSE_LOTS and view.to_act:
            text.append(f"\n{self.names[view.to_act[0]]} is choosing the next card.")
        return text

    def _lot_text(self) -> Text:
        view, world = self.view, self.world
        lot = bidding_lot(view) if view.phase == BIDDING else None
        if lot is None:
            text = Text("No card is under the hammer yet.\n\n", style="italic")
            text.append(
                "The slots fill in turn from the first player, then each card is auctioned in order: "
                f"open at its face value or more, then bid higher; {bids_per_card_text()}; "
                "the last one in pays their bid.",
                style="dim",
            )
            return text
        b = view.bidding
        text = Text("Under the hammer\n", style="bold")
        text.append(f"{lot_label(world, lot)}\n")
        text.append(f"Face value {auction_rules.face_value(lot)}c\n")
        if b.leader >= 0:
            text.append("Bid ", style="bold")
            text.append(f"{b.bid}c by {self.names[b.leader]}\n")
        else:
            text.append("No bid yet\n", style="italic")
        text.append(f"\n  {'Player':<10} {'':<7} {'left':>4} {'coins':>5}\n", style="bold")
        for bidder in bidders(view):
            mark = "▶" if view.to_act and view.to_act[0] == bidder.seat else " "
            state = "leading" if bidder.leading else ("in" if bidder.still_in else "out")
            you = "*" if bidder.seat == view.seat else " "
            text.append(f"{mark}{you}{self.names[bidder.seat][:10]:<10} {state:<7} {bidder.bids_left:>4} {bidder.coins:>5}\n")
        text.append(f"▶ next · * you · left: bids left, {bids_per_card_text()}", style="dim")
        twin = twin_airport_text(world, lot.card) if lot.kind == "airport" else ""
        if twin:
            text.append(f"\n{twin}", style="dim")
        return text

    def _keys_text(self) -> Text:
        view = self.view
        if my_bid_turn(view) and takes_moves(self):
            amounts = raise_amounts(view, RAISES)
            coins = view.holdings[view.seat].coins
            keys = [
                f"{key_for(self, f'competitive.auction.raise-{step}')} bids {amount}"
                for index, (step, amount) in enumerate(zip(RAISES, amounts))
                if raise_affordable(view, index)
            ]
            if not keys:
                keys = [f"you have {count(coins, 'coin')}, too few to bid"]
            keys.append(f"{key_for(self, 'competitive.auction.amount')} another amount")
            keys.append(f"{key_for(self, 'competitive.auction.pass')} passes")
            return Text("Your bid: " + " · ".join(keys), style="bold")
        if view.phase == BIDDING and view.to_act:
            out = priced_out(view, self.world, view.bidding.lot, city=False)
            return Text(out, style="bold") if out else Text(f"{self.names[view.to_act[0]]} is bidding.")
        return Text(self._dear_text())

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the keys of what the viewer may do now: choosing a card, or bidding (a raise key
        only while its bid is within the viewer's coins, as the line of bids says)."""
        view = self.view
        if view is None:
            return True
        if action in ("move", "choose", "end"):
            return my_lot_turn(view)
        if action == "raise_bid":
            return raise_affordable(view, parameters[0])
        if action in ("type_bid", "pass_bid"):
            return my_bid_turn(view)
        return True

    def action_choose(self) -> None:
        choice = self.choice
        if choice is None:
            self.post_message(MoveRefused("It is not your turn to put a card up for auction."))
            return
        self.post_message(ActionChosen(choice))

    def action_raise_bid(self, index: int) -> None:
        view = self.view
        if view is None or not my_bid_turn(view):
            self.post_message(MoveRefused("It is not your turn to bid."))
            return
        self.post_message(ActionChosen(Bid(raise_amounts(view, RAISES)[index])))

    def action_type_bid(self) -> None:
        view = self.view
        if view is None or not my_bid_turn(view):
            self.post_message(MoveRefused("It is not your turn to bid."))
            return
        lowest = raise_amounts(view, RAISES)[0]
        hinted = getattr(self.screen, "hinted", None)
        start = hinted.amount if isinstance(hinted, Bid) else lowest  # after a hint: the bid it suggests
        question = f"Your bid on {lot_label(self.world, bidding_lot(view))}: {lowest} or more, at most your {view.holdings[view.seat].coins} coins."
        self.app.push_screen(PromptDialog(question, value=str(start), max_length=3), self._typed)

    def _typed(self, text: str | None) -> None:
        if text is None:
            return
        try:
            amount = int(text)
        except ValueError:
            self.post_message(MoveRefused(f"A bid is a whole number of coins, not {text!r}.", "Not a bid"))
            return
        self.post_message(ActionChosen(Bid(amount)))

    def action_pass_bid(self) -> None:
        view = self.view
        if view is None or not my_bid_turn(view):
            self.post_message(MoveRefused("It is not your turn to bid."))
            return
        self.post_message(ActionChosen(PassBid()))
