"""A game in progress at a table: seats, the action record, undo, and change notifications.

The table is where actions arrive from (a key pressed at this terminal, a bot, later a
remote player); it forwards them to the rule engine, records them so that seed + actions
replays the game, keeps undo within a turn (never past hidden information or chance), and
calls ``on_change`` after every applied action (the app autosaves there). Its
``save_identity`` says which save the game is (the save store keeps it).

Undo is kept per seat: each seat has a stack of its moves that may still be taken back. A seat's
move may be undone while no other seat has moved after it and no irreversible outcome (hidden
information revealed, chance used, the turn passed) came after it.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome, Result, Rules
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
        undo: bool = True,
    ) -> None:
        """``undo=False`` keeps no copies for undo (a bots-only game that never takes a move back)."""
        self.rules = rules
        self.config = config
        self.seed = seed
        self.seats = list(seats)
        self.state = state if state is not None else rules.new_game(config, seed)
        self.actions: list[tuple[int, Any]] = list(actions or [])
        self.keeps_undo = undo
        self._undo: dict[int, list[tuple[Any, int]]] = {}
        """Per seat: (the state before the move, the move's index in ``actions``), oldest first."""
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

    def forced_action(self, seat: int) -> Any:
        """The move the rules make for ``seat`` now (see ``Rules.forced_action``), or None."""
        return self.rules.forced_action(self.state, seat)

    def result(self) -> Result:
        """How the finished game ended (public to every seat); IllegalAction before the end."""
        if not self.is_over():
            raise IllegalAction("The game is not over.")
        return self.rules.result(self.state)

    def log_lines(self, viewer: int | None, last: int = 50) -> list[str]:
        """The latest log entries as ``viewer`` may read them."""
        return [self.rules.describe(e, viewer, self.names) for e in self.state.log[-last:]]

    # ------------------------------------------------------------ acting

    def submit(self, seat: int, action: Any) -> Outcome:
        """Apply ``seat``'s action; raises IllegalAction with a readable message."""
        if self.is_over():
            raise IllegalAction("The game is over.")
        snapshot = self.rules.clone(self.state) if self.keeps_undo else None
        outcome = self.rules.apply(self.state, seat, action)
        self.actions.append((seat, action))
        mine = self._undo.pop(seat, [])
        self._undo.clear()  # no other seat's move can be taken back past this one
        if snapshot is not None and not outcome.irreversible:
            self._undo[seat] = mine + [(snapshot, len(self.actions) - 1)]
        if self.on_change is not None:
            self.on_change(self)
        return outcome

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` has a move that may still be taken back."""
        return bool(self._undo.get(seat))

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move (see the module docstring for when that is allowed)."""
        if not self.can_undo(seat):
            raise IllegalAction("Nothing to undo: the turn has moved on, or a card or die was revealed since.")
        stack = self._undo[seat]
        snapshot, index = stack.pop()
        self.state = snapshot
        del self.actions[index:]
        if not stack:
            del self._undo[seat]
        if self.on_change is not None:
            self.on_change(self)

    def rebuild_undo(self, irreversible: Sequence[bool]) -> None:
        """After loading: offer the undo that was offered when the game was saved.

        ``irreversible[i]`` is ``Outcome.irreversible`` of recorded action ``i`` (from the load's
        replay). Undo covers the last seat's actions since its last irreversible one or since
        another seat acted, exactly as ``submit`` keeps it; their snapshots come from a replay.
        """
        self._undo.clear()
        if not self.keeps_undo or not self.actions or irreversible[-1]:
            return
        seat = self.actions[-1][0]
        start = len(self.actions) - 1
        while start > 0 and not irreversible[start - 1] and self.actions[start - 1][0] == seat:
            start -= 1
        state = self.rules.new_game(self.config, self.seed)
        for acting, action in self.actions[:start]:
            self.rules.apply(state, acting, action)
        stack = self._undo[seat] = []
        for index in range(start, len(self.actions)):
            stack.append((self.rules.clone(state), index))
            self.rules.apply(state, seat, self.actions[index][1])
        self.state = state

    def replay(self) -> Any:
        """A fresh state from the seed and the recorded actions (must equal ``state``)."""
        state = self.rules.new_game(self.config, self.seed)
        for seat, action in self.actions:
            self.rules.apply(state, seat, action)
        return state
