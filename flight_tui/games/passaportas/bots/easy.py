"""The Easy Passaportas bot: a beginner who flies where its own groups get off or board.

It rolls as long as it may, then flies to a reachable city where most of its own groups get
off or board (the first such flight it finds, burning the least fuel); with none in reach it
takes a random flight or stays. With a customs card that fits it refuses a random opponent
group. It never uses the wild token.
"""

from __future__ import annotations

from flight_tui.games.passaportas.bots.tactics import Table
from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.rules import PASSAPORTAS
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    Fly,
    PassaportasAction,
    PassaportasView,
    Roll,
    StayPut,
    UseCustoms,
)


class EasyBot:
    """Greedy for its own groups, random otherwise (see module doc)."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: PassaportasView) -> PassaportasAction:
        legal = PASSAPORTAS.legal_actions_from_view(view)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        if view.phase == CUSTOMS:
            uses = [a for a in legal if isinstance(a, UseCustoms)]
            return self.rng.choice(uses) if uses else legal[0]
        if any(isinstance(a, Roll) for a in legal):
            return Roll()
        flights = [a for a in legal if isinstance(a, Fly)]
        table = Table.from_view(view)
        best, best_gain = None, 0.0
        for flight in flights:
            steps, wins = table.gains(flight.city, view.seat)
            gain = steps[view.seat] + wins[view.seat]
            if gain > best_gain:
                best, best_gain = flight, gain
        if best is not None:
            return best
        return self.rng.choice(flights + [StayPut()])
