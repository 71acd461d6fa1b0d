"""Campaigns of the cooperative mode: scenarios, progress, and the campaign file.

How the app uses it::

    from flight_tui.campaigns import load_campaigns, load_progress, new_scenario_table

    campaign = load_campaigns()[0]
    progress = load_progress(campaign.id)          # CampaignFileError if the file is damaged
    table = new_scenario_table(campaign, progress, "first-flights", seats, seed)
    progress.in_progress.slot = store.autosave(table)
    save_progress(progress)                         # once: the attempt and the game in progress
    app.open_table(table)
    note_autosave(table, slot)                      # after each autosave: a named save loaded
                                                    # goes on in a new slot
    outcome = record_finished_game(table)           # when the game ends: "Scenario 2 ... unlocked";
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
from weakref import WeakKeyDictionary

import msgspec

from flight_tui.campaigns.model import (
    Campaign,
    CampaignDataError,
    Scenario,
    Setup,
    get_campaign,
    load_campaigns,
    scenario_attempt,
    scenario_key,
    split_scenario_key,
)
from flight_tui.campaigns.pending import forget_pending, keep_pending, pending_results
from flight_tui.campaigns.progress import (
    CampaignProgress,
    GameResult,
    Recorded,
    ScenarioLocked,
    ScenarioRecord,
    begin,
    game_key,
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
    "ScenarioLocked",
    "ScenarioRecord",
    "Setup",
    "campaign_outcome",
    "campaign_path",
    "finished_result",
    "get_campaign",
    "load_campaigns",
    "load_progress",
    "new_scenario_table",
    "note_autosave",
    "pending_results",
    "record_finished_game",
    "record_pending",
    "record_result",
    "restore_backup",
    "save_progress",
    "scenario_config",
    "set_aside",
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


def note_autosave(table: Table, slot: str | None) -> None:
    """Point the campaign's game in progress at ``slot`` when ``table`` is that game.

    The app calls it after each autosave; the campaign file is read only when the table's
    slot is new to it (a game loaded from a named save goes on in a new autosave). Another
    attempt's game changes nothing, and a campaign file that cannot be used is left alone
    (the campaign screen tells about it).
    """
    game = _scenario_game(table)
    if game is None or slot is None or _noted.get(table) == slot:
        return
    campaign_id, key = game
    try:
        progress = load_progress(campaign_id)
        playing = progress.in_progress
        if playing is not None and playing.key == key and playing.slot != slot:
            playing.slot = slot
            save_progress(progress)
    except CampaignFileError:
        return
    _noted[table] = slot


class GameOutcome(msgspec.Struct, frozen=True):
    """What became of a finished scenario game's result, in words for the player."""

    message: str
    recorded: bool = False
    """This ending counts in the campaign now."""
    safe: bool = True
    """The result is recorded, or was before, or is kept to be recorded later: the game's
    autosave may go. False when it is neither: the autosave must stay."""


def record_finished_game(table: Table) -> GameOutcome | None:
    """Record a finished scenario game in its campaign file; what became of it.

    None when the table is not a finished scenario game, or its outcome was given already
    (the end may be reported more than once). Results waiting to be recorded go in first. A
    result the campaign file cannot take now is kept (``pending``) and recorded at the next
    chance; when even that fails, the outcome is not ``safe``. Nothing is raised.
    """
    if _scenario_game(table) is None or not table.is_over():
        return None
    given = _outcomes.get(table)
    if given is not None and given.safe:
        return None
    outcome = _outcomes[table] = _record(table)
    return outcome


def campaign_outcome(table: Table) -> str | None:
    """The message ``record_finished_game`` gave for this table's game, if any (for its end screen)."""
    outcome = _outcomes.get(table)
    return outcome.message if outcome is not None else None


