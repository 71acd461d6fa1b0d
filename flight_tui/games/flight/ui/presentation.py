"""What the Flight table shows, worked out from one seat's view (no Textual here).

Everything is computed from a :class:`~flight_tui.games.flight.rules.state.FlightView`: the cards a
seat may play and why not, the pieces of each flight's row, short card captions, and the
cards other players laid since the viewer last played (highlighted so a person can follow).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import play_problem
from flight_tui.games.flight.rules.state import (
    PLAY,
    Discard,
    Discarded,
    DrawDiscard,
    DrawPack,
    DrawThree,
    DrawTwoAndDiscard,
    FlightLine,
    FlightView,
    HandEnded,
    HandResult,
    Play,
    Played,
)
from flight_tui.words import clip

if TYPE_CHECKING:
    from flight_tui.ui.keys import KeyNames

SHORT_NAMES = {
    C.SAFE_LANDING: ("Safe Landing", "Landing", "Land"),
    C.FOG: ("Fog",),
    C.ALT_ROUTE: ("Alternative Route", "Alt. Route", "Alt.Rte", "AltRte", "Alt"),
    C.CUSTOMS: ("Customs", "Cstms"),
    C.PASSPORT: ("Passport", "Passpt"),
}
"""Names of the colourless cards, longest first, for cards of different widths."""
PLANE_SHORT = ("Constellation", "Halton", "Skymaster", "Lancastrian")
FLIGHT_KEYS = (("1", "b"), ("2", "r"), ("3", "y"), ("4", "g"))
"""Keys that choose a flight: its number or its colour letter."""


def candidate_flights(card: int) -> tuple[int, ...]:
    """The flights a card could ever go on: its own colour, or any for the colourless cards."""
    kind = C.KIND[card]
    if kind in (C.PLANE, C.ROUTE):
        return (C.COLOUR[card],)
    return (0, 1, 2, 3)


def my_turn(view: FlightView) -> bool:
    return view.current == view.seat and view.phase != "over"


def hand_room(view: FlightView) -> int:
    """How many cards the viewer's hand makes room for: as many as it holds once this turn's card
    is drawn (in the viewer's play phase: those held and those played this turn; else one more).
    Drawing or playing a card then moves only the cards after it."""
    if my_turn(view) and view.phase == PLAY:
        return len(view.hand) + view.turn.played
    return len(view.hand) + 1


def playable_flights(view: FlightView, card: int) -> list[int]:
    """The flights ``card`` may be laid on now (empty unless the viewer is in the play phase)."""
    if not my_turn(view) or view.phase != PLAY:
        return []
    return [f for f in candidate_flights(card) if play_problem(view.hand, view.flights, view.turn, card, f) is None]


def play_reason(view: FlightView, card: int) -> str:
    """Why ``card`` may not be played now, in words for the player.

    For a card that could go on several flights, the reason given is the one of the flight
    closest to taking it (the furthest flown), which is the one a player is asking about.
    """
    if not my_turn(view):
        return "It is not your turn."
    if view.phase != PLAY:
        return "Draw a card first (rule 2)."
    flights = sorted(candidate_flights(card), key=lambda f: -view.flights[f].reached)
    reasons = [play_problem(view.hand, view.flights, view.turn, card, f) for f in flights]
    return next((r for r in reasons if r), "")


def caption(card: int, width: int) -> str:
    """The card's name in at most ``width`` characters (stop names for route cards)."""
    kind = C.KIND[card]
    if kind == C.ROUTE:
        text = C.STOPS[C.COLOUR[card]][C.NUMBER[card] - 1]
    elif kind == C.PLANE:
        text = PLANE_SHORT[C.COLOUR[card]]
    else:
        text = next((n for n in SHORT_NAMES[kind] if len(n) <= width), SHORT_NAMES[kind][-1])
    return clip(text, width)


class Piece(NamedTuple):
    """One piece of a flight's row: ``kind`` names its look, ``card`` the card (or -1)."""

    kind: str
    """``plane``, ``route``, ``replaced`` (Fog cleared by an Alternative Route), ``cleared``
    (Customs cleared by a Passport), ``blocked`` (an obstacle still standing), ``landing``,
    ``next`` (a stop still to fly), ``waiting`` (no aeroplane yet)."""
    card: int
    number: int = 0
    """The route number the piece stands for (route, replaced and next pieces)."""
    cleared_by: int = -1
    """The card that cleared an obstacle (for ``replaced`` and ``cleared``)."""


def flight_pieces(line: FlightLine, colour: int) -> list[Piece]:
    """The row of one flight: what was laid, in order, then the stops still to fly."""
    if not line.cards:
        return [Piece("waiting", C.plane(colour))]
    pieces: list[Piece] = []
    reached = 0
    for card in line.cards:
        kind = C.KIND[card]
        if kind == C.PLANE:
            pieces.append(Piece("plane", card))
        elif kind == C.ROUTE:
            reached = C.NUMBER[card]
            pieces.append(Piece("route", card, reached))
        elif kind in (C.FOG, C.CUSTOMS):
            pieces.append(Piece("blocked", card))
        elif kind == C.ALT_ROUTE:
            reached += 1  # rule 6b: replaces the next route card
            fog = pieces.pop()
            pieces.append(Piece("replaced", fog.card, reached, card))
        elif kind == C.PASSPORT:
            customs = pieces.pop()
            pieces.append(Piece("cleared", customs.card, 0, card))
        else:
            pieces.append(Piece("landing", card))
    if not line.landed:
        pieces.extend(Piece("next", C.route(colour, n), n) for n in range(reached + 1, 6))
        pieces.append(Piece("next", -1))
    return pieces


def recent_plays(view: FlightView) -> frozenset[int]:
    """Cards the other players laid since the viewer's own last discard (shown highlighted)."""
    recent: set[int] = set()
    for event in reversed(view.log):
        if isinstance(event, Discarded) and event.seat == view.seat:
            break
        if isinstance(event, Played) and event.seat != view.seat:
            recent.add(event.card)
    return frozenset(recent)


def since_my_turn(view: FlightView) -> int:
    """How many of the latest log events the other players caused since the viewer's turn ended
    (its last discard); 0 when that discard is no longer in the view's log."""
    for back, event in enumerate(reversed(view.log)):
        if isinstance(event, Discarded) and event.seat == view.seat:
            return back
    return 0


def board_after(flights: Sequence[FlightLine], events: Sequence[object]) -> list[FlightLine]:
    """The flights as a move left them when it ended the hand: ``flights`` from before the move,
    with the cards its ``events`` laid before the hand ended (the next hand is dealt afresh)."""
    board = [FlightLine(list(line.cards), line.reached, line.obstacle, line.landed) for line in flights]
    for event in events:
        if isinstance(event, HandEnded):
            break
        if isinstance(event, Played):
            board[event.flight].cards.append(event.card)
            board[event.flight].landed = board[event.flight].landed or C.KIND[event.card] == C.SAFE_LANDING
    return board


def ending_text(names: Sequence[str], seat: int, events: Sequence[object], result: HandResult) -> str:
    """What the move that ended the hand did, e.g. ``Bob laid the Safe Landing on the red flight.``"""
    landing = next((e for e in events if isinstance(e, Played) and C.KIND[e.card] == C.SAFE_LANDING), None)
    if result.landed_by >= 0 and landing is not None:
        return f"{names[landing.seat]} laid the Safe Landing on the {C.COLOURS[landing.flight]} flight."
    if result.how == "turn-cap":
        return f"{names[seat]} ended turn {result.turns}, the safety limit: the hand is stopped."
    return f"{names[seat]} ended the turn and the pack ran out: the flights are grounded."


def action_text(action: object, key: KeyNames) -> str:
    """An action in words with its key, e.g. for a hint: ``play R3-Y Kisumu on the yellow flight (Enter)``."""
    if isinstance(action, Play):
        return f"play {C.code(action.card)} {C.name(action.card)} on the {C.COLOURS[action.flight]} flight ({key('flight.play')})"
    if isinstance(action, Discard):
        return f"discard {C.code(action.card)} {C.name(action.card)} ({key('flight.discard')})"
    if isinstance(action, DrawPack):
        return f"draw the top card of the pack ({key('flight.draw-pack')})"
    if isinstance(action, DrawDiscard):
        return f"draw the exposed card ({key('flight.draw-exposed')})"
    if isinstance(action, DrawThree):
        return f"draw three cards from the pack ({key('flight.draw-pack')})"
    if isinstance(action, DrawTwoAndDiscard):
        return f"draw two from the pack and the exposed card ({key('flight.draw-exposed')})"
    return str(action)
