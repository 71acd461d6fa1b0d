"""Flight's bots: Easy lands when it can, Normal plans whole turns with card-counting odds,
Hard searches over deals sampled from its own view (``determinize``), played out by ``quick``.
``tactics`` and ``plans`` are shared by them."""

from __future__ import annotations

from typing import Any


def make_bot(level: str, seed: int, **options: Any) -> Any:
    """A Flight bot of ``level`` (easy, normal or hard); ``options`` tune Hard (``max_samples``, ``playouts``, ``budget``)."""
    if level == "easy":
        from flight_tui.games.flight.bots.easy import EasyBot

        return EasyBot(seed)
    if level == "normal":
        from flight_tui.games.flight.bots.normal import NormalBot

        return NormalBot()
    if level == "hard":
        from flight_tui.games.flight.bots.hard import HardBot

        return HardBot(seed, **options)
    raise KeyError(f"no {level!r} bot for Flight")
