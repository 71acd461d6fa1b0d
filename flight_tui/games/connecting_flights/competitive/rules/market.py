"""The Marketplace phase (A.3): turns from the first player to buy Landing Rights, Electric
Planes and Fuel Trucks and to offer trades, then a trading round; a trade offer is answered by
its recipient out of turn (house rules H8-H11)."""

from __future__ import annotations

from functools import lru_cache

from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Bundle,
    BuyElectric,
    BuyLandingRights,
    BuyTruck,
    Propose,
    REASON_LENGTH,
    Refuse,
)
from flight_tui.games.connecting_flights.competitive.rules.common import (
    Game,
    data,
    disabled,
    electric_price,
    landing_rights_price,
    rights_halvings,
    rights_price,
    spendable,
    truck_price,
    world,
)
from flight_tui.games.connecting_flights.competitive.rules.state import (
    FLY,
    MARKET,
    TRADING,
    Bought,
    CompetitiveState,
    Holdings,
    OfferAnswered,
    OfferMade,
    TurnEnded,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec, flight_is_valid
from flight_tui.games.connecting_flights.core.prices import AIRPORT, PASSENGER, PLANE, card_price
from flight_tui.words import count

TRUCK = "truck"


def start_market(state: CompetitiveState) -> None:
    n = state.config.players
    state.phase = MARKET
    state.current = state.first_player
    state.market_turns = 0
    state.trading_done = [False] * n
    state.offers_made = [0] * n
    state.refused = []
    state.pending = None
    state.pending_from = -1


def start_fly(state: CompetitiveState) -> None:
    state.phase = FLY
    state.current = -1
    state.submitted = [None] * state.config.players


def end_turn(state: CompetitiveState, seat: int) -> None:
    """End a Marketplace turn (or, in the trading round, say one is done trading)."""
    n = state.config.players
    state.log.append(TurnEnded(seat, state.phase))
    if state.phase == MARKET:
        state.market_turns += 1
        if state.market_turns < n:
            state.current = (seat + 1) % n
            return
        state.phase = TRADING
        state.current = state.first_player
        return
    state.trading_done[seat] = True
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if not state.trading_done[nxt]:
            state.current = nxt
            return
    start_fly(state)


# ---------------------------------------------------------------- buying


def free_truck(supply: list[int], capacity: int) -> int | None:
    """The lowest-id Fuel Truck of ``capacity`` on the side board, or None."""
    trucks = world().fuel_trucks
    return min((t for t in supply if trucks[t].capacity == capacity), default=None)


def landing_rights_usable(g: Game, seat: int, card: int) -> bool:
    """Whether ``seat`` could end a valid flight on this card as Landing Rights in the coming Fly
    phase: from one of its own airports, with its own plane, passenger and truck (house rule H9)."""
    return _landing_rights_check(g, seat)(card)


def _landing_rights_check(g: Game, seat: int):
    """A test of :func:`landing_rights_usable` for any card, with what it needs of ``seat``'s
    cards worked out once."""
    w = world()
    h = g.holdings[seat]
    off_airports, off_planes = disabled(g, seat)
    origins = [a for a in h.airports if a not in off_airports]
    planes = [p for p in h.planes if p not in off_planes]
    trucks = sorted(h.trucks, key=lambda t: -w.fuel_trucks[t].capacity)[:1] or [None]
    by_continent: dict[int, list[int]] = {}
    for p in h.passengers:
        by_continent.setdefault(w.passengers[p].continent, []).append(p)

    def usable(card: int) -> bool:
        passengers = by_continent.get(w.airport_of_card(card).continent)
        if not passengers:
            return False
        for origin in origins:
            for plane in planes:
                for passenger in passengers:
                    spec = FlightSpec(origin, plane, trucks[0], passenger, card, dest_is_landing_rights=True)
                    if flight_is_valid(w, spec):
                        return True
        return False

    return usable


def buy_landing_rights_problem(g: Game, seat: int, action: BuyLandingRights) -> str | None:
    if action.card not in g.airport_pool:
        return "That Airport card is owned or not in play."
    if len(g.holdings[seat].landing_rights) >= data().landing_rights_per_player:
        return "You may buy only one Landing Rights card a round."
    price = landing_rights_price(g, seat, action.card)
    if price > spendable(g, seat):
        return f"Those Landing Rights cost {count(price, 'coin')}; you have {g.holdings[seat].coins}."
    if not landing_rights_usable(g, seat, action.card):
        city = world().airport_of_card(action.card).city
        return f"You could not end a valid flight in {city} this round, so you may not buy its Landing Rights."
    return None


def buy_electric_problem(g: Game, seat: int, action: BuyElectric) -> str | None:
    if action.plane not in g.electric_pool:
        return "That Electric Plane is not for sale."
    price = electric_price(g, seat, action.plane)
    if price > spendable(g, seat):
        return f"That Electric Plane costs {count(price, 'coin')}; you have {g.holdings[seat].coins}."
    return None


def buy_truck_problem(g: Game, seat: int, action: BuyTruck) -> str | None:
    if not 1 <= action.capacity <= 4:
        return "Fuel Trucks hold 1 to 4 fuel."
    if free_truck(g.truck_supply, action.capacity) is None:
        return f"No {action.capacity}-fuel truck is left on the side board."
    price = truck_price(g, seat, action.capacity)
    if price > spendable(g, seat):
        return f"A {action.capacity}-fuel truck costs {count(price, 'coin')}; you have {g.holdings[seat].coins}."
    return None


def apply_buy(state: CompetitiveState, seat: int, action: BuyLandingRights | BuyElectric | BuyTruck) -> None:
    h = state.holdings[seat]
    if isinstance(action, BuyLandingRights):
        kind, item, price = "landing_rights", action.card, landing_rights_price(state, seat, action.card)
        state.airport_pool.remove(item)
        h.landing_rights.append(item)
    elif isinstance(action, BuyElectric):
        kind, item, price = "electric", action.plane, electric_price(state, seat, action.plane)
        state.electric_pool.remove(item)
        h.planes.append(item)
    else:
        kind, price = TRUCK, truck_price(state, seat, action.capacity)
        item = free_truck(state.truck_supply, action.capacity)
        state.truck_supply.remove(item)
        h.trucks.append(item)
    h.coins -= price
    state.log.append(Bought(seat, kind, item, price))


def legal_buys(g: Game, seat: int) -> list:
    """Every purchase ``seat`` may make now (one Airport card per airport, trucks by capacity):
    the actions that :func:`buy_landing_rights_problem` and the others allow, found with each
    seat-wide check made once."""
    w = world()
    out: list = []
    coins = spendable(g, seat)
    if len(g.holdings[seat].landing_rights) < data().landing_rights_per_player:
        usable = _landing_rights_check(g, seat)
        halvings = rights_halvings(g, seat)
        seen = set()
        for card in sorted(g.airport_pool):
            airport = w.airport_cards[card].airport
            if airport in seen:
                continue
            seen.add(airport)
            if rights_price(card, halvings) <= coins and usable(card):
                out.append(BuyLandingRights(card))
    stars = set()
    for plane in sorted(g.electric_pool):
        if w.planes[plane].stars not in stars:
            stars.add(w.planes[plane].stars)
            if electric_price(g, seat, plane) <= coins:
                out.append(BuyElectric(plane))
    out += [BuyTruck(c) for c in range(1, 5) if truck_price(g, seat, c) <= coins and free_truck(g.truck_supply, c) is not None]
    return out


# ---------------------------------------------------------------- trades


def _bundle_problem(g: Game, seat: int, bundle: Bundle, who: str) -> str | None:
    """Why ``seat`` cannot hand over ``bundle`` (``who``: "you" or the player's name), or None."""
    h = g.holdings[seat]
    for items, held, what in (
        (bundle.airports, h.airports, "Airport card"),
        (bundle.planes, h.planes, "Plane card"),
        (bundle.passengers, h.passengers, "Passenger card"),
        (bundle.trucks, h.trucks, "Fuel Truck"),
    ):
        if not items:
            continue
        if len(set(items)) != len(items):
            return f"A trade names the same {what} twice."
        if not set(items) <= set(held):
            holder = "You do" if who == "you" else f"{who} does"
            return f"{holder} not hold every {what} named."
    if bundle.airports or bundle.planes:
        off_airports, off_planes = disabled(g, seat)
        if set(bundle.airports) & off_airports or set(bundle.planes) & off_planes:
            return "A card with a Sabotage card on it cannot be traded until its fee is paid."
    if bundle.coins < 0:
        return "Coins in a trade cannot be negative."
    if bundle.coins > spendable(g, seat):
        return f"{'You' if who == 'you' else who} cannot pay {count(bundle.coins, 'coin')}."
    return None


def offer_problem(g: Game, seat: int, offer: Propose, names: tuple[str, str] = ("you", "They")) -> str | None:
    """Why ``seat`` may not make (or its recipient may not accept) this trade, or None."""
    n = g.config.players
    if not 0 <= offer.to_seat < n or offer.to_seat == seat:
        return "Offer a trade to another player."
    if offer.give.is_empty() or offer.take.is_empty():
        return "A trade hands over something each way (house rule H8)."
    if offer.give.coins and offer.take.coins:
        return "Coins go one way in a trade."
    problem = _bundle_problem(g, seat, offer.give, "you") or _bundle_problem(g, offer.to_seat, offer.take, names[1])
    if problem:
        return problem
    cap = data().coin_cap
    mine, theirs = g.holdings[seat].coins, g.holdings[offer.to_seat].coins
    if mine - offer.give.coins + offer.take.coins > cap or theirs - offer.take.coins + offer.give.coins > cap:
        return f"A trade may not take anyone above {cap} coins."
    return None


def propose_problem(g: Game, seat: int, offer: Propose) -> str | None:
    if g.offers_made[seat] >= data().offers_per_phase:
        return f"You have made {data().offers_per_phase} offers this phase, the most allowed (house rule H10)."
    if (seat, offer) in [tuple(r) for r in g.refused]:
        return "That offer was refused this phase; it may not be made again (house rule H10)."
    return offer_problem(g, seat, offer, ("you", "They"))


def apply_propose(state: CompetitiveState, seat: int, offer: Propose) -> None:
    state.offers_made[seat] += 1
    state.pending = offer
    state.pending_from = seat
    state.log.append(OfferMade(seat, offer))


def accept_problem(g: Game) -> str | None:
    problem = offer_problem(g, g.pending_from, g.pending)
    return None if problem is None else f"The trade can no longer be made: {problem}"


def _hand_over(src: Holdings, dst: Holdings, bundle: Bundle) -> None:
    for items, a, b in (
        (bundle.airports, src.airports, dst.airports),
        (bundle.planes, src.planes, dst.planes),
        (bundle.passengers, src.passengers, dst.passengers),
        (bundle.trucks, src.trucks, dst.trucks),
    ):
        for i in items:
            a.remove(i)
            b.append(i)
    src.coins -= bundle.coins
    dst.coins += bundle.coins


def refuse_problem(action: Refuse) -> str | None:
    """Why a refusal may not be given as it is (its reason is one short line), or None."""
    if len(action.reason) > REASON_LENGTH or not action.reason.isprintable():
        return f"A refusal's reason is one line of at most {REASON_LENGTH} characters."
    return None


def apply_answer(state: CompetitiveState, seat: int, accepted: bool, reason: str = "") -> None:
    offer, by = state.pending, state.pending_from
    if accepted:
        _hand_over(state.holdings[by], state.holdings[seat], offer.give)
        _hand_over(state.holdings[seat], state.holdings[by], offer.take)
    else:
        state.refused.append((by, offer))
    state.pending = None
    state.pending_from = -1
    state.log.append(OfferAnswered(seat, offer, by, accepted, "" if accepted else reason))


def value(kind: str, item: int) -> int:
    """A card's or truck's face price, which the simple offers below ask or pay."""
    return _face_prices()[kind][item]


@lru_cache(maxsize=1)
def _face_prices() -> dict[str, tuple[int, ...]]:
    """Every card's and truck's face price by kind and id, looked up once."""
    w = world()
    return {
        AIRPORT: tuple(card_price(w, AIRPORT, c) for c in range(len(w.airport_cards))),
        PLANE: tuple(card_price(w, PLANE, p) for p in range(len(w.planes))),
        PASSENGER: tuple(card_price(w, PASSENGER, q) for q in range(len(w.passengers))),
        TRUCK: tuple(data().truck_price(t.capacity) for t in w.fuel_trucks),
    }


def could_trade(g: Game, seat: int) -> bool:
    """Whether ``seat`` could offer some trade: it has something to hand over, another player
    too, and offers are left to it this phase."""

    def has_goods(s: int) -> bool:
        return spendable(g, s) > 0 or _dearest(g, s) is not None

    others = any(has_goods(o) for o in range(g.config.players) if o != seat)
    return g.offers_made[seat] < data().offers_per_phase and has_goods(seat) and others


def simple_offers(g: Game, seat: int) -> list[Propose]:
    """A few trades to offer (any bundle is allowed): to each other player, one's dearest card
    or truck for its face price in coins, and coins at face price for their dearest one."""
    if g.offers_made[seat] >= data().offers_per_phase:
        return []
    dearest = [_dearest(g, s) for s in range(g.config.players)]
    out = []
    for other in range(g.config.players):
        if other == seat:
            continue
        for giver in (seat, other):
            goods = dearest[giver]
            if goods is None:
                continue
            coins = Bundle(coins=goods[1])
            offer = Propose(other, goods[0], coins) if giver == seat else Propose(other, coins, goods[0])
            if propose_problem(g, seat, offer) is None:
                out.append(offer)
    return out


def _dearest(g: Game, seat: int) -> tuple[Bundle, int] | None:
    """``seat``'s dearest tradable card or truck as a bundle, with its face price."""
    h = g.holdings[seat]
    off_airports, off_planes = disabled(g, seat)
    prices = _face_prices()
    best = None
    for kind, field, items, off in (
        (AIRPORT, "airports", h.airports, off_airports),
        (PLANE, "planes", h.planes, off_planes),
        (PASSENGER, "passengers", h.passengers, ()),
        (TRUCK, "trucks", h.trucks, ()),
    ):
        table = prices[kind]
        for item in items:
            if item not in off:
                found = (table[item], -item, field)
                if best is None or found > best:
                    best = found
    if best is None:
        return None
    price, item, field = best
    return Bundle(**{field: (-item,)}), price
