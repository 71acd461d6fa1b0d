"""Making Flights: rules 1-6, the text's examples of valid and invalid flights, and flight chains."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flight_tui.games.connecting_flights.core.flights import (
    RULES,
    FlightSpec,
    chain_problems,
    flight_is_valid,
    flight_problems,
    round_problems,
)
from flight_tui.games.connecting_flights.core.world import default_world

W = default_world()


def card(code: str, copy: int = 1) -> int:
    """An Airport/Landing Rights card of an airport (3-star airports have copies 1 and 2)."""
    return W.cards_of(W.airport(code).id)[copy - 1]


def plane(stars: int, electric: bool = False, nth: int = 0) -> int:
    return [p.id for p in W.planes if p.stars == stars and p.electric == electric][nth]


def passenger(continent: str, stars: int, nth: int = 0) -> int:
    cid = W.continent(continent).id
    return [p.id for p in W.passengers if p.continent == cid and p.stars == stars][nth]


def truck(capacity: int, nth: int = 0) -> int:
    return [t.id for t in W.fuel_trucks if t.capacity == capacity][nth]


def rules_broken(flight: FlightSpec) -> list[int | None]:
    return [p.rule for p in flight_problems(W, flight)]


def valid(flight: FlightSpec) -> bool:
    problems = flight_problems(W, flight)
    assert flight_is_valid(W, flight) == (not problems)
    return not problems


# A passenger flying on a 2-star plane from Mexico City to Tokyo (the text's first example).
MEXICO_TOKYO = FlightSpec(card("MEX"), plane(2), truck(3), passenger("AS", 2), card("TYO"))


def test_the_six_rules_are_stated_in_words():
    assert sorted(RULES) == [1, 2, 3, 4, 5, 6]
    assert all(RULES[n] for n in RULES)


def test_example_mexico_city_to_tokyo_on_a_2_star_plane_is_valid_with_3_fuel():
    assert valid(MEXICO_TOKYO)
    assert W.fuel[W.continent("NA").id][W.continent("AS").id] == 3


def test_flight_rule_1_plane_stars_at_least_passenger_stars():
    too_small = FlightSpec(card("NYC"), plane(1), truck(3), passenger("EU", 2), card("LON"))
    assert rules_broken(too_small) == [1]
    assert (
        flight_problems(W, too_small)[0].text
        == "A 2-star passenger needs a plane of 2 stars or more; this plane has 1."
    )
    assert valid(FlightSpec(card("NYC"), plane(2), truck(3), passenger("EU", 2), card("LON")))
    assert valid(FlightSpec(card("NYC"), plane(3), truck(3), passenger("EU", 2), card("LON")))


def test_flight_rule_2_destination_stars_at_least_passenger_stars():
    to_athens = FlightSpec(card("NYC"), plane(3), truck(3), passenger("EU", 3), card("ATH"))
    assert rules_broken(to_athens) == [2]
    assert "Athens has 2" in flight_problems(W, to_athens)[0].text
    assert valid(FlightSpec(card("NYC"), plane(3), truck(3), passenger("EU", 2), card("ATH")))


def test_flight_rule_2_applies_to_landing_rights_with_the_airports_stars():
    to_lisbon_rights = FlightSpec(
        card("NYC"), plane(2), truck(3), passenger("EU", 2), card("LIS"), dest_is_landing_rights=True
    )
    assert rules_broken(to_lisbon_rights) == [2]
    assert "Landing Rights in Lisbon" in flight_problems(W, to_lisbon_rights)[0].text


def test_flight_rule_3_lands_in_the_passengers_destination_continent():
    to_cairo = FlightSpec(card("NYC"), plane(1), truck(4), passenger("EU", 1), card("CAI"))
    assert rules_broken(to_cairo) == [3]
    assert flight_problems(W, to_cairo)[0].text == "The passenger is going to Europe, but Cairo is in Africa."


def test_flight_rule_4_fuel_truck_of_sufficient_capacity():
    base = FlightSpec(card("NYC"), plane(2), None, passenger("EU", 1), card("LON"))
    assert rules_broken(base) == [4]
    assert [p.code for p in flight_problems(W, base)] == ["no-fuel-truck"]
    short = FlightSpec(card("NYC"), plane(2), truck(2), passenger("EU", 1), card("LON"))
    assert [p.code for p in flight_problems(W, short)] == ["not-enough-fuel"]
    assert flight_problems(W, short)[0].text == "New York to London needs 3 fuel; the fuel truck holds 2."
    assert valid(FlightSpec(card("NYC"), plane(2), truck(3), passenger("EU", 1), card("LON")))
    assert valid(FlightSpec(card("NYC"), plane(2), truck(4), passenger("EU", 1), card("LON")))


def test_flight_rule_4_does_not_apply_to_electric_planes():
    electric = FlightSpec(card("NYC"), plane(2, electric=True), None, passenger("OC", 2), card("SYD"))
    assert valid(electric)
    assert not valid(FlightSpec(card("NYC"), plane(2), None, passenger("OC", 2), card("SYD")))


def test_flight_rule_4_fuel_by_the_compass_from_origin_to_destination_airport():
    for dest, needed in (("HAV", 1), ("RIO", 2), ("LON", 3), ("SYD", 4)):
        dest_airport = W.airport(dest)
        pax = passenger(W.continents[dest_airport.continent].code, 1)
        assert valid(FlightSpec(card("NYC"), plane(1), truck(needed), pax, card(dest)))
        if needed > 1:
            assert rules_broken(FlightSpec(card("NYC"), plane(1), truck(needed - 1), pax, card(dest))) == [4]


def test_flight_rule_5_must_not_start_from_landing_rights():
    from_rights = FlightSpec(
        card("LON"), plane(3), truck(4), passenger("NA", 3), card("NYC"), origin_is_landing_rights=True
    )
    assert rules_broken(from_rights) == [5]
    assert valid(FlightSpec(card("LON"), plane(3), truck(4), passenger("NA", 3), card("NYC")))


def test_flight_rule_6_cannot_start_and_end_in_the_same_city():
    both_new_york_cards = FlightSpec(card("NYC", 1), plane(1), truck(1), passenger("NA", 1), card("NYC", 2))
    assert rules_broken(both_new_york_cards) == [6]
    own_rights = FlightSpec(
        card("NYC", 1), plane(1), truck(1), passenger("NA", 1), card("NYC", 2), dest_is_landing_rights=True
    )
    assert rules_broken(own_rights) == [6]
    assert valid(FlightSpec(card("NYC"), plane(1), truck(1), passenger("NA", 1), card("HAV")))


def test_note_starting_airport_stars_are_not_a_passenger_requirement():
    # "A 3-star Passenger is happy to get away from a 1-star Airport!"
    assert valid(FlightSpec(card("HAV"), plane(3), truck(3), passenger("EU", 3), card("LON")))


def test_every_rule_broken_is_reported_at_once():
    # From Landing Rights in Havana back to Havana, a 1-star plane without fuel, a 3-star
    # passenger bound for Europe: all six rules broken.
    everything_wrong = FlightSpec(
        card("HAV"), plane(1), None, passenger("EU", 3), card("HAV"), origin_is_landing_rights=True
    )
    problems = flight_problems(W, everything_wrong)
    assert [p.rule for p in problems] == [1, 2, 3, 4, 5, 6]
    assert all(p.message.startswith(f"Rule {p.rule}: ") for p in problems)
    assert len({p.text for p in problems}) == 6


def test_example_two_valid_flights_the_second_on_landing_rights():
    tokyo_london = FlightSpec(
        card("TYO"), plane(3), truck(3, 1), passenger("EU", 1), card("LON"), dest_is_landing_rights=True
    )
    assert valid(tokyo_london)
    assert chain_problems(W, [MEXICO_TOKYO, tokyo_london]) == []


def test_example_invalid_no_fuel_truck_and_wrong_destination_continent():
    flight = FlightSpec(card("NYC"), plane(2), None, passenger("AS", 1), card("LON"))
    assert sorted(rules_broken(flight)) == [3, 4]
    assert not flight_is_valid(W, flight)


def test_example_invalid_insufficient_fuel_3_needed_2_available_and_destination_stars_too_low():
    flight = FlightSpec(card("NYC"), plane(3), truck(2), passenger("EU", 3), card("PAR"))
    problems = flight_problems(W, flight)
    assert sorted(p.rule for p in problems) == [2, 4]
    assert "needs 3 fuel; the fuel truck holds 2" in next(p.text for p in problems if p.rule == 4)


def test_example_invalid_plane_taking_off_from_landing_rights():
    flight = FlightSpec(card("RIO"), plane(2), truck(2), passenger("NA", 2), card("NYC"), origin_is_landing_rights=True)
    assert rules_broken(flight) == [5]


def test_incomplete_flight_lists_missing_cards_and_the_rules_it_already_breaks():
    partial = FlightSpec(card("NYC"), plane(1), None, passenger("EU", 2))
    problems = flight_problems(W, partial)
    assert [p.code for p in problems] == ["missing-destination", "plane-stars", "no-fuel-truck"]
    assert "needs 3 fuel" in problems[-1].text  # to the passenger's continent while no destination
    assert [p.code for p in flight_problems(W, FlightSpec())] == [
        "missing-origin",
        "missing-plane",
        "missing-passenger",
        "missing-destination",
    ]
    assert not flight_is_valid(W, partial)


def test_an_id_that_is_no_card_is_refused():
    with pytest.raises(ValueError, match="no plane card 99"):
        flight_problems(W, FlightSpec(card("NYC"), 99))
    with pytest.raises(ValueError, match="no fuel truck -1"):
        flight_problems(W, FlightSpec(truck=-1))


# Flight chains


def sydney_tokyo_london() -> list[FlightSpec]:
    """Player A of the Fly-phase example: Sydney to Tokyo, Tokyo to Landing Rights in London."""
    return [
        FlightSpec(card("SYD"), plane(3), truck(3), passenger("AS", 1), card("TYO")),
        FlightSpec(
            card("TYO"), plane(3, nth=1), truck(3, 1), passenger("EU", 1), card("LON", 1), dest_is_landing_rights=True
        ),
    ]


def nairobi_london_new_york() -> list[FlightSpec]:
    """Player B of the Fly-phase example: Nairobi to London, London to New York."""
    return [
        FlightSpec(card("NBO"), plane(2), truck(4), passenger("EU", 2), card("LON", 2)),
        FlightSpec(card("LON", 2), plane(2, nth=1), truck(4, 1), passenger("NA", 1), card("NYC")),
    ]


def test_flight_chains_may_end_on_landing_rights():
    assert chain_problems(W, sydney_tokyo_london()) == []


def test_flight_chains_never_start_on_landing_rights():
    chain = nairobi_london_new_york()[1:]
    chain[0] = FlightSpec(
        card("LON", 2), plane(2), truck(4), passenger("NA", 1), card("NYC"), origin_is_landing_rights=True
    )
    problems = chain_problems(W, chain)
    assert [(p.rule, p.flight) for p in problems] == [(5, 0)]


def test_flight_chains_landing_rights_only_as_the_final_destination():
    a, b = nairobi_london_new_york()
    a = FlightSpec(a.origin, a.plane, a.truck, a.passenger, a.dest, dest_is_landing_rights=True)
    b = FlightSpec(b.origin, b.plane, b.truck, b.passenger, b.dest, origin_is_landing_rights=True)
    assert [(p.rule, p.flight) for p in chain_problems(W, [a, b])] == [(5, 1)]


def test_flight_chains_link_back_to_front():
    a, b = nairobi_london_new_york()
    unlinked = FlightSpec(card("LON", 1), b.plane, b.truck, b.passenger, b.dest)
    problems = chain_problems(W, [a, unlinked])
    assert [(p.code, p.flight) for p in problems] == [("broken-link", 1)]
    assert problems[0].text == "Flight 2 does not start on the card where flight 1 lands."


def test_flight_chains_keep_their_order():
    a, b = nairobi_london_new_york()
    assert chain_problems(W, [a, b]) == []
    # reversed, flight 2 does not start where flight 1 lands, and London's card would be at both ends
    assert [p.code for p in chain_problems(W, [b, a])] == ["broken-link", "card-reused"]


def test_flight_chains_every_flight_must_be_valid_and_is_named_by_index():
    a, b = nairobi_london_new_york()
    b = FlightSpec(b.origin, b.plane, truck(2), b.passenger, b.dest)
    assert [(p.rule, p.flight) for p in chain_problems(W, [a, b])] == [(4, 1)]


def test_flight_chains_a_linking_card_is_one_card_not_reused():
    chain = nairobi_london_new_york()
    assert not [p for p in chain_problems(W, chain) if p.code == "card-reused"]


def test_flight_chains_no_limit_on_chains_or_their_length():
    # three chains of two flights each, and one long chain of four
    chains = [sydney_tokyo_london(), nairobi_london_new_york()]
    chains.append(
        [
            FlightSpec(card("LAX"), plane(1), truck(1), passenger("NA", 1, nth=1), card("MEX")),
            FlightSpec(card("MEX"), plane(1, nth=1), truck(2), passenger("SA", 1), card("BOG")),
        ]
    )
    assert round_problems(W, chains) == []
    long_chain = [
        FlightSpec(card("NYC"), plane(3), truck(3), passenger("EU", 1), card("LON", 1)),
        FlightSpec(card("LON", 1), plane(3, nth=1), truck(3, 1), passenger("AS", 1), card("TYO")),
        FlightSpec(card("TYO"), plane(3, nth=2), truck(4), passenger("OC", 1), card("SYD")),
        FlightSpec(
            card("SYD"), plane(3, nth=3), truck(4, 1), passenger("NA", 1), card("LAX"), dest_is_landing_rights=True
        ),
    ]
    assert chain_problems(W, long_chain) == []


def test_a_card_serves_in_one_flight_per_round():
    chains = [sydney_tokyo_london(), nairobi_london_new_york()]
    b0 = chains[1][0]
    chains[1][0] = FlightSpec(b0.origin, chains[0][0].plane, chains[0][0].truck, b0.passenger, b0.dest)
    problems = round_problems(W, chains)
    assert [(p.code, p.chain, p.flight) for p in problems] == [("card-reused", 1, 0), ("card-reused", 1, 0)]
    assert "3-star plane" in problems[0].text and "3-fuel truck" in problems[1].text


def test_a_card_serves_in_one_flight_per_round_even_an_airport_card_at_both_ends_of_a_chain():
    loop = [
        FlightSpec(card("NYC"), plane(3), truck(3), passenger("EU", 1), card("LON")),
        FlightSpec(card("LON"), plane(3, nth=1), truck(3, 1), passenger("NA", 1), card("NYC")),
    ]
    problems = chain_problems(W, loop)
    assert [(p.code, p.flight) for p in problems] == [("card-reused", 1)]
    assert "New York airport card" in problems[0].text
    loop[1] = FlightSpec(card("LON"), plane(3, nth=1), truck(3, 1), passenger("NA", 1), card("NYC", 2))
    assert chain_problems(W, loop) == []


complete_flights = st.builds(
    FlightSpec,
    origin=st.integers(0, len(W.airport_cards) - 1),
    plane=st.integers(0, len(W.planes) - 1),
    truck=st.none() | st.integers(0, len(W.fuel_trucks) - 1),
    passenger=st.integers(0, len(W.passengers) - 1),
    dest=st.integers(0, len(W.airport_cards) - 1),
    origin_is_landing_rights=st.booleans(),
    dest_is_landing_rights=st.booleans(),
)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(complete_flights)
def test_fast_check_agrees_with_the_rules_one_by_one(flight):
    origin, dest = W.airport_of_card(flight.origin), W.airport_of_card(flight.dest)
    pl, pax = W.planes[flight.plane], W.passengers[flight.passenger]
    need = W.fuel[origin.continent][dest.continent]
    expected = {
        1: pl.stars < pax.stars,
        2: dest.stars < pax.stars,
        3: dest.continent != pax.continent,
        4: not pl.electric and (flight.truck is None or W.fuel_trucks[flight.truck].capacity < need),
        5: flight.origin_is_landing_rights,
        6: origin.id == dest.id,
    }
    assert {p.rule for p in flight_problems(W, flight)} == {n for n, broken in expected.items() if broken}
    assert flight_is_valid(W, flight) == (not any(expected.values()))
