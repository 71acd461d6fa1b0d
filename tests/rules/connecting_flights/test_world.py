"""The world of Connecting Flights: the text's Components, Appendix A, the compass, and the
constraints our designed data must keep (Cooperative Mode set-up notes)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from flight_tui.games.connecting_flights.core.world import WorldDataError, default_world, fuel_needed, parse_world

W = default_world()
DATA = resources.files("flight_tui.games.connecting_flights.core").joinpath("data", "world.toml").read_bytes()


def fuel(a: str, b: str) -> int:
    """Fuel between the continents of two airports (by code)."""
    return fuel_needed(W.continents[W.airport(a).continent], W.continents[W.airport(b).continent])


def test_components_35_airport_cards_two_per_three_star_airport_one_per_other():
    assert len(W.airport_cards) == 35
    per_airport = Counter(card.airport for card in W.airport_cards)
    for airport in W.airports:
        assert per_airport[airport.id] == (2 if airport.stars == 3 else 1), airport.city
        assert len(W.cards_of(airport.id)) == per_airport[airport.id]
        assert {W.airport_of_card(c) for c in W.cards_of(airport.id)} == {airport}


def test_appendix_a_33_passenger_cards_by_continent_and_stars():
    appendix = {
        "North America": (2, 2, 2),
        "South America": (1, 3, 1),
        "Europe": (2, 3, 1),
        "Africa": (1, 3, 1),
        "Asia": (3, 2, 2),
        "Oceania": (1, 2, 1),
    }
    counts = Counter((W.continents[p.continent].name, p.stars) for p in W.passengers)
    assert len(W.passengers) == 33
    for name, by_stars in appendix.items():
        assert tuple(counts[(name, s)] for s in (1, 2, 3)) == by_stars, name


def test_components_26_plane_cards_five_1_star_eleven_2_star_ten_3_star():
    # The Components list (5 + 11 + 10 = 26) wins over Appendix A's printed 12 two-star planes.
    stars = Counter(W.planes[p].stars for p in W.conventional_planes)
    assert len(W.conventional_planes) == 26
    assert stars == {1: 5, 2: 11, 3: 10}


def test_components_3_electric_planes_one_1_star_two_2_star():
    stars = Counter(W.planes[p].stars for p in W.electric_planes)
    assert stars == {1: 1, 2: 2}
    assert all(W.planes[p].electric for p in W.electric_planes)


def test_components_35_fuel_trucks_14_of_one_7_of_two_three_and_four():
    assert len(W.fuel_trucks) == 35
    assert Counter(t.capacity for t in W.fuel_trucks) == {1: 14, 2: 7, 3: 7, 4: 7}


def test_components_12_departure_cards_and_14_demand_cards_6_low_8_high():
    assert len(W.departure_cards) == 12
    assert len(W.demand_cards) == 14
    assert len(W.low_demand_cards) == 6
    assert len(W.high_demand_cards) == 8


def test_components_30_meeples_six_colours_of_five():
    assert W.meeples_per_continent == 5
    assert W.total_meeples == 30
    assert len({c.colour for c in W.continents}) == 6


def test_ids_are_indexes_of_their_tuples():
    for things in (
        W.continents,
        W.airports,
        W.airport_cards,
        W.planes,
        W.passengers,
        W.fuel_trucks,
        W.departure_cards,
        W.demand_cards,
    ):
        assert [t.id for t in things] == list(range(len(things)))


def test_overview_meeple_colours_the_text_names():
    colour = {c.code: c.colour for c in W.continents}
    assert (colour["AS"], colour["NA"], colour["AF"], colour["EU"]) == ("pink", "blue", "red", "yellow")
    assert "purple" in colour.values()


def test_continents_have_distinct_letters_so_colour_is_never_the_only_cue():
    assert len({c.letter for c in W.continents}) == 6
    assert all(len(c.letter) == 1 for c in W.continents)


def test_grid_of_continents():
    grid = {(c.row, c.col): c.name for c in W.continents}
    assert grid == {
        (0, 0): "North America",
        (0, 1): "Europe",
        (0, 2): "Asia",
        (1, 0): "South America",
        (1, 1): "Africa",
        (1, 2): "Oceania",
    }


def test_airports_named_by_the_text_are_on_the_map():
    cities = {a.city for a in W.airports}
    for name in (
        "Mexico City",
        "Tokyo",
        "New York",
        "Havana",
        "Rio de Janeiro",
        "London",
        "Sydney",
        "Los Angeles",
        "Athens",
        "Nairobi",
    ):
        assert name in cities


def test_every_continent_has_airports_and_a_3_star_airport():
    for c in W.continents:
        assert any(a.stars == 3 for a in W.airports_in(c.id)), c.name


@pytest.mark.parametrize(
    ("origin", "dest", "needed"),
    [("NYC", "HAV", 1), ("NYC", "RIO", 2), ("NYC", "LON", 3), ("NYC", "SYD", 4), ("MEX", "TYO", 3)],
)
def test_fuel_requirements_compass_examples(origin, dest, needed):
    assert fuel(origin, dest) == needed


def test_fuel_requirements_over_the_pacific():
    na, asia, oc = (W.continent(code) for code in ("NA", "AS", "OC"))
    assert fuel_needed(na, asia) == 3
    assert fuel_needed(asia, na) == 3
    assert fuel_needed(oc, na) == 4


def test_fuel_requirements_table_is_the_compass_for_every_pair():
    for a in W.continents:
        for b in W.continents:
            expected = 1 if a == b else 2 if a.col == b.col else 3 if a.row == b.row else 4
            assert W.fuel[a.id][b.id] == fuel_needed(a, b) == expected


def test_setup_example_four_3_star_cards_cost_105():
    airport = next(a for a in W.airports if a.stars == 3)
    plane = next(p for p in W.planes if p.stars == 3 and not p.electric)
    passenger = next(p for p in W.passengers if p.stars == 3)
    assert 110 - (2 * airport.price + plane.price + passenger.price) == 5
    # every 3-star card of a kind has one price, so any such choice costs 105
    assert len({a.price for a in W.airports if a.stars == 3}) == 1
    assert len({p.price for p in W.planes if p.stars == 3 and not p.electric}) == 1
    assert len({p.price for p in W.passengers if p.stars == 3}) == 1


def test_competitive_notes_one_and_two_star_passengers_are_cheaper():
    price = {p.stars: p.price for p in W.passengers}
    assert price[1] < price[2] < price[3]


def test_marketplace_electric_planes_cost_more_than_planes():
    for e in W.electric_planes:
        electric = W.planes[e]
        assert all(
            electric.price > W.planes[p].price for p in W.conventional_planes if W.planes[p].stars == electric.stars
        )


def test_landing_rights_cost_less_than_the_airport():
    assert all(0 < a.landing_rights_price < a.price for a in W.airports)


def test_setup_notes_2_star_airport_at_most_twice_1_star_at_most_once_over_all_departure_cards():
    times = Counter(a for card in W.departure_cards for a in card.airports)
    for airport in W.airports:
        limit = {1: 1, 2: 2, 3: len(W.departure_cards)}[airport.stars]
        assert times[airport.id] <= limit, airport.city


def test_setup_notes_passengers_most_likely_at_3_star_airports():
    times = Counter(a for card in W.departure_cards for a in card.airports)
    by_stars = {s: [times[a.id] for a in W.airports if a.stars == s] for s in (1, 2, 3)}
    assert min(by_stars[3]) > max(by_stars[2]) >= max(by_stars[1])
    assert (
        sum(by_stars[3]) / len(by_stars[3]) > sum(by_stars[2]) / len(by_stars[2]) > sum(by_stars[1]) / len(by_stars[1])
    )


def test_no_demand_pair_places_a_passenger_on_its_own_continent():
    for dep in W.departure_cards:
        for dem in W.demand_cards:
            for airport, wants in W.placements(dep.id, dem.id):
                assert W.airports[airport].continent != wants


def test_departure_cards_name_five_different_airports():
    assert all(len(set(card.airports)) == len(card.airports) == 5 for card in W.departure_cards)


def test_high_demand_places_five_passengers_of_different_colours_low_places_one_or_two():
    low = Counter()
    for d in W.demand_cards:
        wanted = [w for w in d.wants if w is not None]
        assert len(set(wanted)) == len(wanted)
        if d.level == "high":
            assert len(wanted) == 5
        else:
            low[len(wanted)] += 1
    assert low == {2: 3, 1: 3}


def test_cooperative_setup_three_pairs_place_15_meeples_four_place_20():
    pairs = list(zip(range(4), W.high_demand_cards))
    assert sum(len(W.placements(dep, dem)) for dep, dem in pairs[:3]) == 15
    assert sum(len(W.placements(dep, dem)) for dep, dem in pairs) == 20


def test_cooperative_setup_example_pair():
    # "a pink meeple in Los Angeles, blue meeple in Rio de Janeiro, purple meeple in Athens,
    # red meeple in Tokyo and yellow meeple in Sydney"
    placed = [(W.airports[a].city, W.continents[c].colour) for a, c in W.placements(0, W.high_demand_cards[0])]
    assert placed == [
        ("Los Angeles", "pink"),
        ("Rio de Janeiro", "blue"),
        ("Athens", "purple"),
        ("Tokyo", "red"),
        ("Sydney", "yellow"),
    ]


def test_demand_colours_are_balanced_over_each_deck():
    for deck in (W.low_demand_cards, W.high_demand_cards):
        counts = Counter(w for d in deck for w in W.demand_cards[d].wants if w is not None)
        assert set(counts) == {c.id for c in W.continents}
        assert max(counts.values()) - min(counts.values()) <= 1


def test_data_decodes_with_msgspec_to_the_same_world():
    again = parse_world(DATA)
    assert again.airports == W.airports
    assert again.demand_cards == W.demand_cards


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("stars = 3\n", 'stars = "three"\n', "Expected `int`, got `str`"),
        ('code = "NYC"', 'code = "NYC\n', "world.toml"),
        (
            '["LAX", "RIO", "ATH", "TYO", "SYD"]',
            '["LAX", "RIO", "ATH", "XXX", "SYD"]',
            "departure card 1: unknown airport 'XXX'",
        ),
        (
            '["LAX", "RIO", "ATH", "TYO", "SYD"]',
            '["LAX", "RIO", "OSL", "TYO", "SYD"]',
            "Oslo (1-star) appears on 2 departure cards; at most 1 allowed",
        ),
        (
            'wants = ["AS", "NA", "OC", "AF", "EU"]',
            'wants = ["NA", "AS", "OC", "AF", "EU"]',
            "wanting North America at Los Angeles",
        ),
        ('level = "low"', 'level = "medium"', "Invalid enum value 'medium'"),
        ('continent = "OC"\ncounts', 'continent = "XX"\ncounts', "passengers: unknown continent 'XX'"),
        ('code = "LAX"', 'code = "NYC"', "airport code 'NYC' appears more than once"),
        ("[meeples]", "[meeple]", "Object contains unknown field `meeple`"),
    ],
)
def test_broken_data_is_rejected_with_a_clear_error(old, new, expected):
    text = DATA.decode()
    assert old in text
    with pytest.raises(WorldDataError, match="^my-world.toml: ") as err:
        parse_world(text.replace(old, new, 1).encode(), source="my-world.toml")
    assert expected in str(err.value)
