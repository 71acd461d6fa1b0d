"""The cooperative planner for Connecting Flights: a partner at any seat, or the whole team.

It reads the view only (in the cooperative game everything is public but the decks' order)
and plans for the team: the Marketplace purchases (:mod:`coop_market`) and the Fly phase's
flights, chains, hand-offs and charters (:mod:`coop_fly`). It acts only for its own seat when
it is its go: purchases and charters are the team's and any seat may make them; flights are
flown by the seat that holds them, so it passes when the plan's next flight is a partner's.

A plan is kept with the state it expects before each of its steps; when the view is not one
of them (a partner did something else) it plans again. Levels differ in effort (see
:data:`EFFORT`): Easy is greedy, Normal plays the round's Fly phase out for a shortlist of
purchases and tries the best few flights at each step of the Fly plan (more of them in the
last two rounds), Hard searches wider. In the last round Normal and Hard refresh the
Marketplace while their plan strands meeples.
"""

from __future__ import annotations

from typing import Any

from flight_tui.games.connecting_flights.coop.bots.fly import Team, plan_fly
from flight_tui.games.connecting_flights.coop.bots.market import MarketPlanner
from flight_tui.games.connecting_flights.coop.rules.config import charter_track
from flight_tui.games.connecting_flights.coop.rules.market import price as price_of
from flight_tui.games.connecting_flights.coop.rules.setup import suggest_start
from flight_tui.games.connecting_flights.coop.rules.state import (
    FLY,
    MARKET,
    SETUP,
    Buy,
    Charter,
    FlyNext,
    Pass,
    Refresh,
    SetChains,
)
from flight_tui.games.connecting_flights.core.chains import AP_CONT, CARD_AIRPORT, COLOURS, TRUCK_CAP

EFFORT = {
    "easy": {"shortlist": 2, "coin_worth": 0.04, "breadth": 1, "late_breadth": 1, "refreshes": 0},
    "normal": {"shortlist": 6, "coin_worth": 0.03, "breadth": 3, "late_breadth": 8, "refreshes": 3},
    "hard": {"shortlist": 14, "coin_worth": 0.03, "breadth": 6, "late_breadth": 12, "refreshes": 5},
}
"""Per level: how many candidate purchases get their Fly phase played out (all of them in the
last round), a coin's worth in meeples, how many of the best next flights the Fly planner
tries out to the end of the round at each step (1: plain greedy), the same in the last
:data:`LATE_ROUNDS` rounds (where a meeple left behind may lose the game), and the most
Marketplace refreshes in the last round."""
LATE_ROUNDS = 2
"""The last rounds, in which the Fly planner searches wider (``late_breadth``)."""
LAST_ROUND_KIT_COINS = 25
"""Coins that must remain after a last-round refresh to buy what it turns up."""


