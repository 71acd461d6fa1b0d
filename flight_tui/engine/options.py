"""Set-up options a game offers on the New game screen and the command line.

Each rules object lists its options in ``rules.options`` and builds its config with
``rules.make_config(players, choices)``, where ``choices`` maps an option's ``key`` to one of
its values (missing keys take the default). ``make_config`` raises ``ValueError`` with a
sentence a player can read when a choice does not fit (for example a variant that needs five
or more players).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec


class GameOption(msgspec.Struct, frozen=True, kw_only=True):
    """One set-up choice: a key, a label, the values it may take and the default.

    A choice among ``choices``, or, with ``limits``, a whole number within them.
    """

    key: str
    label: str
    choices: tuple[tuple[str, str], ...] = ()
    """``(label, value)`` pairs, in the order they are offered."""
    default: str
    hint: str = ""
    limits: tuple[int, int] | None = None
    """For a number: the smallest and largest value."""

    def values(self) -> tuple[str, ...]:
        """The values a choice accepts."""
        return tuple(value for _, value in self.choices)

    def problem(self, value: str) -> str | None:
        """Why ``value`` does not fit this option (a sentence), or None."""
        if self.limits is None:
            return None if value in self.values() else f"{self.label}: choose one of {', '.join(self.values())}."
        low, high = self.limits
        if not value.strip().isdigit() or not low <= int(value) <= high:
            return f"{self.label}: a whole number from {low} to {high}."
        return None


def read_choices(game: str, options: tuple[GameOption, ...], choices: Mapping[str, str]) -> dict[str, str]:
    """Every option's value: the one chosen, or its default. ValueError with a readable
    sentence for an option ``game`` does not have, or a value the option does not take."""
    unknown = set(choices) - {option.key for option in options}
    if unknown:
        raise ValueError(f"{game} has no option {min(unknown)!r}.")
    picked = {}
    for option in options:
        value = choices.get(option.key, option.default)
        problem = option.problem(value)
        if problem:
            raise ValueError(problem)
        picked[option.key] = value.strip()
    return picked
