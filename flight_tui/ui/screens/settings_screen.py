"""The Settings screen: theme (applied at once), animations, confirm-on-quit, bot speed. Saved on every change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from flight_tui.ui.screens.forms import Choice, FormScreen
from flight_tui.ui.widgets.footer import Footer

ON_OFF = [("on", True), ("off", False)]
BOT_SPEEDS = [("slow", 1.2), ("normal", 0.6), ("fast", 0.2), ("instant", 0.0)]


def _row(label: str, control: Choice, hint: str) -> Horizontal:
    return Horizontal(
        Static(">", classes="marker"),
        Static(label, classes="field-label wide-label"),
        control,
        Static(hint, classes="field-hint"),
        classes="field-row",
    )


class SettingsScreen(FormScreen):
    """Change and keep the player's settings."""

    TITLE = "Settings"

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", key_display="Esc", id="settings.back"),
        Binding("down", "app.focus_next", "Next", show=False, id="settings.next"),
        Binding("up", "app.focus_previous", "Previous", show=False, id="settings.previous"),
    ]

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        themes = self.app.theme_names or [self.app.theme]  # no theme files: only the one in use
        with Vertical(id="form"):
            yield Static("Settings", classes="screen-title")
            yield _row("Theme", Choice([(name, name) for name in themes], self.app.theme, id="theme"), "applies at once")
            yield _row("Animations", Choice(ON_OFF, settings.animations, id="animations"), "smooth scrolling and fades")
            yield _row("Confirm quit", Choice(ON_OFF, settings.confirm_quit, id="confirm_quit"), "ask before leaving a game")
            speed = settings.bot_delay if settings.bot_delay in dict(BOT_SPEEDS).values() else 0.6
            yield _row("Bot speed", Choice(BOT_SPEEDS, speed, id="bot_delay"), "pause after each bot move")
            yield Static("Changes are kept at once, for next time too.", classes="field-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#theme", Choice).focus()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        event.stop()
        name = event.choice.id
        if name == "theme":
            self.app.change_theme(event.value)
        else:
            self.app.change_setting(name, event.value)
