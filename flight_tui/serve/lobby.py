"""The lobby of a joined app: the server's tables, a new table, a seat to take or a game to watch."""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from flight_tui.games import game_names, get_rules, get_spec
from flight_tui.serve import protocol as P
from flight_tui.serve.service import OPEN
from flight_tui.table.seats import BOT_LEVELS
from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.forms import Choice
from flight_tui.ui.screens.new_game import MAX_SEATS, NewGameScreen, SetupError, _row
from flight_tui.ui.widgets.footer import Footer

BOT_WAITS = (("never", 0), ("30 seconds", 30), ("1 minute", 60), ("5 minutes", 300))
"""How long a table waits for a dropped player before a bot plays their seat meanwhile."""


def seat_text(seat: P.SeatInfo) -> str:
    """A seat as the lobby lists it: ``Ann (you)``, ``open``, ``Bob (away)``, ``Normal bot``."""
    if seat.kind == OPEN:
        return "open seat"
    if seat.kind in BOT_LEVELS:
        return f"{seat.kind.capitalize()} bot"
    if seat.mine:
        return f"{seat.name} (you)"
    return seat.name if seat.connected else f"{seat.name} (away)"


def table_line(table: P.TableInfo) -> Text:
    seats = ", ".join(seat_text(s) for s in table.seats)
    return Text.assemble((table.title, "bold"), f" · {seats} · {table.progress}")


class LobbyScreen(Screen[None]):
    """The tables at this server, newest last; Enter sits (at your own seat first, else at an open one)."""

    TITLE = "Lobby"
    DEFAULT_CSS = """
    LobbyScreen {
        #lobby { padding: 1 2; }
        #welcome { margin-bottom: 1; }
        #tables { height: 1fr; border: round $primary; }
        #lobby-hint { margin-top: 1; color: $text-muted; }
    }
    """
    BINDINGS = [
        Binding("enter", "sit", "Sit", key_display="Enter", tooltip="Take your seat at the table, or an open one", id="lobby.sit"),
        Binding("n", "new_table", "New table", tooltip="Open a new table", id="lobby.new-table"),
        Binding("w", "watch", "Watch", tooltip="Watch the table (what everyone may see)", id="lobby.watch"),
        Binding("l", "learn", "Learn to play", tooltip="A guided first game, here against a bot", id="lobby.learn"),
        Binding("r", "refresh", "Refresh", show=False, tooltip="Ask for the list of tables again", id="lobby.refresh"),
        Binding("escape,q", "app.quit", "Quit", key_display="q", tooltip="Leave the server (your seats stay yours)", id="lobby.quit"),
    ]

    def __init__(self, welcome: str) -> None:
        super().__init__()
        self.welcome = welcome
        self.tables: list[P.TableInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(self.welcome, id="welcome", markup=False)
            yield OptionList(id="tables")
            yield Static("", id="lobby-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tables").border_title = "Tables"
        self.query_one(OptionList).focus()
        lobby = getattr(self.app, "lobby", None)
        if lobby is not None:
            self.show(lobby)

    def show(self, lobby: P.Lobby) -> None:
        """List the tables; the cursor stays on its table, or goes to one where you have a seat."""
        tables = self.query_one(OptionList)
        current = self.selected()
        self.tables = list(lobby.tables)
        tables.clear_options()
        tables.add_options([Option(table_line(t), id=t.id) for t in self.tables])
        ids = [t.id for t in self.tables]
        mine = next((t.id for t in self.tables if any(s.mine for s in t.seats) and not t.over), None)
        target = current.id if current is not None and current.id in ids else mine
        if target is not None:
            tables.highlighted = ids.index(target)
        elif ids:
            tables.highlighted = 0
        sit, new = key_for(self, "lobby.sit"), key_for(self, "lobby.new-table")
        if not self.tables:
            hint = f"No tables yet: {new} opens one."
        elif mine is not None:
            hint = f"Your seat is kept: {sit} takes it again."
        else:
            hint = f"{sit} takes an open seat, {key_for(self, 'lobby.watch')} watches, {new} opens a new table."
        if lobby.more:
            hint += f" ({lobby.more} more tables are not listed: yours and those with an open seat come first.)"
        self.query_one("#lobby-hint", Static).update(hint)

    def selected(self) -> P.TableInfo | None:
        index = self.query_one(OptionList).highlighted
        return self.tables[index] if index is not None and index < len(self.tables) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sit()

    def action_sit(self) -> None:
        table = self.selected()
        if table is None:
            self.notify("There is no table to sit at yet.", severity="warning")
            return
        seat = next((i for i, s in enumerate(table.seats) if s.mine), None)
        if seat is None:
            seat = next((i for i, s in enumerate(table.seats) if s.kind == OPEN), None)
        if seat is None:
            self.notify(f"That table has no open seat: {key_for(self, 'lobby.watch')} watches it.", severity="warning")
            return
        self.app.connection.send(P.TakeSeat(table.id, seat))

    def action_watch(self) -> None:
        table = self.selected()
        if table is not None:
            self.app.connection.send(P.Watch(table.id))

    def action_new_table(self) -> None:
        self.app.push_screen(NewTableScreen())

    def action_refresh(self) -> None:
        self.app.connection.send(P.ListTables())

    def action_learn(self) -> None:
        """Pick a game to learn: its lesson runs in this player's app, over the lobby (it needs
        no other player and nothing of the server; Esc comes back here)."""
        from textual.command import SimpleCommand

        from flight_tui.lessons import has_lesson
        from flight_tui.ui.lesson_screen import open_lesson

        commands = [
            SimpleCommand(get_spec(game).title, partial(open_lesson, self.app, game), "a guided first game")
            for game in game_names()
            if has_lesson(game)
        ]
        self.app.search_commands(commands, placeholder="Learn to play…")


def _served_seat_choices(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    return [("Me", "me"), ("Open seat", OPEN)] + [(f"{level.capitalize()} bot", level) for level in levels]


class NewTableScreen(NewGameScreen):
    """Open a table at the server: the game, its options, and each seat (you, open, or a bot)."""

    TITLE = "New table"
    SEAT_KINDS = ("me", OPEN) + ("normal",) * (MAX_SEATS - 2)

    def seat_choices(self, levels: tuple[str, ...]) -> list[tuple[str, str]]:
        return _served_seat_choices(levels)

    def on_mount(self) -> None:
        for hidden in self.query(".field-sublabel, .name-input"):
            hidden.display = False
        self.query_one("#seed-row").display = False
        form = self.query_one("#form")
        form.mount(
            _row("Stand-in bot", Choice(list(BOT_WAITS), 60, id="bot-after"), Static("plays a dropped player's seat after this long", classes="field-hint")),
            before=self.query_one("#form-buttons"),
        )
        super().on_mount()

    def action_start(self) -> None:
        """Ask the service to open the table, with you at your seat."""
        kinds = [self.query_one(f"#kind-{seat}", Choice).value for seat in range(self.query_one("#players", Choice).value)]
        try:
            if kinds.count("me") > 1:
                raise SetupError("You can sit at one seat only: make the others open seats or bots.")
            get_rules(self.game).make_config(len(kinds), self.choices())
        except (SetupError, ValueError) as exc:
            self.notify(str(exc), title="Cannot open", severity="error")
            return
        bot_after = self.query_one("#bot-after", Choice).value
        self.app.connection.send(P.CreateTable(self.game, [P.SeatChoice(k) for k in kinds], self.choices(), bot_after))
        self.dismiss(None)
