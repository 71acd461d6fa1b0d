"""The cooperative mode of Connecting Flights: phases, goes, winning and losing, views and the log.

One seat acts at a time. In the Marketplace and Fly phases the seats take goes in seat order;
a go ends with :class:`Pass`, and the phase ends when every seat has passed in a row with
nothing done in between, so the team can switch back and forth between players as the text
allows. Where the text is silent we follow the house interpretations in ``house_rules.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.options import read_choices
from flight_tui.games.connecting_flights.coop.spec import SPEC
from flight_tui.engine.protocol import Ending, Outcome, Result, Rules
from flight_tui.games.connecting_flights.coop.rules import fly, market, setup
from flight_tui.games.connecting_flights.coop.rules.board import colour_name, meeples_on_board, world
from flight_tui.games.connecting_flights.coop.rules.config import CoopConfig
from flight_tui.games.connecting_flights.core.stages import stage_of
from flight_tui.games.connecting_flights.coop.rules.demand import demand_level, end_round, new_demand
from flight_tui.games.connecting_flights.coop.rules.state import (
    FLY,
    MARKET,
    OVER,
    SETUP,
    Bought,
    Buy,
    ChainsSet,
    Charter,
    Chartered,
    ChooseStart,
    CoopAction,
    CoopEvent,
    CoopState,
    CoopView,
    DeckReshuffled,
    DemandPlaced,
    Flew,
    FlyNext,
    GameEnded,
    MarketDealt,
    NoDeparture,
    Pass,
    Passed,
    PhaseStarted,
    Refresh,
    RoundEnded,
    SetChains,
    StartChosen,
)
from flight_tui.words import count

VIEW_LOG_LENGTH = 60
PASS = Pass()
_ACTION_TYPES = (ChooseStart, Buy, Refresh, SetChains, FlyNext, Charter, Pass)
_PHASE_NAMES = {SETUP: "set-up", MARKET: "marketplace", FLY: "fly", OVER: "over"}


class CoopRules(Rules):
    """Connecting Flights, cooperative mode: :class:`flight_tui.engine.protocol.Rules`."""

    spec = SPEC
    name, title = SPEC.name, SPEC.title
    state_type = CoopState
    action_type = CoopAction
    config_type = CoopConfig
    min_players, max_players = SPEC.min_players, SPEC.max_players
    cooperative = SPEC.cooperative
    ending_labels = {"won": "won", "lost": "lost"}
    safety_caps: tuple[str, ...] = ()
    options = SPEC.options

    # ------------------------------------------------------------ set-up

    def make_config(self, players: int, choices: Mapping[str, str]) -> CoopConfig:
        """A standard cooperative game for ``players`` at the chosen difficulty."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError("The cooperative game is for 1 to 3 players.")
        picked = read_choices("The cooperative game", self.options, choices)
        return CoopConfig(players=players, difficulty=picked["difficulty"])

    def new_game(self, config: CoopConfig, seed: int) -> CoopState:
        return setup.new_game(config, seed)

    # ------------------------------------------------------------ queries

    def num_seats(self, state: CoopState) -> int:
        return state.config.players

    def to_act(self, state: CoopState) -> tuple[int, ...]:
        return () if state.phase == OVER else (state.current,)

    def is_over(self, state: CoopState) -> bool:
        return state.phase == OVER

    def progress(self, state: CoopState) -> str:
        """How far the game has gone, for the saves list: "round 3 of 10, fly"."""
        if state.phase == SETUP:
            return "set-up"
        if state.phase == OVER:
            return f"won in round {state.round}" if state.won else f"lost in round {state.round}"
        return f"round {state.round} of {state.config.rounds}, {_PHASE_NAMES[state.phase]}"

    def legal_actions(self, state: CoopState, seat: int) -> list[CoopAction]:
        return self.legal_actions_from_view(_view(state, seat, copy=False))

    def legal_actions_from_view(self, view: CoopView) -> list[CoopAction]:
        """The viewing seat's legal actions, from its view alone. Identical cards are offered
        once (the lowest id); ``problem`` accepts any of them, and any arrangement of flights."""
        seat = view.seat
        if view.phase == OVER or seat != view.current:
            return []
        if view.phase == SETUP:
            return list(setup.legal_starts(view, seat))
        if view.phase == MARKET:
            return market.legal_buys(view) + [PASS]
        out: list[CoopAction] = []
        out += fly.legal_flights(view, seat)
        out += fly.legal_charters(view)
        out += fly.legal_chain_moves(view, seat)
        out.append(PASS)
        return out

    def problem(self, state: CoopState, seat: int, action: CoopAction) -> str | None:
        """Why ``seat`` may not take ``action`` now (a sentence for the player), or None."""
        return _problem(_view(state, seat, copy=False), seat, action)

    def suggest_start(self, view: CoopView, seat: int) -> ChooseStart | None:
        """A free starting flight for ``seat`` that can move meeples in round 1 (see
        :func:`setup.suggest_start`); None outside set-up or when none is possible."""
        if view.phase != SETUP:
            return None
        return setup.suggest_start(view, seat)

    # ------------------------------------------------------------ apply

    def apply(self, state: CoopState, seat: int, action: CoopAction) -> Outcome:
        """Check and apply an action; raise IllegalAction (state untouched) if not allowed."""
        why = self.problem(state, seat, action)
        if why is not None:
            raise IllegalAction(why)
        start = len(state.log)
        irreversible = False
        if isinstance(action, Pass):
            irreversible = self._pass(state, seat)
        else:
            state.passes = 0
            if isinstance(action, ChooseStart):
                irreversible = self._choose_start(state, seat, action)
            elif isinstance(action, Buy):
                market.apply_buy(state, seat, action)
            elif isinstance(action, Refresh):
                market.apply_refresh(state, seat)
                irreversible = True
            elif isinstance(action, SetChains):
                fly.apply_chains(state, seat, action)
            elif isinstance(action, FlyNext):
                fly.apply_fly(state, seat, action)
                self._check_won(state)
            else:
                fly.apply_charter(state, seat, action)
                self._check_won(state)
        if state.phase == OVER:
            irreversible = True
        return Outcome(events=state.log[start:], irreversible=irreversible)

    def _choose_start(self, state: CoopState, seat: int, action: ChooseStart) -> bool:
        hand = state.hands[seat]
        for card in (action.origin, action.dest):
            state.airport_pool.remove(card)
            hand.airports.append(card)
        state.plane_deck.remove(action.plane)
        hand.planes.append(action.plane)
        state.passenger_deck.remove(action.passenger)
        hand.passengers.append(action.passenger)
        truck = hand.trucks[0]
        hand.chains = [(fly.FlightSpec(action.origin, action.plane, truck, action.passenger, action.dest),)]
        hand.flown = [0]
        state.log.append(StartChosen(seat, action.origin, action.plane, action.passenger, action.dest, truck))
        if seat + 1 < state.config.players:
            state.current = seat + 1
            return False
        state.rng.shuffle(state.passenger_deck)  # "Finally, shuffle Plane and Passenger decks"
        state.rng.shuffle(state.plane_deck)
        self._start_round(state)
        return True

    def _pass(self, state: CoopState, seat: int) -> bool:
        """End ``seat``'s go; True if that ended the phase and revealed cards."""
        state.log.append(Passed(seat, state.phase))
        state.passes += 1
        if state.passes < state.config.players:
            state.current = (seat + 1) % state.config.players
            return False
        if state.phase == MARKET:
            market.clear_market(state)
            self._start_phase(state, FLY)
            return False
        self._end_fly_phase(state)
        return True

    def _start_phase(self, state: CoopState, phase: str) -> None:
        state.phase = phase
        state.current = 0
        state.passes = 0
        state.log.append(PhaseStarted(state.round, phase))

    def _start_round(self, state: CoopState) -> None:
        state.round += 1
        self._start_phase(state, MARKET)
        market.deal_market(state)

    def _end_fly_phase(self, state: CoopState) -> None:
        """After the Fly phase: the end of the game in the last round, else B.3 and B.4."""
        if state.round >= state.config.rounds:
            self._game_over(state, won=False)
            return
        new_demand(state)
        end_round(state)
        self._start_round(state)

    def _check_won(self, state: CoopState) -> None:
        if meeples_on_board(state.board) == 0:
            state.won = True
            self._game_over(state, won=True)

    def _game_over(self, state: CoopState, won: bool) -> None:
        state.phase = OVER
        stranded = meeples_on_board(state.board)
        state.log.append(GameEnded(won, state.round, stranded, sum(state.delivered)))

    # ------------------------------------------------------------ results and views

    def result(self, state: CoopState) -> Result:
        """Everyone wins or everyone loses; a seat's score is the meeples it flew home."""
        n = state.config.players
        total = sum(state.delivered)
        if state.won:
            summary = f"Won in round {state.round}: {count(total, 'passenger')} flown home."
        else:
            summary = f"Lost: {count(meeples_on_board(state.board), 'passenger')} stranded; {total} flown home."
        return Result(
            scores=list(state.delivered_by),
            winners=list(range(n)) if state.won else [],
            summary=summary,
            endings=[Ending("won" if state.won else "lost", state.round)],
        )

    def clone(self, state: CoopState) -> CoopState:
        """An independent copy (for undo and search)."""
        return msgspec.structs.replace(
            state,
            rng=msgspec.structs.replace(state.rng),
            hands=[h.copy() for h in state.hands],
            board=[list(a) for a in state.board],
            supply=list(state.supply),
            out_of_play=list(state.out_of_play),
            delivered=list(state.delivered),
            delivered_by=list(state.delivered_by),
            passenger_deck=list(state.passenger_deck),
            plane_deck=list(state.plane_deck),
            market_passengers=list(state.market_passengers),
            market_planes=list(state.market_planes),
            airport_pool=list(state.airport_pool),
            electric_pool=list(state.electric_pool),
            truck_supply=list(state.truck_supply),
            removed_passengers=list(state.removed_passengers),
            removed_airports=list(state.removed_airports),
            departure_deck=list(state.departure_deck),
            departure_discard=list(state.departure_discard),
            low_deck=list(state.low_deck),
            high_deck=list(state.high_deck),
            demand_discard=list(state.demand_discard),
            log=list(state.log),
        )

    def view(self, state: CoopState, seat: int) -> CoopView:
        """What ``seat`` may see: everything but the decks' order. Copies all it holds."""
        return _view(state, seat, copy=True)

    def describe(self, event: CoopEvent, viewer: int | None, names: Sequence[str]) -> str:
        return describe(event, viewer, names)


