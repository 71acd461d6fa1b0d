"""The reference for the start-up benchmark: the smallest Textual app that shows a text."""

from textual.app import App, ComposeResult
from textual.widgets import Static

READY_TEXT = "Minimal app ready"


class MinimalApp(App):
    """One Static showing :data:`READY_TEXT`."""

    def compose(self) -> ComposeResult:
        yield Static(READY_TEXT)


if __name__ == "__main__":
    MinimalApp().run()
