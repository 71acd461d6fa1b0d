"""The rules of Passaportas: set-up, fuelling, flying, getting off, boarding, customs, winning.

Section numbers in comments and messages (II, III, IV.1 ... IV.4, Remarks 1 and 2) are those of
the rules text. Where the text is silent we follow the house interpretations P1, P2, ... in
``house_rules.md`` (shown in the app).
"""

from __future__ import annotations

from collections.abc import Sequence

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.options import read_choices
from flight_tui.engine.protocol import Ending, Outcome, Result, Rules
from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.spec import SPEC
from flight_tui.games.passaportas.rules.map import MAX_FUEL, GameMap, board_map
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    DONE,
    FUEL,
    HOME,
    OFFICE,
    OVER,
    PLANE,
    SEATS,
    Boarded,
    CustomsPassed,
    CustomsUsed,
    DeckReshuffled,
    Flew,
    Fly,
    GameEnded,
    GameStarted,
    GotOff,
    Group,
    GroupRef,
    NoRoom,
    PassaportasAction,
    PassaportasConfig,
    PassaportasEvent,
    PassaportasState,
    PassaportasView,
    PassCustoms,
    Roll,
    Rolled,
    StayedPut,
    StayPut,
    TripDealt,
    TripsCompleted,
    Turn,
    TurnStarted,
    UseCustoms,
    UseWildToken,
    WildTokenUsed,
)

WILD_FUEL = 10
"""Remark 2: the wild token adds 10,000 litres."""
UNKNOWN_SEATS = 2
"""III: with 2 or 3 players, two seats are taken by unknown travellers for the whole game."""
VIEW_LOG_LENGTH = 60

ROLL, WILD, STAY, PASS = Roll(), UseWildToken(), StayPut(), PassCustoms()
_ACTION_TYPES = (Roll, UseWildToken, Fly, StayPut, UseCustoms, PassCustoms)


def holders_per_player(players: int) -> int:
    """II: 2 or 3 players take two customs holders each, 4 to 6 players one."""
    return 2 if players <= 3 else 1


def cards_per_holder(players: int) -> int:
    """II: 4 customs cards per holder with 2 or 4 players, 3 with 3, 5 or 6."""
    return 4 if players in (2, 4) else 3


def group_sizes(config: PassaportasConfig) -> tuple[int, ...]:
    """I and Remark 1: groups of 1, 2, 3 and 4 persons, or without the four."""
    return (1, 2, 3) if config.no_four_group else (1, 2, 3, 4)


def map_of(config: PassaportasConfig) -> GameMap:
    """The map a game is played on: the edition its config names."""
    return board_map(config.edition)


def wild_barred(groups: Sequence[Group], round_no: int, config: PassaportasConfig) -> bool:
    """House rule P6: no wild token in the game's final round (P10); in edition 1 also not in
    any turn with at most one group still travelling."""
    if round_no >= config.max_rounds:
        return True
    return config.edition == 1 and sum(g.status != DONE for g in groups) <= 1


def completes_last_trip(groups: Sequence[Group], city: int) -> bool:
    """Whether a landing in ``city`` brings every group of this player still travelling off the
    plane (their last trip ends there unless customs refuse it)."""
    return all(g.status == DONE or (g.status == PLANE and g.destination == city) for g in groups)


def finish_barred(config: PassaportasConfig, wild_used: bool) -> bool:
    """House rule P6 (edition 2): after using the wild token in a turn, the player in turn may not
    make the flight that completes their last trip."""
    return wild_used and config.edition >= 2


def free_seats(reserved: int, cabin: Sequence[GroupRef]) -> int:
    """Seats nobody sits in."""
    return SEATS - reserved - sum(ref.group for ref in cabin)


def customs_problem(
    seat: int, holder: int, player: int, group: int, plane: int, own_tops: Sequence[int], groups: Sequence[Sequence[Group]]
) -> str | None:
    """Why ``seat`` may not use the customs card on top of ``holder`` against (player, group)."""
    if not 0 <= holder < len(own_tops) or own_tops[holder] < 0:
        return "You have no customs card in that holder."
    if own_tops[holder] != plane:
        return "Only the top card of a holder, naming the city where the plane landed, may be used (IV.3)."
    if player == seat:
        return "A customs card is used against an opponent's group (IV.3)."
    if not 0 <= player < len(groups) or not any(g.size == group for g in groups[player]):
        return "There is no such group."
    status = next(g.status for g in groups[player] if g.size == group)
    if status not in (PLANE, OFFICE):
        return "Only a group in the plane or in the customs office can be refused (IV.3)."
    return None


