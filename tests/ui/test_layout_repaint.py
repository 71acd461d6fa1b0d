"""Notices that expire leave nothing behind: the terminal equals a full repaint of the screen."""

from __future__ import annotations

import pytest
from game_harness import run_async
from terminal_mirror import differences, full_repaint, mirror_terminal
from textual import _compositor
from textual.app import App, ComposeResult
from textual.widgets import Static
from textual.widgets._toast import Toast, ToastRack

from flight_tui.ui import painting
from flight_tui.ui.painting import layout_repaint

PAGE = "\n".join(f"{y:02} " + "board " * 12 for y in range(24))


class NoticesApp(App[None]):
    """A full screen of text, and notices over it."""

    def compose(self) -> ComposeResult:
        yield Static(PAGE)


async def notices_come_and_go(app: App) -> list[str]:
    """Show four notices, then let them expire one by one, the newest first; how the terminal
    then differs from a full repaint. Between two expiries the notices' rack is repainted, as
    it is when a notice is added or the rack scrolls."""
    terminal = mirror_terminal(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for number in range(4):
            app.notify(f"Notice {number}: " + "word " * 10, timeout=600)
            await pilot.pause()
        for toast in reversed(list(app.screen.query(Toast))):
            app.screen.query_one(ToastRack).refresh()
            await pilot.pause()
            toast._expire()  # what the notice's timer does when its time is up
            await pilot.pause()
        assert not app.screen.query(Toast)
        return differences(terminal, full_repaint(app))


@pytest.fixture(autouse=True)
def _painting_as_in_the_app() -> None:
    """Every change the app makes to Textual's painting, whichever test ran before in this process."""
    painting.install()


@pytest.fixture
def compositor_as_released(monkeypatch):
    """Textual's compositor without the fix (the fix is put back after the test)."""
    monkeypatch.setattr(_compositor.Compositor, "full_map", property(layout_repaint._rebuild_full_map))
    monkeypatch.setattr(_compositor.Compositor, "reflow", layout_repaint._reflow)


@run_async
async def test_expired_notices_leave_nothing_on_the_terminal():
    assert await notices_come_and_go(NoticesApp()) == []


@run_async
async def test_without_the_fix_textual_leaves_expired_notices_on_the_terminal(compositor_as_released):
    """The case the fix is for (if Textual fixes it, this test says so, and the fix can go)."""
    left = await notices_come_and_go(NoticesApp())
    assert any("Notice" in row for row in left)
