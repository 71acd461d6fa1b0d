"""The Flight bots: legal moves only, views only, landings taken, hands that end, and Normal beats random."""

from __future__ import annotations

import msgspec
import pytest
from bot_positions import random_positions
from call_counter import count_calls
from stepping_clock import SteppingClock

from flight_tui.bots import make_bot
from flight_tui.games.flight.bots import hard
from flight_tui.games.flight.bots.quick import quick_action
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import DRAW_DISCARD, DRAW_PACK
from flight_tui.games.flight.rules.state import (
    DRAW,
    PLAY,
    Discarded,
    Drew,
    FlightLine,
    HandResult,
    FlightView,
    Play,
    TurnInfo,
)
from flight_tui.simulate import simulate
from flight_tui.table import parse_seat

POSITIONS = random_positions(24, every=3) + random_positions(6, every=4, players=(2, 3), levels=("normal", "easy"))


def _bot(level: str, seed: int = 0):
    if level == "hard":
        return make_bot("flight", "hard", seed, budget=0.001, max_samples=1)
    return make_bot("flight", level, seed)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_chooses_only_legal_actions(level):
    positions = POSITIONS if level != "hard" else POSITIONS[::6]
    assert len(positions) > 50
    for i, state in enumerate(positions):
        seat = state.current
        view = FLIGHT.view(state, seat)
        action = _bot(level, i).choose(view)
        assert action in FLIGHT.legal_actions(state, seat), (level, i, action)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_decide_from_a_decoded_view_and_leave_it_unchanged(level):
    for i, state in enumerate(POSITIONS[::15]):
        seat = state.current
        wire = msgspec.json.encode(FLIGHT.view(state, seat))
        view = msgspec.json.decode(wire, type=FlightView)  # no link to the state at all
        action = _bot(level, i).choose(view)
        assert msgspec.json.encode(view) == wire
        FLIGHT.apply(FLIGHT.clone(state), seat, action)  # legal in the real game


def _landing_view() -> FlightView:
    """Seat 0 to play: the red flight stands at R4 and seat 0 holds R5 red and a Safe Landing."""
    state = FLIGHT.new_game(FlightConfig(players=2, hands=1), 3)
    hand = [C.route(1, 5), 24, C.route(0, 3), 28]
    red = [C.plane(1)] + [C.route(1, n) for n in range(1, 5)]
    rest = [c for c in range(C.NUM_CARDS) if c not in hand and c not in red]
    state.hands = [hand, rest[:5]]
    state.discard = [rest[5]]
    state.pack = rest[6:]
    state.flights = [FlightLine(), FlightLine(red, reached=4), FlightLine(), FlightLine()]
    state.current, state.phase, state.turn = 0, PLAY, TurnInfo()
    return FLIGHT.view(state, 0)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_land_when_they_can(level):
    view = _landing_view()
    bot = _bot(level)
    assert bot.choose(view) == Play(C.route(1, 5), 1)
    flights = list(view.flights)
    flights[1] = FlightLine(view.flights[1].cards + [C.route(1, 5)], reached=5)
    after = msgspec.structs.replace(
        view, hand=[c for c in view.hand if c != C.route(1, 5)], flights=flights, turn=TurnInfo(played=1, route_flight=1)
    )
    assert bot.choose(after) == Play(24, 1)


def test_hard_does_not_search_a_decision_with_one_legal_action(monkeypatch):
    state = FLIGHT.new_game(FlightConfig(players=2, hands=1), 8)
    state.discard = []  # only the pack is left to draw from
    view = FLIGHT.view(state, state.current)
    assert view.phase == DRAW
    bot = make_bot("flight", "hard", 1)
    monkeypatch.setattr(hard, "determinize", lambda *a, **k: pytest.fail("searched a forced move"))
    assert bot.choose(view) == DRAW_PACK


