"""The notice that covers everything while the terminal is smaller than 80x24."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.ui.keys import key_for

MIN_SIZE = Size(80, 24)


def too_small(size: Size) -> bool:
    """Whether a terminal of ``size`` is too small for the app."""
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height


def notice_text(size: Size, quit_key: str) -> str:
    """What the notice says at ``size``; ``quit_key`` quits the app."""
    return (
        f"Terminal too small (need {MIN_SIZE.width}x{MIN_SIZE.height}, have {size.width}x{size.height}).\n\n"
        "Enlarge the window to carry on: nothing is lost.\n"
        f"{quit_key} quits (a game in progress is saved)."
    )


class TooSmallScreen(Screen[None]):
    """Covers the app until the terminal is large enough again, then goes away by itself."""

    DEFAULT_CSS = """
    TooSmallScreen {
        background: $background;
    }
    #too-small-text {
        width: auto;
        max-width: 100%;
        padding: 1 2;
        border: heavy $warning;
        text-style: bold;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.leaving = False
        # Kept at hand: a resume or resize can arrive before the notice is mounted.
        self._text = Static(id="too-small-text")

    def compose(self) -> ComposeResult:
        self._text.update(notice_text(self.app.size, key_for(self, "app.quit")))
        with Middle():
            with Center():
                yield self._text

    def on_resize(self, event: events.Resize) -> None:
        self._follow(event.size)

    def on_screen_resume(self) -> None:
        self._follow(self.app.size)

    def _follow(self, size: Size) -> None:
        if not too_small(size):
            if self.is_active and not self.leaving:
                self.leaving = True  # a resize and a resume may both arrive before it is gone
                self.dismiss()
            return
        self._text.update(notice_text(size, key_for(self, "app.quit")))
