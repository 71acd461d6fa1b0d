"""The Load screen: every save with its game, players, progress and date; load, replay, delete, restore."""

from __future__ import annotations

import textwrap
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.controls import MarkedOptionList
from flight_tui.ui.widgets.footer import Footer
from flight_tui.words import clip

if TYPE_CHECKING:
    from flight_tui.saves import SaveEntry, SaveStore

SLOT_WIDTH = 22
GAME_WIDTH = 24
DATE_WIDTH = 16
ROW_WIDTH = SLOT_WIDTH + 2 + GAME_WIDTH + 2 + DATE_WIDTH
"""Cells in a row: it fits an 80-column terminal without wrapping."""
AUTOSAVE_LABEL = "Autosave"


def saved_at(entry: SaveEntry) -> str:
    """When the save was written, in local time."""
    return entry.updated.astimezone().strftime("%Y-%m-%d %H:%M") if entry.updated else "date unknown"


def game_name(entry: SaveEntry) -> str:
    """The game, short (``Connecting Flights``), or the campaign scenario it plays."""
    if entry.scenario:
        return f"Campaign: {scenario_title(entry.scenario)}"
    return entry.title.split(" (")[0]


def scenario_title(key: str) -> str:
    """A campaign scenario's title from its ``campaign/scenario`` key (the key if it is unknown)."""
    from flight_tui.campaigns import get_campaign, split_scenario_key

    try:
        campaign_id, scenario_id = split_scenario_key(key)
        return get_campaign(campaign_id).scenario(scenario_id).title
    except (KeyError, ValueError):
        return key


def entry_prompt(entry: SaveEntry, restore_key: str) -> Text:
    """A save in columns: name, game and date; then progress and players (or the whole problem).

    ``restore_key`` is the key that restores a damaged save's backup."""
    slot = AUTOSAVE_LABEL if entry.autosave else entry.slot
    text = Text()
    text.append(clip(slot, SLOT_WIDTH).ljust(SLOT_WIDTH), style="italic" if entry.autosave else "bold")
    game = game_name(entry) if entry.readable else "BROKEN: cannot be loaded"
    text.append(f"  {clip(game, GAME_WIDTH):<{GAME_WIDTH}}  {saved_at(entry):>{DATE_WIDTH}}\n")
    if entry.readable:
        text.append(clip(f"   {entry.progress} · {', '.join(entry.players)}", ROW_WIDTH), style="dim")
    else:
        note = f" Press {restore_key} to restore its backup." if entry.backup_readable else ""
        problem = textwrap.wrap(f"! {entry.problem}{note}", ROW_WIDTH - 3, subsequent_indent="  ")
        text.append("\n".join("   " + line for line in problem), style="italic")
    return text


def read_saves(store: SaveStore) -> tuple[list[SaveEntry], str | None]:
    """Every save in the store's folder, and why the folder cannot be read (None when it can).

    Reading a save replays its game, so the screen calls this in a worker thread.
    """
    from flight_tui.saves import SaveError

    try:
        return store.list_saves(), None
    except SaveError as error:
        return [], str(error)


