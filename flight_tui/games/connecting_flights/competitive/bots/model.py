"""What the competitive bots read from a view: each airline's flyable cards, what a round of
flights earns them, and what that is worth with the rounds left.

An airline's *earning power* is the income its best arrangement makes in a round from the
cards it holds (sabotaged cards left out), or with one Landing Rights card rented for it, less
the rent, when that earns more. A card's worth to an airline is the earning power it adds,
counted for the Fly phases left (the income each one adds becomes coins to buy more with) and
once more for round 10's Fly, whose income decides the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from flight_tui.games.connecting_flights.core.arrange import Arrangement, best_arrangement
from flight_tui.games.connecting_flights.competitive.rules.common import (
    data,
    disabled,
    event,
    landing_rights_price,
    world,
)
from flight_tui.games.connecting_flights.competitive.rules.fly import flight_income
from flight_tui.games.connecting_flights.competitive.rules.state import BIDDING, CHOOSE_LOTS, FLY, SETUP_PHASES
from flight_tui.games.connecting_flights.core.chains import AP_CONT, AP_STARS, CARD_AIRPORT, PASS_CONT, PASS_STARS, TRUCK_CAP
from flight_tui.games.connecting_flights.core.flights import FlightSpec

BEFORE_FLY = SETUP_PHASES + ("choose_lots", "bidding", "market", "trading", FLY)
"""Phases of a round that come before (or are) its Fly phase."""


class Cards:
    """An airline's cards as the planners use them (ids are the world's)."""

    __slots__ = ("airports", "passengers", "planes", "rights", "trucks")

    def __init__(self, airports=(), planes=(), passengers=(), trucks=(), rights=()) -> None:
        self.airports = tuple(sorted(airports))
        self.planes = tuple(sorted(planes))
        self.passengers = tuple(sorted(passengers))
        self.trucks = tuple(sorted(trucks))
        self.rights = tuple(sorted(rights))

    def key(self) -> tuple:
        return (self.airports, self.planes, self.passengers, self.trucks, self.rights)

    def plus(self, kind: str, card: int) -> Cards:
        """These cards and one more of ``kind`` (airport, plane, passenger, truck, rights)."""
        parts = {name: list(getattr(self, name)) for name in self.__slots__}
        parts[_SLOT[kind]].append(card)
        return Cards(**parts)

    def minus(self, kind: str, card: int) -> Cards:
        parts = {name: list(getattr(self, name)) for name in self.__slots__}
        parts[_SLOT[kind]].remove(card)
        return Cards(**parts)


_SLOT = {
    "airport": "airports",
    "plane": "planes",
    "passenger": "passengers",
    "truck": "trucks",
    "rights": "rights",
    "landing_rights": "rights",
    "electric": "planes",
}


def flyable(view: Any, seat: int) -> Cards:
    """``seat``'s cards that may fly this round (a card a Sabotage card sits on may not)."""
    h = view.holdings[seat]
    dead_airports, dead_planes = disabled(view, seat)
    return Cards(
        [a for a in h.airports if a not in dead_airports],
        [p for p in h.planes if p not in dead_planes],
        h.passengers,
        h.trucks,
        h.landing_rights,
    )


def held(view: Any, seat: int) -> Cards:
    """All of ``seat``'s cards, sabotaged ones included (what it holds for later rounds)."""
    h = view.holdings[seat]
    return Cards(h.airports, h.planes, h.passengers, h.trucks, h.landing_rights)


class Earnings:
    """What one flight earns this round (the rules' :func:`flight_income`), or in a round with
    no event when ``with_event`` is False (the lasting worth of cards)."""

    def __init__(self, view: Any, with_event: bool = True) -> None:
        card = event(view) if with_event else None
        if card is None or card.when != "fly":
            card = None
            view = msgspec.structs.replace(view, active_event=-1)
        self.view = view
        self.effect = card.effect if card is not None else ""
        self.extra = max(0, card.amount) if card is not None else 0
        self.income = tuple(data().income_by_stars)
        self._flights: dict[tuple[int, int, int], int] = {}

    def flight(self, spec: FlightSpec) -> float:
        key = (spec.passenger, spec.origin, spec.dest)
        found = self._flights.get(key)
        if found is None:
            found = self._flights[key] = flight_income(self.view, spec)
        return found

    def most(self, q: int) -> float:
        """At most what a flight of passenger ``q`` earns this round."""
        return self.income[PASS_STARS[q] - 1] + self.extra


