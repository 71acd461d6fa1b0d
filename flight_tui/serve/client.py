"""``flight-tui join``: the app at a table service, with the lobby first and remote tables.

The app is the usual one (its table screens, Help, themes, keymap); what differs: its first
screen is the lobby, its tables are :class:`~flight_tui.serve.remote.RemoteTable`s fed by the
service (which saves them: nothing is saved here), and a notice says when a player goes away or
comes back (the log's last line says whom the table waits for).
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.games import get_spec, load
from flight_tui.serve import protocol as P
from flight_tui.serve.lobby import LobbyScreen
from flight_tui.serve.remote import RemoteTable, ServiceConnection, ServiceLost
from flight_tui.ui import app as app_module
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.commands import palette_commands
from flight_tui.ui.widgets.footer import Footer
from flight_tui.ui.widgets.log_panel import LogPanel

LOST = 1
"""The exit status when the table service went away (or the app failed)."""
CRASH_LINE = "flight-tui: something went wrong in your game here, and the host has been told. Your seats stay yours: join again."
"""All a player sees of a crash of their app (its traceback goes to the server's log)."""


def report_crash(connection: ServiceConnection, error: BaseException) -> None:
    """Send a crash's traceback to the table service, which logs it (nothing if the service is gone)."""
    report = "".join(traceback.format_exception(error))[-P.CRASH_REPORT_LIMIT :]
    try:
        connection.send(P.Crashed(report))
    except OSError:
        pass


def away_news(before: P.Update, after: P.Update) -> list[str]:
    """What changed about the players who are away, in words."""
    news = [f"{name} is away: the table waits for them (the seat is kept)." for name in after.waiting if name not in before.waiting]
    news += [f"A bot plays for {name} until they come back." for name in after.bots_for if name not in before.bots_for]
    gone = (set(before.waiting) | set(before.bots_for)) - set(after.waiting) - set(after.bots_for)
    news += [f"{name} is back." for name in sorted(gone)]
    return news


class SpectatorScreen(Screen[None]):
    """Watching a table: its seats, how far the game is, and the log as everyone may read it;
    for a game that tells spectators its news (``GameSpec.spectator_news``, such as a round's
    summary), that news on its own screen, read from the public view."""

    BINDINGS = [Binding("escape", "leave", "Lobby", key_display="Esc", tooltip="Back to the lobby", id="watch.leave")]
    DEFAULT_CSS = """
    SpectatorScreen {
        #watch-status { height: 1; padding: 0 1; text-style: bold; }
        #watch-log { height: 1fr; border: round $primary; }
    }
    """

    def __init__(self, table: RemoteTable) -> None:
        super().__init__()
        self.table = table
        self._news_seen: Any = None
        """What the game's news function has shown so far (it says)."""
        self._reading_news = False

    def compose(self) -> ComposeResult:
        yield Static("", id="watch-status", markup=False)
        yield LogPanel(id="watch-log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#watch-log").border_title = "Log · you are watching"
        self.advance()

    def advance(self) -> None:
        update = self.table.update
        asked = " and ".join(self.table.seats[s].label for s in update.to_act) if update.to_act else "nobody"
        status = f"{self.table.rules.title} · {' · '.join(self.table.names)} · {update.progress} · to move: {asked}"
        self.query_one("#watch-status", Static).update("The game is over · " + update.progress if update.over else status)
        self.query_one(LogPanel).show(self.table.log_lines(None))
        self._show_news()

    def _show_news(self) -> None:
        news = get_spec(self.table.rules.name).spectator_news
        view = self.table.public_view()
        if not news or view is None or self._reading_news:
            return
        screen, self._news_seen = load(news)(view, self.table.names, self._news_seen)
        if screen is not None:
            self._reading_news = True
            self.app.push_screen(screen, callback=self._news_read)

    def _news_read(self, _: Any) -> None:
        self._reading_news = False
        self.advance()

    def action_leave(self) -> None:
        self.dismiss(None)


class FromService(Message):
    """A message from the table service, handed to the app's loop."""

    def __init__(self, message: Any) -> None:
        super().__init__()
        self.message = message


class JoinApp(FlightTuiApp):
    """The app joined to a table service over ``connection`` as ``name``."""

    CSS_PATH = str(Path(app_module.__file__).with_name(FlightTuiApp.CSS_PATH))
    """The app's own stylesheet (a relative path would be read beside this module)."""

    def __init__(self, connection: ServiceConnection, name: str, *, welcome: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.connection = connection
        self.player_name = name
        self.welcome = welcome or f"Welcome, {name}."
        self.lobby: P.Lobby | None = None
        self.remote: RemoteTable | None = None
        self._seated: P.Seated | None = None

    def get_default_screen(self) -> Screen:
        return LobbyScreen(self.welcome)

    def _handle_exception(self, error: Exception) -> None:
        """A crash: its traceback goes to the server's log; the player's terminal gets one line
        (no paths, no values). What is no crash as the app ends is neither reported nor told."""
        if self.ends_quietly(error):
            return
        report_crash(self.connection, error)
        super()._handle_exception(error)
        self._exit_renderables[:] = [CRASH_LINE]

    # ------------------------------------------------------------ nothing here opens or writes a file

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        return palette_commands(self, screen, local=False)

    def change_setting(self, name: str, value: Any) -> None:
        """A theme picked here applies for this visit only: the settings file is the server account's."""
        self.apply_setting(name, value)

    def _only_served_tables(self) -> None:
        self.notify("Here you play at the server's tables: the lobby opens them.", severity="warning")

    action_new_game = action_continue_game = action_load_game = action_campaign = _only_served_tables
    action_save_as = action_settings = action_history = _only_served_tables

    def on_mount(self) -> None:
        super().on_mount()
        self.connection.start(lambda message: self.post_message(FromService(message)))  # post_message is thread-safe

    def on_from_service(self, event: FromService) -> None:
        """A message from the service, in the order it came."""
        message = event.message
        if isinstance(message, P.Lobby):
            self.lobby = message
            for screen in self.screen_stack:
                if isinstance(screen, LobbyScreen) and screen.is_mounted:  # else it shows app.lobby once mounted
                    screen.show(message)
        elif isinstance(message, P.Seated):
            self._seated = message
        elif isinstance(message, P.Update):
            if self._seated is not None:
                seated, self._seated = self._seated, None
                self._open(RemoteTable(self.connection, seated, message))
            elif self.remote is not None:
                before = self.remote.update
                if self.remote.receive(message):
                    self._table_changed_remotely(away_news(before, message))
        elif isinstance(message, P.Refused):
            self.notify(message.reason, title="Not allowed", severity="warning")
        elif isinstance(message, ServiceLost):
            self.exit(return_code=LOST, message=f"flight-tui: {message.reason} Your seats stay yours: join again to take them.")

    def _open(self, table: RemoteTable) -> None:
        self.remote = table
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if table.seat is None:
            screen: Screen = SpectatorScreen(table)
        else:
            screen = load(get_spec(table.rules.name).table_screen)(table)
        self.push_screen(screen, callback=self._left)

    def _left(self, _: Any) -> None:
        self.remote = None
        self.connection.send(P.Leave())

    def _table_screen(self) -> Any:
        """The screen of the table this player is at (None: at none)."""
        return next((s for s in self.screen_stack if getattr(s, "table", None) is self.remote), None)

    def _table_changed_remotely(self, news: list[str]) -> None:
        """Another seat moved (or a player left or came back): redraw, then whatever comes next
        (a table screen still being built shows the table as it is once it is built)."""
        screen = self._table_screen()
        if screen is None:
            return
        if screen.is_mounted:  # once the app is ending its errors are no crash (ends_quietly)
            screen.advance()
        for line in news:
            self.notify(line, title="Players", timeout=8)
