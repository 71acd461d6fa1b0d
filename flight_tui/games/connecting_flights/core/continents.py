"""Which continents are in play in the competitive mode, by player count (the text's Setup)."""

from __future__ import annotations

from flight_tui.games.connecting_flights.core.world import World

CONTINENT_SETS: dict[int, tuple[tuple[str, ...], ...]] = {
    5: (("NA", "EU", "AS", "SA", "AF", "OC"),),
    4: (("NA", "EU", "AS", "SA", "AF"),),
    3: (("EU", "AF", "AS", "OC"), ("EU", "AF", "NA", "SA")),
    2: (("AF", "OC", "NA", "SA"), ("AF", "OC", "SA", "EU")),
}
"""Per player count, the text's set (or two alternative sets) of continents in play, by code."""


def continent_sets(world: World, players: int) -> tuple[frozenset[int], ...]:
    """The alternative sets of continent ids in play with ``players`` players (one or two)."""
    return tuple(frozenset(world.continent(code).id for code in codes) for codes in CONTINENT_SETS[players])
