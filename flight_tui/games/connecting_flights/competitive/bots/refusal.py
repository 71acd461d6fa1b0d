"""Why a bot refuses a trade, in a few words the proposer sees: the card it keeps and the flight
that card is part of ("I keep the Oslo airport: my 3-star passenger to Europe flies to it"),
or that the trade gains it too little, or far less than the proposer."""

from __future__ import annotations


from flight_tui.games.connecting_flights.competitive.bots.worth import Appraiser, bundle_items
from flight_tui.games.connecting_flights.competitive.rules.actions import Propose
from flight_tui.games.connecting_flights.competitive.rules.describe import card_name
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.words import count


def refusal_reason(appraiser: Appraiser, offer: Propose, seat: int, unfair: bool) -> str:
    """Why ``seat`` refuses ``offer`` (made to it): ``unfair`` when it gains enough but far
    less than the proposer, else because it gains too little."""
    if unfair:
        return "It gains you far more than it gains me."
    cards = appraiser.cards(seat)
    flights = appraiser.planner.arrangement(cards, appraiser.base).flights()
    dearest, loss = None, 0.0
    for kind, item in bundle_items(offer.take):
        if item not in getattr(cards, kind + "s", ()):
            continue
        lost = appraiser.holding_worth(seat, cards) - appraiser.holding_worth(seat, cards.minus(kind, item))
        if dearest is None or lost > loss:
            dearest, loss = (kind, item), lost
    if dearest is not None:
        kind, item = dearest
        flight = next((f for f in flights if _uses(f, kind, item)), None)
        if flight is not None:
            return _keeps(kind, item, flight)
    if offer.take.coins and not dearest:
        return f"What you offer is not worth {count(offer.take.coins, 'coin')} to me."
    return "What you offer is worth less to me than what you ask."


def _uses(flight: FlightSpec, kind: str, item: int) -> bool:
    return {
        "airport": item in (flight.origin, flight.dest),
        "plane": item == flight.plane,
        "passenger": item == flight.passenger,
        "truck": item == flight.truck,
    }[kind]


KEEPS = {
    "airport": "I keep {name}: my {flown} flies {way} it.",
    "plane": "I keep my {name}: it flies my {flown}.",
    "passenger": "I keep my {name}: I fly them.",
    "truck": "I keep my {name}: it fuels the flight of my {flown}.",
}
"""What a bot says it keeps a card of each kind for."""


def _keeps(kind: str, item: int, flight: FlightSpec) -> str:
    """"I keep <card>: <the flight it is part of>"."""
    return KEEPS[kind].format(
        name=card_name(kind, item).removeprefix("a "),
        flown=card_name("passenger", flight.passenger).removeprefix("a "),
        way="from" if item == flight.origin else "to",
    )
