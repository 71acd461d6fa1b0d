"""A replay: any position of a recorded game, from its seed and its actions.

Position ``k`` is the state after the first ``k`` actions (0: the deal, ``length``: the last
position). Moving to a position replays from the nearest snapshot before it (a
``rules.clone`` kept every ``SNAPSHOT_EVERY`` actions), so stepping back or jumping costs at
most that many actions. Turns and rounds are found once, when the replay is made: a *turn*
begins where the acting seat changes; a *round* begins where the game's round number changes
(its state's ``round``, ``round_no`` or ``hand_no``: the hand, in Flight), for a game that
has one.

A :class:`ReplayTable` shows one position as a :class:`~flight_tui.table.Table` whose seats
are all played elsewhere (nobody is asked to move, no bot plays) and that refuses every move:
a table screen reads it as it reads a game in play.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any, Sequence

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome, Rules
from flight_tui.table.driver import ElsewhereSeat
from flight_tui.table.seats import SeatSpec
from flight_tui.table.session import Table

SNAPSHOT_EVERY = 16
"""Actions between two kept snapshots: the most a step back or a jump replays."""
ROUND_FIELDS = (("round", "round"), ("round_no", "round"), ("hand_no", "hand"))
"""The state fields a game's round number is read from, and what the round is called."""
REPLAY_REFUSAL = "This is a replay: moves are not played here."


class ReplayTable(Table):
    """A table showing one position of a replay: every seat is played elsewhere, no move is taken."""

    def __init__(self, rules: Rules, config: Any, seed: int, seats: Sequence[SeatSpec], state: Any) -> None:
        super().__init__(rules, config, seed, seats, state=state, undo=False)
        self.seat_controllers = [ElsewhereSeat() for _ in self.seats]

    def submit(self, seat: int, action: Any) -> Outcome:
        raise IllegalAction(REPLAY_REFUSAL)

    def undo(self, seat: int) -> None:
        raise IllegalAction(REPLAY_REFUSAL)


class Replay:
    """Every position of one recorded game (see the module docstring)."""

    def __init__(self, rules: Rules, config: Any, seed: int, seats: Sequence[SeatSpec], actions: Sequence[tuple[int, Any]]) -> None:
        self.rules = rules
        self.config = config
        self.seed = seed
        self.seats = list(seats)
        self.actions = list(actions)
        self.events: list[list[Any]] = []
        """Per action, the log events it produced."""
        self._snapshots: list[Any] = []
        rounds: list[int | None] = []
        state = rules.new_game(config, seed)
        self._round_field, self.round_word = next(
            ((field, word) for field, word in ROUND_FIELDS if isinstance(getattr(state, field, None), int)), ("", "")
        )
        """What the game's rounds are called ("" for a game without rounds)."""
        for index, (seat, action) in enumerate(self.actions):
            if index % SNAPSHOT_EVERY == 0:
                self._snapshots.append(rules.clone(state))
            rounds.append(self._round(state))
            self.events.append(list(rules.apply(state, seat, action).events))
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self._snapshots.append(rules.clone(state))
        rounds.append(self._round(state))
        self.rounds = rounds
        """Per position, the round number (None for a game without rounds)."""
        self.over = rules.is_over(state)
        """Whether the recorded game has ended."""
        self.turn_starts = [k for k in range(len(self.actions)) if k == 0 or self.actions[k][0] != self.actions[k - 1][0]]
        """The positions where a seat's turn begins (before its first action)."""
        self.round_starts = [k for k in range(1, len(rounds)) if rounds[k] != rounds[k - 1]] if self.round_word else []
        """The positions where a new round begins."""
        self.position = len(self.actions)
        self.state = state

    @classmethod
    def of(cls, table: Table) -> "Replay":
        """The replay of a table's recorded game."""
        return cls(table.rules, table.config, table.seed, table.seats, table.actions)

    @property
    def length(self) -> int:
        """The number of actions: the last position."""
        return len(self.actions)

    def _round(self, state: Any) -> int | None:
        return getattr(state, self._round_field) if self._round_field else None

    def go(self, position: int) -> Any:
        """Move to ``position`` (kept within 0 and ``length``) and return its state (do not change it)."""
        position = min(max(position, 0), self.length)
        if position != self.position:
            start = min(position // SNAPSHOT_EVERY, len(self._snapshots) - 1)
            if not start * SNAPSHOT_EVERY <= self.position <= position:
                self.state = self.rules.clone(self._snapshots[start])
                self.position = start * SNAPSHOT_EVERY
            for seat, action in self.actions[self.position : position]:
                self.rules.apply(self.state, seat, action)
            self.position = position
        return self.state

    def table(self) -> ReplayTable:
        """A table showing the current position (its state is the replay's: do not change it)."""
        return ReplayTable(self.rules, self.config, self.seed, self.seats, self.state)

    def next_turn(self) -> int:
        """The position where the next seat's turn begins (the end when none does)."""
        index = bisect_right(self.turn_starts, self.position)
        return self.turn_starts[index] if index < len(self.turn_starts) else self.length

    def previous_turn(self) -> int:
        """The position where the current turn began, or the one before when at its start."""
        index = bisect_left(self.turn_starts, self.position) - 1
        return self.turn_starts[index] if index >= 0 else 0

    def next_round(self) -> int:
        """The position where the next round begins (the end when none does)."""
        index = bisect_right(self.round_starts, self.position)
        return self.round_starts[index] if index < len(self.round_starts) else self.length

    def previous_round(self) -> int:
        """The position where the current round began, or the one before when at its start."""
        index = bisect_left(self.round_starts, self.position) - 1
        return self.round_starts[index] if index >= 0 else 0

    def last_move(self) -> tuple[int, list[Any]] | None:
        """The seat that made the action leading here, and the log events it produced (None at the deal)."""
        if self.position == 0:
            return None
        return self.actions[self.position - 1][0], self.events[self.position - 1]
