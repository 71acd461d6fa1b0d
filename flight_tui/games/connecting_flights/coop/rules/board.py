"""What is in play, and the meeples on the board: helpers shared by every phase."""

from __future__ import annotations

from functools import lru_cache

from flight_tui.games.connecting_flights.coop.rules.config import CoopConfig
from flight_tui.games.connecting_flights.core.world import World, default_world

COLOURS = 6
"""Meeple colours, one per continent (a colour's id is its continent's id)."""


def world() -> World:
    """The world every cooperative game is played in."""
    return default_world()


@lru_cache(maxsize=64)
def continents_in_play(config: CoopConfig) -> frozenset[int]:
    """Ids of the continents in play (all six unless the config names some)."""
    w = world()
    if not config.continents:
        return frozenset(c.id for c in w.continents)
    return frozenset(w.continent(code).id for code in config.continents)


@lru_cache(maxsize=64)
def airports_in_play(config: CoopConfig) -> tuple[int, ...]:
    """Ids of the airports in play, in id order."""
    play = continents_in_play(config)
    return tuple(a.id for a in world().airports if a.continent in play)


def meeples_on_board(board: list[list[int]]) -> int:
    return sum(sum(colours) for colours in board)


def colour_name(colour: int) -> str:
    """A meeple colour with its continent letter, so colour is never the only cue: "blue (N)"."""
    c = world().continents[colour]
    return f"{c.colour} ({c.letter})"
