"""A small app that shows one line per theme card variable, then quits (run in a terminal by tests).

Usage: python _probe_app.py THEME_NAME
"""

from __future__ import annotations

import os
import sys

from textual.app import App, ComposeResult
from textual.widgets import Static

from flight_tui.ui.theming import REQUIRED_VARIABLES, load_themes


class ProbeApp(App[None]):
    """Registers the bundled themes, shows each card variable as coloured text."""

    CSS = "\n".join(f"#{name} {{ color: ${name}; }}" for name in REQUIRED_VARIABLES)

    def __init__(self, theme_name: str) -> None:
        super().__init__(ansi_color=True if "NO_COLOR" in os.environ else None)
        themes, problems = load_themes()
        if problems:
            raise SystemExit("\n".join(problems))
        for theme in themes:
            self.register_theme(theme)
        self.theme = theme_name

    def compose(self) -> ComposeResult:
        for name in REQUIRED_VARIABLES:
            yield Static(f"<{name}>", id=name)

    def on_mount(self) -> None:
        self.set_timer(0.3, self.exit)


if __name__ == "__main__":
    ProbeApp(sys.argv[1]).run()
