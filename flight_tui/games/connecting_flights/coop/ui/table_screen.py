"""The Connecting Flights cooperative table: Board, Hand, Marketplace and Fly views.

Keys 1-4 switch between the views (the tab line and the footer show them); the status line
gives the shared purse, the round, the stage, the phase and whose go it is. The screen reads
only ``table.view(viewer)``; seats, bot partners' moves, autosave, undo and leaving come from
:class:`~flight_tui.ui.game_screen.GameTableScreen`. The End Round summary and the end of the game have screens of their own; the app records a
campaign scenario's result when the finished game is saved, and the end screen says what was recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import ContentSwitcher

from flight_tui.games.connecting_flights.coop.rules.state import (
    FLY,
    LANDING_RIGHTS,
    MARKET,
    OVER,
    SETUP,
    Buy,
    Charter,
    ChooseStart,
    CoopView,
    FlyNext,
    Pass,
    RoundEnded,
    SetChains,
)
from flight_tui.games.connecting_flights.core.world import World, default_world
from flight_tui.table import Table
from flight_tui.games.connecting_flights.coop.ui.board import BoardView
from flight_tui.games.connecting_flights.coop.ui.end_screens import (
    CoopEndScreen,
    RoundSummaryScreen,
)
from flight_tui.games.connecting_flights.coop.ui.fly import FlyView
from flight_tui.games.connecting_flights.coop.ui.hand import CoopHandPanel
from flight_tui.games.connecting_flights.core_ui.builder import hand_cards
from flight_tui.games.connecting_flights.coop.ui.market import MarketView
from flight_tui.games.connecting_flights.core_ui.bars import StatusLine, TabLine
from flight_tui.games.connecting_flights.core_ui.messages import ActionChosen
from flight_tui.games.connecting_flights.coop.ui.presentation import (
    action_text,
    my_go,
    status_parts,
    unplaced_cards,
)
from flight_tui.games.connecting_flights.coop.ui.round_news import since_your_go
from flight_tui.words import clip
from flight_tui.games.connecting_flights.coop.ui.setup_view import StartView
from flight_tui.ui.game_screen import GameCommand, GameTableScreen
from flight_tui.ui.widgets.footer import GameFooter
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import LogView


VIEWS = (("board", "Board"), ("hand", "Hand"), ("market", "Market"), ("fly", "Fly"), ("log", "Log"))
"""The views in key order: key 1 shows the first."""
WHOLE_LOG = 5000
"""Log entries the Log view shows (the whole game, in practice)."""
PASS_HELP = "End your go (the phase ends when every player has passed in a row)"
UNDO_HELP = "Take back your last action of this go (not a refresh or anything that revealed cards)"


class LogLines(Widget):
    """What the partners did since the viewer's last move (bold, on the first row: the first of
    ``since``'s wordings that fits), then the latest log lines, newest at the bottom, one row
    each (cut to the width)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.since: tuple[str, ...] = ()

    def show(self, lines: list[str], since: Sequence[str] = ()) -> None:
        since = tuple(words for words in since if words)
        if (lines, since) != (self.lines, self.since):
            self.lines, self.since = list(lines), since
            self.refresh()

    def render(self) -> Text:
        width, height = self.size
        if not height:
            return Text("")
        text = Text()
        room = height
        if self.since:
            fits = next((words for words in self.since if len(words) + 2 <= width), self.since[-1])
            text.append(clip(f"» {fits}", max(width, 1)), style="bold")
            room -= 1
        rows = [clip(f"· {line}", max(width, 1)) for line in self.lines[-room:]] if room else []
        if rows:
            text.append("\n" * bool(self.since) + "\n".join(rows))
        return text


