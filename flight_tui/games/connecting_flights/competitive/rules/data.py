"""The competitive mode's designed data (``data/competitive.toml``): Player, Event and Sabotage
cards and the side board, loaded once and checked against the design's constraints.

The rule text gives only a few of these (see the comments in the file); the rest is our own
design, explained in docs/connecting-flights-competitive.md.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Literal

import msgspec

from flight_tui.games.connecting_flights.core.continents import continent_sets
from flight_tui.games.connecting_flights.core.prices import cheapest_flight_within
from flight_tui.games.connecting_flights.core.world import World, WorldDataError, default_world

POWERS = (
    "grant_bonus",
    "extra_bids",
    "truck_discount",
    "insured",
    "half_tax",
    "landing_rights_discount",
    "interest",
    "electric_discount",
)
"""The Player card powers the rules know (see :mod:`.powers`)."""

EVENT_EFFECTS = (
    "long_haul_bonus",
    "domestic_bonus",
    "star_bonus_1",
    "star_bonus_2",
    "star_bonus_3",
    "truck_price",
    "electric_price",
    "landing_rights_half",
    "poorest_gains",
    "lowest_income_gains",
    "all_pay",
    "richest_pays",
    "no_tax",
    "double_grants",
)
"""The Event card effects the rules know (see :mod:`.events`)."""

SABOTAGE_EFFECTS = ("plane", "airport", "lose_truck", "pay", "pay_saboteur")
"""What a Sabotage card does: sit on a plane or an airport, take a truck, or cost coins."""

Phase = Literal["event", "marketplace", "fly", "grants"]
Saboteur = Literal["none", "fewest_coins", "lowest_income"]
Lot = Literal["airport", "plane", "passenger"]


class CompetitiveDataError(WorldDataError):
    """The competitive data file is malformed or breaks a constraint of the design."""


class PlayerCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Player card: its rank (lowest goes first), starting budget and power."""

    rank: int
    name: str
    budget: int
    power: str
    power_amount: int
    text: str
    players: tuple[int, ...] = (2, 3, 4, 5)
    """The player counts the card may be used at (the icon next to its budget)."""


class EventCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An Event card of one stage: its effect, the phase it acts in and who may sabotage."""

    stage: int
    name: str
    effect: str
    amount: int
    when: Phase
    saboteur: Saboteur
    text: str


class SabotageCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Sabotage card: its effect and its fee (the payment, or the price of removing it)."""

    name: str
    effect: str
    fee: int
    text: str
    full_fee: bool = False
    """Whether its fee is always paid in full, even by the Insurance Agent (the text, for
    Snakes on the Plane)."""

    @property
    def placed(self) -> bool:
        """Whether the card sits on one of the target's cards until its fee is paid."""
        return self.effect in ("plane", "airport")


class IncomeBand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Incomes up to ``up_to`` (from the band below) get ``grant`` or pay ``tax``."""

    up_to: int
    grant: int = 0
    tax: int = 0


class AuctionSlot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One space of the auction area: the kinds of card it takes and who fills it."""

    takes: tuple[Lot, ...]
    filled_by: Literal["deck", "player"]
    last_for_players: int = 0
    """The player count whose icon is on this slot: with that many players it is the last."""


class CompetitiveData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The numbers and cards of ``data/competitive.toml`` (see the comments there)."""

    rounds: int
    stage_starts: tuple[int, int, int]
    coin_cap: int
    income_by_stars: tuple[int, int, int]
    sabotage_coins: int
    landing_rights_penalty: int
    landing_rights_per_player: int
    bids_per_card: int
    start_truck_capacity: int
    offers_per_phase: int
    truck_prices: tuple[int, int, int, int]
    income_bands: tuple[IncomeBand, ...]
    auction_slots: tuple[AuctionSlot, ...]
    player_cards: tuple[PlayerCard, ...]
    events: tuple[EventCard, ...]
    sabotage: tuple[SabotageCard, ...]

    def truck_price(self, capacity: int) -> int:
        """The side board's price of a Fuel Truck of ``capacity``."""
        return self.truck_prices[capacity - 1]

    def band(self, income: int) -> IncomeBand:
        """The income band a round's income falls in."""
        return next(b for b in self.income_bands if income <= b.up_to)

    def slots_for(self, players: int) -> tuple[AuctionSlot, ...]:
        """The auction slots filled with ``players`` players (up to the one with their icon)."""
        last = next(i for i, s in enumerate(self.auction_slots) if s.last_for_players == players)
        return self.auction_slots[: last + 1]

    def events_of(self, stage: int) -> tuple[int, ...]:
        """Ids (indexes) of the Event cards of a stage."""
        return tuple(i for i, e in enumerate(self.events) if e.stage == stage)


STAGE_EVENTS = (4, 7, 4)
"""The text: 15 Event cards, 4 of Stage 1, 7 of Stage 2 and 4 of Stage 3."""


def parse_competitive(data: bytes, world: World, source: str = "competitive.toml") -> CompetitiveData:
    """The competitive data from TOML bytes; CompetitiveDataError naming ``source`` and what
    is wrong, for a malformed file and for data breaking the design's constraints."""
    try:
        parsed = msgspec.toml.decode(data, type=CompetitiveData)
        check(parsed, world)
    except (msgspec.DecodeError, msgspec.ValidationError, CompetitiveDataError) as err:
        raise CompetitiveDataError(f"{source}: {err}") from None
    return parsed


