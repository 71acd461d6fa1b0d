"""Bots-only simulations: rotated seats, counts that add up, intervals, JSON, bad seats."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from pathlib import Path

import msgspec
import pytest

from flight_tui.games import get_rules
from flight_tui.simulate import (
    SimulationReport,
    _percentile,
    default_config,
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
    one = simulate("flight", _seats("easy,random,random"), 7, seed=11, workers=1)
    two = simulate("flight", _seats("easy,random,random"), 7, seed=11, workers=2)
    assert [(s.wins, s.ties, s.mean_score, s.decisions) for s in one.seats] == [
        (s.wins, s.ties, s.mean_score, s.decisions) for s in two.seats
    ]
    assert one.actions == two.actions
    assert one.endings == two.endings


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_are_not_forked_from_a_caller_that_runs_other_threads():
    """A worker forked from a process with other threads (an app's, the test runner's) could wait
    for ever on a lock one of them held at the fork: such a caller's workers come from a fork server."""
    parents = set()

    def note_parents(done, total):
        for child in multiprocessing.active_children():
            stat = Path(f"/proc/{child.pid}/stat").read_text()
            parents.add(int(stat.rpartition(")")[2].split()[1]))

    other = threading.Event()
    thread = threading.Thread(target=other.wait, name="another thread of the caller")
    thread.start()
    try:
        report = simulate("flight", _seats("random,random"), 6, seed=2, workers=2, progress=note_parents)
    finally:
        other.set()
        thread.join()
    assert report.games == 6
    assert parents and os.getpid() not in parents


def test_seats_rotate_and_a_bot_against_itself_gets_a_new_deal_every_game(monkeypatch):
    import flight_tui.simulate as sim

    deals = []
    real = sim._deal_seed
    monkeypatch.setattr(sim, "_deal_seed", lambda *a: deals.append(real(*a)) or deals[-1])
    report = simulate("flight", _seats("easy:A,easy:B"), 4, seed=2, workers=1)
    a, b = report.seats
    assert a.wins + b.wins == pytest.approx(4)
    assert a.name == "A" and b.name == "B"
    assert len(set(deals)) == 4 and "a new deal every game" in format_report(report)
    deals.clear()
    mixed = simulate("flight", _seats("easy,random"), 4, seed=2, workers=1)
    assert len(set(deals)) == 2 and "each deal played from every rotation" in format_report(mixed)


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


def test_endings_are_counted_with_the_games_labels():
    report = simulate("flight", _seats("easy,random"), 6, seed=4, workers=1, config=default_config("flight", 2))
    endings = report.endings
    assert endings.count == 6 and endings.length_unit == "turns"
    assert sum(e.count for e in endings.by_how.values()) == 6
    assert sum(e.share for e in endings.by_how.values()) == pytest.approx(1)
    labels = get_rules("flight").ending_labels
    assert all(e.label == labels[how] for how, e in endings.by_how.items())
    assert 0 < endings.length_median <= endings.length_p90
    [line] = [line for line in format_report(report).splitlines() if line.startswith("Endings: ")]
    assert f"median {endings.length_median:g} turns" in line
    assert "SAFETY CAP" not in line


def test_every_hand_of_a_match_is_an_ending():
    config = get_rules("flight").make_config(2, {"hands": "3"})
    report = simulate("flight", _seats("random,random"), 2, seed=1, workers=1, config=config)
    assert report.endings.count == 6


def test_passaportas_and_the_cooperative_mode_count_games_in_rounds():
    report = simulate("passaportas", _seats("easy,easy"), 2, seed=1, workers=1)
    assert report.endings.length_unit == "rounds" and report.endings.count == 2
    assert set(report.endings.by_how) <= {"delivery", "round-limit"}
    coop = simulate("connecting-flights-coop", _seats("random"), 2, seed=1, workers=1)
    assert set(coop.endings.by_how) <= {"won", "lost"}
    won = coop.endings.by_how.get("won")
    assert (won.count if won else 0) == coop.team.wins


@pytest.mark.parametrize(
    ("game", "cap", "how", "words"),
    [
        ("flight", {"max_turns": 3}, "turn-cap", "at the turn cap"),
        ("passaportas", {"max_rounds": 1}, "round-limit", "at the round limit"),
    ],
)
def test_an_ending_at_a_safety_cap_stands_out(game, cap, how, words):
    config = msgspec.structs.replace(default_config(game, 2), **cap)
    report = simulate(game, _seats("random,random"), 2, seed=1, workers=1, config=config)
    ending = report.endings.by_how[how]
    assert ending.safety_cap and ending.count == 2 and ending.label == words
    assert f"2 {words} (100.0%) -- SAFETY CAP FIRED!" in format_report(report)


def test_length_percentiles_interpolate_between_values():
    assert _percentile({1: 1, 2: 1, 3: 1, 4: 1}, 50) == 2.5
    assert _percentile({n: 1 for n in range(1, 11)}, 90) == pytest.approx(9.1)
    assert _percentile({5: 3, 9: 1}, 50) == 5
    assert _percentile({}, 50) == 0


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_reports_the_games_finished_so_far(workers):
    """Issue 9, item 15: a KeyboardInterrupt ends the run; nothing is built for the games not played."""
    def interrupt_after_three(done, total):
        if done >= 3:
            raise KeyboardInterrupt

    report = simulate("flight", _seats("random,random"), 100_000_000, seed=1, workers=workers, progress=interrupt_after_three)
    assert report.interrupted and report.games_requested == 100_000_000
    assert 3 <= report.games < 1000
    assert sum(s.wins for s in report.seats) == pytest.approx(report.games)
    assert report.endings.count == report.games
    assert format_report(report).startswith(f"Interrupted: {report.games} of 100000000 games played")
    assert multiprocessing.active_children() == []


def test_ctrl_c_while_a_finished_game_is_counted_counts_it_whole(monkeypatch):
    """Ctrl+C (SIGINT) that lands while a finished game's result is being added, at one point
    after another of it: the report counts that game whole, its wins with it (the report said
    59 games and 60 wins)."""
    import signal

    from flight_tui import simulate as simulation

    bucket = simulation._time_bucket
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
    try:
        for moment in range(1, 120, 7):
            calls = []

            def bucket_then_ctrl_c(seconds, moment=moment, calls=calls):  # once per move, seat by seat, after its win is added
                calls.append(seconds)
                if len(calls) == moment:
                    os.kill(os.getpid(), signal.SIGINT)
                return bucket(seconds)

            monkeypatch.setattr(simulation, "_time_bucket", bucket_then_ctrl_c)
            report = simulate("flight", _seats("random,random"), 100_000_000, seed=1, workers=1)
            assert sum(s.wins for s in report.seats) == pytest.approx(report.games), moment
            assert report.endings.count == report.games and report.interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_competitive_game_simulates_and_says_what_decided_each_game():
    report = simulate("connecting-flights", _seats("random,random,random"), 6, seed=5, workers=1)
    endings = report.endings
    assert report.games == 6 and endings.count == 6 and endings.length_median == 10
    labels = get_rules("connecting-flights").ending_labels
    assert set(endings.by_how) <= set(labels) and all(how.startswith("round-10") for how in endings.by_how)
    assert all(e.label == labels[how] and not e.safety_cap for how, e in endings.by_how.items())
    assert "after round 10" in format_report(report)
    lost = [s.measures["coins lost to the cap"] for s in report.seats]
    assert all(x >= 0 for x in lost) and "Coins lost to the cap, per game:" in format_report(report)
