"""Campaigns as data: an ordered series of scenarios, each a change to the cooperative set-up.

The scenarios live in ``scenarios.toml`` beside this module (see ``docs/campaign.md`` for
the reasons behind each one). A scenario's ``setup`` names fields of the cooperative game's
config (``CoopConfig``) and the value each takes; fields it leaves out keep their default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

import msgspec

DIFFICULTIES = ("easy", "medium", "hard")
DEMAND_LEVELS = ("low", "high")
MIN_SCENARIOS = 6


class CampaignDataError(ValueError):
    """The scenarios file does not describe a playable campaign (a sentence saying why)."""


class Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The set-up a scenario changes; each field left as None keeps the game's default."""

    difficulty: str | None = None
    start_coins: int | None = None
    round_income: int | None = None
    coin_cap: int | None = None
    rounds: int | None = None
    setup_pairs: int | None = None
    demand_stages: tuple[str, ...] | None = None
    continents: tuple[str, ...] | None = None
    charter: bool | None = None
    landing_rights: bool | None = None
    refresh_cost: int | None = None
    penalty: int | None = None

    def changes(self) -> dict[str, Any]:
        """The fields this scenario sets, by CoopConfig field name."""
        return {field: value for field in self.__struct_fields__ if (value := getattr(self, field)) is not None}

    def describe(self, continent_names: Mapping[str, str] | None = None) -> list[str]:
        """The changes in words, one short phrase each (the default set-up gives none)."""
        names = continent_names or {}
        words = []
        if self.difficulty is not None:
            words.append(f"{self.difficulty.capitalize()} difficulty")
        if self.start_coins is not None:
            words.append(f"start with {self.start_coins} coins")
        if self.round_income is not None:
            words.append(f"+{self.round_income} coins a round")
        if self.coin_cap is not None:
            words.append(f"at most {self.coin_cap} coins")
        if self.rounds is not None:
            words.append(f"{self.rounds} rounds")
        if self.setup_pairs is not None and self.setup_pairs:
            words.append(f"{self.setup_pairs} demand pairs at set-up")
        if self.demand_stages is not None:
            words.append("demand " + "/".join(stage.capitalize() for stage in self.demand_stages))
        if self.continents is not None:
            shown = (names.get(c, c.replace("_", " ").title()) for c in self.continents)
            words.append("only " + ", ".join(shown))
        if self.charter is False:
            words.append("no charter flights")
        if self.landing_rights is False:
            words.append("no landing rights")
        if self.refresh_cost is not None:
            words.append(f"market refresh {self.refresh_cost} coins")
        if self.penalty is not None:
            words.append(f"penalties of {self.penalty} coins")
        return words


