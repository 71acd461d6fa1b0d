"""The Marketplace view (A.3): Landing Rights, Electric Planes and Fuel Trucks, and trades.

A list with a cursor: Landing Rights at every free airport (at most one a round, and only
where the viewer could end a valid flight this round), the face-up Electric Planes, the Fuel
Trucks by capacity at this round's prices. Each row is marked ``✓`` or ``✗`` and the line under
the list says why a row cannot be had. Beside it: the viewer's coins, whose turn it is, the
trade offers made, and the keys to trade and to end the turn. The trade key opens the trade
dialog (:mod:`.trade`). A cursor move repaints two rows and the line under the list.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import NamedTuple

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules import market as market_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import BuyElectric, BuyLandingRights, BuyTruck, EndTurn
from flight_tui.games.connecting_flights.competitive.rules.common import (
    data,
    electric_price,
    landing_rights_price,
    truck_price,
)
from flight_tui.games.connecting_flights.competitive.rules.state import MARKET, TRADING, Bought, RoundStarted
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import airport_card_label, asked, plane_label
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import OneLine, ShopView
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.words import count


class MarketRow(NamedTuple):
    """A row of the Marketplace: a heading (``action`` None) or something to buy."""

    label: str
    price: int
    action: object | None


def market_rows(view: CompetitiveView, world: World) -> list[MarketRow]:
    """Headings and rows: Landing Rights (one Airport card per airport, by continent), Electric
    Planes, Fuel Trucks; prices are what the viewer would pay this round."""
    seat = view.seat
    rows = [MarketRow(f"Landing Rights ({data().landing_rights_per_player} a round, for this round only)", 0, None)]
    seen: set[int] = set()
    for card in sorted(view.airport_pool, key=lambda c: (world.airport_of_card(c).continent, -world.airport_of_card(c).stars, c)):
        airport = world.airport_of_card(card)
        if airport.id in seen:
            continue
        seen.add(airport.id)
        letter = world.continents[airport.continent].letter
        rows.append(MarketRow(f"LR {airport_card_label(world, card)} ({letter})", landing_rights_price(view, seat, card), BuyLandingRights(card)))
    if view.electric_pool:
        rows.append(MarketRow("Electric planes (no fuel truck needed)", 0, None))
        for plane in sorted(view.electric_pool, key=lambda p: (world.planes[p].stars, p)):
            rows.append(MarketRow(plane_label(world, plane), electric_price(view, seat, plane), BuyElectric(plane)))
    rows.append(MarketRow("Fuel trucks", 0, None))
    for capacity in range(1, 5):
        left = sum(1 for t in view.truck_supply if world.fuel_trucks[t].capacity == capacity)
        rows.append(MarketRow(f"Fuel truck, capacity {capacity} {'▮' * capacity} (×{left} left)", truck_price(view, seat, capacity), BuyTruck(capacity)))
    return rows


def row_item(world: World, row: MarketRow) -> Hashable:
    """What a row is, whatever card stands for it or its price now: a heading's words, an
    airport's Landing Rights, an Electric Plane, a Fuel Truck's capacity (the cursor follows it)."""
    action = row.action
    if isinstance(action, BuyLandingRights):
        return ("landing_rights", world.airport_of_card(action.card).id)
    if isinstance(action, BuyElectric):
        return ("electric", action.plane)
    if isinstance(action, BuyTruck):
        return ("truck", action.capacity)
    return ("heading", row.label)


def buy_problem(view: CompetitiveView, action: object) -> str | None:
    """Why the viewer may not buy this now, in words; None if it may."""
    if view.phase != MARKET:
        return "Purchases are made on your turn in the Marketplace phase." if view.phase != TRADING else "The turns are over: only trades now."
    if not asked(view) or view.current != view.seat:
        return "It is not your turn."
    if view.pending is not None:
        return "A trade offer waits for an answer."
    if isinstance(action, BuyLandingRights):
        return market_rules.buy_landing_rights_problem(view, view.seat, action)
    if isinstance(action, BuyElectric):
        return market_rules.buy_electric_problem(view, view.seat, action)
    return market_rules.buy_truck_problem(view, view.seat, action)


def my_market_turn(view: CompetitiveView) -> bool:
    """Whether the viewer may buy, trade or end its turn now."""
    return view.phase in (MARKET, TRADING) and view.current == view.seat and asked(view) and view.pending is None


def bought_this_round(view: CompetitiveView) -> list[Bought]:
    """The Marketplace purchases of this round (from the view's log)."""
    out: list[Bought] = []
    for event in view.log:
        if isinstance(event, RoundStarted):
            out = []
        elif isinstance(event, Bought):
            out.append(event)
    return out


class MarketView(ShopView):
    """The Marketplace (see the module docstring); the trade key is the table screen's."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Row", key_display="↑↓", tooltip="Previous thing for sale", id="competitive.market.previous"),
        Binding("down,j", "move(1)", "Next row", show=False, tooltip="Next thing for sale", id="competitive.market.next"),
        Binding("pageup", "move(-8)", "Page up", show=False, id="competitive.market.page-up"),
        Binding("pagedown", "move(8)", "Page down", show=False, id="competitive.market.page-down"),
        Binding("home", "end(-1)", "First row", show=False, tooltip="The first thing for sale", id="competitive.market.first"),
        Binding("end", "end(1)", "Last row", show=False, tooltip="The last thing for sale", id="competitive.market.last"),
        Binding("enter,space", "buy", "Buy", key_display="Enter", tooltip="Buy the row under the cursor", id="competitive.market.buy"),
        Binding("p", "end_turn", "End turn", tooltip="End your Marketplace turn", id="competitive.market.end-turn"),
        Binding("p", "done_trading", "Done trading", tooltip="Say you are done trading (the trading round)", id="competitive.market.end-turn"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.view: CompetitiveView | None = None
        self.names: list[str] = []

    def show(self, view: CompetitiveView, names: Sequence[str]) -> None:
        """A new position; the cursor stays on the same thing while it is for sale, else on the
        same place in the list."""
        self.view, self.names = view, list(names)
        rows = market_rows(view, self.world)
        self.list_rows(rows, [self._row_text(r) for r in rows], partial(row_item, self.world), (view.round, view.phase))
        self._show_side()
        self.show_detail()
        self.refresh_bindings()

    def point_at(self, action: object) -> bool:
        """Put the cursor on the row ``action`` buys (a hint); False if none is for sale."""
        wanted = row_item(self.world, MarketRow("", 0, action))
        return self.point_at_first(self.rows, lambda row: row.action is not None and row_item(self.world, row) == wanted)

    def _row_text(self, row: MarketRow) -> tuple[str, str, str]:
        if row.action is None:
            return (row.label, "", "heading")
        good = buy_problem(self.view, row.action) is None
        return (row.label, f"{row.price:>3}c {'✓' if good else '✗'}", "ok" if good else "bad")

    def _show_side(self) -> None:
        view, names = self.view, self.names
        me = view.holdings[view.seat]
        text = Text()
        text.append("Coins ", style="bold")
        text.append(f"{me.coins}\n")
        if view.phase == MARKET:
            text.append(f"Turn {min(view.market_turns + 1, view.num_seats)} of {view.num_seats}: ", style="bold")
            text.append(f"{names[view.current]}\n" if view.current >= 0 else "\n")
        elif view.phase == TRADING:
            text.append("Trading round: ", style="bold")
            done = [names[s] for s, d in enumerate(view.trading_done) if d]
            text.append(f"{names[view.current]} may trade\n" if view.current >= 0 else "\n")
            if done:
                text.append(f"Done: {', '.join(done)}\n")
        else:
            text.append("The Marketplace comes after the auction.\n", style="italic")
        text.append("No passengers here: they come only from the auction and trades.\n", style="dim")
        made = view.offers_made[view.seat] if view.offers_made else 0
        text.append(f"Offers made {made}/{data().offers_per_phase}\n")
        if takes_moves(self):
            text.append(f"{key_for(self.screen, 'competitive.trade')} trade · {key_for(self, 'competitive.market.end-turn')} ")
            text.append("end turn\n" if view.phase != TRADING else "done trading\n")
        if me.landing_rights:
            text.append(f"Landing Rights: {', '.join(airport_card_label(self.world, c, False) for c in me.landing_rights)}\n")
        bought = bought_this_round(view)
        if bought:
            text.append("Bought this round:\n", style="bold")
            for event in bought[-4:]:
                text.append(f" {names[event.seat]}: {self._bought_label(event)} {event.price}c\n")
        text.rstrip()
        self.query_one("#market-side", Static).update(text)

    def _bought_label(self, event: Bought) -> str:
        world = self.world
        if event.kind == "landing_rights":
            return f"LR {world.airport_of_card(event.item).code}"
        if event.kind == "electric":
            return plane_label(world, event.item)
        return f"truck {world.fuel_trucks[event.item].capacity}"

    def show_detail(self) -> None:
        row, view = self.row, self.view
        if row is None or row.action is None or view is None or not takes_moves(self):
            self.query_one(OneLine).show("")
            return
        problem = buy_problem(view, row.action)
        if problem is None:
            message = Text.assemble(("✓ ", "bold"), f"{key_for(self, 'competitive.market.buy')}: buy it for {count(row.price, 'coin')}.")
        else:
            message = Text.assemble(("✗ ", "bold"), problem)
        self.query_one(OneLine).show(message)

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view
        if view is None:
            return True
        if action in ("end_turn", "done_trading"):
            return my_market_turn(view) and (view.phase == TRADING) == (action == "done_trading")
        if action == "buy":
            return view.phase == MARKET and my_market_turn(view)
        return True

    def action_buy(self) -> None:
        row, view = self.row, self.view
        if row is None or view is None or row.action is None:
            return
        problem = buy_problem(view, row.action)
        if problem:
            self.post_message(MoveRefused(problem, "Can't buy that"))
            return
        self.post_message(ActionChosen(row.action))

    def action_end_turn(self) -> None:
        view = self.view
        if view is None or not my_market_turn(view):
            self.post_message(MoveRefused("It is not your turn in the Marketplace."))
            return
        self.post_message(ActionChosen(EndTurn()))

    def action_done_trading(self) -> None:
        """The trading round's end of turn: the same move under the name the footer gives it."""
        self.action_end_turn()
