"""Passaportas's config, state, actions, events and per-seat view, as msgspec Structs.

Cities are numbers (see :mod:`flight_tui.games.passaportas.rules.map`); fuel is counted in thousands
of litres (0..25). A player's groups are named by their size: group 1, 2, 3 and 4 persons.
A card is just the number of the city it names (two boarding and two destination cards per
city are interchangeable).
"""

from __future__ import annotations

from typing import Union

import msgspec

from flight_tui.engine.rng import Rng

FUEL, CUSTOMS, OVER = "fuel", "customs", "over"
"""Phases: the player in turn fuels and flies (or stays); after a landing each player in turn
order who still holds customs cards decides whether to use one; ``over`` once someone has won
or the round limit is reached."""

HOME, PLANE, OFFICE, DONE = "home", "plane", "customs", "done"
"""Where a group is: at home waiting to board (its boarding and destination cards in the card
holder), in the plane (destination card only), in the customs office after getting off (no
cards), or its trip completed."""

SEATS = 10
"""The plane has ten seats."""
EDITION = 2
"""The edition of our map and house rules that new games are played by. Edition 2 gave the
map's dead ends a second leg and reads P6 as "the token may not fuel the flight that completes
your last trip"; games begun under save format 1 keep edition 1."""


class PassaportasConfig(msgspec.Struct, frozen=True, kw_only=True):
    """How a game is played."""

    players: int = 4
    no_four_group: bool = False
    """Remark 1 (5 or 6 players only): nobody takes the group of four persons."""
    wild_tokens: bool = True
    """Remark 2: each player may once add 10,000 litres, but not in their last round (P6)."""
    max_rounds: int = 60
    """House rule P10: a game still running after this many rounds ends there."""
    edition: int = EDITION
    """The edition of the map and of house rule P6 (see :data:`EDITION`)."""


class GroupRef(msgspec.Struct, frozen=True, array_like=True):
    """A group of passengers: its player (seat) and its size (1 to 4), which names it."""

    player: int
    group: int


class Group(msgspec.Struct):
    """One group in a player's card holder and where it is now."""

    size: int
    boarding: int
    """City of its green boarding card (put away once the group has boarded)."""
    destination: int
    """City of its red destination card (put away once the group has got off)."""
    status: str = HOME


class Turn(msgspec.Struct):
    """What the player in turn has done so far this turn."""

    rolls: list[tuple[int, int]] = msgspec.field(default_factory=list)
    """The dice thrown this turn, in order."""
    wild_used: bool = False
    flown: bool = False
    landed: int = -1
    """The city the plane landed in this turn, or -1."""


# ---------------------------------------------------------------- actions


class Roll(msgspec.Struct, frozen=True, tag="roll"):
    """Throw the two dice and add the eyes in thousands of litres (again after a double)."""


class UseWildToken(msgspec.Struct, frozen=True, tag="wild"):
    """Remark 2: add 10,000 litres once in the game (not in your last round, house rule P6)."""


class Fly(msgspec.Struct, frozen=True, tag="fly"):
    """Fly to ``city`` burning exactly ``fuel`` thousand litres (any walk, detours allowed)."""

    city: int
    fuel: int


class StayPut(msgspec.Struct, frozen=True, tag="stay"):
    """Do not fly this turn (the turn ends; the fuel stays in the tank)."""


class UseCustoms(msgspec.Struct, frozen=True, tag="customs"):
    """Use the top card of your customs holder ``holder`` on an opponent's group."""

    holder: int
    player: int
    group: int


class PassCustoms(msgspec.Struct, frozen=True, tag="pass_customs"):
    """Use no customs card after this landing."""


PassaportasAction = Union[Roll, UseWildToken, Fly, StayPut, UseCustoms, PassCustoms]


# ---------------------------------------------------------------- events


class GameStarted(msgspec.Struct, frozen=True, tag="started"):
    plane: int
    reserved_seats: int


class TripDealt(msgspec.Struct, frozen=True, tag="trip"):
    """A group got its boarding and destination cards (``replaced``: same-city pairs put away first)."""

    player: int
    group: int
    boarding: int
    destination: int
    replaced: int = 0


class TurnStarted(msgspec.Struct, frozen=True, tag="turn"):
    seat: int
    round_no: int


class Rolled(msgspec.Struct, frozen=True, tag="rolled"):
    seat: int
    dice: tuple[int, int]
    added: int
    """Fuel that went into the tank (less than the eyes when the tank filled up)."""
    fuel: int


class WildTokenUsed(msgspec.Struct, frozen=True, tag="wild_used"):
    seat: int
    added: int
    fuel: int


class Flew(msgspec.Struct, frozen=True, tag="flew"):
    seat: int
    route: list[int]
    """The cities flown over, first the origin and last the city landed in."""
    burned: int
    fuel: int
    """Fuel left in the tank."""


class StayedPut(msgspec.Struct, frozen=True, tag="stayed"):
    seat: int


class GotOff(msgspec.Struct, frozen=True, tag="got_off"):
    """A group left the plane for the customs office."""

    player: int
    group: int
    city: int


class Boarded(msgspec.Struct, frozen=True, tag="boarded"):
    player: int
    group: int
    city: int
    last_minute: bool = False


class NoRoom(msgspec.Struct, frozen=True, tag="no_room"):
    """A group could not board: not enough free seats."""

    player: int
    group: int
    city: int


