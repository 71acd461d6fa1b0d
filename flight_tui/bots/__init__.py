"""Bots: players that choose actions from a seat's view, never from the hidden state.

``make_bot(game, level, seed)`` returns an object with ``choose(view) -> action``.
Levels: ``random`` (uniform over legal actions), ``easy``, ``normal``, ``hard``.

Flight's bots: ``flight_easy`` (lands when it can, otherwise random), ``flight_normal`` (scores
whole-turn plans with card-counting odds; deterministic, so it ignores the seed) and
``flight_hard`` (Monte Carlo search over deals sampled by ``flight_determinize``, played out
by the quick player of ``flight_quick``). ``flight_tactics`` and ``flight_plans`` are shared.
"""

from __future__ import annotations

from typing import Any, Protocol

from flight_tui.engine.rng import Rng
from flight_tui.rules import get_rules

LEVELS = ("random", "easy", "normal", "hard")


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
    """A bot of ``level`` for ``game``.

    ``options`` tune the Hard bot: ``budget`` (seconds per decision) and ``max_samples``.
    """
    rules = get_rules(game)
    if level == "random":
        return RandomBot(rules, seed)
    if game == "flight":
        if level == "easy":
            from flight_tui.bots.flight_easy import EasyBot

            return EasyBot(seed)
        if level == "normal":
            from flight_tui.bots.flight_normal import NormalBot

            return NormalBot()
        if level == "hard":
            from flight_tui.bots.flight_hard import HardBot

            return HardBot(seed, **options)
    if game == "passaportas":
        if level == "easy":
            from flight_tui.bots import passaportas_easy

            return passaportas_easy.EasyBot(seed)
        if level == "normal":
            from flight_tui.bots import passaportas_normal

            return passaportas_normal.NormalBot()
        if level == "hard":
            from flight_tui.bots import passaportas_hard

            return passaportas_hard.HardBot(seed, **options)
    if game == "connecting-flights-coop":
        from flight_tui.bots.coop_planner import CoopPlannerBot

        return CoopPlannerBot(level, seed)
    raise KeyError(f"no {level!r} bot for {game!r}")
