"""Set-up (the text's "Setup"): continents in play, Player cards dealt and kept, continents
chosen in rank order, starting flights bought all at once, then the decks shuffled."""

from __future__ import annotations

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.rules.actions import BuyStart, ChooseContinent, KeepCard
from flight_tui.games.connecting_flights.competitive.rules.common import Game, data, world
from flight_tui.games.connecting_flights.competitive.rules.config import CompetitiveConfig, continents_in_play
from flight_tui.games.connecting_flights.competitive.rules.state import (
    CONTINENT,
    KEEP,
    START,
    CardKept,
    CardsDealt,
    CompetitiveState,
    ContinentChosen,
    Holdings,
    PlayerCardsRevealed,
    StartBought,
    StartSubmitted,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec, flight_is_valid
from flight_tui.words import count


def new_game(config: CompetitiveConfig, seed: int) -> CompetitiveState:
    """A fresh game: cards of continents not in play removed, barred Player cards put aside, a
    free 1-fuel truck each and the Player cards dealt (two each, one each with five players)."""
    w, d = world(), data()
    rng = Rng.from_seed(seed)
    play = continents_in_play(config)
    n = config.players
    in_play = [c.id for c in w.airport_cards if w.airport_of_card(c.id).continent in play]
    passengers = [p.id for p in w.passengers if p.continent in play]
    trucks = list(range(len(w.fuel_trucks)))
    holdings = []
    for _ in range(n):
        free = min(t for t in trucks if w.fuel_trucks[t].capacity == d.start_truck_capacity)
        trucks.remove(free)
        holdings.append(Holdings(trucks=[free]))
    usable = [i for i, c in enumerate(d.player_cards) if n in c.players]
    rng.shuffle(usable)
    each = 1 if n == 5 else 2
    dealt = [sorted(usable[s * each : (s + 1) * each]) for s in range(n)]
    unused = sorted(set(range(len(d.player_cards))) - {c for cards in dealt for c in cards})
    later = [list(d.events_of(2)), list(d.events_of(3))]
    state = CompetitiveState(
        config=config,
        rng=rng,
        phase=KEEP,
        round=0,
        current=-1,
        first_player=0,
        holdings=holdings,
        dealt=dealt,
        kept=[cards[0] if each == 1 else -1 for cards in dealt],
        revealed=False,
        order=[],
        unused_player_cards=unused,
        starts=[None] * n,
        plane_deck=list(w.conventional_planes),
        passenger_deck=passengers,
        airport_pool=in_play,
        electric_pool=list(w.electric_planes),
        truck_supply=trucks,
        removed_airports=[c.id for c in w.airport_cards if c.id not in set(in_play)],
        removed_passengers=[p.id for p in w.passengers if p.continent not in play],
        event_deck=list(d.events_of(1)),
        later_events=later,
        event_discard=[],
        active_event=-1,
        sabotage_deck=list(range(len(d.sabotage))),
        trading_done=[False] * n,
        offers_made=[0] * n,
        submitted=[],
    )
    for seat, cards in enumerate(dealt):
        state.log.append(CardsDealt(seat, list(cards)))
    if each == 1:
        reveal(state)
    return state


# ---------------------------------------------------------------- keeping a Player card


def keep_problem(g: Game, seat: int, action: KeepCard) -> str | None:
    if g.kept[seat] >= 0:
        return "You have kept a Player card already."
    dealt = g.dealt[seat] if isinstance(g, CompetitiveState) else g.dealt
    if action.card not in dealt:  # a view holds only its own seat's cards
        return "Keep one of the two Player cards you were dealt."
    return None


def apply_keep(state: CompetitiveState, seat: int, action: KeepCard) -> bool:
    """Keep a card (sealed); True when that was the last and all are revealed."""
    state.kept[seat] = action.card
    state.log.append(CardKept(seat))
    if all(k >= 0 for k in state.kept):
        reveal(state)
        return True
    return False


def reveal(state: CompetitiveState) -> None:
    """Turn the kept Player cards face up; continents are chosen in rank order next."""
    d = data()
    state.revealed = True
    state.order = sorted(range(state.config.players), key=lambda s: d.player_cards[state.kept[s]].rank)
    state.unused_player_cards = sorted(
        set(state.unused_player_cards) | {c for cards in state.dealt for c in cards if c not in state.kept}
    )
    state.log.append(PlayerCardsRevealed(list(state.kept), list(state.order)))
    state.phase = CONTINENT
    state.current = state.order[0]


# ---------------------------------------------------------------- continents


def taken_continents(g: Game) -> set[int]:
    return {h.continent for h in g.holdings if h.continent >= 0}


def free_continents(g: Game) -> list[int]:
    """Continents in play that nobody has chosen, in id order."""
    taken = taken_continents(g)
    return sorted(c for c in continents_in_play(g.config) if c not in taken)


def continent_problem(g: Game, seat: int, action: ChooseContinent) -> str | None:
    if action.continent not in continents_in_play(g.config):
        return "That continent is not in play."
    if action.continent in taken_continents(g):
        return f"{world().continents[action.continent].name} has been chosen by another player."
    return None


def apply_continent(state: CompetitiveState, seat: int, action: ChooseContinent) -> None:
    state.holdings[seat].continent = action.continent
    state.log.append(ContinentChosen(seat, action.continent))
    left = [s for s in state.order if state.holdings[s].continent < 0]
    if left:
        state.current = left[0]
    else:
        state.phase = START
        state.current = -1


# ---------------------------------------------------------------- starting flights


def start_cost(action: BuyStart) -> int:
    """The starting flight's price at face value (the Fuel Truck is free)."""
    w = world()
    airports = w.airport_of_card(action.origin).price + w.airport_of_card(action.dest).price
    return airports + w.planes[action.plane].price + w.passengers[action.passenger].price


def budget(g: Game, seat: int) -> int:
    return data().player_cards[g.kept[seat]].budget


def start_problem(g: Game, seat: int, action: BuyStart, planes: list[int], passengers: list[int]) -> str | None:
    """Why this starting flight is refused (``planes`` and ``passengers`` are the cards free at
    set-up), or None."""
    w = world()
    h = g.holdings[seat]
    chosen = g.starts[seat] if isinstance(g, CompetitiveState) else g.my_start
    if chosen is not None:
        return "You have chosen your starting flight already."
    for card in (action.origin, action.dest):
        if not 0 <= card < len(w.airport_cards) or card not in g.airport_pool:
            return "Both Airport cards must come from the pool of the continents in play."
        if w.airport_of_card(card).continent != h.continent:
            return f"The starting flight must start and end in {w.continents[h.continent].name}, your continent."
    if action.plane not in planes:
        return "Choose a conventional Plane card (Electric Planes are not bought at set-up)."
    if action.passenger not in passengers:
        return "Choose a Passenger card of a continent in play."
    return _flight_problem(h, action, budget(g, seat))


def _flight_problem(h: Holdings, action: BuyStart, coins: int) -> str | None:
    """Why these four cards, free to ``h``'s airline, make no starting flight within ``coins``."""
    spec = FlightSpec(action.origin, action.plane, h.trucks[0], action.passenger, action.dest)
    if not flight_is_valid(world(), spec):
        return "The four cards must make a valid flight (see Making Flights)."
    cost = start_cost(action)
    if cost > coins:
        return f"That flight costs {count(cost, 'coin')}; your budget is {coins}."
    return None


def card_kind(kind: str, card: int) -> tuple[int, ...]:
    """What makes two cards one choice (house rule H3: an identical card): an airport (or the
    origin or destination of a flight) its city, a plane its stars, a passenger its stars and
    continent."""
    w = world()
    if kind in ("airport", "origin", "dest"):
        return (w.airport_of_card(card).id,)
    if kind == "plane":
        return (w.planes[card].stars,)
    p = w.passengers[card]
    return (p.stars, p.continent)


def legal_starts(g: Game, seat: int, planes: list[int], passengers: list[int]) -> list[BuyStart]:
    """Every starting flight ``seat`` may buy, identical cards offered once (the lowest id)."""
    w = world()
    h = g.holdings[seat]
    chosen = g.starts[seat] if isinstance(g, CompetitiveState) else g.my_start
    if chosen is not None:
        return []
    cards = {}
    for card in sorted(g.airport_pool):
        if w.airport_of_card(card).continent == h.continent:
            cards.setdefault(card_kind("airport", card), card)
    plane_kinds = {}
    for p in planes:
        plane_kinds.setdefault(card_kind("plane", p), p)
    passenger_kinds = {}
    for p in passengers:
        if w.passengers[p].continent == h.continent:
            passenger_kinds.setdefault(card_kind("passenger", p), p)
    coins = budget(g, seat)
    out = []
    for origin in cards.values():
        for dest in cards.values():
            for plane in plane_kinds.values():
                for passenger in passenger_kinds.values():
                    action = BuyStart(origin, plane, passenger, dest)
                    if _flight_problem(h, action, coins) is None:
                        out.append(action)
    return out


def apply_start(state: CompetitiveState, seat: int, action: BuyStart) -> bool:
    """Seal a starting flight; when it is the last, buy them all in rank order; True then."""
    state.starts[seat] = action
    state.log.append(StartSubmitted(seat))
    if any(s is None for s in state.starts):
        return False
    w = world()
    for s in state.order:
        wanted = state.starts[s]
        h = state.holdings[s]
        plane = wanted.plane
        if plane not in state.plane_deck:  # taken by a lower rank: an identical card (house rule H3)
            stars = w.planes[plane].stars
            plane = min(p for p in state.plane_deck if w.planes[p].stars == stars)
        state.plane_deck.remove(plane)
        bought = BuyStart(wanted.origin, plane, wanted.passenger, wanted.dest)
        for card in (bought.origin, bought.dest):
            state.airport_pool.remove(card)
            h.airports.append(card)
        state.passenger_deck.remove(bought.passenger)
        h.planes.append(plane)
        h.passengers.append(bought.passenger)
        cost = start_cost(bought)
        h.coins = min(data().coin_cap, budget(state, s) - cost)
        state.log.append(StartBought(s, bought.origin, plane, bought.passenger, bought.dest, cost, h.coins))
    return True
