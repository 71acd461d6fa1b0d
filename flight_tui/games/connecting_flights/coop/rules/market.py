"""The Marketplace phase (B.1): six face-up cards, the pools of airports, trucks and electric
planes, purchases from the shared coins and the refresh."""

from __future__ import annotations

from flight_tui.games.connecting_flights.coop.rules.board import world
from flight_tui.games.connecting_flights.core.prices import card_price
from flight_tui.games.connecting_flights.coop.rules.config import coop_data
from flight_tui.games.connecting_flights.coop.rules.state import (
    AIRPORT,
    LANDING_RIGHTS,
    PASSENGER,
    PLANE,
    TRUCK,
    Bought,
    Buy,
    CoopState,
    CoopView,
    MarketDealt,
    Refresh,
)
from flight_tui.words import count


def price(kind: str, item: int) -> int:
    """What a purchase costs (``item`` is a card id, or a truck's capacity)."""
    if kind == TRUCK:
        return coop_data().truck_price(item)
    return card_price(world(), kind, item)


def free_truck(truck_supply: list[int], capacity: int) -> int | None:
    """The lowest-id Fuel Truck of ``capacity`` left in the supply, or None."""
    trucks = world().fuel_trucks
    return min((t for t in truck_supply if trucks[t].capacity == capacity), default=None)


def buy_problem(v: CoopView, action: Buy) -> str | None:
    """Why this purchase is not possible now (phase and turn already checked), or None."""
    if not 0 <= action.for_seat < v.num_seats:
        return "There is no such player to take it."
    kind, item = action.kind, action.item
    if kind == PASSENGER:
        if item not in v.market_passengers:
            return "That Passenger card is not face up in the Marketplace."
    elif kind == PLANE:
        if item not in v.market_planes and item not in v.electric_pool:
            return "That Plane card is not face up in the Marketplace nor an Electric Plane for sale."
    elif kind in (AIRPORT, LANDING_RIGHTS):
        if kind == LANDING_RIGHTS and not v.config.landing_rights:
            return "Landing Rights cannot be rented in this game."
        if item not in v.airport_pool:
            return "That Airport card is owned or rented already, or not in play."
    elif kind == TRUCK:
        if not 1 <= item <= 4:
            return "Fuel Trucks hold 1 to 4 fuel."
        if free_truck(v.truck_supply, item) is None:
            return f"No Fuel Truck of capacity {item} is left."
    else:
        return "That is not something the Marketplace sells."
    cost = price(kind, item)
    if cost > v.coins:
        return f"It costs {count(cost, 'coin')} and the team has {v.coins}."
    return None


def refresh_problem(v: CoopView) -> str | None:
    """Why the face-up cards cannot be refreshed now, or None."""
    if v.bought_this_round:
        return "No refresh once a card has been bought this round (B.1)."
    if v.config.refresh_cost > v.coins:
        return f"A refresh costs {count(v.config.refresh_cost, 'coin')} and the team has {v.coins}."
    return None


def legal_buys(v: CoopView) -> list[Buy | Refresh]:
    """Every affordable purchase for every player, identical items taken once: the lowest-id
    free card of each airport, the lowest-id Electric Plane of each star rating."""
    w = world()
    items: list[tuple[str, int]] = [(PASSENGER, c) for c in v.market_passengers]
    items += [(PLANE, c) for c in v.market_planes]
    electric: dict[int, int] = {}
    for card in sorted(v.electric_pool):
        electric.setdefault(w.planes[card].stars, card)
    items += [(PLANE, c) for c in electric.values()]
    per_airport: dict[int, int] = {}
    for card in sorted(v.airport_pool):
        per_airport.setdefault(w.airport_cards[card].airport, card)
    items += [(AIRPORT, c) for c in per_airport.values()]
    if v.config.landing_rights:
        items += [(LANDING_RIGHTS, c) for c in per_airport.values()]
    items += [(TRUCK, cap) for cap in range(1, 5) if free_truck(v.truck_supply, cap) is not None]
    out: list[Buy | Refresh] = []
    for kind, item in items:
        if price(kind, item) <= v.coins:
            out.extend(Buy(kind, item, seat) for seat in range(v.num_seats))
    if refresh_problem(v) is None:
        out.append(Refresh())
    return out


def apply_buy(state: CoopState, seat: int, action: Buy) -> None:
    """Take the item into ``action.for_seat``'s hand and pay for it (checked beforehand)."""
    hand = state.hands[action.for_seat]
    kind, item = action.kind, action.item
    cost = price(kind, item)
    if kind == PASSENGER:
        state.market_passengers.remove(item)
        hand.passengers.append(item)
    elif kind == PLANE:
        (state.market_planes if item in state.market_planes else state.electric_pool).remove(item)
        hand.planes.append(item)
    elif kind == AIRPORT:
        state.airport_pool.remove(item)
        hand.airports.append(item)
    elif kind == LANDING_RIGHTS:
        state.airport_pool.remove(item)
        hand.landing_rights.append(item)
    else:
        truck = free_truck(state.truck_supply, item)
        state.truck_supply.remove(truck)
        hand.trucks.append(truck)
        item = truck
    state.coins -= cost
    if kind != TRUCK:
        state.bought_this_round = True  # a card was purchased: no refresh this round (house rule C12)
    state.log.append(Bought(seat, action.for_seat, kind, item, cost))


def deal_market(state: CoopState, refreshed_by: int = -1, cost: int = 0) -> None:
    """Turn up five Passenger cards and one Plane card from the tops of their decks."""
    data = coop_data()
    state.market_passengers = _draw(state.passenger_deck, data.market_passengers)
    state.market_planes = _draw(state.plane_deck, data.market_planes)
    state.log.append(
        MarketDealt(state.round, list(state.market_passengers), list(state.market_planes), refreshed_by, cost)
    )


def clear_market(state: CoopState) -> None:
    """Put the unbought face-up cards under their decks, in the order they lie."""
    state.passenger_deck.extend(state.market_passengers)
    state.plane_deck.extend(state.market_planes)
    state.market_passengers = []
    state.market_planes = []


def apply_refresh(state: CoopState, seat: int) -> None:
    """Pay for a refresh: the six cards go under their decks and six more are turned up."""
    cost = state.config.refresh_cost
    state.coins -= cost
    clear_market(state)
    deal_market(state, refreshed_by=seat, cost=cost)


def _draw(deck: list[int], count: int) -> list[int]:
    drawn = deck[:count]
    del deck[:count]
    return drawn
