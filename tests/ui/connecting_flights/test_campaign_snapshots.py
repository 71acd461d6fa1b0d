"""Pictures of the campaign screen at 80x24 and 120x40."""

from __future__ import annotations

import random

import pytest
from campaign_harness import (
    CUT_SHORT,
    CampaignApp,
    damage_keeping_backup,
    fix_new_seeds,
    play_to_the_end,
    start_first_scenario,
    write_progress,
)

from flight_tui.campaigns.pending import keep_pending
from flight_tui.campaigns.progress import GameResult
from flight_tui.campaigns.store import campaign_path
from flight_tui.ui.app import FlightTuiApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.mark.parametrize("size", SIZES)
def test_campaign_with_progress(snap_compare, size):
    """Two scenarios won, the third in progress, the rest locked; the second highlighted."""
    write_progress()
    assert snap_compare(CampaignApp(), terminal_size=size, press=["up"])


@pytest.mark.parametrize("size", SIZES)
def test_campaign_briefing(snap_compare, size):
    """A fresh campaign: the first scenario's briefing, with two bot partners chosen."""
    assert snap_compare(CampaignApp(), terminal_size=size, press=["p", "p", "b"])


def test_campaign_damaged_file(snap_compare):
    path = campaign_path("around-the-world")
    path.parent.mkdir(parents=True)
    path.write_bytes(CUT_SHORT)
    assert snap_compare(CampaignApp(), terminal_size=(80, 24))


def test_campaign_damaged_file_with_a_good_backup_and_a_result_waiting(snap_compare):
    """The notice says what the backup holds and that a finished game waits; k and x in the footer."""
    damage_keeping_backup()
    keep_pending("around-the-world", GameResult(scenario="rush-hour", game="rush-hour#5#1", won=True, rounds=10, coins=3, delivered=30))
    assert snap_compare(CampaignApp(), terminal_size=(80, 24))


def test_scenario_end_while_the_campaign_file_is_damaged(snap_compare, monkeypatch):
    """The whole app at 80x24: the end screen says the result waits to be recorded."""
    async def lose_the_first_scenario(pilot):
        await start_first_scenario(pilot.app, pilot)
        campaign_path("around-the-world").write_bytes(CUT_SHORT)
        play_to_the_end(pilot.app, random.Random(1))
        await pilot.pause()

    fix_new_seeds(monkeypatch)
    assert snap_compare(FlightTuiApp(), terminal_size=(80, 24), run_before=lose_the_first_scenario)
