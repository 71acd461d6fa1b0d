"""The Normal Flight bot: a one-turn lookahead with card-counting odds.

Each turn it lists every way to play its cards (see :mod:`flight_plans`) and scores where each
leaves the table: the chance that the next players can land before it (what they need, how
many of those cards it has not seen, and what its discard hands them), its own chance to
land next turn, and the lasting worth of the cards it keeps. It always lands when it can.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from flight_tui.games.flight.bots.plans import Plan, PlanFollower, enumerate_plans
from flight_tui.games.flight.bots.tactics import (
    OBSTACLE_CARDS,
    holds_landing,
    landing_plan,
    lands_with,
    needs,
    p_holds_all,
    takes_safe_landing,
    unseen_cards,
)
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import (
    DRAW_DISCARD,
    DRAW_PACK,
    DRAW_THREE,
    DRAW_TWO,
)
from flight_tui.games.flight.rules.state import PLAY, Discard, FlightAction, FlightLine, FlightView, TurnInfo

LATER_SEAT_WEIGHT = 0.8
"""How much less a threat counts for each seat further from the one who plays next."""
LATER_THREAT_WEIGHT = 0.3
"""How much the chance of others landing one round later counts (the viewer may block it)."""
SAFE_LANDING_WORTH = 0.3
"""Worth of holding a Safe Landing: the only card that wins a hand."""
FIRST_OUT_WORTH = 0.3
"""Worth of being first to empty one's hand (20 points, and usually the hand if nobody lands)."""
GIFT_WORTH = 0.15
"""Cost of discarding a Safe Landing for the next player to pick up, beyond next turn's threat."""
PENALTY_WORTH = 0.008
CARD_WORTH = 0.02
"""Cost per penalty point and per card kept (what decides a hand where nobody lands)."""

ENDGAME_TURNS = 8
"""Turns before a grounded end from which the hand-emptying race counts more than landing."""
LIABILITY_WORTH = 0.5
"""Cost of holding a card that would open a landing for others if the rules force it out."""
FORCED_CHANCE = {1: 1.0, 2: 0.4, 3: 0.15}
"""Rough chance, by hand size, that a card will have to be played next turn (rule 3b)."""


def opponents_in_turn_order(view: FlightView) -> list[int]:
    """The other seats, starting with the one who plays after the viewer."""
    n = view.num_seats
    return [(view.seat + k) % n for k in range(1, n)]


def opens_landing(card: int, flights: Sequence[FlightLine]) -> bool:
    """Whether laying ``card`` next turn would leave a flight ready for a Safe Landing."""
    kind = C.KIND[card]
    if kind == C.ROUTE:
        line = flights[C.COLOUR[card]]
        return bool(line.cards) and not line.landed and not line.obstacle and C.NUMBER[card] == 5 == line.reached + 1
    wanted = {C.ALT_ROUTE: (C.FOG, 4), C.PASSPORT: (C.CUSTOMS, 5)}.get(kind)
    if wanted is None:
        return False
    return any(not line.landed and line.obstacle == wanted[0] and line.reached >= wanted[1] for line in flights)


def endgame_weight(view: FlightView) -> float:
    """From 0 to 1 as the hand nears its end by the pack running out.

    Only a match whose pack may be re-formed a limited number of times (house rule H10 before
    it changed) has such an end in sight.
    """
    limit = view.config.max_reforms
    if not limit or view.reforms < limit:
        return 0.0
    turns_left = max(0, view.pack_count - 2)
    return max(0.0, 1.0 - turns_left / ENDGAME_TURNS)


