"""What every game's table screen shares: seats, bots' moves, undo, hint and leaving.

A table screen shows one seat at a time, the *viewer*: the human whose move it is (with several
humans at one keyboard, the next one, after a hand-off screen). It reads only
``table.view(viewer)``, never the hidden state. Bots decide in a worker thread and their moves
are applied on the main thread, one at a time, after a short pause so a person can follow.

A game's screen subclasses :class:`GameTableScreen`, calls :meth:`start` from its ``on_mount``
and implements :meth:`advance`: redraw, then show whatever comes next (an end screen, a
hand-off, or a bot's move via :meth:`schedule_bot`). Every action goes through :meth:`play`,
which tells :meth:`moved` what it caused (for notices). A hint shown with :meth:`show_hint`
goes away as soon as the player acts.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from flight_tui.bots import make_bot
from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome
from flight_tui.table import Table
from flight_tui.ui.keys import key_for

DEFAULT_BOT_DELAY = 0.6
"""Seconds between two bot moves, so that a person can follow them."""
HINT_LEVEL = "normal"
"""The bot whose choice the hint key shows."""

GameCommand = tuple[str, str, Callable[[], Any]]
"""A command for the app's command palette: (title, help, callback)."""


class GameTableScreen(Screen[None]):
    """The base of a game's table screen. ``bot_delay`` overrides the app's setting (0 in tests)."""

    def __init__(self, table: Table, *, bot_delay: float | None = None) -> None:
        super().__init__()
        self.table = table
        self.bot_delay = bot_delay
        self.humans = [seat for seat, spec in enumerate(table.seats) if not spec.is_bot]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.bots = {
            seat: make_bot(table.rules.name, spec.kind, table.seed + 1009 * (seat + 1))
            for seat, spec in enumerate(table.seats)
            if spec.is_bot
        }
        self._bot_busy = False
        self._hint_bot: Any = None
        self._hint_shown: Notification | None = None

    # ------------------------------------------------------------ to implement

    def advance(self) -> None:
        """After any change: redraw, then whatever comes next."""
        raise NotImplementedError

    def fallback_action(self, seat: int) -> Any:
        """What a seat's bot does when its choice is refused (a bug): its first legal action."""
        return self.table.legal_actions(seat)[0]

    def moved(self, seat: int, events: list[Any]) -> None:
        """``seat``'s action just caused ``events`` (before the redraw); nothing by default."""

    # ------------------------------------------------------------ acting

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

    def schedule_bot(self) -> None:
        """Let the bot in turn move after the pause (once: a bot already thinking is not asked again)."""
        if self._bot_busy:
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
        acting = self.table.to_act()
        if not acting or acting[0] not in self.bots:
            self._bot_busy = False
            return
        seat = acting[0]
        choose = partial(self.bots[seat].choose, self.table.view(seat))
        self.run_worker(choose, name=str(seat), group="bot", thread=True, exit_on_error=False)

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

    def hint(self, view: Any) -> Any:
        """What the Normal bot would do from ``view``."""
        if self._hint_bot is None:
            self._hint_bot = make_bot(self.table.rules.name, HINT_LEVEL, self.table.seed)
        return self._hint_bot.choose(view)

    def show_hint(self, text: str) -> None:
        """Show a hint as a notice that stays until the player acts (or it times out)."""
        self.forget_hint()
        self._hint_shown = Notification(text, title="Hint", timeout=self.app.NOTIFICATION_TIMEOUT, markup=False)
        self.app.post_message(Notify(self._hint_shown))  # as notify() does, keeping the notice to take back

    def forget_hint(self) -> None:
        """Take the hint off the screen: it was about the position before the player acted."""
        hint, self._hint_shown = self._hint_shown, None
        if hint is not None and hint in self.app._notifications:  # Textual has no public way to take one back
            self.app._unnotify(hint)

    # ------------------------------------------------------------ the viewer's moves

    def submit(self, action: Any) -> bool:
        """Play the viewer's action; an illegal one is explained and changes nothing."""
        if self.viewer is None:
            return False
        self.forget_hint()
        try:
            self.play(self.viewer, action)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
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

    def key(self, binding_id: str) -> str:
        """How the key of binding ``binding_id`` is written now (the player's keymap may change it)."""
        return key_for(self, binding_id)
