"""Building Passaportas positions by hand for the rule tests."""

from __future__ import annotations

from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.rules import PASSAPORTAS, board_map
from flight_tui.games.passaportas.rules.state import (
    FUEL,
    HOME,
    OFFICE,
    PLANE,
    GroupRef,
    PassaportasConfig,
    PassaportasState,
    Turn,
)

MAP = board_map()


def city(code: str) -> int:
    return MAP.index[code]


def rng_rolling(*dice: int) -> Rng:
    """A generator whose next dice are ``dice``."""
    for start in range(1_000_000):
        probe = Rng(start)
        if all(probe.die() == d for d in dice):
            return Rng(start)
    raise AssertionError("no generator found")


def position(players: int = 4, *, seed: int = 1, plane: str = "LON", fuel: int = 0, **config) -> PassaportasState:
    """A fresh game with every group at home, an empty plane and office, and empty customs holders.

    Tests then place the groups and cards they need (rule tests do not count cards; the
    property tests do, on real games).
    """
    state = PASSAPORTAS.new_game(PassaportasConfig(players=players, **config), seed)
    for gs in state.groups:
        for g in gs:
            if g.status != HOME:
                g.status = HOME
                state.boarding_put_away.remove(g.boarding)
    state.cabin = []
    state.office = []
    state.holders = [[[] for _ in hs] for hs in state.holders]
    state.plane = city(plane)
    state.fuel = fuel
    state.current = 0
    state.phase = FUEL
    state.turn = Turn()
    state.log = []
    return state


def trip(state: PassaportasState, player: int, group: int, boarding: str, destination: str, status: str = HOME) -> None:
    """Give a group a trip and put it at home, in the plane (``plane``) or in the office (``customs``)."""
    g = state.groups[player][group - 1]
    g.boarding, g.destination, g.status = city(boarding), city(destination), status
    if status == PLANE:
        state.cabin.append(GroupRef(player, group))
    elif status == OFFICE:
        state.office.append(GroupRef(player, group))