class CoopPlannerBot:
    """Plans the team's round and plays its own seat's part of it."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in EFFORT:
            raise ValueError(f"no cooperative planner level {level!r}")
        self.level = level
        self.seed = seed
        effort = EFFORT[level]
        self.coin_worth = effort["coin_worth"]
        self.market = MarketPlanner(effort["shortlist"], effort["coin_worth"])
        self._plan: list[tuple[Any, int | None, Any]] = []
        """(expected signature, acting seat or None for any, action)."""
        self._final: Any = None
        self.breadth = effort["breadth"]
        self.late_breadth = effort["late_breadth"]
        self.max_refreshes = effort["refreshes"]
        self._refreshes: dict[int, int] = {}
        """Marketplace refreshes made, by round."""

    def _last_round_refresh(self, view: Any, purchases: list[tuple[str, int, int]]) -> bool:
        """In the last round coins are worth nothing afterwards: refresh the face-up cards
        (before any purchase) while the best plan with these cards still strands meeples."""
        if view.round < view.config.rounds or view.bought_this_round:
            return False
        if self._refreshes.get(view.round, 0) >= self.max_refreshes:
            return False
        if view.coins < view.config.refresh_cost + LAST_ROUND_KIT_COINS:
            return False
        return self.market.stranded_after(view, purchases) > 0

    def choose(self, view: Any) -> Any:
        if view.phase == SETUP:
            start = suggest_start(view, view.seat)
            if start is None:
                raise ValueError("No starting flight is possible.")
            return start
        if view.phase not in (MARKET, FLY):
            raise ValueError("It is not this seat's turn.")
        for attempt in range(2):
            sig = _signature(view)
            if sig == self._final:
                return Pass()
            for expected, seat, action in self._plan:
                if expected == sig:
                    return action if seat is None or seat == view.seat else Pass()
            if attempt == 0:
                self._replan(view)
        return Pass()

    def _replan(self, view: Any) -> None:
        if view.phase == MARKET:
            purchases = self.market.plan(view)
            if self._last_round_refresh(view, purchases):
                self._refreshes[view.round] = self._refreshes.get(view.round, 0) + 1
                self._plan, self._final = [(_signature(view), None, Refresh())], None
                return
            steps = [(None, Buy(kind, item, seat)) for kind, item, seat in purchases]
        else:
            late = view.round > view.config.rounds - LATE_ROUNDS
            steps = fly_steps(view, self.coin_worth, self.late_breadth if late else self.breadth)
        self._plan, self._final = _expectations(view, steps)


def fly_steps(view: Any, coin_worth: float, breadth: int = 1) -> list[tuple[int | None, Any]]:
    """The Fly plan as actions: each seat sets its chains before its first flight."""
    plan = plan_fly(Team(view), coin_worth, charters=view.config.charter, breadth=breadth)
    steps: list[tuple[int | None, Any]] = []
    announced: set[int] = set()
    for step in plan.steps:
        if step[0] == "charter":
            _kind, origin, colour, dest = step
            steps.append((None, Charter(origin, colour, dest)))
            continue
        _kind, seat, chain, carry = step
        if seat in plan.chains and seat not in announced:
            announced.add(seat)
            chains = tuple(tuple(c) for c in plan.chains[seat])
            if chains != tuple(view.hands[seat].chains):
                steps.append((seat, SetChains(chains)))
        steps.append((seat, FlyNext(chain, carry)))
    return steps


def _signature(view: Any) -> tuple:
    """What a plan step expects to find: the board, the purse, the cards and the flights."""
    hands = tuple(
        (
            tuple(sorted(h.airports)),
            tuple(sorted(h.planes)),
            tuple(sorted(h.passengers)),
            tuple(sorted(TRUCK_CAP[t] for t in h.trucks)),
            tuple(sorted(h.landing_rights)),
            tuple(h.chains),
            tuple(h.flown),
        )
        for h in view.hands
    )
    board = tuple(tuple(row) for row in view.board)
    return (view.round, view.phase, view.coins, view.charters, tuple(view.market_passengers),
            tuple(view.market_planes), hands, board)


def _expectations(view: Any, steps: list[tuple[int | None, Any]]) -> tuple[list, Any]:
    """Each step with the signature expected before it, and the one expected after the last."""
    board = [list(row) for row in view.board]
    coins, charters = view.coins, view.charters
    market_p, market_pl = list(view.market_passengers), list(view.market_planes)
    hands = [
        [sorted(h.airports), sorted(h.planes), sorted(h.passengers), sorted(TRUCK_CAP[t] for t in h.trucks),
         sorted(h.landing_rights), list(h.chains), list(h.flown)]
        for h in view.hands
    ]
    track = charter_track(view.config)

    def sig() -> tuple:
        return (view.round, view.phase, coins, charters, tuple(market_p), tuple(market_pl),
                tuple((tuple(h[0]), tuple(h[1]), tuple(h[2]), tuple(h[3]), tuple(h[4]), tuple(h[5]), tuple(h[6]))
                      for h in hands),
                tuple(tuple(row) for row in board))

    out = []
    for seat, action in steps:
        out.append((sig(), seat, action))
        if isinstance(action, Buy):
            coins -= price_of(action.kind, action.item)
            hand = hands[action.for_seat]
            slot = {"airport": 0, "plane": 1, "passenger": 2, "truck": 3, "landing_rights": 4}[action.kind]
            hand[slot] = sorted(hand[slot] + [action.item])
            if action.kind == "passenger":
                market_p.remove(action.item)
            elif action.kind == "plane" and action.item in market_pl:
                market_pl.remove(action.item)
        elif isinstance(action, Charter):
            coins -= track[charters]
            charters += 1
            board[action.origin][action.colour] -= 1
            if AP_CONT[action.dest] != action.colour:
                board[action.dest][action.colour] += 1
        elif isinstance(action, SetChains):
            hands[seat][5] = list(action.chains)
            hands[seat][6] = [0] * len(action.chains)
        elif isinstance(action, FlyNext):
            hand = hands[seat]
            flight = hand[5][action.chain][hand[6][action.chain]]
            origin, dest = CARD_AIRPORT[flight.origin], CARD_AIRPORT[flight.dest]
            for c in range(COLOURS):
                board[origin][c] -= action.carry[c]
                if c != AP_CONT[dest]:
                    board[dest][c] += action.carry[c]
            hand[6][action.chain] += 1
    return out, sig()
