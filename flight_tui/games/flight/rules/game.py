"""The rules of Flight (Pepys, 1954): dealing, drawing, playing, discarding, scoring.

Rule numbers in comments and messages are those of the 1954 rules text. Where the text is
silent we follow the house interpretations in ``house_rules.md`` (shown in the app).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.options import read_choices
from flight_tui.engine.protocol import Ending, Outcome, Result, Rules
from flight_tui.engine.rng import Rng
from flight_tui.games.flight.spec import SPEC
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import (
    DRAW,
    OVER,
    PLAY,
    Discard,
    Discarded,
    DrawDiscard,
    DrawPack,
    DrawThree,
    DrawTwoAndDiscard,
    Drew,
    FlightAction,
    FlightConfig,
    FlightEvent,
    FlightLine,
    FlightState,
    FlightView,
    HandDealt,
    HandEnded,
    HandResult,
    MatchEnded,
    PackReformed,
    public_fields,
    Play,
    Played,
    TurnInfo,
)
from flight_tui.words import count

HAND_SIZE = 7
LOW_PACK = 3
"""The pack is re-formed when fewer cards than this are left: a player with an empty hand draws three (rule 9)."""
VIEW_LOG_LENGTH = 40

DRAW_PACK, DRAW_DISCARD, DRAW_THREE, DRAW_TWO = DrawPack(), DrawDiscard(), DrawThree(), DrawTwoAndDiscard()
PLAYS = tuple(tuple(Play(card, f) for f in range(4)) for card in range(C.NUM_CARDS))
DISCARDS = tuple(Discard(card) for card in range(C.NUM_CARDS))

_ACTION_TYPES = (DrawPack, DrawDiscard, DrawThree, DrawTwoAndDiscard, Play, Discard)


def play_problem(
    hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo, card: int, flight: int, holds_plane: bool | None = None
) -> str | None:
    """Why ``card`` may not be laid on ``flight`` now, or None if it may.

    Works on a state or a view alike (both have the hand, the flights and the turn so far).
    ``holds_plane`` is whether the hand holds an aeroplane, when the caller already knows.
    """
    if card not in hand:
        return "That card is not in your hand."
    if not 0 <= flight < 4:
        return "There are four flights."
    kind = C.KIND[card]
    if turn.plane_played:
        return "You played an aeroplane this turn, so no other card (rule 3a)."
    if holds_plane is None:
        holds_plane = _holds_plane(hand)
    if kind != C.PLANE and holds_plane:
        return "You hold an aeroplane: you must play it and nothing else this turn (rule 3a)."
    if kind != C.SAFE_LANDING and len(hand) < 2:
        return "You may not play your last card: it must be discarded (rule 2)."
    line = flights[flight]
    started = bool(line.cards)
    if line.landed:
        return "That flight has landed."
    if kind == C.PLANE:
        if C.COLOUR[card] != flight:
            return "An aeroplane starts the flight of its own colour."
        return None
    if kind == C.ROUTE:
        colour, number = C.COLOUR[card], C.NUMBER[card]
        if colour != flight:
            return "Route cards go on the flight of their own colour (rule 4)."
        if not started:
            return f"The {C.COLOURS[colour]} aeroplane has not taken off yet (rule 4)."
        if turn.route_flight not in (-1, flight):
            return "You have played route cards on another flight this turn (rule 4)."
        if line.obstacle:
            blocker = "Fog" if line.obstacle == C.FOG else "Customs"
            clear = "an Alternative Route" if line.obstacle == C.FOG else "a Passport"
            return f"{blocker} holds this flight until {clear} clears it (rule 6a)."
        if number <= line.reached:  # the card is in hand, so an Alternative Route took its place
            return f"An Alternative Route replaced route {number} on this flight (rule 6b)."
        if number != line.reached + 1:
            return f"Route cards go in order: R{line.reached + 1} comes next (rule 4)."
        return None
    if kind == C.SAFE_LANDING:
        if not started or line.reached < 5:
            return "A Safe Landing needs five routes (or their replacements) flown (rule 8)."
        if line.obstacle:
            return "Clear the Customs with a Passport before landing (rule 8)."
        return None
    # Fog, Customs, Alternative Route, Passport
    if turn.special_played:
        return "Only one Fog, Customs, Alternative Route or Passport per turn (rule 7)."
    if kind in (C.FOG, C.CUSTOMS):
        if line.reached == 0:
            return "Fog and Customs are laid beside route cards only (rule 5)."
        if line.obstacle:
            return "That flight is already held up: clear it first (house rule H6)."
        if kind == C.FOG and line.reached >= 5:
            return "Fog cannot be laid beside route card No. 5 (rule 5)."
        return None
    wanted = C.FOG if kind == C.ALT_ROUTE else C.CUSTOMS
    if line.obstacle != wanted:
        what = "a Fog" if kind == C.ALT_ROUTE else "a Customs card"
        return f"{C.KIND_NAMES[kind]} is played on {what} to clear it (rule 6a)."
    return None


def kept_back(hand: Sequence[int], turn: TurnInfo, card: int) -> bool:
    """Whether house rule H16 keeps ``card``, taken from the discards this turn, from being discarded.

    It may go when it is the last card in hand (rule 2: the last card must be discarded).
    """
    return card == turn.kept and len(hand) > 1


def discard_problem(hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo, card: int) -> str | None:
    """Why ``card`` may not be discarded now, or None if it may."""
    if card not in hand:
        return "That card is not in your hand."
    if turn.played == 0 and _any_play(hand, flights, turn):
        if _holds_plane(hand):
            return "You must play your aeroplane first (rule 3a)."
        return "You must play at least one card when you can (rule 3b)."
    if kept_back(hand, turn, card):
        return "You took that card from the discards this turn: discard another (house rule H16)."
    return None


def _candidate_flights(card: int) -> Sequence[int]:
    kind = C.KIND[card]
    if kind == C.PLANE or kind == C.ROUTE:
        return (C.COLOUR[card],)
    return (0, 1, 2, 3)


def _holds_plane(hand: Sequence[int]) -> bool:
    return any(C.KIND[c] == C.PLANE for c in hand)


def _any_play(hand, flights, turn) -> bool:
    holds_plane = _holds_plane(hand)
    for card in hand:
        for f in _candidate_flights(card):
            if play_problem(hand, flights, turn, card, f, holds_plane) is None:
                return True
    return False


def legal_plays(hand: Sequence[int], flights: Sequence[FlightLine], turn: TurnInfo) -> list[Play]:
    """Every card-on-flight play allowed now."""
    out = []
    holds_plane = _holds_plane(hand)
    for card in hand:
        for f in _candidate_flights(card):
            if play_problem(hand, flights, turn, card, f, holds_plane) is None:
                out.append(PLAYS[card][f])
    return out


def legal_from(phase: str, hand: Sequence[int], flights, turn: TurnInfo, discard_size: int) -> list[FlightAction]:
    """Legal actions from the facts a seat can see (shared by states and views)."""
    if phase == DRAW:
        if not hand:
            return [DRAW_THREE, DRAW_TWO] if discard_size else [DRAW_THREE]
        return [DRAW_PACK, DRAW_DISCARD] if discard_size else [DRAW_PACK]
    if phase != PLAY:
        return []
    plays = legal_plays(hand, flights, turn)
    if plays and turn.played == 0:
        return plays
    return plays + [DISCARDS[c] for c in hand if not kept_back(hand, turn, c)]


def match_over(config: FlightConfig, scores: Sequence[int], hand_no: int) -> bool:
    """Whether a match ends once hand ``hand_no`` is scored, the totals being ``scores``: after
    its number of hands, or when someone has reached the target (H14) or the hands run out (H17)."""
    if config.hands:
        return hand_no >= config.hands
    return max(scores) >= config.target or hand_no >= config.max_hands


class FlightRules(Rules):
    """Flight's implementation of :class:`flight_tui.engine.protocol.Rules`."""

    spec = SPEC
    name, title = SPEC.name, SPEC.title
    state_type = FlightState
    action_type = FlightAction
    config_type = FlightConfig
    min_players, max_players = SPEC.min_players, SPEC.max_players
    cooperative = SPEC.cooperative
    ending_labels = {"safe-landing": "by a Safe Landing", "grounded": "grounded", "turn-cap": "at the turn cap"}
    safety_caps: tuple[str, ...] = ()
    options = SPEC.options
    """Flight's one set-up choice, the match length, is a number: ``target`` or ``hands``."""

    def make_config(self, players: int, choices: Mapping[str, str]) -> FlightConfig:
        """A match for ``players`` seats: to the target score, or for a number of hands (H14)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Flight is for {self.min_players} to {self.max_players} players.")
        if "target" in choices and choices.get("hands", "0").strip() not in ("", "0"):
            raise ValueError("Choose a target score or a number of hands, not both.")
        if choices.get("hands", "").strip() == "0":
            raise ValueError("The number of hands must be a positive number; leave it out to play to the target.")
        picked = read_choices(self.title, self.options, choices)
        hands = int(picked["hands"])
        return FlightConfig(players=players, target=0 if hands else int(picked["target"]), hands=hands)

    def progress(self, state: FlightState) -> str:
        """How far the match has gone, for the saves list."""
        if state.phase == OVER:
            return "match over"
        return f"hand {state.hand_no}, turn {state.turn_no}"

    # ------------------------------------------------------------ set-up

    def new_game(self, config: FlightConfig, seed: int) -> FlightState:
        """Deal the first hand of a match. The seat left of the dealer plays first."""
        if not self.min_players <= config.players <= self.max_players:
            raise ValueError("Flight is for 2 to 4 players.")
        if config.target < 0 or config.hands < 0:
            raise ValueError("The target score and the number of hands cannot be negative.")
        if config.target == 0 and config.hands == 0:
            raise ValueError("A match needs a target score or a number of hands.")
        if config.max_turns < 1:
            raise ValueError("A hand needs at least one turn.")
        if config.max_hands < 1:
            raise ValueError("A match needs at least one hand.")
        if config.max_reforms < 0:
            raise ValueError("The number of times the pack may be re-formed cannot be negative.")
        n = config.players
        state = FlightState(
            config=config,
            rng=Rng.from_seed(seed),
            hands=[[] for _ in range(n)],
            pack=[],
            discard=[],
            flights=[FlightLine() for _ in range(4)],
            current=0,
            phase=DRAW,
            dealer=n - 1,
            hand_no=0,
            scores=[0] * n,
        )
        self._deal(state)
        return state

    def _deal(self, state: FlightState) -> None:
        n = state.config.players
        state.hand_no += 1
        pack = list(range(C.NUM_CARDS))
        state.rng.shuffle(pack)
        state.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):  # rule 1: seven cards each, dealt one at a time
            for i in range(1, n + 1):
                state.hands[(state.dealer + i) % n].append(pack.pop())
        state.discard = [pack.pop()]  # rule 1: the top card turned up beside the pack
        state.pack = pack
        state.flights = [FlightLine() for _ in range(4)]
        state.current = (state.dealer + 1) % n  # rule 2: left of the dealer starts
        state.phase = DRAW
        state.turn_no = 1
        state.turn = TurnInfo()
        state.first_out = -1
        state.reforms = 0
        state.log.append(HandDealt(state.hand_no, state.dealer, state.discard[-1]))

    # ------------------------------------------------------------ queries

    def num_seats(self, state: FlightState) -> int:
        return state.config.players

    def to_act(self, state: FlightState) -> tuple[int, ...]:
        return () if state.phase == OVER else (state.current,)

    def is_over(self, state: FlightState) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: FlightState, seat: int) -> list[FlightAction]:
        if seat != state.current or state.phase == OVER:
            return []
        return legal_from(state.phase, state.hands[seat], state.flights, state.turn, len(state.discard))

    def problem(self, state: FlightState, seat: int, action: FlightAction) -> str | None:
        """Why ``seat`` may not take ``action`` now (a sentence for the player), or None."""
        if state.phase == OVER:
            return "The match is over."
        if seat != state.current:
            return "It is not your turn."
        if not isinstance(action, _ACTION_TYPES):
            return "That is not a move in Flight."
        hand = state.hands[seat]
        if state.phase == DRAW:
            if isinstance(action, (Play, Discard)):
                return "Draw a card first: the exposed card or the top of the pack (rule 2)."
            if hand and isinstance(action, (DrawThree, DrawTwoAndDiscard)):
                return "You draw three (or two and the discard) only when your hand is empty (rule 9)."
            if not hand and isinstance(action, (DrawPack, DrawDiscard)):
                return "Your hand is empty: draw three from the pack, or two and the exposed card (rule 9)."
            if isinstance(action, (DrawDiscard, DrawTwoAndDiscard)) and not state.discard:
                return "There is no exposed card to take."
            return None
        if isinstance(action, Play):
            return play_problem(hand, state.flights, state.turn, action.card, action.flight)
        if isinstance(action, Discard):
            return discard_problem(hand, state.flights, state.turn, action.card)
        return "You have drawn already this turn."

    # ------------------------------------------------------------ apply

    def apply(self, state: FlightState, seat: int, action: FlightAction) -> Outcome:
        """Check and apply an action; raise IllegalAction (state untouched) if not allowed."""
        why = self.problem(state, seat, action)
        if why is not None:
            raise IllegalAction(why)
        log = state.log
        start = len(log)
        hand = state.hands[seat]
        irreversible = False
        if isinstance(action, Play):
            self._play(state, seat, action.card, action.flight)
        elif isinstance(action, Discard):
            hand.remove(action.card)
            state.discard.append(action.card)
            log.append(Discarded(seat, action.card, not hand))
            if not hand and state.first_out < 0:
                state.first_out = seat  # rule 11: the first to dispose of all his cards
            self._end_turn(state)
            irreversible = True  # the turn passes
        else:
            from_pack: list[int] = []
            exposed = -1
            if isinstance(action, (DrawDiscard, DrawTwoAndDiscard)):
                exposed = state.discard.pop()
                hand.append(exposed)
            count = {DrawPack: 1, DrawDiscard: 0, DrawThree: 3, DrawTwoAndDiscard: 2}[type(action)]
            for _ in range(count):
                from_pack.append(state.pack.pop())
            hand.extend(from_pack)
            irreversible = bool(from_pack)
            log.append(Drew(seat, from_pack, exposed))
            state.phase = PLAY
            state.turn = TurnInfo(kept=-1 if state.config.discard_taken else exposed)
        if state.phase == OVER or len(log) > start + 1:
            irreversible = True
        return Outcome(events=log[start:], irreversible=irreversible)

    def _play(self, state: FlightState, seat: int, card: int, flight: int) -> None:
        hand = state.hands[seat]
        hand.remove(card)
        line = state.flights[flight]
        line.cards.append(card)
        turn = state.turn
        turn.played += 1
        kind = C.KIND[card]
        state.log.append(Played(seat, card, flight))
        if kind == C.PLANE:
            turn.plane_played = True
        elif kind == C.ROUTE:
            line.reached = C.NUMBER[card]
            turn.route_flight = flight
        elif kind == C.SAFE_LANDING:
            line.landed = True
            self._end_hand(state, landed_by=seat, how="safe-landing", turns=state.turn_no)  # rule 10
        else:
            turn.special_played = True
            if kind in (C.FOG, C.CUSTOMS):
                line.obstacle = kind
            else:
                if kind == C.ALT_ROUTE:
                    line.reached += 1  # rule 6b: replaces the next route card
                line.obstacle = 0

    def _end_turn(self, state: FlightState) -> None:
        n = state.config.players
        state.current = (state.current + 1) % n
        state.phase = DRAW
        state.turn = TurnInfo()
        state.turn_no += 1
        if len(state.pack) < LOW_PACK and not self._reform_pack(state):
            self._end_hand(state, landed_by=-1, how="grounded", turns=state.turn_no - 1)  # H11
        elif state.turn_no > state.config.max_turns:  # H12: the safety valve
            self._end_hand(state, landed_by=-1, how="turn-cap", turns=state.turn_no - 1)

    def _reform_pack(self, state: FlightState) -> bool:
        """House rule H10: shuffle the discards under the exposed card into the pack, beneath what is left.

        False (nothing changes) when that would still leave fewer than ``LOW_PACK`` cards, or when
        the config limits re-forms and the limit is reached.
        """
        limit = state.config.max_reforms
        if (limit and state.reforms >= limit) or len(state.pack) + len(state.discard) - 1 < LOW_PACK:
            return False
        exposed = state.discard.pop()
        new = state.discard
        state.rng.shuffle(new)
        state.pack = new + state.pack  # what was left of the old pack stays on top
        state.discard = [exposed]
        state.reforms += 1
        state.log.append(PackReformed(len(new)))
        return True

    def _end_hand(self, state: FlightState, landed_by: int, how: str, turns: int) -> None:
        """Rule 11 scoring; then the next hand, or the end of the match."""
        n = state.config.players
        first_out = state.first_out
        if landed_by >= 0 and first_out < 0 and not state.hands[landed_by]:
            first_out = landed_by  # emptied his hand by laying the Safe Landing as his last card
        points = []
        for seat in range(n):
            p = 0
            if seat == first_out:
                p += 20
            if seat == landed_by:
                p += 25
                if seat == first_out:
                    p += 5  # the bonus: 50 in all
            else:
                p -= C.hand_value(state.hands[seat])
            points.append(p)
        result = HandResult(state.hand_no, points, landed_by, first_out, turns=turns, how=how)
        state.hand_results.append(result)
        state.scores = [s + p for s, p in zip(state.scores, points)]
        state.log.append(HandEnded(result))
        if match_over(state.config, state.scores, state.hand_no):
            best = max(state.scores)
            state.winners = [i for i, s in enumerate(state.scores) if s == best]
            state.phase = OVER
            state.log.append(MatchEnded(state.winners, list(state.scores)))
            return
        state.dealer = (state.dealer + 1) % n
        self._deal(state)

    # ------------------------------------------------------------ results and views

    def result(self, state: FlightState) -> Result:
        played = count(state.hand_no, "hand")
        target = state.config.target if not state.config.hands else 0
        hands = f"{played}, to {target} points" if target else f"{played} played"
        endings = [Ending(r.how or ("safe-landing" if r.landed_by >= 0 else "grounded"), r.turns) for r in state.hand_results]
        return Result(
            scores=list(state.scores), winners=list(state.winners), summary=hands, endings=endings, length_unit="turns"
        )

    def clone(self, state: FlightState) -> FlightState:
        """An independent copy (fast path for search and undo)."""
        return FlightState(
            **public_fields(state),
            rng=Rng(state.rng.state),
            hands=[list(h) for h in state.hands],
            pack=list(state.pack),
            log=list(state.log),
        )

    def view(self, state: FlightState, seat: int) -> FlightView:
        """What ``seat`` may see. Copies everything so a view can never alter the state."""
        return FlightView(
            **public_fields(state),
            seat=seat,
            num_seats=state.config.players,
            hand=list(state.hands[seat]),
            hand_sizes=[len(h) for h in state.hands],
            pack_count=len(state.pack),
            log=[redact(e, seat) for e in state.log[-VIEW_LOG_LENGTH:]],
        )

    def legal_actions_from_view(self, view: FlightView) -> list[FlightAction]:
        """The legal actions of the viewing seat, computed from its view alone (for bots)."""
        if view.current != view.seat:
            return []
        return legal_from(view.phase, view.hand, view.flights, view.turn, len(view.discard))

    def describe(self, event: FlightEvent, viewer: int | None, names: Sequence[str]) -> str:
        return describe(redact(event, viewer), viewer, names)


def redact(event: FlightEvent, viewer: int | None) -> FlightEvent:
    """The event as ``viewer`` may know it: cards drawn from the pack by others become -1."""
    if isinstance(event, Drew) and event.seat != viewer and event.from_pack:
        return Drew(event.seat, [-1] * len(event.from_pack), event.from_discard)
    return event


def describe(event: FlightEvent, viewer: int | None, names: Sequence[str]) -> str:
    """A sentence for the log, from ``viewer``'s point of view (pass a redacted event)."""

    def who(seat: int) -> str:
        return "You" if seat == viewer else names[seat]

    if isinstance(event, HandDealt):
        return f"Hand {event.hand_no}: {names[event.dealer]} deals; {C.name(event.exposed)} is turned up."
    if isinstance(event, Drew):
        parts = []
        if event.from_discard >= 0:
            parts.append(f"the exposed {C.name(event.from_discard)}")
        if event.from_pack:
            if event.from_pack[0] < 0:
                n = len(event.from_pack)
                parts.append("the top of the pack" if n == 1 else f"{n} cards from the pack")
            else:
                parts.append(", ".join(C.name(c) for c in event.from_pack) + " from the pack")
        return f"{who(event.seat)} drew {' and '.join(parts)}."
    if isinstance(event, Played):
        kind = C.KIND[event.card]
        where = f"the {C.COLOURS[event.flight]} flight"
        if kind == C.PLANE:
            return f"{who(event.seat)} took off: {C.name(event.card)}."
        return f"{who(event.seat)} played {C.name(event.card)} on {where}."
    if isinstance(event, Discarded):
        tail = f" and {'have' if event.seat == viewer else 'has'} no cards left" if event.hand_empty else ""
        return f"{who(event.seat)} discarded {C.name(event.card)}{tail}."
    if isinstance(event, PackReformed):
        return f"The pack ran low: {event.cards} discards were shuffled into a new pack."
    if isinstance(event, HandEnded):
        r = event.result
        if r.landed_by >= 0:
            how = f"{who(r.landed_by)} made a Safe Landing"
        elif r.how == "turn-cap":
            how = f"Nobody landed in {r.turns} turns, the safety limit: the hand is stopped"
        else:
            how = "The flights were grounded: the pack ran out"
        pts = ", ".join(f"{names[i]} {p:+d}" for i, p in enumerate(r.points))
        return f"Hand {r.hand_no} over. {how}. {pts}."
    if isinstance(event, MatchEnded):
        return "Match over: " + " and ".join(names[w] for w in event.winners) + " won."
    return str(event)


FLIGHT = FlightRules()
