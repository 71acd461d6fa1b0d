"""How one competitive game is set up: the player count and which continents are in play."""

from __future__ import annotations

from functools import lru_cache

import msgspec

from flight_tui.games.connecting_flights.core.continents import continent_sets
from flight_tui.games.connecting_flights.core.world import default_world

CONTINENT_CHOICES = ("first", "second")
"""The set-up option: the text's first set of continents for 2 or 3 players, or its alternative."""


class CompetitiveConfig(msgspec.Struct, frozen=True, kw_only=True):
    """One competitive game's set-up."""

    players: int = 2
    """2 to 5 airlines."""
    continent_set: str = "first"
    """``first`` or ``second``: with 2 or 3 players, which of the text's two sets of continents
    is in play (with 4 or 5 there is one set and this is ignored)."""


def config_problem(config: CompetitiveConfig) -> str | None:
    """Why ``config`` cannot be played (a sentence), or None."""
    if not 2 <= config.players <= 5:
        return "The competitive game is for 2 to 5 players."
    if config.continent_set not in CONTINENT_CHOICES:
        return "The continents in play are the first or the second set."
    return None


@lru_cache(maxsize=16)
def continents_in_play(config: CompetitiveConfig) -> frozenset[int]:
    """Ids of the continents in play for this config."""
    sets = continent_sets(default_world(), config.players)
    return sets[min(CONTINENT_CHOICES.index(config.continent_set), len(sets) - 1)]

