"""The text ``flight-tui history`` prints: the games, then each player's standing per game."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import lru_cache

from flight_tui.history.record import GameRecord
from flight_tui.history.standings import Standing
from flight_tui.table import SeatSpec

WINNER_MARK = "*"
"""After a winner's score in a game's line (a mark, not a colour)."""


def result_text(record: GameRecord) -> str:
    """Who won, in a few words: ``won by Ann``; a cooperative game ``won`` or ``lost``."""
    if record.cooperative:
        return "won" if record.winners else "lost"
    names = record.winner_names
    return "won by " + ", ".join(names) if names else "no winner"


def seats_text(record: GameRecord) -> str:
    """The seats with their scores, winners marked: ``Ann 35*, Bob (Hard bot) 28``."""
    winners = record.winners
    return ", ".join(
        f"{_label(seat)} {score}{WINNER_MARK if number in winners else ''}"
        for number, (seat, score) in enumerate(zip(record.seats, record.scores))
    )


@lru_cache(maxsize=1024)
def _label(seat: SeatSpec) -> str:
    """A seat's label (the same few seats come back in game after game)."""
    return seat.label


def format_history(records: Sequence[GameRecord], players: Sequence[Standing], width: int = 80, last: int | None = None) -> str:
    """The games (oldest first, the newest just above the standings; only the ``last`` ones when
    given) and the standings of them all, ``width`` columns wide."""
    if not records:
        return "No finished games yet."
    shown = records[-last:] if last is not None and last < len(records) else records
    lines = [f"{len(records)} finished game{'s' if len(records) != 1 else ''} (local times; * a winner)"]
    if len(shown) < len(records):
        lines[0] += f", the latest {len(shown)} listed (--all lists every one):"
    else:
        lines[0] += ":"
    for record in shown:
        head = f"{record.finished.astimezone():%Y-%m-%d %H:%M}  {record.title}: {result_text(record)}"
        lines += _wrapped(head, width, "", "    ")
        lines += _wrapped(seats_text(record), width, "    ", "      ")
    lines += ["", *format_standings(players, width)]
    return "\n".join(lines)


def _wrapped(text: str, width: int, first: str, rest: str) -> list[str]:
    """``text`` in lines of at most ``width`` (most lines fit: textwrap only for the others)."""
    if len(first) + len(text) <= width:
        return [first + text]
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def format_standings(players: Sequence[Standing], width: int = 80) -> list[str]:
    """Per game, a table: player, games, wins, average score, best score."""
    lines: list[str] = []
    name_width = max(8, min(width - 32, max((len(s.player) for s in players), default=8)))
    for game in dict.fromkeys(s.game for s in players):
        rows = [s for s in players if s.game == game]
        if lines:
            lines.append("")
        lines.append(f"{rows[0].title} (score: {rows[0].score_name})")
        lines.append(f"  {'player':<{name_width}} {'games':>5} {'wins':>5} {'average':>8} {'best':>6}")
        for s in rows:
            lines.append(f"  {s.player[:name_width]:<{name_width}} {s.games:>5} {s.wins:>5} {s.average:>8.1f} {s.best:>6}")
    return lines
