"""Replays: a recorded game shown position by position on the game's own table screen.

:func:`replay_screen` makes the table screen of the game (its spec's ``table_screen``) with
:class:`ReplayControls` in front of it: the screen reads a
:class:`~flight_tui.table.replay.ReplayTable` (every seat played elsewhere: nobody is asked,
no bot moves), and each step puts the replay's position on that table and calls the screen's
``show_position``. The screen's own keys that only look (other views, the whole log) still
work; a move, undo or hint says that this is a replay, and the game's texts name no key of a
move (``takes_moves``). The replay keys come first (priority
bindings, ids ``replay.*``): ← → a move, Home End the start and the end, ``n`` ``p`` a turn,
``N`` ``P`` a round, ``s`` the seat the game is seen as, ``a`` every seat's hidden holdings
(only once the game is over), ``c`` the game's chart up to the move shown. Stepping on past the end of a round shows the round summary a
spectator gets (for a game that has one: ``GameSpec.spectator_news``) over the table, which
shows the new position once the summary is closed. A replay writes
nothing: the table is no save's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.engine.errors import IllegalAction
from flight_tui.table import Table
from flight_tui.table.replay import REPLAY_REFUSAL, Replay
from flight_tui.ui.game_screen import GameTableScreen
from flight_tui.ui.look_only import LookOnlyControls, look_only_class
from flight_tui.ui.widgets.head_bar import HeadBar

REPLAY_ACTIONS = frozenset({"replay_step", "replay_jump", "replay_turn", "replay_round", "replay_seat", "replay_everything", "replay_chart", "leave", "help"})
"""The actions whose keys a replay's footer shows."""
EVERYTHING_REFUSED = "Every hand is shown only once the game is over: this game can still be played."
REPLAY_HEAD_CSS = "#replay-head { dock: top; height: auto; }"
"""The replay bar and every hand, above the game's table (the game's own layout below them)."""


class EverythingPanel(Static):
    """Every seat's hidden holdings, once the game is over (under the replay bar)."""

    DEFAULT_CSS = """
    EverythingPanel { height: auto; max-height: 8; border: round $primary; padding: 0 1; display: none; }
    """


