"""Nim's table: the heaps with a cursor, the log, and the keys to take counters."""

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from flight_tui.ui.game_screen import GameTableScreen
from flight_tui.ui.widgets.footer import GameFooter
from flight_tui.ui.widgets.log_panel import LogPanel
from nim.rules import Take


class NimTableScreen(GameTableScreen):
    """←/→ pick a heap, a digit takes that many counters from it."""

    BINDINGS = [
        Binding("left", "heap(-1)", "Heap", key_display="←/→"),
        Binding("right", "heap(1)", "Heap", show=False),
        *(Binding(str(n), f"take({n})", "Take", key_display="1-7", show=n == 1) for n in range(1, 8)),
        Binding("escape", "leave", "Leave", key_display="Esc"),
    ]
    heap = 0

    def compose(self) -> ComposeResult:
        yield Static(id="heaps")
        yield LogPanel(id="log")
        yield GameFooter()

    def on_mount(self) -> None:
        self.start()

    def advance(self) -> None:
        acting = self.table.to_act()
        if acting and acting[0] in self.humans:
            self.viewer = acting[0]
        view = self.table.view(self.viewer or 0)
        rows = [f"{'›' if i == self.heap else ' '} heap {i + 1}: {'●' * size}" for i, size in enumerate(view.heaps)]
        self.query_one("#heaps", Static).update("\n".join(rows + ["Game over."] * self.table.is_over()))
        self.query_one(LogPanel).show(self.table.log_lines(self.viewer))
        self.schedule_bot()

    def action_heap(self, step: int) -> None:
        self.heap = (self.heap + step) % len(self.table.config.heaps)
        self.advance()

    def action_take(self, count: int) -> None:
        self.submit(Take(self.heap, count))
