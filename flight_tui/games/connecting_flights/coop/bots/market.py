"""The cooperative planner's Marketplace: which purchases, for whom.

Purchases are chosen greedily, one candidate at a time. A candidate is a face-up card, an
Electric Plane, a Fuel Truck, an Airport where meeples gather, Landing Rights where a seat
needs somewhere to land, or a kit that makes one more flight (passenger card, plane, a truck
if needed, Landing Rights if needed). Each is scored by the team's strength in the rounds
left; a shortlist of the best (every candidate in the last round) is scored again with this
round's Fly plan (see :mod:`coop_fly`) and the plan the next round could fly from the board
this one leaves. The best is bought, less its price, while one pays.
The strength follows the rule text's strategy tips: balanced planes, passengers and trucks
for each seat, one passenger card per continent the meeples want, airports where meeples
appear, and hands of about equal size (a penalty otherwise). A seat's passenger card counts
towards its flights only where that seat holds an airport or Landing Rights it may land on
(cards never change hands: a partner's airport is no destination for it).
"""

from __future__ import annotations

from typing import Any

from flight_tui.games.connecting_flights.coop.bots.fly import Team, plan_fly
from flight_tui.games.connecting_flights.coop.rules.market import price as price_of
from flight_tui.games.connecting_flights.coop.rules.state import AIRPORT, LANDING_RIGHTS, PASSENGER, PLANE, TRUCK
from flight_tui.games.connecting_flights.core.chains import (
    AP_CONT,
    AP_STARS,
    CARD_AIRPORT,
    COLOURS,
    PASS_CONT,
    PASS_STARS,
    PLANE_ELECTRIC,
    PLANE_STARS,
    TRUCK_CAP,
    W,
)

FUTURE_WEIGHT = 0.3
"""A meeple a later round is expected to deliver counts this much of one delivered now."""
MEEPLES_PER_FLIGHT = 1.4
"""Meeples an average flight is expected to bring home in later rounds."""
NEED_FACTOR = 2.0
"""Flights wanted per meeple expected per round: loads are uneven, so about two."""
SURPLUS_WORTH = 0.25
"""Worth of flights beyond what the expected demand needs."""
AIRPORT_WORTH = 1.2
"""Worth per meeple expected to appear at (or already wait at) an owned airport, per round."""
CONTINENT_WORTH = 0.9
"""Worth per meeple expected in a continent where the team owns an airport (a charter away)."""
COVER_WORTH = 0.6
"""Worth per round of holding a passenger card to a continent the meeples want."""
NEXT_ROUND_WEIGHT = 0.7
"""Meeples next round's plan would bring home count this much of one brought home now."""
MIN_GAIN = 0.02
"""A purchase must add at least this much (in meeples) to be made."""
CHARTER_RESERVE = 10
"""Coins counted as kept back for this round's charters when pricing a purchase."""
DEMAND_PER_ROUND = {"low": 3 * 0.8, "high": 5 * 0.8}
"""Meeples a New Demand phase is expected to place (a few find their colour's supply empty)."""


class Market:
    """The parts of a view the Marketplace planner reads, plus the team."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.team = Team(view)
        self.market_passengers = list(view.market_passengers)
        self.market_planes = list(view.market_planes)
        self.electric = list(view.electric_pool)
        self.pool = list(view.airport_pool)
        self.trucks = list(view.truck_supply)
        self.arrivals = expected_arrivals(view)


def expected_arrivals(view: Any) -> list[float]:
    """Meeples expected to appear at each airport per round from here on (from the Departure
    cards not yet drawn; none once they are all drawn, unless the game re-forms the deck)."""
    used = set(view.departure_discard)
    left = [d for d in W.departure_cards if d.id not in used]
    if not left and view.config.reuse_departure_cards:
        left = list(W.departure_cards)
    out = [0.0] * len(W.airports)
    if not left:
        return out
    per_card = 0.8 / len(left)
    for card in left:
        for a in card.airports:
            out[a] += per_card
    return out


def strength(team: Team, arrivals: list[float], demand_per_round: float) -> float:
    """Meeples the team's cards are expected to bring home in the rounds after this one."""
    rounds_left = team.rounds - team.round
    if rounds_left <= 0:
        return 0.0
    owned = team.owned_airports()
    waiting = [sum(row) for row in team.board]
    need = NEED_FACTOR * (demand_per_round + sum(waiting) / rounds_left)
    flights = 0.0
    for seat in team.seats:
        conventional = sorted((PLANE_STARS[p] for p in seat.planes if not PLANE_ELECTRIC[p]), reverse=True)
        electric = sorted((PLANE_STARS[p] for p in seat.planes if PLANE_ELECTRIC[p]), reverse=True)
        usable = sorted(electric + conventional[: len(seat.trucks)], reverse=True)
        lands = [0] * COLOURS  # the most stars of an airport the seat may land on, by continent
        for c in seat.airports + seat.rights:
            a = CARD_AIRPORT[c]
            lands[AP_CONT[a]] = max(lands[AP_CONT[a]], AP_STARS[a])
        landable = [q for q in seat.passengers if lands[PASS_CONT[q]] >= PASS_STARS[q]]
        count = min(len(usable), len(landable), len(seat.airports))
        flights += sum(min(s, MEEPLES_PER_FLIGHT) for s in usable[:count])
    throughput = min(flights, need) + SURPLUS_WORTH * max(0.0, flights - need)
    wanted = [0.0] * COLOURS
    for row in team.board:
        for c, n in enumerate(row):
            wanted[c] += n
    covered = {PASS_CONT[q] for s in team.seats for q in s.passengers}
    cover = sum(min(1.0, (wanted[c] + demand_per_round / COLOURS) / 2) for c in covered)
    where = sum(arrivals[a] + waiting[a] / rounds_left for a in owned)
    reachable = {AP_CONT[a] for a in owned}
    within = sum(arrivals[a] + waiting[a] / rounds_left for a in range(len(waiting)) if AP_CONT[a] in reachable)
    counts = [s.card_count() for s in team.seats]
    unequal = team.penalty * 0.04 if max(counts) - min(counts) >= 4 else 0.0
    per_round = throughput + COVER_WORTH * cover + AIRPORT_WORTH * where + CONTINENT_WORTH * within - unequal
    return FUTURE_WEIGHT * rounds_left * per_round


