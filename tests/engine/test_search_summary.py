"""How sure a search was of its choice: the lead over the runner-up, sample by sample."""

from flight_tui.engine.search import clear_improvement, summarize


def test_a_clear_lead_is_not_a_close_call():
    summary = summarize([[1.0, 1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]], chosen=0)
    assert summary.samples == 4
    assert summary.lead == 0.5  # against the runner-up, the third candidate
    assert not summary.close


def test_a_lead_within_its_error_is_a_close_call():
    assert summarize([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 1.0, 0.0]], chosen=0).close


def test_candidates_that_did_the_same_are_a_close_call():
    assert summarize([[0.5, 0.5], [0.5, 0.5]], chosen=0).close


def test_one_candidate_is_no_comparison():
    assert summarize([[1.0, 0.0]], chosen=0) is None


def test_the_default_move_is_left_only_for_a_gain_beyond_its_error():
    steady = [[0.0, 0.0, 0.0, 0.0], [0.4, 0.5, 0.3, 0.4]]
    lucky = [[0.0, 0.0, 0.0, 0.0], [2.0, -0.3, -0.2, 0.3]]  # a better mean, from one sample
    assert clear_improvement(steady) == 1
    assert clear_improvement(lucky) == 0
    assert clear_improvement(lucky, errors=0.0) == 1


def test_the_gain_must_pass_the_margin_and_the_largest_clear_gain_wins():
    results = [[0.0, 0.0, 0.0], [0.2, 0.2, 0.2], [0.6, 0.5, 0.7], [3.0, -2.0, 2.0]]
    assert clear_improvement(results) == 2
    assert clear_improvement(results, margin=0.7) == 0


def test_one_sample_or_one_candidate_keeps_the_default_move():
    assert clear_improvement([[0.0], [5.0]]) == 0
    assert clear_improvement([[0.0, 1.0]]) == 0
