"""The competitive mode of Connecting Flights as a rules object: whose move it is, what is
legal, applying moves and the phases that follow by themselves, views, results.

Set-up: every seat keeps a Player card at once (sealed), chooses a continent in rank order,
and buys its starting flight at once (sealed). Each round: Event (by itself), Auction (lots
chosen in turn, then bid on in turn), Marketplace (turns, a trade offer asking its recipient
out of turn, then a trading round), Fly (all at once, sealed), Grants and Taxes (by itself),
Sabotage (the saboteur), End Round (by itself). The game ends after round 10's Fly phase.
Where the text is silent we follow ``house_rules.md`` (H1, H2, ...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.options import read_choices
from flight_tui.engine.protocol import Ending, Outcome, Result, Rules
from flight_tui.games.connecting_flights.competitive.rules import auction, fly, market, rounds, sabotage, setup
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bid,
    BuyElectric,
    BuyLandingRights,
    BuyStart,
    BuyTruck,
    ChooseContinent,
    ChooseLot,
    CompetitiveAction,
    DrawSabotage,
    EndTurn,
    Inflict,
    KeepCard,
    PassBid,
    PayFee,
    Propose,
    Refuse,
    ReturnSabotage,
    SubmitFlights,
    TakeCoins,
)
from flight_tui.games.connecting_flights.competitive.rules.common import Game, cap_losses, data, stage
from flight_tui.games.connecting_flights.competitive.rules.config import CompetitiveConfig, config_problem
from flight_tui.games.connecting_flights.competitive.rules.describe import describe, redact
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    CONTINENT,
    FLY,
    KEEP,
    MARKET,
    OVER,
    SABOTAGE,
    START,
    TRADING,
    Bidding,
    CompetitiveState,
    DecksShuffled,
)
from flight_tui.games.connecting_flights.competitive.rules.view import VIEW_LOG_LENGTH, CompetitiveView, make_view
from flight_tui.games.connecting_flights.competitive.spec import SPEC

PHASE_NAMES = {
    KEEP: "set-up: Player cards",
    CONTINENT: "set-up: continents",
    START: "set-up: starting flights",
    CHOOSE_LOTS: "auction: choosing the lots",
    BIDDING: "auction: bidding",
    MARKET: "marketplace",
    TRADING: "marketplace: trading round",
    FLY: "fly",
    SABOTAGE: "sabotage",
    OVER: "over",
}
"""Each phase with choices, in words."""

_ANYTIME = (PayFee,)
_FINAL = (ChooseContinent, ChooseLot, Bid, PassBid, Propose, Accept, Refuse, EndTurn, TakeCoins, DrawSabotage, Inflict, ReturnSabotage)
"""Actions that cannot be taken back: public commitments (bids are binding), answers, the end
of a turn, and what draws or reveals a card."""
_PHASE_ACTIONS = {
    KEEP: (KeepCard,),
    CONTINENT: (ChooseContinent,),
    START: (BuyStart,),
    CHOOSE_LOTS: (ChooseLot, PayFee),
    BIDDING: (Bid, PassBid, PayFee),
    MARKET: (BuyLandingRights, BuyElectric, BuyTruck, Propose, EndTurn, PayFee),
    TRADING: (Propose, EndTurn, PayFee),
    FLY: (SubmitFlights, PayFee),
    SABOTAGE: (TakeCoins, DrawSabotage, Inflict, ReturnSabotage, PayFee),
}
_MOVES = tuple(dict.fromkeys(a for actions in _PHASE_ACTIONS.values() for a in actions)) + (Accept, Refuse)
"""Every kind of move of the game."""
ENDINGS = {
    "round-10": "after round 10, on income",
    "round-10-landing-rights": "after round 10, on income without Landing Rights",
    "round-10-continents": "after round 10, on continents flown",
    "round-10-coins": "after round 10, on coins",
    "round-10-shared": "after round 10, a shared win",
}
"""``Ending.how`` keys: the game always ends after round 10; the key says what decided it."""


def to_act(g: Game) -> tuple[int, ...]:
    """The seats asked now (several while all choose at once)."""
    if isinstance(g, CompetitiveView):
        return g.to_act
    n = g.config.players
    if g.phase == OVER:
        return ()
    if g.phase == KEEP:
        return tuple(s for s in range(n) if g.kept[s] < 0)
    if g.phase == START:
        return tuple(s for s in range(n) if g.starts[s] is None)
    if g.phase == FLY:
        return tuple(s for s in range(n) if g.submitted[s] is None)
    if g.phase in (MARKET, TRADING) and g.pending is not None:
        return (g.pending.to_seat,)
    return (g.current,)


def _dealt(g: Game, seat: int) -> list[int]:
    return g.dealt[seat] if isinstance(g, CompetitiveState) else g.dealt


def _setup_cards(g: Game) -> tuple[list[int], list[int]]:
    if isinstance(g, CompetitiveState):
        return g.plane_deck, g.passenger_deck
    return g.setup_planes, g.setup_passengers


def _drawn(g: Game, seat: int) -> int:
    return g.drawn_sabotage if seat == g.saboteur else -1


def _sabotage_deck_size(g: Game) -> int:
    return g.sabotage_deck_size if isinstance(g, CompetitiveView) else len(g.sabotage_deck)


def problem(g: Game, seat: int, action: CompetitiveAction) -> str | None:
    """Why ``seat`` may not take ``action`` now (a sentence), or None."""
    if g.phase == OVER:
        return "The game is over."
    if not isinstance(action, _MOVES):
        return "That is not a move in Connecting Flights."
    if not 0 <= seat < g.config.players:
        return "There is no such player."
    if seat not in to_act(g):
        return "It is not your turn."
    answering = g.phase in (MARKET, TRADING) and g.pending is not None
    if answering:
        if isinstance(action, Accept):
            return market.accept_problem(g)
        if isinstance(action, Refuse):
            return market.refuse_problem(action)
        return "Answer the trade offered to you first: accept or refuse it."
    if isinstance(action, (Accept, Refuse)):
        return "No trade is offered to you."
    if not isinstance(action, _PHASE_ACTIONS[g.phase]):
        return f"That is not a move of this phase ({PHASE_NAMES[g.phase]})."
    if isinstance(action, PayFee):
        return sabotage.fee_problem(g, seat, action)
    if isinstance(action, KeepCard):
        return setup.keep_problem(g, seat, action)
    if isinstance(action, ChooseContinent):
        return setup.continent_problem(g, seat, action)
    if isinstance(action, BuyStart):
        planes, passengers = _setup_cards(g)
        return setup.start_problem(g, seat, action, planes, passengers)
    if isinstance(action, ChooseLot):
        return auction.choose_problem(g, action)
    if isinstance(action, Bid):
        return auction.bid_problem(g, seat, action)
    if isinstance(action, PassBid | EndTurn):
        return None
    if isinstance(action, BuyLandingRights):
        return market.buy_landing_rights_problem(g, seat, action)
    if isinstance(action, BuyElectric):
        return market.buy_electric_problem(g, seat, action)
    if isinstance(action, BuyTruck):
        return market.buy_truck_problem(g, seat, action)
    if isinstance(action, Propose):
        return market.propose_problem(g, seat, action)
    if isinstance(action, SubmitFlights):
        return fly.arrangement_problem(g, seat, action)
    held = _drawn(g, seat)
    if isinstance(action, (Inflict, ReturnSabotage)):
        if held < 0:
            return "Draw a Sabotage card first, or take the coins."
        return sabotage.inflict_problem(g, seat, action, held) if isinstance(action, Inflict) else None
    if held >= 0 or (g.holds_sabotage if isinstance(g, CompetitiveView) else g.drawn_sabotage >= 0):
        return "You hold a Sabotage card: inflict it or return it."
    if isinstance(action, DrawSabotage):
        return None if _sabotage_deck_size(g) else "The Sabotage deck is empty (every card sits on a plane or an airport): take the coins."
    return None


def legal(g: Game, seat: int) -> list[CompetitiveAction]:
    """Every action ``seat`` may take now (identical cards once, a few bids and offers: any
    bid within the rules and any trade is accepted as well, and any arrangement of flights)."""
    if seat not in to_act(g):
        return []
    phase = g.phase
    if phase == KEEP:
        return [KeepCard(c) for c in _dealt(g, seat)]
    if phase == CONTINENT:
        return [ChooseContinent(c) for c in setup.free_continents(g)]
    if phase == START:
        planes, passengers = _setup_cards(g)
        return list(setup.legal_starts(g, seat, planes, passengers))
    if phase in (MARKET, TRADING) and g.pending is not None:
        return ([Accept()] if market.accept_problem(g) is None else []) + [Refuse()]
    fees: list[CompetitiveAction] = list(sabotage.legal_fees(g, seat))
    if phase == CHOOSE_LOTS:
        return list(auction.choices(g)) + fees
    if phase == BIDDING:
        return [Bid(a) for a in auction.bid_amounts(g, seat)] + [PassBid()] + fees
    if phase == MARKET:
        return market.legal_buys(g, seat) + market.simple_offers(g, seat) + fees + [EndTurn()]
    if phase == TRADING:
        return market.simple_offers(g, seat) + fees + [EndTurn()]
    if phase == FLY:
        best = SubmitFlights(fly.best_chains(g, seat))
        return [best] + ([SubmitFlights(())] if best.chains else []) + fees
    held = _drawn(g, seat)
    if held >= 0:
        return list(sabotage.legal_inflictions(g, seat, held)) + [ReturnSabotage()]
    return [TakeCoins()] + ([DrawSabotage()] if _sabotage_deck_size(g) else []) + fees


class CompetitiveRules(Rules):
    """Connecting Flights, competitive mode: :class:`flight_tui.engine.protocol.Rules`."""

    spec = SPEC
    name, title = SPEC.name, SPEC.title
    state_type = CompetitiveState
    action_type = CompetitiveAction
    config_type = CompetitiveConfig
    min_players, max_players = SPEC.min_players, SPEC.max_players
    cooperative = SPEC.cooperative
    ending_labels = ENDINGS
    safety_caps: tuple[str, ...] = ()
    options = SPEC.options

    def make_config(self, players: int, choices: Mapping[str, str]) -> CompetitiveConfig:
        """A competitive game for ``players`` with the chosen set of continents."""
        picked = read_choices("The competitive game", self.options, choices)
        config = CompetitiveConfig(players=players, continent_set=picked["continents"])
        why = config_problem(config)
        if why:
            raise ValueError(why)
        return config

    def new_game(self, config: CompetitiveConfig, seed: int) -> CompetitiveState:
        why = config_problem(config)
        if why:
            raise ValueError(why)
        return setup.new_game(config, seed)

    def num_seats(self, state: CompetitiveState) -> int:
        return state.config.players

    def to_act(self, state: CompetitiveState) -> tuple[int, ...]:
        return to_act(state)

    def is_over(self, state: CompetitiveState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: CompetitiveState, seat: int) -> list[CompetitiveAction]:
        return legal(state, seat)

    def legal_actions_from_view(self, view: CompetitiveView) -> list[CompetitiveAction]:
        """The viewing seat's legal actions, from its view alone (for bots)."""
        return legal(view, view.seat)

    def problem(self, state: CompetitiveState, seat: int, action: CompetitiveAction) -> str | None:
        """Why ``seat`` may not take ``action`` now (a sentence for the player), or None."""
        return problem(state, seat, action)

    def forced_action(self, state: CompetitiveState, seat: int) -> CompetitiveAction | None:
        """A seat's only legal action when it has nothing to decide (e.g. ending a Marketplace
        turn with nothing to buy or pay and nothing to trade; returning a Sabotage card that
        can be inflicted on nobody)."""
        if state.phase in (KEEP, CONTINENT, START):
            return None
        if state.phase in (MARKET, TRADING) and state.pending is None and market.could_trade(state, seat):
            return None  # a trade beyond the few offers listed may still be made
        actions = legal(state, seat)
        return actions[0] if len(actions) == 1 else None

    # ------------------------------------------------------------ apply

    def apply(self, state: CompetitiveState, seat: int, action: CompetitiveAction) -> Outcome:
        """Check and apply an action and whatever follows by itself; IllegalAction (state
        untouched) when it is not allowed."""
        why = problem(state, seat, action)
        if why is not None:
            raise IllegalAction(why)
        start = len(state.log)
        revealed = _apply(state, seat, action)
        irreversible = revealed or isinstance(action, _FINAL) or state.phase == OVER
        return Outcome(events=state.log[start:], irreversible=irreversible)

    # ------------------------------------------------------------ results and views

    def result(self, state: CompetitiveState) -> Result:
        """Round 10's pre-tax incomes are the scores; the summary says what decided."""
        incomes = [r.income for r in state.history[-1]] if state.history else [0] * state.config.players
        how = "round-10" if state.decided_by == "income" else f"round-10-{state.decided_by}"
        top = max(incomes) if incomes else 0
        return Result(
            scores=incomes,
            winners=list(state.winners),
            summary=f"Round 10's best income was {top}; decided {ENDINGS[how].split(', ', 1)[1]}.",
            endings=[Ending(how, state.round)],
        )

    def measures(self, state: CompetitiveState) -> dict[str, list[int]]:
        """Per-seat figures of a finished game for ``flight-tui simulate``: the coins each
        airline lost to the coin cap (H16), and those lost before round 10's income (which
        comes as the game ends, when no coin can be spent any more)."""
        return {
            "coins lost to the cap": cap_losses(state),
            "coins lost to the cap before round 10's income": cap_losses(state, last_income=False),
        }

    def progress(self, state: CompetitiveState) -> str:
        """How far the game has gone, for the saves list: "round 3 of 10, marketplace"."""
        if state.phase == OVER:
            return f"over after round {state.round}"
        if state.round == 0:
            return PHASE_NAMES[state.phase]
        return f"round {state.round} of {data().rounds}, {PHASE_NAMES[state.phase]}"

    def clone(self, state: CompetitiveState) -> CompetitiveState:
        """An independent copy (for undo and search)."""
        b = state.bidding
        return msgspec.structs.replace(
            state,
            rng=msgspec.structs.replace(state.rng),
            holdings=[h.copy() for h in state.holdings],
            dealt=[list(d) for d in state.dealt],
            kept=list(state.kept),
            order=list(state.order),
            unused_player_cards=list(state.unused_player_cards),
            starts=list(state.starts),
            plane_deck=list(state.plane_deck),
            passenger_deck=list(state.passenger_deck),
            airport_pool=list(state.airport_pool),
            electric_pool=list(state.electric_pool),
            truck_supply=list(state.truck_supply),
            removed_airports=list(state.removed_airports),
            removed_passengers=list(state.removed_passengers),
            event_deck=list(state.event_deck),
            later_events=[list(d) for d in state.later_events],
            event_discard=list(state.event_discard),
            sabotage_deck=list(state.sabotage_deck),
            placed=list(state.placed),
            lots=list(state.lots),
            bidding=None if b is None else Bidding(b.lot, b.bid, b.leader, list(b.bids), list(b.out)),
            trading_done=list(state.trading_done),
            offers_made=list(state.offers_made),
            refused=list(state.refused),
            submitted=[None if s is None else list(s) for s in state.submitted],
            history=[list(r) for r in state.history],
            winners=list(state.winners),
            log=list(state.log),
            coins_after=[list(c) for c in state.coins_after],
        )

    def view(self, state: CompetitiveState, seat: int) -> CompetitiveView:
        """What ``seat`` may see (see :mod:`.view`)."""
        log = [redact(e, seat) for e in state.log[-VIEW_LOG_LENGTH:]]
        return make_view(state, seat, to_act(state), stage(state.round), log)

    def spectator_view(self, state: CompetitiveState) -> CompetitiveView:
        """What anyone watching may see: everything public, no seat's own hidden cards or
        sealed choices, the log as nobody at the table reads it (``seat`` is -1)."""
        view = self.view(state, 0)
        return msgspec.structs.replace(
            view,
            seat=-1,
            dealt=[],
            kept=[k if state.revealed else -1 for k in state.kept],
            my_start=None,
            my_flights=None,
            drawn_sabotage=-1,
            log=[redact(e, None) for e in state.log[-VIEW_LOG_LENGTH:]],
        )

    def describe(self, event, viewer: int | None, names: Sequence[str]) -> str:
        return describe(event, viewer, names)


