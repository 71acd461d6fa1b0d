"""Hard's lookahead for the last round: determinized rollouts from its own view.

The game is decided by round 10's income, and from round 10's bidding on nearly everything is
on the table. For each of a few candidate moves (a bid, a buy, an answer to an offer), Hard
samples the cards it cannot see consistently with its view (:func:`determinize`: the decks'
order, a Sabotage card another seat holds, Player cards not kept), applies the move in that
sample, plays the rest of the game out with the Normal policy in every seat
(:func:`play_out`), and keeps the move with the best result (:func:`utility`: the win, then
the margin of round 10's income over the best rival's). From the bidding of round 10 on no
card is drawn any more, so one sample is the whole truth there; the budget is counted in
samples and candidates, never in seconds, so a seed plays the same on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.bots.model import unseen
from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.state import FLY, Bidding, CompetitiveState

MARGIN_WEIGHT = 0.01
"""Utility of a finished game: 1 for a win (1/k when k share it) plus this much per coin of
round 10's income above the best rival's (below it: less)."""

Policy = Callable[[Any], Any]
"""A move for a view (the rollouts' player)."""


def determinize(view: Any, rng: Rng) -> CompetitiveState:
    """A whole game state that ``view``'s seat cannot tell from the true one: the public table
    as it is, the unseen cards of each deck shuffled into it (as many as it holds), a Sabotage
    card another seat holds drawn from those not seen, and no sealed choice of another seat
    (call it outside set-up and the Fly phase, where those are in)."""
    d = data()
    n = view.num_seats
    planes = unseen(view, "plane")
    passengers = unseen(view, "passenger")
    rng.shuffle(planes)
    rng.shuffle(passengers)
    gone = set(view.event_discard) | {view.active_event}
    events = [c for c in d.events_of(view.stage) if c not in gone]
    rng.shuffle(events)
    later = [list(d.events_of(s)) for s in range(view.stage + 1, len(d.stage_starts) + 1)]
    placed = {p.card for p in view.placed}
    sabotage = [c for c in range(len(d.sabotage)) if c not in placed and c != view.drawn_sabotage]
    rng.shuffle(sabotage)
    drawn = view.drawn_sabotage
    if view.holds_sabotage and drawn < 0:
        drawn = sabotage.pop()
    b = view.bidding
    return CompetitiveState(
        config=view.config,
        rng=Rng.from_seed(rng.next64()),
        phase=view.phase,
        round=view.round,
        current=view.current,
        first_player=view.first_player,
        holdings=[h.copy() for h in view.holdings],
        dealt=[list(view.dealt) if s == view.seat else [view.kept[s]] for s in range(n)],
        kept=list(view.kept),
        revealed=all(k >= 0 for k in view.kept),
        order=list(view.order),
        unused_player_cards=[],
        starts=[None] * n,
        plane_deck=planes[: view.plane_deck_size],
        passenger_deck=passengers[: view.passenger_deck_size],
        airport_pool=list(view.airport_pool),
        electric_pool=list(view.electric_pool),
        truck_supply=list(view.truck_supply),
        removed_airports=[],
        removed_passengers=[],
        event_deck=events[: view.event_deck_size],
        later_events=later,
        event_discard=list(view.event_discard),
        active_event=view.active_event,
        sabotage_deck=sabotage[: view.sabotage_deck_size],
        drawn_sabotage=drawn,
        placed=list(view.placed),
        saboteur=view.saboteur,
        lots=list(view.lots),
        slot=view.slot,
        bidding=None if b is None else Bidding(b.lot, b.bid, b.leader, list(b.bids), list(b.out)),
        market_turns=view.market_turns,
        trading_done=list(view.trading_done),
        offers_made=list(view.offers_made),
        refused=list(view.refused),
        pending=view.pending,
        pending_from=view.pending_from,
        submitted=[None] * n if view.phase == FLY else [],
        history=[list(r) for r in view.history],
        coins_after=[list(c) for c in view.coins_after],
    )


def play_out(state: CompetitiveState, policy: Policy) -> None:
    """Play ``state`` to the end of the game, every seat moving by ``policy`` from its view."""
    from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as rules

    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        rules.apply(state, seat, policy(rules.view(state, seat)))


def utility(state: CompetitiveState, seat: int) -> float:
    """How good a finished game is for ``seat`` (see :data:`MARGIN_WEIGHT`)."""
    incomes = [r.income for r in state.history[-1]]
    best_other = max(v for s, v in enumerate(incomes) if s != seat)
    won = 1.0 / len(state.winners) if seat in state.winners else 0.0
    return won + MARGIN_WEIGHT * (incomes[seat] - best_other)


def best_move(view: Any, candidates: Sequence[Any], policy: Policy, samples: int, seed: int) -> Any:
    """The candidate with the best total :func:`utility` over ``samples`` determinized states,
    each played out by ``policy`` after it (the first candidate wins ties). The samples are
    drawn from ``seed`` and the view's public round and phase only, so what the seat cannot
    see never changes the move."""
    from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE as rules

    totals = [0.0] * len(candidates)
    for k in range(samples):
        rng = Rng.from_seed(seed * 1_000_003 + view.round * 1_009 + k)
        world = determinize(view, rng)
        for i, action in enumerate(candidates):
            state = rules.clone(world)
            try:
                rules.apply(state, view.seat, action)
            except IllegalAction:
                totals[i] = float("-inf")
                continue
            play_out(state, policy)
            totals[i] += utility(state, view.seat)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
