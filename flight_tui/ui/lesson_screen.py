"""A lesson played on its game's own table screen, with the lesson's panel beside what it talks about.

:func:`lesson_screen_class` makes, once per game, a subclass of the game's table screen with
:class:`LessonScreen` in front: the table shows, moves and tells events exactly as in a game,
and the lesson adds its panel, takes only the step's move (another is refused with the step's
reason and changes nothing), and Enter to go on where a step only explains. A lesson has no
undo, no hint, and is never saved; Esc leaves it at any point.
"""

from __future__ import annotations

import inspect
import re
from functools import cache
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.css.query import InvalidQueryFormat, NoMatches

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome
from flight_tui.games import get_spec, load
from flight_tui.lessons import LessonDataError, LessonRun, load_lesson
from flight_tui.table.driver import BOT
from flight_tui.ui.game_screen import GameTableScreen
from flight_tui.ui.widgets.lesson_panel import LessonPanel

KEY_NAME = re.compile(r"\{([a-z0-9][a-z0-9.-]*)\}")
"""``{flight.draw-pack}`` in a step's text: the key of that binding."""

NOT_IN_LESSONS = frozenset({"leave", "undo", "hint"})
"""The table's own actions a lesson leaves out (Esc is the lesson's own)."""


LESSON_BINDINGS = [
    Binding("enter,space", "lesson_continue", "Go on", key_display="Enter", priority=True, id="lesson.continue"),
    Binding("escape", "lesson_leave", "Leave lesson", key_display="Esc", priority=True, id="lesson.leave"),
]


class LessonScreen:
    """What a lesson adds to a game's table screen (see the module docstring).

    A mixin, in front of a :class:`GameTableScreen` subclass: Textual takes a screen's CSS
    type names from its first base that is a widget, so the game's own stylesheet still
    applies; the bindings are given to the class :func:`lesson_screen_class` makes.
    """

    def __init__(self, run: LessonRun, *, bot_delay: float | None = None) -> None:
        super().__init__(run.table, bot_delay=bot_delay)
        self.styles.layers = ("default", "lesson")  # the panel over the table, under the notices
        self.lesson = run
        self._target: str = ""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield LessonPanel(id="lesson")

    # ------------------------------------------------------------ the lesson's flow

    def play(self, seat: int, action: Any) -> Outcome:
        """The learner's move is taken only if it is the step's; the step moves on after it.

        A move the rules make for the learner (``Rules.forced_action``) is always made and
        takes no step: the learner had no choice to be taught.
        """
        learner = seat == self.lesson.learner and not self.lesson.is_forced(action)
        if learner:
            why = self.lesson.refusal(action)
            if why is not None:
                raise IllegalAction(self.with_keys(why))
        outcome = super().play(seat, action)
        if learner:
            self.lesson.moved()
        return outcome

    def advance(self) -> None:
        super().advance()
        self.show_step()

    def learner_asked(self) -> bool:
        """Whether the lesson waits for the learner now (not for a bot's move)."""
        return self.table.is_over() or self.driver.next_step().kind != BOT

    def show_step(self) -> None:
        """Show the current step (or, while a bot plays, that it does) beside its target."""
        try:
            panel = self.query_one(LessonPanel)
        except NoMatches:
            return
        run = self.lesson
        if run.finished:
            return
        total = len(run.lesson.steps)
        asked = self.learner_asked()
        self.guide(run.expected if asked else None, self.with_keys(run.why))
        if not asked:
            name = self.table.seats[self.driver.next_step().seat].name
            panel.say(f"{name} is playing: watch the log.", f"Lesson {run.index + 1}/{total}", "Esc: leave")
            self._target = "#log"
        else:
            step = run.step
            text = self.with_keys(step.text)
            what = "Enter: go on" if run.waits_for_enter else "your move"
            panel.say(text, f"Lesson {run.index + 1}/{total}", f"{what} · Esc: leave")
            self._target = step.at
        self.refresh_bindings()
        self.call_after_refresh(self.place_panel)

    def with_keys(self, text: str) -> str:
        """``text`` with each ``{binding.id}`` written as that binding's key now."""
        return KEY_NAME.sub(lambda match: self.key(match.group(1)), text)

    def place_panel(self) -> None:
        """Put the panel beside the part of the table its step talks about."""
        try:
            panel = self.query_one(LessonPanel)
        except NoMatches:  # the lesson has closed
            return
        try:
            target = self.query_one(self._target).region if self._target else None
        except (NoMatches, InvalidQueryFormat):  # a step naming no part of this screen: the middle
            target = None
        arrow = panel.put_beside(target, self.size)
        total = len(self.lesson.lesson.steps)
        shown = min(self.lesson.index + 1, total)
        panel.border_title = f"{arrow} Lesson {shown}/{total}".strip()

    def on_resize(self) -> None:
        self.call_after_refresh(self.place_panel)

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NOT_IN_LESSONS:
            return False
        if action == "lesson_continue":
            return self.lesson.waits_for_enter and self.learner_asked()
        return super().check_action(action, parameters)

    def action_lesson_continue(self) -> None:
        """Enter on a step that only explains: the next step (after the last, back to the menu)."""
        self.lesson.go_on()
        if self.lesson.finished:
            self._leave()
        else:
            self.show_step()

    def action_lesson_leave(self) -> None:
        """Leave the lesson now: nothing is kept, and it can be started again."""
        self._leave()

    def action_leave(self) -> None:
        """The game's end screens close into the lesson's last steps, not the menu."""
        if self.table.is_over() and not self.lesson.finished:
            self.show_step()
        else:
            self._leave()

    def action_undo(self) -> None:
        self.notify("A lesson goes one way: there is no undo.", severity="warning")

    def action_hint(self) -> None:
        self.notify("The lesson's panel says what to do.", severity="warning")


@cache
def lesson_screen_class(table_screen: str) -> type[GameTableScreen]:
    """The lesson screen over the table screen a spec names (``module:Class``), made once."""
    base = load(table_screen)
    # A class's bindings replace its bases' for the same key: the game's own stay beside the lesson's.
    namespace = {"BINDINGS": [*LESSON_BINDINGS, *base.BINDINGS], "_BASE_PATH": inspect.getfile(base)}
    return type(f"Lesson{base.__name__}", (LessonScreen, base), namespace)


def open_lesson(app: App, game: str, *, bot_delay: float | None = None) -> bool:
    """Start ``game``'s lesson over the menu (screens above it are closed); False, with a
    notice, if it has none or its file is broken."""
    try:
        lesson = load_lesson(game)
    except (KeyError, LessonDataError) as exc:
        app.notify(str(exc).strip("'\""), title="No lesson", severity="error")
        return False
    while len(app.screen_stack) > 1:
        app.pop_screen()
    screen = lesson_screen_class(get_spec(game).table_screen)(LessonRun(lesson), bot_delay=bot_delay)
    app.push_screen(screen)
    return True
