"""Building cooperative positions directly, for the rule tests: cards by airport code, stars
and continent; meeples by colour code. Every card is taken from where it lies, so the state
stays whole (every card and meeple somewhere exactly once)."""

from __future__ import annotations

from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig, CoopState
from flight_tui.games.connecting_flights.coop.rules.state import FLY, MARKET, Hand
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core.world import default_world

W = default_world()
NA, EU, AS, SA, AF, OC = range(6)
COLOUR = {c.code: c.id for c in W.continents}


def airport(code: str) -> int:
    return W.airport(code).id


def carry(**counts: int) -> tuple[int, int, int, int, int, int]:
    """Meeples by colour code: ``carry(AS=1, NA=2)``."""
    out = [0] * 6
    for code, n in counts.items():
        out[COLOUR[code]] = n
    return tuple(out)


def fresh(players: int = 2, phase: str = FLY, round_no: int = 1, seed: int = 1, **config) -> CoopState:
    """A game past set-up with an empty board, empty hands and no face-up cards."""
    state = COOP.new_game(CoopConfig(players=players, **config), seed)
    for a, colours in enumerate(state.board):
        for colour, n in enumerate(colours):
            state.supply[colour] += n
            colours[colour] = 0
    for hand in state.hands:
        state.truck_supply.extend(hand.trucks)
    state.truck_supply.sort()
    state.hands = [Hand() for _ in range(players)]
    state.phase, state.round, state.current, state.passes = phase, round_no, 0, 0
    state.log.clear()
    return state


def place(state: CoopState, code: str, colour: str, n: int = 1) -> None:
    """Put ``n`` meeples of colour ``colour`` (a continent code) at airport ``code``."""
    c = COLOUR[colour]
    assert state.supply[c] >= n
    state.supply[c] -= n
    state.board[airport(code)][c] += n


def take_airport(state: CoopState, seat: int, code: str, landing_rights: bool = False) -> int:
    card = min(k for k in W.cards_of(airport(code)) if k in state.airport_pool)
    state.airport_pool.remove(card)
    hand = state.hands[seat]
    (hand.landing_rights if landing_rights else hand.airports).append(card)
    return card


def take_plane(state: CoopState, seat: int, stars: int, electric: bool = False) -> int:
    pool = state.electric_pool if electric else state.plane_deck
    card = min(p for p in pool if W.planes[p].stars == stars)
    pool.remove(card)
    state.hands[seat].planes.append(card)
    return card


def take_passenger(state: CoopState, seat: int, continent: str, stars: int = 1) -> int:
    c = COLOUR[continent]
    card = min(p for p in state.passenger_deck if W.passengers[p].continent == c and W.passengers[p].stars == stars)
    state.passenger_deck.remove(card)
    state.hands[seat].passengers.append(card)
    return card


def take_truck(state: CoopState, seat: int, capacity: int) -> int:
    truck = min(t for t in state.truck_supply if W.fuel_trucks[t].capacity == capacity)
    state.truck_supply.remove(truck)
    state.hands[seat].trucks.append(truck)
    return truck


def flight(
    state: CoopState, seat: int, origin: int, to: str, *, stars: int = 3, wants: str | None = None,
    passenger_stars: int = 1, truck: int = 4, landing_rights: bool = False,
) -> FlightSpec:
    """Give ``seat`` the cards of a flight from the airport card ``origin`` to airport ``to``
    (a new card, or Landing Rights) and return it."""
    dest = take_airport(state, seat, to, landing_rights)
    plane = take_plane(state, seat, stars)
    passenger = take_passenger(state, seat, wants or W.continents[W.airport(to).continent].code, passenger_stars)
    fuel = take_truck(state, seat, truck)
    return FlightSpec(origin, plane, fuel, passenger, dest, False, landing_rights)


def market(state: CoopState) -> None:
    """Turn the game to the Marketplace phase of its round with the face-up cards dealt."""
    from flight_tui.games.connecting_flights.coop.rules.market import deal_market

    state.phase = MARKET
    deal_market(state)
