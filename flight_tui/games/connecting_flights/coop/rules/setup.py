"""Cooperative set-up: the decks, the first passengers, and each player's free starting flight."""

from __future__ import annotations

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.coop.rules.board import COLOURS, airports_in_play, continents_in_play, world
from flight_tui.games.connecting_flights.coop.rules.config import CoopConfig, config_problem, coop_data, setup_pair_count
from flight_tui.games.connecting_flights.coop.rules.demand import draw_demand, place_demand
from flight_tui.games.connecting_flights.coop.rules.state import SETUP, ChooseStart, CoopState, CoopView, Hand, StartChosen
from flight_tui.games.connecting_flights.core.flights import FlightSpec, flight_problems


def new_game(config: CoopConfig, seed: int) -> CoopState:
    """Set up a game: decks shuffled, the set-up pairs' meeples placed, 3-star passengers out,
    a free 4-capacity Fuel Truck each. The Plane and Passenger decks are shuffled only after
    everyone has chosen a starting flight, as the text orders."""
    w = world()
    why = config_problem(config, w)
    if why is not None:
        raise ValueError(why)
    play = continents_in_play(config)
    in_play_airports = set(airports_in_play(config))
    per_colour = w.meeples_per_continent
    passengers_out = [p.id for p in w.passengers if p.stars == 3 or p.continent not in play]
    state = CoopState(
        config=config,
        rng=Rng.from_seed(seed),
        phase=SETUP,
        round=0,
        current=0,
        coins=config.start_coins,
        hands=[Hand() for _ in range(config.players)],
        board=[[0] * COLOURS for _ in w.airports],
        supply=[per_colour if c in play else 0 for c in range(COLOURS)],
        out_of_play=[0 if c in play else per_colour for c in range(COLOURS)],
        delivered=[0] * COLOURS,
        delivered_by=[0] * config.players,
        passenger_deck=[p.id for p in w.passengers if p.id not in set(passengers_out)],
        plane_deck=list(w.conventional_planes),
        market_passengers=[],
        market_planes=[],
        airport_pool=[k.id for k in w.airport_cards if k.airport in in_play_airports],
        electric_pool=list(w.electric_planes),
        truck_supply=[t.id for t in w.fuel_trucks],
        removed_passengers=passengers_out,
        removed_airports=[k.id for k in w.airport_cards if k.airport not in in_play_airports],
        departure_deck=[d.id for d in w.departure_cards],
        departure_discard=[],
        low_deck=list(w.low_demand_cards),
        high_deck=list(w.high_demand_cards),
        demand_discard=[],
    )
    for deck in (state.departure_deck, state.low_deck, state.high_deck):
        state.rng.shuffle(deck)
    for _ in range(setup_pair_count(config)):
        departure = draw_demand(state, "departure")
        demand = draw_demand(state, "high")
        if departure is not None and demand is not None:
            place_demand(state, departure, demand)
    capacity = coop_data().start_truck_capacity
    for hand in state.hands:
        truck = next(t for t in state.truck_supply if w.fuel_trucks[t].capacity == capacity)
        state.truck_supply.remove(truck)
        hand.trucks.append(truck)
    return state


def start_problem(v: CoopView, seat: int, action: ChooseStart) -> str | None:
    """Why ``seat`` may not take this starting flight, or None."""
    w = world()
    for card, pool, what in (
        (action.origin, v.airport_pool, "starting airport"),
        (action.dest, v.airport_pool, "destination airport"),
        (action.plane, v.setup_planes, "plane"),
        (action.passenger, v.setup_passengers, "passenger"),
    ):
        if card not in pool:
            return f"That {what} card is not free to choose."
    if action.origin == action.dest:
        return "The two airports must be two different cards."
    spec = FlightSpec(action.origin, action.plane, v.hands[seat].trucks[0], action.passenger, action.dest)
    problems = flight_problems(w, spec)
    if problems:
        return " ".join(p.message for p in problems)
    return None


def legal_starts(v: CoopView, seat: int) -> list[ChooseStart]:
    """Every starting flight, with identical cards taken once: the lowest-id free card of each
    airport, each plane star rating and each kind of passenger (continent and stars)."""
    w = world()
    truck = w.fuel_trucks[v.hands[seat].trucks[0]]
    airport_card: dict[int, int] = {}
    for card in sorted(v.airport_pool):
        airport_card.setdefault(w.airport_cards[card].airport, card)
    planes: dict[int, int] = {}
    for card in sorted(v.setup_planes):
        planes.setdefault(w.planes[card].stars, card)
    passengers: dict[tuple[int, int], int] = {}
    for card in sorted(v.setup_passengers):
        p = w.passengers[card]
        passengers.setdefault((p.continent, p.stars), card)
    out = []
    for (continent, stars), passenger in sorted(passengers.items(), key=lambda kv: kv[1]):
        dests = [a for a in w.airports_in(continent) if a.stars >= stars and a.id in airport_card]
        for plane_stars, plane in sorted(planes.items()):
            if plane_stars < stars:
                continue
            for dest in dests:
                for origin, origin_card in airport_card.items():
                    if origin == dest.id:
                        continue
                    if truck.capacity < w.fuel[w.airports[origin].continent][continent]:
                        continue
                    out.append(ChooseStart(origin_card, plane, passenger, airport_card[dest.id]))
    return out


def waiting_after_starts(v: CoopView, airport: int) -> list[int]:
    """The meeples of each colour waiting at ``airport`` once the starting flights already
    chosen have flown in round 1: each takes home those bound for its destination's continent,
    as many as its plane carries."""
    w = world()
    waiting = list(v.board[airport])
    for event in v.log:
        if isinstance(event, StartChosen) and w.airport_of_card(event.origin).id == airport:
            bound = w.airport_of_card(event.dest).continent
            waiting[bound] -= min(waiting[bound], w.planes[event.plane].stars)
    return waiting


def brings_home(v: CoopView, start: ChooseStart) -> int:
    """The meeples ``start`` would bring home in round 1, beside the starting flights already
    chosen (what the set-up list tells a player)."""
    w = world()
    waiting = waiting_after_starts(v, w.airport_of_card(start.origin).id)
    return min(waiting[w.airport_of_card(start.dest).continent], w.planes[start.plane].stars)


def start_worth(v: CoopView, start: ChooseStart) -> tuple:
    """How good a starting flight is, higher first: meeples it brings home in round 1, then
    meeples it moves, then what the text recommends (a 3-star plane, 3-star airports, a 1-star
    passenger). The meeples are counted as if no starting flight were chosen yet, so a later
    seat is suggested a partner's airports when the meeples there make them the best (two
    seats that hold the same airports can hand meeples to each other there): two Normal
    planners that did so won far more often than when the later seat counted only the meeples
    its partners leave (docs/connecting-flights-coop.md)."""
    w = world()
    origin, dest = w.airport_of_card(start.origin), w.airport_of_card(start.dest)
    plane, passenger = w.planes[start.plane], w.passengers[start.passenger]
    waiting = v.board[origin.id]
    home = min(waiting[dest.continent], plane.stars)
    moved = min(sum(waiting), plane.stars)
    return (home, moved, plane.stars, origin.stars + dest.stars, -passenger.stars)


def suggest_start(v: CoopView, seat: int) -> ChooseStart | None:
    """A good free starting flight for ``seat`` (the first of the best by :func:`start_worth`);
    None when no starting flight is possible."""
    return max(legal_starts(v, seat), key=lambda s: start_worth(v, s), default=None)
