"""New Passenger Demand (B.3) and End Round (B.4), which follow the Fly phase by themselves."""

from __future__ import annotations

from flight_tui.games.connecting_flights.coop.rules.board import COLOURS, airports_in_play, continents_in_play, world
from flight_tui.games.connecting_flights.core.stages import stage_of
from flight_tui.games.connecting_flights.coop.rules.state import (
    CoopState,
    DeckReshuffled,
    DemandPlaced,
    NoDeparture,
    Penalty,
    Placement,
    RoundEnded,
)

CROWDED = 4
"""An airport with this many meeples or more costs a penalty."""
UNEQUAL = 4
"""A player holding this many cards more than another costs a penalty."""


def draw_demand(state: CoopState, deck: str) -> int | None:
    """The top card of the ``departure``, ``low`` or ``high`` deck; None if it is empty. An empty
    Demand deck is first re-formed from its discarded cards, shuffled; the Departure deck never
    is, so no airport gets more passengers than the text allows (house rule C9)."""
    w = world()
    if deck == "departure":
        pile = state.departure_deck
        again = []
        if not pile and state.config.reuse_departure_cards:
            again = list(state.departure_discard)
            state.departure_discard.clear()
    else:
        pile = state.low_deck if deck == "low" else state.high_deck
        again = [c for c in state.demand_discard if w.demand_cards[c].level == deck] if not pile else []
        for card in again:
            state.demand_discard.remove(card)
    if again:
        state.rng.shuffle(again)
        pile.extend(again)
        state.log.append(DeckReshuffled(deck, len(again)))
    return pile.pop(0) if pile else None


def place_demand(state: CoopState, departure: int, demand: int) -> None:
    """Place the meeples a Departure/Demand pair asks for, then discard both cards. A meeple
    whose colour has none left in the supply, or whose airport or continent is not in play,
    is not placed (house rule C8)."""
    w = world()
    play = continents_in_play(state.config)
    airports = set(airports_in_play(state.config))
    placed, missing = [], []
    for airport, colour in w.placements(departure, demand):
        where = Placement(airport, colour)
        if airport not in airports or colour not in play or state.supply[colour] == 0:
            missing.append(where)
            continue
        state.supply[colour] -= 1
        state.board[airport][colour] += 1
        placed.append(where)
    state.departure_discard.append(departure)
    state.demand_discard.append(demand)
    state.log.append(DemandPlaced(state.round, departure, demand, placed, missing))


def demand_level(state_round: int, stages: tuple[str, str, str]) -> str:
    """The Passenger Demand deck drawn in a round: by stage, as the config orders."""
    return stages[stage_of(state_round) - 1]


def new_demand(state: CoopState) -> None:
    """B.3: one Departure Airports card and one Passenger Demand card of the stage's deck. With
    the Departure deck empty nobody appears and no Demand card is drawn (house rule C9)."""
    departure = draw_demand(state, "departure")
    if departure is None:
        state.log.append(NoDeparture(state.round))
        return
    demand = draw_demand(state, demand_level(state.round, state.config.demand_stages))
    if demand is not None:
        place_demand(state, departure, demand)
    else:
        state.departure_discard.append(departure)


def penalties(state: CoopState) -> list[Penalty]:
    """The End Round penalties the board and the hands call for now."""
    amount = state.config.penalty
    out = []
    for airport, colours in enumerate(state.board):
        if sum(colours) >= CROWDED:
            out.append(Penalty("crowded", airport, amount))
    per_colour = world().meeples_per_continent
    for colour in range(COLOURS):
        sets = sum(colours[colour] for colours in state.board) // per_colour
        if sets:
            out.append(Penalty("colour", colour, amount * sets))
    counts = [hand.card_count() for hand in state.hands]
    if max(counts) - min(counts) >= UNEQUAL:
        out.append(Penalty("unequal", -1, amount))
    return out


def end_round(state: CoopState) -> None:
    """B.4: income up to the cap, Landing Rights returned, the charter track reset, then the
    penalties (paid as far as the coins go: house rule C10)."""
    config = state.config
    income = min(config.coin_cap, state.coins + config.round_income) - state.coins
    state.coins += income
    returned = 0
    for hand in state.hands:
        returned += len(hand.landing_rights)
        state.airport_pool.extend(hand.landing_rights)
        hand.landing_rights.clear()
        hand.chains = _without_landing_rights(hand.chains)
        hand.flown = [0] * len(hand.chains)
    state.airport_pool.sort()
    state.charters = 0
    state.bought_this_round = False
    due = penalties(state)
    paid = min(state.coins, sum(p.amount for p in due))
    state.coins -= paid
    state.log.append(RoundEnded(state.round, income, due, paid, state.coins, returned))


def _without_landing_rights(chains: list) -> list:
    """This round's chains kept for the next round (house rule C6), each cut before its first
    flight that lands on Landing Rights (they have been returned); empty chains dropped."""
    kept = []
    for chain in chains:
        cut = next((i for i, f in enumerate(chain) if f.dest_is_landing_rights), len(chain))
        if cut:
            kept.append(tuple(chain[:cut]))
    return kept
