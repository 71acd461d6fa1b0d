"""A game in progress at a table: seats, the action record, undo, and change notifications.

The table is where actions arrive from (a key pressed at this terminal, a bot, later a
remote player); it forwards them to the rule engine, records them so that seed + actions
replays the game, keeps undo within a turn (never past hidden information or chance), and
calls ``on_change`` after every applied action (the app autosaves there). Its
``save_identity`` says which save the game is (the save store keeps it).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome, Rules
from flight_tui.table.save_identity import SaveIdentity
from flight_tui.table.seats import SeatSpec


class Table:
    """One game of any rules object, with its seats."""

    def __init__(
        self,
        rules: Rules,
        config: Any,
        seed: int,
        seats: Sequence[SeatSpec],
        *,
        state: Any = None,
        actions: list[tuple[int, Any]] | None = None,
    ) -> None:
        self.rules = rules
        self.config = config
        self.seed = seed
        self.seats = list(seats)
        self.state = state if state is not None else rules.new_game(config, seed)
        self.actions: list[tuple[int, Any]] = list(actions or [])
        self._undo: list[tuple[Any, int]] = []
        self._undo_seat: int | None = None
        self.on_change: Callable[["Table"], None] | None = None
        self.save_identity = SaveIdentity()

    # ------------------------------------------------------------ queries

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def to_act(self) -> tuple[int, ...]:
        return tuple(self.rules.to_act(self.state))

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def view(self, seat: int) -> Any:
        """The only way a seat (person or bot) looks at the game."""
        return self.rules.view(self.state, seat)

    def legal_actions(self, seat: int) -> list[Any]:
        return self.rules.legal_actions(self.state, seat)

    def log_lines(self, viewer: int | None, last: int = 50) -> list[str]:
        """The latest log entries as ``viewer`` may read them."""
        return [self.rules.describe(e, viewer, self.names) for e in self.state.log[-last:]]

    # ------------------------------------------------------------ acting

    def submit(self, seat: int, action: Any) -> Outcome:
        """Apply ``seat``'s action; raises IllegalAction with a readable message."""
        if self.is_over():
            raise IllegalAction("The game is over.")
        snapshot = self.rules.clone(self.state)
        outcome = self.rules.apply(self.state, seat, action)
        self.actions.append((seat, action))
        if outcome.irreversible:
            self._undo.clear()
            self._undo_seat = None
        else:
            if self._undo_seat != seat:
                self._undo.clear()
            self._undo.append((snapshot, len(self.actions) - 1))
            self._undo_seat = seat
        if self.on_change is not None:
            self.on_change(self)
        return outcome

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has an action this turn that may still be taken back."""
        return bool(self._undo) and self._undo_seat == seat

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action of this turn."""
        if not self.can_undo(seat):
            raise IllegalAction("Nothing to undo: the turn has moved on, or a card or die was revealed since.")
        snapshot, index = self._undo.pop()
        self.state = snapshot
        del self.actions[index:]
        if not self._undo:
            self._undo_seat = None
        if self.on_change is not None:
            self.on_change(self)

    def rebuild_undo(self, irreversible: Sequence[bool]) -> None:
        """After loading: offer the undo that was offered when the game was saved.

        ``irreversible[i]`` is ``Outcome.irreversible`` of recorded action ``i`` (from the load's
        replay). Undo covers the last seat's actions since its last irreversible one or since
        another seat acted, exactly as ``submit`` keeps it; their snapshots come from a replay.
        """
        self._undo.clear()
        self._undo_seat = None
        if not self.actions or irreversible[-1]:
            return
        seat = self.actions[-1][0]
        start = len(self.actions) - 1
        while start > 0 and not irreversible[start - 1] and self.actions[start - 1][0] == seat:
            start -= 1
        state = self.rules.new_game(self.config, self.seed)
        for acting, action in self.actions[:start]:
            self.rules.apply(state, acting, action)
        for index in range(start, len(self.actions)):
            self._undo.append((self.rules.clone(state), index))
            self.rules.apply(state, seat, self.actions[index][1])
        self._undo_seat = seat
        self.state = state

    def replay(self) -> Any:
        """A fresh state from the seed and the recorded actions (must equal ``state``)."""
        state = self.rules.new_game(self.config, self.seed)
        for seat, action in self.actions:
            self.rules.apply(state, seat, action)
        return state
