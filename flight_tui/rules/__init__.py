"""Rule engines, one package per game. Pure Python: no UI imports."""

from __future__ import annotations

from typing import Any


def get_rules(name: str) -> Any:
    """The rules object for a game name (``flight``)."""
    if name == "flight":
        from flight_tui.rules.flight import FLIGHT

        return FLIGHT
    raise KeyError(f"unknown game {name!r}")


GAMES = ("flight",)
"""Games that can be played now."""
