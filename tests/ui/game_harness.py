"""What the UI tests of every game share: an app with the bundled themes that paints as the
game's app does, a table screen shown without bot pauses, seats written as on the command line, random play to a position,
and ``async`` tests run with asyncio."""

from __future__ import annotations

import time
from collections.abc import Callable

from async_tests import run_async  # noqa: F401  (the UI tests import it from here)
from patience import PATIENCE
from textual.app import App

from flight_tui.bots import make_bot
from flight_tui.table import SeatSpec, Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver
from flight_tui.ui import fast_keys, painting
from flight_tui.ui.theming import load_themes

THEMES, _ = load_themes()


class ThemedApp(App[None]):
    """An app that knows the bundled themes, starts in ``theme`` and paints and keeps its
    screens as the game's app does (whichever test ran before it in the same process)."""

    def __init__(self, theme: str = "flight-dark") -> None:
        super().__init__()
        painting.install()
        fast_keys.install()
        for item in THEMES:
            self.register_theme(item)
        self.theme = theme


class GameApp(ThemedApp):
    """Shows ``table`` on the subclass's ``screen_type`` (bots move without a pause)."""

    screen_type: type

    def __init__(self, table: Table, bot_delay: float = 0.0, theme: str = "flight-dark") -> None:
        super().__init__(theme)
        self.table = table
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        self.push_screen(self.screen_type(self.table, bot_delay=self.bot_delay))


def seats(text: str) -> list[SeatSpec]:
    """Seats as on the command line, e.g. ``human:Ann,random`` (unnamed seats: Ann, Bob, …)."""
    return [parse_seat(part, index) for index, part in enumerate(text.split(","))]


def play_until(table: Table, stop: Callable[[Table], bool], seed: int = 1, limit: int = 5000) -> None:
    """Let random players take every seat's moves until ``stop(table)`` (a fixed position for a seed)."""
    driver = TurnDriver(table, [BotSeat(make_bot(table.rules.name, "random", seed + seat)) for seat in range(len(table.seats))])
    for _ in range(limit):
        if stop(table):
            return
        if driver.step() is None:
            break
    raise AssertionError("the position asked for never came")


def screen_lines(app: App) -> list[str]:
    """The screen as the terminal shows it, one string per row (toasts and the footer included)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def footer_line(app: App) -> str:
    """The bottom row of the screen: the footer's keys as the player sees them."""
    return screen_lines(app)[-1]


async def wait_for_hint(pilot) -> None:
    """After the hint key: let the bot think (in a worker) and the screen show its hint, however busy the machine."""
    await pilot.app.workers.wait_for_complete()
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "_hint_worker", None) is None)


async def wait_for_workers(pilot) -> None:
    """Let the app's workers finish (a hint, the Load screen's list of saves) and the screen show their work."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def wait_until(pilot, until: Callable[[], bool], timeout: float = PATIENCE) -> None:
    """Let the app run until ``until()`` holds (the table is shown, bots have moved); fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError("the app never reached the expected state")
        await pilot.pause(0.01)
    await pilot.pause()


