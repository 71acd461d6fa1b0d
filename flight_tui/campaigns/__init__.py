"""Campaigns of the cooperative mode: scenarios, progress, and the campaign file.

How the app uses it::

    from flight_tui.campaigns import load_campaigns, load_progress, new_scenario_table

    campaign = load_campaigns()[0]
    progress = load_progress(campaign.id)          # CampaignFileError if the file is damaged
    table = new_scenario_table(campaign, progress, "first-flights", seats, seed)
    save_progress(progress)                         # the attempt and the game in progress
    app.open_table(table)
    ...
    message = record_finished_game(table)           # when the game ends: "Scenario 2 ... unlocked"

A game of a scenario carries ``campaign-id/scenario-id`` in ``CoopConfig.scenario``, so its
end is recorded also after it was saved and resumed (``flight-tui continue``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flight_tui.campaigns.model import (
    Campaign,
    CampaignDataError,
    Scenario,
    Setup,
    get_campaign,
    load_campaigns,
    scenario_key,
    split_scenario_key,
)
from flight_tui.campaigns.progress import (
    CampaignProgress,
    Recorded,
    ScenarioLocked,
    ScenarioRecord,
    begin,
    record_result,
    status,
)
from flight_tui.campaigns.store import (
    CampaignError,
    CampaignFileError,
    campaign_path,
    load_progress,
    save_progress,
    set_aside,
)
from flight_tui.table import SeatSpec, Table

COOP_GAME = "connecting-flights-coop"

__all__ = [
    "Campaign",
    "CampaignDataError",
    "CampaignError",
    "CampaignFileError",
    "CampaignProgress",
    "Recorded",
    "Scenario",
    "ScenarioLocked",
    "ScenarioRecord",
    "Setup",
    "campaign_path",
    "get_campaign",
    "load_campaigns",
    "load_progress",
    "new_scenario_table",
    "record_finished_game",
    "record_result",
    "remember_slot",
    "save_progress",
    "scenario_config",
    "set_aside",
    "start_scenario",
    "status",
]


def scenario_config(campaign: Campaign, scenario: Scenario, players: int) -> Any:
    """The cooperative config of a scenario for ``players`` seats."""
    from flight_tui.rules.connecting_flights.coop.config import CoopConfig

    return CoopConfig(players=players, scenario=scenario_key(campaign.id, scenario.id), **scenario.setup.changes())


def start_scenario(
    campaign: Campaign, progress: CampaignProgress, scenario_id: str, seats: Sequence[SeatSpec], seed: int
) -> tuple[Any, list[SeatSpec]]:
    """Begin an attempt at an open scenario: its config and seats (progress notes the attempt).

    Raises ``ScenarioLocked`` for a locked scenario and ``ValueError`` for seats that do not
    fit (1 to 3, at least one person). The caller saves the progress.
    """
    scenario = begin(campaign, progress, scenario_id, seats, seed)
    return scenario_config(campaign, scenario, len(seats)), list(seats)


def new_scenario_table(
    campaign: Campaign, progress: CampaignProgress, scenario_id: str, seats: Sequence[SeatSpec], seed: int
) -> Table:
    """``start_scenario`` and the table of its game."""
    from flight_tui.rules import get_rules

    config, seats = start_scenario(campaign, progress, scenario_id, seats, seed)
    return Table(get_rules(COOP_GAME), config, seed, seats)


def remember_slot(campaign_id: str, table: Table, slot: str | None) -> None:
    """Note the autosave slot of the scenario game at ``table`` in the campaign file."""
    progress = load_progress(campaign_id)
    playing = progress.in_progress
    if playing is not None and playing.seed == table.seed and slot != playing.slot:
        playing.slot = slot
        save_progress(progress)


def record_finished_game(table: Table) -> str | None:
    """Record a finished scenario game in its campaign file; the message for the player.

    None when the table is not a finished scenario game or the game was recorded already.
    A problem with the campaign file comes back as a message too (nothing is raised).
    """
    key = getattr(table.config, "scenario", "")
    if table.rules.name != COOP_GAME or not key or not table.is_over():
        return None
    try:
        campaign_id, scenario_id = split_scenario_key(key)
        campaign = get_campaign(campaign_id)
        campaign.scenario(scenario_id)
    except (KeyError, ValueError) as error:
        return f"This game's scenario cannot be recorded: {error.args[0]}."
    try:
        progress = load_progress(campaign_id)
        won, rounds, coins, delivered = game_figures(table)
        game_key = f"{scenario_id}#{table.seed}"
        recorded = record_result(campaign, progress, scenario_id, won, rounds, coins, delivered, game_key=game_key)
        if recorded is None:
            return None
        save_progress(progress)
    except CampaignFileError as error:
        return f"The result could not be recorded. {error}"
    return recorded.message


def game_figures(table: Table) -> tuple[bool, int, int, int]:
    """(won, rounds played, coins left, passengers delivered) of a finished cooperative game."""
    result = table.rules.result(table.state)
    view = table.view(0)
    return bool(result.winners), view.round, view.coins, sum(view.delivered)

