"""The Hard Passaportas bot: determinized lookahead over its own view.

When it has a flight to choose, it takes the Normal bot's best few choices (one flight per
city, and staying put), then repeatedly samples the hidden cards consistently with its view
(:mod:`passaportas_determinize`) and, in that same sample with the same dice, plays each
candidate and then every other seat's turn with the Normal policy until its own next turn
begins. There it scores the table by its chance to win: 1 for a win, 0 for a loss, and
otherwise, from four players, the chance a model learned from the Normal bot's games gives it
(:mod:`passaportas_value`); at two or three, by stages won against the opponents' (the leaders'
counting most) and what the Normal planner expects its coming turn to be worth, on the same
scale. It keeps
the Normal bot's choice unless another beats it, deal by deal, by more than
:data:`SWITCH_MARGIN` on average (at six players also by more than the standard error of that
lead: :data:`SURE_FROM_PLAYERS`). Its budget is counted in sampled deals (``max_samples``), not
in seconds, so a seed plays the same game on any machine; a time ``budget`` may cap it too (at
least :data:`MIN_SAMPLES` samples). Rolling, the wild token and customs follow the Normal bot.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from flight_tui.games.passaportas.bots.determinize import determinize, read_passes
from flight_tui.games.passaportas.bots.normal import FuelPlanner, NormalBot, customs_choice
from flight_tui.games.passaportas.bots.tactics import STAGE, opponent_weights
from flight_tui.games.passaportas.bots.value import win_chances
from flight_tui.engine.rng import Rng
from flight_tui.engine.search import CLEAR_ERRORS, SearchSummary, clear_improvement, summarize
from flight_tui.games.passaportas.rules import PASSAPORTAS
from flight_tui.games.passaportas.rules.map import MAX_FUEL
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    FUEL,
    Fly,
    PassaportasAction,
    PassaportasState,
    PassaportasView,
    Roll,
    StayPut,
    UseWildToken,
)

SAMPLES = {2: 12, 3: 8, 4: 6, 5: 5, 6: 4}
"""Sampled deals searched per flight, by the number of players: a flight takes about 0.4 s of CPU
at p95 on these 2 cores (a deal's playouts cost more the more players move before the bot's next
turn). The time budget of 0.04 s these replaced gave 2 deals here; at 4 players 6 deals win more
than 2, but twice these counts (12 at 4 players, 8 at 6) won no more on the same deals (see
``benchmarks/README.md``)."""
MIN_SAMPLES = 2
"""Sampled deals searched per flight at least when a time ``budget`` caps the search."""
CANDIDATES = 5
"""Flights (best per city by the Normal planner) searched, besides staying put."""
LEARNED_FROM_PLAYERS = 4
"""From this many players Hard judges the horizon by the learned value. Over the same deals
(``benchmarks/README.md``) it won more there (4 players 37.5% against 31.9%, 5 players 28.1%
against 20.6%, 6 players 23.3% against 19.0%), but not at 3 (40.7% against 44.8%, and one game
ran to the round limit), nor heads-up (16 of the first 19 games of seed 2 against 19)."""
WIN_WORTH = 20.0
"""The worth of a won game, in stages (the scale of :func:`progress_utility`)."""
OUTLOOK_WEIGHT = 0.6
"""How much the Normal planner's value of the bot's coming turn counts at the horizon."""
PERSONS_WEIGHT = 0.5
"""Worth per person delivered at the round limit (house rule P10 ranks by persons delivered);
it counts in proportion to how far the game has come towards that limit."""
SWITCH_MARGIN = 0.006
"""How much better, on average, another candidate must do to overrule the Normal bot's choice,
as a chance to win (at two and three players about a quarter of a stage)."""
SURE_FROM_PLAYERS = 6
"""From this many players (4 deals a flight, five opponents' turns in each playout), another
candidate must also beat the Normal bot's choice by more than the standard error of its lead
(:func:`~flight_tui.engine.search.clear_improvement`): there the best mean of so few deals is
mostly luck. Measured when the horizon was judged by stages rather than the learned value: six
players, the same deals with and without the test, 1.25x against 0.63x its fair share (seed 4,
96 games), 1.01x against 0.83x (seed 2, 80); with more deals the plain best mean won more (five
players 1.12x with the test against 1.47x, seed 2, 80; four 0.93x, 71, against 1.38x, 120)."""


def utility(state: PassaportasState, seat: int) -> float:
    """How good ``state`` (at the start of ``seat``'s turn, or over) is for ``seat``: 1 for a win,
    1/k for a game shared by k, 0 for a loss; before the end, its chance to win by the learned
    value (:mod:`passaportas_value`), or by :func:`progress_utility` at smaller tables."""
    if state.winners:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    if state.config.players >= LEARNED_FROM_PLAYERS:
        return win_chances(state)[seat]
    return progress_utility(state, seat)


def progress_utility(state: PassaportasState, seat: int) -> float:
    """Below :data:`LEARNED_FROM_PLAYERS`: stages won against the opponents' (the leaders'
    counting most), persons delivered as the round limit nears and what the Normal planner
    expects the coming turn to be worth, on the scale of a chance to win (a win is 1, a loss 0)."""
    n = state.config.players
    stages = [sum(STAGE[g.status] for g in gs) for gs in state.groups]
    weights = opponent_weights(stages, seat, n)
    value = -sum(s * w for s, w in zip(stages, weights))
    persons = [sum(g.size for g in gs if STAGE[g.status] == 2) for gs in state.groups]
    value -= PERSONS_WEIGHT * state.round_no / state.config.max_rounds * sum(p * w for p, w in zip(persons, weights))
    planner = FuelPlanner(PASSAPORTAS.view(state, seat))
    outlook = planner.roll_value(state.fuel) if state.fuel < MAX_FUEL else planner.best(state.fuel)[0]
    value += OUTLOOK_WEIGHT * outlook
    return 0.5 + value / (2 * WIN_WORTH)


class HardBot:
    """Searches ``max_samples`` sampled deals per flight (None: :data:`SAMPLES` for the table's
    size), within ``budget`` seconds if given (see module doc)."""

    level = "hard"

    def __init__(self, seed: int = 0, budget: float | None = None, max_samples: int | None = None) -> None:
        self.rng = Rng.from_seed(seed)
        self.budget = budget
        self.max_samples = max_samples
        self.normal = NormalBot()
        self.last_search: SearchSummary | None = None
        """How the last searched choice compared with its runner-up (None: not searched)."""

    def choose(self, view: PassaportasView) -> PassaportasAction:
        self.last_search = None
        legal = PASSAPORTAS.legal_actions_from_view(view)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        if len(legal) == 1:
            return legal[0]
        if view.phase == CUSTOMS:
            return customs_choice(view, legal)
        first = self.normal.choose(view)
        if isinstance(first, (Roll, UseWildToken)):
            return first
        candidates = self.candidates(view, first, legal)
        if len(candidates) == 1:
            return candidates[0]
        return self.search(view, candidates)

    def candidates(
        self, view: PassaportasView, first: PassaportasAction, legal: Sequence[PassaportasAction]
    ) -> list[PassaportasAction]:
        """The Normal bot's choice, then its best legal flight to each other city by value, and staying."""
        planner = FuelPlanner(view)
        allowed = set(legal)
        by_city: dict[int, tuple[float, Fly]] = {}
        for city, amounts in enumerate(planner.maps.amounts[view.plane]):
            for amount in amounts:
                if amount > view.fuel:
                    break
                if Fly(city, amount) not in allowed:
                    continue
                value = planner.city_value[city] + planner.expected_response(city, view.fuel - amount)
                if city not in by_city or value > by_city[city][0]:
                    by_city[city] = (value, Fly(city, amount))
        ranked = [a for _, a in sorted(by_city.values(), key=lambda va: -va[0])]
        out = [first] + [a for a in ranked if a != first][: CANDIDATES - 1]
        if StayPut() not in out:
            out.append(StayPut())
        return out

    def search(self, view: PassaportasView, candidates: Sequence[PassaportasAction]) -> PassaportasAction:
        """The candidate that beat the Normal bot's choice (the first) over sampled deals by
        :data:`SWITCH_MARGIN` (and clearly, from :data:`SURE_FROM_PLAYERS`), else that choice."""
        deadline = time.perf_counter() + self.budget if self.budget is not None else math.inf
        excluded = read_passes(view)
        results: list[list[float]] = [[] for _ in candidates]
        samples = 0
        most = self.max_samples or SAMPLES[view.config.players]
        while samples < most and (samples < MIN_SAMPLES or time.perf_counter() < deadline):
            world = determinize(view, self.rng, excluded)
            for i, action in enumerate(candidates):
                results[i].append(self.play_out(world, view.seat, action))
            samples += 1
        sure = CLEAR_ERRORS if view.config.players >= SURE_FROM_PLAYERS else 0.0
        best = clear_improvement(results, SWITCH_MARGIN, sure)
        self.last_search = summarize(results, best)
        return candidates[best]

    def play_out(self, world: PassaportasState, seat: int, action: PassaportasAction) -> float:
        """Play ``action`` in a copy of ``world``, then Normal for everyone until ``seat``'s next turn."""
        state = PASSAPORTAS.clone(world)
        PASSAPORTAS.apply(state, seat, action)
        normal = self.normal
        while not PASSAPORTAS.is_over(state):
            actor = PASSAPORTAS.to_act(state)[0]
            if actor == seat and state.phase == FUEL and state.current == seat:
                return utility(state, seat)
            PASSAPORTAS.apply(state, actor, normal.choose(PASSAPORTAS.view(state, actor)))
        return utility(state, seat)
