"""Starting a scenario: its cooperative config, the attempt and the game in progress."""

from __future__ import annotations

import pytest

from flight_tui.campaigns import load_campaigns, start_scenario
from flight_tui.campaigns.progress import CampaignProgress, ScenarioLocked
from flight_tui.games.connecting_flights.coop.rules.config import CoopConfig, config_problem
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.table import SeatSpec

SEATS = [SeatSpec("human", "Ann"), SeatSpec("normal", "Bob")]


def test_every_scenario_gives_a_playable_config_with_its_changes_and_its_id():
    (campaign,) = load_campaigns()
    progress = CampaignProgress(campaign=campaign.id)
    for scenario in campaign.scenarios:
        config, seats = start_scenario(campaign, progress, scenario.id, SEATS, seed=4)
        assert isinstance(config, CoopConfig) and seats == SEATS
        assert config_problem(config, default_world()) is None
        assert config.players == 2 and config.scenario == f"{campaign.id}/{scenario.id}#1"
        for field, value in scenario.setup.changes().items():
            assert getattr(config, field) == value
        progress.records[scenario.id].wins = 1  # as if won, to open the next one


def test_starting_counts_an_attempt_and_notes_the_game_in_progress():
    (campaign,) = load_campaigns()
    progress = CampaignProgress(campaign=campaign.id)
    first = campaign.scenarios[0]
    start_scenario(campaign, progress, first.id, SEATS[:1], seed=11)
    start_scenario(campaign, progress, first.id, SEATS[:1], seed=12)  # a retry before the end
    assert progress.record(first.id).attempts == 2
    playing = progress.in_progress
    assert (playing.scenario, playing.seed, playing.attempt) == (first.id, 12, 2)
    with pytest.raises(ScenarioLocked):
        start_scenario(campaign, progress, campaign.scenarios[1].id, SEATS[:1], seed=1)