def legal_from(
    seat: int,
    phase: str,
    current: int,
    queue: Sequence[int],
    config: PassaportasConfig,
    plane: int,
    fuel: int,
    turn: Turn,
    may_wild: bool,
    own_tops: Sequence[int],
    groups: Sequence[Sequence[Group]],
) -> list[PassaportasAction]:
    """Legal actions from the facts a seat can see (shared by states and views)."""
    if phase == FUEL and seat == current:
        out: list[PassaportasAction] = []
        if _may_roll(turn, fuel):
            out.append(ROLL)
        if may_wild:
            out.append(WILD)
        out.append(STAY)
        barred = finish_barred(config, turn.wild_used)
        for city, amounts in map_of(config).destinations(plane, fuel).items():
            if not (barred and completes_last_trip(groups[seat], city)):
                out.extend(Fly(city, amount) for amount in amounts)
        return out
    if phase == CUSTOMS and queue and queue[0] == seat:
        out = [PASS]
        for holder, top in enumerate(own_tops):
            if top != plane:
                continue
            for player, player_groups in enumerate(groups):
                if player == seat:
                    continue
                out.extend(UseCustoms(holder, player, g.size) for g in player_groups if g.status in (PLANE, OFFICE))
        return out
    return []


def _may_roll(turn: Turn, fuel: int) -> bool:
    """IV.1: roll once, and again as long as the dice show a double; not with a full tank."""
    if fuel >= MAX_FUEL:
        return False
    return not turn.rolls or turn.rolls[-1][0] == turn.rolls[-1][1]


def _targets_for(seat: int, cabin: Sequence[GroupRef], office: Sequence[GroupRef]) -> bool:
    return any(ref.player != seat for ref in cabin) or any(ref.player != seat for ref in office)


def quiet_turns(log: Sequence[PassaportasEvent]) -> int:
    """Turns begun since a group last boarded or got off (the turn in progress included)."""
    turns = 0
    for event in reversed(log):
        if isinstance(event, (Boarded, GotOff)):
            return turns
        if isinstance(event, TurnStarted):
            turns += 1
    return turns


def litres(thousands: int) -> str:
    """Fuel for people to read: ``12,000 l``, ``0 l``."""
    return f"{thousands * 1000:,} l"


