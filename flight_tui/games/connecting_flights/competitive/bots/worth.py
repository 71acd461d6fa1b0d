"""What cards, trades and sabotage are worth to one airline, in coins, from a view.

A card's worth is the earning power it adds (see :mod:`.model`) counted over the Fly phases
left, plus a share of what it would add once the airline holds the cards it lacks to fly it
(a plane without a passenger is worth something in round 2, little in round 10).

Coins count the cap (H16) and the rounds left: coins the next income would push above 100 or
above what one round can spend, and every coin once round 10's Fly is next (after it coins only
break a tie), cost nothing to spend (:meth:`Appraiser.cost`); those the cap would take are
worth nothing to receive (:meth:`Appraiser.kept`).
"""

from __future__ import annotations

from typing import Any

from flight_tui.games.connecting_flights.competitive.bots.model import (
    Cards,
    Earnings,
    Market,
    Planner,
    flies_left,
    flyable,
    income_worth,
)
from flight_tui.games.connecting_flights.competitive.rules.actions import Bundle
from flight_tui.games.connecting_flights.competitive.rules.common import (
    data,
    electric_price,
    fee,
    power,
    spendable,
    truck_price,
    world,
)
from flight_tui.games.connecting_flights.core.chains import CARD_AIRPORT, TRUCK_CAP


FREE_COIN_COST = 0.05
"""What spending a coin that would be lost anyway costs (a little: of two buys, the cheaper)."""
ROUND_SPEND = 60
"""Coins an airline spends in one round (auction and Marketplace) at most, nine rounds in ten
(Normal bots, three airlines, 120 games: median 35). What it will hold beyond this once its
next income is in is more than the next round can spend, and the income after refills it."""
COMPLEMENTS = ("plane", "truck", "airport", "passenger")
"""The kinds of card left out in turn when a hand's potential is measured."""