def test_hard_budget_is_samples_so_a_slow_machine_plays_the_same(monkeypatch):
    """Hard's budget is a number of sampled deals: however slow the clock runs, the same seed
    makes the same choices, and no decision samples more than ``max_samples`` deals."""
    state = FLIGHT.new_game(FlightConfig(players=4, hands=1), 21)
    views = []
    bots = [make_bot("flight", "normal") for _ in range(4)]
    while len(views) < 12 and not FLIGHT.is_over(state):
        seat = state.current
        view = FLIGHT.view(state, seat)
        if len(FLIGHT.legal_actions_from_view(view)) > 1:
            views.append(view)
        FLIGHT.apply(state, seat, bots[seat].choose(view))
    samples = count_calls(monkeypatch, hard, "determinize")
    fast = [make_bot("flight", "hard", 3, max_samples=12).choose(v) for v in views]
    assert 0 < len(samples) <= 12 * len(views)
    monkeypatch.setattr(hard, "time", SteppingClock(step=60.0))  # a minute passes between every two looks at the clock
    slow = [make_bot("flight", "hard", 3, max_samples=12).choose(v) for v in views]
    assert slow == fast


def test_hard_judges_the_hand_that_ends_a_match_by_the_match_totals_h14():
    """H14: a match to 100 ends after the hand in which someone reaches 100, and the highest
    total wins it. A hand won by 60 points that leaves the rival ahead on the totals is a lost
    match; a match of a number of hands is judged on the totals after its last."""
    state = FLIGHT.new_game(FlightConfig(players=2, target=100), 1)
    state.hand_results.append(HandResult(4, [50, -10], 0, 0))
    state.scores = [90, 110]
    assert hard.hand_utility(state, 0) > 1.0  # the hand alone: won
    assert hard.hand_utility(state, 0, state.config) < 0.5  # the match: lost
    assert hard.hand_utility(state, 1, state.config) > 1.0
    single = msgspec.structs.replace(state.config, target=0, hands=4)  # a match of four hands ends here
    state.scores = [95, 96]
    assert hard.hand_utility(state, 0, single) < 0.5


def test_hard_judges_a_heads_up_hand_that_leaves_a_match_going_by_its_chance_to_win_the_match_rule_11():
    """Rule 11: the lander scores 25, the first out of cards 20, the others lose what they hold.
    Early in a match to 100 a hand won 25 to 20 is worth little more than one lost 20 to 25, and
    far less than one won 50 to 0. In a match of a number of hands, and at three seats, the hand
    is still judged alone."""
    state = FLIGHT.new_game(FlightConfig(players=2, target=100), 1)

    def judged(points: list[int], seat: int = 0) -> float:
        state.hand_results[:] = [HandResult(1, points, 0, 0)]
        state.scores = list(points)
        return hard.hand_utility(state, seat, state.config)

    narrow_win, narrow_loss, wide_win, wide_loss = judged([25, 20]), judged([20, 25]), judged([50, 0]), judged([0, 50])
    assert 0.5 < narrow_win < 0.6 and 0.4 < narrow_loss < 0.5
    assert wide_win - narrow_win > 2 * (narrow_win - narrow_loss)
    assert wide_loss < narrow_loss
    assert judged([25, 20], seat=1) == pytest.approx(narrow_loss)
    state.config = msgspec.structs.replace(state.config, target=0, hands=4)  # a match of four hands
    assert judged([25, 20]) == hard.hand_utility(state, 0) > 1.0  # judged alone, as before
    three = FLIGHT.new_game(FlightConfig(players=3, target=100), 1)
    three.hand_results.append(HandResult(1, [20, 25, -5], 0, 0))
    three.scores = [20, 25, -5]
    assert hard.hand_utility(three, 1, three.config) == hard.hand_utility(three, 1) > 1.0


def test_bots_with_the_same_seed_play_the_same_game():
    def play() -> list:
        state = FLIGHT.new_game(FlightConfig(players=3, hands=1), 12)
        bots = [make_bot("flight", "easy", 4), make_bot("flight", "normal", 5), make_bot("flight", "random", 6)]
        while not FLIGHT.is_over(state):
            seat = state.current
            FLIGHT.apply(state, seat, bots[seat].choose(FLIGHT.view(state, seat)))
        return [state.scores, len(state.log)]

    assert play() == play()


def test_normal_beats_random_heads_up():
    seats = [parse_seat("normal", 0), parse_seat("random", 1)]
    report = simulate("flight", seats, 40, seed=5, workers=1)
    assert report.seats[0].win_rate >= 0.65
    assert report.seats[0].mean_score > report.seats[1].mean_score


