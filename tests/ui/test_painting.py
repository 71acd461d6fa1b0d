"""How the app's screens paint (``flight_tui.ui.painting``): a panel of text that grows is laid out
once (and a panel that first lays out its text by its width takes the height of that layout), a focus change does not repaint the whole screen, a widget a paint drew is not painted
again for an older request, an idle screen paints at once after a quiet spell, a layout and a
whole repaint due together are sent once, and a screen under an opaque one does not paint. After each, the terminal
shows what a full repaint shows."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

import pytest
from game_harness import run_async
from patience import PATIENCE
from terminal_mirror import differences, full_repaint, mirror_terminal
from textual.app import App, ComposeResult
from textual.screen import UPDATE_PERIOD, Screen
from textual.widgets import Static

from flight_tui.ui import painting

SIZE = (80, 24)
FRAMES = 6 * UPDATE_PERIOD
"""Long enough for a paint or layout that waits for the screen's timer to have come (a wait for
time to pass, not a bound on how fast anything runs)."""


class Focusable(Static, can_focus=True):
    pass


class SeatRows(Static):
    """Ten seats, ten on a row when 30 columns hold them, else five (a render that reads its size)."""

    def render(self) -> str:
        per_row = 10 if self.size.width >= 30 else 5
        return "\n".join("#" * per_row for _ in range(10 // per_row))


class Panels(App):
    CSS = """
    #text { height: auto; }
    #seats { height: auto; width: 30; }
    Focusable { height: 1; }
    Focusable:focus { text-style: reverse; }
    """

    def compose(self) -> ComposeResult:
        yield Static("one", id="text")
        yield Static("below", id="below")
        yield Focusable("first", id="first")
        yield Focusable("second", id="second")


class Cover(Screen):
    """An opaque screen over the whole terminal."""

    def compose(self) -> ComposeResult:
        yield Static("covering")


@pytest.fixture(autouse=True)
def _painting_as_in_the_app() -> None:
    painting.install()  # as the app does when it starts


def record_updates(app: App) -> list[str]:
    """The kinds of the updates ``app`` sends the terminal from now on, by the Textual class they
    are (``LayoutUpdate``: the whole screen; ``ChopsUpdate``: changed spans)."""
    sent: list[str] = []
    display = app._display

    def recording(screen, renderable) -> None:
        if renderable is not None:
            kinds = [kind.__name__ for kind in type(renderable).__mro__ if kind.__module__ == "textual._compositor"]
            sent.append(kinds[0])
        display(screen, renderable)

    app._display = recording
    return sent


def count_layouts(screen: Screen) -> list[int]:
    """A one-item list counting ``screen``'s layouts from now on."""
    count = [0]
    refresh_layout = screen._refresh_layout

    def counted(*args, **kwargs) -> None:
        count[0] += 1
        refresh_layout(*args, **kwargs)

    screen._refresh_layout = counted
    return count


async def settle(pilot) -> None:
    await pilot.pause()
    await asyncio.sleep(FRAMES)
    await pilot.pause()


@asynccontextmanager
async def panels():
    """The panels' app, started and settled: (app, pilot, the terminal it writes to). At the end
    the terminal shows what a full repaint shows."""
    app = Panels()
    terminal = mirror_terminal(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        yield app, pilot, terminal
        await settle(pilot)
        assert differences(terminal, full_repaint(app)) == []


@run_async
async def test_a_panel_given_taller_text_is_laid_out_once():
    async with panels() as (app, pilot, terminal):
        layouts = count_layouts(app.screen)
        app.query_one("#text", Static).update("1\n2\n3")
        await settle(pilot)
        assert layouts == [1]  # Textual laid it out again a frame later
        assert app.query_one("#below").region.y == 3


@run_async
async def test_a_panel_shown_later_whose_rows_depend_on_its_width_takes_the_height_of_its_rows():
    """Its first layout measures it before it has a width (five seats a row: two rows); at 30
    columns it shows one row, and the screen is laid out by that row."""
    async with panels() as (app, pilot, terminal):
        await app.mount(SeatRows(id="seats"), before="#below")
        await settle(pilot)
        assert app.query_one("#seats").render() == "#" * 10
        assert app.query_one("#seats").outer_size.height == 1
        assert app.query_one("#below").region.y == 2


@run_async
async def test_a_focus_change_repaints_what_it_changes_not_the_whole_screen():
    async with panels() as (app, pilot, terminal):
        app.query_one("#first").focus()
        await settle(pilot)
        sent = record_updates(app)
        app.query_one("#second").focus()
        await settle(pilot)
        assert sent and "LayoutUpdate" not in sent  # Textual sent the whole screen
        assert app.query_one("#second").rich_style.reverse and not app.query_one("#first").rich_style.reverse


@run_async
async def test_a_widget_a_paint_drew_whole_is_not_painted_again_for_an_older_request():
    async with panels() as (app, pilot, terminal):
        text = app.query_one("#text", Static)
        sent = record_updates(app)
        text.refresh()  # asks to be painted when it is next idle
        app.screen.refresh()
        app.screen._on_timer_update()  # but a paint of the whole screen comes first
        await settle(pilot)
        assert sent == ["LayoutUpdate"]  # Textual painted the text (and the screen) again a frame later


@run_async
async def test_an_idle_screen_paints_at_once_after_a_quiet_spell():
    async with panels() as (app, pilot, terminal):
        app.screen._update_timer.resume = lambda: None  # the screen's timer never ticks again
        await asyncio.sleep(2 * UPDATE_PERIOD)  # a quiet spell
        sent = record_updates(app)
        app.query_one("#text", Static).update("two")
        deadline = asyncio.get_running_loop().time() + PATIENCE
        while not sent and asyncio.get_running_loop().time() < deadline:  # (not the pilot's pause: it paints)
            await asyncio.sleep(UPDATE_PERIOD)
        assert sent  # Textual waited for its timer
        assert "two" in terminal.display[0]


@run_async
async def test_a_layout_and_a_whole_repaint_due_together_are_sent_once():
    async with panels() as (app, pilot, terminal):
        sent = record_updates(app)
        app.query_one("#text", Static).update("1\n2\n3")  # a layout, and
        app.screen.refresh()  # the whole screen, as when a screen is shown again
        await settle(pilot)
        assert sent == ["LayoutUpdate"]  # Textual sent the laid-out changes, then the whole screen
        assert terminal.display[2].startswith("3")


@run_async
async def test_a_screen_under_an_opaque_screen_does_not_paint():
    async with panels() as (app, pilot, terminal):
        under = app.screen
        await app.push_screen(Cover())
        await settle(pilot)
        sent = record_updates(app)
        layouts = count_layouts(under)
        under.query_one("#text", Static).update("1\n2\n3")
        under.query_one("#second").focus()
        await settle(pilot)
        assert sent == [] and layouts == [0]  # Textual painted it, and the cover over it again
        assert "covering" in terminal.display[0]
        app.pop_screen()
        await settle(pilot)
        assert terminal.display[0].startswith("1")
