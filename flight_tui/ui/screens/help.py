"""The Help screen: the keys of the screen it was opened from, then the keys that work everywhere.

The keys are read from that screen's active bindings when Help opens, so the list is always
the truth of the moment.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from flight_tui.ui.keys import key_for, key_name
from flight_tui.ui.widgets.footer import Footer

KeyRow = tuple[str, str]
"""(keys, what they do)."""

GENERAL_KEYS: tuple[KeyRow, ...] = (
    ("Tab / Shift+Tab", "Move between fields and buttons"),
    ("Esc", "Back, or close a dialog"),
)
LEFT_OUT_ACTIONS = {
    "app.focus_next",
    "app.focus_previous",
    "screen.copy_text",
    "scroll_left",
    "scroll_right",
    "page_left",
    "page_right",
}
"""Focus moves (listed under GENERAL_KEYS), copying, and sideways scrolling nothing here needs."""


def describe_bindings(screen: Screen, bindings: dict[str, ActiveBinding]) -> tuple[list[KeyRow], list[KeyRow]]:
    """Split a screen's active bindings into (this screen's keys, the app's keys).

    The screen's own keys come first, then those of the focused control; a binding's tooltip,
    if it has one, says what it does better than its short footer label. Keys said to do the
    same thing are shown together ("↑ / k"); bindings without a description, text-editing keys
    of input fields, focus moves and sideways scrolling are left out. A general key the screen
    uses for something of its own (Esc, Tab) is listed only once, under the screen.
    """
    app = screen.app
    local: dict[tuple[str, str], list[str]] = {}
    general: dict[tuple[str, str], list[str]] = {}
    ordered = sorted(bindings.items(), key=lambda item: item[1].node is not screen)
    for key, active in ordered:
        binding: Binding = active.binding
        if not binding.description or binding.action in LEFT_OUT_ACTIONS or isinstance(active.node, Input):
            continue
        group = general if active.node is app else local
        display = key_name(key)
        keys = group.setdefault(binding.tooltip or binding.description, [])
        if display not in keys:
            keys.append(display)
    return _rows(local), _rows(general)


def _rows(groups: dict[str, list[str]]) -> list[KeyRow]:
    return [(join_keys(keys), description) for description, keys in groups.items()]


ARROWS, VIM_KEYS = "←↓↑→", "hjkl"


def join_keys(keys: list[str]) -> str:
    """``↑ / k``; several arrows with their h j k l twins read ``←↓↑→ / hjkl``."""
    arrows = [key for key in keys if key in ARROWS]
    if len(arrows) < 2:
        return " / ".join(keys)
    letters = [key for key in keys if key in VIM_KEYS]
    rest = [key for key in keys if key not in arrows and key not in letters]
    merged = ["".join(sorted(arrows, key=ARROWS.index))]
    if letters:
        merged.append("".join(sorted(letters, key=VIM_KEYS.index)))
    return " / ".join(merged + rest)


def general_keys(screen_keys: Iterable[KeyRow]) -> list[KeyRow]:
    """The keys that work on most screens, less those this screen uses for something else."""
    taken = {key for keys, _ in screen_keys for key in keys.split(" / ")}
    return [(keys, what) for keys, what in GENERAL_KEYS if not taken & set(keys.split(" / "))]


def _key_table(rows: Iterable[KeyRow]) -> RichTable:
    table = RichTable.grid(padding=(0, 2))
    table.add_column(style="bold", min_width=14)
    table.add_column()
    for keys, description in rows:
        table.add_row(keys, description)
    return table


class HelpScreen(Screen[None]):
    """The keys of the moment."""

    TITLE = "Help"
    DEFAULT_CSS = """
    #help-scroll {
        height: 1fr;
        padding: 0 2;
    }
    .key-table {
        margin-left: 2;
    }
    """

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Close", key_display="Esc", id="help.close"),
    ]

    def __init__(self, title: str, screen_keys: list[KeyRow], app_keys: list[KeyRow]) -> None:
        super().__init__()
        self.screen_title = title
        self.screen_keys = screen_keys
        self.app_keys = app_keys

    def compose(self) -> ComposeResult:
        yield Static("Help: keys", classes="screen-title")
        with VerticalScroll(id="help-scroll"):
            yield Static(f"On this screen ({self.screen_title})", classes="section-title first")
            if self.screen_keys:
                yield Static(_key_table(self.screen_keys), classes="key-table")
            else:
                yield Static("No keys of its own.", classes="key-table")
            yield Static("Everywhere", classes="section-title")
            yield Static(_key_table([*self.app_keys, *general_keys(self.screen_keys)]), classes="key-table")
            yield Static(
                f"Everything works with the keyboard alone. {key_for(self, 'app.command-palette')} opens the command palette:"
                " type a few letters of a command and press Enter.",
                classes="section-note",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()
