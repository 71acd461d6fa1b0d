"""A learned value of a Passaportas position: each player's chance to win it.

The Hard bot judges the table at the horizon of its search with it from four players (at two
and three it did no better: see ``benchmarks/README.md``). Every player gets a score,
a weighted sum of :data:`FEATURES` of their groups and of where they sit after the player in
turn, and their chance to win is their share of ``exp(score)`` (a conditional logit model). The
weights, one set per table size from 4 to 6, are fitted to games the Normal bot played against
itself (the opponents Hard meets and the policy its playouts follow) and kept in ``value.toml``
with how they were made; ``python benchmarks/passaportas_value.py --write`` makes them again.

Only public parts of the position are read: the card holders stand face up, and of the customs
holders only the number of cards counts.
"""

from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources

import msgspec

from flight_tui.games.passaportas.bots.tactics import tables
from flight_tui.games.passaportas.rules.map import MAX_FUEL
from flight_tui.games.passaportas.rules.state import HOME, PLANE, SEATS, PassaportasState

FEATURES = (
    "stages",
    "in_plane",
    "landed",
    "nearest_goal",
    "nearest_goal_in_turn",
    "nearest_goal_next",
    "trips_left",
    "shut_out",
    "fuel_in_turn",
    "wild_token",
    "customs_cards",
)
"""What a player's score is made of, in this order, followed by one feature per seat after the
player in turn (1 for the player that many seats after, else 0):

- ``stages``: their progress (0 at home, 1 in the plane, 2 landed, per group);
- ``in_plane``, ``landed``: their groups in the plane, and landed (in the customs office or done);
- ``nearest_goal``: the fuel from the plane to their nearest goal (a boarding city of a group at
  home, the destination of one in the plane), in tankfuls, at most one; again for the player in
  turn alone (``nearest_goal_in_turn``) and the next player alone (``nearest_goal_next``);
- ``trips_left``: the fuel their open trips still need, each at most a tankful (from the
  boarding city for a group at home, from the plane for one in the plane), in tankfuls;
- ``shut_out``: their groups at home too large for the free seats;
- ``fuel_in_turn``: the fuel in the tank, in tankfuls, for the player in turn alone;
- ``wild_token``: 1 while their wild token is unused;
- ``customs_cards``: the customs cards they still hold.
"""


class SizeWeights(msgspec.Struct, forbid_unknown_fields=True):
    """The fitted weights for one table size, and how well they predicted games not fitted."""

    weights: list[float]
    games: int
    turns: int
    held_out_log_loss: float
    uniform_log_loss: float


class ValueFile(msgspec.Struct, forbid_unknown_fields=True):
    features: list[str]
    seed: int
    players: dict[str, SizeWeights]


@lru_cache(maxsize=None)
def value_file() -> ValueFile:
    """``value.toml``, read once and checked against :data:`FEATURES` and each size's seats."""
    data = resources.files(__package__).joinpath("value.toml").read_bytes()
    parsed = msgspec.toml.decode(data, type=ValueFile)
    if tuple(parsed.features) != FEATURES:
        raise ValueError("value.toml was fitted to other features; fit it again.")
    for players, size in parsed.players.items():
        if len(size.weights) != len(FEATURES) + int(players) - 1:
            raise ValueError(f"value.toml has the wrong number of weights for {players} players.")
    return parsed


def weights_for(players: int) -> list[float]:
    """The weights of the model for ``players`` at the table."""
    return value_file().players[str(players)].weights


def features(state: PassaportasState) -> list[list[float]]:
    """Per player, starting with the player in turn and going round the table, their features."""
    n = state.config.players
    current = state.current
    distance = tables(state.config.edition).distance
    plane = state.plane
    free = SEATS - state.reserved_seats - sum(ref.group for ref in state.cabin)
    rows = []
    for after in range(n):
        player = (current + after) % n
        stages = in_plane = landed = shut_out = 0
        trips_left = 0.0
        goals = []
        for group in state.groups[player]:
            if group.status == HOME:
                goals.append(group.boarding)
                trips_left += min(MAX_FUEL, distance[group.boarding][group.destination])
                shut_out += group.size > free
            elif group.status == PLANE:
                stages += 1
                in_plane += 1
                goals.append(group.destination)
                trips_left += min(MAX_FUEL, distance[plane][group.destination])
            else:
                stages += 2
                landed += 1
        nearest = min((min(MAX_FUEL, distance[plane][goal]) for goal in goals), default=0) / MAX_FUEL
        row = [
            float(stages),
            float(in_plane),
            float(landed),
            nearest,
            nearest if after == 0 else 0.0,
            nearest if after == 1 else 0.0,
            trips_left / MAX_FUEL,
            float(shut_out),
            state.fuel / MAX_FUEL if after == 0 else 0.0,
            0.0 if state.wild_used[player] else 1.0,
            float(sum(len(holder) for holder in state.holders[player])),
        ]
        row.extend(1.0 if after == k else 0.0 for k in range(1, n))
        rows.append(row)
    return rows


def win_chances(state: PassaportasState) -> list[float]:
    """Each seat's chance to win from ``state`` (a game not over), by the model for its size."""
    n = state.config.players
    weights = weights_for(n)
    scores = [sum(w * x for w, x in zip(weights, row)) for row in features(state)]
    top = max(scores)
    shares = [math.exp(s - top) for s in scores]
    total = sum(shares)
    chances = [0.0] * n
    for after, share in enumerate(shares):
        chances[(state.current + after) % n] = share / total
    return chances
