"""Unlocking, retries and best results of a campaign."""

from __future__ import annotations

import pytest

from flight_tui.campaigns.model import load_campaigns
from flight_tui.campaigns.progress import (
    LOCKED,
    OPEN,
    PLAYING,
    WON,
    CampaignProgress,
    GameResult,
    ScenarioLocked,
    begin,
    record_result,
    status,
)
from flight_tui.table import SeatSpec

ANN = [SeatSpec("human", "Ann")]
_games = iter(range(1, 10**6))


def ended(progress, scenario_id, won, rounds, coins, delivered, game=None):
    """A finished game's result: by default the game in progress, else a game of its own."""
    playing = progress.in_progress
    if game is None:
        game = playing.key if playing is not None and playing.scenario == scenario_id else f"other#{next(_games)}"
    return GameResult(scenario=scenario_id, game=game, won=won, rounds=rounds, coins=coins, delivered=delivered)


@pytest.fixture
def campaign():
    return load_campaigns()[0]


def statuses(campaign, progress):
    return [status(progress, s) for s in campaign.scenarios]


def test_only_the_first_scenario_is_open_at_the_start(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    assert statuses(campaign, progress) == [OPEN] + [LOCKED] * (len(campaign.scenarios) - 1)


def test_a_locked_scenario_cannot_be_begun_and_says_what_to_win(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    second = campaign.scenarios[1]
    with pytest.raises(ScenarioLocked, match=campaign.scenarios[0].title):
        begin(campaign, progress, second.id, ANN, seed=1)
    assert progress.record(second.id).attempts == 0


def test_winning_unlocks_the_next_scenario_and_only_that(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    first, second = campaign.scenarios[:2]
    begin(campaign, progress, first.id, ANN, seed=1)
    assert status(progress, first) == PLAYING
    recorded = record_result(campaign, progress, ended(progress, first.id, True, 10, 37, 30))
    assert recorded.unlocked == (second.id,)
    assert "Scenario 2" in recorded.message and "unlocked" in recorded.message
    assert statuses(campaign, progress)[:3] == [WON, OPEN, LOCKED]
    assert progress.in_progress is None


def test_a_loss_keeps_the_next_locked_and_a_retry_counts_as_another_attempt(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    first = campaign.scenarios[0]
    begin(campaign, progress, first.id, ANN, seed=1)
    lost = record_result(campaign, progress, ended(progress, first.id, False, 10, 12, 21))
    assert not lost.won and lost.unlocked == () and "lost" in lost.message
    assert status(progress, campaign.scenarios[1]) == LOCKED
    begin(campaign, progress, first.id, ANN, seed=2)
    record_result(campaign, progress, ended(progress, first.id, True, 10, 40, 33))
    record = progress.record(first.id)
    assert (record.attempts, record.wins, record.losses) == (2, 1, 1)
    assert status(progress, campaign.scenarios[1]) == OPEN


def test_best_results_keep_fewest_rounds_and_most_coins_of_wins_and_most_delivered_of_all(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    first = campaign.scenarios[0]
    record_result(campaign, progress, ended(progress, first.id, True, 10, 20, 30))
    record_result(campaign, progress, ended(progress, first.id, False, 10, 95, 34))  # a loss sets no rounds/coins best
    better = record_result(campaign, progress, ended(progress, first.id, True, 9, 15, 28))
    assert better.new_best == ("rounds",) and "best" in better.message
    record = progress.record(first.id)
    assert (record.fewest_rounds, record.most_coins, record.most_delivered) == (9, 20, 34)


def test_one_game_is_recorded_once(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    first = campaign.scenarios[0]
    assert record_result(campaign, progress, ended(progress, first.id, True, 10, 5, 30, game="g1")) is not None
    assert record_result(campaign, progress, ended(progress, first.id, True, 10, 5, 30, game="g1")) is None
    assert progress.record(first.id).wins == 1


def test_winning_every_scenario_completes_the_campaign(campaign):
    progress = CampaignProgress(campaign=campaign.id)
    for scenario in campaign.scenarios:
        begin(campaign, progress, scenario.id, ANN, seed=3)
        recorded = record_result(campaign, progress, ended(progress, scenario.id, True, 10, 0, 30))
    assert "Every scenario" in recorded.message
    assert set(statuses(campaign, progress)) == {WON}


@pytest.mark.parametrize(
    "seats, words",
    [
        ([], "1 to 3"),
        ([SeatSpec("human", n) for n in "ABCD"], "1 to 3"),
        ([SeatSpec("normal", "Bob")], "person"),
    ],
)
def test_seats_must_be_one_to_three_with_a_person(campaign, seats, words):
    progress = CampaignProgress(campaign=campaign.id)
    with pytest.raises(ValueError, match=words):
        begin(campaign, progress, campaign.scenarios[0].id, seats, seed=1)
