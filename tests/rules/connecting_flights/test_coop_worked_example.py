"""The rule book's worked Fly-phase example (B.2), move by move.

Player A owns Sydney, where pink, yellow and blue meeples wait (for Asia, Europe and North
America). A has rented Landing Rights in London and flies Sydney -> Tokyo -> London. Player B
owns Nairobi, where a blue meeple waits, and flies Nairobi -> London -> New York. A flies
first: pink gets off in Tokyo, yellow in London, blue waits in London; then B carries both
blue meeples from London to New York.
"""

from __future__ import annotations

from coop_positions import AF, AS, EU, NA, airport, carry, flight, fresh, place, take_airport

from flight_tui.games.connecting_flights.coop.rules import COOP
from flight_tui.games.connecting_flights.coop.rules.state import FLY, Flew, FlyNext, Pass, SetChains

A, B = 0, 1


def test_B2_worked_example_sydney_tokyo_london_and_nairobi_london_new_york():
    state = fresh(players=2, phase=FLY)
    place(state, "SYD", "AS")
    place(state, "SYD", "EU")
    place(state, "SYD", "NA")
    place(state, "NBO", "NA")
    place(state, "LIM", "AF")  # someone else's passenger, so the game goes on afterwards
    sydney = take_airport(state, A, "SYD")
    to_tokyo = flight(state, A, sydney, "TYO", stars=3, truck=2)
    to_london = flight(state, A, to_tokyo.dest, "LON", stars=2, truck=3, landing_rights=True)
    nairobi = take_airport(state, B, "NBO")
    to_london_b = flight(state, B, nairobi, "LON", stars=1, truck=2)
    to_new_york = flight(state, B, to_london_b.dest, "NYC", stars=2, truck=3, landing_rights=True)
    # London is a 3-star airport with two cards: B owns one, A rents the other as Landing Rights.
    assert to_london.dest != to_london_b.dest

    # Player A arranges and flies first.
    COOP.apply(state, A, SetChains(((to_tokyo, to_london),)))
    COOP.apply(state, A, FlyNext(0, carry(AS=1, EU=1, NA=1)))
    assert state.board[airport("SYD")] == [0] * 6
    assert state.board[airport("TYO")][AS] == 0, "pink reached Asia and left the board"
    assert state.board[airport("TYO")][EU] == 1 and state.board[airport("TYO")][NA] == 1
    COOP.apply(state, A, FlyNext(0, carry(EU=1, NA=1)))
    assert state.board[airport("TYO")] == [0] * 6
    assert state.board[airport("LON")][EU] == 0, "yellow reached Europe and left the board"
    assert state.board[airport("LON")][NA] == 1, "blue waits in London"
    assert state.delivered_by == [2, 0]
    COOP.apply(state, A, Pass())

    # Player B picks up the blue meeple in Nairobi, then both blues fly to New York.
    assert COOP.to_act(state) == (B,)
    COOP.apply(state, B, SetChains(((to_london_b, to_new_york),)))
    COOP.apply(state, B, FlyNext(0, carry(NA=1)))
    assert state.board[airport("NBO")] == [0] * 6
    assert state.board[airport("LON")][NA] == 2
    outcome = COOP.apply(state, B, FlyNext(0, carry(NA=2)))
    (flew,) = [e for e in outcome.events if isinstance(e, Flew)]
    assert flew.delivered == list(carry(NA=2))
    assert state.board[airport("LON")] == [0] * 6
    assert state.board[airport("NYC")] == [0] * 6, "both blues reached North America and left"

    # The board ends with those passengers removed; only the one in Lima is left.
    on_board = {(a, c): n for a, colours in enumerate(state.board) for c, n in enumerate(colours) if n}
    assert on_board == {(airport("LIM"), AF): 1}
    assert state.delivered_by == [2, 2]
    assert state.delivered[NA] == 2 and state.delivered[EU] == 1 and state.delivered[AS] == 1
    assert not COOP.is_over(state)