def record_pending(campaign: Campaign) -> list[str]:
    """Record the results that waited for the campaign file; a message for each one recorded.

    ``CampaignFileError`` when the campaign file (or the file of waiting results) cannot be used.
    """
    waiting = pending_results(campaign.id)
    if not waiting:
        return []
    progress = load_progress(campaign.id)
    recorded = [record_result(campaign, progress, result) for result in waiting]
    save_progress(progress)
    forget_pending(campaign.id, waiting)
    return [done.message for done in recorded if done is not None]


def finished_result(table: Table) -> tuple[Campaign, GameResult]:
    """The campaign and result of a finished scenario game (KeyError/ValueError for an unknown scenario)."""
    key = table.config.scenario
    campaign_id, scenario_id = split_scenario_key(key)
    campaign = get_campaign(campaign_id)
    campaign.scenario(scenario_id)
    won = bool(table.rules.result(table.state).winners)
    view = table.view(0)
    return campaign, GameResult(
        scenario=scenario_id,
        game=game_key(scenario_id, table.seed, scenario_attempt(key)),
        won=won,
        rounds=view.round,
        coins=view.coins,
        delivered=sum(view.delivered),
    )


_noted: WeakKeyDictionary[Table, str] = WeakKeyDictionary()
"""Per live scenario table: the autosave slot ``note_autosave`` has dealt with."""

_outcomes: WeakKeyDictionary[Table, GameOutcome] = WeakKeyDictionary()
"""Per live scenario table: what ``record_finished_game`` made of its end."""


def _scenario_game(table: Table) -> tuple[str, str] | None:
    """(campaign id, game key) of a scenario game, or None for any other game."""
    key = getattr(table.config, "scenario", "")
    if not key:
        return None
    try:
        campaign_id, scenario_id = split_scenario_key(key)
        if get_campaign(campaign_id).game != table.rules.name:
            return None
    except (KeyError, ValueError):
        return None
    return campaign_id, game_key(scenario_id, table.seed, scenario_attempt(key))


def _record(table: Table) -> GameOutcome:
    try:
        campaign, result = finished_result(table)
    except (KeyError, ValueError) as error:
        return GameOutcome(f"This game's scenario cannot be recorded: {error.args[0]}.")
    scenario = campaign.scenario(result.scenario)
    name = f"Scenario {campaign.number(scenario.id)}, {scenario.title}"
    try:
        earlier = record_pending(campaign)
    except CampaignFileError:
        earlier = []  # the campaign file's problem is met again just below; a damaged results file waits
    try:
        progress = load_progress(campaign.id)
        recorded = record_result(campaign, progress, result)
        if recorded is not None:
            save_progress(progress)
    except CampaignFileError as error:
        return _keep(campaign.id, result, name, error)
    if recorded is None:
        message = f"{name}: this game was recorded when it first ended. A game counts once: this ending, played again from a save, is not recorded."
    else:
        message = recorded.message
    if earlier:
        message += " Recorded now too, from an earlier game: " + " ".join(earlier)
    return GameOutcome(message, recorded=recorded is not None)


def _keep(campaign_id: str, result: GameResult, name: str, problem: CampaignFileError) -> GameOutcome:
    """Keep a result the campaign file cannot take, to record it later; the outcome for the player."""
    verdict = "won" if result.won else "lost"
    try:
        added = keep_pending(campaign_id, result)
    except CampaignFileError as error:
        return GameOutcome(
            f"{name}: {verdict}, but the result could not be recorded ({problem}) nor kept for later ({error.reason})"
            " The game's autosave is kept, one move before the end: resume it and finish it to record the result.",
            safe=False,
        )
    if not added:
        return GameOutcome(
            f"{name}: this game ended before, and that first ending waits to be recorded. A game counts once: this ending is not recorded."
        )
    return GameOutcome(
        f"{name}: {verdict}, but not recorded yet. {problem} The result is kept and will be recorded once the campaign"
        " file can be used again: on the campaign screen, restore its backup or set it aside."
    )