def _problem(v: CoopView, seat: int, action: CoopAction) -> str | None:
    if v.phase == OVER:
        return "The game is over."
    if not isinstance(action, _ACTION_TYPES):
        return "That is not a move in Connecting Flights."
    if not 0 <= seat < v.num_seats:
        return "There is no such player."
    if seat != v.current:
        return "It is not your go."
    if v.phase == SETUP:
        if not isinstance(action, ChooseStart):
            return "First choose your free starting flight."
        return setup.start_problem(v, seat, action)
    if isinstance(action, ChooseStart):
        return "Starting flights are chosen at set-up only."
    if isinstance(action, Pass):
        return None
    if v.phase == MARKET:
        if isinstance(action, Buy):
            return market.buy_problem(v, action)
        if isinstance(action, Refresh):
            return market.refresh_problem(v)
        return "It is the Marketplace phase: buy, refresh or pass."
    if isinstance(action, SetChains):
        return fly.chains_problem(v, seat, action)
    if isinstance(action, FlyNext):
        return fly.fly_problem(v, seat, action)
    if isinstance(action, Charter):
        return fly.charter_problem(v, action)
    return "It is the Fly phase: arrange and fly flights, charter, or pass."


def _view(state: CoopState, seat: int, copy: bool) -> CoopView:
    """The view of ``seat``; without ``copy`` it shares the state's lists (for internal checks)."""

    def c(items: list) -> list:
        return list(items) if copy else items

    setup_phase = state.phase == SETUP
    next_round = state.round if state.round else 1
    return CoopView(
        seat=seat,
        num_seats=state.config.players,
        config=state.config,
        phase=state.phase,
        round=state.round,
        stage=stage_of(next_round),
        current=state.current,
        coins=state.coins,
        hands=[h.copy() for h in state.hands] if copy else state.hands,
        board=[list(a) for a in state.board] if copy else state.board,
        supply=c(state.supply),
        out_of_play=c(state.out_of_play),
        delivered=c(state.delivered),
        delivered_by=c(state.delivered_by),
        market_passengers=c(state.market_passengers),
        market_planes=c(state.market_planes),
        airport_pool=c(state.airport_pool),
        electric_pool=c(state.electric_pool),
        truck_supply=sorted(state.truck_supply) if copy else state.truck_supply,
        removed_passengers=c(state.removed_passengers),
        removed_airports=c(state.removed_airports),
        setup_planes=sorted(state.plane_deck) if setup_phase else [],
        setup_passengers=sorted(state.passenger_deck) if setup_phase else [],
        passenger_deck_size=len(state.passenger_deck),
        plane_deck_size=len(state.plane_deck),
        departure_deck_size=len(state.departure_deck),
        low_deck_size=len(state.low_deck),
        high_deck_size=len(state.high_deck),
        departure_discard=c(state.departure_discard),
        demand_discard=c(state.demand_discard),
        passes=state.passes,
        bought_this_round=state.bought_this_round,
        charters=state.charters,
        charter_fee=fly.charter_fee(state),
        demand_next=demand_level(next_round, state.config.demand_stages),
        won=state.won,
        log=state.log[-VIEW_LOG_LENGTH:],
    )