class Scenario(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One scenario: what it asks, its briefing, its set-up and which wins unlock it."""

    id: str
    title: str
    asks: str
    """One line: what the players must do."""
    briefing: str
    """A few sentences read before playing."""
    setup: Setup = Setup()
    requires: tuple[str, ...] = ()
    """Scenarios that must be won before this one opens (none: open from the start)."""


class Campaign(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An ordered series of scenarios."""

    id: str
    game: str
    """The game (mode) whose scenarios these are."""
    title: str
    description: str
    scenarios: tuple[Scenario, ...]

    def scenario(self, scenario_id: str) -> Scenario:
        """The scenario with this id (KeyError with a readable message if there is none)."""
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        raise KeyError(f"the campaign '{self.title}' has no scenario '{scenario_id}'")

    def number(self, scenario_id: str) -> int:
        """The scenario's place in the series, from 1."""
        return self.scenarios.index(self.scenario(scenario_id)) + 1


class _CampaignFile(msgspec.Struct, forbid_unknown_fields=True):
    campaign: tuple[Campaign, ...]


def scenario_key(campaign_id: str, scenario_id: str, attempt: int | None = None) -> str:
    """The id a game's config carries: ``campaign-id/scenario-id``, then ``#attempt`` when known."""
    key = f"{campaign_id}/{scenario_id}"
    return key if attempt is None else f"{key}#{attempt}"


def split_scenario_key(key: str) -> tuple[str, str]:
    """``campaign-id/scenario-id`` as its two parts (ValueError if it is not of that form)."""
    campaign_id, slash, scenario_id = key.partition("#")[0].partition("/")
    if not slash or not campaign_id or not scenario_id:
        raise ValueError(f"'{key}' is not a scenario id of the form campaign/scenario")
    return campaign_id, scenario_id


def scenario_attempt(key: str) -> int | None:
    """The attempt number in a game's scenario id (None in games started before it was noted)."""
    _, hash_mark, attempt = key.partition("#")
    return int(attempt) if hash_mark and attempt.isdigit() else None


def parse_campaigns(data: bytes, continents: Callable[[str], tuple[str, ...]] | None = None) -> tuple[Campaign, ...]:
    """Decode and check a scenarios file; ``continents(game)`` gives the ids a set-up of a
    campaign of that game may name (unchecked without it)."""
    campaigns = _decode_campaigns(data)
    for campaign in campaigns:
        _check_campaign(campaign, continents(campaign.game) if continents else None)
    return campaigns


def _decode_campaigns(data: bytes) -> tuple[Campaign, ...]:
    try:
        campaigns = msgspec.toml.decode(data, type=_CampaignFile).campaign
    except msgspec.DecodeError as error:
        raise CampaignDataError(f"the scenarios file is not valid: {error}") from None
    ids = [c.id for c in campaigns]
    if len(set(ids)) != len(ids):
        raise CampaignDataError("two campaigns share an id")
    return campaigns


def _check_campaign(campaign: Campaign, continents: tuple[str, ...] | None) -> None:
    where = f"campaign '{campaign.id}'"
    if "/" in campaign.id or "#" in campaign.id:
        raise CampaignDataError(f"{where}: an id may not contain '/' or '#'")
    if len(campaign.scenarios) < MIN_SCENARIOS:
        raise CampaignDataError(f"{where} has {len(campaign.scenarios)} scenarios; it needs at least {MIN_SCENARIOS}")
    seen: set[str] = set()
    for scenario in campaign.scenarios:
        here = f"{where}, scenario '{scenario.id}'"
        if scenario.id in seen or "/" in scenario.id or "#" in scenario.id:
            raise CampaignDataError(f"{here}: ids must be unique and may not contain '/' or '#'")
        unknown = [r for r in scenario.requires if r not in seen]
        if unknown:
            raise CampaignDataError(f"{here} requires {', '.join(unknown)}, which is not an earlier scenario")
        _check_setup(scenario.setup, here, continents)
        seen.add(scenario.id)
    if campaign.scenarios[0].requires:
        raise CampaignDataError(f"{where}: the first scenario must be open from the start")


def _check_setup(setup: Setup, where: str, continents: tuple[str, ...] | None) -> None:
    if setup.difficulty is not None and setup.difficulty not in DIFFICULTIES:
        raise CampaignDataError(f"{where}: difficulty must be one of {', '.join(DIFFICULTIES)}")
    stages = setup.demand_stages
    if stages is not None and (len(stages) != 3 or any(s not in DEMAND_LEVELS for s in stages)):
        raise CampaignDataError(f"{where}: demand stages must be three of 'low' or 'high'")
    if setup.continents is not None and continents is not None:
        unknown = [c for c in setup.continents if c not in continents]
        if unknown:
            raise CampaignDataError(f"{where}: unknown continents {', '.join(unknown)}")
    numbers = {
        "start_coins": setup.start_coins,
        "round_income": setup.round_income,
        "coin_cap": setup.coin_cap,
        "rounds": setup.rounds,
        "refresh_cost": setup.refresh_cost,
        "penalty": setup.penalty,
        "setup_pairs": setup.setup_pairs,
    }
    negative = [name for name, value in numbers.items() if value is not None and value < 0]
    if negative:
        raise CampaignDataError(f"{where}: {', '.join(negative)} may not be negative")
    if setup.start_coins is not None and setup.start_coins > (setup.coin_cap or 100):
        raise CampaignDataError(f"{where}: the starting coins exceed the coin cap")


def continent_names(game: str) -> dict[str, str]:
    """The continents a set-up of ``game`` may name: code (``EU``) to name (``Europe``),
    as the game's spec gives them (its ``regions``)."""
    from flight_tui.games import get_spec, load

    regions = get_spec(game).regions
    return load(regions)() if regions else {}


def load_campaigns() -> tuple[Campaign, ...]:
    """The campaigns bundled with the game, each checked against its game's continents."""
    data = resources.files("flight_tui.campaigns").joinpath("scenarios.toml").read_bytes()
    return parse_campaigns(data, lambda game: tuple(continent_names(game)))


def get_campaign(campaign_id: str) -> Campaign:
    """A bundled campaign by id (KeyError with a readable message if there is none)."""
    for campaign in load_campaigns():
        if campaign.id == campaign_id:
            return campaign
    raise KeyError(f"there is no campaign '{campaign_id}'")