class ReplayControls(LookOnlyControls):
    """What a table screen does in a replay (mixed in before the game's screen class)."""

    BINDINGS = [
        Binding("left", "replay_step(-1)", "Move", key_display="←→", priority=True, tooltip="One move back", id="replay.back"),
        Binding("right", "replay_step(1)", "Next move", show=False, priority=True, tooltip="One move on", id="replay.forward"),
        Binding("home", "replay_jump('start')", "Start", show=False, priority=True, tooltip="The deal, before any move", id="replay.start"),
        # Home and End stay out of the footer (Help lists them), so the chart's key fits 80 columns.
        Binding("end", "replay_jump('end')", "Jump", key_display="Home/End", show=False, priority=True, tooltip="The last move", id="replay.end"),
        Binding("n", "replay_turn(1)", "Turn", key_display="n/p", priority=True, tooltip="The start of the next turn", id="replay.next-turn"),
        Binding("p", "replay_turn(-1)", "Previous turn", show=False, priority=True, tooltip="The start of this turn, or of the one before", id="replay.previous-turn"),
        Binding("N", "replay_round(1)", "Round", key_display="N/P", priority=True, tooltip="The start of the next round", id="replay.next-round"),
        Binding("P", "replay_round(-1)", "Previous round", show=False, priority=True, tooltip="The start of this round, or of the one before", id="replay.previous-round"),
        Binding("s", "replay_seat", "Seat", priority=True, tooltip="See the game as another seat saw it", id="replay.seat"),
        Binding("a", "replay_everything", "All hands", priority=True, tooltip="Show every seat's hidden cards (once the game is over)", id="replay.everything"),
        Binding("c", "replay_chart", "Chart", priority=True, tooltip="The game's chart, round by round, up to this move", id="replay.chart"),
    ]

    REFUSAL = REPLAY_REFUSAL
    REFUSAL_TITLE = "Replay"
    TAKEN_ACTIONS: frozenset[str]
    """The game's actions on keys that the replay's keys take over."""
    replay: Replay
    table: Table
    viewer: int | None
    everything: bool
    """Whether every seat's hidden holdings are shown."""
    news_seen: Any
    """What the game's spectator news has told so far (its own record; None: nothing yet)."""
    news_screen: Screen | None
    """The news screen kept to show each round's news (see ``_show_news``)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="replay-head"):
            yield HeadBar(id="replay-bar")
            yield EverythingPanel(id="replay-everything")
        yield from super().compose()  # type: ignore[misc]

    # ------------------------------------------------------------ showing a position

    def advance(self) -> None:
        """Show the replay's position (the flow of play, with its hand-offs and end screens, stays out)."""
        self.table.state = self.replay.state
        self.show_position()  # type: ignore[attr-defined]
        self._show_bar()
        if self.everything:
            self._show_everything()

    def start(self) -> None:
        self._tell_news(False)
        self.advance()

    def _show_bar(self) -> None:
        replay, names = self.replay, self.table.names
        parts = [f"Replay · move {replay.position} of {replay.length}"]
        round_number = replay.rounds[replay.position]
        if round_number is not None:
            parts.append(f"{replay.round_word} {round_number}")
        parts.append(f"as {names[self.viewer or 0]}" + (", all hands shown" if self.everything else ""))
        last = replay.last_move()
        if last is None:
            parts.append("the deal")
        else:
            seat, events = last
            said = " ".join(self.table.rules.describe(event, self.viewer, names) for event in events)
            named = said.startswith((names[seat], "You"))
            parts.append(said if named else f"{names[seat]}: {said}" if said else f"{names[seat]} moved")
        self.query_one(HeadBar).show(Text(" · ".join(parts)))

    def _show_everything(self) -> None:
        lines = []
        for seat, name in enumerate(self.table.names):
            held = self.hidden_lines(self.table.view(seat))  # type: ignore[attr-defined]
            lines.append(f"{name}: {' · '.join(held) if held else 'nothing hidden'}")
        panel = self.query_one(EverythingPanel)
        panel.update("\n".join(lines))
        panel.display = True

    # ------------------------------------------------------------ the replay's keys

    def go(self, position: int, *, news: bool = False) -> None:
        """Show ``position``; with ``news`` (a step on), the round summary a spectator would get
        on the way (the table shows the position once the summary is closed)."""
        self.replay.go(position)
        if not self._tell_news(news):
            self.advance()

    def _tell_news(self, shown: bool) -> bool:
        """For a game that tells spectators its news (``GameSpec.spectator_news``, from the rules'
        ``spectator_view``): show what came since the last position if ``shown``, else only note
        the position as seen (a step back or a jump tells nothing). Whether news was shown: the
        table then shows the position when the news is closed (it is drawn once, not under it)."""
        from flight_tui.games import get_spec, load

        news = get_spec(self.table.rules.name).spectator_news
        public = getattr(self.table.rules, "spectator_view", None)
        if not news or public is None:
            return False
        screen, self.news_seen = load(news)(public(self.replay.state), self.table.names, self.news_seen if shown else None)
        if screen is None:
            return False
        self._show_news(screen)
        return True

    def _show_news(self, screen: Screen) -> None:
        """Push the news ``screen``; a screen that can show another's news (``show_news``) is
        kept (installed) and shown again for the next news, not built anew each round."""
        kept = self.news_screen
        if kept is not None and type(kept) is type(screen):
            kept.show_news(screen)  # type: ignore[attr-defined]
            screen = kept
        elif hasattr(screen, "show_news"):
            self._forget_news_screen()
            self.app.install_screen(screen, self._news_screen_name())  # type: ignore[attr-defined]
            self.news_screen = screen
        self.app.push_screen(screen, callback=lambda _: self.advance())  # type: ignore[attr-defined]

    def _news_screen_name(self) -> str:
        return f"replay-news-{id(self)}"

    def _forget_news_screen(self) -> None:
        """Let the kept news screen go (removed now, or by Textual once it is closed if open)."""
        kept, self.news_screen = self.news_screen, None
        if kept is None:
            return
        app = self.app  # type: ignore[attr-defined]
        if kept in app.screen_stack:
            app._installed_screens.pop(self._news_screen_name(), None)
        else:
            app.uninstall_screen(kept)
            kept.remove()

    def on_unmount(self) -> None:
        self._forget_news_screen()

    def action_replay_step(self, step: int) -> None:
        self.go(self.replay.position + step, news=step > 0)

    def action_replay_jump(self, where: str) -> None:
        self.go(0 if where == "start" else self.replay.length)

    def action_replay_turn(self, step: int) -> None:
        self.go(self.replay.next_turn() if step > 0 else self.replay.previous_turn(), news=step > 0)

    def action_replay_round(self, step: int) -> None:
        if not self.replay.round_word:
            turns = f"{self.key('replay.next-turn')} and {self.key('replay.previous-turn')}"  # type: ignore[attr-defined]
            self.notify(f"This game has no rounds: {turns} go by turns.", severity="warning")  # type: ignore[attr-defined]
            return
        self.go(self.replay.next_round() if step > 0 else self.replay.previous_round(), news=step > 0)

    def seats_shown(self) -> list[int]:
        """The seats the game may be seen as: every seat once it is over; before, the people's
        seats (a bot's hand stays hidden while the game can still be played), or every seat of
        a game of bots only."""
        seats = range(len(self.table.seats))
        people = [seat for seat in seats if not self.table.seats[seat].is_bot]
        return list(seats) if self.replay.over or not people else people

    def action_replay_seat(self) -> None:
        """See the game as the next seat (after the last one: as the first)."""
        seats = self.seats_shown()
        if len(seats) < 2:
            self.notify("This game can be seen only as its one player's seat until it is over.", severity="warning")  # type: ignore[attr-defined]
            return
        later = [seat for seat in seats if seat > (self.viewer or 0)]
        self.viewer = later[0] if later else seats[0]
        self.advance()

    def action_replay_everything(self) -> None:
        """Show or hide every seat's hidden holdings (refused before the game is over)."""
        if not self.replay.over:
            self.notify(EVERYTHING_REFUSED, title="Replay", severity="warning")  # type: ignore[attr-defined]
            return
        self.everything = not self.everything
        self.query_one(EverythingPanel).display = self.everything
        self.advance()

    def action_replay_chart(self) -> None:
        """Open the game's chart as far as the move shown."""
        from flight_tui.ui.screens.chart import chart_screen

        replay = self.replay
        recorded = Table(replay.rules, replay.config, replay.seed, replay.seats, state=replay.state, actions=replay.actions, undo=False)
        self.app.push_screen(chart_screen(recorded, replay.position))  # type: ignore[attr-defined]

    # ------------------------------------------------------------ keys of play

    def play(self, seat: int, action: Any) -> Any:
        raise IllegalAction(REPLAY_REFUSAL)

    def shows_key(self, action: str) -> bool:
        """The footer shows the replay's keys (the game's others still work)."""
        return parse_action(action)[1] in REPLAY_ACTIONS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's actions on keys the replay takes over are off (the replay's keys act)."""
        if action in self.TAKEN_ACTIONS:
            return False
        return super().check_action(action, parameters)  # type: ignore[misc]

    def _leave(self, note: str | None = None) -> None:
        self.dismiss(None)  # type: ignore[attr-defined]


@cache
def _replay_class(screen_class: type[GameTableScreen]) -> type[GameTableScreen]:
    """The game's table screen with the replay's controls in front (one class per game)."""
    replay_keys = {binding.key for binding in Binding.make_bindings(ReplayControls.BINDINGS)}
    game_bindings = Binding.make_bindings(screen_class.BINDINGS)
    taken = frozenset(parse_action(b.action)[1] for b in game_bindings if b.key in replay_keys)
    namespace = {
        # The game's bindings stay beside the replay's (the game's texts name their keys).
        "BINDINGS": [*screen_class.BINDINGS, *ReplayControls.BINDINGS],
        "TAKEN_ACTIONS": taken,
        "DEFAULT_CSS": REPLAY_HEAD_CSS,
    }
    return look_only_class(ReplayControls, screen_class, namespace)


def replay_screen(table: Table, title: str, *, bot_delay: float | None = None) -> GameTableScreen:
    """The replay of ``table``'s recorded game, from its start, on the game's own table screen."""
    from flight_tui.games import get_spec, load

    replay = Replay.of(table)
    replay.go(0)
    screen_class = _replay_class(load(get_spec(table.rules.name).table_screen))
    screen = screen_class(replay.table(), bot_delay=bot_delay)
    screen.replay = replay
    screen.everything = False
    screen.news_seen = None
    screen.news_screen = None
    screen.title = title
    people = [seat for seat, spec in enumerate(table.seats) if not spec.is_bot]
    screen.viewer = people[0] if people else 0
    return screen
