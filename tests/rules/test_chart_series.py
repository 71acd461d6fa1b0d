"""Each game's chart series (``GameSpec.chart_series``): round by round, ending where the game's result ends."""

from __future__ import annotations

import pytest
from finished_games import finished_game

from flight_tui.games import get_spec, load
from flight_tui.ui.widgets.game_chart import charts_of


def charts(table):
    return load(get_spec(table.rules.name).chart_series)(table.rules, table.state, table.names)


@pytest.mark.parametrize("seed", [1, 2])
def test_flight_totals_after_the_last_hand_are_the_final_scores(seed):
    table = finished_game("flight", seed)
    [chart] = charts(table)
    assert chart.x == list(range(1, len(chart.x) + 1)) and chart.x_label == "hand"
    assert [line.name for line in chart.lines] == table.names
    assert [line.values[-1] for line in chart.lines] == table.result().scores


@pytest.mark.parametrize("seed", [1, 2])
def test_passaportas_deliveries_by_the_last_round_are_the_final_scores(seed):
    table = finished_game("passaportas", seed)
    [chart] = charts(table)
    assert chart.x == list(range(1, table.state.round_no + 1))
    assert [line.values[-1] for line in chart.lines] == table.result().scores
    assert all(a <= b for line in chart.lines for a, b in zip(line.values, line.values[1:]))  # delivered stays delivered


def test_competitive_coins_and_income_per_round_for_every_airline():
    table = finished_game("connecting-flights", 1)
    coins, income = charts(table)
    assert coins.x == income.x == list(range(1, 11))
    assert [line.values[-1] for line in income.lines] == table.result().scores
    view = table.view(0)
    assert [line.values[-1] for line in coins.lines] == [h.coins for h in view.holdings]


def test_cooperative_team_coins_and_income_per_round():
    table = finished_game("connecting-flights-coop", 1)
    coins, income = charts(table)
    assert [line.name for line in coins.lines] == ["Team"]
    assert coins.x == income.x and coins.x[0] == 1 and coins.x[-1] <= table.state.round
    assert coins.lines[0].values[-1] == table.state.coins or not table.state.won


def test_a_chart_as_far_as_a_move_shows_only_the_rounds_ended_by_then():
    table = finished_game("connecting-flights", 1)
    middle = len(table.actions) // 2
    [coins, _] = charts_of(table, middle)
    [all_coins, _] = charts_of(table)
    assert 0 < len(coins.x) < len(all_coins.x)
    assert coins.lines[0].values == all_coins.lines[0].values[: len(coins.x)]
    assert charts_of(table, 0)[0].x == []


def test_the_value_axis_is_marked_at_round_numbers():
    from flight_tui.ui.widgets.game_chart import round_ticks

    assert round_ticks(-12, 123) == [0, 50, 100]
    assert round_ticks(0, 45) == [0, 10, 20, 30, 40]
    assert round_ticks(3, 7) == [3, 4, 5, 6, 7]
    assert round_ticks(45, 45) == [45]
