"""The cooperative planner's model of the team and its plan for one Fly phase.

A :class:`Team` is read from a view (every hand is public in the cooperative game). The Fly
planner builds the round greedily: at each step it takes the flight (from any seat's free
cards, or the next flight of a seat whose chains are fixed) that brings the most meeples
home, counting charters that fill spare seats and meeples moved to an airport from which
another flight can take them on (hand-offs and chains). What is left of the charter track
then moves meeples to owned airports for the next round and thins out crowded airports.
"""

from __future__ import annotations

from typing import Any

from flight_tui.games.connecting_flights.coop.rules.config import charter_track
from flight_tui.games.connecting_flights.core.chains import (
    AIRPORTS_IN,
    AP_CONT,
    CARD_AIRPORT,
    COLOURS,
    FUEL,
    PASS_CONT,
    PASS_STARS,
    PLANE_ELECTRIC,
    PLANE_STARS,
    TRUCK_CAP,
    ChainBuilder,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec

CROWDED = 4
"""An airport with this many meeples costs a penalty at the end of the round."""

REACH_WORTH = 0.8
"""Worth of a meeple standing where a flight still free this round can take it home."""
OWNED_WORTH = 0.25
"""Worth (next round) of a meeple at an airport the team owns: a flight can start there."""
CHARTERABLE_WORTH = 0.1
"""Worth of a meeple in a continent where the team owns an airport (a charter away)."""
COVERED_WORTH = 0.1
"""Worth of a meeple whose continent the team holds a Passenger card for."""
MIN_STEP = 0.05
"""A flight or charter must be worth at least this much to be planned."""


class SeatCards:
    """One seat's cards (ids are the world's)."""

    __slots__ = ("airports", "chains", "flown", "passengers", "planes", "rights", "trucks")

    def __init__(self, hand: Any) -> None:
        self.airports = list(hand.airports)
        self.planes = list(hand.planes)
        self.passengers = list(hand.passengers)
        self.trucks = list(hand.trucks)
        self.rights = list(hand.landing_rights)
        self.chains = list(hand.chains)
        self.flown = list(hand.flown)

    def clone(self) -> SeatCards:
        other = SeatCards.__new__(SeatCards)
        for name in self.__slots__:
            setattr(other, name, list(getattr(self, name)))
        return other

    def card_count(self) -> int:
        return len(self.airports) + len(self.planes) + len(self.passengers)


class Team:
    """What the planner needs of a view: the board, the purse, the cards, the charter fees."""

    def __init__(self, view: Any) -> None:
        self.seats = [SeatCards(h) for h in view.hands]
        self.board = [list(row) for row in view.board]
        self.coins = view.coins
        self.track = tuple(charter_track(view.config))
        self.fees = list(self.track[view.charters:])
        self.round = view.round
        self.rounds = view.config.rounds
        self.income = view.config.round_income
        self.cap = view.config.coin_cap
        self.penalty = view.config.penalty

    def clone(self) -> Team:
        other = Team.__new__(Team)
        other.__dict__.update(self.__dict__)
        other.seats = [s.clone() for s in self.seats]
        other.board = [list(row) for row in self.board]
        other.fees = list(self.fees)
        return other

    def last_round(self) -> bool:
        return self.round >= self.rounds

    def owned_airports(self) -> set[int]:
        return {CARD_AIRPORT[c] for s in self.seats for c in s.airports}

    def coin_loss(self, spend: int) -> int:
        """Coins that spending ``spend`` now really costs the next round (the cap eats the rest)."""
        if self.last_round():
            return 0
        keep = self.cap - self.income
        return max(0, min(spend, keep - (self.coins - spend)))


def next_round_worth(team: Team, owned: set[int]) -> list[list[float]]:
    """``worth[airport][colour]``: how well placed a meeple is for the next round."""
    owned_continents = {AP_CONT[a] for a in owned}
    covered = {PASS_CONT[q] for s in team.seats for q in s.passengers}
    out = []
    for a in range(len(AP_CONT)):
        base = OWNED_WORTH * (a in owned) + CHARTERABLE_WORTH * (AP_CONT[a] in owned_continents)
        out.append([base + COVERED_WORTH * (c in covered) for c in range(COLOURS)])
    return out


class _SeatRound(ChainBuilder):
    """One seat's use of its cards while a round is planned (its chains are fixed once it has flown)."""

    def __init__(self, cards: SeatCards) -> None:
        self.cards = cards
        self.fixed = any(cards.flown)
        used = [f for c in cards.chains for f in c] if self.fixed else []
        super().__init__(
            cards.airports,
            cards.rights,
            [p for p in cards.planes if p not in {f.plane for f in used}],
            [q for q in cards.passengers if q not in {f.passenger for f in used}],
            [t for t in cards.trucks if t not in {f.truck for f in used}],
        )
        if self.fixed:
            self.chains = [list(c) for c in cards.chains]
            self.next = list(cards.flown)
        else:
            self.next = []

    def clone(self, cards: SeatCards) -> _SeatRound:
        other = _SeatRound.__new__(_SeatRound)
        other.cards = cards
        other.airports, other.rights = cards.airports, cards.rights
        other.fixed = self.fixed
        other.next = list(self.next)
        self.copy_into(other)
        return other


class FlyPlan:
    """A planned Fly phase: the steps in order and what they are expected to achieve."""

    def __init__(self) -> None:
        self.steps: list[tuple] = []
        """``("fly", seat, chain, carry)`` or ``("charter", origin, colour, dest)``."""
        self.chains: dict[int, list[list[FlightSpec]]] = {}
        """The chains each free seat must set before its first flight."""
        self.delivered = 0
        self.value = 0.0


def plan_fly(team: Team, coin_worth: float, charters: bool = True, breadth: int = 1) -> FlyPlan:
    """Plan the rest of this Fly phase for the whole team (``team`` is changed: it ends as the
    board after the plan). With ``breadth`` above 1, each step tries that many of the best
    flights, finishes the round greedily after each, and keeps the one whose round is worth most."""
    plan = FlyPlan()
    seats = [_SeatRound(s) for s in team.seats]
    owned = team.owned_airports()
    later = next_round_worth(team, owned)
    while True:
        ranked = _ranked(team, seats, later, coin_worth, charters)
        if not ranked or ranked[0][0] < MIN_STEP:
            break
        best = ranked[0]
        if breadth > 1 and len(ranked) > 1:
            best = max(ranked[:breadth], key=lambda step: _rollout(team, seats, step, later, coin_worth, charters))
        _apply(team, plan, seats, best)
    _finish(team, plan, seats, later, owned, coin_worth, charters)
    return plan


def _ranked(team: Team, seats: list[_SeatRound], later, coin_worth: float, charters: bool) -> list[tuple]:
    """Every flight possible next, scored, best first."""
    reach = _reach(seats)
    scored = []
    memo: dict[tuple, Any] = {}
    for s, seat in enumerate(seats):
        for option in _options(seat):
            scored.append(_score(team, option, reach, later, coin_worth, charters, memo) + (s, option))
    scored.sort(key=lambda x: -x[0])
    return [x for x in scored if x[0] >= MIN_STEP]


def _rollout(team: Team, seats: list[_SeatRound], first: tuple, later, coin_worth: float, charters: bool) -> float:
    """The worth of the round if ``first`` flies next and the rest is chosen greedily."""
    team = team.clone()
    seats = [seat.clone(card_owner) for seat, card_owner in zip(seats, team.seats)]
    plan = FlyPlan()
    step = (first[0], list(first[1]), list(first[2])) + first[3:]
    while step is not None:
        _apply(team, plan, seats, step)
        ranked = _ranked(team, seats, later, coin_worth, charters)
        step = ranked[0] if ranked else None
    _finish(team, plan, seats, later, team.owned_airports(), coin_worth, charters)
    return plan.value


def _finish(team: Team, plan: FlyPlan, seats, later, owned: set[int], coin_worth: float, charters: bool) -> None:
    """Spend the rest of the charter track, record the chains, and count where meeples wait."""
    if charters:
        _reposition(team, plan, later, owned, coin_worth)
    for s, seat in enumerate(seats):
        if not seat.fixed and seat.chains:
            plan.chains[s] = seat.chains
    if not team.last_round():
        plan.value += sum(later[a][c] * n for a, row in enumerate(team.board) for c, n in enumerate(row) if n)


def _options(seat: _SeatRound):
    """Flights the seat can fly next: ``(spec, chain or None, is_fixed)``."""
    if seat.fixed:
        for c, chain in enumerate(seat.chains):
            if seat.next[c] < len(chain):
                yield chain[seat.next[c]], c, True
        return
    for spec in seat.next_flights():
        yield spec, None, False


def _reach(seats: list[_SeatRound]) -> set[tuple[int, int]]:
    """(airport, continent) pairs some flight still free this round can fly."""
    out: set[tuple[int, int]] = set()
    for seat in seats:
        if seat.fixed:
            for c, chain in enumerate(seat.chains):
                for f in chain[seat.next[c]:]:
                    out.add((CARD_AIRPORT[f.origin], AP_CONT[CARD_AIRPORT[f.dest]]))
            continue
        if not seat.planes or not seat.passengers:
            continue
        best_plane = max(PLANE_STARS[p] for p in seat.planes)
        landings: dict[int, set[int]] = {}  # passenger card -> the airports it may land at (wherever the flight starts)
        for a in seat.origins():
            for q in seat.passengers:
                c = PASS_CONT[q]
                if PASS_STARS[q] > best_plane or (a, c) in out:
                    continue
                fuel = FUEL[AP_CONT[a]][c]
                if seat.truck_for(fuel) is None and not any(PLANE_ELECTRIC[p] for p in seat.planes):
                    continue
                if q not in landings:
                    landings[q] = {CARD_AIRPORT[d] for d, _ in seat.dests(c, PASS_STARS[q])}
                if landings[q] - {a}:
                    out.add((a, c))
    return out


def _worth(a: int, c: int, reach: set, later: list[list[float]]) -> float:
    return REACH_WORTH if (a, c) in reach else later[a][c]


def _score(team: Team, option, reach: set, later, coin_worth: float, charters: bool, memo: dict) -> tuple:
    """(score, carry, charter sources) of flying ``option`` now. ``memo`` keeps the parts that
    depend only on the airports (:func:`_charters`, :func:`_hand_offs`) while the team is unchanged."""
    spec = option[0]
    a = CARD_AIRPORT[spec.origin]
    b = CARD_AIRPORT[spec.dest]
    home = AP_CONT[b]
    cap = PLANE_STARS[spec.plane]
    row = team.board[a]
    carry = [0] * COLOURS
    deliver = min(cap, row[home])
    carry[home] = deliver
    spare = cap - deliver
    score = float(deliver)
    sources: list[int] = []
    if spare and charters and team.fees:
        key = ("charters", a, home)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _charters(team, a, home, coin_worth)
        gains, sources = found
        for gain in gains[:spare]:
            score += gain
        sources = sources[:spare]
        spare -= len(sources)
    if spare:
        key = ("hand-offs", a, b)
        offs = memo.get(key)
        if offs is None:
            offs = memo[key] = _hand_offs(row, a, b, home, reach, later)
        for g, c in offs[:spare]:
            carry[c] += 1
            score += g
    if score <= 0:
        return (score, carry, sources)
    score -= 0.01 * cap + (0.0 if spec.plane is None or PLANE_ELECTRIC[spec.plane] else 0.002 * TRUCK_CAP[spec.truck])
    if not spec.dest_is_landing_rights:
        score -= 0.02
    return (score, carry, sources)


def _hand_offs(row: list[int], a: int, b: int, home: int, reach: set, later) -> list[tuple[float, int]]:
    """(gain, colour) of each meeple at ``a`` not bound for ``home`` that is better placed at
    ``b``, best first (one entry per meeple)."""
    gains: list[tuple[float, int]] = []
    for c in range(COLOURS):
        if c != home and row[c]:
            g = _worth(b, c, reach, later) - _worth(a, c, reach, later)
            if g > 0.05:
                gains.extend([(g, c)] * row[c])
    gains.sort(reverse=True)
    return gains


def _charters(team: Team, a: int, home: int, coin_worth: float) -> tuple[list[float], list[int]]:
    """The charters worth bringing meeples bound for ``home`` to airport ``a``: each one's gain
    and its source airport, cheapest fee first (a flight with fewer spare seats takes the
    first of them)."""
    gains: list[float] = []
    sources: list[int] = []
    coins = team.coins
    for i, fee in enumerate(team.fees):
        if fee > coins:
            break
        src = next(
            (x for x in AIRPORTS_IN[AP_CONT[a]] if x != a and team.board[x][home] - sources.count(x) > 0),
            None,
        )
        if src is None:
            break
        gain = 1.0 - coin_worth * team.coin_loss(fee + sum(team.fees[:i]))
        if gain <= MIN_STEP:
            break
        sources.append(src)
        coins -= fee
        gains.append(gain)
    return gains, sources


def _apply(team: Team, plan: FlyPlan, seats: list[_SeatRound], best: tuple) -> None:
    score, carry, sources, s, (spec, chain, fixed) = best
    seat = seats[s]
    a = CARD_AIRPORT[spec.origin]
    b = CARD_AIRPORT[spec.dest]
    home = AP_CONT[b]
    for src in sources:
        fee = team.fees.pop(0)
        team.coins -= fee
        team.board[src][home] -= 1
        team.board[a][home] += 1
        plan.steps.append(("charter", src, home, a))
        carry[home] += 1
    if fixed:
        seat.next[chain] += 1
        index = chain
    else:
        index = seat.add(spec)
    for c, n in enumerate(carry):
        team.board[a][c] -= n
        if c != home:
            team.board[b][c] += n
    plan.delivered += carry[home]
    plan.value += score
    plan.steps.append(("fly", s, index, tuple(carry)))


def _reposition(team: Team, plan: FlyPlan, later, owned: set[int], coin_worth: float) -> None:
    """Spend what is left of the charter track where it pays: meeples to owned airports for
    next round, and out of crowded airports (each costs a penalty)."""
    if team.last_round():
        return
    while team.fees and team.fees[0] <= team.coins:
        fee = team.fees[0]
        cost = coin_worth * team.coin_loss(fee)
        best = None
        for x, row in enumerate(team.board):
            total = sum(row)
            if not total:
                continue
            relief = coin_worth * team.penalty if total == CROWDED else 0.0
            for c, n in enumerate(row):
                if not n:
                    continue
                for y in AIRPORTS_IN[AP_CONT[x]]:
                    if y == x:
                        continue
                    crowd = coin_worth * team.penalty if sum(team.board[y]) == CROWDED - 1 else 0.0
                    gain = later[y][c] - later[x][c] + relief - crowd - cost
                    if best is None or gain > best[0]:
                        best = (gain, x, c, y)
        if best is None or best[0] < MIN_STEP:
            return
        gain, x, c, y = best
        team.fees.pop(0)
        team.coins -= fee
        team.board[x][c] -= 1
        team.board[y][c] += 1
        plan.value += gain
        plan.steps.append(("charter", x, c, y))
