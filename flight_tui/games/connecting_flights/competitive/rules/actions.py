"""The competitive mode's actions: frozen msgspec Structs in one tagged union.

Card ids are the world's (:mod:`flight_tui.games.connecting_flights.core.world`); Player,
Event and Sabotage cards are indexes into the lists of ``competitive.toml``.
"""

from __future__ import annotations

from typing import Union

import msgspec

from flight_tui.games.connecting_flights.core.flights import FlightSpec

Chain = tuple[FlightSpec, ...]


class KeepCard(msgspec.Struct, frozen=True, tag="keep_card"):
    """Set-up: keep one of the two Player cards dealt (sealed until everyone has kept one)."""

    card: int


class ChooseContinent(msgspec.Struct, frozen=True, tag="choose_continent"):
    """Set-up, in rank order: the continent of one's starting flight (one not taken)."""

    continent: int


class BuyStart(msgspec.Struct, frozen=True, tag="buy_start"):
    """Set-up, all at once: the starting flight (two Airport cards of the chosen continent, a
    conventional Plane, a Passenger) within the Player card's budget; sealed until all are in."""

    origin: int
    plane: int
    passenger: int
    dest: int


class ChooseLot(msgspec.Struct, frozen=True, tag="choose_lot"):
    """Auction: put the next card up for auction, as the slot's icons allow: ``kind`` is
    ``airport`` (``card`` an unowned Airport card), or ``plane`` / ``passenger`` (the top of
    that deck; ``card`` is ignored, -1)."""

    kind: str
    card: int = -1


class Bid(msgspec.Struct, frozen=True, tag="bid"):
    """Auction: bid ``amount`` coins on the card under the hammer."""

    amount: int


class PassBid(msgspec.Struct, frozen=True, tag="pass_bid"):
    """Auction: leave the bidding on the card under the hammer."""


class BuyLandingRights(msgspec.Struct, frozen=True, tag="buy_landing_rights"):
    """Marketplace: rent an unowned Airport card as Landing Rights for this round."""

    card: int


class BuyElectric(msgspec.Struct, frozen=True, tag="buy_electric"):
    """Marketplace: buy a face-up Electric Plane."""

    plane: int


class BuyTruck(msgspec.Struct, frozen=True, tag="buy_truck"):
    """Marketplace: buy a Fuel Truck of ``capacity`` (1-4) from the side board."""

    capacity: int


class Bundle(msgspec.Struct, frozen=True):
    """What one side of a trade hands over: cards and trucks by id, and coins."""

    airports: tuple[int, ...] = ()
    planes: tuple[int, ...] = ()
    passengers: tuple[int, ...] = ()
    trucks: tuple[int, ...] = ()
    coins: int = 0

    def is_empty(self) -> bool:
        return not (self.airports or self.planes or self.passengers or self.trucks or self.coins)


class Propose(msgspec.Struct, frozen=True, tag="propose"):
    """Marketplace: offer ``to_seat`` a trade: ``give`` goes to them, ``take`` comes back.
    They accept or refuse it out of turn."""

    to_seat: int
    give: Bundle
    take: Bundle


class Accept(msgspec.Struct, frozen=True, tag="accept"):
    """Answer the trade offered to you: yes."""


class Refuse(msgspec.Struct, frozen=True, tag="refuse"):
    """Answer the trade offered to you: no (the same offer may not be made again this phase)."""

    reason: str = ""
    """Why, in a few words the proposer sees (bots give one; at most :data:`REASON_LENGTH` characters)."""


REASON_LENGTH = 100
"""The longest reason a refusal may carry."""


class EndTurn(msgspec.Struct, frozen=True, tag="end_turn"):
    """Marketplace: end one's turn; in the trading round after the turns, say one is done."""


class SubmitFlights(msgspec.Struct, frozen=True, tag="submit_flights"):
    """Fly, all at once: this round's flight chains (sealed until everyone has submitted)."""

    chains: tuple[Chain, ...]


class TakeCoins(msgspec.Struct, frozen=True, tag="take_coins"):
    """Sabotage: take 10 coins instead of sabotaging."""


class DrawSabotage(msgspec.Struct, frozen=True, tag="draw_sabotage"):
    """Sabotage: draw the top Sabotage card (seen by the saboteur only)."""


class Inflict(msgspec.Struct, frozen=True, tag="inflict"):
    """Sabotage: inflict the drawn card on ``target``; a card that sits on an airport or plane
    names the target's card ``on`` (an Airport card id or a Plane card id, else -1)."""

    target: int
    on: int = -1


class ReturnSabotage(msgspec.Struct, frozen=True, tag="return_sabotage"):
    """Sabotage: put the drawn card under the deck, unseen by the others, affecting nobody."""


class PayFee(msgspec.Struct, frozen=True, tag="pay_fee"):
    """At any time one is asked to act: pay a Sabotage card's fee in full to remove it."""

    card: int


CompetitiveAction = Union[
    KeepCard,
    ChooseContinent,
    BuyStart,
    ChooseLot,
    Bid,
    PassBid,
    BuyLandingRights,
    BuyElectric,
    BuyTruck,
    Propose,
    Accept,
    Refuse,
    EndTurn,
    SubmitFlights,
    TakeCoins,
    DrawSabotage,
    Inflict,
    ReturnSabotage,
    PayFee,
]
