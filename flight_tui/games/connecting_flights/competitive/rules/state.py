"""The competitive game's state and log events, as msgspec Structs.

Ids are the world's (see :mod:`flight_tui.games.connecting_flights.core.world`); Player, Event
and Sabotage cards are indexes into ``competitive.toml``'s lists. Decks are lists whose first
element is the top card. Seats sit clockwise in seat order.
"""

from __future__ import annotations

from typing import Union

import msgspec

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.rules.actions import BuyStart, Chain, Propose
from flight_tui.games.connecting_flights.competitive.rules.config import CompetitiveConfig

KEEP, CONTINENT, START = "keep", "continent", "start"
"""Set-up phases: keep a Player card (all at once), choose a continent (in rank order), buy the
starting flight (all at once)."""
CHOOSE_LOTS, BIDDING, MARKET, TRADING, FLY, SABOTAGE, OVER = (
    "choose_lots",
    "bidding",
    "market",
    "trading",
    "fly",
    "sabotage",
    "over",
)
"""Phases with choices in each round: the Auction (choosing the lots, then bidding on each),
the Marketplace (turns, then a trading round), Fly (all at once), Sabotage. Event, Grants and
Taxes and End Round play themselves."""
SETUP_PHASES = (KEEP, CONTINENT, START)


class Holdings(msgspec.Struct):
    """What one airline holds. All of it is on the table, public."""

    coins: int = 0
    airports: list[int] = msgspec.field(default_factory=list)
    """Airport cards owned for the rest of the game."""
    planes: list[int] = msgspec.field(default_factory=list)
    """Plane cards, conventional and electric."""
    passengers: list[int] = msgspec.field(default_factory=list)
    trucks: list[int] = msgspec.field(default_factory=list)
    landing_rights: list[int] = msgspec.field(default_factory=list)
    """Airport cards rented as Landing Rights for this round."""
    continent: int = -1
    """The continent of the starting flight (-1 until chosen)."""

    def copy(self) -> Holdings:
        return Holdings(
            self.coins,
            list(self.airports),
            list(self.planes),
            list(self.passengers),
            list(self.trucks),
            list(self.landing_rights),
            self.continent,
        )


class Lot(msgspec.Struct, frozen=True):
    """A card up for auction: ``kind`` airport, plane or passenger; who put it up (-1: the deck)."""

    kind: str
    card: int
    chosen_by: int = -1


class Bidding(msgspec.Struct):
    """The auction of one lot."""

    lot: int
    """Index into ``CompetitiveState.lots``."""
    bid: int = 0
    """The highest bid so far (0: none)."""
    leader: int = -1
    bids: list[int] = msgspec.field(default_factory=list)
    """Bids each seat has made on this lot."""
    out: list[bool] = msgspec.field(default_factory=list)
    """Seats that passed, ran out of bids or cannot pay the next bid."""


class Placed(msgspec.Struct, frozen=True):
    """A Sabotage card sitting on a card of ``seat``: ``kind`` plane or airport, ``on`` its id."""

    card: int
    seat: int
    kind: str
    on: int


class RoundIncome(msgspec.Struct, frozen=True):
    """One airline's round on the leaderboard."""

    income: int
    """Pre-tax income of the Fly phase, event bonuses included (the leaderboard)."""
    without_landing_rights: int
    """The same without flights ending on Landing Rights (the first tie-breaker)."""
    continents: int
    """Continents flown from or to (the second tie-breaker)."""
    flights: int
    penalty: int = 0
    """Paid for unused Landing Rights."""
    grant: int = 0
    tax: int = 0


# ---------------------------------------------------------------- events


class CardsDealt(msgspec.Struct, frozen=True, tag="cards_dealt"):
    """Player cards dealt to a seat (-1 for a card the viewer may not see)."""

    seat: int
    cards: list[int]


class CardKept(msgspec.Struct, frozen=True, tag="card_kept"):
    """A seat has chosen which Player card to keep (which one stays sealed)."""

    seat: int


class PlayerCardsRevealed(msgspec.Struct, frozen=True, tag="player_cards_revealed"):
    """Everyone's kept Player card, by seat, and the rank order (lowest rank first)."""

    cards: list[int]
    order: list[int]


class ContinentChosen(msgspec.Struct, frozen=True, tag="continent_chosen"):
    seat: int
    continent: int


