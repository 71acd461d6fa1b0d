"""Who played how well: per player and per game, games, wins, average and best score."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from flight_tui.history.record import GameRecord
from flight_tui.table import SeatSpec


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """One player's record in one game (a person by name; a bot by name and level)."""

    player: str
    """The seat's label, e.g. ``Ann`` or ``Bob (Hard bot)``."""
    game: str
    title: str
    score_name: str
    """What a score is in this game (``points``, ``income in round 10``)."""
    games: int
    wins: int
    average: float
    """The average score."""
    best: int
    best_game: str
    """The ``id`` of the game with the best score (the latest of equal ones)."""


def standings(records: Iterable[GameRecord]) -> list[Standing]:
    """Every player's standing in every game they played, by game, then most games first."""
    tallies: dict[tuple[str, SeatSpec], list] = {}
    titles: dict[str, tuple[str, str]] = {}
    for record in records:
        titles[record.game] = (record.title, record.score_name)
        scores, winners = record.scores, record.winners
        for seat, spec in enumerate(record.seats):
            score = scores[seat] if seat < len(scores) else 0
            tally = tallies.get((record.game, spec))
            if tally is None:
                tally = tallies[record.game, spec] = [0, 0, 0, score, record.id]
            tally[0] += 1
            tally[1] += seat in winners
            tally[2] += score
            if score >= tally[3]:
                tally[3], tally[4] = score, record.id
    found = [
        Standing(
            player=spec.label,
            game=game,
            title=titles[game][0],
            score_name=titles[game][1],
            games=games,
            wins=wins,
            average=round(total / games, 1),
            best=best,
            best_game=best_game,
        )
        for (game, spec), (games, wins, total, best, best_game) in tallies.items()
    ]
    return sorted(found, key=lambda s: (s.game, -s.games, -s.wins, s.player))
