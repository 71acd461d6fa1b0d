"""The main menu: New game, Continue, Campaign, Load, History, Settings, Rules, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Container, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.controls import MarkedOptionList

BANNER = r"""
 ___ _    ___ ___ _  _ _____
| __| |  |_ _/ __| || |_   _|
| _|| |__ | | (_ | __ | | |
|_| |____|___\___|_||_| |_|
""".strip("\n")

MENU_ITEMS = (
    ("new", "New game"),
    ("continue", "Continue"),
    ("campaign", "Campaign"),
    ("load", "Load"),
    ("history", "History"),
    ("settings", "Settings"),
    ("rules", "Rules"),
    ("quit", "Quit"),
)
"""Menu entries: (id, label). Each has a shortcut key, the binding ``menu.<id>``."""

APP_ACTIONS = {
    "new": "new_game",
    "continue": "continue_game",
    "campaign": "campaign",
    "load": "load_game",
    "history": "history",
    "settings": "settings",
    "rules": "rules",
    "quit": "quit",
}
"""The app action behind each menu entry."""


def _prompt(label: str, key: str, note: str = "") -> Content:
    """The label with its shortcut key underlined (or after it, if not a letter of it), and an optional note.

    Assembled from styled pieces rather than markup, which would take longer to parse than
    the menu takes to paint.
    """
    at = label.lower().find(key.lower()) if len(key) == 1 else -1
    parts = [label[:at], (label[at], "underline"), label[at + 1 :]] if at >= 0 else [f"{label} ({key})"]
    return Content.assemble(*parts, *(["  ", (note, "dim")] if note else []))


class MenuScreen(Screen[None]):
    """The first screen: pick what to do.

    The shortcut letters are underlined in the menu itself (and listed by Help), so the footer
    shows only Select, Quit and Help: fewer footer keys also make the menu appear sooner. The
    footer itself comes once the menu is painted (building it would delay the first paint);
    until then its line is blank, in the footer's colour, as an empty footer is.
    """

    TITLE = "Main menu"
    DEFAULT_CSS = """
    #menu-box {
        align: center middle;
        height: 1fr;
    }
    #banner {
        width: auto;
        color: $primary;
        text-style: bold;
    }
    #tagline {
        width: 100%;
        content-align: center middle;
        color: $text-muted;
        margin: 1 0;
    }
    #menu {
        width: 36;
        border: round $primary;
        padding: 0 1;
    }
    #footer-line {
        dock: bottom;
        height: 1;
        background: $footer-background;
    }
    """

    BINDINGS = [
        Binding("n", "choose('new')", "New", show=False, tooltip="Set up a new game", id="menu.new"),
        Binding("c", "choose('continue')", "Continue", show=False, tooltip="Resume the game in progress", id="menu.continue"),
        Binding("a", "choose('campaign')", "Campaign", show=False, tooltip="Play the Connecting Flights campaign", id="menu.campaign"),
        Binding("l", "choose('load')", "Load", show=False, tooltip="Open a saved game", id="menu.load"),
        Binding("h", "choose('history')", "History", show=False, tooltip="The games you finished, and who won how often", id="menu.history"),
        Binding("s", "choose('settings')", "Settings", show=False, tooltip="Theme, animations, confirm on quit", id="menu.settings"),
        Binding("r", "choose('rules')", "Rules", show=False, tooltip="Read the rules and the house interpretations", id="menu.rules"),
        Binding("q", "choose('quit')", "Quit", tooltip="Leave flight-tui", id="menu.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            with Center():
                yield Static(BANNER, id="banner")
            yield Static("Airline card and board games, in the terminal", id="tagline")
            with Center():
                yield MarkedOptionList(*(Option(_prompt(label, key_for(self, f"menu.{item}")), id=item) for item, label in MENU_ITEMS), id="menu")
        yield Container(id="footer-line")

    def on_mount(self) -> None:
        self.call_after_refresh(self._add_footer)

    async def _add_footer(self) -> None:
        """Put the footer in its line (after the first paint); it shows its keys once the
        screen's bindings are next published, which this asks for once it is mounted."""
        from flight_tui.ui.widgets.footer import Footer

        await self.query_one("#footer-line").mount(Footer())
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        # After the menu is on screen: finding the saves imports the save store, which the
        # first paint need not wait for.
        self.call_after_refresh(self.refresh_continue)

    def refresh_continue(self) -> None:
        """Enable Continue only when there is an autosaved game to resume."""
        menu = self.query_one("#menu", OptionList)
        available = self.app.can_continue()
        index = menu.get_option_index("continue")
        menu.replace_option_prompt_at_index(index, _prompt("Continue", key_for(self, "menu.continue"), "" if available else "(none in progress)"))
        if available:
            menu.enable_option_at_index(index)
        else:
            menu.disable_option_at_index(index)
        if menu.highlighted is None or menu.options[menu.highlighted].disabled:
            menu.highlighted = 0

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            await self.action_choose(event.option.id)

    async def action_choose(self, item: str) -> None:
        """Do what a menu entry says."""
        if item == "continue" and not self.app.can_continue():
            self.notify("There is no game in progress to continue.", severity="warning")
            return
        await self.app.run_action(APP_ACTIONS[item])