def check(d: CompetitiveData, world: World) -> None:
    """Raise CompetitiveDataError if ``d`` breaks a constraint of the text or the design."""
    cards = d.player_cards
    if len(cards) != 8:
        raise CompetitiveDataError(f"there must be 8 Player cards, found {len(cards)}")
    if sorted(c.rank for c in cards) != list(range(1, 9)):
        raise CompetitiveDataError("the Player cards' ranks must be 1 to 8, once each")
    _unique("Player card name", [c.name for c in cards])
    for c in cards:
        if c.power not in POWERS:
            raise CompetitiveDataError(f"Player card {c.name}: unknown power {c.power!r}")
        if 4 not in c.players:
            raise CompetitiveDataError(f"Player card {c.name} is barred at 4 players, where two cards each are dealt")
    if not any(c.power == "extra_bids" for c in cards):
        raise CompetitiveDataError("one Player card's power must change the two-bid limit")
    for players in range(2, 6):
        usable = [c for c in cards if players in c.players]
        dealt = players * (1 if players == 5 else 2)
        if len(usable) < dealt:
            raise CompetitiveDataError(f"{players} players are dealt {dealt} Player cards but only {len(usable)} may be used")
        for option, continents in enumerate(continent_sets(world, players)):
            for c in usable:
                for continent in continents:
                    cost = cheapest_flight_within(world, continent)
                    if cost is None or cost > c.budget:
                        name = world.continents[continent].name
                        raise CompetitiveDataError(
                            f"{c.name}'s budget of {c.budget} buys no starting flight in {name} "
                            f"({players} players, continent set {option + 1}: the cheapest costs {cost})"
                        )
    counts = Counter(e.stage for e in d.events)
    if tuple(counts.get(s, 0) for s in (1, 2, 3)) != STAGE_EVENTS or len(d.events) != sum(STAGE_EVENTS):
        raise CompetitiveDataError("there must be 4 Stage 1, 7 Stage 2 and 4 Stage 3 Event cards")
    _unique("Event card name", [e.name for e in d.events])
    for e in d.events:
        if e.effect not in EVENT_EFFECTS:
            raise CompetitiveDataError(f"Event card {e.name}: unknown effect {e.effect!r}")
    if len(d.sabotage) != 8:
        raise CompetitiveDataError(f"there must be 8 Sabotage cards, found {len(d.sabotage)}")
    _unique("Sabotage card name", [s.name for s in d.sabotage])
    for s in d.sabotage:
        if s.effect not in SABOTAGE_EFFECTS:
            raise CompetitiveDataError(f"Sabotage card {s.name}: unknown effect {s.effect!r}")
        if s.fee < 0:
            raise CompetitiveDataError(f"Sabotage card {s.name}: a fee cannot be negative")
    bands = [b.up_to for b in d.income_bands]
    if bands != sorted(set(bands)) or not bands or bands[-1] < len(world.passengers) * max(d.income_by_stars) * 2:
        raise CompetitiveDataError("income bands must rise and the last must cover any income")
    if any(b.grant and b.tax for b in d.income_bands) or any(b.grant < 0 or b.tax < 0 for b in d.income_bands):
        raise CompetitiveDataError("an income band gives a grant or takes a tax, never both, never negative")
    marks = [s.last_for_players for s in d.auction_slots if s.last_for_players]
    if marks != [2, 3, 4, 5]:
        raise CompetitiveDataError("the auction slots must carry the icons for 2, 3, 4 and 5 players, in that order")
    for players in range(2, 6):
        if len(d.slots_for(players)) - 2 != players:
            raise CompetitiveDataError(f"with {players} players each player must fill exactly one auction slot")
    first = d.auction_slots[:3]
    if [s.takes for s in first] != [("plane",), ("passenger",), ("airport",)] or [s.filled_by for s in first] != [
        "deck",
        "deck",
        "player",
    ]:
        raise CompetitiveDataError("the text: the top Plane, the top Passenger, then the first player's Airport")
    if any(s.filled_by != "player" for s in d.auction_slots[2:]):
        raise CompetitiveDataError("every slot after the second is filled by a player")
    if d.stage_starts[0] != 1 or list(d.stage_starts) != sorted(set(d.stage_starts)) or d.stage_starts[-1] > d.rounds:
        raise CompetitiveDataError("stages must start at round 1 and follow each other within the game")
    if not all(p > 0 for p in d.truck_prices):
        raise CompetitiveDataError("Fuel Trucks cannot be free in the Marketplace")


def _unique(what: str, values: list[str]) -> None:
    repeated = [v for v, n in Counter(values).items() if n > 1]
    if repeated:
        raise CompetitiveDataError(f"{what} {repeated[0]!r} appears more than once")


@lru_cache(maxsize=1)
def competitive_data() -> CompetitiveData:
    """The competitive mode's data (loaded once)."""
    data = resources.files(__package__).joinpath("data", "competitive.toml").read_bytes()
    return parse_competitive(data, default_world())
