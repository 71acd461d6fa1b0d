"""Bots: players that choose actions from a seat's view, never from the hidden state.

``make_bot(game, level, seed)`` returns an object with ``choose(view) -> action``.
Levels: ``random`` (uniform over legal actions) for every game; ``easy``, ``normal`` and
``hard`` live in each game's folder (``flight_tui/games/<game>/bots``), named by its spec.
"""

from __future__ import annotations

from typing import Any, Protocol

from flight_tui.engine.rng import Rng
from flight_tui.games import get_spec, load


class Bot(Protocol):
    """A player that decides from a view."""

    level: str

    def choose(self, view: Any) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions of its view."""

    level = "random"

    def __init__(self, rules: Any, seed: int = 0) -> None:
        self.rules = rules
        self.rng = Rng.from_seed(seed)

    def choose(self, view: Any) -> Any:
        return self.rng.choice(self.rules.legal_actions_from_view(view))


def make_bot(game: str, level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` for ``game`` (``random`` for every game; the others from the game's spec).

    ``options`` tune a game's strongest bot (for example Hard's ``budget`` in seconds per decision).
    """
    spec = get_spec(game)
    if level not in spec.bot_levels:
        raise KeyError(f"no {level!r} bot for {spec.title}")
    if level == "random":
        return RandomBot(load(spec.rules), seed)
    return load(spec.bots)(level, seed, **options)
