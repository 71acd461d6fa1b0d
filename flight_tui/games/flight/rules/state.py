"""Flight's state, actions, events and per-seat view, as msgspec Structs."""

from __future__ import annotations

from typing import Any, Union

import msgspec

from flight_tui.engine.rng import Rng

DRAW, PLAY, OVER = "draw", "play", "over"
"""Phases: draw a card, then play cards and discard; ``over`` once the match has ended."""


class FlightConfig(msgspec.Struct, frozen=True, kw_only=True):
    """How a match is played: seats, and to a target score or for a number of hands."""

    players: int = 3
    target: int = 100
    """Play until someone has this many points at the end of a hand (0: use ``hands``)."""
    hands: int = 0
    """Play exactly this many hands (0: play to ``target``)."""
    max_turns: int = 1000
    """A hand still running after this many turns is stopped (house rule H12: a safety valve only)."""
    max_hands: int = 50
    """A match to a target that nobody has reached after this many hands ends there (house rule H17)."""
    max_reforms: int = 0
    """How often the pack may be re-formed from the discards in one hand (house rule H10); 0: as often as needed."""
    discard_taken: bool = False
    """Whether the exposed card taken this turn may be discarded again at once (house rule H16)."""


class FlightLine(msgspec.Struct):
    """One of the four flights on the table (one per colour)."""

    cards: list[int] = msgspec.field(default_factory=list)
    """Cards laid on it, in the order they were played (aeroplane first)."""
    reached: int = 0
    """Highest route number flown: played, or replaced by an Alternative Route."""
    obstacle: int = 0
    """The uncleared Fog or Customs card (its kind), or 0."""
    landed: bool = False

    def copy(self) -> "FlightLine":
        """An independent copy (its card list is not shared)."""
        return FlightLine(list(self.cards), self.reached, self.obstacle, self.landed)


class TurnInfo(msgspec.Struct):
    """What the player in turn has done so far this turn."""

    played: int = 0
    route_flight: int = -1
    """The flight route cards went to this turn (rule 4: only one), or -1."""
    special_played: bool = False
    """A Fog, Customs, Alternative Route or Passport was played this turn (rule 7)."""
    plane_played: bool = False
    """An aeroplane was played this turn: nothing else may be (rule 3a)."""
    kept: int = -1
    """The exposed card taken this turn, which may not be discarded this turn (house rule H16), or -1."""


class HandResult(msgspec.Struct, frozen=True):
    """Points each seat made in one hand."""

    hand_no: int
    points: list[int]
    landed_by: int
    """Seat that laid the Safe Landing, or -1 if the hand was grounded."""
    first_out: int
    """Seat that first got rid of all its cards, or -1."""
    turns: int = 0
    """Turns the hand lasted."""
    how: str = ""
    """``safe-landing``, ``grounded`` (the pack could not be re-formed) or ``turn-cap`` (the safety valve)."""


# ---------------------------------------------------------------- actions


class DrawPack(msgspec.Struct, frozen=True, tag="draw_pack"):
    """Draw the top card of the pack."""


class DrawDiscard(msgspec.Struct, frozen=True, tag="draw_discard"):
    """Draw the exposed (top) discard."""


class DrawThree(msgspec.Struct, frozen=True, tag="draw_three"):
    """With an empty hand: draw three from the pack (rule 9)."""


class DrawTwoAndDiscard(msgspec.Struct, frozen=True, tag="draw_two_discard"):
    """With an empty hand: draw two from the pack and the exposed discard (rule 9)."""


class Play(msgspec.Struct, frozen=True, tag="play"):
    """Lay a card from hand on one of the four flights (0 blue, 1 red, 2 yellow, 3 green)."""

    card: int
    flight: int


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    """Discard a card face up, ending the turn."""

    card: int


FlightAction = Union[DrawPack, DrawDiscard, DrawThree, DrawTwoAndDiscard, Play, Discard]


# ---------------------------------------------------------------- events


class HandDealt(msgspec.Struct, frozen=True, tag="hand_dealt"):
    hand_no: int
    dealer: int
    exposed: int


class Drew(msgspec.Struct, frozen=True, tag="drew"):
    seat: int
    from_pack: list[int]
    """Cards taken from the pack: only their owner sees them (others see ``-1``)."""
    from_discard: int = -1
    """The exposed card taken, or -1."""


class Played(msgspec.Struct, frozen=True, tag="played"):
    seat: int
    card: int
    flight: int


class Discarded(msgspec.Struct, frozen=True, tag="discarded"):
    seat: int
    card: int
    hand_empty: bool = False


class PackReformed(msgspec.Struct, frozen=True, tag="pack_reformed"):
    cards: int


class HandEnded(msgspec.Struct, frozen=True, tag="hand_ended"):
    result: HandResult


class MatchEnded(msgspec.Struct, frozen=True, tag="match_ended"):
    winners: list[int]
    scores: list[int]


FlightEvent = Union[HandDealt, Drew, Played, Discarded, PackReformed, HandEnded, MatchEnded]


class FlightState(msgspec.Struct):
    """The whole truth of a match, hidden parts included. Only the engine reads it."""

    config: FlightConfig
    rng: Rng
    hands: list[list[int]]
    pack: list[int]
    """Face down; the last element is the top."""
    discard: list[int]
    """Face up; the last element is the exposed card."""
    flights: list[FlightLine]
    current: int
    phase: str
    dealer: int
    hand_no: int
    turn_no: int = 0
    turn: TurnInfo = msgspec.field(default_factory=TurnInfo)
    first_out: int = -1
    reforms: int = 0
    scores: list[int] = msgspec.field(default_factory=list)
    hand_results: list[HandResult] = msgspec.field(default_factory=list)
    log: list[FlightEvent] = msgspec.field(default_factory=list)
    winners: list[int] = msgspec.field(default_factory=list)


def public_fields(source: "FlightState | FlightView") -> dict[str, Any]:
    """Copies of what a state and a view have in common, the part of the game every seat sees.

    The one place that lists those fields: :meth:`FlightRules.clone`, :meth:`FlightRules.view` and
    the Hard bot's determinisation build on it, so a new public field is added here once.
    """
    return {
        "config": source.config,
        "discard": list(source.discard),
        "flights": [line.copy() for line in source.flights],
        "current": source.current,
        "phase": source.phase,
        "dealer": source.dealer,
        "hand_no": source.hand_no,
        "turn_no": source.turn_no,
        "turn": msgspec.structs.replace(source.turn),
        "first_out": source.first_out,
        "reforms": source.reforms,
        "scores": list(source.scores),
        "hand_results": list(source.hand_results),
        "winners": list(source.winners),
    }


class FlightView(msgspec.Struct, frozen=True):
    """What one seat may see: its own hand, the table, the face-up discards, counts of the rest."""

    seat: int
    num_seats: int
    hand: list[int]
    hand_sizes: list[int]
    pack_count: int
    discard: list[int]
    flights: list[FlightLine]
    current: int
    phase: str
    dealer: int
    hand_no: int
    turn_no: int
    turn: TurnInfo
    first_out: int
    reforms: int
    scores: list[int]
    hand_results: list[HandResult]
    winners: list[int]
    config: FlightConfig
    log: list[FlightEvent]
    """The most recent events, redacted for this seat."""
