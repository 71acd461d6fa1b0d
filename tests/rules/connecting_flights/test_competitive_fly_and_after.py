"""A.4 Fly, A.5 Grants and Taxes, A.6 Sabotage, A.7 End Round and the End of the game."""

from __future__ import annotations

import pytest
from competitive_positions import (
    D,
    W,
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

from flight_tui.engine.errors import IllegalAction
from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Bundle,
    BuyLandingRights,
    Propose,
    DrawSabotage,
    EndTurn,
    Inflict,
    PayFee,
    ReturnSabotage,
    SubmitFlights,
    TakeCoins,
)
from flight_tui.games.connecting_flights.competitive.rules.fly import best_chains
from flight_tui.games.connecting_flights.competitive.rules.market import offer_problem
from flight_tui.games.connecting_flights.competitive.rules.rounds import grants_and_taxes, winners
from flight_tui.games.connecting_flights.competitive.rules.state import (
    FLY,
    MARKET,
    OVER,
    SABOTAGE,
    Placed,
    RoundIncome,
    SabotageDrawn,
    SabotageReturned,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec


def at(phase: str, players: int = 2, seed: int = 1, round_no: int = 1):
    state = after_setup(players, seed=seed)
    return play_first(state, lambda s: s.phase == phase and s.round >= round_no, policy=quiet)


def airline(state, seat: int, coins: int = 50) -> None:
    """NYC, LAX and Chicago, planes of 1, 2 and 3 stars, passengers to North America of 1 and 3
    stars and to Europe of 2 stars, trucks of 1 and 3 fuel."""
    clear(state, seat)
    for code in ("NYC", "LAX", "CHI", "LON"):
        to_pool(state, card_of(code))
    give(
        state,
        seat,
        airports=[card_of("NYC"), card_of("LAX"), card_of("CHI")],
        planes=[plane(1), plane(2), plane(3)],
        passengers=[passenger("NA", 1), passenger("NA", 3), passenger("EU", 2)],
        trucks=[truck(1), truck(3)],
        coins=coins,
    )


def fly_all(state, arrangements: dict[int, tuple]) -> None:
    for seat in range(state.config.players):
        R.apply(state, seat, SubmitFlights(arrangements.get(seat, ())))


# ---------------------------------------------------------------- A.4


def test_A4_valid_flights_earn_10_15_20_by_stars_and_invalid_ones_nothing():
    state = at(FLY)
    airline(state, 0, coins=10)
    with_event(state, "Fuel Price Drop")
    nyc, lax, chi = card_of("NYC"), card_of("LAX"), card_of("CHI")
    three = FlightSpec(chi, plane(3), truck(3), passenger("NA", 3), nyc)
    one = FlightSpec(nyc, plane(1), truck(1), passenger("NA", 1), lax)
    incomplete = FlightSpec(None, plane(2), None, passenger("EU", 2), None)  # no airports, no truck
    R.apply(state, 0, SubmitFlights(((three, one), (incomplete,))))
    assert R.view(state, 1).my_flights is None and R.view(state, 1).submitted[0]
    R.apply(state, 1, SubmitFlights(()))
    record = state.history[-1][0]
    assert record.income == 30 and record.flights == 2 and record.continents == 1


def test_A4_the_event_bonus_counts_in_the_income_on_the_leaderboard():
    state = at(FLY)
    airline(state, 0, coins=0)
    with_event(state, "Business Travel Boom")
    R.apply(state, 0, SubmitFlights(((FlightSpec(card_of("LAX"), plane(3), truck(3), passenger("NA", 3), card_of("NYC")),),)))
    R.apply(state, 1, SubmitFlights(()))
    assert state.history[-1][0].income == 25


def test_A4_long_haul_flight_demand_pays_5_more_for_a_flight_of_3_or_4_fuel():
    state = at(MARKET)
    seat = R.to_act(state)[0]
    airline(state, seat, coins=50)
    with_event(state, "Long Haul Flight Demand")
    R.apply(state, seat, BuyLandingRights(card_of("LON")))
    play_first(state, lambda s: s.phase == FLY, policy=lambda s, p: EndTurn())
    long_haul = FlightSpec(card_of("NYC"), plane(2), truck(3), passenger("EU", 2), card_of("LON"), dest_is_landing_rights=True)
    fly_all(state, {seat: ((long_haul,),)})
    record = state.history[-1][seat]
    assert record.income == 20 and record.without_landing_rights == 0 and record.continents == 2


def test_A4_unused_landing_rights_cost_twice_their_price():
    state = at(MARKET)
    seat = R.to_act(state)[0]
    airline(state, seat, coins=50)
    with_event(state, "Tourist Season")
    london = card_of("LON")
    R.apply(state, seat, BuyLandingRights(london))
    price = W.airport_of_card(london).landing_rights_price
    play_first(state, lambda s: s.phase == FLY, policy=lambda s, p: EndTurn())
    fly_all(state, {})
    assert state.history[-1][seat].penalty == 2 * price
    assert state.holdings[seat].coins == 50 - price - 2 * price + state.history[-1][seat].grant


def test_A4_coins_are_capped_at_100():
    state = at(FLY)
    airline(state, 0, coins=95)
    R.apply(state, 0, SubmitFlights(((FlightSpec(card_of("LAX"), plane(3), truck(3), passenger("NA", 3), card_of("NYC")),),)))
    R.apply(state, 1, SubmitFlights(()))
    assert state.holdings[0].coins <= 100


def test_A4_a_sabotaged_plane_cannot_fly():
    state = at(FLY)
    airline(state, 0)
    snakes = sabotage_card("Snakes on the Plane")
    state.sabotage_deck.remove(snakes)
    state.placed.append(Placed(snakes, 0, "plane", plane(3)))
    flight = FlightSpec(card_of("LAX"), plane(3), truck(3), passenger("NA", 3), card_of("NYC"))
    assert all(f.plane != plane(3) for chain in best_chains(state, 0) for f in chain)
    R.apply(state, 0, SubmitFlights(((flight,),)))
    R.apply(state, 1, SubmitFlights(()))
    assert state.history[-1][0].income == 0


def test_H21_an_arrangement_uses_only_ones_cards_each_once_and_linked():
    state = at(FLY)
    airline(state, 0)
    nyc, lax = card_of("NYC"), card_of("LAX")
    twice = (FlightSpec(nyc, plane(1), truck(1), passenger("NA", 1), lax), FlightSpec(lax, plane(1), truck(3), passenger("NA", 3), nyc))
    assert "already serves" in R.problem(state, 0, SubmitFlights((twice,)))
    unlinked = (FlightSpec(nyc, plane(1), truck(1), passenger("NA", 1), lax), FlightSpec(nyc, plane(3), truck(3), passenger("NA", 3), lax))
    assert "does not start" in R.problem(state, 0, SubmitFlights((unlinked,)))
    assert "hold no such" in R.problem(state, 0, SubmitFlights(((FlightSpec(card_of("LON"), plane(1), truck(1), passenger("NA", 1), lax),),)))


def test_A4_the_best_arrangement_offered_chains_flights_for_the_most_income():
    state = at(FLY)
    airline(state, 0)
    best = best_chains(state, 0)
    flights = [f for chain in best for f in chain]
    assert len(flights) == 2 and {W.passengers[f.passenger].stars for f in flights} == {1, 3}
    assert len(best) == 1  # one chain: Chicago to one 3-star airport, on to the other
    assert SubmitFlights(best) == R.legal_actions(state, 0)[0]


# ---------------------------------------------------------------- A.5


def grants_for(incomes: list[int], cards: list[str], event: str | None = None, seed: int = 3) -> list[RoundIncome]:
    state = at(FLY, players=len(incomes), seed=seed)
    if event:
        with_event(state, event)
    for seat, name in enumerate(cards):
        state.kept[seat] = player_card(name)
    for h in state.holdings:
        h.coins = 50
    state.history.append([RoundIncome(i, i, 1, 1) for i in incomes])
    grants_and_taxes(state)
    return state.history[-1]


def test_A5_grants_and_taxes_by_income_band_and_the_creative_accountant_pays_5_instead_of_10():
    records = grants_for([10, 25, 40, 55, 80], ["Fuel Broker", "Lobbyist", "Auctioneer", "Aircraft Engineer", "Investment Manager"])
    assert [(r.grant, r.tax) for r in records] == [(10, 0), (5, 0), (0, 0), (0, 5), (0, 10)]
    records = grants_for([80, 80, 10], ["Creative Accountant", "Lobbyist", "Grant Writer"])
    assert [(r.grant, r.tax) for r in records] == [(0, 5), (0, 10), (10 + D.player_cards[player_card("Grant Writer")].power_amount, 0)]


def test_A5_events_of_the_grants_phase():
    assert [r.tax for r in grants_for([80, 80], ["Lobbyist", "Fuel Broker"], "Tax Holiday")] == [0, 0]
    assert [r.grant for r in grants_for([10, 25], ["Lobbyist", "Fuel Broker"], "Calm Skies")] == [20, 10]


# ---------------------------------------------------------------- A.6


def at_sabotage(seed: int = 1):
    state = at(FLY, seed=seed)
    with_event(state, "Airport Fees")  # the saboteur: the player with the fewest coins
    for seat, coins in enumerate((20, 60)):
        airline(state, seat, coins)
    fly_all(state, {})
    assert state.phase == SABOTAGE
    return state


def test_A6_the_event_names_the_saboteur_at_the_start_of_the_phase_who_may_take_10_coins():
    state = at_sabotage()
    saboteur = min(range(2), key=lambda s: (state.holdings[s].coins, state.order.index(s)))
    assert R.to_act(state) == (saboteur,) and state.saboteur == saboteur
    before = state.holdings[saboteur].coins
    round_no = state.round
    R.apply(state, saboteur, TakeCoins())
    assert state.round == round_no + 1
    gained = [e for e in state.log if type(e).__name__ == "CoinsMoved" and e.reason == "instead of sabotage"][-1]
    assert gained.delta == min(10, 100 - before)


def test_A6_nobody_sabotages_when_the_event_says_so():
    state = at(FLY)
    with_event(state, "Fuel Price Drop")
    round_no = state.round
    fly_all(state, {})
    assert state.round == round_no + 1 and state.saboteur == -1


def draw_card(state, name: str) -> int:
    saboteur = state.saboteur
    card = sabotage_card(name)
    state.sabotage_deck.remove(card)
    state.sabotage_deck.insert(0, card)
    R.apply(state, saboteur, DrawSabotage())
    return saboteur


def test_A6_a_drawn_card_is_seen_by_the_saboteur_only_and_may_be_returned_unseen():
    state = at_sabotage()
    saboteur = draw_card(state, "Tax Audit")
    other = 1 - saboteur
    assert R.view(state, saboteur).drawn_sabotage == sabotage_card("Tax Audit")
    assert R.view(state, other).drawn_sabotage == -1
    assert [e.card for e in R.view(state, other).log if isinstance(e, SabotageDrawn)][-1] == -1
    with pytest.raises(IllegalAction, match="inflict it or return"):
        R.apply(state, saboteur, TakeCoins())
    R.apply(state, saboteur, ReturnSabotage())
    assert state.sabotage_deck[-1] == sabotage_card("Tax Audit")
    returned = next(e for e in reversed(state.log) if isinstance(e, SabotageReturned))
    assert R.describe(returned, other, ["A", "B"]).endswith("returned a Sabotage card under the deck.")
    assert "Tax Audit" in R.describe(returned, saboteur, ["A", "B"])


def test_A6_payments_go_to_the_bank_and_lost_luggage_to_the_saboteur():
    state = at_sabotage()
    saboteur = draw_card(state, "Lost Luggage")
    target = 1 - saboteur
    coins = [h.coins for h in state.holdings]
    R.apply(state, saboteur, Inflict(target))
    assert state.holdings[target].coins <= coins[target] - 5 + 10  # interest and events of the next round aside
    moved = [e for e in state.log if type(e).__name__ == "CoinsMoved" and e.reason == "sabotage"]
    assert [(e.seat, e.delta) for e in moved[-2:]] == [(target, -5), (saboteur, 5)]


def test_A6_fuel_leak_costs_the_target_their_largest_fuel_truck():
    state = at_sabotage()
    saboteur = draw_card(state, "Fuel Leak")
    target = 1 - saboteur
    R.apply(state, saboteur, Inflict(target))
    assert [W.fuel_trucks[t].capacity for t in state.holdings[target].trucks] == [1]
    assert truck(3) in state.truck_supply


def test_A6_H13_a_card_placed_on_a_plane_disables_it_until_its_full_fee_is_paid():
    state = at_sabotage()
    saboteur = draw_card(state, "Snakes on the Plane")
    target = 1 - saboteur
    assert "one of that player's planes" in R.problem(state, saboteur, Inflict(target))
    assert "one of that player's planes" in R.problem(state, saboteur, Inflict(target, 999))
    R.apply(state, saboteur, Inflict(target, plane(3)))
    snakes = sabotage_card("Snakes on the Plane")
    assert Placed(snakes, target, "plane", plane(3)) in state.placed
    trade = Propose(saboteur, Bundle(planes=(plane(3),)), Bundle(coins=1))
    assert "Sabotage card on it" in offer_problem(state, target, trade)
    play_first(state, lambda s: target in R.to_act(s) and s.pending is None, policy=quiet)
    state.holdings[target].coins = 14
    assert PayFee(snakes) not in R.legal_actions(state, target)
    assert "15 coins in full" in R.problem(state, target, PayFee(snakes))
    state.holdings[target].coins = 40
    assert PayFee(snakes) in R.legal_actions(state, target)
    R.apply(state, target, PayFee(snakes))
    assert state.holdings[target].coins == 25 and not state.placed
    assert state.sabotage_deck[-1] == snakes


def test_A6_H13_the_saboteur_chooses_which_of_the_targets_planes_a_placed_card_sits_on():
    state = at_sabotage()
    saboteur = draw_card(state, "Engine Trouble")
    target = 1 - saboteur
    planes = sorted(state.holdings[target].planes)
    assert len(planes) >= 2
    inflicts = [a for a in R.legal_actions(state, saboteur) if isinstance(a, Inflict)]
    assert inflicts == [Inflict(target, p) for p in planes]  # every plane of the target, the saboteur's pick
    R.apply(state, saboteur, Inflict(target, planes[-1]))
    assert [(p.seat, p.on) for p in state.placed] == [(target, planes[-1])]
    assert state.phase != SABOTAGE  # the target is not asked where it goes


def test_H13_one_sabotage_card_per_card_and_never_on_landing_rights():
    state = at_sabotage()
    saboteur = draw_card(state, "Runway Repairs")
    target = 1 - saboteur
    strike = sabotage_card("Ground Staff Strike")
    state.sabotage_deck.remove(strike)
    state.placed.append(Placed(strike, target, "airport", card_of("NYC")))
    assert R.problem(state, saboteur, Inflict(target, card_of("NYC"))) is not None
    free = sorted([card_of("LAX"), card_of("CHI")])
    assert R.legal_actions(state, saboteur) == [Inflict(target, c) for c in free] + [ReturnSabotage()]


def test_H14_an_empty_sabotage_deck_leaves_only_the_coins():
    state = at_sabotage()
    saboteur = state.saboteur
    state.placed += [Placed(c, 1 - saboteur, "plane", plane(1)) for c in state.sabotage_deck]
    state.sabotage_deck.clear()
    assert R.legal_actions(state, saboteur) == [TakeCoins()]
    assert "empty" in R.problem(state, saboteur, DrawSabotage())


# ---------------------------------------------------------------- A.7 and the end


def test_A7_the_first_player_marker_moves_landing_rights_return_and_the_investment_manager_earns():
    state = at(MARKET)
    seat = R.to_act(state)[0]
    airline(state, seat, 50)
    state.kept[seat] = player_card("Investment Manager")
    R.apply(state, seat, BuyLandingRights(card_of("LON")))
    first = state.first_player
    play_first(state, lambda s: s.round == 2, policy=quiet)
    assert state.first_player == (first + 1) % 2
    assert all(not h.landing_rights for h in state.holdings) and card_of("LON") in state.airport_pool
    assert any(type(e).__name__ == "CoinsMoved" and e.reason == "interest" and e.seat == seat for e in state.log)


def test_end_of_the_game_right_after_round_10s_fly_phase():
    state = at(FLY, round_no=10)
    assert state.round == 10
    fly_all(state, {})
    assert state.phase == OVER and R.is_over(state) and R.to_act(state) == ()
    assert not any(type(e).__name__ == "SaboteurNamed" for e in state.log[-6:])
    result = R.result(state)
    assert result.endings[0].length == 10 and result.scores == [r.income for r in state.history[-1]]


@pytest.mark.parametrize(
    "records, coins, winners_, decided",
    [
        ([(40, 40, 2), (30, 30, 3)], [10, 90], [0], "income"),
        ([(40, 20, 2), (40, 40, 1)], [10, 90], [1], "landing-rights"),
        ([(40, 40, 2), (40, 40, 3)], [90, 10], [1], "continents"),
        ([(40, 40, 2), (40, 40, 2)], [50, 60], [1], "coins"),
        ([(40, 40, 2), (40, 40, 2)], [60, 60], [0, 1], "shared"),
    ],
)
def test_end_of_the_game_winner_and_every_tie_breaker(records, coins, winners_, decided):
    state = at(FLY)
    state.history = [[RoundIncome(i, w, c, 1) for i, w, c in records]]
    for h, c in zip(state.holdings, coins):
        h.coins = c
    assert winners(state) == (winners_, decided)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_A7_the_leaderboard_gives_everyones_coins_at_the_end_of_each_round(players, monkeypatch):
    """The view's coins after each round are what every airline held when its End Round phase
    was over (round 10: when the game ended), over whole games of random moves (bids,
    purchases, trades, fees, events, sabotage)."""
    import random

    from flight_tui.games.connecting_flights.competitive.rules import CompetitiveConfig, rounds

    held: list[list[int]] = []
    for name in ("end_round", "end_game"):
        step = getattr(rounds, name)

        def recorded(state, step=step):
            step(state)
            held.append([h.coins for h in state.holdings])

        monkeypatch.setattr(rounds, name, recorded)
    for seed in range(4):
        held.clear()
        state = R.new_game(CompetitiveConfig(players=players), seed)
        rng = random.Random(seed)
        while not R.is_over(state):
            seat = R.to_act(state)[0]
            R.apply(state, seat, rng.choice(R.legal_actions(state, seat)))
        assert len(held) == 10
        assert R.view(state, seed % players).coins_after == held