class PassaportasRules(Rules):
    """Passaportas's implementation of :class:`flight_tui.engine.protocol.Rules`."""

    spec = SPEC
    name, title = SPEC.name, SPEC.title
    state_type = PassaportasState
    action_type = PassaportasAction
    config_type = PassaportasConfig
    min_players, max_players = SPEC.min_players, SPEC.max_players
    cooperative = SPEC.cooperative
    ending_labels = {"delivery": "by delivery", "round-limit": "at the round limit"}
    safety_caps = ("round-limit",)  # the P10 round limit is a safety valve, not a normal ending
    options = SPEC.options

    @staticmethod
    def map_of(config: PassaportasConfig) -> GameMap:
        """The map a game with this config is played on."""
        return map_of(config)

    # ------------------------------------------------------------ set-up

    def make_config(self, players: int, choices: dict[str, str]) -> PassaportasConfig:
        """A config from the New game choices; ValueError with a readable sentence if they do not fit."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Passaportas is for {self.min_players} to {self.max_players} players.")
        picked = read_choices(self.title, self.options, choices)
        without_four = picked["four_group"] == "without"
        if without_four and players < 5:
            raise ValueError("Leaving out the group of four is for 5 or 6 players only (Remark 1).")
        return PassaportasConfig(players=players, no_four_group=without_four, wild_tokens=picked["wild_tokens"] == "on")

    def new_game(self, config: PassaportasConfig, seed: int) -> PassaportasState:
        """II and III: deal the trips and the customs cards, place the plane, let the first passengers board."""
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError("Passaportas is for 2 to 6 players.")
        if config.no_four_group and n < 5:
            raise ValueError("Leaving out the group of four is for 5 or 6 players only (Remark 1).")
        if config.max_rounds < 1:
            raise ValueError("A game needs at least one round.")
        rng = Rng.from_seed(seed)
        cities = list(range(map_of(config).size))
        boarding = [c for c in cities for _ in range(2)]
        destination = list(boarding)
        rng.shuffle(boarding)
        rng.shuffle(destination)
        state = PassaportasState(
            config=config,
            rng=rng,
            groups=[[] for _ in range(n)],
            holders=[],
            boarding_deck=boarding,
            destination_deck=destination,
            reserved_seats=UNKNOWN_SEATS if n <= 3 else 0,
            wild_used=[False] * n,
        )
        sizes = group_sizes(config)
        dealt = []
        for player in range(n):  # II: four boarding and four destination cards, kept in the order taken
            b = [self._draw(state, "boarding") for _ in sizes]
            d = [self._draw(state, "destination") for _ in sizes]
            state.groups[player] = [Group(size, b[i], d[i]) for i, size in enumerate(sizes)]
        for player in range(n):  # II: a pair naming the same city is replaced
            for g in state.groups[player]:
                dealt.append(TripDealt(player, g.size, *self._replace_same_city(state, g)))
        customs = list(cities)
        rng.shuffle(customs)
        per_holder = cards_per_holder(n)
        state.holders = [
            [[customs.pop() for _ in range(per_holder)] for _ in range(holders_per_player(n))] for _ in range(n)
        ]
        state.customs_boxed = customs[::-1]
        state.plane = state.customs_boxed[0]  # II: the city on the top remaining customs card
        state.log.append(GameStarted(state.plane, state.reserved_seats))
        state.log.extend(dealt)
        self._board(state, state.plane, last_minute=False)  # III: the first passengers step on
        state.log.append(TurnStarted(0, 1))
        return state

    def _draw(self, state: PassaportasState, deck: str) -> int:
        """The top card of a deck; an empty deck is first re-formed from its put-away stack (P8)."""
        cards = state.boarding_deck if deck == "boarding" else state.destination_deck
        if not cards:
            put_away = state.boarding_put_away if deck == "boarding" else state.destination_put_away
            cards.extend(put_away)
            put_away.clear()
            state.rng.shuffle(cards)
            state.log.append(DeckReshuffled(deck, len(cards)))
        return cards.pop()

    def _replace_same_city(self, state: PassaportasState, group: Group) -> tuple[int, int, int]:
        """II: while boarding and destination name the same city, put both away and take new ones."""
        replaced = 0
        while group.boarding == group.destination:
            state.boarding_put_away.append(group.boarding)
            state.destination_put_away.append(group.destination)
            group.boarding = self._draw(state, "boarding")
            group.destination = self._draw(state, "destination")
            replaced += 1
        return group.boarding, group.destination, replaced

    # ------------------------------------------------------------ queries

    def num_seats(self, state: PassaportasState) -> int:
        return state.config.players

    def to_act(self, state: PassaportasState) -> tuple[int, ...]:
        if state.phase == FUEL:
            return (state.current,)
        if state.phase == CUSTOMS:
            return (state.customs_queue[0],)
        return ()

    def is_over(self, state: PassaportasState) -> bool:
        return state.phase == OVER

    def may_use_wild(self, state: PassaportasState, seat: int) -> bool:
        """Remark 2 with P6: once a game, in your own fuelling phase, not in your last round."""
        return (
            state.config.wild_tokens
            and state.phase == FUEL
            and seat == state.current
            and not state.wild_used[seat]
            and not state.turn.flown
            and state.fuel < MAX_FUEL
            and not wild_barred(state.groups[seat], state.round_no, state.config)
        )

    def own_tops(self, state: PassaportasState, seat: int) -> list[int]:
        """The top card of each of ``seat``'s customs holders (-1 when empty)."""
        return [h[0] if h else -1 for h in state.holders[seat]]

    def legal_actions(self, state: PassaportasState, seat: int) -> list[PassaportasAction]:
        if state.phase == OVER:
            return []
        return legal_from(
            seat,
            state.phase,
            state.current,
            state.customs_queue,
            state.config,
            state.plane,
            state.fuel,
            state.turn,
            self.may_use_wild(state, seat),
            self.own_tops(state, seat),
            state.groups,
        )

    def legal_actions_from_view(self, view: PassaportasView) -> list[PassaportasAction]:
        """The legal actions of the viewing seat, computed from its view alone (for bots)."""
        if view.phase == OVER:
            return []
        return legal_from(
            view.seat,
            view.phase,
            view.current,
            view.customs_queue,
            view.config,
            view.plane,
            view.fuel,
            view.turn,
            view.may_use_wild,
            view.own_customs,
            view.groups,
        )

    def forced_action(self, state: PassaportasState, seat: int) -> PassaportasAction | None:
        """Customs with no card for the city (IV.3): passing is ``seat``'s only move, made for it."""
        if state.phase == CUSTOMS and self.legal_actions(state, seat) == [PASS]:
            return PASS
        return None

    def problem(self, state: PassaportasState, seat: int, action: PassaportasAction) -> str | None:
        """Why ``seat`` may not take ``action`` now (a sentence for the player), or None."""
        if state.phase == OVER:
            return "The game is over."
        if not isinstance(action, _ACTION_TYPES):
            return "That is not a move in Passaportas."
        if state.phase == CUSTOMS:
            if seat != state.customs_queue[0]:
                return f"Waiting for seat {state.customs_queue[0] + 1} to decide about customs (P1)."
            if isinstance(action, PassCustoms):
                return None
            if isinstance(action, UseCustoms):
                return customs_problem(
                    seat, action.holder, action.player, action.group, state.plane, self.own_tops(state, seat), state.groups
                )
            return "The plane has landed: now customs cards may be used, or passed (IV.3)."
        if seat != state.current:
            return "It is not your turn."
        if isinstance(action, (UseCustoms, PassCustoms)):
            return "Customs cards are used after the plane has landed (IV.3)."
        if isinstance(action, Roll):
            if state.fuel >= MAX_FUEL:
                return "The tank is full: it holds at most 25,000 litres (IV.1)."
            if not _may_roll(state.turn, state.fuel):
                return "You may roll again only after a double (IV.1)."
            return None
        if isinstance(action, UseWildToken):
            if not state.config.wild_tokens:
                return "This game is played without wild tokens (Remark 2)."
            if state.wild_used[seat]:
                return "You have used your wild token already (Remark 2)."
            if state.fuel >= MAX_FUEL:
                return "The tank is full: it holds at most 25,000 litres (IV.1)."
            if wild_barred(state.groups[seat], state.round_no, state.config):
                return "The wild token may not be used in your last round (Remark 2, house rule P6)."
            return None
        if isinstance(action, Fly):
            game_map = map_of(state.config)
            if not 0 <= action.city < game_map.size:
                return "There is no such city."
            if action.fuel < 1:
                return "A flight burns fuel; to stay where you are, choose not to fly."
            if action.fuel > state.fuel:
                return f"The tank holds only {litres(state.fuel)} (IV.1)."
            if not game_map.can_reach(state.plane, action.city, action.fuel):
                name = game_map.name(action.city)
                return f"No flight to {name} burns exactly {litres(action.fuel)} (IV.1)."
            if finish_barred(state.config, state.turn.wild_used) and completes_last_trip(state.groups[seat], action.city):
                return (
                    "You used your wild token this turn, so this cannot be your last round: "
                    "you may not fly where your last trip ends (Remark 2, house rule P6)."
                )
            return None
        return None  # StayPut: not flying at all is allowed (IV.1, note)

    # ------------------------------------------------------------ apply

    def apply(self, state: PassaportasState, seat: int, action: PassaportasAction) -> Outcome:
        """Check and apply an action; raise IllegalAction (state untouched) if not allowed."""
        why = self.problem(state, seat, action)
        if why is not None:
            raise IllegalAction(why)
        start = len(state.log)
        chance = False
        if isinstance(action, Roll):
            self._roll(state, seat)
            chance = True
        elif isinstance(action, UseWildToken):
            added = min(WILD_FUEL, MAX_FUEL - state.fuel)
            state.fuel += added
            state.wild_used[seat] = True
            state.turn.wild_used = True
            state.log.append(WildTokenUsed(seat, added, state.fuel))
        elif isinstance(action, Fly):
            self._fly(state, seat, action)
        elif isinstance(action, StayPut):
            state.log.append(StayedPut(seat))
            self._end_turn(state)
        elif isinstance(action, UseCustoms):
            self._use_customs(state, seat, action)
            chance = True  # a hidden card is shown and the victim draws new cards
        else:
            state.log.append(CustomsPassed(seat))
            state.customs_queue.pop(0)
            self._next_customs(state)
        irreversible = chance or self.to_act(state) != (seat,)
        return Outcome(events=state.log[start:], irreversible=irreversible)

    def _roll(self, state: PassaportasState, seat: int) -> None:
        """IV.1: the eyes in thousands of litres, the tank holding at most 25,000."""
        dice = (state.rng.die(), state.rng.die())
        added = min(dice[0] + dice[1], MAX_FUEL - state.fuel)
        state.fuel += added
        state.turn.rolls.append(dice)
        state.log.append(Rolled(seat, dice, added, state.fuel))

    def _fly(self, state: PassaportasState, seat: int, action: Fly) -> None:
        """IV.1 and IV.2: fly, then groups for this city get off, then groups from here board."""
        route = list(map_of(state.config).walk(state.plane, action.city, action.fuel))
        state.fuel -= action.fuel
        state.plane = action.city
        state.turn.flown = True
        state.turn.landed = action.city
        state.log.append(Flew(seat, route, action.fuel, state.fuel))
        for ref in list(state.cabin):  # IV.2: first the passengers for this city get off
            group = state.groups[ref.player][ref.group - 1]
            if group.destination == action.city:
                state.cabin.remove(ref)
                group.status = OFFICE
                state.destination_put_away.append(group.destination)
                state.office.append(ref)
                state.log.append(GotOff(ref.player, ref.group, action.city))
        self._board(state, action.city, last_minute=False)
        # IV.3 with P1: every player holding customs cards is asked, the player in turn first.
        n = state.config.players
        state.customs_queue = [
            p for p in ((state.current + i) % n for i in range(n)) if any(state.holders[p])
        ]
        state.phase = CUSTOMS
        self._next_customs(state)

    def _board(self, state: PassaportasState, city: int, last_minute: bool) -> None:
        """III / IV.2 / IV.4: the player in turn first and clockwise; each player's groups for this
        city board largest first while seats last (P3)."""
        n = state.config.players
        for i in range(n):
            player = (state.current + i) % n
            for group in sorted(state.groups[player], key=lambda g: -g.size):
                if group.status != HOME or group.boarding != city:
                    continue
                if group.size <= free_seats(state.reserved_seats, state.cabin):
                    group.status = PLANE
                    state.boarding_put_away.append(group.boarding)
                    state.cabin.append(GroupRef(player, group.size))
                    state.log.append(Boarded(player, group.size, city, last_minute))
                elif not last_minute:
                    state.log.append(NoRoom(player, group.size, city))

    def _next_customs(self, state: PassaportasState) -> None:
        """Skip seats with no opponent group to refuse; when nobody is left, finish the landing."""
        queue = state.customs_queue
        while queue and not (any(state.holders[queue[0]]) and _targets_for(queue[0], state.cabin, state.office)):
            queue.pop(0)
        if not queue:
            self._finish_landing(state)

    def _use_customs(self, state: PassaportasState, seat: int, action: UseCustoms) -> None:
        """IV.3: the group goes home, its old destination card is put away, a new trip is dealt."""
        city = state.holders[seat][action.holder].pop(0)
        state.customs_used.append(city)
        ref = GroupRef(action.player, action.group)
        group = state.groups[action.player][action.group - 1]
        where = group.status
        if where == PLANE:
            state.cabin.remove(ref)
            state.destination_put_away.append(group.destination)
        else:
            state.office.remove(ref)
        state.log.append(CustomsUsed(seat, action.holder, city, action.player, action.group, where))
        group.status = HOME
        group.boarding = self._draw(state, "boarding")
        group.destination = self._draw(state, "destination")
        state.log.append(TripDealt(action.player, action.group, *self._replace_same_city(state, group)))
        state.customs_queue.pop(0)
        self._next_customs(state)

    def _finish_landing(self, state: PassaportasState) -> None:
        """IV.4: last-minute boarding, then the customs office empties: those trips are complete."""
        self._board(state, state.plane, last_minute=True)
        if state.office:
            for ref in state.office:
                state.groups[ref.player][ref.group - 1].status = DONE
            state.log.append(TripsCompleted(state.plane, list(state.office)))
            state.office = []
        finished = [p for p, gs in enumerate(state.groups) if all(g.status == DONE for g in gs)]
        if finished:  # I: the first to bring all groups to their destinations wins (P9: shared)
            self._end_game(state, finished, by_round_limit=False)
            return
        self._end_turn(state)

    def _end_turn(self, state: PassaportasState) -> None:
        n = state.config.players
        state.current = (state.current + 1) % n
        if state.current == 0:
            state.round_no += 1
        state.turn_no += 1
        state.turn = Turn()
        state.phase = FUEL
        state.customs_queue = []
        if state.round_no > state.config.max_rounds:  # P10
            state.round_no = state.config.max_rounds
            scores = self.delivered(state)
            best = max(scores)
            self._end_game(state, [p for p, s in enumerate(scores) if s == best], by_round_limit=True)
            return
        state.log.append(TurnStarted(state.current, state.round_no))

    def _end_game(self, state: PassaportasState, winners: list[int], by_round_limit: bool) -> None:
        state.phase = OVER
        state.winners = winners
        state.customs_queue = []
        state.log.append(GameEnded(list(winners), self.delivered(state), by_round_limit))

    # ------------------------------------------------------------ results and views

    def delivered(self, state: PassaportasState) -> list[int]:
        """Persons each player has brought to their destinations."""
        return [sum(g.size for g in gs if g.status == DONE) for gs in state.groups]

    def result(self, state: PassaportasState) -> Result:
        ended = next((e for e in reversed(state.log) if isinstance(e, GameEnded)), None)
        by_limit = ended is not None and ended.by_round_limit
        how = "round limit reached" if by_limit else "all groups delivered"
        return Result(
            scores=self.delivered(state),
            winners=list(state.winners),
            summary=f"Round {state.round_no}: {how}",
            endings=[Ending("round-limit" if by_limit else "delivery", state.round_no)],
        )

    def progress(self, state: PassaportasState) -> str:
        """Short, for the saves list."""
        return f"round {state.round_no}"

    def clone(self, state: PassaportasState) -> PassaportasState:
        """An independent copy (fast path for search and undo)."""
        return PassaportasState(
            config=state.config,
            rng=Rng(state.rng.state),
            groups=[[Group(g.size, g.boarding, g.destination, g.status) for g in gs] for gs in state.groups],
            holders=[[list(h) for h in hs] for hs in state.holders],
            boarding_deck=list(state.boarding_deck),
            destination_deck=list(state.destination_deck),
            boarding_put_away=list(state.boarding_put_away),
            destination_put_away=list(state.destination_put_away),
            customs_used=list(state.customs_used),
            customs_boxed=list(state.customs_boxed),
            plane=state.plane,
            fuel=state.fuel,
            reserved_seats=state.reserved_seats,
            cabin=list(state.cabin),
            office=list(state.office),
            current=state.current,
            phase=state.phase,
            turn=Turn(list(state.turn.rolls), state.turn.wild_used, state.turn.flown, state.turn.landed),
            customs_queue=list(state.customs_queue),
            round_no=state.round_no,
            turn_no=state.turn_no,
            wild_used=list(state.wild_used),
            winners=list(state.winners),
            log=list(state.log),
        )

    def view(self, state: PassaportasState, seat: int) -> PassaportasView:
        """What ``seat`` may see. Copies everything so a view can never alter the state."""
        t = state.turn
        return PassaportasView(
            seat=seat,
            num_seats=state.config.players,
            config=state.config,
            plane=state.plane,
            fuel=state.fuel,
            reserved_seats=state.reserved_seats,
            cabin=list(state.cabin),
            office=list(state.office),
            free_seats=free_seats(state.reserved_seats, state.cabin),
            groups=[[Group(g.size, g.boarding, g.destination, g.status) for g in gs] for gs in state.groups],
            own_customs=self.own_tops(state, seat),
            customs_counts=[[len(h) for h in hs] for hs in state.holders],
            customs_used=list(state.customs_used),
            current=state.current,
            phase=state.phase,
            turn=Turn(list(t.rolls), t.wild_used, t.flown, t.landed),
            customs_queue=list(state.customs_queue),
            round_no=state.round_no,
            turn_no=state.turn_no,
            wild_used=list(state.wild_used),
            may_use_wild=self.may_use_wild(state, seat),
            boarding_deck=len(state.boarding_deck),
            destination_deck=len(state.destination_deck),
            boarding_put_away=len(state.boarding_put_away),
            destination_put_away=len(state.destination_put_away),
            delivered=self.delivered(state),
            winners=list(state.winners),
            log=list(state.log[-VIEW_LOG_LENGTH:]),
            quiet_turns=quiet_turns(state.log),
        )

    def describe(self, event: PassaportasEvent, viewer: int | None, names: Sequence[str]) -> str:
        """A sentence for the log. Every event is public (P11), so nothing needs hiding. (The
        cities are the same in every edition of the map.)"""
        return describe(event, viewer, names, board_map())


