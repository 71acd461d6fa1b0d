"""The Rules screen: the game's rules text, the house interpretations and what each bot level
does, as Markdown."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from flight_tui.engine.spec import GameSpec
from flight_tui.games import game_names, get_spec
from flight_tui.ui.widgets.footer import Footer

MISSING_RULES = "# Rules of {title}\n\n*(The rules text is not included in this installation.)*"
MISSING_HOUSE = "# House interpretations\n\n*(The house interpretations are not included in this installation.)*"


def read_text_file(location: str) -> str | None:
    """The text of a Markdown file shipped with a game (``package:file``), or None if absent."""
    package, _, filename = location.partition(":")
    try:
        return resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError, UnicodeDecodeError):
        return None


def levels_text(spec: GameSpec) -> str:
    """The bot levels of ``spec``'s game, what each does and how strong it is ("" if it says nothing of them)."""
    notes = [f"- **{level.capitalize()}**: {spec.level_notes[level]}" for level in spec.bot_levels if level in spec.level_notes]
    if not notes:
        return ""
    hint = f"The hint key asks the {spec.hint_level.capitalize()} bot."
    return "# Bot levels\n\n" + "\n".join(notes) + f"\n\n{hint}\n"


class RulesScreen(Screen[None]):
    """Read the rules; ``i`` jumps to the house interpretations (each file brings its own heading),
    followed by the game's bot levels.

    Opened from a game, it shows that game's rules; from the menu, ``g`` moves to the next game.
    """

    TITLE = "Rules"
    DEFAULT_CSS = """
    #rules-scroll {
        height: 1fr;
        padding: 0 2;
    }
    """

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", key_display="Esc", id="rules.back"),
        Binding("i", "house", "House interpretations", id="rules.house"),
        Binding("t", "top", "Top", id="rules.top"),
        Binding("g", "next_game", "Next game", id="rules.next-game"),
        Binding("j", "scroll('down')", "Down", show=False, id="rules.down"),
        Binding("k", "scroll('up')", "Up", show=False, id="rules.up"),
    ]

    def __init__(self, game: str | None = None, *, switchable: bool = False) -> None:
        super().__init__()
        self.game = game or game_names()[0]
        self.switchable = switchable

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(id="rules-text")
            yield Markdown(id="house-rules")
            yield Markdown(id="bot-levels")
        yield Footer()

    async def _show(self) -> None:
        spec = get_spec(self.game)
        rules = read_text_file(spec.rules_text) or MISSING_RULES.format(title=spec.title)
        house = read_text_file(spec.house_rules) or MISSING_HOUSE
        await self.query_one("#rules-text", Markdown).update(rules)
        await self.query_one("#house-rules", Markdown).update(house)
        await self.query_one("#bot-levels", Markdown).update(levels_text(spec))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return self.switchable
        return True

    async def action_next_game(self) -> None:
        """Show the rules of the next game."""
        games = game_names()
        self.game = games[(games.index(self.game) + 1) % len(games)]
        await self._show()
        self.action_top()

    async def on_mount(self) -> None:
        await self._show()
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
