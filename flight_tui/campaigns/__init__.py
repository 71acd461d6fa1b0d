"""Campaigns of the cooperative mode: scenarios, progress, and the campaign file.

How the app uses it::

    from flight_tui.campaigns import ScenarioGame, load_campaigns, load_progress, new_scenario_table

    campaign = load_campaigns()[0]
    progress = load_progress(campaign.id)          # CampaignFileError if the file is damaged
    table = new_scenario_table(campaign, progress, "first-flights", seats, seed)
    progress.in_progress.slot = store.autosave(table)
    save_progress(progress)                         # once: the attempt and the game in progress
    app.open_table(table)                           # which keeps, for the game it opens:
    game = ScenarioGame.of(table)                   # the game as its campaign follows it
                                                    # (None for a game of no campaign)
    game.note_autosave(slot)                        # after each autosave: a named save loaded
                                                    # goes on in a new slot
    outcome = game.record_end()                     # once the game is over, before its last
                                                    # autosave: "Scenario 2 ... unlocked";
                                                    # keep the autosave unless outcome.safe

A game of a scenario carries ``campaign-id/scenario-id#attempt`` in ``CoopConfig.scenario``,
so its end is recorded also after it was saved and resumed (``flight-tui continue``), and
each attempt is a game of its own (``game_key``): a game counts once, with its first ending.
A damaged campaign file is restored from its backup (``restore_backup``) or set aside; a
result it cannot take meanwhile waits in ``pending`` and is recorded at the next chance.
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
from flight_tui.campaigns.games import GameOutcome, ScenarioGame, finished_result, record_pending
from flight_tui.campaigns.pending import pending_results
from flight_tui.campaigns.progress import (
    CampaignProgress,
    GameResult,
    Recorded,
    ScenarioLocked,
    ScenarioRecord,
    begin,
    record_result,
    status,
    summary,
)
from flight_tui.campaigns.store import (
    CampaignError,
    CampaignFileError,
    campaign_path,
    load_progress,
    restore_backup,
    save_progress,
    set_aside,
)
from flight_tui.table import SeatSpec, Table

__all__ = [
    "Campaign",
    "CampaignDataError",
    "CampaignError",
    "CampaignFileError",
    "CampaignProgress",
    "GameOutcome",
    "GameResult",
    "Recorded",
    "Scenario",
    "ScenarioGame",
    "ScenarioLocked",
    "ScenarioRecord",
    "Setup",
    "campaign_path",
    "finished_result",
    "get_campaign",
    "load_campaigns",
    "load_progress",
    "new_scenario_table",
    "pending_results",
    "record_pending",
    "record_result",
    "restore_backup",
    "save_progress",
    "scenario_config",
    "set_aside",
    "split_scenario_key",
    "start_scenario",
    "status",
    "summary",
]


def scenario_config(campaign: Campaign, scenario: Scenario, players: int, attempt: int | None = None) -> Any:
    """The config of a scenario's game for ``players`` seats (``attempt`` tells its games apart)."""
    from flight_tui.games import get_rules

    config_type = get_rules(campaign.game).config_type
    return config_type(players=players, scenario=scenario_key(campaign.id, scenario.id, attempt), **scenario.setup.changes())


def start_scenario(
    campaign: Campaign, progress: CampaignProgress, scenario_id: str, seats: Sequence[SeatSpec], seed: int
) -> tuple[Any, list[SeatSpec]]:
    """Begin an attempt at an open scenario: its config and seats (progress notes the attempt).

    Raises ``ScenarioLocked`` for a locked scenario and ``ValueError`` for seats that do not
    fit (1 to 3, at least one person). The caller saves the progress.
    """
    scenario = begin(campaign, progress, scenario_id, seats, seed)
    return scenario_config(campaign, scenario, len(seats), progress.in_progress.attempt), list(seats)


def new_scenario_table(
    campaign: Campaign, progress: CampaignProgress, scenario_id: str, seats: Sequence[SeatSpec], seed: int
) -> Table:
    """``start_scenario`` and the table of its game."""
    from flight_tui.games import get_rules

    config, seats = start_scenario(campaign, progress, scenario_id, seats, seed)
    return Table(get_rules(campaign.game), config, seed, seats)
