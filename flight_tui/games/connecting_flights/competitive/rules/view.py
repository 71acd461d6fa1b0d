"""What one seat may see of a competitive game (:class:`CompetitiveView`), and how it is made.

Everything on the table is public: holdings, coins, the leaderboard, the lots, bids and offers,
the Sabotage cards placed. Hidden from a seat: the order of every deck, the Player cards dealt
to others (and the one they kept, until all are revealed), the Sabotage card another seat drew
(a returned one stays hidden), and others' sealed starting flights and flight arrangements
until all are in.
"""

from __future__ import annotations

import msgspec

from flight_tui.games.connecting_flights.competitive.rules.actions import BuyStart, Chain, Propose
from flight_tui.games.connecting_flights.competitive.rules.config import CompetitiveConfig
from flight_tui.games.connecting_flights.competitive.rules.state import (
    Bidding,
    CompetitiveEvent,
    CompetitiveState,
    Holdings,
    Lot,
    Placed,
    RoundIncome,
)

VIEW_LOG_LENGTH = 80
"""How many of the latest log events a view carries."""


class CompetitiveView(msgspec.Struct, frozen=True):
    """One seat's view of the game (see the module docstring for what is hidden)."""

    seat: int
    num_seats: int
    config: CompetitiveConfig
    phase: str
    round: int
    stage: int
    current: int
    """The seat to act in a turn-based phase, else -1."""
    to_act: tuple[int, ...]
    first_player: int
    holdings: list[Holdings]
    dealt: list[int]
    """The Player cards dealt to this seat."""
    kept: list[int]
    """Each seat's kept Player card: this seat's own always, others' once revealed (else -1)."""
    order: list[int]
    """Seats by rank, lowest first (empty until the Player cards are revealed)."""
    my_start: BuyStart | None
    """This seat's sealed starting flight."""
    started: list[bool]
    """Which seats have chosen their starting flight."""
    setup_planes: list[int]
    """During set-up, the Plane cards still to be had (sorted); afterwards empty."""
    setup_passengers: list[int]
    airport_pool: list[int]
    electric_pool: list[int]
    truck_supply: list[int]
    """The Fuel Trucks on the side board (sorted ids)."""
    plane_deck_size: int
    passenger_deck_size: int
    event_deck_size: int
    sabotage_deck_size: int
    active_event: int
    event_discard: list[int]
    drawn_sabotage: int
    """The Sabotage card this seat drew and holds, else -1 (also when another seat holds one)."""
    holds_sabotage: bool
    """Whether the saboteur holds a drawn card now."""
    placed: list[Placed]
    saboteur: int
    lots: list[Lot]
    slot: int
    bidding: Bidding | None
    market_turns: int
    trading_done: list[bool]
    offers_made: list[int]
    refused: list[tuple[int, Propose]]
    pending: Propose | None
    pending_from: int
    my_flights: list[Chain] | None
    """This seat's sealed arrangement in this Fly phase."""
    submitted: list[bool]
    """Which seats have arranged their flights this Fly phase."""
    history: list[list[RoundIncome]]
    winners: list[int]
    decided_by: str
    log: list[CompetitiveEvent]
    """The latest events, redacted for this seat."""
    coins_after: list[list[int]] = msgspec.field(default_factory=list)
    """Each airline's coins at the end of every round ended (round 10: when the game ended)."""


def make_view(state: CompetitiveState, seat: int, to_act: tuple[int, ...], stage: int, log: list) -> CompetitiveView:
    """The view of ``seat`` (copies everything it holds); ``log`` is already redacted."""
    setup = state.round == 0
    held = state.drawn_sabotage if state.saboteur == seat else -1
    return CompetitiveView(
        seat=seat,
        num_seats=state.config.players,
        config=state.config,
        phase=state.phase,
        round=state.round,
        stage=stage,
        current=state.current,
        to_act=to_act,
        first_player=state.first_player,
        holdings=[h.copy() for h in state.holdings],
        dealt=list(state.dealt[seat]),
        kept=[k if (state.revealed or s == seat) else -1 for s, k in enumerate(state.kept)],
        order=list(state.order),
        my_start=state.starts[seat] if state.starts else None,
        started=[s is not None for s in state.starts],
        setup_planes=sorted(state.plane_deck) if setup else [],
        setup_passengers=sorted(state.passenger_deck) if setup else [],
        airport_pool=sorted(state.airport_pool),
        electric_pool=list(state.electric_pool),
        truck_supply=sorted(state.truck_supply),
        plane_deck_size=len(state.plane_deck),
        passenger_deck_size=len(state.passenger_deck),
        event_deck_size=len(state.event_deck),
        sabotage_deck_size=len(state.sabotage_deck),
        active_event=state.active_event,
        event_discard=list(state.event_discard),
        drawn_sabotage=held,
        holds_sabotage=state.drawn_sabotage >= 0,
        placed=list(state.placed),
        saboteur=state.saboteur,
        lots=list(state.lots),
        slot=state.slot,
        bidding=None if state.bidding is None else _copy_bidding(state.bidding),
        market_turns=state.market_turns,
        trading_done=list(state.trading_done),
        offers_made=list(state.offers_made),
        refused=list(state.refused),
        pending=state.pending,
        pending_from=state.pending_from,
        my_flights=list(state.submitted[seat]) if state.submitted and state.submitted[seat] is not None else None,
        submitted=[s is not None for s in state.submitted],
        history=[list(r) for r in state.history],
        winners=list(state.winners),
        decided_by=state.decided_by,
        log=log,
        coins_after=[list(c) for c in state.coins_after],
    )


def _copy_bidding(b: Bidding) -> Bidding:
    return Bidding(b.lot, b.bid, b.leader, list(b.bids), list(b.out))
