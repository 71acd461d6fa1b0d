"""The Connecting Flights competitive table: Board, Hand, Auction, Market, Event, Scores and Log views.

Keys 1-7 switch between the views (the tab line shows them; the Log view is the whole log, to
read back what the bots did); each phase opens the view it is played in (set-up: the Player
cards and continents, then the starting flight in the Hand view). The status line gives the
viewer's coins, the round, the stage, the phase and whom the game waits for; the log under
the views tells every move, bots' bids, offers and sabotage included, as the viewer may know
it. The trade key opens the trade dialog in the Marketplace;
an offer made to the viewer opens wherever they are and is answered with a key. The screen
reads only ``table.view(viewer)``; with several people at one keyboard a hand-off screen
comes between them, so nobody sees another's sealed choices or drawn Sabotage card. Seats,
bots' moves, autosave, undo and leaving come from :class:`GameTableScreen`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import ContentSwitcher

from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bid,
    BuyElectric,
    BuyLandingRights,
    BuyStart,
    BuyTruck,
    ChooseContinent,
    ChooseLot,
    DrawSabotage,
    EndTurn,
    Inflict,
    KeepCard,
    PassBid,
    PayFee,
    Propose,
    Refuse,
    ReturnSabotage,
    SubmitFlights,
    TakeCoins,
)
from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    CONTINENT,
    FLY,
    KEEP,
    MARKET,
    OVER,
    SABOTAGE,
    START,
    TRADING,
    BidPassed,
    OfferAnswered,
    SabotageInflicted,
)
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.auction import AuctionView
from flight_tui.games.connecting_flights.competitive.ui.board import CompetitiveBoardView
from flight_tui.games.connecting_flights.competitive.ui.hand import CompetitiveHandPanel
from flight_tui.games.connecting_flights.competitive.ui.market import MarketView, my_market_turn
from flight_tui.games.connecting_flights.competitive.ui.presentation import (
    SETUP,
    action_text,
    asked,
    offer_for_me,
    priced_out,
    since_your_turn,
    status_parts,
)
from flight_tui.games.connecting_flights.competitive.ui.round_summary_screen import LEAVE, round_news
from flight_tui.games.connecting_flights.competitive.ui.sabotage import SabotageView
from flight_tui.games.connecting_flights.competitive.ui.scores import CompetitiveEndScreen, LeaderboardView
from flight_tui.games.connecting_flights.competitive.ui.setup_view import SetupView
from flight_tui.games.connecting_flights.competitive.ui.trade import OfferDialog, TradeDialog
from flight_tui.games.connecting_flights.core.world import World, default_world
from flight_tui.games.connecting_flights.core_ui.bars import StatusLine, TabLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.table import Table
from flight_tui.ui.game_screen import GameCommand, GameTableScreen
from flight_tui.ui.keys import key_for
from flight_tui.ui.widgets.footer import GameFooter
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import LogPanel, LogView

VIEWS = (
    ("board", "Board"),
    ("hand", "Hand"),
    ("auction", "Auction"),
    ("market", "Market"),
    ("sabotage", "Event"),
    ("scores", "Scores"),
    ("log", "Log"),
)
"""The views in key order: key 1 shows the first."""
PHASE_VIEWS = {
    KEEP: "setup",
    CONTINENT: "setup",
    START: "hand",
    CHOOSE_LOTS: "auction",
    BIDDING: "auction",
    MARKET: "market",
    TRADING: "market",
    FLY: "hand",
    SABOTAGE: "sabotage",
    OVER: "scores",
}
"""The view each phase is played in."""
POINTED = (
    ((KeepCard, ChooseContinent), "setup", "competitive.setup.take", "takes it"),
    ((ChooseLot,), "auction", "competitive.auction.choose", "puts it up"),
    ((BuyLandingRights, BuyElectric, BuyTruck), "market", "competitive.market.buy", "buys it"),
    ((TakeCoins, DrawSabotage, Inflict, ReturnSabotage, PayFee), "sabotage", "competitive.sabotage.choose", "does it"),
)
"""The hinted moves made on a view's list: (kinds, view, key, what the key does); the hint puts
the view's cursor on the move."""
KEYED = {
    Bid: ("competitive.auction.amount", " then Enter bids it"),
    PassBid: ("competitive.auction.pass", " passes"),
    EndTurn: ("competitive.market.end-turn", ""),
}
"""The hinted moves made with a key of their own: (key, what it does)."""
WHOLE_LOG = 5000
"""How many of the latest log entries the Log view shows (more than a whole game has)."""
TRADE_HELP = "Offer another player a trade in the Marketplace (or see the offer made to you)"
UNDO_HELP = "Take back your last move where the rules allow (not a bid, an offer or anything revealed)"


