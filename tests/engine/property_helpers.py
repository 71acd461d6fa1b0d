"""What the property tests of every game share: Hypothesis settings, a byte encoding to
compare states, and a game played with random legal actions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec
from hypothesis import HealthCheck, settings

from flight_tui.engine.rng import Rng


def game_settings(examples: int):
    """Hypothesis settings for whole games: repeatable, no deadline."""
    return settings(max_examples=examples, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def encode(obj: Any) -> bytes:
    """Bytes to compare two states (or views) exactly."""
    return msgspec.msgpack.encode(obj)


def random_game(
    rules: Any,
    config: Any,
    seed: int,
    choice_seed: int,
    choose: Callable[[list, Rng], Any],
    max_actions: int,
) -> Iterator[tuple[Any, int, list, Any, Any]]:
    """Play a game, each action picked by ``choose(legal, rng)``; yield (state, seat, legal,
    action, outcome) after every action. Fails if the game is not over after ``max_actions``."""
    state = rules.new_game(config, seed)
    chooser = Rng.from_seed(choice_seed)
    for _ in range(max_actions):
        if rules.is_over(state):
            return
        (seat,) = rules.to_act(state)
        legal = rules.legal_actions(state, seat)
        action = choose(legal, chooser)
        outcome = rules.apply(state, seat, action)
        yield state, seat, legal, action, outcome
    raise AssertionError("the game did not end")
