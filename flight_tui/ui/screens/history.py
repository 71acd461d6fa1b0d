"""The History screen: the finished games, newest first, and each player's standing; filter by
game, replay a game, see its chart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from flight_tui.ui.screens.controls import MarkedOptionList
from flight_tui.ui.widgets.footer import Footer
from flight_tui.words import clip, count

if TYPE_CHECKING:
    from flight_tui.history import GameRecord, Listing

ROW_WIDTH = 72
"""Cells in a game's row: it fits an 80-column terminal without wrapping."""
SHOWN_GAMES = 500
"""The most games listed here (the newest); ``flight-tui history`` lists them all."""


def read_history() -> Listing:
    """The history as read from the data folder (in a worker: it may hold thousands of games)."""
    from flight_tui.history import HistoryStore

    return HistoryStore().read()


def game_prompt(record: GameRecord) -> Text:
    """A game in two lines: when, which game and who won; then the seats and their scores."""
    from flight_tui.history.listing import result_text, seats_text

    text = Text()
    when = record.finished.astimezone().strftime("%Y-%m-%d %H:%M")
    text.append(f"{when}  ")
    text.append(clip(record.title, 34), style="bold")
    text.append(clip(f"  {result_text(record)}", ROW_WIDTH - 18 - min(len(record.title), 34)) + "\n")
    text.append(clip(f"   {seats_text(record)}", ROW_WIDTH), style="dim")
    return text


def game_detail(record: GameRecord) -> Text:
    """How a game ended, in its own words, and how long it was: ``Round 10's best income was 75;
    decided on income without Landing Rights. 299 moves.``"""
    text = Text()
    if record.summary:
        text.append(record.summary.rstrip(".") + ". ")
    text.append(f"{count(record.moves, 'move')}.", style="dim")
    return text


class GameList(MarkedOptionList):
    """The finished games; Enter replays the highlighted one, as ``r`` does (the footer shows ``r``)."""

    BINDINGS = [Binding("enter", "select", "Replay", show=False, id="history.select")]