def describe(event: PassaportasEvent, viewer: int | None, names: Sequence[str], game_map: GameMap) -> str:
    """A sentence for the log, from ``viewer``'s point of view."""

    def who(seat: int) -> str:
        return "You" if seat == viewer else names[seat]

    def whose(seat: int, size: int) -> str:
        owner = "your" if seat == viewer else f"{names[seat]}'s"
        return f"{owner} {'traveller' if size == 1 else f'group of {size}'}"

    city = game_map.name
    if isinstance(event, GameStarted):
        extra = f"; {event.reserved_seats} seats are taken by unknown travellers" if event.reserved_seats else ""
        return f"The plane stands in {city(event.plane)}{extra}."
    if isinstance(event, TripDealt):
        again = f" (a same-city pair replaced {event.replaced}x)" if event.replaced else ""
        trip = f"{city(event.boarding)} to {city(event.destination)}"
        return f"{whose(event.player, event.group).capitalize()} will travel {trip}{again}."
    if isinstance(event, TurnStarted):
        return f"Round {event.round_no}: {who(event.seat)} {'are' if event.seat == viewer else 'is'} in turn."
    if isinstance(event, Rolled):
        double = " (a double)" if event.dice[0] == event.dice[1] else ""
        full = "" if event.added == sum(event.dice) else f"; only {event.added},000 fit"
        return f"{who(event.seat)} rolled {event.dice[0]} and {event.dice[1]}{double}{full}: tank {litres(event.fuel)}."
    if isinstance(event, WildTokenUsed):
        return f"{who(event.seat)} used the wild token: +{litres(event.added)}, tank {litres(event.fuel)}."
    if isinstance(event, Flew):
        path = " - ".join(game_map.code(c) for c in event.route)
        left = litres(event.fuel) if event.fuel else "no fuel"
        return f"{who(event.seat)} flew to {city(event.route[-1])} ({path}), burning {litres(event.burned)}; {left} left."
    if isinstance(event, StayedPut):
        return f"{who(event.seat)} did not fly."
    if isinstance(event, GotOff):
        return f"{whose(event.player, event.group).capitalize()} got off in {city(event.city)}."
    if isinstance(event, Boarded):
        late = " at the last minute" if event.last_minute else ""
        return f"{whose(event.player, event.group).capitalize()} boarded in {city(event.city)}{late}."
    if isinstance(event, NoRoom):
        return f"No room for {whose(event.player, event.group)} in {city(event.city)}."
    if isinstance(event, CustomsUsed):
        where = "in the plane" if event.where == PLANE else "in the customs office"
        return f"{who(event.seat)} showed customs for {city(event.city)}: {whose(event.player, event.group)} {where} goes home."
    if isinstance(event, CustomsPassed):
        return f"{who(event.seat)} used no customs card."
    if isinstance(event, DeckReshuffled):
        return f"The {event.deck} cards ran out: {event.cards} put-away cards were shuffled into a new deck."
    if isinstance(event, TripsCompleted):
        done = ", ".join(whose(r.player, r.group) for r in event.groups)
        return f"Trips complete in {city(event.city)}: {done}."
    if isinstance(event, GameEnded):
        winners = " and ".join(names[w] for w in event.winners)
        if event.by_round_limit:
            return f"The round limit is reached: {winners} delivered the most persons and won."
        return f"{winners} brought every group home and won."
    return str(event)


PASSAPORTAS = PassaportasRules()
