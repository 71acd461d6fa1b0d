"""The map data (our own design) and the path finder."""

from __future__ import annotations

from itertools import pairwise

import pytest
from passaportas_positions import MAP

from flight_tui.games.passaportas.rules.map import MAX_FUEL, board_map, load_map, reachable


def brute_force(start: int, fuel: int) -> dict[int, tuple[int, ...]]:
    """Every walk from ``start`` burning at most ``fuel``, enumerated one by one."""
    found: dict[int, set[int]] = {}
    stack = [(start, 0)]
    seen = set()
    while stack:
        city, burned = stack.pop()
        for nxt, w in MAP.neighbours(city):
            cost = burned + w
            if cost <= fuel and (nxt, cost) not in seen:
                seen.add((nxt, cost))
                found.setdefault(nxt, set()).add(cost)
                stack.append((nxt, cost))
    return {c: tuple(sorted(f)) for c, f in sorted(found.items())}


def test_II_the_map_has_19_cities_and_legs_of_2_to_12_thousand_litres():
    assert MAP.size == 19 and len({c.name for c in MAP.cities}) == 19
    assert all(2 <= w <= 12 for _, _, w in MAP.legs)
    assert len({frozenset((a, b)) for a, b, _ in MAP.legs}) == len(MAP.legs)


def test_every_city_can_be_reached_from_every_city():
    reached = {0}
    frontier = [0]
    while frontier:
        city = frontier.pop()
        for nxt, _ in MAP.neighbours(city):
            if nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    assert reached == set(range(19))


@pytest.mark.parametrize("fuel", [0, 1, 2, 7, 13, 25])
def test_reachable_matches_enumerating_every_walk(fuel):
    for start in range(MAP.size):
        expected = brute_force(start, fuel)
        assert reachable(MAP, start, fuel) == expected
        assert MAP.destinations(start, fuel) == expected


def test_reachable_never_goes_beyond_a_full_tank():
    assert reachable(MAP, 0, 40) == reachable(MAP, 0, MAX_FUEL)


def test_walk_burns_exactly_the_fuel_along_real_legs():
    for start in range(0, MAP.size, 3):
        for city, amounts in MAP.destinations(start, MAX_FUEL).items():
            for fuel in amounts[:3]:
                route = MAP.walk(start, city, fuel)
                assert route[0] == start and route[-1] == city
                legs = [MAP.leg_fuel(a, b) for a, b in pairwise(route)]
                assert None not in legs and sum(legs) == fuel
    with pytest.raises(ValueError):
        MAP.walk(0, 1, 1)


def test_a_map_file_with_a_leg_to_an_unknown_city_is_refused():
    data = b'[[cities]]\ncode = "A"\nname = "A"\nlat = 0\nlon = 0\n[[legs]]\nbetween = ["A", "B"]\nfuel = 3\n'
    with pytest.raises(ValueError, match="unknown city"):
        load_map(data)


def test_edition_2_gives_the_dead_ends_of_edition_1_a_second_leg():
    first, second = board_map(1), board_map(2)
    assert second is MAP and [c.code for c in first.cities] == [c.code for c in second.cities]
    legs = lambda m, code: len(m.neighbours(m.index[code]))  # noqa: E731
    assert {code for code in ("NYC", "RIO", "JNB") if legs(first, code) == 1} == {"NYC", "RIO", "JNB"}
    assert min(legs(second, c.code) for c in second.cities) == 2
    added = set(second.legs) - set(first.legs)
    assert set(first.legs) <= set(second.legs)
    assert {frozenset((second.code(a), second.code(b))) for a, b, _ in added} == {
        frozenset(("LIS", "NYC")), frozenset(("LIS", "RIO")), frozenset(("CAI", "JNB"))
    }


def test_there_is_no_edition_3_of_the_map():
    with pytest.raises(ValueError, match="no edition 3"):
        board_map(3)
