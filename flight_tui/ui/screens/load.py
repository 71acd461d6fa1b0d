"""The Load screen: every save with its game, players, progress and date; load, delete, restore."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from flight_tui.ui.screens.controls import MarkedOptionList

if TYPE_CHECKING:
    from flight_tui.saves import SaveEntry

SLOT_WIDTH = 22
PROGRESS_WIDTH = 16
AUTOSAVE_LABEL = "(autosave)"


def saved_at(entry: SaveEntry) -> str:
    """When the save was written, in local time."""
    return entry.updated.astimezone().strftime("%Y-%m-%d %H:%M") if entry.updated else "date unknown"


def entry_prompt(entry: SaveEntry) -> Text:
    """Two lines for a save: name, game, progress and date; then the players (or the problem)."""
    slot = AUTOSAVE_LABEL if entry.autosave else entry.slot
    slot = slot if len(slot) <= SLOT_WIDTH else slot[: SLOT_WIDTH - 1] + "…"
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(slot.ljust(SLOT_WIDTH), style="bold")
    if entry.readable:
        text.append(f" {entry.title:<8} {entry.progress:<{PROGRESS_WIDTH}} {saved_at(entry)}\n")
        text.append("   " + ", ".join(entry.players), style="dim")
    else:
        text.append(f" {'BROKEN: cannot be loaded':<{8 + PROGRESS_WIDTH + 1}} {saved_at(entry)}\n")
        note = " Press b to restore its backup." if entry.backup_readable else ""
        text.append(f"   ! {entry.problem}{note}", style="italic")
    return text


class LoadScreen(Screen[None]):
    """Pick a save to play on."""

    TITLE = "Load"
    DEFAULT_CSS = """
    #load-box {
        padding: 1 2;
        height: 1fr;
    }
    #saves {
        height: auto;
        max-height: 100%;
    }
    """

    BINDINGS = [
        Binding("enter", "load", "Load", priority=True),
        Binding("d,delete", "delete", "Delete", key_display="d"),
        Binding("b", "restore", "Restore backup"),
        Binding("escape", "app.pop_screen", "Back", key_display="Esc"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static("Load a saved game", classes="screen-title")
            yield Static("", id="load-empty")
            yield MarkedOptionList(id="saves")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    def reload(self, keep: int = 0) -> None:
        """Read the save folder again and show it, highlighting entry ``keep``."""
        from flight_tui.saves import SaveError

        try:
            self.entries = self.app.store.list_saves()
        except SaveError as error:
            self.entries = []
            self.notify(str(error), severity="error")
        saves = self.query_one("#saves", OptionList)
        saves.set_options(Option(entry_prompt(entry), id=entry.slot) for entry in self.entries)
        empty = self.query_one("#load-empty", Static)
        empty.update("" if self.entries else "No saves yet. Games in progress are saved automatically.")
        empty.display = not self.entries
        saves.display = bool(self.entries)
        if self.entries:
            saves.highlighted = min(keep, len(self.entries) - 1)
            saves.focus()
        self.refresh_bindings()

    def selected(self) -> SaveEntry | None:
        index = self.query_one("#saves", OptionList).highlighted
        return self.entries[index] if index is not None and self.entries else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        entry = self.selected()
        if action in ("load", "delete"):
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
