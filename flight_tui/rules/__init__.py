"""Rule engines, one package per game. Pure Python: no UI imports.

``get_rules(name)`` imports a game's rules only when it is first asked for, so starting the
app or listing saves does not load every engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_REGISTRY = {
    "flight": ("flight_tui.rules.flight", "FLIGHT"),
    "passaportas": ("flight_tui.rules.passaportas", "PASSAPORTAS"),
    "connecting-flights-coop": ("flight_tui.rules.connecting_flights.coop", "COOP"),
}

GAMES = tuple(_REGISTRY)
"""Games that can be played, in the order the New game screen offers them."""


def get_rules(name: str) -> Any:
    """The rules object for a game name (one of :data:`GAMES`)."""
    try:
        module, attribute = _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None
    return getattr(import_module(module), attribute)


def rules_package(name: str) -> str:
    """The package holding a game's rules text and house interpretations."""
    module = _REGISTRY[name][0]
    return module.removesuffix(".coop")