def _apply(state: CompetitiveState, seat: int, action: CompetitiveAction) -> bool:
    """Apply a checked action and what follows by itself; True when chance was used or hidden
    cards were revealed."""
    if isinstance(action, PayFee):
        sabotage.apply_fee(state, seat, action)
        return False
    if isinstance(action, KeepCard):
        return setup.apply_keep(state, seat, action)
    if isinstance(action, ChooseContinent):
        setup.apply_continent(state, seat, action)
        return False
    if isinstance(action, BuyStart):
        if not setup.apply_start(state, seat, action):
            return False
        _finish_setup(state)
        return True
    if isinstance(action, ChooseLot):
        return auction.apply_choose(state, seat, action)
    if isinstance(action, Bid):
        auction.apply_bid(state, seat, action)
        return False
    if isinstance(action, PassBid):
        auction.apply_pass(state, seat, action)
        return False
    if isinstance(action, (BuyLandingRights, BuyElectric, BuyTruck)):
        market.apply_buy(state, seat, action)
        return False
    if isinstance(action, Propose):
        market.apply_propose(state, seat, action)
        return False
    if isinstance(action, (Accept, Refuse)):
        market.apply_answer(state, seat, isinstance(action, Accept), getattr(action, "reason", ""))
        return False
    if isinstance(action, EndTurn):
        market.end_turn(state, seat)
        return False
    if isinstance(action, SubmitFlights):
        if not fly.apply_submit(state, seat, action):
            return False
        _after_fly(state)
        return True
    if isinstance(action, DrawSabotage):
        sabotage.draw(state, seat)
        return True
    if isinstance(action, TakeCoins):
        sabotage.take_coins(state, seat)
    elif isinstance(action, Inflict):
        sabotage.apply_inflict(state, seat, action)
    else:
        sabotage.apply_return(state, seat)
    _next_round(state)
    return True


def _finish_setup(state: CompetitiveState) -> None:
    """After the starting flights: decks shuffled, the lowest rank holds the first-player
    marker, the Stage 1 events and the Sabotage deck shuffled; round 1 begins."""
    state.rng.shuffle(state.plane_deck)
    state.rng.shuffle(state.passenger_deck)
    state.first_player = state.order[0]
    state.rng.shuffle(state.event_deck)
    state.rng.shuffle(state.sabotage_deck)
    state.starts = [None] * state.config.players
    state.log.append(DecksShuffled(state.first_player))
    _start_round(state)


def _start_round(state: CompetitiveState) -> None:
    rounds.start_round(state)
    auction.start_auction(state)


def _after_fly(state: CompetitiveState) -> None:
    """After the Fly phase: the end of the game in round 10; else Grants and Taxes, then the
    Sabotage phase (or, when nobody may sabotage, the next round)."""
    state.submitted = []
    if state.round >= data().rounds:
        rounds.end_game(state)
        return
    rounds.grants_and_taxes(state)
    if not sabotage.start_sabotage(state):
        _next_round(state)


def _next_round(state: CompetitiveState) -> None:
    rounds.end_round(state)
    _start_round(state)


COMPETITIVE = CompetitiveRules()