class StartSubmitted(msgspec.Struct, frozen=True, tag="start_submitted"):
    """A seat has chosen its starting flight (sealed until all have)."""

    seat: int


class StartBought(msgspec.Struct, frozen=True, tag="start_bought"):
    seat: int
    origin: int
    plane: int
    passenger: int
    dest: int
    cost: int
    coins: int
    """Coins left from the budget."""


class DecksShuffled(msgspec.Struct, frozen=True, tag="decks_shuffled"):
    """The Plane and Passenger decks were shuffled, and the first player named."""

    first_player: int


class RoundStarted(msgspec.Struct, frozen=True, tag="round_started"):
    round: int
    stage: int
    first_player: int
    new_stage_deck: bool = False


class EventRevealed(msgspec.Struct, frozen=True, tag="event_revealed"):
    round: int
    event: int


class CoinsMoved(msgspec.Struct, frozen=True, tag="coins_moved"):
    """Coins a seat gained (``delta`` > 0) or paid to the bank or another seat, and why: an
    event, income, a penalty, a grant, a tax, sabotage, interest. ``asked`` is the amount due
    (more than ``-delta`` when the seat could not pay it all, or its insurance paid half)."""

    seat: int
    delta: int
    reason: str
    asked: int = 0


class LotChosen(msgspec.Struct, frozen=True, tag="lot_chosen"):
    slot: int
    lot: Lot


class SlotSkipped(msgspec.Struct, frozen=True, tag="slot_skipped"):
    """No card could go in this auction slot (its decks and pool were empty for its icons)."""

    slot: int
    seat: int


class BidMade(msgspec.Struct, frozen=True, tag="bid_made"):
    seat: int
    lot: int
    amount: int


class BidPassed(msgspec.Struct, frozen=True, tag="bid_passed"):
    """A seat left the bidding on a lot: ``why`` is pass, bids (none left) or coins (cannot
    pay more than the bid standing)."""

    seat: int
    lot: int
    why: str


class LotSold(msgspec.Struct, frozen=True, tag="lot_sold"):
    lot: int
    seat: int
    price: int
    item: Lot


class LotUnsold(msgspec.Struct, frozen=True, tag="lot_unsold"):
    """Nobody bid: the card went under its deck (an airport back to the pool)."""

    lot: int
    item: Lot


class Bought(msgspec.Struct, frozen=True, tag="bought"):
    """Marketplace: ``kind`` landing_rights, electric or truck; ``item`` the card or truck id."""

    seat: int
    kind: str
    item: int
    price: int


class OfferMade(msgspec.Struct, frozen=True, tag="offer_made"):
    seat: int
    offer: Propose


class OfferAnswered(msgspec.Struct, frozen=True, tag="offer_answered"):
    seat: int
    """The seat that answered."""
    offer: Propose
    offered_by: int
    accepted: bool
    reason: str = ""
    """A refusal's reason, when one was given."""


class TurnEnded(msgspec.Struct, frozen=True, tag="turn_ended"):
    seat: int
    phase: str


class FlightsSubmitted(msgspec.Struct, frozen=True, tag="flights_submitted"):
    """A seat has arranged its flights (sealed until all have)."""

    seat: int


class Flown(msgspec.Struct, frozen=True, tag="flown"):
    """A seat's flights of the round, revealed once all were in, and what they earned."""

    seat: int
    chains: list[Chain]
    valid: list[list[bool]]
    """For each chain, whether each flight was valid (only valid ones earn)."""
    record: RoundIncome


class SaboteurNamed(msgspec.Struct, frozen=True, tag="saboteur_named"):
    """The Sabotage phase: who may sabotage (-1: nobody), by the event's mark."""

    seat: int
    mark: str


class SabotageDrawn(msgspec.Struct, frozen=True, tag="sabotage_drawn"):
    """The saboteur drew a card (-1 for everyone else)."""

    seat: int
    card: int


class SabotageInflicted(msgspec.Struct, frozen=True, tag="sabotage_inflicted"):
    seat: int
    target: int
    card: int
    on: int = -1
    """The target's card it sits on (plane or airport card id), or -1."""
    truck: int = -1
    """The Fuel Truck the target lost, or -1."""


class SabotageReturned(msgspec.Struct, frozen=True, tag="sabotage_returned"):
    """The drawn card went under the deck unused (-1 for everyone but the saboteur)."""

    seat: int
    card: int


