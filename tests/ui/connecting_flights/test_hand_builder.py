"""The flight builder's logic: chains composed card by card, and the rules they break."""

from __future__ import annotations

import msgspec
import pytest

from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.games.connecting_flights.core_ui.builder import (
    ANY_CARD,
    DEST,
    ORIGIN,
    PASSENGER,
    PLANE,
    TRUCK,
    ChainBuilder,
    Choice,
    HandCards,
    chain_text,
)

WORLD = default_world()
NYC, NYC2, LON, TYO, HAV_LR = 0, 1, 8, 14, 6
PLANE3, PLANE1, ELECTRIC2 = 16, 0, 27
TRUCK4, TRUCK1 = 34, 13
TO_EUROPE, TO_ASIA, TO_N_AMERICA_2 = 11, 22, 2

HAND = HandCards(
    airports=(NYC, NYC2, LON, TYO),
    landing_rights=(HAV_LR,),
    planes=(PLANE3, PLANE1, ELECTRIC2),
    passengers=(TO_EUROPE, TO_ASIA, TO_N_AMERICA_2),
    trucks=(TRUCK4, TRUCK1),
)


def build(builder: ChainBuilder, *picks: tuple[str, int | None, bool]) -> None:
    for step, card, *rest in picks:
        assert builder.step() == step
        builder.pick(Choice(step, card, bool(rest and rest[0])))


def rules_broken(problems) -> set[int]:
    return {p.rule for p in problems if p.rule is not None}


def test_a_flight_is_built_in_card_order_and_the_chain_continues_from_its_destination():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK4), (PASSENGER, TO_EUROPE), (DEST, LON))
    assert builder.current[0] == FlightSpec(origin=NYC, plane=PLANE3, truck=TRUCK4, passenger=TO_EUROPE, dest=LON)
    assert builder.problems() == [] and builder.is_valid()
    assert builder.step() == PLANE and builder.flight == FlightSpec(origin=LON)
    build(builder, (PLANE, ELECTRIC2), (PASSENGER, TO_ASIA), (DEST, TYO))  # electric: no truck step
    assert builder.finished_chains() == [
        [
            FlightSpec(origin=NYC, plane=PLANE3, truck=TRUCK4, passenger=TO_EUROPE, dest=LON),
            FlightSpec(origin=LON, plane=ELECTRIC2, passenger=TO_ASIA, dest=TYO),
        ]
    ]
    assert builder.is_valid()
    assert "NYC" in chain_text(WORLD, builder.finished_chains()[0]) and "TYO" in chain_text(WORLD, builder.finished_chains()[0])


def test_cards_used_this_round_are_not_offered_again():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3))
    assert [c.card for c in builder.choices()] == [TRUCK4, TRUCK1, None]
    build(builder, (TRUCK, TRUCK4), (PASSENGER, TO_EUROPE))
    assert NYC not in [c.card for c in builder.choices()]
    with pytest.raises(ValueError):
        builder.pick(Choice(DEST, NYC))


def test_rules_broken_show_while_building_with_their_numbers():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE1), (TRUCK, TRUCK1), (PASSENGER, TO_N_AMERICA_2))
    assert rules_broken(builder.flight_problems()) == {1}  # a 1-star plane for a 2-star passenger
    build(builder, (DEST, TYO))
    problems = builder.problems()
    assert rules_broken(problems) == {1, 3, 4}  # Tokyo is not in North America; 3 fuel needed, 1 on board
    assert all(p.message.startswith(f"Rule {p.rule}: ") for p in problems)


def test_a_chain_landing_on_landing_rights_ends_there_and_a_flight_may_not_start_on_them():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK4), (PASSENGER, TO_N_AMERICA_2), (DEST, HAV_LR, True))
    assert builder.current == [] and len(builder.chains) == 1
    assert rules_broken(builder.problems()) == {2}  # Havana is 1-star, the passenger 2-star
    build(builder, (ORIGIN, NYC2))
    assert [c for c in builder.choices() if c.card == HAV_LR] == []  # used this round already


