"""The game-independent core: the rules protocol, randomness and errors.

Nothing in this package (or in any game's ``rules`` package) may import Textual or Rich;
``tests/engine/test_import_hygiene.py`` enforces it.
"""

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome, Result, Rules
from flight_tui.engine.rng import Rng

__all__ = ["IllegalAction", "Outcome", "Result", "Rules", "Rng"]
