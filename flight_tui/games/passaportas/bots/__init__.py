"""Passaportas' bots: Easy is greedy, Normal plans with the path finder (``tactics``), Hard
searches over worlds sampled from its own view (``determinize``)."""

from __future__ import annotations

from typing import Any


def make_bot(level: str, seed: int, **options: Any) -> Any:
    """A Passaportas bot of ``level`` (easy, normal or hard); ``options`` tune Hard."""
    if level == "easy":
        from flight_tui.games.passaportas.bots.easy import EasyBot

        return EasyBot(seed)
    if level == "normal":
        from flight_tui.games.passaportas.bots.normal import NormalBot

        return NormalBot()
    if level == "hard":
        from flight_tui.games.passaportas.bots.hard import HardBot

        return HardBot(seed, **options)
    raise KeyError(f"no {level!r} bot for Passaportas")