class Appraiser:
    """Worth in coins of cards to any seat, for one view (the bot's own)."""

    def __init__(self, view: Any, planner: Planner, coin_rate: float, potential: float, buys: bool = False) -> None:
        """``buys``: count a Fuel Truck and an Electric Plane to be bought at this round's
        Marketplace with coins the seat cannot keep (before the Marketplace, where they are
        not judged on their own)."""
        self.view = view
        self.planner = planner
        self.coin_rate = coin_rate
        self.potential = potential
        self.base = Earnings(view, with_event=False)
        self._airports: list[int] | None = None
        self._markets: dict[int, Market] = {}
        self.last = flies_left(view) <= 1
        self.buys = buys
        coins = tuple(spendable(view, s) for s in range(view.num_seats)) if buys or self.last else ()
        self.when = (flies_left(view), tuple(view.airport_pool), coin_rate, potential, buys, coins, tuple(view.truck_supply), tuple(view.electric_pool))
        """What a holding's worth depends on besides the seat and its cards (and, when it
        counts buys, what a seat may still buy with what)."""

    def power(self, seat: int, cards: Cards, rent: bool = True) -> float:
        """Income per round (no event) of ``cards`` for ``seat``, with the buys of
        :meth:`market` that earn more."""
        return self.planner.power(self.view, seat, cards, self.base, rent, self.market(seat) if rent else None)

    def buys_price(self, seat: int, cards: Cards) -> int:
        """The coins the buys (and, in the last round, the rent) :meth:`power` counts for
        ``cards`` cost: they must be kept for the Marketplace."""
        return self.planner.with_buys(self.view, seat, cards, self.base, True, self.market(seat))[1]

    def market(self, seat: int) -> Market:
        """What ``seat`` may buy at the Marketplace, as its cards' income counts it: with
        ``buys``, a truck and an electric plane paid with coins it would lose anyway (every
        coin in the last round, when the rent costs little too)."""
        found = self._markets.get(seat)
        if found is None:
            free = int(self.free_coins(seat)) if self.buys else 0
            items = tuple(b for b in buys_on_sale(self.view, seat) if b[2] <= free)
            if self.last:
                found = Market(items, FREE_COIN_COST, FREE_COIN_COST, spendable(self.view, seat))
            else:
                found = Market(items, FREE_COIN_COST, 1.0, free)
            self._markets[seat] = found
        return found

    def cards(self, seat: int) -> Cards:
        return flyable(self.view, seat)

    # ------------------------------------------------------------ coins and the cap

    def free_coins(self, seat: int, more: int = 0) -> float:
        """Coins ``seat`` (given ``more``) may spend but cannot use: all of them when round
        10's Fly is next (coins then only break a tie), else those its next income would push
        above the cap or above what the next round can spend (:data:`ROUND_SPEND`)."""
        return self._coins_over(seat, more, min(ROUND_SPEND, data().coin_cap))

    def lost_coins(self, seat: int, more: int = 0) -> float:
        """Coins ``seat`` (given ``more``) will lose unless it spends them now: all of them when
        round 10's Fly is next, else those its next income would push above the cap. Only these
        pay for a bid that keeps a card from a rival (coins merely spare may yet buy something)."""
        return self._coins_over(seat, more, data().coin_cap)

    def _coins_over(self, seat: int, more: int, keep: int) -> float:
        coins = spendable(self.view, seat) + more
        if flies_left(self.view) <= 1:
            return float(max(0, coins))
        income = self.planner.power(self.view, seat, self.cards(seat), self.base)
        over = self.view.holdings[seat].coins + more + income - keep
        return float(max(0, min(coins, over)))

    def cost(self, seat: int, price: float) -> float:
        """What paying ``price`` coins costs ``seat``: coins it would lose anyway cost little."""
        free = min(price, self.free_coins(seat))
        return price - free + FREE_COIN_COST * free

    def kept(self, seat: int, coins: int) -> float:
        """What receiving ``coins`` is worth to ``seat``: those the cap would not take (coins
        beyond a round's spending still widen what it can bid for a card)."""
        return coins - (self.lost_coins(seat, coins) - self.lost_coins(seat))

    def top_price(self, seat: int, worth: float) -> int:
        """The most ``seat`` would pay for something worth ``worth`` coins to it: its worth and
        the coins it would lose anyway, never more than it may spend."""
        if worth <= 0:
            return 0
        return int(min(spendable(self.view, seat), worth + self.free_coins(seat)))

    def card_worth(self, seat: int, kind: str, card: int, cards: Cards | None = None) -> float:
        """What one more card (kind airport, plane, passenger or truck) is worth to ``seat``."""
        cards = self.cards(seat) if cards is None else cards
        focus = "plane" if kind == "electric" else kind
        return self.holding_worth(seat, cards.plus(kind, card), focus) - self.holding_worth(seat, cards, focus)

    def holding_worth(self, seat: int, cards: Cards, focus: str | None = None) -> float:
        """The worth of holding ``cards`` from now to the end: their income over the Fly phases
        left, and a share of what they would earn with the cards they lack. With a ``focus``
        kind, the cards they lack are those of the other kinds (to judge a card of that kind);
        else each kind is left out in turn and the results averaged."""
        key = (seat, cards.key(), focus, self.when)
        found = self.planner.worths.get(key)
        if found is None:
            found = self.planner.worths[key] = self._holding_worth(seat, cards, focus)
        return found

    def _holding_worth(self, seat: int, cards: Cards, focus: str | None) -> float:
        now = self.power(seat, cards)
        worth = income_worth(self.view, now, self.coin_rate)
        left = flies_left(self.view)
        if self.potential and left > 1:
            kinds = COMPLEMENTS if focus is None else (focus,)
            later = sum(self.power(seat, self._with_complements(cards, k), rent=False) for k in kinds) / len(kinds)
            worth += self.potential * (left - 1) / left * income_worth(self.view, max(0.0, later - now), self.coin_rate)
        return worth

    def _with_complements(self, cards: Cards, missing: str) -> Cards:
        """``cards`` with one of each thing an airline buys as it grows but ``missing``: a
        3-star plane, a 4-fuel truck, a 3-star airport in each continent in play (ids it does
        not hold). Leaving one kind out lets a card of that kind show what it adds."""
        out = cards
        w = world()
        if missing != "plane":
            plane = next(p.id for p in w.planes if p.stars == 3 and not p.electric and p.id not in cards.planes)
            out = out.plus("plane", plane)
        if missing != "truck":
            truck = next(t.id for t in w.fuel_trucks if t.capacity == 4 and t.id not in cards.trucks)
            out = out.plus("truck", truck)
        if missing != "airport":
            held = {CARD_AIRPORT[c] for c in cards.airports}
            for card in self._big_airports():
                if CARD_AIRPORT[card] not in held:
                    out = out.plus("airport", card)
        return out

    def _big_airports(self) -> list[int]:
        """One 3-star Airport card per continent in play (the pool's or anyone's: ids only)."""
        if self._airports is None:
            found: dict[int, int] = {}
            w = world()
            for card in sorted(self.view.airport_pool) + sorted(c for h in self.view.holdings for c in h.airports):
                a = w.airport_of_card(card)
                if a.stars == 3:
                    found.setdefault(a.continent, card)
            self._airports = list(found.values())
        return self._airports

    # ------------------------------------------------------------ trades

    def trade_gain(self, seat: int, receives: Bundle, gives: Bundle) -> float | None:
        """What a trade is worth to ``seat`` (who receives one bundle and gives the other), or
        None when ``seat`` does not hold what it would give."""
        h = self.view.holdings[seat]
        if gives.coins > h.coins:
            return None
        cards = self.cards(seat)
        after = held_cards = Cards(h.airports, h.planes, h.passengers, h.trucks, h.landing_rights)
        for kind, items in _bundle_items(gives):
            for item in items:
                if item not in getattr(held_cards, _FIELD[kind]):
                    return None
                after = after.minus(kind, item)
        for kind, items in _bundle_items(receives):
            for item in items:
                after = after.plus(kind, item)
        dead = set(held_cards.airports) - set(cards.airports) | set(held_cards.planes) - set(cards.planes)
        after = Cards(
            [a for a in after.airports if a not in dead],
            [p for p in after.planes if p not in dead],
            after.passengers,
            after.trucks,
            after.rights,
        )
        change = self.holding_worth(seat, after) - self.holding_worth(seat, cards)
        if gives.trucks and not (gives.airports or gives.planes or gives.passengers):
            change = max(change, -self._replacement(seat, gives.trucks))
        return change + self.kept(seat, receives.coins) - self.cost(seat, gives.coins)

    def _replacement(self, seat: int, trucks: tuple[int, ...]) -> float:
        """What buying these trucks' like at the side board would cost ``seat`` (no more is
        lost by handing them over); unbounded when the side board has none of a capacity."""
        supply = [TRUCK_CAP[t] for t in self.view.truck_supply]
        total = 0.0
        for t in trucks:
            if TRUCK_CAP[t] not in supply:
                return float("inf")
            supply.remove(TRUCK_CAP[t])
            total += truck_price(self.view, seat, TRUCK_CAP[t])
        return total

    def idle(self, seat: int) -> list[tuple[str, int]]:
        """``seat``'s cards and trucks its best arrangement leaves unused (what it may trade away)."""
        cards = self.cards(seat)
        used = self.planner.arrangement(cards, self.base).flights()
        busy = {("airport", f.origin) for f in used} | {("airport", f.dest) for f in used}
        busy |= {("plane", f.plane) for f in used} | {("passenger", f.passenger) for f in used}
        busy |= {("truck", f.truck) for f in used if f.truck is not None}
        out = []
        for kind, items in (("airport", cards.airports), ("plane", cards.planes), ("passenger", cards.passengers), ("truck", cards.trucks)):
            out.extend((kind, item) for item in items if (kind, item) not in busy)
        return out

    # ------------------------------------------------------------ sabotage

    def sabotage_damage(self, target: int, card: int, on: int) -> float:
        """The coins' worth a Sabotage card costs ``target`` (placed on its card ``on``)."""
        s = data().sabotage[card]
        h = self.view.holdings[target]
        cards = self.cards(target)
        if s.effect in ("plane", "airport"):
            if on < 0:
                return 0.0
            kind = s.effect
            if on not in getattr(cards, _FIELD[kind]):
                return 0.0
            loss = self.power(target, cards, rent=False) - self.power(target, cards.minus(kind, on), rent=False)
            left = max(1, flies_left(self.view) - 1)
            return min(fee(self.view, target, card), loss * left) + 0.5 * min(loss, 1.0)
        if s.effect == "lose_truck":
            if not cards.trucks:
                return 0.0
            truck = max(cards.trucks, key=lambda t: (TRUCK_CAP[t], t))
            loss = self.power(target, cards, rent=False) - self.power(target, cards.minus("truck", truck), rent=False)
            replace = data().truck_price(TRUCK_CAP[truck])
            return min(replace, income_worth(self.view, loss, self.coin_rate)) if loss > 0 else replace * 0.3
        due = s.fee // 2 if power(self.view, target, "insured") is not None else s.fee
        paid = min(due, h.coins)
        return 2.0 * paid if s.effect == "pay_saboteur" else float(paid)