class CompetitiveTableScreen(GameTableScreen):
    """Play Connecting Flights competitively at ``table``. ``bot_delay`` overrides the app's setting."""

    CSS_PATH = "competitive.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("1", "show_view('board')", "Board", show=False, tooltip="The map: airports, owners, airlines", id="competitive.board"),
        Binding("2", "show_view('hand')", "Hand", show=False, tooltip="Every airline's cards and your flight builder", id="competitive.hand"),
        Binding("3", "show_view('auction')", "Auction", show=False, tooltip="The auction (at set-up: the Player cards and continents)", id="competitive.auction"),
        Binding("4", "show_view('market')", "Market", show=False, tooltip="The Marketplace: Landing Rights, Electric Planes, Fuel Trucks", id="competitive.market"),
        Binding("5", "show_view('sabotage')", "Event", show=False, tooltip="This round's event and the Sabotage phase", id="competitive.sabotage"),
        Binding("6", "show_view('scores')", "Scores", show=False, tooltip="The leaderboard: income, grants and taxes per round", id="competitive.scores"),
        Binding("7", "show_view('log')", "Log", show=False, tooltip="Every move so far, to read back (↑ ↓ PgUp PgDn scroll)", id="competitive.log"),
        Binding("o", "trade", "Trade", tooltip=TRADE_HELP, id="competitive.trade"),
        Binding("u", "undo", "Undo", tooltip=UNDO_HELP, id="competitive.undo"),
        Binding("t", "hint", "Hint", tooltip="Show what the Normal bot would do now", id="competitive.hint"),
        Binding("escape", "leave", "Menu", key_display="Esc", tooltip="Back to the menu (the game stays saved)", id="competitive.menu"),
    ]

    SHOWN_WHEN_THEY_APPLY = frozenset({"undo", "trade"})

    def __init__(self, table: Table, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self.world: World = default_world()
        self.view: CompetitiveView | None = None
        self.current_view = "board"
        self._end_shown = False
        self._phase_seen: tuple[int, str] | None = None
        self._offer_seen: tuple | None = None
        self._news_round: int | None = None
        """The latest round whose start the people here have been shown (its summary screen)."""
        self._reading_news = False
        self.hinted: Any = None
        """The move the last hint shown suggests, while it stands (a dialog opened now starts on it)."""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield StatusLine(id="cfc-status")
        yield TabLine(VIEWS, "competitive", id="cfc-tabs")
        with ContentSwitcher(initial="board", id="cfc-views"):
            yield CompetitiveBoardView(self.world, id="board")
            yield CompetitiveHandPanel(self.world, id="hand")
            yield SetupView(self.world, id="setup")
            yield AuctionView(self.world, id="auction")
            yield MarketView(self.world, id="market")
            yield SabotageView(self.world, id="sabotage")
            yield LeaderboardView(id="scores")
            whole_log = LogView(id="log")
            whole_log.can_focus = True  # its arrows and PgUp PgDn scroll it
            yield whole_log
        yield LogPanel(id="cfc-log")
        yield GameFooter()

    def on_mount(self) -> None:
        self.start()

    # ------------------------------------------------------------ the flow of the game

    def advance(self) -> None:
        """After any change: redraw, then the end, a hand-off, an offer to answer or a bot's move."""
        if self.make_forced_move():
            return
        seat_view = self.table.view(self.viewer if self.viewer is not None else 0)
        if self._reading_news:
            self._refresh_table()
            return
        if self._show_round_news(seat_view):
            return
        if seat_view.phase == OVER:
            self._refresh_table()
            if not self._end_shown and self.humans:
                self._end_shown = True
                self.app.push_screen(CompetitiveEndScreen(seat_view, self.table.names), callback=lambda _: self.action_leave())
            return
        people = self.driver.next_step().people
        if people and self.viewer not in people:
            self.viewer = people[0]
            if len(self.humans) > 1:
                self._refresh_table()
                name = self.table.seats[people[0]].name
                self.app.push_screen(HandOffScreen(name), callback=lambda _: self.advance())
                return
        if self.viewer is None:
            self.viewer = self.humans[0]  # a bot moves before any person is asked
        self._refresh_table()
        if self.takes_moves and self.view is not None and offer_for_me(self.view) and self._offer_key(self.view) != self._offer_seen:
            self._show_offer()
        self.schedule_bot()

    def _show_round_news(self, view: CompetitiveView) -> bool:
        """When a round has ended (or round 1 begun) since the people here last looked: show its
        summary and the next round's Event card, on a screen that bots wait for (True then).

        The summary is the viewer's own (at a watched table of bots: the seat it is seen as);
        with several people at one keyboard it is what everyone may know (a returned Sabotage
        card stays hidden), shown once to them all.
        """
        reader = view.seat if len(self.humans) <= 1 else None
        screen, self._news_round = round_news(view, self.table.names, reader, self._news_round)
        if screen is None:
            return False
        self._reading_news = True
        self._refresh_table()
        self.app.push_screen(screen, callback=self._news_read)
        return True

    def _news_read(self, answer: str | None) -> None:
        self._reading_news = False
        self.hinted: Any = None
        """The move the last hint shown suggests, while it stands (a dialog opened now starts on it)."""
        if answer == LEAVE:
            self.action_leave()
            return
        self.advance()

    def moved(self, seat: int, events: list[Any]) -> None:
        """Tell a person what a move did to them: being passed on a card they cannot afford
        (after anyone's move); another's answer to their offer, another's sabotage."""
        me = self.viewer
        if me is None:
            return
        names = self.table.names
        for event in events:
            if isinstance(event, BidPassed) and event.seat == me and event.why == "coins":
                self.tell(priced_out(self.table.view(me), self.world, event.lot), title="Auction", severity="warning")
            elif seat == me:
                continue
            elif isinstance(event, OfferAnswered) and event.offered_by == me:
                self.tell(f"{names[event.seat]} {'accepted' if event.accepted else 'refused'} your offer" + (f": “{event.reason}”" if event.reason else "."), title="Trade")
            elif isinstance(event, SabotageInflicted) and event.target == me:
                self.tell(f"{names[event.seat]} sabotaged you: {data().sabotage[event.card].name}.", title="Sabotage", severity="warning")

    # ------------------------------------------------------------ drawing

    def _refresh_table(self) -> None:
        """Redraw every view from the viewer's view (after an action, not on cursor moves)."""
        seat = self.viewer if self.viewer is not None else 0
        view = self.table.view(seat)
        self.view = view
        names = self.table.names
        self._follow_phase(view)
        self.query_one(StatusLine).show(" " + " · ".join(status_parts(view, names)), f"{len(names)} airlines ")
        for widget in (CompetitiveBoardView, CompetitiveHandPanel, SetupView, AuctionView, MarketView, SabotageView, LeaderboardView):
            show = getattr(self.query_one(widget), "show_view" if widget is CompetitiveHandPanel else "show")
            show(view, names)
        log_panel = self.query_one(LogPanel)
        log_panel.show(self.table.log_lines(seat, last=24))
        since = since_your_turn(view, self.world, names)
        log_panel.border_title = f"Since your turn: {since}" if since else ""
        if self.current_view == "log":
            self._show_whole_log()
        self._show_tabs()
        self.refresh_bindings()

    def show_position(self) -> None:
        self._refresh_table()

    def guide(self, action: Any | None, why: str) -> None:
        """The flight builder refuses, card by card, a flight other than the lesson's."""
        self.query_one(CompetitiveHandPanel).follow(action, why)

    def hidden_lines(self, view: CompetitiveView) -> list[str]:
        """The Player card kept, and a Sabotage card drawn and held."""
        cards = data()
        kept = view.kept[view.seat]
        lines = [f"Player card: {cards.player_cards[kept].name if kept >= 0 else 'none yet'}"]
        if view.drawn_sabotage >= 0:
            lines.append(f"Sabotage card: {cards.sabotage[view.drawn_sabotage].name}")
        return lines

    def _follow_phase(self, view: CompetitiveView) -> None:
        """Open the view a new phase is played in."""
        phase = (view.round, view.phase)
        if phase == self._phase_seen:
            return
        self._phase_seen = phase
        self._switch(PHASE_VIEWS.get(view.phase, "board"))

    def _show_tabs(self) -> None:
        labels = dict(VIEWS)
        if self.view is not None and self.view.phase in SETUP:
            labels["auction"] = "Set-up"
        shown = "auction" if self.current_view == "setup" else self.current_view
        self.query_one(TabLine).show(shown, labels)

    def _show_whole_log(self) -> None:
        seat = self.viewer if self.viewer is not None else 0
        self.query_one(LogView).show(self.table.log_lines(seat, last=WHOLE_LOG))

    def _switch(self, name: str) -> None:
        if name == "log":
            self._show_whole_log()
        self.current_view = name
        self.query_one(ContentSwitcher).current = name
        self.query_one(f"#{name}").focus()
        self._show_tabs()

    # ------------------------------------------------------------ offers

    @staticmethod
    def _offer_key(view: CompetitiveView) -> tuple:
        return (view.seat, view.round, view.pending_from, view.pending, len(view.log))

    def _show_offer(self) -> None:
        view = self.view
        self._offer_seen = self._offer_key(view)
        dialog = OfferDialog(view, self.world, self.table.names, self.key("competitive.trade"), hint=self.action_hint)
        self.app.push_screen(dialog, callback=self._answered)

    def _answered(self, answer: bool | None) -> None:
        if answer is None:
            self.tell(f"An offer waits for your answer: {self.key('competitive.trade')} shows it again.", title="Trade")
            return
        self.submit(Accept() if answer else Refuse())

    # ------------------------------------------------------------ messages from the views

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.submit(message.action)

    def on_hand_panel_flights_ready(self, message: CompetitiveHandPanel.FlightsReady) -> None:
        self.submit(message.action)

    # ------------------------------------------------------------ keys

    def move_applies(self, action: str, view: Any) -> bool:
        if action == "trade":
            return offer_for_me(view) or my_market_turn(view)
        return True

    def action_show_view(self, name: str) -> None:
        if name == "auction" and self.view is not None and self.view.phase in SETUP:
            name = "setup"
        self._switch(name)

    def action_trade(self) -> None:
        view = self.view
        if view is None or self.viewer is None:
            return
        if offer_for_me(view):
            self._show_offer()
            return
        if view.phase not in (MARKET, TRADING):
            self.refuse("Trades are made in the Marketplace phase.")
            return
        if not my_market_turn(view):
            self.refuse("You may propose a trade on your turn in the Marketplace (or in its trading round).")
            return
        start = self.hinted if isinstance(self.hinted, Propose) else None
        self.app.push_screen(TradeDialog(view, self.world, self.table.names, start=start), callback=self._offered)

    def _offered(self, offer: Any) -> None:
        if offer is not None:
            self.submit(offer)

    def action_hint(self) -> None:
        view = self.view
        if view is None or not asked(view):
            self.refuse("Hints are for when you are asked to move.")
            return

        def show(action: Any) -> None:
            text = action_text(view, self.world, self.table.names, action)
            if isinstance(action, SubmitFlights):
                self._switch("hand")
                self.query_one(CompetitiveHandPanel).load_chains(action.chains)
                text += f". They are in the builder: {self.key('competitive.hand.fly')} sends them, or change them first"
            elif isinstance(action, BuyStart):
                self._switch("hand")
                self.query_one(CompetitiveHandPanel).load_start(action)
                text += f". It is in the builder: {self.key('competitive.hand.fly')} buys it, or change it first"
            elif isinstance(action, (Accept, Refuse)):
                text += f" ({key_for(self, 'competitive.offer.accept' if isinstance(action, Accept) else 'competitive.offer.refuse', OfferDialog)})"
            elif isinstance(action, Propose):
                text += f" ({self.key('competitive.trade')} opens it, {key_for(self, 'competitive.trade.send', TradeDialog)} sends it)"
            else:
                text += self._point_at(action)
            self.show_hint(f"The {self.hint_bot} would {text}.")
            self.hinted = action

        self.request_hint(show)

    def _point_at(self, action: Any) -> str:
        """Show the view where ``action`` is made with its cursor on it; the key that makes it,
        in words (" (Enter buys it)"), or "" when no row of it makes ``action``."""
        for kinds, name, binding, words in POINTED:
            if isinstance(action, kinds):
                self._switch(name)
                return f" ({self.key(binding)} {words})" if self.query_one(f"#{name}").point_at(action) else ""
        if type(action) in KEYED:
            binding, words = KEYED[type(action)]
            return f" ({self.key(binding)}{words})"
        return ""

    def forget_hint(self) -> None:
        super().forget_hint()
        self.hinted = None

    def game_commands(self) -> list[GameCommand]:
        """Commands for the app's command palette: (title, help, callback)."""
        return [
            *(
                (f"Show {label}", f"Switch to the {label} view ({self.key(f'competitive.{view}')})", partial(self.action_show_view, view))
                for view, label in VIEWS
            ),
            ("Trade", f"{TRADE_HELP} ({self.key('competitive.trade')})", self.action_trade),
            ("Undo", f"{UNDO_HELP} ({self.key('competitive.undo')})", self.action_undo),
            ("Hint", f"Show what the {self.hint_bot} would do now ({self.key('competitive.hint')})", self.action_hint),
            ("Back to the menu", f"Leave the table; Continue resumes the game ({self.key('competitive.menu')})", self.action_leave),
        ]