def next_round(team: Team, pool: list[int]) -> None:
    """Turn ``team`` into the start of the next round's Fly phase: no new cards or demand, but
    Landing Rights anywhere the pool has a card (they are cheap to rent)."""
    rights: dict[int, int] = {}
    for card in sorted(pool):
        rights.setdefault(CARD_AIRPORT[card], card)
    team.round += 1
    team.coins = min(team.cap, team.coins + team.income)
    team.fees = list(team.track)
    for seat in team.seats:
        seat.rights = list(rights.values())
        seat.chains = []
        seat.flown = []


def candidates(m: Market) -> list[tuple[tuple[str, int, int], ...]]:
    """Purchases worth considering, alone or as a kit that makes one more flight possible
    (a passenger card with a plane, and a truck when the seat has none spare)."""
    team = m.team
    out: list[tuple[tuple[str, int, int], ...]] = []
    per_airport: dict[int, int] = {}
    for card in sorted(m.pool):
        per_airport.setdefault(CARD_AIRPORT[card], card)
    electric: dict[int, int] = {}
    for card in sorted(m.electric):
        electric.setdefault(PLANE_STARS[card], card)
    planes = m.market_planes + list(electric.values())
    busy = sorted(per_airport, key=lambda a: -(sum(team.board[a]) + 3 * m.arrivals[a]))[:8]
    truck_caps = [cap for cap in (1, 2, 3, 4) if any(TRUCK_CAP[t] == cap for t in m.trucks)]
    for s, seat in enumerate(team.seats):
        out += [((PASSENGER, q, s),) for q in m.market_passengers]
        out += [((PLANE, p, s),) for p in planes]
        out += [((TRUCK, cap, s),) for cap in truck_caps]
        out += [((AIRPORT, per_airport[a], s),) for a in busy]
        spare_trucks = len(seat.trucks) - sum(1 for p in seat.planes if not PLANE_ELECTRIC[p])
        if truck_caps:
            out += [((PLANE, p, s), (TRUCK, truck_caps[-1], s)) for p in m.market_planes if not PLANE_ELECTRIC[p]]
        for q in m.market_passengers:
            for p in planes:
                if PLANE_STARS[p] < PASS_STARS[q]:
                    continue
                kit = ((PASSENGER, q, s), (PLANE, p, s))
                if not PLANE_ELECTRIC[p] and spare_trucks <= 0:
                    kit += tuple((TRUCK, cap, s) for cap in truck_caps[-1:])
                out.append(kit)
                rights = _rights_for(m, team, seat, per_airport, PASS_CONT[q], PASS_STARS[q])
                if rights is not None:
                    out.append(kit + ((LANDING_RIGHTS, rights, s),))
        for c in {PASS_CONT[q] for q in seat.passengers}:
            stars = min(PASS_STARS[q] for q in seat.passengers if PASS_CONT[q] == c)
            rights = _rights_for(m, team, seat, per_airport, c, stars)
            if rights is not None:
                out.append(((LANDING_RIGHTS, rights, s),))
    return [k for k in out if sum(price_of(kind, item) for kind, item, _ in k) <= team.coins]