class HistoryScreen(Screen[None]):
    """The finished games and the standings, one at a time; the filter picks a game or mode."""

    TITLE = "History"
    DEFAULT_CSS = """
    #history-box {
        padding: 1 2 0 2;
        height: 1fr;
    }
    #history-heading {
        height: 1;
        color: $text-muted;
    }
    #history-games {
        height: auto;
        max-height: 1fr;
    }
    #history-detail {
        height: auto;
        margin-top: 1;
    }
    #history-standings {
        height: 1fr;
        display: none;
    }
    HistoryScreen.-standings #history-games, HistoryScreen.-standings #history-detail {
        display: none;
    }
    HistoryScreen.-standings #history-standings {
        display: block;
    }
    """

    BINDINGS = [
        Binding("f", "filter", "Filter", tooltip="Show the games of the next game or mode (then all again)", id="history.filter"),
        Binding("p", "switch", "Players", tooltip="Switch between the games and each player's standing", id="history.players"),
        Binding("c", "chart", "Chart", tooltip="The chart of the highlighted game, round by round", id="history.chart"),
        Binding("r", "replay", "Replay", tooltip="Replay the highlighted game move by move", id="history.replay"),
        Binding("escape", "app.pop_screen", "Back", key_display="Esc", id="history.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.records: list[GameRecord] = []
        """Every game read, oldest first."""
        self.game_filter: str | None = None
        """The game shown (None: all)."""
        self.shown: list[GameRecord] = []
        """The games listed, newest first."""
        self.read = False
        """Whether the history has been read and shown."""

    def compose(self) -> ComposeResult:
        with Vertical(id="history-box"):
            yield Static("History of finished games", classes="screen-title")
            yield Static("", id="history-heading")
            yield GameList(id="history-games")
            yield Static("", id="history-detail")
            with VerticalScroll(id="history-standings"):
                yield Static("", id="history-table")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#history-box").loading = True
        self.run_worker(read_history, group="read-history", thread=True, exclusive=True)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "read-history" and event.state == WorkerState.SUCCESS:
            records, problems = event.worker.result
            self.records = records
            for problem in problems:
                self.notify(problem, title="History", severity="warning", timeout=15)
            self.query_one("#history-box").loading = False
            self.read = True
            self._show()

    @property
    def showing_standings(self) -> bool:
        return self.has_class("-standings")

    def _show(self) -> None:
        """List the games of the filter, newest first, and their standings."""
        from flight_tui.history import standings
        from flight_tui.history.listing import format_standings

        chosen = [r for r in self.records if self.game_filter is None or r.game == self.game_filter]
        self.shown = chosen[::-1][:SHOWN_GAMES]
        games = self.query_one("#history-games", OptionList)
        games.set_options(Option(game_prompt(record), id=record.id) for record in self.shown)
        if self.shown:
            games.highlighted = 0
        which = "All games" if self.game_filter is None else chosen[0].title if chosen else self.game_filter
        count = f"{len(chosen)} game{'s' if len(chosen) != 1 else ''}"
        more = f" (the newest {SHOWN_GAMES} listed)" if len(chosen) > SHOWN_GAMES else ""
        view = "each player's games, wins, average and best score" if self.showing_standings else "newest first, * a winner"
        self.query_one("#history-heading", Static).update(clip(f"{which}: {count}{more} · {view}", 76))
        table = "\n".join(format_standings(standings(chosen), 76)) if chosen else ""
        self.query_one("#history-table", Static).update(
            Text(table or "No finished games yet. A game you play to its end is kept here.")
        )
        if not self.shown:
            games.set_options([Option("No finished games yet. A game you play to its end is kept here.", disabled=True)])
        (self.query_one("#history-standings") if self.showing_standings else games).focus()
        self._show_detail()
        self.refresh_bindings()

    def selected(self) -> GameRecord | None:
        """The game under the cursor (None while the standings are shown or nothing is listed)."""
        if self.showing_standings or not self.shown:
            return None
        index = self.query_one("#history-games", OptionList).highlighted
        return self.shown[index] if index is not None and index < len(self.shown) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "chart"):
            return self.selected() is not None
        if action == "filter":
            return len({r.game for r in self.records}) > 1 or self.game_filter is not None
        return True

    def on_option_list_option_highlighted(self) -> None:
        self._show_detail()
        self.refresh_bindings()

    def _show_detail(self) -> None:
        """Under the list, how the highlighted game ended, in the game's own words."""
        record = self.selected()
        self.query_one("#history-detail", Static).update(game_detail(record) if record is not None else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_replay()

    def action_filter(self) -> None:
        """Show the next game or mode in the history (after the last: all again)."""
        games = list(dict.fromkeys(r.game for r in sorted(self.records, key=lambda r: r.title)))
        order = [None, *games]
        self.game_filter = order[(order.index(self.game_filter) + 1) % len(order)] if self.game_filter in order else None
        self._show()

    def action_switch(self) -> None:
        """Switch between the list of games and the players' standings."""
        self.toggle_class("-standings")
        self._show()

    def _table_of(self, record: GameRecord):
        """The finished game of ``record``, or None (the player is told why it cannot be read)."""
        from flight_tui.history import HistoryError, HistoryStore

        try:
            return HistoryStore().load_table(record)
        except HistoryError as error:
            self.notify(str(error), title="Cannot open this game", severity="error", timeout=10)
            return None

    def action_replay(self) -> None:
        """Replay the highlighted game from its first move."""
        record = self.selected()
        if record is None:
            return
        table = self._table_of(record)
        if table is not None:
            self.app.open_replay(table, f"{record.title}, {record.finished.astimezone():%Y-%m-%d %H:%M}")

    def action_chart(self) -> None:
        """Show the chart of the highlighted game, from its first round to its end."""
        from flight_tui.ui.screens.chart import chart_screen

        record = self.selected()
        table = self._table_of(record) if record is not None else None
        if table is not None:
            self.app.push_screen(chart_screen(table))