class CustomsUsed(msgspec.Struct, frozen=True, tag="customs_used"):
    """``seat`` showed its customs card for ``city`` and refused the passport of a group."""

    seat: int
    holder: int
    city: int
    player: int
    group: int
    where: str
    """``plane`` or ``customs`` (the office)."""


class CustomsPassed(msgspec.Struct, frozen=True, tag="customs_passed"):
    seat: int


class DeckReshuffled(msgspec.Struct, frozen=True, tag="reshuffled"):
    """A deck ran out; its put-away stack was shuffled into a new deck (house rule P8)."""

    deck: str
    """``boarding`` or ``destination``."""
    cards: int


class TripsCompleted(msgspec.Struct, frozen=True, tag="completed"):
    city: int
    groups: list[GroupRef]


class GameEnded(msgspec.Struct, frozen=True, tag="ended"):
    winners: list[int]
    scores: list[int]
    by_round_limit: bool = False


PassaportasEvent = Union[
    GameStarted,
    TripDealt,
    TurnStarted,
    Rolled,
    WildTokenUsed,
    Flew,
    StayedPut,
    GotOff,
    Boarded,
    NoRoom,
    CustomsUsed,
    CustomsPassed,
    DeckReshuffled,
    TripsCompleted,
    GameEnded,
]


class PassaportasState(msgspec.Struct):
    """The whole truth of a game, hidden parts included. Only the engine reads it."""

    config: PassaportasConfig
    rng: Rng
    groups: list[list[Group]]
    """Per player, groups in card-holder order (sizes 1, 2, 3, 4; no 4 under Remark 1)."""
    holders: list[list[list[int]]]
    """Per player, per customs holder, the cities of its cards, top card first (hidden)."""
    boarding_deck: list[int]
    """Face down; the last element is the top."""
    destination_deck: list[int]
    boarding_put_away: list[int] = msgspec.field(default_factory=list)
    destination_put_away: list[int] = msgspec.field(default_factory=list)
    customs_used: list[int] = msgspec.field(default_factory=list)
    """Customs cards used, face up."""
    customs_boxed: list[int] = msgspec.field(default_factory=list)
    """Customs cards not dealt, back in the box (the plane started on the first one's city)."""
    plane: int = 0
    fuel: int = 0
    reserved_seats: int = 0
    """Seats taken by unknown travellers for the whole game (2 with 2 or 3 players)."""
    cabin: list[GroupRef] = msgspec.field(default_factory=list)
    """Groups in the plane, in the order they boarded."""
    office: list[GroupRef] = msgspec.field(default_factory=list)
    """Groups in the customs office (they got off this turn)."""
    current: int = 0
    phase: str = FUEL
    turn: Turn = msgspec.field(default_factory=Turn)
    customs_queue: list[int] = msgspec.field(default_factory=list)
    """Seats still to decide about customs after this landing; the first decides now."""
    round_no: int = 1
    turn_no: int = 1
    wild_used: list[bool] = msgspec.field(default_factory=list)
    winners: list[int] = msgspec.field(default_factory=list)
    log: list[PassaportasEvent] = msgspec.field(default_factory=list)


class PassaportasView(msgspec.Struct, frozen=True):
    """What one seat may see.

    Public: the plane, the fuel, the cabin and the customs office, every player's groups with
    their boarding and destination cities (the card holders stand face up on the table), used
    customs cards, the dice, wild tokens used and deck sizes. Private: the top card of each of
    the viewer's own customs holders. Of other players' holders only the number of cards.
    Never: the order of any deck, other cards in any customs holder, the boxed customs cards.
    """

    seat: int
    num_seats: int
    config: PassaportasConfig
    plane: int
    fuel: int
    reserved_seats: int
    cabin: list[GroupRef]
    office: list[GroupRef]
    free_seats: int
    groups: list[list[Group]]
    own_customs: list[int]
    """The top card (a city) of each of the viewer's holders, -1 for an empty holder."""
    customs_counts: list[list[int]]
    """Per player, per holder, how many customs cards are in it."""
    customs_used: list[int]
    current: int
    phase: str
    turn: Turn
    customs_queue: list[int]
    round_no: int
    turn_no: int
    wild_used: list[bool]
    may_use_wild: bool
    """Whether the viewer may use its wild token now (it is their turn and P6 allows it)."""
    boarding_deck: int
    destination_deck: int
    boarding_put_away: int
    destination_put_away: int
    delivered: list[int]
    """Persons each player has brought to their destinations so far."""
    winners: list[int]
    log: list[PassaportasEvent]
    """The most recent events."""
    quiet_turns: int
    """Turns begun since a group last boarded or got off (the turn in progress included), counted
    over the whole game, not only the events in ``log``."""


UNKNOWN_TRAVELLERS = GroupRef(-1, 2)
"""The two unknown travellers of a 2- or 3-player game, as they sit in the plane."""


def seat_plan(reserved_seats: int, cabin: list[GroupRef]) -> list[GroupRef | None]:
    """The ten seats in order: who sits in each (a group takes one seat per person), None if free.

    The unknown travellers take the first seats, then the groups in the order they boarded.
    """
    seats: list[GroupRef | None] = [UNKNOWN_TRAVELLERS] * reserved_seats
    for ref in cabin:
        seats.extend([ref] * ref.group)
    return seats + [None] * (SEATS - len(seats))
