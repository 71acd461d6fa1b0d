"""How sure a search was of its choice: the lead over the runner-up, sample by sample."""

from flight_tui.engine.search import summarize


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
