"""The Flight table: the four flights, the pack and discard, the players, the log and a hand.

Seats, bots' moves, autosave, undo and leaving come from
:class:`~flight_tui.ui.game_screen.GameTableScreen`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import (
    DRAW,
    OVER,
    PLAY,
    Discard,
    DrawDiscard,
    DrawPack,
    DrawThree,
    DrawTwoAndDiscard,
    FlightLine,
    FlightView,
    HandEnded,
    Play,
    Played,
)
from flight_tui.engine.protocol import Outcome
from flight_tui.engine.rng import derived_seed
from flight_tui.table import Table
from flight_tui.games.flight.ui.chooser import FlightChooser
from flight_tui.games.flight.ui.end_screens import MENU, NEW_MATCH, HandEndScreen, LandingScreen, MatchEndScreen
from flight_tui.games.flight.ui.presentation import (
    action_text,
    board_after,
    ending_text,
    hand_room,
    my_turn,
    play_reason,
    playable_flights,
    recent_plays,
    since_my_turn,
)
from flight_tui.games.flight.ui.widgets import FlightsPanel, HandView, PlayersPanel, StatusBar
from flight_tui.ui.game_screen import GameCommand, GameTableScreen
from flight_tui.ui.widgets.footer import GameFooter
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import LogPanel
from flight_tui.ui.widgets.reason_line import ReasonLine
from flight_tui.words import count

PLAY_HELP = "Play the card under the cursor (asks which flight when it could go on several)"
DISCARD_HELP = "Discard the card under the cursor: your turn ends"
PACK_HELP = "Draw the top card of the pack (three cards when your hand is empty)"
EXPOSED_HELP = "Draw the exposed card (with an empty hand: two from the pack and the exposed card)"
UNDO_HELP = "Take back your last action of this turn"
CARD_ACTIONS = frozenset({"move", "move_to", "next_playable"})
"""The actions of the keys that move along the hand."""


class HandEnding(NamedTuple):
    """The move that ended a hand, as the table screen saw it made."""

    seat: int
    events: list[Any]
    board_before: list[FlightLine]
    """The flights just before the move (the next hand is dealt afresh by the same move)."""


class FlightTableScreen(GameTableScreen):
    """Play Flight at ``table``. ``bot_delay`` overrides the app's setting (0 in tests)."""

    CSS_PATH = "flight.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        Binding("left,h", "move(-1)", "Card", key_display="←→", tooltip="Previous card", id="flight.previous-card"),
        Binding("right,l", "move(1)", "Next card", show=False, tooltip="Next card", id="flight.next-card"),
        Binding("down,j", "next_playable(1)", "Next playable card", show=False, id="flight.next-playable"),
        Binding("up,k", "next_playable(-1)", "Previous playable card", show=False, id="flight.previous-playable"),
        Binding("home", "move_to(0)", "First card", show=False, id="flight.first-card"),
        Binding("end", "move_to(-1)", "Last card", show=False, id="flight.last-card"),
        Binding("enter,space", "play", "Play", key_display="Enter", tooltip=PLAY_HELP, id="flight.play"),
        Binding("x,d", "discard", "Discard", key_display="x", tooltip=DISCARD_HELP, id="flight.discard"),
        Binding("p", "draw_pack", "Pack", tooltip=PACK_HELP, id="flight.draw-pack"),
        Binding("e", "draw_exposed", "Exposed card", tooltip=EXPOSED_HELP, id="flight.draw-exposed"),
        Binding("u", "undo", "Undo", tooltip=UNDO_HELP, id="flight.undo"),
        Binding("t", "hint", "Hint", tooltip="Show what the hint bot would do now", id="flight.hint"),
        Binding("escape", "leave", "Menu", key_display="Esc", tooltip="Back to the menu (the game stays saved)", id="flight.menu"),
    ]
    SHOWN_WHEN_THEY_APPLY = frozenset({"play", "discard", "draw_pack", "draw_exposed", "undo"})

    def __init__(self, table: Table, *, bot_delay: float | None = None) -> None:
        super().__init__(table, bot_delay=bot_delay)
        self.view: FlightView | None = None
        self._results_seen = len(table.view(self.viewer if self.viewer is not None else 0).hand_results)
        self._match_end_shown = False
        self._ending: HandEnding | None = None
        """The move that ended the hand, until its board is shown."""
        self._hinted: tuple[int, Play] | None = None
        """The play the last hint showed, and the number of moves made then (a chooser opened
        for its card while no move was made starts on its flight)."""
        self._cursor_cards: dict[int, int] = {}
        """Hot-seat: the card each person's cursor was on when the keyboard passed on."""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield FlightsPanel(id="flights", classes="panel")
        with Horizontal(id="middle"):
            yield LogPanel(id="log", classes="panel")
            yield PlayersPanel(id="players", classes="panel")
        yield HandView(id="hand", classes="panel")
        yield ReasonLine(id="reason")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#flights").border_title = "Flights · underlined: laid since your turn"
        self.query_one("#log").border_title = "Log"
        self.query_one("#players").border_title = "Players"
        self.start()

    @property
    def hand(self) -> HandView:
        return self.query_one(HandView)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that move along the hand are off (and out of the footer) while it holds no card."""
        if action in CARD_ACTIONS and self.is_mounted and not self.hand.cards:
            return False
        return super().check_action(action, parameters)

    # ------------------------------------------------------------ the flow of the game

    def play(self, seat: int, action: Any) -> Outcome:
        """Apply a move; one that ends the hand is kept, with the board before it, to be shown."""
        board = self.table.view(seat).flights
        outcome = super().play(seat, action)
        if any(isinstance(event, HandEnded) for event in outcome.events):
            self._ending = HandEnding(seat, list(outcome.events), board)
        return outcome

    def advance(self) -> None:
        """After any change: show the new position, then the end of a hand (the board as the last
        move left it, then the scores), a hand-off, or a bot's move."""
        seat_view = self.table.view(self.viewer if self.viewer is not None else 0)
        if len(seat_view.hand_results) > self._results_seen or (seat_view.phase == OVER and not self._match_end_shown):
            self._results_seen = len(seat_view.hand_results)
            ending, self._ending = self._ending, None
            if ending is None:
                self._show_scores(seat_view)
            else:
                self._show_ending(ending, seat_view)
            return
        next_human = self._next_human(seat_view.current)
        if next_human is not None and next_human != self.viewer:
            self.viewer = next_human
            self._refresh_table()
            name = self.table.seats[next_human].name
            self.app.push_screen(HandOffScreen(name), callback=lambda _: self.advance())
            return
        self._refresh_table()
        self.schedule_bot()

    def _next_human(self, current: int) -> int | None:
        """The human who plays next from ``current`` on (``current`` included), if any."""
        seats = len(self.table.seats)
        for step in range(seats):
            seat = (current + step) % seats
            if seat in self.humans:
                return seat
        return None

    def _show_ending(self, ending: HandEnding, view: FlightView) -> None:
        """The board as the move that ended the hand left it, that move marked; then the scores."""
        self._refresh_table()
        events = ending.events
        ended = next(i for i, event in enumerate(events) if isinstance(event, HandEnded))
        result = events[ended].result
        landing = [e.card for e in events[:ended] if isinstance(e, Played)]
        log = self.table.log_lines(view.seat)
        later = len(events) - ended - 1  # the next deal, the end of the match
        screen = LandingScreen(
            result.hand_no,
            ending_text(self.table.names, ending.seat, events, result),
            board_after(ending.board_before, events),
            landing[-1] if landing else -1,
            log[: len(log) - later],
        )
        self.app.push_screen(screen, callback=lambda _: self._show_scores(self.table.view(view.seat)))

    def _show_scores(self, view: FlightView) -> None:
        self._refresh_table()
        names = self.table.names
        if view.phase == OVER:
            self._match_end_shown = True
            screen = MatchEndScreen(names, view.hand_results, view.config, view.winners, rematch=self._can_start_again())
            self.app.push_screen(screen, callback=self._after_match)
        else:
            screen = HandEndScreen(names, view.hand_results, view.config)
            self.app.push_screen(screen, callback=lambda choice: self.action_leave() if choice == MENU else self.advance())

    def _can_start_again(self) -> bool:
        """Whether a new match can be opened here (a table served from elsewhere cannot)."""
        return getattr(self.table, "seat_controllers", None) is None and hasattr(self.app, "open_table")

    def _after_match(self, choice: str | None) -> None:
        if choice == NEW_MATCH and self._can_start_again():
            table = self.table
            seed = derived_seed(table.seed, "new match") >> 1  # a seed the New game form would take
            self.app.open_table(Table(table.rules, table.config, seed, table.seats))
        else:
            self.action_leave()

    # ------------------------------------------------------------ drawing the table

    def _refresh_table(self) -> None:
        """Redraw everything from the viewer's view (after an action, not on cursor moves)."""
        view = self.table.view(self.viewer if self.viewer is not None else 0)
        old_view, self.view = self.view, view
        hand = self.hand
        cards = sorted(view.hand)
        cursor = hand.cursor
        if old_view is not None and old_view.seat == view.seat:
            new_cards = [c for c in cards if c not in old_view.hand]
            if new_cards:
                cursor = cards.index(new_cards[0])
            elif hand.card in cards:
                cursor = cards.index(hand.card)
        else:  # another person's hand (hot-seat): their own cursor, or the first card
            if old_view is not None and hand.card is not None:
                self._cursor_cards[old_view.seat] = hand.card
            mine = self._cursor_cards.get(view.seat)
            cursor = cards.index(mine) if mine in cards else 0
        hand.show(cards, [bool(playable_flights(view, c)) for c in cards], cursor, hand_room(view), playing=view.phase != OVER and self.takes_moves)
        self.query_one(StatusBar).show(view)
        self.query_one(FlightsPanel).show(view.flights, recent_plays(view))
        self.query_one(PlayersPanel).show(self.table.seats, view)
        self.query_one(LogPanel).show(self.table.log_lines(view.seat), since=since_my_turn(view))
        hand.show_border_title(self._hand_title(view))
        hand.set_class(my_turn(view), "-my-turn")
        self._show_reason()
        self.refresh_bindings()

    def show_position(self) -> None:
        self._refresh_table()

    def hidden_lines(self, view: FlightView) -> list[str]:
        """The hand, card by card."""
        return [", ".join(C.name(card) for card in sorted(view.hand)) or "no cards"]

    def _hand_title(self, view: FlightView) -> str:
        name = self.table.seats[view.seat].name
        pack, exposed, play, discard = (self.key(f"flight.{b}") for b in ("draw-pack", "draw-exposed", "play", "discard"))
        if view.phase == OVER:
            return f"{name}'s hand · the match is over"
        if not my_turn(view) or not self.takes_moves:
            return f"{name}'s hand · {self.table.seats[view.current].label} is playing"
        if view.phase == DRAW:
            if not view.hand:
                return f"{name}, your turn · hand empty: {pack} draws three, {exposed} two and the exposed card"
            return f"{name}, your turn · draw: {pack} the pack, {exposed} the exposed card"
        if not any(self.hand.playable):
            if view.turn.played == 0:
                return f"{name}, your turn · nothing can be played: discard a card ({discard})"
            return f"{name}, your turn · discard a card ({discard}) to end the turn"
        if view.turn.played == 0:
            return f"{name}, your turn · play at least one card ({play}), then discard ({discard})"
        return f"{name}, your turn · play more ({play}), or discard ({discard}) to end the turn"

    def _show_reason(self) -> None:
        view, card = self.view, self.hand.card
        if view is None or card is None:
            self.query_one(ReasonLine).show(Text(""))
            return
        label = f"{C.code(card)} {C.name(card)}"
        if view.phase == PLAY and my_turn(view) and self.takes_moves:
            flights = playable_flights(view, card)
            if flights:
                where = f"the {C.COLOURS[flights[0]]} flight" if len(flights) == 1 else "a flight you choose"
                message = Text.assemble(("✓ ", "bold"), label, f": {self.key('flight.play')} plays it on {where}.")
            else:
                message = Text.assemble(("✗ ", "bold"), label, ": ", (play_reason(view, card), "italic"))
        else:
            message = Text(f"  {label} · worth {count(C.VALUE[card], 'point')} in hand")
        self.query_one(ReasonLine).show(message)

    def on_hand_view_cursor_moved(self, _: HandView.CursorMoved) -> None:
        self._show_reason()

    # ------------------------------------------------------------ keys

    def move_applies(self, action: str, view: FlightView) -> bool:
        """Playing and discarding apply in your play phase, drawing in your draw phase."""
        wanted = PLAY if action in ("play", "discard") else DRAW
        return my_turn(view) and view.phase == wanted

    def action_move(self, step: int) -> None:
        self.hand.move_to(self.hand.cursor + step)

    def action_move_to(self, index: int) -> None:
        self.hand.move_to(index if index >= 0 else len(self.hand.cards) - 1)

    def action_next_playable(self, step: int) -> None:
        """Jump to the next card that may be played (round the hand), else move one card."""
        hand = self.hand
        count = len(hand.cards)
        for distance in range(1, count):
            index = (hand.cursor + step * distance) % count
            if hand.playable[index]:
                hand.move_to(index)
                return
        self.action_move(step)

    def action_play(self) -> None:
        view, card = self.view, self.hand.card
        if view is None or card is None:
            self.refuse("You have no card to play.")
            return
        flights = playable_flights(view, card)
        if not flights:
            self.refuse(play_reason(view, card), title=f"{C.code(card)} can't be played")
        elif len(flights) == 1:
            self.submit(Play(card, flights[0]))
        else:

            def chosen(flight: int | None) -> None:
                if flight is not None:
                    self.submit(Play(card, flight))

            hinted = self._hinted
            start = hinted[1].flight if hinted and hinted[0] == len(self.table.actions) and hinted[1].card == card else None
            self.app.push_screen(FlightChooser(card, flights, view, start), callback=chosen)

    def action_discard(self) -> None:
        card = self.hand.card
        if card is None:
            self.refuse("You have no card to discard.")
            return
        self.submit(Discard(card))

    def action_draw_pack(self) -> None:
        self.submit(DrawPack() if self._hand_held() else DrawThree())

    def action_draw_exposed(self) -> None:
        self.submit(DrawDiscard() if self._hand_held() else DrawTwoAndDiscard())

    def _hand_held(self) -> bool:
        return bool(self.view is None or self.view.hand)

    def action_hint(self) -> None:
        view = self.view
        if view is None or not my_turn(view):
            self.refuse("Hints are for your own turn.")
            return

        def show(action: Any) -> None:
            card = getattr(action, "card", None)
            if card is not None and card in self.hand.cards:
                self.hand.move_to(self.hand.cards.index(card))
            if isinstance(action, Play):
                self._hinted = (len(self.table.actions), action)
            self.show_hint(f"The {self.hint_bot} would {action_text(action, self.key)}.")

        self.request_hint(show)

    def game_commands(self) -> list[GameCommand]:
        """Commands for the app's command palette: (title, help, callback)."""
        return [
            ("Undo", f"{UNDO_HELP} ({self.key('flight.undo')})", self.action_undo),
            ("Hint", f"Show what the {self.hint_bot} would do now ({self.key('flight.hint')})", self.action_hint),
            ("Back to the menu", f"Leave the table; Continue resumes the game ({self.key('flight.menu')})", self.action_leave),
        ]
