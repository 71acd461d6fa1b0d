"""The Marketplace view (B.1): what is for sale, its price, who gets it, and the refresh.

A list of the five face-up Passenger cards and the face-up Plane, the Electric Planes, the
Fuel Trucks and the Airports (with their Landing Rights fee), with a cursor. Beside it, the
shared purse, who gets the next purchase, whether the refresh is possible (and why not), and
what was bought this round. The list uses the Line API: a cursor move repaints two rows and
the one-line detail under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from flight_tui.games.connecting_flights.coop.rules.state import AIRPORT, LANDING_RIGHTS, Buy, CoopView, Refresh
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import FindByTyping, LineList, OneLine, ShopView
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.games.connecting_flights.coop.ui.presentation import (
    MarketRow,
    bought_lines,
    bought_recently,
    buy_action,
    buy_problem,
    market_rows,
    refresh_problem,
)
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.words import count

SIDE_WIDTH = 28
"""The side panel's width inside its padding at 80 columns (before the first layout)."""


class MarketView(FindByTyping, ShopView):
    """The Marketplace: Enter buys the row under the cursor for the player shown, ``l`` rents an
    airport's Landing Rights, ``g`` chooses who gets it, ``r`` refreshes the face-up cards;
    Home/End/PgUp/PgDn move far, capital letters find a row (``LAX``)."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Row", key_display="↑↓", tooltip="Previous thing for sale", id="coop.market.previous"),
        Binding("down,j", "move(1)", "Next row", show=False, tooltip="Next thing for sale", id="coop.market.next"),
        Binding("pageup", "move(-8)", "Page up", show=False, tooltip="Eight rows up", id="coop.market.page-up"),
        Binding("pagedown", "move(8)", "Page down", show=False, tooltip="Eight rows down", id="coop.market.page-down"),
        Binding("home", "end(-1)", "First row", show=False, tooltip="The first thing for sale", id="coop.market.first"),
        Binding("end", "end(1)", "Last row", show=False, tooltip="The last thing for sale", id="coop.market.last"),
        Binding("enter,space", "buy", "Buy", key_display="Enter", tooltip="Buy the row under the cursor for the player shown", id="coop.market.buy"),
        Binding("l", "buy(True)", "Landing Rights", show=False, tooltip="Rent the airport's Landing Rights for this round", id="coop.market.landing-rights"),
        Binding("g", "next_recipient", "Who gets it", show=False, tooltip="Choose the player who gets the next purchase", id="coop.market.recipient"),
        Binding("r", "refresh_market", "Refresh", show=False, tooltip="Pay to replace the six face-up cards", id="coop.market.refresh"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.view: CoopView | None = None
        self.names: list[str] = []
        self.recipient = 0
        self._seat: int | None = None

    def show(self, view: CoopView, names: Sequence[str]) -> None:
        """A new position: rows, purse, refresh; the cursor stays on the same thing if it is still for sale."""
        self.view, self.names = view, list(names)
        if self.view is not None and self.recipient >= view.num_seats:
            self.recipient = 0
        if view.seat != self._seat:
            self.recipient = view.seat
            self._seat = view.seat
        rows = market_rows(view, self.world, partial(key_for, self) if takes_moves(self) else None)
        self.list_rows(rows, [self._row_text(r) for r in rows], lambda r: (r.kind, r.item), (view.round, view.phase))
        self._show_side()
        self.show_detail()

    def point_at(self, action: Buy) -> None:
        """Put the cursor on what ``action`` buys and make its player the one who gets it (a hint)."""
        kind = AIRPORT if action.kind == LANDING_RIGHTS else action.kind
        index = next((i for i, r in enumerate(self.rows) if (r.kind, r.item) == (kind, action.item)), None)
        if index is None:
            return
        self.recipient = action.for_seat
        self.query_one(LineList).move_to(index)
        self._show_side()
        self.show_detail()

    def _row_text(self, row: MarketRow) -> tuple[str, str, str]:
        if not row.kind:
            return (row.label, "", "heading")
        right = f"{row.price:>3}c"
        if row.rent is not None:
            right += f"  LR {row.rent:>2}c"
        elif row.left is not None:
            right += f"  ×{row.left:<2}  "
        else:
            right += " " * 8
        view, seat = self.view, self.recipient
        can_have = buy_problem(view, row, seat) is None or (row.rent is not None and buy_problem(view, row, seat, True) is None)
        return (row.label, right, "ok" if can_have else "bad")

    def _show_side(self) -> None:
        view, world = self.view, self.world
        text = Text()
        text.append("Purse ", Style(bold=True))
        text.append(count(view.coins, "coin") + "\n")
        moves = takes_moves(self)
        if moves:  # who gets the next purchase: nobody buys in a replay
            text.append("Gets it ", Style(bold=True))
            text.append(f"{self.names[self.recipient]}", Style(bold=True, reverse=True))
            if view.num_seats > 1:
                text.append(f"  ({key_for(self, 'coop.market.recipient')}: next)")
            text.append("\n")
        problem = refresh_problem(view)
        refresh = f"{key_for(self, 'coop.market.refresh')} " if moves else ""
        if problem is None:
            text.append(f"{refresh}Refresh: {count(view.config.refresh_cost, 'coin')}\n")
        else:
            text.append(f"{refresh}Refresh ✗ {problem}\n", Style(dim=True))
        text.append(f"Decks: {view.passenger_deck_size} passenger,\n       {view.plane_deck_size} plane cards\n")
        bought = bought_recently(view)
        if bought:
            text.append(f"Bought this round, {sum(e.price for e in bought)}c:\n", Style(bold=True))
            side = self.query_one("#market-side", Static)
            width = side.content_size.width or SIDE_WIDTH
            text.append("\n".join(bought_lines(world, bought, self.names, width)))
        text.rstrip()
        self.query_one("#market-side", Static).update(text)

    def show_detail(self) -> None:
        row, view = self.row, self.view
        if row is None or view is None or not takes_moves(self):
            self.query_one(OneLine).show("")
            return
        problem = buy_problem(view, row, self.recipient)
        who = self.names[self.recipient]
        buy, rent = key_for(self, "coop.market.buy"), key_for(self, "coop.market.landing-rights")
        if problem is None:
            message = Text.assemble(("✓ ", "bold"), f"{buy}: {who} gets it for {count(row.price, 'coin')}.")
            if row.kind == AIRPORT and buy_problem(view, row, self.recipient, True) is None:
                message.append(f" {rent}: Landing Rights for {row.rent}.")
        elif row.kind == AIRPORT and buy_problem(view, row, self.recipient, True) is None:
            message = Text.assemble(("✗ ", "bold"), f"{problem} {rent}: Landing Rights for {row.rent}.")
        else:
            message = Text.assemble(("✗ ", "bold"), problem)
        self.query_one(OneLine).show(message)

    # ------------------------------------------------------------ keys

    def action_buy(self, rent: bool = False) -> None:
        row, view = self.row, self.view
        if row is None or view is None:
            return
        problem = buy_problem(view, row, self.recipient, rent)
        if problem:
            self.post_message(MoveRefused(problem, "Can't buy that"))
            return
        self.post_message(ActionChosen(buy_action(row, self.recipient, rent)))

    def action_next_recipient(self) -> None:
        if self.view is None:
            return
        self.recipient = (self.recipient + 1) % self.view.num_seats
        self._show_side()
        self.show_detail()

    def action_refresh_market(self) -> None:
        if self.view is None:
            return
        problem = refresh_problem(self.view)
        if problem:
            self.post_message(MoveRefused(problem, "Can't refresh"))
            return
        self.post_message(ActionChosen(Refresh()))

