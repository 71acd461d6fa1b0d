"""PLACEHOLDER until the competitive mode's real table screen lands: it shows the viewer's view
as plain text and lets bots play, nothing more. The screens of the mode replace this module."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer, Static

from flight_tui.table.driver import BOT, PEOPLE
from flight_tui.ui.game_screen import GameTableScreen


class CompetitiveTableScreen(GameTableScreen):
    """Placeholder: the progress and the viewer's latest log lines as text."""

    def compose(self) -> ComposeResult:
        yield Static(id="placeholder-view")
        yield Footer()

    def on_mount(self) -> None:
        self.start()

    def advance(self) -> None:
        self.make_forced_move()
        seat = self.viewer if self.viewer is not None else 0
        lines = [self.table.rules.progress(self.table.state), *self.table.log_lines(viewer=seat, last=12)]
        self.query_one("#placeholder-view", Static).update("\n".join(lines))
        step = self.driver.next_step()
        if step.kind == BOT:
            self.schedule_bot()
        elif step.kind == PEOPLE:
            self.viewer = step.people[0]