# ---------------------------------------------------------------- the log in words


def _card(kind: str, item: int) -> str:
    w = world()
    if kind == "passenger":
        p = w.passengers[item]
        return f"a {p.stars}-star passenger to {w.continents[p.continent].name}"
    if kind == "plane":
        p = w.planes[item]
        return f"a {p.stars}-star {'electric ' if p.electric else ''}plane"
    if kind == "airport":
        return f"the {w.airport_of_card(item).city} airport"
    if kind == "landing_rights":
        return f"Landing Rights in {w.airport_of_card(item).city}"
    return f"a {w.fuel_trucks[item].capacity}-fuel truck"


def _meeples(counts: Sequence[int]) -> str:
    parts = [f"{n} {colour_name(c)}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "no meeples"


def describe(event: CoopEvent, viewer: int | None, names: Sequence[str]) -> str:
    """A sentence for the log, from ``viewer``'s point of view (nothing in it is hidden)."""
    w = world()

    def who(seat: int) -> str:
        return "You" if seat == viewer else names[seat]

    def city(airport: int) -> str:
        return w.airports[airport].city

    if isinstance(event, DemandPlaced):
        when = "Set-up" if event.round == 0 else f"Round {event.round}, new demand"
        placed = ", ".join(f"{colour_name(p.colour)} in {city(p.airport)}" for p in event.placed) or "nobody"
        tail = f" ({len(event.missing)} could not be placed)" if event.missing else ""
        return f"{when}: new passengers {placed}{tail}."
    if isinstance(event, DeckReshuffled):
        return f"The {event.deck} deck ran out: its {event.cards} discarded cards were shuffled into a new deck."
    if isinstance(event, NoDeparture):
        return f"Round {event.round}, new demand: the Departure Airports deck is empty, so no new passengers appear."
    if isinstance(event, StartChosen):
        a, b = w.airport_of_card(event.origin).city, w.airport_of_card(event.dest).city
        cards = f"{_card('plane', event.plane)} with {_card('passenger', event.passenger)}"
        return f"{who(event.seat)} took a free starting flight from {a} to {b}: {cards}."
    if isinstance(event, MarketDealt):
        cards = ", ".join(_card("passenger", c) for c in event.passengers)
        planes = ", ".join(_card("plane", c) for c in event.planes)
        if event.refreshed_by >= 0:
            head = f"{who(event.refreshed_by)} paid {_coins(event.cost)} to refresh"
        else:
            head = f"Round {event.round} marketplace"
        return f"{head}: {cards or 'no passengers'}; {planes or 'no plane'}."
    if isinstance(event, Bought):
        for_whom = "" if event.for_seat == event.seat else f" for {who(event.for_seat)}"
        return f"{who(event.seat)} bought {_card(event.kind, event.item)}{for_whom} ({_coins(event.price)})."
    if isinstance(event, Passed):
        return f"{who(event.seat)} passed."
    if isinstance(event, PhaseStarted):
        return f"Round {event.round}: {_PHASE_NAMES[event.phase]} phase."
    if isinstance(event, ChainsSet):
        flights = f"{event.flights} flight{'s' if event.flights != 1 else ''}"
        chains = f"{event.chains} chain{'s' if event.chains != 1 else ''}"
        return f"{who(event.seat)} arranged {flights} in {chains}."
    if isinstance(event, Flew):
        home = f"; {_meeples(event.delivered)} home" if any(event.delivered) else ""
        route = f"{city(event.origin)} to {city(event.dest)}"
        return f"{who(event.seat)} flew {route} with {_meeples(event.carried)}{home}."
    if isinstance(event, Chartered):
        home = ", home" if event.delivered else ""
        meeple = f"a {colour_name(event.colour)} meeple from {city(event.origin)} to {city(event.dest)}"
        return f"{who(event.seat)} chartered {meeple} for {_coins(event.fee)}{home}."
    if isinstance(event, RoundEnded):
        pens = "; ".join(_penalty(p) for p in event.penalties)
        pay = f" Penalties: {pens} (paid {event.paid})." if event.penalties else " No penalties."
        return f"End of round {event.round}: +{_coins(event.income)}.{pay} The team has {_coins(event.coins)}."
    if isinstance(event, GameEnded):
        if event.won:
            return f"Every passenger is home in round {event.round}: the team wins!"
        stranded = f"{event.stranded} passenger is" if event.stranded == 1 else f"{event.stranded} passengers are"
        return f"{stranded} stranded after round {event.round}: the team loses."
    return str(event)


def _coins(n: int) -> str:
    return count(n, "coin")


def _penalty(p) -> str:
    if p.reason == "crowded":
        return f"{world().airports[p.where].city} has 4+ meeples ({p.amount})"
    if p.reason == "colour":
        return f"five {colour_name(p.where)} meeples on the board ({p.amount})"
    return f"a player holds 4+ cards more than another ({p.amount})"


COOP = CoopRules()