class TurnScorer:
    """Scores the end of a turn from one seat's knowledge."""

    def __init__(self, view: FlightView) -> None:
        self.unseen = frozenset(unseen_cards(view.hand, view.flights, view.discard))
        self.opponent_sizes = [view.hand_sizes[s] for s in opponents_in_turn_order(view)]
        self.first_out_open = view.first_out < 0
        self.endgame = endgame_weight(view)

    def threat(self, flights: Sequence[FlightLine], discard: int, draws: int = 1) -> float:
        """Chance that some other seat lands before the viewer's next turn.

        ``draws`` is how many cards each of them takes before trying (2: a turn later).
        """
        pool = len(self.unseen)
        safe = 1.0
        for k, size in enumerate(self.opponent_sizes):
            weight = LATER_SEAT_WEIGHT**k
            for f, line in enumerate(flights):
                groups = needs(line, f)
                if groups is None:
                    continue
                counts = [len(g & self.unseen) for g in groups]
                p = p_holds_all(counts, pool, size + draws)
                if k == 0 and discard >= 0:
                    for i, g in enumerate(groups):
                        if discard in g:
                            p = max(p, p_holds_all(counts[:i] + counts[i + 1 :], pool, size))
                            break
                safe *= 1.0 - weight * p
        return 1.0 - safe

    def prospects(self, hand: Sequence[int], flights: Sequence[FlightLine]) -> tuple[float, int]:
        """Chance to land next turn, and the number of flights two cards away from a landing."""
        pool = max(1, len(self.unseen))
        held = set(hand)
        blockers = len(OBSTACLE_CARDS & self.unseen)
        next_size = self.opponent_sizes[0] + 1 if self.opponent_sizes else 0
        p_blocked = p_holds_all([blockers], pool, next_size) if blockers else 0.0
        miss_all = 1.0
        two_away = 0
        for f, line in enumerate(flights):
            groups = needs(line, f)
            if groups is None:
                continue
            missing = [g for g in groups if not g & held]
            if len(missing) >= 2:
                two_away += len(missing) == 2
                continue
            p = 1.0 if not missing else len(missing[0] & self.unseen) / pool
            if not line.obstacle and line.reached >= 1:
                p *= 1.0 - (p_blocked if line.reached >= 4 else 0.3 * p_blocked)
            miss_all *= 1.0 - p
        return 1.0 - miss_all, two_away

    def keep_value(self, hand: Sequence[int], flights: Sequence[FlightLine]) -> float:
        """What the cards kept are worth for later turns, less their penalty."""
        kinds = [C.KIND[c] for c in hand]
        landings = kinds.count(C.SAFE_LANDING)
        value = 0.0
        if landings:
            value += (SAFE_LANDING_WORTH + 0.1 * (landings - 1)) * (1.0 - 0.5 * self.endgame)
        if C.CUSTOMS in kinds:
            value += 0.04
        if C.FOG in kinds:
            value += 0.02
        if C.ALT_ROUTE in kinds:
            value += 0.02
        if C.PASSPORT in kinds:
            value += 0.02
        value -= (PENALTY_WORTH * C.hand_value(hand) + CARD_WORTH * len(hand)) * (1.0 + 3.0 * self.endgame)
        if not landings:
            risky = sum(opens_landing(c, flights) for c in hand)
            value -= LIABILITY_WORTH * risky * FORCED_CHANCE.get(len(hand), 0.05)
        if not hand and self.first_out_open:
            value += FIRST_OUT_WORTH * (1.0 + self.endgame)
        return value

    def score(self, plan: Plan) -> float:
        threat = self.threat(plan.flights, plan.discard)
        threat += LATER_THREAT_WEIGHT * (self.threat(plan.flights, plan.discard, 2) - threat)
        mine, two_away = self.prospects(plan.hand, plan.flights)
        later = self.keep_value(plan.hand, plan.flights) + 0.05 * two_away
        if plan.discard >= 0 and C.KIND[plan.discard] == C.SAFE_LANDING:
            later -= GIFT_WORTH
        return -threat + (1.0 - threat) * (0.7 * mine + later)


def wants_exposed(view: FlightView, card: int) -> bool:
    """Whether the exposed discard is worth taking instead of a blind card.

    Yes when it completes a landing, is a Safe Landing and the hand has none, brings a landing
    within one card, or is a Customs to hold up a flight about to land; and in each case only
    if the bot's plan for the turn then keeps it (see :func:`keeps_taken`).
    """
    if lands_with(card, view.hand, view.flights, view.turn):
        return True
    return serves_a_plan(view, card) and keeps_taken(view, card)


def serves_a_plan(view: FlightView, card: int) -> bool:
    """Whether ``card`` would help the hand: see :func:`wants_exposed`."""
    kind = C.KIND[card]
    if kind == C.SAFE_LANDING:
        return takes_safe_landing(card, view.hand)
    held = set(view.hand) | {card}
    has_landing = holds_landing(view.hand)
    for f, line in enumerate(view.flights):
        groups = needs(line, f)
        if groups is None or not any(card in g for g in groups):
            continue
        missing = [g for g in groups if not g & held]
        if has_landing and len(missing) <= 1:
            return True
    if kind == C.CUSTOMS and not any(C.KIND[c] == C.CUSTOMS for c in view.hand):
        return any(not line.landed and not line.obstacle and line.reached >= 4 for line in view.flights)
    return False


def keeps_taken(view: FlightView, card: int) -> bool:
    """Whether the best plan after taking ``card`` keeps it in hand, rather than giving it back."""
    kept = -1 if view.config.discard_taken else card
    after = msgspec.structs.replace(
        view, hand=[*view.hand, card], discard=view.discard[:-1], phase=PLAY, turn=TurnInfo(kept=kept)
    )
    return card not in [a.card for a in best_plan(after) if isinstance(a, Discard)]


def best_plan(view: FlightView) -> list[FlightAction]:
    """The Normal bot's whole turn from the start of its play phase (or where it stands now)."""
    landing = landing_plan(view.hand, view.flights, view.turn)
    if landing is not None:
        return list(landing)
    return ranked_plans(view)[0][1].actions


def ranked_plans(view: FlightView) -> list[tuple[float, Plan]]:
    """All plans for the rest of this turn, best first by the Normal scoring."""
    scorer = TurnScorer(view)
    scored = [(scorer.score(p), p) for p in enumerate_plans(view.hand, view.flights, view.turn)]
    scored.sort(key=lambda sp: -sp[0])
    return scored


def normal_draw(view: FlightView) -> FlightAction:
    """Take the exposed card when :func:`wants_exposed` says so; else the pack."""
    exposed = view.discard[-1] if view.discard else -1
    take = exposed >= 0 and wants_exposed(view, exposed)
    if not view.hand:
        return DRAW_TWO if take else DRAW_THREE
    return DRAW_DISCARD if take else DRAW_PACK


class NormalBot(PlanFollower):
    """Plans each turn as a whole with :func:`best_plan` and plays it out."""

    level = "normal"

    def draw(self, view: FlightView, legal: list[FlightAction]) -> FlightAction:
        return normal_draw(view)

    def plan_turn(self, view: FlightView) -> list[FlightAction]:
        return best_plan(view)
