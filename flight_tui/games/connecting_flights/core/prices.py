"""Card face prices (the same in both modes) and the cheapest valid flight within a continent."""

from __future__ import annotations

from flight_tui.games.connecting_flights.core.world import World

PASSENGER, PLANE, AIRPORT, LANDING_RIGHTS = "passenger", "plane", "airport", "landing_rights"
"""Kinds of card with a face price."""


def card_price(world: World, kind: str, card: int) -> int:
    """The face price of a card: a Passenger or Plane card, an Airport card bought, or the
    same card rented as Landing Rights (its grey face)."""
    if kind == PASSENGER:
        return world.passengers[card].price
    if kind == PLANE:
        return world.planes[card].price
    if kind == AIRPORT:
        return world.airport_of_card(card).price
    if kind == LANDING_RIGHTS:
        return world.airport_of_card(card).landing_rights_price
    raise ValueError(f"no face price for {kind!r}")


def cheapest_flight_within(world: World, continent: int) -> int | None:
    """What the cheapest valid flight inside one continent costs at face prices (two Airport
    cards of different cities, a conventional Plane and a Passenger for that continent; any
    fuel truck serves), or None when the continent has none."""
    planes = [world.planes[p] for p in world.conventional_planes]
    airports = world.airports_in(continent)
    best = None
    for passenger in world.passengers:
        if passenger.continent != continent:
            continue
        plane = min((p.price for p in planes if p.stars >= passenger.stars), default=None)
        for origin in airports:
            for dest in airports:
                if origin.id == dest.id or dest.stars < passenger.stars or plane is None:
                    continue
                cost = origin.price + dest.price + plane + passenger.price
                best = cost if best is None else min(best, cost)
    return best
