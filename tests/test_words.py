"""Numbers in words: one coin, one point, no "(s)" (issue 9, item 22)."""

from __future__ import annotations

from flight_tui.games.connecting_flights.coop.rules.state import Charter, Penalty
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import describe
from flight_tui.games.flight.rules.state import Discarded
from flight_tui.games.connecting_flights.coop.ui.presentation import charter_label, penalty_text
from flight_tui.words import count


def test_count_says_one_thing_and_many_things():
    assert count(1, "coin") == "1 coin"
    assert count(0, "coin") == "0 coins"
    assert count(3, "point") == "3 points"
    assert count(2, "person", "persons") == "2 persons"


def test_the_flight_log_says_you_have_no_cards_left():
    card, names = 0, ["Ann", "Bob"]
    assert describe(Discarded(0, card, hand_empty=True), 0, names) == f"You discarded {C.name(card)} and have no cards left."
    assert describe(Discarded(1, card, hand_empty=True), 0, names) == f"Bob discarded {C.name(card)} and has no cards left."


def test_a_fee_or_a_penalty_of_one_coin_is_one_coin():
    world = default_world()
    airport = world.airports[0]
    partner = next(a for a in world.airports if a.continent == airport.continent and a.id != airport.id)
    label = charter_label(world, Charter(airport.id, airport.continent, partner.id), 1)
    assert label.endswith("· 1 coin")
    assert penalty_text(world, Penalty("unequal", -1, 1)).startswith("-1 coin:")
