"""Connecting Flights (competitive)'s charts: each airline's coins and income, round by round (the leaderboard)."""

from __future__ import annotations

from collections.abc import Sequence

from flight_tui.engine.chart import Chart, Line


def charts(rules, state, names: Sequence[str]) -> list[Chart]:
    """Coins at each round's end and each round's pre-tax income, for the rounds played so far."""
    view = rules.view(state, 0)  # the leaderboard is public
    coins = [
        Line(name, [round_coins[seat] for round_coins in view.coins_after]) for seat, name in enumerate(names)
    ]
    income = [Line(name, [incomes[seat].income for incomes in view.history]) for seat, name in enumerate(names)]
    return [
        Chart(title="Coins at the end of each round", x_label="round", x=list(range(1, len(view.coins_after) + 1)), lines=coins),
        Chart(title="Income of each round", x_label="round", x=list(range(1, len(view.history) + 1)), lines=income),
    ]
