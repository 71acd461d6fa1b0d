"""The cooperative game's state, actions, events and per-seat view, as msgspec Structs.

Ids are the world's (see :mod:`flight_tui.games.connecting_flights.core.world`): airport cards,
plane cards (electric ones included), passenger cards and fuel trucks by their card id,
airports by airport id, meeple colours by continent id (0-5: NA, EU, AS, SA, AF, OC).
Decks are lists whose first element is the top card.
"""

from __future__ import annotations

from typing import Union

import msgspec

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.coop.rules.config import CoopConfig
from flight_tui.games.connecting_flights.core.flights import FlightSpec

SETUP, MARKET, FLY, OVER = "setup", "market", "fly", "over"
"""Phases: each seat chooses its free starting flight; then rounds of Marketplace (B.1) and
Fly (B.2); New Passenger Demand (B.3) and End Round (B.4) follow the Fly phase by themselves."""

PASSENGER, PLANE, AIRPORT, LANDING_RIGHTS, TRUCK = "passenger", "plane", "airport", "landing_rights", "truck"
"""Kinds of thing bought in the Marketplace (``Buy.kind``)."""

Chain = tuple[FlightSpec, ...]


class Hand(msgspec.Struct):
    """What one player holds, and this round's flights. Everything here is public."""

    airports: list[int] = msgspec.field(default_factory=list)
    """Airport cards owned for the rest of the game."""
    planes: list[int] = msgspec.field(default_factory=list)
    """Plane cards, conventional and electric."""
    passengers: list[int] = msgspec.field(default_factory=list)
    trucks: list[int] = msgspec.field(default_factory=list)
    """Fuel Truck tokens."""
    landing_rights: list[int] = msgspec.field(default_factory=list)
    """Airport cards rented as Landing Rights for this round."""
    chains: list[Chain] = msgspec.field(default_factory=list)
    """The flight chains arranged for this round's Fly phase."""
    flown: list[int] = msgspec.field(default_factory=list)
    """For each chain, how many of its flights have been flown this round."""

    def card_count(self) -> int:
        """Cards held for the penalty on unequal hands: airports, planes and passengers."""
        return len(self.airports) + len(self.planes) + len(self.passengers)

    def copy(self) -> Hand:
        return Hand(
            list(self.airports),
            list(self.planes),
            list(self.passengers),
            list(self.trucks),
            list(self.landing_rights),
            list(self.chains),
            list(self.flown),
        )


# ---------------------------------------------------------------- actions


class ChooseStart(msgspec.Struct, frozen=True, tag="choose_start"):
    """Set-up: take a free starting flight (two Airport cards, a conventional Plane card and a
    Passenger card making a valid flight with the free 4-capacity Fuel Truck)."""

    origin: int
    plane: int
    passenger: int
    dest: int


class Buy(msgspec.Struct, frozen=True, tag="buy"):
    """Marketplace: buy something from the shared coins for ``for_seat``.

    ``kind`` is ``passenger`` or ``plane`` (a face-up card, or an Electric Plane), ``airport``
    or ``landing_rights`` (an Airport card from the pool) with ``item`` the card id, or
    ``truck`` with ``item`` the capacity (1-4).
    """

    kind: str
    item: int
    for_seat: int


class Refresh(msgspec.Struct, frozen=True, tag="refresh"):
    """Marketplace: pay to put the six face-up cards under their decks and draw six more."""


class SetChains(msgspec.Struct, frozen=True, tag="set_chains"):
    """Fly: arrange this seat's flights for the round (allowed until its first flight flies)."""

    chains: tuple[Chain, ...]


class FlyNext(msgspec.Struct, frozen=True, tag="fly_next"):
    """Fly: fly the next unflown flight of one of this seat's chains, carrying meeples from its
    starting airport: ``carry[c]`` meeples of colour ``c`` (at most the plane's stars in all)."""

    chain: int
    carry: tuple[int, int, int, int, int, int]


class Charter(msgspec.Struct, frozen=True, tag="charter"):
    """Fly: move one meeple of ``colour`` between two airports of one continent, for the fee."""

    origin: int
    colour: int
    dest: int


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    """End this seat's go in the Marketplace or Fly phase. The phase ends when every seat has
    passed in a row with nothing done in between."""


CoopAction = Union[ChooseStart, Buy, Refresh, SetChains, FlyNext, Charter, Pass]


# ---------------------------------------------------------------- events


class Placement(msgspec.Struct, frozen=True):
    """One new passenger meeple: where it appeared and the colour it wants."""

    airport: int
    colour: int


class DemandPlaced(msgspec.Struct, frozen=True, tag="demand_placed"):
    """A Departure Airports card and a Passenger Demand card placed meeples (round 0 = set-up).

    ``missing`` lists colours the card asked for that had no meeple left in the supply, or whose
    airport or continent is not in play."""

    round: int
    departure: int
    demand: int
    placed: list[Placement]
    missing: list[Placement] = msgspec.field(default_factory=list)


class DeckReshuffled(msgspec.Struct, frozen=True, tag="deck_reshuffled"):
    """A Demand deck ran out: its discards were shuffled into a new deck (house rule C9). In
    games begun under save format 1 the Departure deck was re-formed too."""

    deck: str
    cards: int


class NoDeparture(msgspec.Struct, frozen=True, tag="no_departure"):
    """The Departure Airports deck is empty: no new passengers appear this round (house rule C9)."""

    round: int


class StartChosen(msgspec.Struct, frozen=True, tag="start_chosen"):
    seat: int
    origin: int
    plane: int
    passenger: int
    dest: int
    truck: int


