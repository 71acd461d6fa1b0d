"""What every game's table screen shares: seats, bots' moves, undo, hint and leaving.

A table screen shows one seat at a time, the *viewer*: the human whose move it is (with several
humans at one keyboard, the next one, after a hand-off screen). It reads only
``table.view(viewer)``, never the hidden state. Bots decide in a worker thread and their moves
are applied on the main thread, one at a time, after a short pause so a person can follow.

Who plays each seat, and what comes next, is the :class:`~flight_tui.table.driver.TurnDriver`'s
to say (``self.driver``); a table whose game is played elsewhere (a table served by
``flight-tui serve``) names its seats' controllers itself (``seat_controllers``). A game's screen subclasses :class:`GameTableScreen`, calls :meth:`start`
from its ``on_mount`` and implements :meth:`advance`: make a move the rules make
(:meth:`make_forced_move`), redraw, then show whatever comes next (an end screen, a hand-off to
a person the driver asks, or a bot's move via :meth:`schedule_bot`). Every action goes through
:meth:`play`, which tells :meth:`moved` what it caused (for notices). :meth:`request_hint` asks
the game's hint bot (its spec's ``hint_level``: the strongest that answers within the hint's
time) in a worker, with a loading indicator in the footer; a hint shown with :meth:`show_hint`
says when the bot's search found the choice a close call, goes away as soon as the player acts,
and one that arrives after the player acted is dropped.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from textual import on
from textual.message import Message
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from flight_tui.bots import make_bot
from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome
from flight_tui.engine.rng import derived_seed
from flight_tui.engine.search import SearchSummary
from flight_tui.games import get_spec
from flight_tui.table import Table
from flight_tui.table.driver import BOT, FORCED, TurnDriver
from flight_tui.ui.keys import key_for
from flight_tui.ui.widgets.footer import Footer

DEFAULT_BOT_DELAY = 0.6
"""Seconds between two bot moves, so that a person can follow them."""
CLOSE_CALL = " A close call: over {samples} sampled deals its next best move did about as well."
"""Added to a hint when the bot's search found its runner-up nearly as good."""


def hint_choice(bot: Any, view: Any) -> tuple[Any, SearchSummary | None]:
    """``bot``'s choice in ``view``, and how its search compared that choice with the runner-up (if it searched)."""
    action = bot.choose(view)
    return action, getattr(bot, "last_search", None)

GameCommand = tuple[str, str, Callable[[], Any]]
"""A command for the app's command palette: (title, help, callback)."""


class MoveRefused(Message):
    """A view on a table screen says why the viewer's key made no move; the table shows it as
    a refusal (:meth:`GameTableScreen.refuse`), which goes once a move is made or the table is left."""

    def __init__(self, reason: str, title: str = "Not allowed") -> None:
        super().__init__()
        self.reason = reason
        self.title = title


