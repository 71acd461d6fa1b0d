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


def game_key(scenario_id: str, seed: int, attempt: int | None) -> str:
    """How the campaign tells games apart: scenario, seed and attempt number.

    Games started before attempts were noted have none: their key is the scenario and seed.
    """
    key = f"{scenario_id}#{seed}"
    return key if attempt is None else f"{key}#{attempt}"


class InProgress(msgspec.Struct, kw_only=True):
    """The scenario being played: its game's seed, attempt number, seats and autosave slot."""

    scenario: str
    seed: int
    seats: list[SeatSpec]
    slot: str | None = None
    attempt: int | None = None
    """Which attempt at the scenario this game is (None in files written before it was noted)."""

    @property
    def key(self) -> str:
        """The game's key (``game_key``)."""
        return game_key(self.scenario, self.seed, self.attempt)


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """How one finished game of a scenario ended, as the campaign records it."""

    scenario: str
    game: str
    """The game's key (``game_key``): a game is recorded once."""
    won: bool
    rounds: int
    """Rounds played."""
    coins: int
    """Coins left at the end."""
    delivered: int
    """Passengers flown home."""


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
    record = progress.records.setdefault(scenario_id, ScenarioRecord())
    record.attempts += 1
    progress.in_progress = InProgress(scenario=scenario_id, seed=seed, seats=list(seats), attempt=record.attempts)
    return scenario


def is_recorded(progress: CampaignProgress, game: str) -> bool:
    """Whether the game with this key was recorded (among the latest ``RECORDED_GAMES_KEPT``)."""
    return game in progress.recorded_games


def record_result(campaign: Campaign, progress: CampaignProgress, result: GameResult) -> Recorded | None:
    """Record a finished game of a scenario; None when the game was recorded before.

    A game counts once, with its first ending: an ending replayed from an earlier save is
    not recorded again. A win unlocks the scenarios that were waiting only for it. Best
    results: fewest rounds and most coins left count wins only; passengers delivered count
    every game. The game in progress is cleared only when it is this game.
    """
    scenario = campaign.scenario(result.scenario)
    if is_recorded(progress, result.game):
        return None
    progress.recorded_games = [*progress.recorded_games, result.game][-RECORDED_GAMES_KEPT:]
    was_open = {s.id for s in campaign.scenarios if is_unlocked(progress, s)}
    record = progress.records.setdefault(scenario.id, ScenarioRecord())
    record.attempts = max(record.attempts, record.wins + record.losses + 1)
    new_best: list[str] = []
    if result.won:
        record.wins += 1
        if record.fewest_rounds is None or result.rounds < record.fewest_rounds:
            record.fewest_rounds = result.rounds
            new_best.append("rounds")
        if record.most_coins is None or result.coins > record.most_coins:
            record.most_coins = result.coins
            new_best.append("coins")
    else:
        record.losses += 1
    if record.most_delivered is None or result.delivered > record.most_delivered:
        record.most_delivered = result.delivered
        new_best.append("delivered")
    if progress.in_progress is not None and progress.in_progress.key == result.game:
        progress.in_progress = None
    unlocked = tuple(s.id for s in campaign.scenarios if s.id not in was_open and is_unlocked(progress, s))
    complete = result.won and all(is_won(progress, s.id) for s in campaign.scenarios)
    improved = bool(new_best) and record.wins + record.losses > 1
    message = _message(campaign, scenario, result.won, unlocked, improved, complete)
    return Recorded(won=result.won, unlocked=unlocked, new_best=tuple(new_best), message=message)


def summary(campaign: Campaign, progress: CampaignProgress) -> str:
    """How far the progress goes, in a few words: ``2 of 7 scenarios won, Rush Hour in progress``."""
    won = sum(1 for scenario in campaign.scenarios if is_won(progress, scenario.id))
    words = f"{won} of {len(campaign.scenarios)} scenarios won"
    playing = progress.in_progress
    if playing is not None:
        try:
            words += f", {campaign.scenario(playing.scenario).title} in progress"
        except KeyError:
            pass  # a scenario this version does not have
    return words


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
