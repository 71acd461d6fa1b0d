"""The Rules screen: the game's rules text and the house interpretations, as Markdown."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

RULES_FILE = "rules_text.md"
HOUSE_FILE = "house_rules.md"
MISSING_RULES = "# Rules of {title}\n\n*(The rules text is not included in this installation.)*"
MISSING_HOUSE = "# House interpretations\n\n*(The house interpretations are not included in this installation.)*"


def read_rules_file(game: str, filename: str) -> str | None:
    """The text of a Markdown file shipped with a game's rules package, or None if absent."""
    try:
        return resources.files(f"flight_tui.rules.{game}").joinpath(filename).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError, UnicodeDecodeError):
        return None


class RulesScreen(Screen[None]):
    """Read the rules; ``i`` jumps to the house interpretations (each file brings its own heading)."""

    TITLE = "Rules"
    DEFAULT_CSS = """
    #rules-scroll {
        height: 1fr;
        padding: 0 2;
    }
    """

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", key_display="Esc"),
        Binding("i", "house", "House interpretations"),
        Binding("t", "top", "Top"),
        Binding("j", "scroll('down')", "Down", show=False),
        Binding("k", "scroll('up')", "Up", show=False),
    ]

    def __init__(self, game: str = "flight", title: str = "Flight") -> None:
        super().__init__()
        self.game = game
        self.game_title = title

    def compose(self) -> ComposeResult:
        rules = read_rules_file(self.game, RULES_FILE) or MISSING_RULES.format(title=self.game_title)
        house = read_rules_file(self.game, HOUSE_FILE) or MISSING_HOUSE
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules, id="rules-text")
            yield Markdown(house, id="house-rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_house(self) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_to_widget(self.query_one("#house-rules"), top=True, animate=False)

    def action_top(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    def action_scroll(self, direction: str) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if direction == "down":
            scroll.scroll_down(animate=False)
        else:
            scroll.scroll_up(animate=False)
