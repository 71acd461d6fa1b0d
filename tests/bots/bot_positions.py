"""Flight positions reached by random play, for bot tests."""

from __future__ import annotations

from flight_tui.bots import make_bot
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules.state import FlightState


def random_positions(games: int, every: int = 3, players: tuple[int, ...] = (2, 3, 4), levels=("random",)) -> list[FlightState]:
    """Copies of the states met while bots of ``levels`` play ``games`` one-hand games."""
    out = []
    for g in range(games):
        n = players[g % len(players)]
        state = FLIGHT.new_game(FlightConfig(players=n, hands=1), 1000 + g)
        bots = [make_bot("flight", levels[(g + s) % len(levels)], 50 * g + s) for s in range(n)]
        step = 0
        while not FLIGHT.is_over(state):
            seat = state.current
            if step % every == 0:
                out.append(FLIGHT.clone(state))
            FLIGHT.apply(state, seat, bots[seat].choose(FLIGHT.view(state, seat)))
            step += 1
    return out