class CoopTableScreen(GameTableScreen):
    """Play Connecting Flights cooperatively at ``table``. ``bot_delay`` overrides the app's setting."""

    CSS_PATH = "connecting_flights.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("1", "show_view(\'board\')", "Board", show=False, tooltip="The world map: airports, owners, meeples", id="coop.board"),
        Binding("2", "show_view(\'hand\')", "Hand", show=False, tooltip="Every player's cards and the flight builder", id="coop.hand"),
        Binding("3", "show_view(\'market\')", "Market", show=False, tooltip="The Marketplace: buy for a player, refresh", id="coop.market"),
        Binding("4", "show_view(\'fly\')", "Fly", show=False, tooltip="The order of flights, fly them, charter", id="coop.fly"),
        Binding("5", "show_view(\'log\')", "Log", show=False, tooltip="Every move so far, newest at the bottom (↑ ↓ PgUp PgDn scroll)", id="coop.log"),
        Binding("p", "pass_go", "Done", tooltip=PASS_HELP, id="coop.done"),
        Binding("u", "undo", "Undo", tooltip=UNDO_HELP, id="coop.undo"),
        Binding("t", "hint", "Hint", tooltip="Show what the Normal bot would do now", id="coop.hint"),
        Binding("escape", "leave", "Menu", key_display="Esc", tooltip="Back to the menu (the game stays saved)", id="coop.menu"),
    ]

    def __init__(self, table: Table, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self.world: World = default_world()
        self.view: CoopView | None = None
        self.current_view = "board"
        self._rounds_seen = self._rounds_ended(table.view(self.viewer if self.viewer is not None else 0))
        self._end_shown = False
        self._phase_seen: tuple[int, str] | None = None
        self._hinted: tuple[int, Any] | None = None
        """The last hint's action, with the number of moves played when it was given."""

    def fallback_action(self, seat: int) -> Pass:
        """A bot partner whose choice is refused passes its go."""
        return Pass()

    @staticmethod
    def _rounds_ended(view: CoopView) -> int:
        return sum(1 for event in view.log if isinstance(event, RoundEnded))

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield StatusLine(id="cf-status")
        yield TabLine(VIEWS, "coop", id="cf-tabs")
        with ContentSwitcher(initial="board", id="cf-views"):
            yield BoardView(self.world, id="board")
            yield CoopHandPanel(self.world, id="hand")
            yield StartView(self.world, id="start")
            yield MarketView(self.world, id="market")
            yield FlyView(self.world, id="fly")
            whole_log = LogView(id="log")
            whole_log.can_focus = True  # its arrows and PgUp PgDn scroll it
            yield whole_log
        yield LogLines(id="cf-log")
        yield GameFooter()

    def on_mount(self) -> None:
        self.start()

    # ------------------------------------------------------------ the flow of the game

    def advance(self) -> None:
        """After any change: redraw, then the round summary, the end, a hand-off or a bot's move."""
        seat_view = self.table.view(self.viewer if self.viewer is not None else 0)
        if seat_view.phase == OVER and not self._end_shown:
            self._end_shown = True
            self._refresh_table()
            result = self.table.result()
            outcome = getattr(self.app, "campaign_outcome", None)  # the app records a campaign game's end
            campaign = outcome(self.table) if outcome is not None else None
            screen = CoopEndScreen(self.world, seat_view, self.table.names, result.summary, campaign)
            self.app.push_screen(screen, callback=lambda _: self.action_leave())
            return
        ended = self._rounds_ended(seat_view)
        if ended > self._rounds_seen and self.humans:
            self._rounds_seen = ended
            self._refresh_table()
            summary = next(e for e in reversed(seat_view.log) if isinstance(e, RoundEnded))
            self.app.push_screen(RoundSummaryScreen(self.world, seat_view, summary, self.table.names), callback=lambda _: self.advance())
            return
        self._rounds_seen = ended
        asked = self.driver.next_step().people
        if asked and self.viewer not in asked:
            self.viewer = asked[0]
            self._refresh_table()
            if len(self.humans) > 1:
                name = self.table.seats[asked[0]].name
                since = since_your_go(self.table.view(asked[0]), self.world, self.table.names)
                self.app.push_screen(HandOffScreen(name, note=since), callback=lambda _: self.advance())
                return
        if self.viewer is None:
            self.viewer = self.humans[0]  # a bot moves before any person is asked
        self._refresh_table()
        self.schedule_bot()

    # ------------------------------------------------------------ drawing

    def _refresh_table(self) -> None:
        """Redraw every view from the viewer's view (after an action, not on cursor moves)."""
        view = self.table.view(self.viewer if self.viewer is not None else 0)
        self.view = view
        names = self.table.names
        self._follow_phase(view)
        difficulty = view.config.difficulty.capitalize()
        left = " " + " · ".join(status_parts(view, [spec.label for spec in self.table.seats]))
        self.query_one(StatusLine).show(left, f"{difficulty} ")
        self.query_one(BoardView).show(view, names)
        hands = [(names[s], hand_cards(view.hands[s])) for s in range(view.num_seats)]
        can_build = view.phase == FLY and my_go(view) and not any(view.hands[view.seat].flown)
        self.query_one(CoopHandPanel).show(hands, view.seat, can_build, arranged=view.hands[view.seat].chains)
        self.query_one(StartView).show(view, names)
        self.query_one(MarketView).show(view, names)
        self.query_one(FlyView).show(view, names)
        self._show_log()
        self._show_tabs()
        self.refresh_bindings()

    def show_position(self) -> None:
        self._refresh_table()

    def guide(self, action: Any | None, why: str) -> None:
        """The flight builder refuses, card by card, a flight other than the lesson's."""
        self.query_one(CoopHandPanel).follow(action, why)

    def _follow_phase(self, view: CoopView) -> None:
        """Open the view a new phase is played in (set-up: the starting flights)."""
        phase = (view.round, view.phase)
        if phase == self._phase_seen:
            return
        self._phase_seen = phase
        target = {SETUP: "start", MARKET: "market", FLY: "fly", OVER: "board"}[view.phase]
        if view.phase == FLY and unplaced_cards(view.hands[view.seat]):
            target = "hand"
        self._switch(target)

    def _show_log(self) -> None:
        if self.current_view == "log":
            self.query_one(LogView).show(self.table.log_lines(self.view.seat, last=WHOLE_LOG))
        since = [since_your_go(self.view, self.world, self.table.names, brief) for brief in (False, True)]
        self.query_one(LogLines).show(self.table.log_lines(self.view.seat, last=12), since)

    def _show_tabs(self) -> None:
        labels = dict(VIEWS)
        if self.view is not None and self.view.phase == SETUP:
            labels["hand"] = "Start"
        shown = "hand" if self.current_view == "start" else self.current_view
        self.query_one(TabLine).show(shown, labels)

    def _switch(self, name: str) -> None:
        self.current_view = name
        switcher = self.query_one(ContentSwitcher)
        switcher.current = name
        self.query_one(f"#{name}").focus()
        self._show_tabs()
        if name == "log" and self.view is not None:
            whole_log = self.query_one(LogView)
            whole_log.show(self.table.log_lines(self.view.seat, last=WHOLE_LOG))

    # ------------------------------------------------------------ messages from the views

    def on_action_chosen(self, message: ActionChosen) -> None:
        self.submit(message.action)

    def on_hand_panel_flights_ready(self, message: CoopHandPanel.FlightsReady) -> None:
        chains = tuple(tuple(chain) for chain in message.chains)
        if self.submit(SetChains(chains)):
            self._switch("fly")

    def legal_actions_now(self) -> list:
        """The viewer's legal actions, worked out from its view."""
        if self.view is None:
            return []
        return self.table.rules.legal_actions_from_view(self.view)

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the phase's keys only; the others say why when pressed."""
        view = self.view
        if view is None or self.viewer is None:
            return True
        if action == "undo":
            return self.table.can_undo(self.viewer)
        if action == "pass_go":
            return view.phase in (MARKET, FLY) and my_go(view)
        return True

    def action_show_view(self, name: str) -> None:
        if name == "hand" and self.view is not None and self.view.phase == SETUP:
            name = "start"
        self._switch(name)

    def action_pass_go(self) -> None:
        view = self.view
        if view is None or view.phase not in (MARKET, FLY) or not my_go(view):
            self.refuse("Passing is for your go in the Marketplace or Fly phase.")
            return
        self.submit(Pass())

    def action_hint(self) -> None:
        view = self.view
        if view is None or not my_go(view):
            self.refuse("Hints are for your own go.")
            return

        def show(action: Any) -> None:
            self._hinted = (len(self.table.actions), action)
            text = action_text(view, self.world, self.table.names, action, self.key)
            if isinstance(action, SetChains):
                self._switch("hand")
                self.query_one(CoopHandPanel).load_chains(action.chains)
                text += f". They are in the builder: {self.key('coop.hand.fly')} sends them, or change them first"
            elif isinstance(action, Buy):
                self._switch("market")
                self.query_one(MarketView).point_at(action)
                text += f" ({self.key('coop.market.landing-rights')} rents it)" if action.kind == LANDING_RIGHTS else f" ({self.key('coop.market.buy')} buys it)"
            elif isinstance(action, FlyNext):
                self._switch("fly")
                self.query_one(FlyView).point_at(action)
                text += f" ({self.key('coop.fly.fly')} flies it)"
            elif isinstance(action, Charter):
                self._switch("fly")
                self.query_one(FlyView).open_charters(action)
                text += f" (Enter pays; {self.key('coop.fly.charter')} opens the list on it again)"
            elif isinstance(action, ChooseStart):
                self._switch("start")
                self.query_one(StartView).point_at(action)
                text += f" ({self.key('coop.setup.take')} takes it)"
            self.show_hint(f"The {self.hint_bot} would {text}.")

        self.request_hint(show)

    def hinted(self, kind: type) -> Any | None:
        """The last hint's action if it is a ``kind`` and nothing was played since (a dialog
        opened after a hint starts on it), else None."""
        if self._hinted is None:
            return None
        played, action = self._hinted
        return action if played == len(self.table.actions) and isinstance(action, kind) else None

    def game_commands(self) -> list[GameCommand]:
        """Commands for the app's command palette: (title, help, callback)."""
        return [
            *(
                (f"Show {label}", f"Switch to the {label} view ({self.key(f'coop.{view}')})", partial(self.action_show_view, view))
                for view, label in VIEWS
            ),
            ("Done (pass)", f"{PASS_HELP} ({self.key('coop.done')})", self.action_pass_go),
            ("Undo", f"{UNDO_HELP} ({self.key('coop.undo')})", self.action_undo),
            ("Hint", f"Show what the {self.hint_bot} would do now ({self.key('coop.hint')})", self.action_hint),
            ("Back to the menu", f"Leave the table; Continue resumes the game ({self.key('coop.menu')})", self.action_leave),
        ]
