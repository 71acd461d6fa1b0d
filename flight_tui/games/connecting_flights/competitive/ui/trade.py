"""Trades (A.3): the dialog that makes an offer, and the one that answers an offer made to you.

:class:`TradeDialog` picks the other player (←→), then what you give and what you take: each
side lists that player's Airport cards, planes, passengers and Fuel Trucks (Player cards and
Landing Rights are never traded), marked ``[x]`` when in the offer, and the coins that go with
it. The line at the bottom says why the offer cannot be made yet, or that the send key sends
it; it dismisses with the :class:`Propose` action (or None).

:class:`OfferDialog` shows an offer made to the viewer wherever they are at the table; one key
accepts, one refuses, and Esc looks at the table first (the offer key shows it again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules import market as market_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import Bundle, Propose
from flight_tui.games.connecting_flights.competitive.rules.common import data, disabled
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import (
    airport_card_label,
    bundle_text,
    passenger_label,
    plane_label,
    truck_label,
)
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.lists import CursorKeys, LineList, OneLine
from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.dialogs import Dialog
from flight_tui.ui.widgets.footer import GameFooter

FIELDS = ("airports", "planes", "passengers", "trucks")
"""The kinds of thing a side of a trade may hold, as :class:`Bundle` names them."""


def tradeable(view: CompetitiveView, world: World, seat: int) -> list[tuple[str, int, str, bool]]:
    """What ``seat`` could hand over: ``(field, id, label, free)``; a card with a Sabotage card
    on it is listed but not free to trade."""
    h = view.holdings[seat]
    off_airports, off_planes = disabled(view, seat)
    out = [("airports", c, f"Airport {airport_card_label(world, c, False)}", c not in off_airports) for c in h.airports]
    out += [("planes", c, plane_label(world, c), c not in off_planes) for c in h.planes]
    out += [("passengers", c, passenger_label(world, c), True) for c in h.passengers]
    out += [("trucks", t, truck_label(world, t), True) for t in h.trucks]
    return out


class TradeSide:
    """One side of the offer being put together: the items chosen and the coins."""

    def __init__(self, items: list[tuple[str, int, str, bool]]) -> None:
        self.items = items
        self.chosen: set[tuple[str, int]] = set()
        self.coins = 0

    def toggle(self, index: int) -> None:
        field, item, _, _ = self.items[index]
        self.chosen ^= {(field, item)}

    def load(self, bundle: Bundle) -> None:
        """Choose what ``bundle`` holds (the items this side has among them) and its coins."""
        held = {(field, item) for field, item, _, _ in self.items}
        self.chosen = {(name, item) for name in FIELDS for item in getattr(bundle, name)} & held
        self.coins = bundle.coins

    def bundle(self) -> Bundle:
        picked = {name: tuple(sorted(i for f, i in self.chosen if f == name)) for name in FIELDS}
        return Bundle(**picked, coins=self.coins)

    def rows(self) -> list[tuple[str, str, str]]:
        out = []
        for field, item, label, free in self.items:
            mark = "[x]" if (field, item) in self.chosen else "[ ]"
            out.append((f"{mark} {label}", "" if free else "☠ sabotaged", "ok" if free else "bad"))
        return out or [("(nothing to trade)", "", "bad")]


class TradeDialog(CursorKeys, Dialog[Propose | None]):
    """Put an offer together (see the module docstring)."""

    DEFAULT_CSS = """
    TradeDialog #trade-box { width: 78; height: 21; border: thick $primary; background: $surface; padding: 0 1; }
    TradeDialog #trade-who { height: 1; text-style: bold; }
    TradeDialog #trade-sides { height: 1fr; }
    TradeDialog .trade-side { width: 1fr; }
    TradeDialog .trade-head { height: 1; }
    TradeDialog .trade-coins { height: 1; }
    TradeDialog LineList { height: 1fr; }
    TradeDialog #trade-problem { height: 2; }
    """

    BINDINGS = [
        Binding("left,h", "player(-1)", "Player", key_display="←→", tooltip="Trade with the previous player", id="competitive.trade.previous-player"),
        Binding("right,l", "player(1)", "Next player", show=False, tooltip="Trade with the next player", id="competitive.trade.next-player"),
        Binding("tab", "side", "Give/take", key_display="Tab", tooltip="Switch between what you give and what you take", id="competitive.trade.side"),
        Binding("up,k", "move(-1)", "Item", key_display="↑↓", tooltip="Previous card or truck", id="competitive.trade.up"),
        Binding("down,j", "move(1)", "Next item", show=False, tooltip="Next card or truck", id="competitive.trade.down"),
        Binding("home", "end(-1)", "First item", show=False, tooltip="The first card or truck", id="competitive.trade.first"),
        Binding("end", "end(1)", "Last item", show=False, tooltip="The last card or truck", id="competitive.trade.last"),
        Binding("space,enter", "toggle", "In/out", key_display="Space", tooltip="Put the item under the cursor in the offer, or take it out", id="competitive.trade.toggle"),
        Binding("plus,equals_sign", "coins(1)", "+1c", key_display="+", tooltip="One coin more on this side", id="competitive.trade.more-coins"),
        Binding("minus", "coins(-1)", "-1c", key_display="-", tooltip="One coin less on this side", id="competitive.trade.fewer-coins"),
        Binding("greater_than_sign", "coins(5)", "+5c", show=False, key_display=">", tooltip="Five coins more on this side", id="competitive.trade.more-coins-5"),
        Binding("less_than_sign", "coins(-5)", "-5c", show=False, key_display="<", tooltip="Five coins less on this side", id="competitive.trade.fewer-coins-5"),
        Binding("s", "send", "Send", tooltip="Send the offer", id="competitive.trade.send"),
        Binding("escape", "cancel", "Cancel", key_display="Esc", tooltip="Close without an offer", id="competitive.trade.cancel"),
    ]

    def __init__(
        self, view: CompetitiveView, world: World, names: Sequence[str], to_seat: int | None = None, start: Propose | None = None
    ) -> None:
        """``start``: an offer to begin with (the one a hint suggested)."""
        super().__init__()
        if start is not None:
            to_seat = start.to_seat
        self.view = view
        self.world = world
        self.names = list(names)
        others = [s for s in range(view.num_seats) if s != view.seat]
        self.others = others
        self.to_seat = to_seat if to_seat in others else others[0]
        self.side = 0
        self.give = TradeSide(tradeable(view, world, view.seat))
        self.take = TradeSide(tradeable(view, world, self.to_seat))
        if start is not None:
            self.give.load(start.give)
            self.take.load(start.take)

    def compose(self) -> ComposeResult:
        with Vertical(id="trade-box"):
            yield Static(id="trade-who")
            with Horizontal(id="trade-sides"):
                for index in (0, 1):
                    with Vertical(classes="trade-side"):
                        yield OneLine(id=f"trade-head-{index}", classes="trade-head")
                        yield LineList(id=f"trade-list-{index}")
                        yield OneLine(id=f"trade-coins-{index}", classes="trade-coins")
            yield Static(id="trade-problem")
        yield GameFooter()

    def on_mount(self) -> None:
        self._show_all()

    # ------------------------------------------------------------ the offer

    def offer(self) -> Propose:
        return Propose(self.to_seat, self.give.bundle(), self.take.bundle())

    def problem(self) -> str | None:
        """Why the offer cannot be sent as it is, or None."""
        return market_rules.propose_problem(self.view, self.view.seat, self.offer())

    def _sides(self) -> tuple[TradeSide, TradeSide]:
        return self.give, self.take

    def _show_all(self) -> None:
        who = Text("Trade with ")
        for seat in self.others:
            who.append(f" {self.names[seat]} ", style="bold reverse" if seat == self.to_seat else "")
        who.append(f"  ({key_for(self, 'competitive.trade.previous-player')} another player)", style="dim")
        self.query_one("#trade-who", Static).update(who)
        for index in (0, 1):
            self._show_side(index)
        self._show_problem()

    def _show_side(self, index: int, cursor: int | None = None) -> None:
        side = self._sides()[index]
        lines = self.query_one(f"#trade-list-{index}", LineList)
        lines.show(side.rows(), lines.cursor if cursor is None else cursor)
        owner = self.view.seat if index == 0 else self.to_seat
        title = f"You give ({self.names[owner]})" if index == 0 else f"You take ({self.names[owner]})"
        marker = "▸ " if index == self.side else "  "
        self.query_one(f"#trade-head-{index}", OneLine).show(Text(marker + title, style="bold reverse" if index == self.side else "bold"))
        coins = self.view.holdings[owner].coins
        self.query_one(f"#trade-coins-{index}", OneLine).show(f"  Coins {side.coins} (of {coins})")

    def _show_problem(self) -> None:
        problem = self.problem()
        offer = self.offer()
        text = Text(f"{bundle_text(self.world, offer.give)} for {bundle_text(self.world, offer.take)}\n")
        if problem is None:
            text.append(f"✓ {key_for(self, 'competitive.trade.send')} sends the offer to {self.names[self.to_seat]}.", style="bold")
        else:
            text.append(f"✗ {problem}")
        self.query_one("#trade-problem", Static).update(text)

    # ------------------------------------------------------------ keys

    def action_player(self, step: int) -> None:
        index = (self.others.index(self.to_seat) + step) % len(self.others)
        self.to_seat = self.others[index]
        self.take = TradeSide(tradeable(self.view, self.world, self.to_seat))
        self.query_one("#trade-list-1", LineList).cursor = 0
        self._show_all()

    def action_side(self) -> None:
        self.side = 1 - self.side
        for index in (0, 1):
            self._show_side(index)

    def cursor_list(self) -> LineList:
        """The list of the side being chosen from."""
        return self.query_one(f"#trade-list-{self.side}", LineList)

    def action_toggle(self) -> None:
        side = self._sides()[self.side]
        lines = self.query_one(f"#trade-list-{self.side}", LineList)
        if not side.items:
            return
        if not side.items[lines.cursor][3]:
            self.notify("A card with a Sabotage card on it cannot be traded until its fee is paid.", severity="warning")
            return
        side.toggle(lines.cursor)
        self._show_side(self.side)
        self._show_problem()

    def action_coins(self, step: int) -> None:
        side = self._sides()[self.side]
        owner = self.view.seat if self.side == 0 else self.to_seat
        side.coins = min(max(side.coins + step, 0), self.view.holdings[owner].coins)
        self._show_side(self.side)
        self._show_problem()

    def action_send(self) -> None:
        problem = self.problem()
        if problem:
            self.notify(problem, title="Not an offer yet", severity="warning")
            return
        self.dismiss(self.offer())

    def action_cancel(self) -> None:
        self.dismiss(None)


class OfferDialog(Dialog[bool | None]):
    """An offer made to the viewer: accept (True), refuse (False), or look at the table first (None)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Accept", tooltip="Accept the trade", id="competitive.offer.accept"),
        Binding("n", "answer(False)", "Refuse", tooltip="Refuse the trade (it may not be offered again this phase)", id="competitive.offer.refuse"),
        Binding("escape", "answer(None)", "Look first", key_display="Esc", tooltip="Look at the table first; the offer key shows the offer again", id="competitive.offer.later"),
        Binding("t", "hint", "Hint", tooltip="What the hint bot would answer", id="competitive.offer.hint"),
    ]

    def __init__(self, view: CompetitiveView, world: World, names: Sequence[str], offer_key: str, hint: Callable[[], None] | None = None) -> None:
        """``hint``: asks the table's hint bot (its answer is shown as a notice over the dialog)."""
        super().__init__()
        self.view = view
        self.world = world
        self.names = list(names)
        self.offer_key = offer_key
        self.hint = hint

    def compose(self) -> ComposeResult:
        view, world, names = self.view, self.world, self.names
        offer, by = view.pending, view.pending_from
        text = Text(f"{names[by]} offers you a trade\n\n", style="bold")
        text.append("You get:  ", style="bold")
        text.append(bundle_text(world, offer.give) + "\n")
        text.append("You give: ", style="bold")
        text.append(bundle_text(world, offer.take) + "\n\n")
        problem = market_rules.accept_problem(view)
        if problem:
            text.append(f"✗ {problem}\n", style="bold")
        text.append(f"{key_for(self, 'competitive.offer.accept')} accepts · {key_for(self, 'competitive.offer.refuse')} refuses (it may not be offered again this phase)")
        text.append(f" · {key_for(self, 'competitive.offer.later')} looks at the table first ({self.offer_key} shows the offer again)", style="dim")
        text.append(f"\nCoins: you {view.holdings[view.seat].coins}, {names[by]} {view.holdings[by].coins} (never above {data().coin_cap})", style="dim")
        with Vertical(classes="dialog"):
            yield Static(text, classes="dialog-text")
        yield GameFooter()

    def action_answer(self, answer: bool | None) -> None:
        self.dismiss(answer)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.hint is not None if action == "hint" else True

    def action_hint(self) -> None:
        if self.hint is not None:
            self.hint()
