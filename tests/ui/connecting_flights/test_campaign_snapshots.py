"""Pictures of the campaign screen at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from campaign_harness import CampaignApp, write_progress

from flight_tui.campaigns.store import campaign_path

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
    path.write_bytes(b'{"format": "flight-tui campaign", "vers')
    assert snap_compare(CampaignApp(), terminal_size=(80, 24))