def buys_on_sale(view: Any, seat: int) -> tuple[tuple[str, int, int], ...]:
    """What ``seat`` may buy at the Marketplace besides Landing Rights: one side-board truck of
    each capacity and one Electric Plane of each price, as (kind, id, price)."""
    out: dict[tuple[str, int], tuple[str, int, int]] = {}
    for t in sorted(view.truck_supply):
        out.setdefault(("truck", TRUCK_CAP[t]), ("truck", t, truck_price(view, seat, TRUCK_CAP[t])))
    for p in sorted(view.electric_pool):
        price = electric_price(view, seat, p)
        out.setdefault(("plane", price), ("plane", p, price))
    return tuple(out.values())


_FIELD = {"airport": "airports", "plane": "planes", "passenger": "passengers", "truck": "trucks"}


def _bundle_items(bundle: Bundle) -> list[tuple[str, tuple[int, ...]]]:
    return [("airport", bundle.airports), ("plane", bundle.planes), ("passenger", bundle.passengers), ("truck", bundle.trucks)]


def bundle_items(bundle: Bundle) -> list[tuple[str, int]]:
    """The cards and trucks of a bundle, one (kind, id) each."""
    return [(kind, item) for kind, items in _bundle_items(bundle) for item in items]


def bundle_of(kind: str, item: int, coins: int = 0) -> Bundle:
    """A bundle of one card or truck (and coins)."""
    return Bundle(**{_FIELD[kind]: (item,)}, coins=coins)
