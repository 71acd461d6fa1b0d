"""A scenario's games as their campaign follows them: where each is saved, and its end recorded once."""

from __future__ import annotations

import msgspec

from flight_tui.campaigns.model import Campaign, get_campaign, scenario_attempt, split_scenario_key
from flight_tui.campaigns.pending import forget_pending, keep_pending, pending_results
from flight_tui.campaigns.progress import GameResult, game_key, record_result
from flight_tui.campaigns.store import CampaignFileError, load_progress, save_progress
from flight_tui.table import Table


class GameOutcome(msgspec.Struct, frozen=True):
    """What became of a finished scenario game's result, in words for the player."""

    message: str
    recorded: bool = False
    """This ending counts in the campaign now."""
    safe: bool = True
    """The result is recorded, or was before, or is kept to be recorded later: the game's
    autosave may go. False when it is neither: the autosave must stay."""


class ScenarioGame:
    """One open game of a campaign scenario, as its campaign follows it (``ScenarioGame.of(table)``).

    The app keeps one for the game it shows: ``note_autosave`` after each autosave, and
    ``record_end`` once the game is over. The campaign file is read only when something is to
    be written to it.
    """

    def __init__(self, table: Table, campaign_id: str, key: str) -> None:
        self.table = table
        self.campaign_id = campaign_id
        self.key = key
        """The game's key (``game_key``): which attempt at which scenario it is."""
        self.noted_slot: str | None = None
        """The autosave slot the campaign file was last pointed at for this game."""
        self.outcome: GameOutcome | None = None
        """What ``record_end`` made of the game's end (None until it ended)."""

    @classmethod
    def of(cls, table: Table) -> ScenarioGame | None:
        """The campaign's view of ``table``'s game; None when it is no game of a known campaign."""
        scenario = getattr(table.config, "scenario", "")
        if not scenario:
            return None
        try:
            campaign_id, scenario_id = split_scenario_key(scenario)
            if get_campaign(campaign_id).game != table.rules.name:
                return None
        except (KeyError, ValueError):
            return None
        return cls(table, campaign_id, game_key(scenario_id, table.seed, scenario_attempt(scenario)))

    def note_autosave(self, slot: str | None) -> None:
        """Point the campaign's game in progress at ``slot`` when this game is that game.

        The campaign file is read only when the slot is new here (a game loaded from a named
        save goes on in a new autosave). Another attempt's game changes nothing, and a campaign
        file that cannot be used is left alone (the campaign screen tells about it).
        """
        if slot is None or slot == self.noted_slot:
            return
        try:
            progress = load_progress(self.campaign_id)
            playing = progress.in_progress
            if playing is not None and playing.key == self.key and playing.slot != slot:
                playing.slot = slot
                save_progress(progress)
        except CampaignFileError:
            return
        self.noted_slot = slot

    def record_end(self) -> GameOutcome | None:
        """Record the finished game in its campaign file; what became of it.

        None when the game is not over, or its outcome was given already (the end may be
        reported more than once). Results waiting to be recorded go in first. A result the
        campaign file cannot take now is kept (``pending``) and recorded at the next chance;
        when even that fails, the outcome is not ``safe`` and the next call tries again.
        Nothing is raised.
        """
        if not self.table.is_over() or (self.outcome is not None and self.outcome.safe):
            return None
        self.outcome = _record(self.table)
        return self.outcome


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
