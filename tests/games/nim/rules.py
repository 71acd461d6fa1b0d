"""Nim's rules: heaps of counters; a turn takes one or more from one heap; the last take wins."""

from collections.abc import Mapping, Sequence

import msgspec

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.options import read_choices
from flight_tui.engine.protocol import Ending, Outcome, Result, Rules
from nim.spec import SPEC


class NimConfig(msgspec.Struct, frozen=True):
    players: int = 2
    heaps: tuple[int, ...] = (3, 4, 5)


class Take(msgspec.Struct, frozen=True):
    """Take ``count`` counters from heap ``heap``."""

    heap: int
    count: int


class Took(msgspec.Struct, frozen=True):
    seat: int
    take: Take


class NimState(msgspec.Struct):
    config: NimConfig
    heaps: list[int]
    current: int = 0
    log: list[Took] = []


class NimView(msgspec.Struct):
    """All of Nim is open: the heaps, whose turn it is, and the seat looking."""

    seat: int
    heaps: list[int]
    current: int


class NimRules(Rules):
    """Nim: :class:`flight_tui.engine.protocol.Rules`."""

    spec, name, title, options = SPEC, SPEC.name, SPEC.title, SPEC.options
    min_players, max_players, cooperative = SPEC.min_players, SPEC.max_players, SPEC.cooperative
    state_type, action_type, config_type = NimState, Take, NimConfig
    ending_labels = {"last-take": "by the last take"}
    safety_caps: tuple[str, ...] = ()

    def make_config(self, players: int, choices: Mapping[str, str]) -> NimConfig:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Nim is for 2 or 3 players.")
        heaps = read_choices("Nim", self.options, choices)["heaps"]
        return NimConfig(players, tuple(int(size) for size in heaps.split("-")))

    def new_game(self, config: NimConfig, seed: int) -> NimState:
        return NimState(config, list(config.heaps))

    def num_seats(self, state: NimState) -> int:
        return state.config.players

    def to_act(self, state: NimState) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.current,)

    def legal_actions(self, state: NimState, seat: int) -> list[Take]:
        return self.legal_actions_from_view(self.view(state, seat))

    def legal_actions_from_view(self, view: NimView) -> list[Take]:
        if view.seat != view.current:
            return []
        return [Take(heap, count) for heap, size in enumerate(view.heaps) for count in range(1, size + 1)]

    def apply(self, state: NimState, seat: int, action: Take) -> Outcome:
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        if not 0 <= action.heap < len(state.heaps) or not 1 <= action.count <= state.heaps[action.heap]:
            raise IllegalAction("Take one or more counters from a heap that has them.")
        state.heaps[action.heap] -= action.count
        state.log.append(event := Took(seat, action))
        state.current = (seat + 1) % state.config.players
        return Outcome([event])

    def view(self, state: NimState, seat: int) -> NimView:
        return NimView(seat, list(state.heaps), state.current)

    def describe(self, event: Took, viewer: int | None, names: Sequence[str]) -> str:
        who = "You" if event.seat == viewer else names[event.seat]
        return f"{who} took {event.take.count} from heap {event.take.heap + 1}."

    def is_over(self, state: NimState) -> bool:
        return not any(state.heaps)

    def result(self, state: NimState) -> Result:
        winner = state.log[-1].seat
        scores = [int(seat == winner) for seat in range(state.config.players)]
        return Result(scores, [winner], endings=[Ending("last-take", len(state.log))], length_unit="turns")

    def progress(self, state: NimState) -> str:
        return f"turn {len(state.log) + 1}, {sum(state.heaps)} counters left"

    def clone(self, state: NimState) -> NimState:
        return msgspec.convert(msgspec.to_builtins(state), NimState)


NIM = NimRules()
