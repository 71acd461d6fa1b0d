"""Static widgets lay the screen out only when new content may change their size, and a widget
whose content changed while it was hidden takes its new size when shown."""

from __future__ import annotations

import pytest
from game_harness import run_async
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from flight_tui.ui.painting.static_updates import skip_unchanged_updates


class Panels(App):
    CSS = "#box { height: auto; } #text { height: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("one\ntwo", id="text")
        yield Static("below", id="below")


@pytest.fixture(autouse=True)
def _updates_as_in_the_app() -> None:
    skip_unchanged_updates()  # as the app does when it starts


def layouts(app: App) -> int:
    return app.screen.query_one("#box")._layout_updates


@run_async
async def test_new_content_of_the_same_height_lays_nothing_out_and_a_taller_one_does():
    app = Panels()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        text, below = app.query_one("#text", Static), app.query_one("#below", Static)
        before = layouts(app)
        text.update("uno\ndos")
        await pilot.pause()
        assert layouts(app) == before and text.size.height == 2
        assert "uno" in str(text.render())
        text.update("1\n2\n3\n4")
        await pilot.pause()
        assert layouts(app) > before and text.size.height == 4 and below.region.y == 4


@run_async
async def test_content_changed_while_hidden_shows_at_its_new_size():
    app = Panels()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        box, text, below = app.query_one("#box"), app.query_one("#text", Static), app.query_one("#below", Static)
        box.display = False
        await pilot.pause()
        text.update("1\n2\n3\n4\n5")
        await pilot.pause()
        box.display = True
        await pilot.pause()
        assert text.size.height == 5 and below.region.y == 5
