"""The competitive mode's house interpretations not tested with their phase, and a check that
every one of them (H1, H2, ...) has a test named after it."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from competitive_positions import (
    after_setup,
    card_of,
    clear,
    give,
    passenger,
    plane,
    play_first,
    player_card,
    quiet,
    sabotage_card,
    to_pool,
    truck,
    with_event,
)

from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Bid,
    ChooseLot,
    DrawSabotage,
    EndTurn,
    Inflict,
    SubmitFlights,
)
from flight_tui.games.connecting_flights.competitive.rules.auction import start_auction
from flight_tui.games.connecting_flights.competitive.rules.common import cap_losses, fee, gain, pay
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    FLY,
    MARKET,
    OVER,
    SABOTAGE,
    CoinsMoved,
    LotChosen,
    RoundStarted,
    SlotSkipped,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec

HOUSE_RULES = resources.files("flight_tui.games.connecting_flights.competitive.rules").joinpath("house_rules.md")
TESTS = Path(__file__).parent


def test_every_house_interpretation_has_a_test_named_after_it():
    numbers = re.findall(r"\*\*H(\d+)\.", HOUSE_RULES.read_text())
    assert numbers == [str(i) for i in range(1, len(numbers) + 1)]
    names = " ".join(re.findall(r"def (test_\w+)", " ".join(p.read_text() for p in TESTS.glob("test_competitive_*.py"))))
    missing = [n for n in numbers if not re.search(rf"test_(?:\w+_)?H{n}_", names)]
    assert missing == []


def test_H2_clockwise_is_seat_order_and_the_first_player_marker_moves_to_the_next_seat():
    state = after_setup(4, seed=2)
    first = state.first_player
    play_first(state, lambda s: s.round == 2, policy=quiet)
    assert state.first_player == (first + 1) % 4


def test_H6_bids_are_whole_coins_at_least_one_more_and_binding():
    state = after_setup(2, seed=4)
    for h in state.holdings:
        h.coins = 90
    play_first(state, lambda s: s.phase == BIDDING)
    first = state.first_player
    lot_value = R.legal_actions(state, first)[0].amount
    out = R.apply(state, first, Bid(lot_value))
    assert out.irreversible
    assert R.problem(state, 1 - first, Bid(lot_value + 1)) is None
    assert R.problem(state, 1 - first, Bid(lot_value)) is not None


def test_H7_a_chosen_plane_or_passenger_is_the_top_of_its_deck_and_an_empty_deck_cannot_be_chosen():
    state = after_setup(2, seed=5)
    R.apply(state, state.first_player, R.legal_actions(state, state.first_player)[0])
    seat = R.to_act(state)[0]
    top = state.plane_deck[0]
    state.passenger_deck.clear()
    out = R.apply(state, seat, ChooseLot("plane"))
    assert out.irreversible and state.lots[-1].card == top and state.lots[-1].chosen_by == seat
    assert [e for e in state.log if isinstance(e, LotChosen)][-1].lot.card == top


def test_H17_an_auction_slot_no_card_can_fill_stays_empty():
    state = after_setup(2, seed=6)
    state.airport_pool.clear()
    state.plane_deck.clear()
    state.log.clear()
    start_auction(state)
    assert [e.slot for e in state.log if isinstance(e, SlotSkipped)] == [0, 2, 3]
    assert [lot.kind for lot in state.lots] == ["passenger"]
    assert state.phase == BIDDING or state.phase == MARKET


def test_H12_lost_luggage_gives_the_saboteur_what_the_target_actually_paid():
    state = after_setup(2, seed=7)
    play_first(state, lambda s: s.phase == FLY, policy=quiet)
    with_event(state, "Airport Fees")
    state.holdings[0].coins, state.holdings[1].coins = 30, 3
    for seat in range(2):
        R.apply(state, seat, SubmitFlights(()))
    assert state.phase == SABOTAGE
    saboteur, target = state.saboteur, 1 - state.saboteur
    state.holdings[target].coins = 3
    luggage = sabotage_card("Lost Luggage")
    state.sabotage_deck.remove(luggage)
    state.sabotage_deck.insert(0, luggage)
    R.apply(state, saboteur, DrawSabotage())
    R.apply(state, saboteur, Inflict(target))
    moved = [e for e in state.log if isinstance(e, CoinsMoved) and e.reason == "sabotage"]
    assert [(e.seat, e.delta, e.asked) for e in moved] == [(target, -3, 5), (saboteur, 3, 3)]


def test_H16_no_gain_takes_a_player_above_100_coins():
    state = after_setup(2, seed=8)
    state.holdings[0].coins = 97
    assert gain(state, 0, 10, "grant") == 3 and state.holdings[0].coins == 100
    assert state.log[-1] == CoinsMoved(0, 3, "grant", 10)


def fly_position(seed: int = 9):
    state = after_setup(2, seed=seed)
    play_first(state, lambda s: s.phase == FLY, policy=quiet)
    with_event(state, "Fuel Price Drop")
    clear(state, 0)
    for code in ("NYC", "LAX"):
        to_pool(state, card_of(code))
    give(state, 0, airports=[card_of("NYC"), card_of("LAX")], planes=[plane(3)], passengers=[passenger("NA", 3)], trucks=[truck(1)], coins=0)
    state.kept[0] = player_card("Fuel Broker")  # no power over Landing Rights
    return state


def test_H18_income_is_counted_before_the_landing_rights_penalty():
    state = fly_position()
    london = card_of("LON")
    to_pool(state, london)
    state.airport_pool.remove(london)
    state.holdings[0].landing_rights.append(london)
    flight = FlightSpec(card_of("NYC"), plane(3), truck(1), passenger("NA", 3), card_of("LAX"))
    R.apply(state, 0, SubmitFlights(((flight,),)))
    R.apply(state, 1, SubmitFlights(()))
    record = state.history[-1][0]
    assert record.income == 20 and record.penalty == 20  # twice London's 10 (H9)


def test_H19_round_10_ends_with_its_fly_phase_no_grants_or_taxes():
    state = after_setup(2, seed=10)
    play_first(state, lambda s: s.round == 10 and s.phase == FLY, policy=quiet)
    with_event(state, "Calm Skies")
    for seat in range(2):
        R.apply(state, seat, SubmitFlights(()))
    assert state.phase == OVER
    assert all(r.grant == 0 and r.tax == 0 for r in state.history[-1])
    assert not any(isinstance(e, CoinsMoved) and e.reason in ("grant", "tax") for e in state.log[-4:])


def test_H20_landing_rights_flights_do_not_count_for_the_first_tie_breaker_and_continents_for_the_second():
    state = fly_position(11)
    london = card_of("LON")
    to_pool(state, london)
    state.airport_pool.remove(london)
    state.holdings[0].landing_rights.append(london)
    give(state, 0, planes=[plane(2)], passengers=[passenger("EU", 2)], trucks=[truck(3)])
    chains = (
        (FlightSpec(card_of("LAX"), plane(3), truck(1), passenger("NA", 3), card_of("NYC")),
         FlightSpec(card_of("NYC"), plane(2), truck(3), passenger("EU", 2), london, dest_is_landing_rights=True)),
    )
    R.apply(state, 0, SubmitFlights(chains))
    R.apply(state, 1, SubmitFlights(()))
    record = state.history[-1][0]
    assert (record.income, record.without_landing_rights, record.continents) == (35, 20, 2)


def test_H22_the_insurance_agent_pays_half_of_sabotage_payments_and_fees():
    state = after_setup(3, seed=12)
    state.kept[1] = player_card("Insurance Agent")
    state.holdings[1].coins = 50
    assert pay(state, 1, 15, "sabotage", insurable=True) == 7
    assert pay(state, 1, 10, "tax") == 10
    assert fee(state, 1, sabotage_card("Engine Trouble")) == 5


def test_A6_H22_snakes_on_the_plane_costs_its_full_fee_even_to_the_insurance_agent():
    state = after_setup(3, seed=12)
    state.kept[1] = player_card("Insurance Agent")
    snakes = sabotage_card("Snakes on the Plane")
    assert fee(state, 1, snakes) == 15 == fee(state, 2, snakes)


def test_H24_the_eight_airport_markers_do_not_cap_the_airports_one_owns():
    state = after_setup(5, seed=13)
    play_first(state, lambda s: s.phase == FLY, policy=quiet)
    nine = sorted(state.airport_pool)[:9]
    give(state, 0, airports=nine)
    assert len(state.holdings[0].airports) >= 9
    R.apply(state, 0, SubmitFlights(R.legal_actions(state, 0)[0].chains))


def test_a_seat_with_nothing_to_decide_has_its_move_made_and_a_clone_is_independent():
    state = after_setup(2, seed=14)
    play_first(state, lambda s: s.phase == "market", policy=quiet)
    seat = R.to_act(state)[0]
    for h in state.holdings:
        h.coins = 0
    assert R.legal_actions(state, seat) == [EndTurn()]
    assert R.forced_action(state, seat) is None  # a card-for-card swap is still possible
    clear(state, seat)
    assert R.forced_action(state, seat) == EndTurn()
    copy = R.clone(state)
    R.apply(copy, seat, EndTurn())
    give(copy, 1 - seat, coins=50)
    assert R.to_act(state) == (seat,) and state.holdings[1 - seat].coins == 0
    assert R.forced_action(R.new_game(state.config, 1), 0) is None  # set-up choices are the seat's own


def test_H16_the_coins_lost_to_the_cap_are_counted_per_seat():
    state = after_setup(2, seed=8)
    state.holdings[0].coins, state.holdings[1].coins = 97, 0
    gain(state, 0, 10, "grant")  # 7 lost
    gain(state, 0, 20, "income")  # all 20 lost at the cap
    pay(state, 1, 10, "tax")  # nothing paid at 0 coins: no loss
    assert cap_losses(state) == [27, 0]
    state.round = 10
    state.log.append(RoundStarted(10, 2, 0))
    gain(state, 0, 70, "income")  # round 10's income comes as the game ends
    assert cap_losses(state) == [97, 0] and cap_losses(state, last_income=False) == [27, 0]
