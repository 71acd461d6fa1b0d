"""Set-up options a game offers on the New game screen and the command line.

Each rules object lists its options in ``rules.options`` and builds its config with
``rules.make_config(players, choices)``, where ``choices`` maps an option's ``key`` to one of
its values (missing keys take the default). ``make_config`` raises ``ValueError`` with a
sentence a player can read when a choice does not fit (for example a variant that needs five
or more players).
"""

from __future__ import annotations

import msgspec


class GameOption(msgspec.Struct, frozen=True):
    """One set-up choice: a key, a label, the values it may take and the default."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    """``(label, value)`` pairs, in the order they are offered."""
    default: str
    hint: str = ""

    def values(self) -> tuple[str, ...]:
        """The values this option accepts."""
        return tuple(value for _, value in self.choices)