class GameTableScreen(Screen[None]):
    """The base of a game's table screen. ``bot_delay`` overrides the app's setting (0 in tests)."""

    def __init__(self, table: Table, *, bot_delay: float | None = None) -> None:
        super().__init__()
        self.table = table
        self.bot_delay = bot_delay
        self.driver = TurnDriver(table, getattr(table, "seat_controllers", None))
        self.humans = list(self.driver.people)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None if self.humans else 0
        """The seat shown: the one person here; with several, the one whose turn it is (None
        until one is asked); with none (a game of bots only, watched), the first seat."""
        self._bot_busy = False
        self._hint_worker: Worker[Any] | None = None
        self._hint_asked: tuple[list[tuple[int, Any]], Callable[[Any], None]] | None = None
        """The moves played when the hint in the works was asked for, and what shows it."""
        self._hint_shown: Notification | None = None
        self._refusals: list[Notification] = []
        """The "not allowed" notices on screen: taken back once the viewer's move is made."""
        self._told: list[Notification] = []
        """Notices of what others did (see :meth:`tell`): taken back when the table is left."""
        self._hint_search: SearchSummary | None = None
        """How sure the search behind the hint being shown was (None: no search)."""

    # ------------------------------------------------------------ to implement

    def advance(self) -> None:
        """After any change: redraw, then whatever comes next."""
        raise NotImplementedError

    def fallback_action(self, seat: int) -> Any:
        """What a seat's bot does when its choice is refused (a bug): its first legal action."""
        return self.table.legal_actions(seat)[0]

    def moved(self, seat: int, events: list[Any]) -> None:
        """``seat``'s action just caused ``events`` (before the redraw); nothing by default."""

    def show_position(self) -> None:
        """Redraw the position from the viewer's view, and nothing more (no end screen, hand-off
        or bot's move): a replay's step."""
        raise NotImplementedError

    def hidden_lines(self, view: Any) -> list[str]:
        """What the view's seat holds that the others do not see, in a few lines (a replay's
        "everything", once the game is over); none by default."""
        return []

    # ------------------------------------------------------------ acting

    def guide(self, action: Any | None, why: str) -> None:
        """A lesson waits for ``action`` (None: for no move now), refusing another with ``why``.
        A screen whose moves are put together over several keys (a flight builder) refuses, as
        each is pressed, a key that leads away from it; where a key makes a move, the lesson
        refuses a wrong move itself, and nothing is needed here."""

    def play(self, seat: int, action: Any) -> Outcome:
        """Apply any seat's action at the table (IllegalAction if refused) and report what it caused."""
        outcome = self.table.submit(seat, action)
        self.moved(seat, list(outcome.events))
        return outcome

    # ------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Show the position (the app saves the game after every move)."""
        self.advance()

    # ------------------------------------------------------------ bots

    def make_forced_move(self) -> bool:
        """Make the move the rules make for the person here, if one comes next, and advance (True)."""
        step = self.driver.next_step()
        if step.kind != FORCED:
            return False
        self.play(step.seat, step.action)
        self.advance()
        return True

    def schedule_bot(self) -> None:
        """If a bot's move comes next, let it move after the pause (once: a bot already thinking is
        not asked again)."""
        if self._bot_busy or self.driver.next_step().kind != BOT:
            return
        self._bot_busy = True
        delay = self._bot_delay()
        if delay > 0:
            self.set_timer(delay, self._start_bot)
        else:
            self.call_later(self._start_bot)

    def _bot_delay(self) -> float:
        if self.bot_delay is not None:
            return self.bot_delay
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "bot_delay", DEFAULT_BOT_DELAY))

    def _start_bot(self) -> None:
        step = self.driver.next_step()
        if step.kind != BOT:
            self._bot_busy = False
            return
        choose = self.driver.bot_decision(step.seat)
        self.run_worker(choose, name=str(step.seat), group="bot", thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "bot" or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self._bot_busy = False
        seat = int(worker.name)
        name = self.table.seats[seat].name
        action = worker.result if event.state == WorkerState.SUCCESS else None
        try:
            if action is None:
                raise IllegalAction(f"no move chosen ({worker.error})")
            self.play(seat, action)
        except IllegalAction as exc:
            self.notify(f"{name}'s bot went wrong ({exc}); it makes its first legal move.", severity="error")
            self.play(seat, self.fallback_action(seat))
        self.advance()

    def request_hint(self, show: Callable[[Any], None]) -> None:
        """Ask the hint bot what it would do in the viewer's seat, in a worker; ``show(action)`` gets its choice.

        The footer shows a loading indicator meanwhile. A choice that arrives after the position
        changed (the player moved or took a move back) is dropped: it was about the old one.
        Each request has its own bot and its own view, so a thread left over from a dropped
        hint shares nothing with the screen.
        """
        if self.viewer is None:
            return
        self.forget_hint()
        bot = make_bot(self.table.rules.name, self.hint_level, derived_seed(self.table.seed, "hint"))
        self._hint_asked = (list(self.table.actions), show)
        self._show_thinking(True)
        choose = partial(hint_choice, bot, self.table.view(self.viewer))
        self._hint_worker = self.run_worker(choose, name="hint", group="hint", thread=True, exit_on_error=False)

    @on(Worker.StateChanged)
    def _hint_answered(self, event: Worker.StateChanged) -> None:
        """The hint's worker is done: show its choice if the position is still the one it was asked about."""
        worker = event.worker
        if worker is not self._hint_worker or not worker.is_finished or self._hint_asked is None:
            return
        self._hint_worker = None
        self._show_thinking(False)
        (played, show), self._hint_asked = self._hint_asked, None
        if event.state == WorkerState.ERROR:
            self.notify(f"No hint this time: the {self.hint_bot} went wrong ({worker.error}).", severity="error")
        elif event.state == WorkerState.SUCCESS and self.table.actions == played:
            action, self._hint_search = worker.result
            show(action)

    @property
    def hint_level(self) -> str:
        """The level of the bot the hint key asks."""
        return get_spec(self.table.rules.name).hint_level

    @property
    def hint_bot(self) -> str:
        """The hint bot as a hint names it: "Hard bot"."""
        return f"{self.hint_level.capitalize()} bot"

    def _show_thinking(self, thinking: bool) -> None:
        for footer in self.query(Footer):
            footer.loading = thinking

    def show_hint(self, text: str) -> None:
        """Show a hint as a notice that stays until the player acts (or it times out), saying
        when the search behind it found the choice a close call."""
        search, self._hint_search = self._hint_search, None
        if search is not None and search.close:
            text += CLOSE_CALL.format(samples=search.samples)
        self.forget_hint()
        self._hint_shown = self._notify_takeable(text, title="Hint")

    def forget_hint(self) -> None:
        """Take the hint off the screen, or drop the one in the works: it was about the position before the player acted."""
        worker, self._hint_worker, self._hint_asked = self._hint_worker, None, None
        if worker is not None:
            worker.cancel()
            self._show_thinking(False)
        hint, self._hint_shown = self._hint_shown, None
        if hint is not None:
            self._take_back(hint)

    def refuse(self, reason: str, title: str = "Not allowed") -> None:
        """Tell the viewer why a move was not made; the notice goes once a move is made."""
        self._refusals.append(self._notify_takeable(reason, title=title, severity="warning"))

    def on_move_refused(self, message: MoveRefused) -> None:
        message.stop()
        self.refuse(message.reason, message.title)

    def forget_refusals(self) -> None:
        """Take the "not allowed" notices off the screen: they were about the position before."""
        refusals, self._refusals = self._refusals, []
        for notice in refusals:
            self._take_back(notice)

    def on_unmount(self) -> None:
        """However the table is left, its notices about the position (hint, refusals, news) go with it."""
        self.forget_hint()
        self.forget_refusals()
        told, self._told = self._told, []
        for notice in told:
            self._take_back(notice)

    def tell(self, text: str, *, title: str, timeout: float | None = None, severity: SeverityLevel = "information") -> None:
        """Show the viewer what others' moves did to them; the notice stays at most ``timeout``
        seconds (the app's default when None), and goes with the table when the player leaves it."""
        self._told = [n for n in self._told if not n.has_expired]
        self._told.append(self._notify_takeable(text, title=title, severity=severity, timeout=timeout))

    def _notify_takeable(
        self, text: str, *, title: str, severity: SeverityLevel = "information", timeout: float | None = None
    ) -> Notification:
        """Show a notice as ``notify`` does, keeping it so that it can be taken back."""
        timeout = self.app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        notice = Notification(text, title=title, severity=severity, timeout=timeout, markup=False)
        self.app.post_message(Notify(notice))
        return notice

    def _take_back(self, notice: Notification) -> None:
        if notice in self.app._notifications:  # Textual has no public way to take one back
            self.app._unnotify(notice)

    # ------------------------------------------------------------ the viewer's moves

    def submit(self, action: Any) -> bool:
        """Play the viewer's action; an illegal one is explained and changes nothing."""
        if self.viewer is None:
            return False
        self.forget_hint()
        try:
            self.play(self.viewer, action)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        self.forget_refusals()
        self.advance()
        return True

    def action_undo(self) -> None:
        """Take back the viewer's last move of this turn, where the rules allow it."""
        if self.viewer is None:
            return
        self.forget_hint()
        try:
            self.table.undo(self.viewer)
        except IllegalAction as exc:
            self.notify(str(exc), title="Can't undo", severity="warning")
            return
        self.advance()

    def action_leave(self) -> None:
        """Back to the menu (the game is autosaved after every move; if saving fails, the player is asked)."""
        confirm_unsaved = getattr(self.app, "confirm_unsaved", None)
        if confirm_unsaved is None:
            self._leave()
        else:
            confirm_unsaved(lambda note: self._leave(note and note.text), closing="Leave")

    def _leave(self, note: str | None = None) -> None:
        self.workers.cancel_group(self, "bot")
        if note:
            self.notify(note, severity="warning", timeout=15)
        self.dismiss(None)

    takes_moves = True
    """Whether moves are made here (a replay's screen: False); see :func:`~flight_tui.ui.keys.takes_moves`."""

    SHOWN_WHEN_THEY_APPLY: frozenset[str] = frozenset()
    """Actions whose key the footer shows only when they apply (the key always works, and says
    why not when it does not); ``undo`` applies while the viewer may take a move back."""

    def shows_key(self, action: str) -> bool:
        """Whether the footer shows the key of ``action`` now (read by the game footer)."""
        view = getattr(self, "view", None)
        if action not in self.SHOWN_WHEN_THEY_APPLY or view is None or self.viewer is None:
            return True
        if action == "undo":
            return self.table.can_undo(self.viewer)
        return self.move_applies(action, view)

    def move_applies(self, action: str, view: Any) -> bool:
        """Whether the move ``action`` stands for may be made now from the viewer's ``view``."""
        return True

    def key(self, binding_id: str) -> str:
        """How the key of binding ``binding_id`` is written now (the player's keymap may change it)."""
        return key_for(self, binding_id)