class Planner:
    """Earning power of card sets, remembered (a bot asks about the same hands many times).

    Worth is judged with a small search (``quick`` nodes: it finds the best arrangement of
    nearly every hand); the flights actually flown get ``budget`` nodes."""

    def __init__(self, budget: int, quick: int) -> None:
        self.budget = budget
        self.quick = quick
        self._memo: dict[tuple, Arrangement] = {}
        self.worths: dict[tuple, float] = {}
        """Holding worths already judged (see :class:`~.worth.Appraiser`)."""

    def arrangement(self, cards: Cards, earnings: Earnings, full: bool = False) -> Arrangement:
        key = (cards.key(), earnings.effect, full)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > 50_000:
                self._memo.clear()
                self.worths.clear()
            found = best_arrangement(
                cards.airports, cards.rights, cards.planes, cards.passengers, cards.trucks,
                earnings.flight, earnings.most, self.budget if full else self.quick,
            )
            self._memo[key] = found
        return found

    def power(
        self, view: Any, seat: int, cards: Cards, earnings: Earnings, rent: bool = True, market: Market | None = None,
    ) -> float:
        """Income a round of ``cards`` makes, renting the best Landing Rights for it when
        ``rent`` and the seat has none yet (the rent is taken off), and with the ``market``
        buys that earn more than they cost."""
        return self.with_buys(view, seat, cards, earnings, rent, market)[0]

    def with_buys(
        self, view: Any, seat: int, cards: Cards, earnings: Earnings, rent: bool = True, market: Market | None = None,
    ) -> tuple[float, int]:
        """:meth:`power`, and the coins the buys and rent it counts cost."""
        plan = self.arrangement(cards, earnings)
        best = (float(plan.income), 0)
        flights = plan.flights()
        flown = {f.passenger for f in flights}
        grounded = [q for q in cards.passengers if q not in flown]
        if not grounded:
            return best
        idle = len(flown) < len(cards.planes)
        market = market or NO_MARKET
        used = {f.truck for f in flights}
        spare_fuel = max((TRUCK_CAP[t] for t in cards.trucks if t not in used), default=0)

        def better(income: float, price: int) -> None:
            nonlocal best
            if price <= market.budget and income > best[0]:
                best = (income, price)

        for kind, item, price in market.items:
            if kind == "truck" and (not idle or TRUCK_CAP[item] <= spare_fuel):
                continue  # no plane to fuel, or an unused truck of ours already carries as much
            rest = msgspec.structs.replace(market, items=tuple(b for b in market.items if b[0] != kind))
            income, more = self.with_buys(view, seat, cards.plus(kind, item), earnings, rent, rest)
            better(income - market.coin * price, price + more)
        if not rent or cards.rights or not idle:
            return best
        for card in rights_candidates(view, grounded):
            price = landing_rights_price(view, seat, card)
            income = self.arrangement(cards.plus("rights", card), earnings).income
            better(income - market.rent_coin * price, price if market.rent_coin < 1.0 else 0)
        return best


class Market(msgspec.Struct, frozen=True):
    """What a seat may still buy at this round's Marketplace, as :meth:`Planner.power` counts it."""

    items: tuple[tuple[str, int, int], ...] = ()
    """(kind, id, price): Fuel Trucks and Electric Planes, at most one of each kind bought."""
    coin: float = 1.0
    """Income one coin of their price costs."""
    rent_coin: float = 1.0
    """Income one coin of Landing Rights costs (below 1, the rent counts in ``budget`` too)."""
    budget: float = float("inf")
    """The most the buys may cost."""


NO_MARKET = Market()
"""Landing Rights rented at their full price, nothing bought."""


def rights_candidates(view: Any, passengers: Iterable[int]) -> list[int]:
    """One pool card per (continent, stars) where one of ``passengers`` could land."""
    wanted = {(PASS_CONT[q], PASS_STARS[q]) for q in passengers}
    seen: dict[tuple[int, int], int] = {}
    for card in view.airport_pool:
        a = CARD_AIRPORT[card]
        kind = (AP_CONT[a], AP_STARS[a])
        if kind in seen:
            continue
        if any(c == kind[0] and s <= kind[1] for c, s in wanted):
            seen[kind] = card
    return list(seen.values())


def flies_left(view: Any) -> int:
    """Fly phases still to come, this round's included while it has not been flown."""
    rounds = data().rounds
    return rounds - view.round + (1 if view.phase in BEFORE_FLY or view.round == 0 else 0)


def income_worth(view: Any, per_round: float, coin_rate: float) -> float:
    """What ``per_round`` more income from now on is worth in coins: the coins it earns in the
    Fly phases left (at ``coin_rate`` each, none after the last) and the final income it adds
    (worth the same as one round's coins times :func:`final_weight`)."""
    left = flies_left(view)
    if left <= 0:
        return 0.0
    return per_round * (coin_rate * (left - 1) + final_weight(view))


def final_weight(view: Any) -> float:
    """Coins one point of round 10's income is worth now: coins buy income until the last
    auction, so the later it is, the less else they are good for."""
    left = flies_left(view)
    return 1.0 + 3.0 / max(1, left)


def seats_by_threat(view: Any, planner: Planner) -> list[int]:
    """The other seats, the one with the most earning power (the leader) first; between equals,
    the nearer seat after this one first (not the lowest seat number, which would make the
    lowest seats everyone's rival while the airlines are level)."""
    earn = Earnings(view, with_event=False)
    n = view.num_seats
    others = [s for s in range(n) if s != view.seat]
    return sorted(others, key=lambda s: (-planner.power(view, s, held(view, s), earn, rent=False), (s - view.seat) % n))


def unseen(view: Any, kind: str) -> list[int]:
    """The cards of ``kind`` (plane or passenger) the deck may hold: in play, not held, not up
    for auction (a lot that went unsold is back under its deck)."""
    w = world()
    held = {c for h in view.holdings for c in (h.planes if kind == "plane" else h.passengers)}
    up = view.lots if view.phase == CHOOSE_LOTS else view.lots[view.bidding.lot :] if view.phase == BIDDING else []
    shown = {lot.card for lot in up if lot.kind == kind}
    if kind == "plane":
        pool = [p for p in w.conventional_planes]
    else:
        in_play = {w.airport_of_card(c).continent for c in view.airport_pool} | {
            w.airport_of_card(c).continent for h in view.holdings for c in h.airports
        }
        pool = [p.id for p in w.passengers if p.continent in in_play]
    return [c for c in pool if c not in held and c not in shown]
