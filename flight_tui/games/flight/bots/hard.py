"""The Hard Flight bot: determinized Monte Carlo search over its own view.

For each decision it takes a few candidate moves (both draws; or the best whole-turn plans by
the Normal bot's scoring), then repeatedly samples the hidden cards consistently with what it
has seen (:mod:`flight_determinize`), plays every candidate out in that same sample with the
quick player (:mod:`flight_quick`) for all seats to the end of the hand, and keeps the
candidate with the best average result: winning the hand, or the match on its totals when
that hand would end it, and heads-up in a match to a target that the hand does not end the
chance to win the match from the totals it leaves (:func:`hand_utility`,
:mod:`flight_match_odds`). Its budget is counted in samples and playouts, not seconds, so its
play is the same for a seed however busy the machine is, and it does not thin out at a full
table, where each playout is longer; decisions with one legal action, and landings, are
instant, and it stops early once the choice is clear (see :func:`settled`).
"""

from __future__ import annotations

import math
import time
from typing import Sequence

import msgspec

from flight_tui.games.flight.bots.determinize import determinize, read_hands
from flight_tui.games.flight.bots.match_odds import match_chance, win_share
from flight_tui.games.flight.bots.normal import normal_draw, ranked_plans
from flight_tui.games.flight.bots.plans import PlanFollower
from flight_tui.games.flight.bots.quick import quick_action
from flight_tui.games.flight.bots.tactics import landing_plan
from flight_tui.engine.rng import Rng
from flight_tui.engine.search import SearchSummary, summarize
from flight_tui.games.flight.rules import FLIGHT
from flight_tui.games.flight.rules.game import match_over
from flight_tui.games.flight.rules.state import DRAW, FlightAction, FlightConfig, FlightState, FlightView

DEFAULT_BUDGET: float | None = None
"""Seconds of search per decision at most (None: no limit but the samples)."""
DEFAULT_MAX_SAMPLES = 96
"""Samples of the hidden cards per decision at most."""
DEFAULT_PLAYOUTS = 192
"""Playouts (samples times candidates) per decision at most: the budget that keeps a choice
among several plans about as quick as one between two draws."""
MIN_SAMPLES = 2
SAME_OUTCOME_SAMPLES = 8
"""Samples before the search may stop early (see :func:`settled`)."""
CLEAR_LEAD = 2.5
CANDIDATE_PLANS = 4
MARGIN_WEIGHT = 0.01
"""Utility of a hand: 1 for winning it (0.5 for a tie) plus this much per point of margin."""


def hand_utility(state: FlightState, seat: int, match: FlightConfig | None = None) -> float:
    """How good the last finished hand of ``state`` was for ``seat``: winning it, or, when it
    ends ``match`` (the match being played, not the one-hand playout), winning the match on
    the totals, and a little for each point of margin; in a heads-up match to a target that the
    hand does not end, the chance to win the match from the totals it leaves."""
    last = state.hand_results[-1]
    ends = match is not None and match_over(match, state.scores, last.hand_no)
    if match is not None and not ends and not match.hands and len(state.scores) == 2:
        return match_chance(state.scores[seat], state.scores[1 - seat], match.target)
    points = state.scores if ends else last.points
    mine = points[seat]
    best_other = max(p for s, p in enumerate(points) if s != seat)
    return win_share(mine, best_other) + MARGIN_WEIGHT * (mine - best_other)


def play_out(state: FlightState) -> None:
    """Play ``state`` to its end with the quick player in every seat."""
    while not FLIGHT.is_over(state):
        seat = state.current
        action = quick_action(state.phase, state.hands[seat], state.flights, state.turn, state.discard)
        FLIGHT.apply(state, seat, action)


class HardBot(PlanFollower):
    """Searches up to ``max_samples`` sampled deals and ``playouts`` playouts per decision,
    within ``budget`` seconds if given (see module doc)."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        budget: float | None = DEFAULT_BUDGET,
        max_samples: int = DEFAULT_MAX_SAMPLES,
        playouts: int = DEFAULT_PLAYOUTS,
    ) -> None:
        super().__init__()
        self.rng = Rng.from_seed(seed)
        self.budget = budget
        self.max_samples = max_samples
        self.playouts = playouts
        self.last_search: SearchSummary | None = None
        """How the last searched choice compared with its runner-up (None: this choice was not searched)."""

    def choose(self, view: FlightView) -> FlightAction:
        self.last_search = None
        if view.phase != DRAW and view.current == view.seat:
            landing = landing_plan(view.hand, view.flights, view.turn)
            if landing is not None:
                return landing[0]
        return super().choose(view)

    def draw(self, view: FlightView, legal: list[FlightAction]) -> FlightAction:
        first = normal_draw(view)
        candidates = [[first]] + [[a] for a in legal if a != first]
        return self.search(view, candidates)[0]

    def plan_turn(self, view: FlightView) -> list[FlightAction]:
        plans = [p.actions for _, p in ranked_plans(view)[:CANDIDATE_PLANS]]
        return plans[0] if len(plans) == 1 else self.search(view, plans)

    def search(self, view: FlightView, candidates: Sequence[list[FlightAction]]) -> list[FlightAction]:
        """The candidate with the best mean result over sampled deals (the first wins ties)."""
        deadline = time.perf_counter() + self.budget if self.budget is not None else math.inf
        facts = read_hands(view)
        results: list[list[float]] = [[] for _ in candidates]
        most = max(MIN_SAMPLES, min(self.max_samples, self.playouts // len(candidates)))
        while len(results[0]) < most and (len(results[0]) < MIN_SAMPLES or time.perf_counter() < deadline):
            if settled(results):
                break
            world = determinize(view, self.rng, facts)
            world.config = msgspec.structs.replace(world.config, hands=view.hand_no)
            for i, actions in enumerate(candidates):
                state = FLIGHT.clone(world)
                for action in actions:
                    FLIGHT.apply(state, view.seat, action)
                play_out(state)
                results[i].append(hand_utility(state, view.seat, view.config))
        totals = [sum(r) for r in results]
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        self.last_search = summarize(results, best)
        return list(candidates[best])


def settled(results: Sequence[Sequence[float]]) -> bool:
    """Whether more samples are unlikely to change the choice.

    True when every candidate has had the very same results so far, or when the leader beats
    the runner-up, sample by sample, by more than ``CLEAR_LEAD`` standard errors.
    """
    n = len(results[0])
    if n < SAME_OUTCOME_SAMPLES:
        return False
    if all(r == results[0] for r in results):
        return True
    leader = max(range(len(results)), key=lambda i: sum(results[i]))
    gain = summarize(results, leader)
    return gain.lead > 0 and gain.lead > CLEAR_LEAD * gain.error
