"""A lesson file as data: the prepared deal, its seats and the ordered steps.

A game's spec names its lesson file (``lesson``: ``package:file``, TOML). The file says the
seed and set-up of a deal, the learner's seat and the scripted seats' moves, and the steps: a
text, the part of the table screen it talks about, and the learner's move it waits for (or
none: the learner presses Enter). Moves are written as the game's action Structs are encoded
(``{type = "play", card = 8, flight = 2}``) and decoded with them, so a file naming a move the
game does not have fails to load.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import msgspec

from flight_tui.games import get_rules, get_spec


class LessonDataError(ValueError):
    """A lesson file that cannot be read or does not fit its game (a sentence saying why)."""


class LessonStep(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One instruction of a lesson."""

    text: str
    """What the learner reads; ``{binding.id}`` is replaced by that binding's key."""
    at: str = ""
    """CSS selector of the part of the table screen the text talks about (the panel is placed
    beside it); "" places it in the middle of the table."""
    expect: dict[str, Any] | None = None
    """The learner's move this step waits for, as the game's action encodes; None: Enter."""
    why: str = ""
    """Why this step wants its move: shown when the learner makes another."""
    id: str = ""
    """A name for tests that check the situation the text talks about."""


class LessonSeat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat of the lesson's deal: the learner (no moves) or a scripted bot."""

    name: str
    level: str = "easy"
    """The bot level shown beside a scripted seat's name."""
    moves: list[dict[str, Any]] = []
    """A scripted seat's moves, in the order it makes them."""


class LessonFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    game: str
    title: str
    seed: int
    options: dict[str, str] = {}
    learner: int = 0
    seats: list[LessonSeat]
    steps: list[LessonStep]


class Lesson(msgspec.Struct, frozen=True, kw_only=True):
    """A lesson read and checked against its game: the moves are the game's action Structs."""

    game: str
    title: str
    seed: int
    config: Any
    learner: int
    seats: list[LessonSeat]
    steps: list[LessonStep]
    expected: list[Any]
    """Per step, the learner's move it waits for (None: Enter)."""
    scripts: list[list[Any]]
    """Per seat, its scripted moves (the learner's list is empty)."""


def has_lesson(game: str) -> bool:
    """Whether ``game`` has a lesson."""
    return bool(get_spec(game).lesson)


def load_lesson(game: str) -> Lesson:
    """The lesson of ``game``, read from the file its spec names (KeyError: the game has none)."""
    path = get_spec(game).lesson
    if not path:
        raise KeyError(f"{get_spec(game).title} has no lesson yet")
    package, _, name = path.partition(":")
    return parse_lesson(resources.files(package).joinpath(name).read_bytes())


def parse_lesson(data: bytes) -> Lesson:
    """A lesson from the text of a lesson file; LessonDataError says what does not fit."""
    try:
        raw = msgspec.convert(tomllib.loads(data.decode("utf-8")), LessonFile)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        raise LessonDataError(f"the lesson file cannot be read: {exc}") from None
    try:
        rules = get_rules(raw.game)
    except KeyError as exc:
        raise LessonDataError(f"the lesson is for a game this version does not have: {exc}") from None
    if not 0 <= raw.learner < len(raw.seats):
        raise LessonDataError(f"the learner's seat {raw.learner} is not one of the {len(raw.seats)} seats")
    if raw.seats[raw.learner].moves:
        raise LessonDataError("the learner's moves are the steps', not a script")
    try:
        config = rules.make_config(len(raw.seats), raw.options)
        expected = [None if step.expect is None else msgspec.convert(step.expect, rules.action_type) for step in raw.steps]
        scripts = [[msgspec.convert(move, rules.action_type) for move in seat.moves] for seat in raw.seats]
    except (ValueError, msgspec.ValidationError) as exc:
        raise LessonDataError(f"the lesson does not fit {rules.title}: {exc}") from None
    return Lesson(
        game=raw.game,
        title=raw.title,
        seed=raw.seed,
        config=config,
        learner=raw.learner,
        seats=raw.seats,
        steps=raw.steps,
        expected=expected,
        scripts=scripts,
    )
