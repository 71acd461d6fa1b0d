"""B.3 New Passenger Demand, B.4 End Round and the end of the game: one test per rule."""

from __future__ import annotations

from coop_positions import AF, EU, NA, W, airport, carry, flight, fresh, place, take_airport, take_passenger

from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig
from flight_tui.games.connecting_flights.coop.rules.state import (
    OVER,
    DeckReshuffled,
    DemandPlaced,
    FlyNext,
    GameEnded,
    NoDeparture,
    Pass,
    Penalty,
    RoundEnded,
    SetChains,
)


def passing_game(config: CoopConfig, seed: int = 1):
    """A game where everyone takes the suggested start and then only passes; returns the state."""
    state = COOP.new_game(config, seed)
    for seat in range(config.players):
        COOP.apply(state, seat, COOP.suggest_start(COOP.view(state, seat), seat))
    while not COOP.is_over(state):
        (seat,) = COOP.to_act(state)
        COOP.apply(state, seat, Pass())
    return state


def end_fly_phase(state):
    """Everyone passes: the Fly phase ends; returns the events."""
    events = []
    for seat in range(state.config.players):
        events += COOP.apply(state, seat, Pass()).events
    return events


def round_ended(events) -> RoundEnded:
    (event,) = [e for e in events if isinstance(e, RoundEnded)]
    return event


def test_B3_one_departure_and_one_demand_card_a_round_low_high_low_by_stage():
    state = passing_game(CoopConfig(players=1))
    placed = [e for e in state.log if isinstance(e, DemandPlaced) and e.round > 0]
    assert [e.round for e in placed] == list(range(1, 10)), "the last round has no new demand (house rule C11)"
    levels = [W.demand_cards[e.demand].level for e in placed]
    assert levels == ["low"] * 3 + ["high"] * 4 + ["low"] * 2
    # a High card places five (the text's set-up); a Low card what it shows (our design: one or two)
    wanted = [sum(w is not None for w in W.demand_cards[e.demand].wants) for e in placed]
    assert all(len(e.placed) + len(e.missing) == n for e, n in zip(placed, wanted))
    assert all(n == 5 if lv == "high" else 1 <= n <= 2 for n, lv in zip(wanted, levels))


def test_B3_scenario_demand_decks_by_stage():
    state = passing_game(CoopConfig(players=1, demand_stages=("high", "low", "high"), rounds=5))
    levels = [W.demand_cards[e.demand].level for e in state.log if isinstance(e, DemandPlaced) and e.round > 0]
    assert levels == ["high"] * 3 + ["low"]


def test_C9_an_empty_departure_deck_places_nobody():
    state = passing_game(CoopConfig(players=3))
    placed = [e for e in state.log if isinstance(e, DemandPlaced)]
    assert [e.round for e in placed] == [0] * 4 + list(range(1, 9)), "4 set-up pairs and rounds 1-8 use all 12"
    assert sorted(e.departure for e in placed) == list(range(12)), "each Departure card once"
    assert [e.round for e in state.log if isinstance(e, NoDeparture)] == [9]
    assert not any(isinstance(e, DeckReshuffled) for e in state.log)
    assert state.departure_deck == [] and len(state.departure_discard) == 12
    assert len(state.low_deck) == 2, "no Demand card is drawn without a Departure card"
    assert "the Departure Airports deck is empty" in COOP.describe(NoDeparture(9), 0, ["A", "B", "C"])


def test_C9_an_empty_demand_deck_is_reshuffled_from_its_discards():
    state = passing_game(CoopConfig(players=1, demand_stages=("high", "high", "high")))
    reshuffles = [e for e in state.log if isinstance(e, DeckReshuffled)]
    assert [(e.deck, e.cards) for e in reshuffles] == [("high", 8)]
    placed = [e for e in state.log if isinstance(e, DemandPlaced)]
    assert len(placed) == 12 and sorted(e.departure for e in placed) == list(range(12))


def test_C9_games_begun_under_save_format_1_reshuffle_the_departure_deck():
    state = passing_game(CoopConfig(players=3, reuse_departure_cards=True))
    reshuffles = [e for e in state.log if isinstance(e, DeckReshuffled)]
    assert [(e.deck, e.cards) for e in reshuffles] == [("departure", 12)]
    assert len(state.departure_deck) + len(state.departure_discard) == 12
    assert not any(isinstance(e, NoDeparture) for e in state.log)


def test_B3_a_colour_with_no_meeple_left_is_not_placed():
    state = fresh(players=1)
    place(state, "LIM", "NA", 5)
    place(state, "LIM", "EU", 5)
    place(state, "CAI", "AF", 5)
    events = end_fly_phase(state)
    (placed,) = [e for e in events if isinstance(e, DemandPlaced)]
    assert all(p.colour not in (NA, EU, AF) for p in placed.placed)
    assert sum(a[NA] for a in state.board) == 5 and state.supply[NA] == 0


