"""Build Flight positions directly, for tests of single rules.

Every position accounts for all 44 cards: whatever is not in a hand, on a flight or in the
discards goes into the pack (in id order, so the top of the pack is predictable).
"""

from __future__ import annotations

import msgspec
import pytest

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.rules import FLIGHT
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import PLAY, FlightConfig, FlightLine, FlightState, Play, TurnInfo

BLUE, RED, YELLOW, GREEN = range(4)
SL = tuple(C.cards_of(C.SAFE_LANDING))
FOG = tuple(C.cards_of(C.FOG))
AR = tuple(C.cards_of(C.ALT_ROUTE))
CUSTOMS = tuple(C.cards_of(C.CUSTOMS))
PP = tuple(C.cards_of(C.PASSPORT))


def R(colour: int, number: int) -> int:
    """The route card ``number`` of ``colour``."""
    return C.route(colour, number)


def PL(colour: int) -> int:
    """The aeroplane of ``colour``."""
    return C.plane(colour)


def line(colour: int, upto: int = 0, *, obstacle: int | None = None) -> FlightLine:
    """A flight that has taken off and flown R1..R``upto``, optionally with an uncleared obstacle card."""
    cards = [PL(colour)] + [R(colour, n) for n in range(1, upto + 1)]
    kind = 0
    if obstacle is not None:
        cards.append(obstacle)
        kind = C.KIND[obstacle]
    return FlightLine(cards, upto, kind)


def position(
    hands: list[list[int]],
    *,
    flights: dict[int, FlightLine] | None = None,
    discard: list[int] | None = None,
    pack: list[int] | None = None,
    current: int = 0,
    phase: str = PLAY,
    dealer: int | None = None,
    turn: TurnInfo | None = None,
    first_out: int = -1,
    scores: list[int] | None = None,
    hand_no: int = 1,
    turn_no: int = 5,
    reforms: int = 0,
    config: FlightConfig | None = None,
) -> FlightState:
    """A state with the given hands and table; unspecified cards form the pack."""
    n = len(hands)
    lines = [FlightLine() for _ in range(4)]
    for colour, fl in (flights or {}).items():
        lines[colour] = fl
    used = [c for h in hands for c in h] + [c for fl in lines for c in fl.cards] + list(discard or [])
    if pack is None:
        pack = [c for c in range(C.NUM_CARDS) if c not in used]
    state = FlightState(
        config=config or FlightConfig(players=n),
        rng=Rng.from_seed(1),
        hands=[list(h) for h in hands],
        pack=list(pack),
        discard=list(discard if discard is not None else []),
        flights=lines,
        current=current,
        phase=phase,
        dealer=(current - 1) % n if dealer is None else dealer,
        hand_no=hand_no,
        turn_no=turn_no,
        turn=turn or TurnInfo(),
        first_out=first_out,
        reforms=reforms,
        scores=list(scores or [0] * n),
    )
    assert_all_cards(state)
    return state


def assert_all_cards(state: FlightState) -> None:
    """Each of the 44 cards is in exactly one place: a hand, the pack, the discards or a flight."""
    everywhere = [c for h in state.hands for c in h] + state.pack + state.discard
    everywhere += [c for fl in state.flights for c in fl.cards]
    assert sorted(everywhere) == list(range(C.NUM_CARDS))


def encoded(state: FlightState) -> bytes:
    """The state's exact encoding, for comparing states."""
    return msgspec.msgpack.encode(state)


def legal(state: FlightState, seat: int | None = None) -> list:
    return FLIGHT.legal_actions(state, state.current if seat is None else seat)



def refused(state: FlightState, action, *words: str, seat: int | None = None) -> str:
    """Assert ``action`` raises IllegalAction naming ``words`` and leaves ``state`` as it was."""
    before = encoded(state)
    with pytest.raises(IllegalAction) as err:
        FLIGHT.apply(state, state.current if seat is None else seat, action)
    assert encoded(state) == before
    message = str(err.value)
    for word in words:
        assert word in message
    return message


def play(state: FlightState, card: int, flight: int) -> None:
    """The player in turn lays ``card`` on ``flight`` (must be legal)."""
    FLIGHT.apply(state, state.current, Play(card, flight))
