"""The game-independent core: the rules protocol, randomness and errors.

Nothing in this package (or in any game's ``rules`` package) may import Textual or Rich;
``tests/engine/test_import_hygiene.py`` enforces it. The names below are imported from their
modules on first use, so that importing a game's spec (``flight_tui.engine.spec``), as the
menu does, loads neither the protocol nor the random numbers.
"""

from importlib import import_module

__all__ = ["IllegalAction", "Outcome", "Result", "Rules", "Rng"]
_MODULES = {
    "IllegalAction": "flight_tui.engine.errors",
    "Outcome": "flight_tui.engine.protocol",
    "Result": "flight_tui.engine.protocol",
    "Rules": "flight_tui.engine.protocol",
    "Rng": "flight_tui.engine.rng",
}


def __getattr__(name: str):
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_MODULES[name]), name)
