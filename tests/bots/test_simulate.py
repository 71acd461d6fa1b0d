"""Bots-only simulations: rotated seats, counts that add up, intervals, JSON, bad seats."""

from __future__ import annotations

import msgspec
import pytest

from flight_tui.simulate import (
    SimulationReport,
    format_report,
    report_json,
    simulate,
    wilson_interval,
)
from flight_tui.table import parse_seat


def _seats(text: str):
    return [parse_seat(s, i) for i, s in enumerate(text.split(","))]


def test_report_counts_add_up():
    report = simulate("flight", _seats("normal,easy,random"), 9, seed=3, workers=1)
    assert report.games == 9 and report.players == 3
    assert sum(s.wins for s in report.seats) == pytest.approx(9)
    for s in report.seats:
        assert s.games == 9
        assert 0 <= s.win_low <= s.win_rate <= s.win_high <= 1
        assert s.decisions > 0
        assert 0 <= s.decision_median_ms <= s.decision_p95_ms
    assert report.actions > 0 and report.actions_per_second > 0
    assert [s.level for s in report.seats] == ["normal", "easy", "random"]
    text = format_report(report)
    assert "normal" in text and "95% interval" in text


def test_same_seed_same_results_whatever_the_workers():
    one = simulate("flight", _seats("easy,random"), 6, seed=11, workers=1)
    two = simulate("flight", _seats("easy,random"), 6, seed=11, workers=2)
    assert [(s.wins, s.mean_score, s.decisions) for s in one.seats] == [(s.wins, s.mean_score, s.decisions) for s in two.seats]
    assert one.actions == two.actions


def test_seats_rotate_so_a_bot_against_itself_shares_each_deal():
    report = simulate("flight", _seats("easy:A,easy:B"), 4, seed=2, workers=1)
    a, b = report.seats
    assert a.wins + b.wins == pytest.approx(4)
    assert a.name == "A" and b.name == "B"


def test_progress_is_reported_per_game():
    seen = []
    simulate("flight", _seats("random,random"), 3, seed=1, workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_report_round_trips_as_json():
    report = simulate("flight", _seats("random,easy"), 2, seed=1, workers=1)
    assert msgspec.json.decode(report_json(report), type=SimulationReport) == report


def test_human_seats_and_bad_counts_are_refused():
    with pytest.raises(ValueError, match="bots only"):
        simulate("flight", _seats("human,normal"), 2, seed=1)
    with pytest.raises(ValueError, match="at least 1"):
        simulate("flight", _seats("easy,normal"), 0, seed=1)
    with pytest.raises(ValueError, match="unknown game"):
        simulate("chess", _seats("easy,normal"), 2, seed=1)
    with pytest.raises(ValueError, match="2 to 4 players"):
        simulate("flight", _seats("easy"), 2, seed=1)


def test_wilson_interval_matches_the_textbook_value():
    low, high = wilson_interval(90, 100)
    assert low == pytest.approx(0.8256, abs=5e-4)
    assert high == pytest.approx(0.9448, abs=5e-4)
    assert wilson_interval(0, 10)[0] == 0.0