class MarketDealt(msgspec.Struct, frozen=True, tag="market_dealt"):
    """The Marketplace's face-up cards of a round (also after a refresh)."""

    round: int
    passengers: list[int]
    planes: list[int]
    refreshed_by: int = -1
    cost: int = 0


class Bought(msgspec.Struct, frozen=True, tag="bought"):
    seat: int
    for_seat: int
    kind: str
    item: int
    """The card id, or for a truck the truck's id."""
    price: int


class Passed(msgspec.Struct, frozen=True, tag="passed"):
    seat: int
    phase: str


class PhaseStarted(msgspec.Struct, frozen=True, tag="phase_started"):
    round: int
    phase: str


class ChainsSet(msgspec.Struct, frozen=True, tag="chains_set"):
    seat: int
    chains: int
    flights: int


class Flew(msgspec.Struct, frozen=True, tag="flew"):
    """A flight flew: ``carried`` meeples by colour went from ``origin`` to ``dest`` (airport
    ids); ``delivered`` of them reached their continent and left the board."""

    seat: int
    chain: int
    flight: int
    origin: int
    dest: int
    carried: list[int]
    delivered: list[int]


class Chartered(msgspec.Struct, frozen=True, tag="chartered"):
    seat: int
    colour: int
    origin: int
    dest: int
    fee: int
    delivered: bool


class Penalty(msgspec.Struct, frozen=True):
    """One End Round penalty: ``reason`` is ``crowded`` (an airport with 4+ meeples, ``where``
    its id), ``colour`` (five meeples of a colour on the board, ``where`` the colour) or
    ``unequal`` (a player holds 4+ cards more than another, ``where`` -1)."""

    reason: str
    where: int
    amount: int


class RoundEnded(msgspec.Struct, frozen=True, tag="round_ended"):
    round: int
    income: int
    """Coins actually added (after the cap)."""
    penalties: list[Penalty]
    paid: int
    """Coins actually paid for the penalties (never more than the team had)."""
    coins: int
    landing_rights_returned: int


class GameEnded(msgspec.Struct, frozen=True, tag="game_ended"):
    won: bool
    round: int
    stranded: int
    """Meeples left on the board (0 when won)."""
    delivered: int


CoopEvent = Union[
    DemandPlaced,
    DeckReshuffled,
    NoDeparture,
    StartChosen,
    MarketDealt,
    Bought,
    Passed,
    PhaseStarted,
    ChainsSet,
    Flew,
    Chartered,
    RoundEnded,
    GameEnded,
]


# ---------------------------------------------------------------- state and view


class CoopState(msgspec.Struct):
    """The whole truth of a game, deck orders included. Only the engine reads it."""

    config: CoopConfig
    rng: Rng
    phase: str
    round: int
    """0 during set-up, then 1 to ``config.rounds``."""
    current: int
    """The seat whose go it is (the seat choosing its start during set-up)."""
    coins: int
    hands: list[Hand]
    board: list[list[int]]
    """``board[airport][colour]``: meeples waiting at each airport."""
    supply: list[int]
    """Meeples of each colour off the board and available to new demand."""
    out_of_play: list[int]
    """Meeples of each colour whose continent is not in play."""
    delivered: list[int]
    """Meeples of each colour flown home so far (they return to the supply)."""
    delivered_by: list[int]
    """Meeples flown home (or chartered home) by each seat."""
    passenger_deck: list[int]
    plane_deck: list[int]
    market_passengers: list[int]
    market_planes: list[int]
    airport_pool: list[int]
    """Airport cards nobody owns or rents: for sale as Airports or for rent as Landing Rights."""
    electric_pool: list[int]
    truck_supply: list[int]
    removed_passengers: list[int]
    """Passenger cards out of the game: the 3-star ones, and those for continents not in play."""
    removed_airports: list[int]
    """Airport cards of continents not in play."""
    departure_deck: list[int]
    departure_discard: list[int]
    low_deck: list[int]
    high_deck: list[int]
    demand_discard: list[int]
    passes: int = 0
    """Passes in a row with nothing done in between (the phase ends when every seat has)."""
    bought_this_round: bool = False
    """A card was bought this round, so the face-up cards may not be refreshed."""
    charters: int = 0
    """Charter flights taken this round (the position on the fee track)."""
    won: bool = False
    log: list[CoopEvent] = msgspec.field(default_factory=list)


class CoopView(msgspec.Struct, frozen=True):
    """What one seat may see: everything but the order of the decks (and the generator).

    In a cooperative game every hand is public, so the views of all seats differ only in
    ``seat``. During set-up ``setup_planes`` and ``setup_passengers`` list the cards still
    free to choose (sorted by id); afterwards they are empty.
    """

    seat: int
    num_seats: int
    config: CoopConfig
    phase: str
    round: int
    stage: int
    current: int
    coins: int
    hands: list[Hand]
    board: list[list[int]]
    supply: list[int]
    out_of_play: list[int]
    delivered: list[int]
    delivered_by: list[int]
    market_passengers: list[int]
    market_planes: list[int]
    airport_pool: list[int]
    electric_pool: list[int]
    truck_supply: list[int]
    removed_passengers: list[int]
    removed_airports: list[int]
    setup_planes: list[int]
    setup_passengers: list[int]
    passenger_deck_size: int
    plane_deck_size: int
    departure_deck_size: int
    low_deck_size: int
    high_deck_size: int
    departure_discard: list[int]
    demand_discard: list[int]
    passes: int
    bought_this_round: bool
    charters: int
    charter_fee: int | None
    """The fee of the next charter flight this round, or None when no more are allowed."""
    demand_next: str
    """The demand deck (``low``/``high``) the coming New Passenger Demand phase draws from."""
    won: bool
    log: list[CoopEvent]
    """The most recent events."""
