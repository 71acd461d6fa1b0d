"""What the history keeps of one finished game, in its index: enough to list it and to count it."""

from __future__ import annotations

from datetime import datetime

import msgspec

from flight_tui.table import SeatSpec, Table


class HistoryError(Exception):
    """The history (or one game in it) cannot be read or written, in words for a player."""


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game as the history lists it (``msgspec.json.encode`` gives ``--json``)."""

    id: str
    """Which game: its game, when it began and its seed (a game loaded again is the same game)."""
    game: str
    """The game's name (``flight``, ``connecting-flights-coop``)."""
    title: str
    cooperative: bool = False
    """The seats win or lose together."""
    started: datetime
    finished: datetime
    seats: list[SeatSpec]
    scores: list[int]
    """Per seat, the score the game ranks by (``Result.scores``)."""
    score_name: str = "points"
    """What a score is (``GameSpec.score_name``)."""
    winners: list[int]
    """The winning seats (none: a cooperative game lost)."""
    summary: str
    """The game's own sentence on how it ended."""
    moves: int
    size: int = 0
    """The bytes of its game file (for the history's bound)."""

    @property
    def players(self) -> list[str]:
        """Seat labels, e.g. ``Bob (Hard bot)``."""
        return [seat.label for seat in self.seats]

    @property
    def winner_names(self) -> list[str]:
        return [self.seats[i].name for i in self.winners if 0 <= i < len(self.seats)]


def record_id(table: Table) -> str:
    """The game's identity in the history: its game, when it began (UTC) and its seed."""
    started = table.save_identity.created
    return f"{table.rules.name}-{started:%Y%m%d-%H%M%S-%f}-{table.seed:x}"


def record_of(table: Table, finished: datetime, size: int = 0) -> GameRecord:
    """The summary of a finished ``table`` (``IllegalAction`` if it is not over)."""
    result = table.result()
    return GameRecord(
        id=record_id(table),
        game=table.rules.name,
        title=table.rules.title,
        cooperative=table.rules.cooperative,
        started=table.save_identity.created,
        finished=finished,
        seats=list(table.seats),
        scores=list(result.scores),
        score_name=table.rules.spec.score_name,
        winners=list(result.winners),
        summary=result.summary,
        moves=len(table.actions),
        size=size,
    )