def test_B3_new_demand_comes_before_the_end_of_round():
    state = fresh(players=1)
    place(state, "LIM", "AF")
    events = end_fly_phase(state)
    kinds = [type(e) for e in events]
    assert kinds.index(DemandPlaced) < kinds.index(RoundEnded)


def test_B4_income_45_capped_at_100():
    for coins, expected in ((20, 65), (80, 100), (100, 100)):
        state = fresh(players=1)
        place(state, "LIM", "AF")
        state.coins = coins
        event = round_ended(end_fly_phase(state))
        assert event.penalties == []
        assert state.coins == expected and event.income == expected - coins


def test_B4_landing_rights_returned_and_charter_track_reset():
    state = fresh(players=1)
    place(state, "LIM", "AF")
    nyc = take_airport(state, 0, "NYC")
    kept = flight(state, 0, nyc, "LAX", truck=1)
    to_rights = flight(state, 0, kept.dest, "LON", truck=3, landing_rights=True)
    rights = to_rights.dest
    COOP.apply(state, 0, SetChains(((kept, to_rights),)))
    state.charters = 3
    event = round_ended(end_fly_phase(state))
    assert event.landing_rights_returned == 1
    assert state.hands[0].landing_rights == [] and rights in state.airport_pool
    assert state.charters == 0 and COOP.view(state, 0).charter_fee == 1
    assert state.hands[0].chains == [(kept,)] and state.hands[0].flown == [0], "flights kept (house rule C6)"


def test_B4_penalty_airport_with_4_meeples():
    state = fresh(players=1)
    place(state, "LIM", "AF", 2)
    place(state, "LIM", "NA", 2)
    event = round_ended(end_fly_phase(state))
    assert Penalty("crowded", airport("LIM"), 5) in event.penalties
    assert event.paid == sum(p.amount for p in event.penalties)
    assert state.coins == 100 - event.paid


def test_B4_no_penalty_for_an_airport_with_3_meeples():
    state = fresh(players=1)
    place(state, "LIM", "AF", 3)
    event = round_ended(end_fly_phase(state))
    assert not any(p.reason == "crowded" and p.where == airport("LIM") for p in event.penalties)


def test_B4_penalty_5_meeples_of_the_same_colour_on_the_board():
    state = fresh(players=1)
    for code in ("LIM", "RIO", "CAI", "SYD", "TYO"):
        place(state, code, "EU")
    event = round_ended(end_fly_phase(state))
    assert Penalty("colour", EU, 5) in event.penalties


def test_B4_penalty_when_a_player_has_4_or_more_cards_than_another():
    state = fresh(players=2)
    place(state, "LIM", "AF")
    for code in ("NYC", "LON", "PAR"):
        take_airport(state, 0, code)
    event = round_ended(end_fly_phase(state))
    assert not any(p.reason == "unequal" for p in event.penalties), "3 more is not enough"
    take_passenger(state, 0, "EU")
    end_fly_phase(state)  # the Marketplace of round 2, with nothing bought
    event = round_ended(end_fly_phase(state))
    assert Penalty("unequal", -1, 5) in event.penalties


def test_B4_penalties_never_take_the_coins_below_0():
    state = fresh(players=1, round_income=0)
    place(state, "LIM", "AF", 2)
    place(state, "LIM", "NA", 2)
    for code in ("RIO", "CAI", "SYD"):
        place(state, code, "NA")
    state.coins = 7
    event = round_ended(end_fly_phase(state))
    assert sum(p.amount for p in event.penalties) >= 10
    assert event.paid == 7 and state.coins == 0


def test_end_won_as_soon_as_the_board_is_empty():
    state = fresh(players=2, round_no=4)
    place(state, "NYC", "EU")
    nyc = take_airport(state, 1, "NYC")
    f = flight(state, 1, nyc, "LON", truck=3)
    COOP.apply(state, 0, Pass())
    COOP.apply(state, 1, SetChains(((f,),)))
    outcome = COOP.apply(state, 1, FlyNext(0, carry(EU=1)))
    assert outcome.irreversible and state.phase == OVER and state.won
    assert isinstance(outcome.events[-1], GameEnded) and outcome.events[-1].won
    result = COOP.result(state)
    assert result.winners == [0, 1] and result.scores == [0, 1]
    assert COOP.to_act(state) == () and COOP.progress(state) == "won in round 4"


def test_end_lost_if_a_meeple_remains_after_the_fly_phase_of_round_10():
    state = fresh(players=1, round_no=10)
    place(state, "LIM", "AF")
    events = end_fly_phase(state)
    assert state.phase == OVER and not state.won
    assert not any(isinstance(e, (DemandPlaced, RoundEnded)) for e in events)
    assert events[-1] == GameEnded(False, 10, 1, 0)
    assert COOP.result(state).winners == []


def test_end_a_game_that_only_passes_is_lost_in_the_last_round():
    state = passing_game(CoopConfig(players=2, rounds=4))
    assert state.phase == OVER and state.round == 4 and not state.won
