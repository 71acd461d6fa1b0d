"""Watching a game of bots only: the game's own table screen, seen as one seat, taking no move.

New game (and ``flight-tui new --seats``) lets every seat be a bot; the bots then play the game
out at the bot-delay pace while the person at the terminal watches. :func:`watch_screen` makes
the game's table screen with :class:`WatchControls` in front: a line on top says that every
seat is a bot and whose view of the game is shown (``s``: the next seat's), the footer shows only the keys that look
(another view, the cursor, the menu, Help), and, as in a replay (:mod:`.look_only`), the
game's texts name no key of a move and a key of play says why nothing happens instead of
playing a bot's seat for it.
"""

from __future__ import annotations

from functools import cache

from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding

from flight_tui.table import Table
from flight_tui.ui.game_screen import GameTableScreen
from flight_tui.ui.look_only import LookOnlyControls, look_only_class
from flight_tui.ui.widgets.head_bar import HeadBar

WATCHING = "Every seat is a bot: this game is watched, not played (New game makes a seat Human)."
"""What a key of play says while a game of bots only is watched."""
LOOKING_ACTIONS = frozenset({"watch_seat", "show_view", "show_side", "map_or_list", "cursor", "move", "move_to", "next_playable", "leave", "help"})
"""The actions whose keys the footer shows while a game is watched: those that only look."""
WATCH_HEAD_CSS = "#watch-bar { dock: top; }"


def watched(table: Table) -> bool:
    """Whether every seat of ``table`` is a bot (nobody at this terminal plays)."""
    return all(seat.is_bot for seat in table.seats)


class WatchControls(LookOnlyControls):
    """What a table screen does while a game of bots only is watched (mixed in before the game's screen class)."""

    BINDINGS = [
        Binding("s", "watch_seat", "Seat", priority=True, tooltip="See the game as the next seat sees it", id="watching.seat"),
    ]

    REFUSAL = WATCHING
    REFUSAL_TITLE = "Watching"
    table: Table
    viewer: int | None

    def compose(self) -> ComposeResult:
        yield HeadBar(id="watch-bar")
        yield from super().compose()  # type: ignore[misc]

    def on_mount(self) -> None:
        self._show_bar()

    def _show_bar(self) -> None:
        seat = self.table.seats[self.viewer or 0]
        self.query_one(HeadBar).show(Text(f"Watching: every seat is a bot · the game as {seat.label} sees it"))  # type: ignore[attr-defined]

    def action_watch_seat(self) -> None:
        """See the game as the next seat sees it (after the last one: as the first)."""
        self.viewer = ((self.viewer or 0) + 1) % len(self.table.seats)
        self._show_bar()
        self.show_position()  # type: ignore[attr-defined]

    def shows_key(self, action: str) -> bool:
        """The footer shows the keys that only look (the others still say why they do nothing)."""
        return parse_action(action)[1] in LOOKING_ACTIONS


@cache
def _watch_class(screen_class: type[GameTableScreen]) -> type[GameTableScreen]:
    """The game's table screen with the watch's controls in front (one class per game)."""
    namespace = {"BINDINGS": [*screen_class.BINDINGS, *WatchControls.BINDINGS], "DEFAULT_CSS": WATCH_HEAD_CSS}
    return look_only_class(WatchControls, screen_class, namespace)


def watch_screen(table: Table, screen_class: type[GameTableScreen]) -> GameTableScreen:
    """The table screen on which ``table``'s bots play while they are watched (as its first
    seat, the seat a table without people shows)."""
    return _watch_class(screen_class)(table)