def test_choices_say_which_rules_they_would_break():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK1), (PASSENGER, TO_EUROPE))
    by_card = {c.card: rules_broken(builder.choice_problems(c)) for c in builder.choices()}
    assert by_card[LON] == {4}  # New York to London needs 3 fuel
    assert by_card[TYO] == {3, 4}
    assert by_card[NYC2] == {3, 6}  # the same city, and not in Europe


def test_a_flight_without_a_fuel_truck_breaks_rule_4():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, None), (PASSENGER, TO_EUROPE), (DEST, LON))
    assert [p.code for p in builder.problems()] == ["no-fuel-truck"]
    assert not builder.is_valid()


def test_back_undoes_one_change_at_a_time_and_end_chain_drops_a_partial_flight():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK4), (PASSENGER, TO_EUROPE), (DEST, LON), (PLANE, PLANE1))
    assert builder.back() and builder.flight == FlightSpec(origin=LON)
    assert builder.end_chain()
    assert builder.chains == [[FlightSpec(origin=NYC, plane=PLANE3, truck=TRUCK4, passenger=TO_EUROPE, dest=LON)]]
    assert builder.step() == ORIGIN
    builder.clear()
    assert builder.finished_chains() == []
    assert not builder.end_chain()


GUIDE = [
    [
        FlightSpec(origin=NYC, plane=PLANE3, truck=TRUCK4, passenger=TO_EUROPE, dest=LON),
        FlightSpec(origin=LON, plane=ELECTRIC2, passenger=TO_ASIA, dest=TYO),
    ],
    [FlightSpec(origin=NYC2, plane=PLANE1, truck=ANY_CARD, passenger=TO_N_AMERICA_2, dest=HAV_LR, dest_is_landing_rights=True)],
]


def test_a_builder_follows_a_lesson_s_chains_card_by_card_and_strays_at_the_first_other_card():
    builder = ChainBuilder(WORLD, HAND)
    assert builder.follows(GUIDE)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK4), (PASSENGER, TO_EUROPE), (DEST, LON))
    assert builder.follows(GUIDE)  # the next flight begun on London: no card of its own yet
    build(builder, (PLANE, ELECTRIC2), (PASSENGER, TO_ASIA), (DEST, TYO))  # electric: no truck
    assert builder.end_chain() and builder.follows(GUIDE)
    build(builder, (ORIGIN, NYC2), (PLANE, PLANE1), (TRUCK, TRUCK1))  # any truck, the guide says
    assert builder.follows(GUIDE)
    build(builder, (PASSENGER, TO_N_AMERICA_2), (DEST, HAV_LR, True))
    assert builder.follows(GUIDE) and builder.finished_chains() == [GUIDE[0], [msgspec.structs.replace(GUIDE[1][0], truck=TRUCK1)]]
    assert not builder.follows(GUIDE[:1])  # a chain more than the guide's


@pytest.mark.parametrize(
    "picks",
    [
        [(ORIGIN, NYC2)],
        [(ORIGIN, NYC), (PLANE, PLANE1)],
        [(ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, None)],  # no truck where the guide has one
        [(ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK4), (PASSENGER, TO_EUROPE), (DEST, HAV_LR, True)],  # landing rights, not London
    ],
)
def test_a_card_other_than_the_guide_s_strays_from_it(picks):
    builder = ChainBuilder(WORLD, HAND)
    build(builder, *picks[:-1])
    assert builder.follows(GUIDE)
    build(builder, picks[-1])
    assert not builder.follows(GUIDE)


def test_a_chain_ended_early_or_a_missing_truck_strays_from_the_guide():
    builder = ChainBuilder(WORLD, HAND)
    build(builder, (ORIGIN, NYC), (PLANE, PLANE3), (TRUCK, TRUCK4), (PASSENGER, TO_EUROPE), (DEST, LON))
    builder.end_chain()  # the guide's chain goes on to Tokyo
    assert not builder.follows(GUIDE)
    builder = ChainBuilder(WORLD, HAND, [list(GUIDE[0])])
    build(builder, (ORIGIN, NYC2), (PLANE, PLANE1), (TRUCK, None))
    assert not builder.follows(GUIDE)  # the guide's ANY_CARD is a truck, not none
