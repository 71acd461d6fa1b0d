"""The Passaportas table: the map, the plane and its seats, the fuel gauge, the dice and a hand.

Tab switches the left side between the board and the hand (every group's trip, your customs
cards); ``o`` shows the whole log there. The board is the map, or on a narrow screen the list
of flights from the plane's city (``m`` switches between them). The latest log lines stand
under the plane, those about your groups marked ``›``; what other players do to your groups
is also told in a notice (to each person at the keyboard, on their next move), and the Plane
panel shows where each other player flew since the viewer's move. When the game ends, its
last move stays on the board until Enter shows the results. Seats, bots' moves, autosave,
undo and leaving come from :class:`~flight_tui.ui.game_screen.GameTableScreen`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher

from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    Fly,
    PassaportasView,
    PassCustoms,
    Roll,
    StayPut,
    UseCustoms,
    UseWildToken,
)
from flight_tui.table import Table
from flight_tui.games.passaportas.ui.choosers import PASS, OptionChooser, ResultsScreen, customs_key, customs_options, fuel_options
from flight_tui.games.passaportas.rules.game import litres
from flight_tui.games.passaportas.ui.flight_list import FlightList
from flight_tui.games.passaportas.ui.presentation import (
    acting_seat,
    action_text,
    choosing_flight,
    city_notes,
    concerns,
    destinations,
    flight_route,
    flight_rows,
    log_events,
    may_roll,
    my_move,
    roll_needed,
    stay_or_wild,
    usable_holder,
    wild_bars_landing,
)
from flight_tui.ui.game_screen import GameCommand, GameTableScreen
from flight_tui.games.passaportas.ui.widgets import HandPanel, MapPanel, PlanePanel, StatusBar
from flight_tui.ui.widgets.footer import GameFooter
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import LogPanel, LogView
from flight_tui.ui.widgets.reason_line import ReasonLine

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}

CURSOR_HELP = "Move the cursor to another city"
ROLL_HELP = "Roll the two dice: their eyes in thousands of litres go into the tank (again after a double)"
FLY_HELP = "Fly to the city under the cursor (asks how much fuel when there are several ways)"
STAY_HELP = "Do not fly this turn: the fuel stays in the tank for the next player"
WILD_HELP = "Use your wild token once: 10,000 litres more (not in your last round: see P6)"
CUSTOMS_HELP = "Use the customs card for this city on an opponent's group"
PASS_HELP = "Use no customs card after this landing"
RESULTS_HELP = "Show who won, once the game is over (the board shows its last move first)"
UNDO_HELP = "Take back your last move of this turn (never a roll of the dice)"
SIDE_HELP = "Show your hand or the board"
LOG_HELP = "Read the whole log on the left, or go back to the board"
MAP_OR_LIST_HELP = "Show the board as the map, or as the list of flights from the plane's city"
NEWS_TIMEOUT = 10
"""Seconds a notice of what others did to your groups stays (twice a plain notice's)."""
LIST_BELOW_WIDTH = 110
"""Screens narrower than this show the board as the list of flights (unless the player chose)."""


class PassaportasTableScreen(GameTableScreen):
    """Play Passaportas at ``table``. ``bot_delay`` overrides the app's setting (0 in tests)."""

    CSS_PATH = "passaportas.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("left,h", "cursor('left')", "City", key_display="←↑↓→", tooltip=CURSOR_HELP, id="passaportas.city-left"),
        Binding("right,l", "cursor('right')", "City", show=False, tooltip=CURSOR_HELP, id="passaportas.city-right"),
        Binding("up,k", "cursor('up')", "City", show=False, tooltip=CURSOR_HELP, id="passaportas.city-up"),
        Binding("down,j", "cursor('down')", "City", show=False, tooltip=CURSOR_HELP, id="passaportas.city-down"),
        Binding("r", "roll", "Roll", tooltip=ROLL_HELP, id="passaportas.roll"),
        Binding("enter", "fly", "Fly", key_display="Enter", tooltip=FLY_HELP, id="passaportas.fly"),
        Binding("enter", "results", "Results", key_display="Enter", tooltip=RESULTS_HELP, id="passaportas.results"),
        Binding("s", "stay", "Stay", tooltip=STAY_HELP, id="passaportas.stay"),
        Binding("w", "wild", "Wild", tooltip=WILD_HELP, id="passaportas.wild"),
        Binding("c", "customs", "Customs", tooltip=CUSTOMS_HELP, id="passaportas.customs"),
        Binding("p", "pass_customs", "Pass", tooltip=PASS_HELP, id="passaportas.pass"),
        Binding("u", "undo", "Undo", tooltip=UNDO_HELP, id="passaportas.undo"),
        Binding("tab", "show_side('hand')", "Hand", key_display="Tab", tooltip=SIDE_HELP, id="passaportas.hand-or-board"),
        Binding("tab", "show_side('board')", "Board", key_display="Tab", tooltip=SIDE_HELP, id="passaportas.hand-or-board"),
        Binding("o", "show_side('history')", "Log", tooltip=LOG_HELP, id="passaportas.log"),
        Binding("o", "show_side('board')", "Board", tooltip=LOG_HELP, id="passaportas.log"),
        Binding("m", "map_or_list", "Map/list", show=False, tooltip=MAP_OR_LIST_HELP, id="passaportas.map-or-list"),
        Binding("t", "hint", "Hint", tooltip="Show what the hint bot would do now", id="passaportas.hint"),
        Binding("escape", "leave", "Menu", key_display="Esc", tooltip="Back to the menu (the game stays saved)", id="passaportas.menu"),
    ]
    """Tab and ``o`` each do one of two things (``check_action`` picks): both share the key's id;
    Enter flies, or once the game is over shows the results."""
    SHOWN_WHEN_THEY_APPLY = frozenset({"roll", "fly", "stay", "wild", "customs", "pass_customs", "undo"})

    def __init__(self, table: Table, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self.game_map = table.rules.map_of(table.config)
        self.view: PassaportasView | None = None
        self._end_shown = False
        self.side = "board"
        """What the left side shows: ``board``, ``hand`` or ``history`` (the whole log)."""
        self.board_as: str | None = None
        """How the player chose to see the board: ``map`` or ``list`` (None: by the screen's width)."""
        self._news: defaultdict[int, list[str]] = defaultdict(list)
        """Per person at the table: what others did to their groups since they last looked."""
        self._hinted: tuple[tuple[Any, ...], Any] | None = None
        """The moves played when the last hint came, and the move it named (a dialog starts on it)."""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="middle"):
            with ContentSwitcher(initial=self.side, id="left"):
                yield MapPanel(self.game_map, id="board", classes="panel")
                yield FlightList(self.game_map, id="flights", classes="panel")
                yield HandPanel(id="hand", classes="panel")
                yield LogView(id="history", classes="panel")
            with Vertical(id="side"):
                yield PlanePanel(id="plane", classes="panel")
                yield LogPanel(id="log", classes="panel")
        yield ReasonLine(id="reason")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#board").border_title = f"Board · our own map · fuel in 1,000 l · {self.key('passaportas.map-or-list')}: list"
        self.query_one("#hand").border_title = "Hand"
        self.query_one("#history").border_title = f"Log · ↑↓ PgUp PgDn scroll · {self.key('passaportas.log')}: the board"
        self.query_one("#plane").border_title = "Plane"
        self.query_one("#log").border_title = "Log"
        self._show_left()
        self.start()

    @property
    def map_panel(self) -> MapPanel:
        return self.query_one(MapPanel)

    @property
    def flight_list(self) -> FlightList:
        return self.query_one(FlightList)

    def board_is_list(self) -> bool:
        """Whether the board shows as the list of flights (the player's choice, or a narrow screen)."""
        if self.board_as is not None:
            return self.board_as == "list"
        return self.app.size.width < LIST_BELOW_WIDTH

    def _show_left(self) -> None:
        """Show on the left what :attr:`side` says (the board as the map or the list)."""
        shown = "flights" if self.side == "board" and self.board_is_list() else self.side
        self.query_one(ContentSwitcher).current = shown

    def on_resize(self) -> None:
        self._show_left()

    # ------------------------------------------------------------ the flow of the game

    def advance(self) -> None:
        """After any change: show the position, then the results, a hand-off, or a bot's move."""
        if self.table.is_over():
            self._refresh_table()  # the last move stays on the board until the player asks for the results
            if not self._end_shown:
                self._end_shown = True
                self.tell(f"The game is over: {self.key('passaportas.results')} shows who won.", title="Game over")
            return
        if self.make_forced_move():  # customs with no card for the city, for the one person here
            return
        asked = self.driver.next_step().people
        if not asked and self.viewer is None:
            asked = tuple(self.humans[:1])  # a bot moves first: the first person's view, handed to them
        if asked and self.viewer not in asked:
            self.viewer = asked[0]
            if len(self.humans) > 1:
                self._refresh_table()
                self.app.push_screen(HandOffScreen(self.table.seats[asked[0]].name), callback=lambda _: self.advance())
                return
        self._refresh_table()
        self._tell_news()
        self.schedule_bot()

    def moved(self, seat: int, events: list[Any]) -> None:
        """Keep, for each other person at the table, what this move did to their groups."""
        for human in self.humans:
            if human != seat:
                news = [self.table.rules.describe(e, human, self.table.names) for e in events if concerns(e, human)]
                self._news[human].extend(news)

    def _tell_news(self) -> None:
        """Tell the viewer, in one notice, what others did to their groups since they last looked."""
        news = self._news.pop(self.viewer, None) if self.viewer is not None else None
        if news:
            self.tell("\n".join(news), title="Your groups", timeout=NEWS_TIMEOUT)

    # ------------------------------------------------------------ drawing

    def _refresh_table(self) -> None:
        """Redraw everything from the viewer's view (after a move, not on cursor moves)."""
        view = self.table.view(self.viewer if self.viewer is not None else 0)
        old, self.view = self.view, view
        reach = destinations(view, self.game_map)
        choosing = choosing_flight(view)
        cursor = self.map_panel.cursor
        moved_on = old is None or old.seat != view.seat or old.plane != view.plane  # another person, or the plane flew
        if moved_on or (choosing and cursor not in reach and cursor != view.plane):
            cursor = view.plane
        self.map_panel.show(view.plane, reach, choosing, cursor)
        self._show_flights(view, choosing, cursor)
        self.query_one(StatusBar).show(view, self.table.names, reachable=bool(reach))
        self.query_one(PlanePanel).show(view, self.table.seats, self.game_map)
        self.query_one(HandPanel).show(view, self.table.seats, self.game_map)
        self._show_log(view)
        self.query_one(HandPanel).show_border_title(f"{self.table.seats[view.seat].name}'s hand · {self.key('passaportas.hand-or-board')}: the board")
        self._show_reason()
        self.refresh_bindings()

    def show_position(self) -> None:
        self._refresh_table()

    def hidden_lines(self, view: PassaportasView) -> list[str]:
        """The top customs card of each holder."""
        tops = (self.game_map.name(top) if top >= 0 else "empty" for top in view.own_customs)
        return ["Customs: " + " · ".join(f"holder {holder}: {top}" for holder, top in enumerate(tops, 1))]

    def _show_flights(self, view: PassaportasView, choosing: bool, cursor: int) -> None:
        """The list of flights from the plane's city, with the dice totals that would reach more."""
        rows = flight_rows(view, self.game_map)
        rolls: dict[int, int] = {}
        if choosing and may_roll(view):
            needs = {row.city: roll_needed(view, row.least) for row in rows if not row.amounts}
            rolls = {city: need for city, need in needs.items() if need is not None}
        self.flight_list.show(rows, view.plane, choosing, cursor, rolls)
        name = self.game_map.name(view.plane)
        self.flight_list.show_border_title(f"Flights from {name} · 1,000 l · {self.key('passaportas.map-or-list')}: map")

    def _show_log(self, view: PassaportasView) -> None:
        """The latest lines under the plane, the whole log on the left (while it is shown); lines
        about the viewer marked."""
        events = log_events(view)
        lines = [self.table.rules.describe(e, view.seat, self.table.names) for e in events]
        marked = frozenset(i for i, e in enumerate(events) if concerns(e, view.seat))
        self.query_one(LogPanel).show(lines, marked)
        if self.side == "history":
            self.query_one(LogView).show(lines, marked)

    def _show_reason(self) -> None:
        """The line under the board: the city under the cursor, its legs, and how to fly there."""
        view = self.view
        if view is None:
            return
        city = self.map_panel.cursor
        name = self.game_map.name(city)
        legs = " ".join(f"{self.game_map.code(b)} {w}" for b, w in self.game_map.neighbours(city))
        notes = city_notes(view, city, self.table.names)
        message = Text.assemble((f"{name}", "bold"), f" · legs: {legs}")
        if notes:
            message.append(" · " + " · ".join(notes))
        if self.takes_moves:  # a replay shows the city alone, naming no keys of moves
            message = self._how_to_move(view, city, message)
        self.query_one(ReasonLine).show(message)

    def _how_to_move(self, view: PassaportasView, city: int, message: Text) -> Text:
        """``message`` (the city under the cursor) with what the viewer may do there and its key:
        use or pass a customs card, roll, stay, fly; a customs question replaces it."""
        if view.phase == CUSTOMS and my_move(view):
            holder = usable_holder(view)
            if holder is None:
                message = Text(f"Customs: your top cards do not name this city; {self.key('passaportas.pass')} passes.")
            else:
                uses, passes = self.key("passaportas.customs"), self.key("passaportas.pass")
                message = Text(f"Customs: your card for {self.game_map.name(view.plane)} may stop a group: {uses} uses it, {passes} passes.")
        elif choosing_flight(view):
            reach = self.map_panel.reach
            if not reach and may_roll(view):
                message.append(f" · no city in reach yet: {self.key('passaportas.roll')} rolls")
            elif not reach:
                message.append(f" · no city in reach with {litres(view.fuel)}: {stay_or_wild(view, self.key)}")
            elif city == view.plane:
                message.append(f" · ✈ here: {self.key('passaportas.stay')} stays")
            elif city in reach and wild_bars_landing(view, city):
                message.append(" · ends your last trip: not after your wild token (P6)")
            elif city in reach:
                amounts = ", ".join(f"{a}" for a in reach[city])
                message.append_text(Text.assemble(f" · ◆ {self.key('passaportas.fly')} flies: ", (amounts, "bold"), " thousand l"))
            else:
                message.append(f" · out of reach with {litres(view.fuel)}")
        return message

    def on_map_panel_cursor_moved(self, _: MapPanel.CursorMoved) -> None:
        self.flight_list.move_to(self.map_panel.cursor)
        self._show_reason()

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Tab and ``o`` switch to the side not shown; in the log the arrows scroll it; Enter
        shows the results once the game is over."""
        if action in ("fly", "results"):
            return (action == "results") == self.table.is_over()
        if action == "show_side":
            return parameters[0] != self.side
        if action == "cursor":
            return self.side != "history"
        return True

    def move_applies(self, action: str, view: PassaportasView) -> bool:
        """Customs moves apply at your customs question, rolling and the wild token when the rules
        allow them, flying and staying while you choose a flight."""
        if action in ("customs", "pass_customs"):
            return view.phase == CUSTOMS and my_move(view)
        if action == "roll":
            return may_roll(view)
        if action == "wild":
            return view.may_use_wild
        return choosing_flight(view)

    def action_cursor(self, direction: str) -> None:
        """Move to the nearest city that way (only among reachable ones while choosing a flight);
        in the list of flights, ↑ ↓ move to the row above or below."""
        panel = self.map_panel
        places = panel.label_places()
        candidates = set(places)
        if self.view is not None and choosing_flight(self.view):
            candidates = set(panel.reach) | {self.view.plane}
        if self.side == "board" and self.board_is_list():
            rows = [city for city in self.flight_list.order() if city in candidates]
            step = {"up": -1, "down": 1}.get(direction, 0)
            if step and panel.cursor in rows:
                index = rows.index(panel.cursor) + step
                if 0 <= index < len(rows):
                    panel.move_to(rows[index])
            elif step and rows:
                panel.move_to(rows[0])
            return
        x0, y0 = places[panel.cursor]
        dx, dy = DIRECTIONS[direction]
        best, best_score = None, None
        for city in candidates - {panel.cursor}:
            x, y = places[city]
            ahead = (x - x0) * dx + (y - y0) * dy * 3
            if ahead <= 0:
                continue
            side = abs((x - x0) * dy) + abs((y - y0) * dx) * 3
            score = ahead + 2 * side
            if best_score is None or score < best_score:
                best, best_score = city, score
        if best is not None:
            panel.move_to(best)

    def action_switch_side(self) -> None:
        self.action_show_side("hand" if self.side == "board" else "board")

    def action_map_or_list(self) -> None:
        """Show the board as the map or as the list of flights (and show the board)."""
        self.board_as = "map" if self.board_is_list() else "list"
        self.action_show_side("board")

    def action_show_side(self, side: str) -> None:
        """Show the board, the hand or the whole log on the left (the log takes the arrow keys)."""
        self.side = side
        if side == "history" and self.view is not None:
            self._show_log(self.view)
        self._show_left()
        history = self.query_one(LogView)
        history.can_focus = side == "history"  # the keys are the screen's, but the log's arrows scroll it
        if side == "history":
            history.focus()
        else:
            self.set_focus(None)
        self.refresh_bindings()

    def action_leave(self) -> None:
        """Esc: from the whole log back to the board; otherwise back to the menu."""
        if self.side == "history":
            self.action_show_side("board")
        else:
            super().action_leave()

    def action_results(self) -> None:
        """The results: who won, every player's groups (Enter or Esc there goes back to the menu)."""
        screen = ResultsScreen(self.table.view(self.viewer or 0), self.table.seats, self.game_map.name)
        self.app.push_screen(screen, callback=lambda _: self.action_leave())

    def action_roll(self) -> None:
        self.submit(Roll())

    def action_wild(self) -> None:
        self.submit(UseWildToken())

    def action_stay(self) -> None:
        self.submit(StayPut())

    def action_fly(self) -> None:
        view = self.view
        if view is None:
            return
        city = self.map_panel.cursor
        amounts = self.map_panel.reach.get(city, ()) if choosing_flight(view) else ()
        if not amounts:
            if not choosing_flight(view):
                self.refuse("You may fly only in your own turn, before the landing.")
            elif city == view.plane:
                self.refuse(f"The plane is here: fly elsewhere, or stay ({self.key('passaportas.stay')}).")
            else:
                name = self.game_map.name(city)
                self.refuse(f"{name} is out of reach with {litres(view.fuel)} in the tank (IV.1).")
            return
        if len(amounts) == 1:
            self.submit(Fly(city, amounts[0]))
            return
        routes = [flight_route(self.game_map, view.plane, city, a) for a in amounts]

        def chosen(amount: str | None) -> None:
            if amount is not None:
                self.submit(Fly(city, int(amount)))

        hinted = self.hinted_move()
        start = str(hinted.fuel) if isinstance(hinted, Fly) and hinted.city == city else None
        question = f"Fly to {self.game_map.name(city)}: how much fuel to burn? What is left stays in the tank."
        self.forget_hint()  # its notice would stand over the dialog, which starts on the hinted answer
        next_name = self.table.names[(view.current + 1) % len(self.table.names)]
        options = fuel_options(amounts, routes, view.fuel, next_name)
        self.app.push_screen(OptionChooser(question, options, start), callback=chosen)

    def action_customs(self) -> None:
        view = self.view
        if view is None or view.phase != CUSTOMS or not my_move(view):
            self.refuse("Customs cards are used after a landing, when you are asked.")
            return
        holder = usable_holder(view)
        if holder is None:
            self.refuse(f"None of your top customs cards names this city: pass ({self.key('passaportas.pass')}).")
            return

        def chosen(key: str | None) -> None:
            if key == PASS:
                self.submit(PassCustoms())
            elif key is not None:
                player, size = (int(n) for n in key.split(":"))
                self.submit(UseCustoms(holder, player, size))

        hinted = self.hinted_move()
        start = PASS if isinstance(hinted, PassCustoms) else None
        if isinstance(hinted, UseCustoms):
            start = customs_key(hinted.player, hinted.group)
        question = f"Your customs card for {self.game_map.name(view.plane)}: whose passport do you refuse?"
        self.forget_hint()
        self.app.push_screen(OptionChooser(question, customs_options(view, self.table.names), start), callback=chosen)

    def action_pass_customs(self) -> None:
        self.submit(PassCustoms())

    def action_hint(self) -> None:
        view = self.view
        if view is None or not my_move(view):
            self.refuse("Hints are for your own move.")
            return

        def show(action: Any) -> None:
            self._hinted = (tuple(self.table.actions), action)
            if isinstance(action, Fly):
                self.map_panel.move_to(action.city)
            text = action_text(action, self.game_map, self.table.names, view, self.key)
            self.show_hint(f"The {self.hint_bot} would {text}.")

        self.request_hint(show)

    def hinted_move(self) -> Any:
        """The move the last hint named, if nothing was played since (None otherwise)."""
        if self._hinted is None or self._hinted[0] != tuple(self.table.actions):
            return None
        return self._hinted[1]

    def submit(self, action: Any) -> bool:
        if self.viewer is None or acting_seat(self.view) != self.viewer:
            self.refuse("It is not your move.")
            return False
        return super().submit(action)

    def game_commands(self) -> list[GameCommand]:
        """Commands for the app's command palette: (title, help, callback)."""
        return [
            ("Undo", f"{UNDO_HELP} ({self.key('passaportas.undo')})", self.action_undo),
            ("Hint", f"Show what the {self.hint_bot} would do now ({self.key('passaportas.hint')})", self.action_hint),
            (
                "Hand or board",
                f"Switch the left side between your hand and the map ({self.key('passaportas.hand-or-board')})",
                self.action_switch_side,
            ),
            ("Back to the menu", f"Leave the table; Continue resumes the game ({self.key('passaportas.menu')})", self.action_leave),
        ]

