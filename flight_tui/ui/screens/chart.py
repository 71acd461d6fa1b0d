"""The Chart screen: a game's charts, full size, as far as a move (from History, an end screen or a replay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from flight_tui.ui.widgets.footer import Footer
from flight_tui.ui.widgets.game_chart import GameCharts, charts_of

if TYPE_CHECKING:
    from flight_tui.table import Table


class ChartScreen(Screen[None]):
    """The charts of ``table`` after its first ``upto_action`` moves (None: all of them)."""

    TITLE = "Chart"
    DEFAULT_CSS = """
    #chart-box {
        padding: 0 1;
    }
    #chart-heading {
        height: 1;
        text-style: bold;
    }
    """
    BINDINGS = [Binding("escape,enter,c", "app.pop_screen", "Back", key_display="Esc", id="chart.back")]

    def __init__(self, table: Table, upto_action: int | None = None) -> None:
        super().__init__()
        self.chart_table = table
        self.upto_action = upto_action

    def compose(self) -> ComposeResult:
        table, upto = self.chart_table, self.upto_action
        moves = len(table.actions) if upto is None else min(upto, len(table.actions))
        when = "the end" if table.is_over() and moves == len(table.actions) else f"move {moves} of {len(table.actions)}"
        with Vertical(id="chart-box"):
            yield Static(f"{table.rules.title}: {', '.join(table.names)} · up to {when}", id="chart-heading")
            yield GameCharts(charts_of(table, upto))
        yield Footer()


def chart_screen(table: Table, upto_action: int | None = None) -> ChartScreen:
    """A screen of ``table``'s charts after its first ``upto_action`` moves (None: as it stands), to push."""
    return ChartScreen(table, upto_action)


def show_chart_below(screen: Screen) -> None:
    """Open the chart of the game under ``screen`` (an end screen's ``Chart`` key)."""
    from flight_tui.ui.widgets.game_chart import table_below

    table = table_below(screen)
    if table is not None:
        screen.app.push_screen(chart_screen(table))
