"""A lesson being played: its table, the scripted seats, and the step the learner is on.

:class:`LessonRun` is all a lesson screen and the lesson tests need: the table of the prepared
deal (whose scripted seats play their moves from the file through the usual turn driver), the
current step, and :meth:`LessonRun.refusal`, why a move other than the step's is not taken.
A move the rules make for the learner (:meth:`LessonRun.is_forced`) is made without a step.
"""

from __future__ import annotations

from typing import Any, Sequence

from flight_tui.engine.errors import IllegalAction
from flight_tui.games import get_rules
from flight_tui.lessons.model import Lesson, LessonStep
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import PersonSeat, SeatController


class ScriptedSeat:
    """A seat whose moves are written in the lesson file: it makes them one after another."""

    decides = True
    here = True

    def __init__(self, moves: Sequence[Any]) -> None:
        self.moves = list(moves)
        self.made = 0

    def choose(self, view: Any) -> Any:
        """The next scripted move (IllegalAction once the script is spent: the file is short)."""
        if self.made >= len(self.moves):
            raise IllegalAction("the lesson's script has no more moves for this seat")
        self.made += 1
        return self.moves[self.made - 1]


class LessonTable(Table):
    """The table of a lesson: its seats' controllers are the learner and the scripts.

    It keeps no undo (a lesson goes one way) and is never saved.
    """

    def __init__(self, lesson: Lesson) -> None:
        seats = [
            SeatSpec("human" if index == lesson.learner else seat.level, seat.name) for index, seat in enumerate(lesson.seats)
        ]
        super().__init__(get_rules(lesson.game), lesson.config, lesson.seed, seats, undo=False)
        self.seat_controllers: list[SeatController] = [
            PersonSeat() if index == lesson.learner else ScriptedSeat(script) for index, script in enumerate(lesson.scripts)
        ]


class LessonRun:
    """One playing of a lesson, from its first step to its last."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.table = LessonTable(lesson)
        self.index = 0
        """The step the learner is on (``len(steps)``: the lesson is finished)."""

    @property
    def learner(self) -> int:
        return self.lesson.learner

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> LessonStep | None:
        """The step the learner is on (None once finished)."""
        return None if self.finished else self.lesson.steps[self.index]

    @property
    def expected(self) -> Any:
        """The move the current step waits for (None: Enter, or the lesson is finished)."""
        return None if self.finished else self.lesson.expected[self.index]

    @property
    def why(self) -> str:
        """Why the current step wants its move, said when the learner makes another."""
        return (self.step.why if self.step else "") or "This step waits for another move."

    @property
    def waits_for_enter(self) -> bool:
        return not self.finished and self.expected is None

    def refusal(self, action: Any) -> str | None:
        """Why the learner's ``action`` is not taken now, or None if it is the step's move.

        The step's own reason comes first; when the game would refuse the move anyway, its
        reason follows.
        """
        if self.finished:
            return "The lesson is over."
        if self.waits_for_enter:
            return "Read the lesson's note first, then press Enter to go on."
        if action == self.expected:
            return None
        why = self.why
        rules = self.table.rules
        try:
            rules.apply(rules.clone(self.table.state), self.learner, action)
        except IllegalAction as exc:
            return f"{why} (And the rules forbid it: {exc})"
        return why

    def is_forced(self, action: Any) -> bool:
        """Whether ``action`` is the move the rules make for the learner now (it takes no step)."""
        return action is not None and action == self.table.forced_action(self.learner)

    def moved(self) -> None:
        """The learner made the step's move: on to the next step."""
        self.index += 1

    def go_on(self) -> None:
        """The learner pressed Enter on a step that waits for it."""
        if self.waits_for_enter:
            self.index += 1
