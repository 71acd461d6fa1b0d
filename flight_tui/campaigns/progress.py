"""How far a player has come in a campaign: wins, unlocks, attempts, best results.

``CampaignProgress`` is plain data (kept in the campaign file, see ``store``). The functions
here read and change it: which scenarios are open, starting a scenario (an attempt) and
recording how a game of it ended.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from flight_tui.campaigns.model import Campaign, Scenario
from flight_tui.table.seats import SeatSpec

WON, OPEN, LOCKED, PLAYING = "won", "open", "locked", "playing"
"""A scenario's status: won at least once; open to play; locked; a game of it in progress."""

RECORDED_GAMES_KEPT = 50
"""How many finished games are remembered, so that one game is never recorded twice."""


class ScenarioRecord(msgspec.Struct, kw_only=True):
    """One scenario's history: games started and finished, and the best results."""

    attempts: int = 0
    """Games of this scenario started (a retry is a new attempt)."""
    wins: int = 0
    losses: int = 0
    fewest_rounds: int | None = None
    """The fewest rounds played in a won game."""
    most_coins: int | None = None
    """The most coins left at the end of a won game."""
    most_delivered: int | None = None
    """The most passengers flown home in any finished game (won or lost)."""


class InProgress(msgspec.Struct, kw_only=True):
    """The scenario being played: its game's seed, seats and autosave slot."""

    scenario: str
    seed: int
    seats: list[SeatSpec]
    slot: str | None = None


class CampaignProgress(msgspec.Struct, kw_only=True):
    """A player's progress through one campaign."""

    campaign: str
    records: dict[str, ScenarioRecord] = msgspec.field(default_factory=dict)
    in_progress: InProgress | None = None
    recorded_games: list[str] = msgspec.field(default_factory=list)
    """Keys of the finished games already recorded (the latest few)."""

    def record(self, scenario_id: str) -> ScenarioRecord:
        """The scenario's record (an empty one if it was never played)."""
        return self.records.get(scenario_id) or ScenarioRecord()


class Recorded(msgspec.Struct, frozen=True):
    """What recording a finished game changed, for the player."""

    won: bool
    unlocked: tuple[str, ...]
    """Scenarios this win opened."""
    new_best: tuple[str, ...]
    """Which best results improved: ``rounds``, ``coins``, ``delivered``."""
    message: str


class ScenarioLocked(ValueError):
    """A scenario that may not be played yet (a sentence naming what must be won first)."""


def is_won(progress: CampaignProgress, scenario_id: str) -> bool:
    return progress.record(scenario_id).wins > 0


def is_unlocked(progress: CampaignProgress, scenario: Scenario) -> bool:
    """Open when every scenario it requires has been won."""
    return all(is_won(progress, required) for required in scenario.requires)


def status(progress: CampaignProgress, scenario: Scenario) -> str:
    """One of WON, PLAYING, OPEN, LOCKED (a game in progress shows as PLAYING)."""
    if progress.in_progress is not None and progress.in_progress.scenario == scenario.id:
        return PLAYING
    if is_won(progress, scenario.id):
        return WON
    return OPEN if is_unlocked(progress, scenario) else LOCKED


def check_seats(seats: Sequence[SeatSpec]) -> None:
    """1 to 3 seats with at least one person (ValueError with a sentence otherwise)."""
    if not 1 <= len(seats) <= 3:
        raise ValueError("A scenario is played by 1 to 3 seats.")
    if all(seat.is_bot for seat in seats):
        raise ValueError("At least one seat must be a person: a campaign records the players' own games.")


def begin(campaign: Campaign, progress: CampaignProgress, scenario_id: str, seats: Sequence[SeatSpec], seed: int) -> Scenario:
    """Count an attempt at an open scenario and note it as the game in progress."""
    scenario = campaign.scenario(scenario_id)
    if not is_unlocked(progress, scenario):
        missing = [campaign.scenario(r).title for r in scenario.requires if not is_won(progress, r)]
        raise ScenarioLocked(f"'{scenario.title}' is locked: win {' and '.join(missing)} first.")
    check_seats(seats)
    progress.records.setdefault(scenario_id, ScenarioRecord()).attempts += 1
    progress.in_progress = InProgress(scenario=scenario_id, seed=seed, seats=list(seats))
    return scenario


def record_result(
    campaign: Campaign,
    progress: CampaignProgress,
    scenario_id: str,
    won: bool,
    rounds_played: int,
    coins_left: int,
    delivered: int | None = None,
    *,
    game_key: str | None = None,
) -> Recorded | None:
    """Record a finished game of a scenario; None when ``game_key`` was recorded before.

    A win unlocks the scenarios that were waiting only for it. Best results: fewest rounds
    and most coins left count wins only; passengers delivered count every game.
    """
    scenario = campaign.scenario(scenario_id)
    if game_key is not None:
        if game_key in progress.recorded_games:
            return None
        progress.recorded_games = [*progress.recorded_games, game_key][-RECORDED_GAMES_KEPT:]
    was_open = {s.id for s in campaign.scenarios if is_unlocked(progress, s)}
    record = progress.records.setdefault(scenario_id, ScenarioRecord())
    record.attempts = max(record.attempts, record.wins + record.losses + 1)
    new_best: list[str] = []
    if won:
        record.wins += 1
        if record.fewest_rounds is None or rounds_played < record.fewest_rounds:
            record.fewest_rounds = rounds_played
            new_best.append("rounds")
        if record.most_coins is None or coins_left > record.most_coins:
            record.most_coins = coins_left
            new_best.append("coins")
    else:
        record.losses += 1
    if delivered is not None and (record.most_delivered is None or delivered > record.most_delivered):
        record.most_delivered = delivered
        new_best.append("delivered")
    if progress.in_progress is not None and progress.in_progress.scenario == scenario_id:
        progress.in_progress = None
    unlocked = tuple(s.id for s in campaign.scenarios if s.id not in was_open and is_unlocked(progress, s))
    complete = won and all(is_won(progress, s.id) for s in campaign.scenarios)
    improved = bool(new_best) and record.wins + record.losses > 1
    message = _message(campaign, scenario, won, unlocked, improved, complete)
    return Recorded(won=won, unlocked=unlocked, new_best=tuple(new_best), message=message)


def _message(
    campaign: Campaign, scenario: Scenario, won: bool, unlocked: tuple[str, ...], improved: bool, complete: bool
) -> str:
    number = campaign.number(scenario.id)
    if not won:
        return f"Scenario {number}, {scenario.title}: lost. Try it again from the campaign screen."
    parts = [f"Scenario {number}, {scenario.title}: won!"]
    parts.extend(f"Scenario {campaign.number(s)}, {campaign.scenario(s).title}, is unlocked." for s in unlocked)
    if complete and not unlocked:
        parts.append(f"Every scenario of {campaign.title} is won.")
    if improved and not unlocked:
        parts.append("A new best result.")
    return " ".join(parts)