class LoadScreen(Screen[None]):
    """Pick a save to play on (the list is read in a worker, with a loading indicator meanwhile)."""

    TITLE = "Load"
    DEFAULT_CSS = """
    #load-box {
        padding: 1 2;
        height: 1fr;
    }
    #load-list {
        height: 1fr;
    }
    #saves {
        height: auto;
        max-height: 100%;
    }
    """

    BINDINGS = [
        Binding("enter", "load", "Load", priority=True, id="load.load"),
        Binding("r", "replay", "Replay", tooltip="Replay the game move by move (the save stays as it is)", id="load.replay"),
        Binding("d,delete", "delete", "Delete", key_display="d", id="load.delete"),
        Binding("b", "restore", "Restore backup", id="load.restore"),
        Binding("escape", "app.pop_screen", "Back", key_display="Esc", id="load.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []
        self._keep = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static("Load a saved game", classes="screen-title")
            with Vertical(id="load-list"):
                yield Static("", id="load-empty")
                yield MarkedOptionList(id="saves")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    def reload(self, keep: int = 0) -> None:
        """Read the save folder again (in a worker) and show it, highlighting entry ``keep``."""
        self._keep = keep
        self.entries = []
        self.query_one("#load-list").loading = True
        self.refresh_bindings()
        self.run_worker(partial(read_saves, self.app.store), group="read-saves", thread=True, exclusive=True)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "read-saves" and event.state == WorkerState.SUCCESS:
            entries, problem = event.worker.result
            self._show(entries, problem)

    def _show(self, entries: list[SaveEntry], problem: str | None) -> None:
        """Show the saves read (and the folder's problem, if it could not be read)."""
        self.entries = entries
        if problem is not None:
            self.notify(problem, severity="error")
        self.query_one("#load-list").loading = False
        saves = self.query_one("#saves", OptionList)
        restore_key = key_for(self, "load.restore")
        saves.set_options(Option(entry_prompt(entry, restore_key), id=entry.slot) for entry in self.entries)
        empty = self.query_one("#load-empty", Static)
        empty.update("" if self.entries else "No saves yet. Games in progress are saved automatically.")
        empty.display = not self.entries
        saves.display = bool(self.entries)
        if self.entries:
            saves.highlighted = min(self._keep, len(self.entries) - 1)
            saves.focus()
        self.refresh_bindings()

    def selected(self) -> SaveEntry | None:
        """The save under the cursor (None while the list is not there yet: the footer may ask first)."""
        saves = next(iter(self.query("#saves").results(OptionList)), None)
        index = saves.highlighted if saves is not None else None
        return self.entries[index] if index is not None and self.entries else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        entry = self.selected()
        if action in ("load", "replay", "delete"):
            return entry is not None
        if action == "restore":
            return entry is not None and entry.backup_readable
        return True

    def on_option_list_option_highlighted(self) -> None:
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_load()

    def action_load(self) -> None:
        """Open the highlighted save (a broken one says why it cannot be loaded)."""
        from flight_tui.saves import SaveError

        entry = self.selected()
        if entry is None:
            return
        if not entry.readable:
            self.notify(f"Save '{entry.slot}' cannot be loaded: {entry.problem}", severity="error")
            return
        try:
            table = self.app.store.load(entry.slot)
        except SaveError as error:
            self.notify(str(error), severity="error")
            self.reload(self.query_one("#saves", OptionList).highlighted or 0)
            return
        self.app.open_table(table)

    def action_replay(self) -> None:
        """Replay the highlighted save, reading it only (another flight-tui may be playing it)."""
        from flight_tui.saves import SaveError

        entry = self.selected()
        if entry is None:
            return
        try:
            table = self.app.store.read(entry.slot)
        except SaveError as error:
            self.notify(str(error), severity="error")
            return
        self.app.open_replay(table, f"Replay of {entry.slot}")

    def action_delete(self) -> None:
        """Delete the highlighted save, after asking."""
        from flight_tui.ui.screens.dialogs import ConfirmDialog

        entry = self.selected()
        if entry is None:
            return
        index = self.query_one("#saves", OptionList).highlighted or 0

        def delete(yes: bool | None) -> None:
            from flight_tui.saves import SaveError

            if not yes:
                return
            try:
                self.app.store.delete(entry.slot)
            except SaveError as error:
                self.notify(str(error), severity="error")
            else:
                self.notify(f"Deleted '{entry.slot}'.")
            self.reload(index)

        self.app.push_screen(ConfirmDialog(f"Delete the save '{entry.slot}'? This cannot be undone."), delete)

    def action_restore(self) -> None:
        """Bring back the backup copy of a damaged save and open it."""
        from flight_tui.saves import SaveError

        entry = self.selected()
        if entry is None or not entry.backup_readable:
            return
        try:
            table = self.app.store.restore_backup(entry.slot)
        except SaveError as error:
            self.notify(str(error), severity="error")
            self.reload()
            return
        self.app.open_table(table)
