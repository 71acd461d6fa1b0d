"""The bundled campaign and the checks on scenario data."""

from __future__ import annotations

import pytest

from flight_tui.campaigns.model import (
    MIN_SCENARIOS,
    CampaignDataError,
    continent_names,
    load_campaigns,
    parse_campaigns,
    scenario_attempt,
    scenario_key,
    split_scenario_key,
)


def scenario_toml(count: int, first_requires: str = "", setup: str = "") -> bytes:
    """A campaign of ``count`` scenarios, each requiring the one before."""
    parts = ['[[campaign]]\nid = "c"\ngame = "connecting-flights-coop"\ntitle = "C"\ndescription = "d"\n']
    for n in range(count):
        requires = f'requires = ["s{n - 1}"]\n' if n else first_requires
        parts.append(f'[[campaign.scenarios]]\nid = "s{n}"\ntitle = "S{n}"\nasks = "a"\nbriefing = "b"\n{requires}')
        if setup and n == count - 1:
            parts.append(f"[campaign.scenarios.setup]\n{setup}\n")
    return "".join(parts).encode()


def test_bundled_campaign_is_a_series_of_at_least_six_scenarios_each_unlocking_the_next():
    (campaign,) = load_campaigns()
    assert len(campaign.scenarios) >= MIN_SCENARIOS
    first, *rest = campaign.scenarios
    assert first.requires == ()
    for before, scenario in zip(campaign.scenarios, rest):
        assert scenario.requires == (before.id,)


def test_bundled_scenarios_change_the_setup_and_say_what_they_ask():
    (campaign,) = load_campaigns()
    changes = [s.setup.changes() for s in campaign.scenarios]
    assert {c["difficulty"] for c in changes} == {"easy", "medium", "hard"}
    assert changes[-1]["difficulty"] == "hard"
    changed_fields = set().union(*changes) - {"difficulty"}
    assert {"start_coins", "demand_stages", "charter", "continents", "landing_rights"} <= changed_fields
    for scenario in campaign.scenarios:
        assert scenario.asks and "\n" not in scenario.asks
        assert len(scenario.briefing) > len(scenario.asks)


def test_a_campaign_shorter_than_six_scenarios_is_refused():
    parse_campaigns(scenario_toml(6))
    with pytest.raises(CampaignDataError, match="at least 6"):
        parse_campaigns(scenario_toml(5))


def test_a_scenario_may_require_only_earlier_scenarios():
    with pytest.raises(CampaignDataError, match="not an earlier scenario"):
        parse_campaigns(scenario_toml(6, first_requires='requires = ["s3"]\n'))


@pytest.mark.parametrize(
    "setup, words",
    [
        ('difficulty = "brutal"', "difficulty"),
        ('demand_stages = ["low", "huge"]', "demand stages"),
        ("start_coins = -1", "negative"),
        ("start_coins = 150", "coin cap"),
        ("fuel = 3", "not valid"),
    ],
)
def test_bad_setups_are_refused_with_a_reason(setup, words):
    with pytest.raises(CampaignDataError, match=words):
        parse_campaigns(scenario_toml(6, setup=setup))


def test_unknown_continents_are_refused_when_the_world_is_given():
    data = scenario_toml(6, setup='continents = ["EU", "XX"]')
    parse_campaigns(data)
    with pytest.raises(CampaignDataError, match="XX"):
        parse_campaigns(data, continents=lambda game: ("EU", "AS"))


def test_scenario_keys_round_trip_and_bad_keys_are_refused():
    assert split_scenario_key(scenario_key("around-the-world", "rush-hour")) == ("around-the-world", "rush-hour")
    for bad in ("", "no-slash", "/x", "x/", "x/#2"):
        with pytest.raises(ValueError):
            split_scenario_key(bad)


def test_a_games_scenario_key_carries_its_attempt_and_older_keys_have_none():
    key = scenario_key("around-the-world", "rush-hour", attempt=3)
    assert key == "around-the-world/rush-hour#3"
    assert (split_scenario_key(key), scenario_attempt(key)) == (("around-the-world", "rush-hour"), 3)
    assert scenario_attempt("around-the-world/rush-hour") is None


def test_ids_may_not_contain_the_marks_of_a_scenario_key():
    with pytest.raises(CampaignDataError, match="'#'"):
        parse_campaigns(scenario_toml(6).replace(b'id = "s2"', b'id = "s#2"'))


def test_a_campaigns_continents_come_from_its_games_spec():
    names = continent_names("connecting-flights-coop")
    assert names["EU"] == "Europe" and len(names) == 6
    assert continent_names("flight") == {}, "a game without regions lets a set-up name none"


def test_the_bundled_campaign_is_checked_against_its_games_continents(monkeypatch):
    monkeypatch.setattr("flight_tui.campaigns.model.continent_names", lambda game: {"EU": "Europe"})
    with pytest.raises(CampaignDataError, match="unknown continents"):
        load_campaigns()
