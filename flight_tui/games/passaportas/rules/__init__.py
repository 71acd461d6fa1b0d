"""Passaportas (1950s): travel agents share one plane to bring their groups to their destinations."""

from flight_tui.games.passaportas.rules.map import GameMap, board_map, reachable
from flight_tui.games.passaportas.rules.game import PASSAPORTAS, PassaportasRules
from flight_tui.games.passaportas.rules.state import (
    PassaportasConfig,
    PassaportasState,
    PassaportasView,
)

__all__ = [
    "PASSAPORTAS",
    "GameMap",
    "PassaportasConfig",
    "PassaportasRules",
    "PassaportasState",
    "PassaportasView",
    "board_map",
    "reachable",
]