def _rights_for(m: Market, team: Team, seat, per_airport: dict[int, int], continent: int, stars: int) -> int | None:
    """The cheapest Landing Rights card a seat could land on in ``continent`` (None when it
    already rents some there, or none is free, or the game allows none)."""
    if not m.view.config.landing_rights:
        return None
    if any(AP_CONT[CARD_AIRPORT[k]] == continent and AP_STARS[CARD_AIRPORT[k]] >= stars for k in seat.rights):
        return None
    options = [a for a in per_airport if AP_CONT[a] == continent and AP_STARS[a] >= stars]
    if not options:
        return None
    cheapest = min(options, key=lambda a: (W.airports[a].landing_rights_price, -sum(team.board[a])))
    return per_airport[cheapest]


def _bought_all(m: Market, kit: tuple[tuple[str, int, int], ...]) -> Market:
    for kind, item, seat in kit:
        m = _bought(m, kind, item, seat)
    return m


def _bought(m: Market, kind: str, item: int, seat: int) -> Market:
    """The market after a purchase (a copy)."""
    other = Market.__new__(Market)
    other.__dict__.update(m.__dict__)
    team = other.team = m.team.clone()
    team.coins -= price_of(kind, item)
    cards = team.seats[seat]
    if kind == PASSENGER:
        other.market_passengers = [q for q in m.market_passengers if q != item]
        cards.passengers.append(item)
    elif kind == PLANE:
        other.market_planes = [p for p in m.market_planes if p != item]
        other.electric = [p for p in m.electric if p != item]
        cards.planes.append(item)
    elif kind in (AIRPORT, LANDING_RIGHTS):
        other.pool = [k for k in m.pool if k != item]
        (cards.airports if kind == AIRPORT else cards.rights).append(item)
    else:
        truck = min(t for t in m.trucks if TRUCK_CAP[t] == item)
        other.trucks = [t for t in m.trucks if t != truck]
        cards.trucks.append(truck)
    return other


class MarketPlanner:
    """Chooses the next purchase; ``shortlist`` candidates get a full Fly plan each."""

    def __init__(self, shortlist: int, coin_worth: float) -> None:
        self.shortlist = shortlist
        self.coin_worth = coin_worth

    def demand_per_round(self, view: Any) -> float:
        return DEMAND_PER_ROUND[view.demand_next]

    def value(self, m: Market, demand: float, full: bool) -> float:
        """The team's worth after buying: strength, plus with ``full`` this round's Fly plan
        and the one it would fly next round from the board this round leaves."""
        worth = strength(m.team, m.arrivals, demand)
        if full:
            team = m.team.clone()
            worth += plan_fly(team, self.coin_worth).value
            if not team.last_round():
                next_round(team, m.pool)
                worth += NEXT_ROUND_WEIGHT * plan_fly(team, self.coin_worth).delivered
        return worth

    def plan(self, view: Any) -> list[tuple[str, int, int]]:
        """The purchases to make this Marketplace, in order."""
        m = Market(view)
        demand = self.demand_per_round(view)
        bought: list[tuple[str, int, int]] = []
        full = self.shortlist > 0
        base = self.value(m, demand, full)
        while True:
            kits = candidates(m)
            if not kits:
                break
            before = strength(m.team, m.arrivals, demand)
            quick = []
            for kit in kits:
                after = _bought_all(m, kit)
                cost = self.cost(m.team, kit)
                quick.append((strength(after.team, m.arrivals, demand) - before - cost, kit, after, cost))
            quick.sort(key=lambda x: -x[0])
            if full:
                best = None
                shortlist = len(quick) if m.team.last_round() else self.shortlist
                # Landing Rights add nothing to the team's strength, only to this round's flights.
                chosen = quick[:shortlist] + [q for q in quick[shortlist:] if any(k[0] == LANDING_RIGHTS for k in q[1])]
                for _gain, kit, after, cost in chosen:
                    worth = self.value(after, demand, True)
                    total = worth - base - cost
                    if best is None or total > best[0]:
                        best = (total, kit, after, worth)
            else:
                best = quick[0][:3] + (None,)
            if best[0] <= MIN_GAIN:
                break
            bought.extend(best[1])
            m = best[2]
            # The chosen purchase's worth is already known (playing its Fly phase out again is costly).
            base = best[3] if full else self.value(m, demand, full)
        return bought

    def stranded_after(self, view: Any, purchases: list[tuple[str, int, int]]) -> int:
        """Meeples this round's Fly plan would leave on the board after ``purchases``."""
        m = _bought_all(Market(view), tuple(purchases))
        team = m.team.clone()
        plan_fly(team, self.coin_worth)
        return sum(map(sum, team.board))

    def cost(self, team: Team, kit: tuple[tuple[str, int, int], ...]) -> float:
        """A kit's price in meeples: coins the cap would take anyway cost nothing."""
        spend = sum(price_of(kind, item) for kind, item, _ in kit)
        return self.coin_worth * team.coin_loss(spend + CHARTER_RESERVE) * spend / (spend + CHARTER_RESERVE)
