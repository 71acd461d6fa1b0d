"""Positions for the competitive rule tests: games past set-up, cards handed to a seat, a
chosen Event, and phases reached by playing the first legal action."""

from __future__ import annotations

from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as R
from flight_tui.games.connecting_flights.competitive.rules import CompetitiveConfig, CompetitiveState
from flight_tui.games.connecting_flights.competitive.rules.actions import EndTurn, PassBid, SubmitFlights
from flight_tui.games.connecting_flights.competitive.rules.data import competitive_data
from flight_tui.games.connecting_flights.core.world import default_world

W = default_world()
D = competitive_data()


def card_of(code: str, copy: int = 0) -> int:
    """An Airport card of the airport with this code."""
    return W.cards_of(W.airport(code).id)[copy]


def plane(stars: int, electric: bool = False, nth: int = 0) -> int:
    return [p.id for p in W.planes if p.stars == stars and p.electric == electric][nth]


def passenger(continent: str, stars: int, nth: int = 0) -> int:
    c = W.continent(continent).id
    return [p.id for p in W.passengers if p.continent == c and p.stars == stars][nth]


def truck(capacity: int, nth: int = 0) -> int:
    return [t.id for t in W.fuel_trucks if t.capacity == capacity][nth]


def player_card(name: str) -> int:
    return next(i for i, c in enumerate(D.player_cards) if c.name == name)


def event_card(name: str) -> int:
    return next(i for i, e in enumerate(D.events) if e.name == name)


def sabotage_card(name: str) -> int:
    return next(i for i, s in enumerate(D.sabotage) if s.name == name)


def first_legal(state: CompetitiveState, seat: int):
    return R.legal_actions(state, seat)[0]


def play_first(state: CompetitiveState, until, policy=first_legal, limit: int = 5000) -> CompetitiveState:
    """Play each asked seat's ``policy`` action until ``until(state)`` holds."""
    for _ in range(limit):
        if until(state):
            return state
        seat = R.to_act(state)[0]
        R.apply(state, seat, policy(state, seat))
    raise AssertionError("the position was not reached")


def after_setup(players: int = 2, seed: int = 1, continent_set: str = "first") -> CompetitiveState:
    """A game just past set-up: round 1, the auction's lots being chosen."""
    state = R.new_game(CompetitiveConfig(players=players, continent_set=continent_set), seed)
    return play_first(state, lambda s: s.round == 1)


def quiet(state: CompetitiveState, seat: int):
    """Pass in every auction, end every turn, fly the best arrangement; else the first legal."""
    legal = R.legal_actions(state, seat)
    for kind in (PassBid, EndTurn, SubmitFlights):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    return legal[0]


def take(state: CompetitiveState, card: int, pools: list[list[int]], kind: str) -> None:
    """Take ``card`` out of the first of ``pools`` holding it, else from the seat holding it
    as ``kind`` (``airports``, ``planes``, ``passengers`` or ``trucks``)."""
    for pool in pools + [getattr(h, kind) for h in state.holdings]:
        if card in pool:
            pool.remove(card)
            return
    if kind == "airports":
        for h in state.holdings:
            if card in h.landing_rights:
                h.landing_rights.remove(card)
                return
    raise AssertionError(f"card {card} is nowhere to take from")


def give(state: CompetitiveState, seat: int, *, airports=(), planes=(), passengers=(), trucks=(), coins=None) -> None:
    """Move these cards to ``seat`` from wherever they are (pools, decks, other seats)."""
    h = state.holdings[seat]
    for card in airports:
        take(state, card, [state.airport_pool, state.removed_airports], "airports")
        h.airports.append(card)
    for card in planes:
        take(state, card, [state.plane_deck, state.electric_pool], "planes")
        h.planes.append(card)
    for card in passengers:
        take(state, card, [state.passenger_deck, state.removed_passengers], "passengers")
        h.passengers.append(card)
    for card in trucks:
        take(state, card, [state.truck_supply], "trucks")
        h.trucks.append(card)
    if coins is not None:
        h.coins = coins


def clear(state: CompetitiveState, seat: int) -> None:
    """Take every card and truck of ``seat`` back to the pools and decks."""
    h = state.holdings[seat]
    state.airport_pool += h.airports + h.landing_rights
    state.plane_deck += [p for p in h.planes if not W.planes[p].electric]
    state.electric_pool += [p for p in h.planes if W.planes[p].electric]
    state.passenger_deck += h.passengers
    state.truck_supply += h.trucks
    h.airports, h.planes, h.passengers, h.trucks, h.landing_rights = [], [], [], [], []
    state.placed = [p for p in state.placed if p.seat != seat]


def with_event(state: CompetitiveState, name: str) -> None:
    """Make ``name`` this round's Event card (swapped with wherever it was)."""
    card = event_card(name)
    for deck in (state.event_deck, state.event_discard, *state.later_events):
        if card in deck:
            deck[deck.index(card)] = state.active_event
            break
    state.active_event = card


def to_pool(state: CompetitiveState, card: int) -> None:
    """Make an Airport card unowned (back in the pool), wherever it is."""
    if card not in state.airport_pool:
        take(state, card, [state.removed_airports], "airports")
        state.airport_pool.append(card)