def test_make_bot_rejects_unknown_levels():
    with pytest.raises(KeyError):
        make_bot("flight", "expert")


class QuickPlayer:
    """The quick player that the Hard bot's search plays out sampled games with, as a bot."""

    level = "quick"

    def choose(self, view: FlightView):
        return quick_action(view.phase, view.hand, view.flights, view.turn, view.discard)


def _player(level: str, seed: int):
    return QuickPlayer() if level == "quick" else _bot(level, seed)


def _play_hands(levels: list[str], hands: int, config: FlightConfig | None = None):
    """Finished one-hand games of bots of ``levels`` (seats rotated), each with its log."""
    n = len(levels)
    config = config or FlightConfig(players=n, hands=1)
    games = []
    for g in range(hands):
        state = FLIGHT.new_game(config, 500 + g)
        bots = [_player(levels[(g + s) % n], g * n + s) for s in range(n)]
        while not FLIGHT.is_over(state):
            seat = state.current
            FLIGHT.apply(state, seat, bots[seat].choose(FLIGHT.view(state, seat)))
        games.append(state)
    return games


def _take_and_return(state) -> list[tuple[int, int]]:
    """(seat, card) of every turn in which the exposed card taken was discarded again, not as a last card."""
    taken: dict[int, int] = {}
    out = []
    for event in state.log:
        if isinstance(event, Drew):
            taken[event.seat] = event.from_discard
        elif isinstance(event, Discarded) and event.card == taken.get(event.seat) and not event.hand_empty:
            out.append((event.seat, event.card))
    return out


@pytest.mark.parametrize("levels", [["normal", "normal"], ["easy", "normal"], ["normal"] * 3, ["quick", "quick"]])
def test_bot_hands_end_with_a_safe_landing(levels):
    """Two-player hands between Normal bots used to pass cards to and fro until the turn limit."""
    for state in _play_hands(levels, 8):
        result = state.hand_results[-1]
        assert (result.how, result.landed_by >= 0) == ("safe-landing", True), (levels, result)
        assert result.turns < 200


@pytest.mark.parametrize("level", ["easy", "normal", "quick"])
def test_bots_never_take_the_exposed_card_to_throw_it_back(level):
    """Even where house rule H16 still allows it (a match begun before it changed)."""
    config = FlightConfig(players=2, hands=1, discard_taken=True)
    games = _play_hands([level, "normal"], 6, config) + _play_hands(["normal", level], 6, config)
    assert [move for state in games for move in _take_and_return(state)] == []


def _draw_view(hand: list[int], exposed: int, *, config: FlightConfig | None = None) -> FlightView:
    """Seat 0 to draw, the blue flight at R2, ``exposed`` on the discards; no landing in reach."""
    state = FLIGHT.new_game(config or FlightConfig(players=2, hands=1), 3)
    blue = [C.plane(0), C.route(0, 1), C.route(0, 2)]
    rest = [c for c in range(C.NUM_CARDS) if c not in hand and c not in blue and c != exposed]
    state.hands = [list(hand), rest[:7]]
    state.discard = [rest[7], exposed]
    state.pack = rest[8:]
    state.flights = [FlightLine(blue, reached=2), FlightLine(), FlightLine(), FlightLine()]
    state.current, state.phase, state.turn = 0, DRAW, TurnInfo()
    return FLIGHT.view(state, 0)


SAFE_LANDINGS = list(C.cards_of(C.SAFE_LANDING))


@pytest.mark.parametrize("level", ["easy", "normal", "quick"])
def test_bots_take_an_exposed_safe_landing_only_when_they_hold_none(level):
    other = [C.route(3, 4), C.route(2, 5), C.route(1, 3)]  # cards that cannot be laid yet
    holding = _draw_view([SAFE_LANDINGS[0], *other], SAFE_LANDINGS[1])
    assert _player(level, 1).choose(holding) == DRAW_PACK
    without = _draw_view(other, SAFE_LANDINGS[1])
    assert _player(level, 1).choose(without) == DRAW_DISCARD