class FeePaid(msgspec.Struct, frozen=True, tag="fee_paid"):
    seat: int
    card: int
    on: int
    fee: int


class RoundEnded(msgspec.Struct, frozen=True, tag="round_ended"):
    round: int
    first_player: int
    """Who holds the first-player marker next round."""
    landing_rights_returned: int


class GameEnded(msgspec.Struct, frozen=True, tag="game_ended"):
    """Round 10's Fly phase is over: the winners and the tie-breaker that decided (``income``
    when there was no tie, ``shared`` when none did)."""

    winners: list[int]
    decided_by: str
    incomes: list[int]


CompetitiveEvent = Union[
    CardsDealt,
    CardKept,
    PlayerCardsRevealed,
    ContinentChosen,
    StartSubmitted,
    StartBought,
    DecksShuffled,
    RoundStarted,
    EventRevealed,
    CoinsMoved,
    LotChosen,
    SlotSkipped,
    BidMade,
    BidPassed,
    LotSold,
    LotUnsold,
    Bought,
    OfferMade,
    OfferAnswered,
    TurnEnded,
    FlightsSubmitted,
    Flown,
    SaboteurNamed,
    SabotageDrawn,
    SabotageInflicted,
    SabotageReturned,
    FeePaid,
    RoundEnded,
    GameEnded,
]


# ---------------------------------------------------------------- state


class CompetitiveState(msgspec.Struct):
    """The whole truth of a game, deck orders and sealed choices included. Only the engine reads it."""

    config: CompetitiveConfig
    rng: Rng
    phase: str
    round: int
    """0 during set-up, then 1 to 10."""
    current: int
    """The seat to act in a turn-based phase (-1 in the phases where all act at once)."""
    first_player: int
    holdings: list[Holdings]
    dealt: list[list[int]]
    """Player cards dealt to each seat (hidden from the others)."""
    kept: list[int]
    """Each seat's kept Player card (-1 until chosen; hidden from the others until revealed)."""
    revealed: bool
    """The kept Player cards are face up."""
    order: list[int]
    """Seats by rank, lowest first (empty until revealed)."""
    unused_player_cards: list[int]
    """Player cards not dealt, barred at this player count included."""
    starts: list[BuyStart | None]
    """Sealed starting flights, None until submitted."""
    plane_deck: list[int]
    passenger_deck: list[int]
    airport_pool: list[int]
    """Airport cards nobody owns or rents, in play: for the auction and for Landing Rights."""
    electric_pool: list[int]
    truck_supply: list[int]
    removed_airports: list[int]
    removed_passengers: list[int]
    event_deck: list[int]
    """The current stage's Event deck."""
    later_events: list[list[int]]
    """The Stage 2 and Stage 3 decks, waiting (shuffled when they replace the deck)."""
    event_discard: list[int]
    active_event: int
    """The Event card of this round (-1 before round 1)."""
    sabotage_deck: list[int]
    drawn_sabotage: int = -1
    """The card the saboteur drew and holds (-1: none); seen by the saboteur only."""
    placed: list[Placed] = msgspec.field(default_factory=list)
    saboteur: int = -1
    lots: list[Lot] = msgspec.field(default_factory=list)
    slot: int = 0
    """The next auction slot to fill."""
    bidding: Bidding | None = None
    market_turns: int = 0
    """Marketplace turns ended this phase."""
    trading_done: list[bool] = msgspec.field(default_factory=list)
    offers_made: list[int] = msgspec.field(default_factory=list)
    refused: list[tuple[int, Propose]] = msgspec.field(default_factory=list)
    """Offers refused this Marketplace phase (by whom they were made), which may not be made again in it."""
    pending: Propose | None = None
    pending_from: int = -1
    submitted: list[list[Chain] | None] = msgspec.field(default_factory=list)
    """Sealed flight arrangements of this Fly phase."""
    history: list[list[RoundIncome]] = msgspec.field(default_factory=list)
    """The leaderboard: for each round flown, each seat's record."""
    winners: list[int] = msgspec.field(default_factory=list)
    decided_by: str = ""
    log: list[CompetitiveEvent] = msgspec.field(default_factory=list)
    coins_after: list[list[int]] = msgspec.field(default_factory=list)
    """The leaderboard's coins: each airline's coins when every round ended (round 10: when the
    game ended). Kept as the game goes, so a view need not count them from the whole log."""
