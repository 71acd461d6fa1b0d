"""The leaderboard (the side board's income track) and the end of the game.

:class:`LeaderboardView` shows, round by round, each airline's pre-tax income, its grant (+)
or tax (-) and what unused Landing Rights cost it (``LR-``), and its coins at the end of the
round; then everyone's coins now and the income bands. :class:`CompetitiveEndScreen` names the winner and, when round 10's incomes tie,
the tie-breakers that decided: income without flights ending on Landing Rights, continents
flown from and to, coins; a tie after them is a shared win (with the rule book's bin bags).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.rounds import TIE_BREAKERS
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import (
    BIN_BAGS,
    DECIDED_WORDS,
    LeaderRow,
    band_text,
    leaderboard,
    winners_text,
)
from flight_tui.ui.screens.chart import show_chart_below
from flight_tui.ui.widgets.footer import Footer


COINS_WIDTH = 5
"""The coins column of an airline (``coins`` in its heading)."""


def change_room(width: int) -> int:
    """The cells for a round's grant, tax and Landing Rights in an airline's column of ``width``
    (after the income and its space, before the coins)."""
    return width - 4 - COINS_WIDTH


def change_text(grant: int, tax: int, penalty: int) -> str:
    """``+5`` / ``-10`` / ``LR-6 +5``: what a round's grant, tax and Landing Rights cost."""
    parts = [f"LR-{penalty}"] if penalty else []
    if grant:
        parts.append(f"+{grant}")
    if tax:
        parts.append(f"-{tax}")
    return " ".join(parts)


def net_change_text(grant: int, tax: int, penalty: int) -> str:
    """``L-15`` for ``LR-10 -5``: the same round's cost in one figure, for a narrow column."""
    return f"L{grant - tax - penalty:+d}" if penalty else change_text(grant, tax, penalty)


def round_cell(row: LeaderRow, width: int) -> str:
    """`` 35 +5     56``: a round of one airline, its coins at the end (``…`` while it goes on).

    Where ``LR-10 -5`` is wider than the column, it is written ``L-15`` (see :data:`NET_NOTE`)."""
    coins = "…" if row.coins is None else str(row.coins)
    room = change_room(width)
    change = change_text(row.grant, row.tax, row.penalty)
    if len(change) > room:
        change = net_change_text(row.grant, row.tax, row.penalty)
    return f"{row.income:>3} {change:<{room}}{coins:>{COINS_WIDTH}}"


NET_NOTE = "L-15 = LR-10 -5: unused Landing Rights and the grant or tax, added up"
"""Said under the table when a column was too narrow for a round's ``LR-`` and grant or tax."""


class LeaderboardView(Widget, can_focus=True):
    """Income, grants and taxes per round, and coins now (see the module docstring)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: CompetitiveView | None = None
        self.names: list[str] = []

    def show(self, view: CompetitiveView, names: Sequence[str]) -> None:
        self.view, self.names = view, list(names)
        self.refresh()

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        seats = view.num_seats
        rows = leaderboard(view)
        widest = max((len(change_text(r.grant, r.tax, r.penalty)) for records in rows for r in records), default=0)
        most = max(16, 4 + widest + 1 + COINS_WIDTH)  # room for the widest "LR-10 -5" where the terminal has it
        width = max(min((self.size.width - 7) // max(seats, 1), most), 13) - 1
        text = Text("Per round: income, grant + / tax - (LR- unused Landing Rights), coins after\n", style="bold")
        text.append(" Round" + "".join(f" {name[:width]:<{width}}" for name in self.names) + "\n", style="bold")
        heading = f"{'in':>3} {'+/-':<{change_room(width)}}{'coins':>{COINS_WIDTH}}"
        text.append("      " + f" {heading}" * seats + "\n", style="bold underline")
        for number, records in enumerate(rows, start=1):
            text.append(f" {number:>5}" + "".join(f" {round_cell(r, width)}" for r in records) + "\n")
        if not rows:
            text.append("  No round flown yet.\n", style="italic")
        text.append("   Now" + "".join(f" {h.coins:>{width}}" for h in view.holdings) + "\n", style="bold")
        if widest > change_room(width):
            text.append(f"{NET_NOTE}\n", style="dim")
        text.append(f"\nIncome bands: {band_text()}\n", style="dim")
        text.append(f"Income per passenger: {' / '.join(str(i) for i in data().income_by_stars)} by stars · coins stop at {data().coin_cap}", style="dim")
        return text


TIE_BREAKER_WORDS = {"income": "income", "landing-rights": "income not on Landing Rights", "continents": "continents", "coins": "coins"}


def tie_breakers_line(view: CompetitiveView) -> str:
    """The tie-breakers in order up to the one that decided: ``income tied → … → coins decided``."""
    if view.decided_by == "income":
        return ""
    steps = []
    for name in TIE_BREAKERS:
        if name == view.decided_by:
            steps.append(f"{TIE_BREAKER_WORDS[name]} decided")
            break
        steps.append(f"{TIE_BREAKER_WORDS[name]} tied")
    return "Tie-breakers: " + " → ".join(steps)


def tie_lines(view: CompetitiveView, names: Sequence[str]) -> list[str]:
    """Round 10's figures for each airline: what the tie-breakers compare."""
    if not view.history:
        return []
    last = view.history[-1]
    lines = [f"{'':<12} {'income':>6} {'not on LR':>9} {'continents':>10} {'coins':>5}"]
    for seat, record in enumerate(last):
        mark = "★" if seat in view.winners else " "
        lines.append(
            f"{mark}{names[seat][:11]:<11} {record.income:>6} {record.without_landing_rights:>9} {record.continents:>10} {view.holdings[seat].coins:>5}"
        )
    return lines


class CompetitiveEndScreen(Screen[None]):
    """Who won, by what, and round 10's figures; Enter goes back to the menu."""

    DEFAULT_CSS = """
    CompetitiveEndScreen Middle { width: 100%; }
    CompetitiveEndScreen #cfc-end-text { width: auto; max-width: 100%; padding: 1 4; border: round $accent; }
    """
    BINDINGS = [
        Binding("enter,space,escape", "close", "Back to the menu", key_display="Enter", id="competitive.game-over"),
        Binding("c", "chart", "Chart", tooltip="Each airline's coins and income, round by round, as a chart", id="competitive.chart"),
    ]

    def __init__(self, view: CompetitiveView, names: Sequence[str]) -> None:
        super().__init__()
        self.view = view
        self.names = list(names)

    def compose(self) -> ComposeResult:
        view, names = self.view, self.names
        text = Text(f"✈ {winners_text(view, names)}!\n\n", style="bold")
        text.append(f"Decided by {DECIDED_WORDS.get(view.decided_by, view.decided_by)}.\n\n")
        text.append("\n".join(tie_lines(view, names)) + "\n")
        ties = tie_breakers_line(view)
        if ties:
            text.append(ties + "\n", style="bold")
        text.append("★ the winner" + ("s" if len(view.winners) > 1 else ""), style="dim")
        if view.decided_by == "shared":
            text.append(f"\n\n{BIN_BAGS}", style="italic")
        with Middle(), Center():
            yield Static(text, id="cfc-end-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_chart(self) -> None:
        show_chart_below(self)
