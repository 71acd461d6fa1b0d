"""Charts of a game round by round (``GameCharts``), drawn with plotext from its spec's ``chart_series``.

Each player's line has its own marker (● ■ ▲ ◆ ✚ ✖) at every hand or round, named in the legend
above the chart, so the chart reads the same in 16 colours, 256, truecolor and under NO_COLOR.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

if TYPE_CHECKING:
    from flight_tui.engine.chart import Chart
    from flight_tui.table import Table

MARKERS = ("●", "■", "▲", "◆", "✚", "✖")
"""One marker per player, in seat order."""
COLOURS = ("cyan", "magenta", "green", "orange", "blue", "red")
"""One colour per player, the same for its line and its markers (the markers alone tell them apart)."""
NOTHING_YET = "No chart yet: it grows as hands or rounds end."


def charts_of(table: Table, upto_action: int | None = None) -> list[Chart]:
    """The game's charts after its first ``upto_action`` moves (None: as it stands)."""
    from flight_tui.games import get_spec, load

    spec = get_spec(table.rules.name)
    if not spec.chart_series:
        return []
    state = table.state
    if upto_action is not None:
        state = table.rules.new_game(table.config, table.seed)
        for seat, action in table.actions[:upto_action]:
            table.rules.apply(state, seat, action)
    return load(spec.chart_series)(table.rules, state, table.names)


def round_ticks(low: int, high: int, most: int = 5) -> list[int]:
    """Ticks from ``low`` to ``high`` at round steps (1, 2, 5, 10, 20, 50, …), at most ``most`` of them."""
    step = 1
    while (high - low) // step >= most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    first = -(-low // step) * step
    return list(range(first, high + 1, step)) or [low]


def table_below(screen: Screen) -> Table | None:
    """The table of the nearest screen under ``screen`` that plays one (an end screen's game)."""
    stack = screen.app.screen_stack
    below = stack[: stack.index(screen)] if screen in stack else stack
    return next((s.table for s in reversed(below) if getattr(s, "table", None) is not None), None)


def legend(chart: Chart) -> str:
    """The chart's title, then each player's marker, name and last value (``● Ann 40``)."""
    named = [
        f"{MARKERS[number % len(MARKERS)]} {line.name}" + (f" {line.values[-1]}" if line.values else "")
        for number, line in enumerate(chart.lines)
    ]
    return f"{chart.title}: " + " · ".join(named)


class ChartPlot(PlotextPlot):
    """One chart: a thin line per player with its marker at each hand or round."""

    DEFAULT_CSS = """
    ChartPlot {
        height: 1fr;
        min-height: 7;
    }
    """

    def __init__(self, chart: Chart, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chart = chart

    def on_mount(self) -> None:
        chart, plt = self.chart, self.plt
        plt.xlabel(chart.x_label)
        for number, line in enumerate(chart.lines):
            colour = COLOURS[number % len(COLOURS)]
            plt.plot(chart.x, line.values, marker="braille", color=colour)
            plt.scatter(chart.x, line.values, marker=MARKERS[number % len(MARKERS)], color=colour)
        if chart.x:
            plt.xticks(chart.x[:: max(1, len(chart.x) // 10)])
            values = [value for line in chart.lines for value in line.values]
            plt.yticks(round_ticks(min(values), max(values)))


class GameCharts(Vertical):
    """Every chart of a game, one under the other (a line when there is nothing to draw yet)."""

    DEFAULT_CSS = """
    GameCharts {
        height: 1fr;
    }
    GameCharts .chart-legend {
        height: auto;
        text-style: bold;
    }
    GameCharts .chart-empty {
        color: $text-muted;
        height: auto;
    }
    """

    def __init__(self, charts: list[Chart], **kwargs) -> None:
        super().__init__(**kwargs)
        self.charts = [chart for chart in charts if chart.x]

    def compose(self) -> ComposeResult:
        if not self.charts:
            yield Static(NOTHING_YET, classes="chart-empty")
        for chart in self.charts:
            yield Static(legend(chart), classes="chart-legend", markup=False)
            yield ChartPlot(chart)

