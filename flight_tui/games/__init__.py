"""The games, each in a folder of its own, and the one place where they are registered.

A game's folder holds its pure rules (``rules/``), its bots (``bots/``), its screens (``ui/``)
and a ``spec.py`` declaring it (:class:`~flight_tui.engine.spec.GameSpec`). The shared parts
know games only through their specs. Specs are cheap to import; a game's rules, bots and
screens are imported only when first used, so starting the app or listing saves loads none.
See ``docs/architecture.md`` for what adding a game takes.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from flight_tui.engine.spec import GameSpec

SPEC_MODULES = (
    "flight_tui.games.flight.spec",
    "flight_tui.games.passaportas.spec",
    "flight_tui.games.connecting_flights.coop.spec",
    "flight_tui.games.connecting_flights.competitive.spec",
)
"""Every game's spec module, in the order the New game screen offers them."""

_specs: dict[str, GameSpec] = {}


def _known() -> dict[str, GameSpec]:
    if not _specs:
        for module in SPEC_MODULES:
            spec = import_module(module).SPEC
            _specs[spec.name] = spec
    return _specs


def register(spec: GameSpec) -> None:
    """Add a game that lives outside this package (a test's, a plug-in's)."""
    _known()[spec.name] = spec


def unregister(name: str) -> None:
    """Take back a game added by :func:`register`."""
    _known().pop(name, None)


def game_names() -> tuple[str, ...]:
    """The games that can be played, in the order they are offered."""
    return tuple(_known())


def get_spec(name: str) -> GameSpec:
    """A game's spec; KeyError for a game this version does not have."""
    try:
        return _known()[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None


def load(path: str) -> Any:
    """The object a ``module:attribute`` path names (imported on first use)."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


def get_rules(name: str) -> Any:
    """The rules object of a game (see :class:`~flight_tui.engine.protocol.Rules`)."""
    return load(get_spec(name).rules)
