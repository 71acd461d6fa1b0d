"""The Passaportas bots: legal moves only, views only, sensible choices, Normal beats random."""

from __future__ import annotations

import msgspec
import pytest
from call_counter import count_calls
from stepping_clock import SteppingClock

from flight_tui.bots import make_bot
from flight_tui.games.passaportas.bots import hard as passaportas_hard
from flight_tui.games.passaportas.bots.determinize import determinize, read_passes
from flight_tui.games.passaportas.bots.normal import FuelPlanner, patience, stalled, yielding
from flight_tui.games.passaportas.bots.tactics import ROLL_TOTALS, Table, tables
from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.rules import PASSAPORTAS, board_map
from flight_tui.games.passaportas.rules.map import MAX_FUEL
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    DONE,
    FUEL,
    HOME,
    OFFICE,
    PLANE,
    Boarded,
    Flew,
    Fly,
    GameEnded,
    GroupRef,
    PassaportasView,
    Roll,
    Rolled,
    StayPut,
    TurnStarted,
    UseCustoms,
    UseWildToken,
)
from flight_tui.simulate import simulate
from flight_tui.table import parse_seat

LEVELS = ("random", "easy", "normal", "hard")
MAP = board_map()


def _bot(level: str, seed: int = 0):
    if level == "hard":
        return make_bot("passaportas", "hard", seed, budget=0.001, max_samples=1)
    return make_bot("passaportas", level, seed)


def _positions(games: int, players=(2, 3, 4), every: int = 4, rounds: int = 8):
    """States met while random and easy bots play the first ``rounds`` rounds of some games."""
    out = []
    for g in range(games):
        n = players[g % len(players)]
        state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(n, {"wild_tokens": "on"}), 500 + g)
        bots = [make_bot("passaportas", ("random", "easy")[(g + s) % 2], 9 * g + s) for s in range(n)]
        step = 0
        while not PASSAPORTAS.is_over(state) and state.round_no <= rounds:
            seat = PASSAPORTAS.to_act(state)[0]
            if step % every == 0:
                out.append(PASSAPORTAS.clone(state))
            PASSAPORTAS.apply(state, seat, bots[seat].choose(PASSAPORTAS.view(state, seat)))
            step += 1
    return out


POSITIONS = _positions(9)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_only_legal_actions(level):
    positions = POSITIONS if level != "hard" else POSITIONS[::5]
    assert len(positions) > 20
    phases = set()
    for i, state in enumerate(positions):
        seat = PASSAPORTAS.to_act(state)[0]
        action = _bot(level, i).choose(PASSAPORTAS.view(state, seat))
        assert action in PASSAPORTAS.legal_actions(state, seat), (level, i, action)
        phases.add(state.phase)
    assert phases == {FUEL, CUSTOMS}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_decide_from_a_decoded_view_and_leave_it_unchanged(level):
    for i, state in enumerate(POSITIONS[::7]):
        seat = PASSAPORTAS.to_act(state)[0]
        wire = msgspec.json.encode(PASSAPORTAS.view(state, seat))
        view = msgspec.json.decode(wire, type=PassaportasView)  # no link to the state at all
        action = _bot(level, i).choose(view)
        assert msgspec.json.encode(view) == wire
        PASSAPORTAS.apply(PASSAPORTAS.clone(state), seat, action)  # legal in the real game


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_whole_games_end_with_legal_moves(level):
    n = 2
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(n, {}), 42)
    bots = [_bot(level, 1), make_bot("passaportas", "random", 2)]
    while not PASSAPORTAS.is_over(state):
        seat = PASSAPORTAS.to_act(state)[0]
        PASSAPORTAS.apply(state, seat, bots[seat].choose(PASSAPORTAS.view(state, seat)))
    assert PASSAPORTAS.result(state).winners


def _fly_view(groups_of_seat0, plane=0, fuel=25):
    """Seat 0 to fly, its groups replaced by ``groups_of_seat0`` [(boarding, destination, status)]
    (no wild tokens: the choice is between flights)."""
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {"wild_tokens": "off"}), 7)
    state.cabin = [ref for ref in state.cabin if ref.player != 0]
    for g, (boarding, destination, status) in zip(state.groups[0], groups_of_seat0):
        g.boarding, g.destination, g.status = boarding, destination, status
        if status == PLANE:
            state.cabin.append(GroupRef(0, g.size))
    for g in state.groups[1]:  # the opponent waits far away, in the plane for nowhere near
        if g.status == PLANE:
            state.cabin.remove(GroupRef(1, g.size))
        g.status = HOME
    state.plane, state.fuel, state.current = plane, fuel, 0
    state.turn.rolls = [(3, 4)]
    return state


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_fly_where_their_own_groups_get_off(level):
    # London (0) to Paris (1) costs 2: seat 0's group in the plane is bound for Paris.
    state = _fly_view([(5, 1, PLANE), (5, 6, HOME), (5, 6, HOME), (5, 6, HOME)], plane=0, fuel=2)
    view = PASSAPORTAS.view(state, 0)
    assert Fly(1, 2) in PASSAPORTAS.legal_actions_from_view(view)
    assert _bot(level).choose(view) == Fly(1, 2)


def _full_plane(turns_begun: int, opponent_finishes: bool = False):
    """Seat 0 to fly from London with 2,000 l (Paris, Amsterdam or nowhere) and no room for its
    group of 4 waiting in Bombay.

    Seat 1's group of 4 is bound for Paris (its last group, if ``opponent_finishes``; else its
    group of 3 is in the plane too, bound for Karachi); seat 0's traveller for New York. Landing
    in Paris lets seat 1's group off and so makes room for seat 0's. The log ends with a group
    boarding and then ``turns_begun`` turns starting, this one included. No wild tokens: the
    choice is between flights.
    """
    city = {MAP.code(c): c for c in range(MAP.size)}
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {"wild_tokens": "off"}), 7)
    trips = {
        (0, 1): (PLANE, "LIS", "NYC"), (0, 2): (DONE, "LIS", "MAD"), (0, 3): (DONE, "LIS", "MAD"), (0, 4): (HOME, "BOM", "JNB"),
        (1, 1): (DONE, "LIS", "MAD"), (1, 2): (DONE, "LIS", "MAD"), (1, 3): (PLANE, "LIS", "KHI"), (1, 4): (PLANE, "LIS", "PAR"),
    }
    if opponent_finishes:
        trips[(1, 3)] = (DONE, "LIS", "KHI")
    for (player, size), (status, boarding, destination) in trips.items():
        group = state.groups[player][size - 1]
        group.status, group.boarding, group.destination = status, city[boarding], city[destination]
    state.cabin = [GroupRef(p, size) for (p, size), (status, _, _) in trips.items() if status == PLANE]
    state.office = []
    state.holders = [[[city["KHI"]], [city["DKR"]]], [[city["CAI"]], []]]
    state.plane, state.fuel, state.current = city["LON"], 2, 0
    state.turn.rolls = [(1, 2)]
    state.log = [Boarded(1, 3, city["LIS"])] + [TurnStarted(t % 2, 9) for t in range(turns_begun)]
    assert PASSAPORTAS.view(state, 0).free_seats < 4
    return state, city


@pytest.mark.parametrize("turns_begun", [1, 3])  # the last turn moved a group; or a round ago
def test_normal_does_not_let_its_opponent_win_to_free_seats(turns_begun):
    state, city = _full_plane(turns_begun=turns_begun, opponent_finishes=True)
    view = PASSAPORTAS.view(state, 0)
    assert Fly(city["PAR"], 2) in PASSAPORTAS.legal_actions_from_view(view)
    assert _bot("normal").choose(view) in (StayPut(), Fly(city["AMS"], 2))


def test_normal_lets_an_opponents_group_off_to_make_room_for_its_own():
    state, city = _full_plane(turns_begun=1)
    assert _bot("normal").choose(PASSAPORTAS.view(state, 0)) == Fly(city["PAR"], 2)


def test_patience_runs_out_after_a_round_without_anyone_boarding_or_getting_off():
    by_turns = [patience(PASSAPORTAS.view(_full_plane(turns_begun=t)[0], 0)) for t in (1, 2, 3)]
    assert by_turns == [0.5, 0.0, 0.0]  # two players: each turn begun takes half


def _endgame(trips, plane: str, fuel: int, current: int, turns_begun: int):
    """A two-player position: ``trips[(player, size)] = (status, boarding, destination)`` (groups
    not named are done), the plane in ``plane`` with ``fuel``, ``current`` to fly (having rolled
    unless the tank is full), no customs cards, and a log that ends with a group boarding and
    then ``turns_begun`` turns starting, this one included."""
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {}), 7)
    for player, groups in enumerate(state.groups):
        for g in groups:
            g.status, g.boarding, g.destination = DONE, 0, 1
            status, boarding, destination = trips.get((player, g.size), (DONE, "LON", "PAR"))
            g.status, g.boarding, g.destination = status, MAP.index[boarding], MAP.index[destination]
    state.cabin = [GroupRef(p, size) for (p, size), (status, _, _) in trips.items() if status == PLANE]
    state.office = []
    state.holders = [[[], []], [[], []]]
    state.plane, state.fuel, state.current = MAP.index[plane], fuel, current
    state.wild_used = [True, True]
    state.turn.rolls = [] if fuel >= 25 else [(1, 2)]
    state.log = [Boarded(0, 1, 0)] + [TurnStarted((current - t) % 2, 30) for t in range(turns_begun)][::-1]
    return state


def test_a_game_stalls_after_two_rounds_and_the_bot_yields_after_five():
    views = {t: PASSAPORTAS.view(_endgame({(0, 1): (HOME, "RIO", "NYC")}, "AMS", 25, 0, t), 0) for t in (4, 5, 10, 11)}
    assert [stalled(v) for v in views.values()] == [False, True, True, True]
    assert [yielding(v) for v in views.values()] == [False, False, False, True]


def test_six_players_yield_after_five_rounds_though_the_view_log_holds_fewer():
    # The bots used to count quiet turns in the view's last 60 events: at six players five
    # rounds of turns (31 turn starts, each with a roll and a flight) never fit, so they never
    # yielded, and a six-player game circled to the round limit.
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(6, {}), 3)
    quiet = []
    for t in range(31):
        seat = t % 6
        quiet += [TurnStarted(seat, 20 + t // 6), Rolled(seat, (2, 3), 5, 5), Flew(seat, [0, 1], 2, 3)]
    state.log = [Boarded(0, 1, 0)] + quiet
    state.current = 30 % 6
    view = PASSAPORTAS.view(state, state.current)
    assert len(view.log) < len(quiet) and view.quiet_turns == 31
    assert stalled(view) and yielding(view)


def test_normal_does_not_wait_for_its_opponent_to_make_a_landing_good_for_both():
    # Frankfurt lets seat 0's group of 3 off and seat 1's traveller board: each bot used to wait
    # for the other to fly there, and the plane circled Amsterdam to the round limit.
    trips = {(0, 1): (HOME, "RIO", "NYC"), (0, 3): (PLANE, "DKR", "FRA"), (1, 1): (HOME, "FRA", "JNB")}
    goals = {0: {"FRA", "RIO"}, 1: {"FRA"}}  # where a group of theirs gets off or boards
    for seat in (0, 1):
        view = PASSAPORTAS.view(_endgame(trips, "AMS", 25, seat, turns_begun=6), seat)
        action = _bot("normal").choose(view)
        assert isinstance(action, Fly) and MAP.code(action.city) in goals[seat], (seat, action)


def test_normal_boards_its_groups_though_the_plane_fills_up():
    # Both players' groups wait in New York, the plane in Gander with a full tank: boarding
    # leaves no room for seat 0's group of 4 in Rio, and both bots used to stay put for ever.
    trips = {
        (0, 1): (HOME, "JNB", "ROM"), (0, 2): (HOME, "NYC", "BOM"), (0, 4): (HOME, "RIO", "LIS"),
        (1, 3): (HOME, "RIO", "CAI"), (1, 4): (HOME, "NYC", "NBO"),
    }
    view = PASSAPORTAS.view(_endgame(trips, "YQX", 25, 0, turns_begun=6), 0)
    action = _bot("normal").choose(view)
    assert isinstance(action, Fly) and action.city == MAP.index["NYC"]


def test_a_yielding_normal_waits_for_fuel_within_a_tank_of_its_goal():
    # Seat 0's last group is bound for Nairobi, 17,000 l from Rome by Cairo; seat 1's waits in
    # Rio. Dragging the plane toward Cairo only to see it dragged back to Lisbon went on for
    # dozens of rounds: once yielding, the bot stays and lets the fuel build up.
    trips = {(0, 4): (PLANE, "MAD", "NBO"), (1, 3): (HOME, "RIO", "YQX")}
    state = _endgame(trips, "ROM", 9, 0, turns_begun=12)
    assert _bot("normal").choose(PASSAPORTAS.view(state, 0)) == StayPut()


def test_normal_never_flies_its_last_trip_home_after_using_its_wild_token():
    trips = {(0, 1): (PLANE, "AMS", "PAR"), (1, 4): (HOME, "BOM", "KHI")}
    state = _endgame(trips, "LON", 12, 0, turns_begun=1)
    state.turn.wild_used = True
    view = PASSAPORTAS.view(state, 0)
    action = _bot("normal").choose(view)
    assert action in PASSAPORTAS.legal_actions_from_view(view)
    assert not (isinstance(action, Fly) and action.city == MAP.index["PAR"])
    state.turn.wild_used = False
    assert _bot("normal").choose(PASSAPORTAS.view(state, 0)) == Fly(MAP.index["PAR"], 2)


def test_normal_keeps_its_wild_token_when_it_would_only_help_it_finish():
    trips = {(0, 1): (PLANE, "AMS", "BOM"), (1, 4): (HOME, "RIO", "NYC")}
    state = _endgame(trips, "BEY", 5, 0, turns_begun=1)
    state.wild_used = [False, True]
    state.turn.rolls = [(2, 3)]
    view = PASSAPORTAS.view(state, 0)
    assert view.may_use_wild and UseWildToken() in PASSAPORTAS.legal_actions_from_view(view)
    assert _bot("normal").choose(view) != UseWildToken()


@pytest.mark.parametrize("deal", [4, 11, 26, 91, 146])
def test_normal_self_play_with_two_players_ends_by_delivery(deal):
    """Deals of the self-play benchmark (seed 1) that the Normal bots used to play to the round limit."""
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {}), 1_000_003 + deal)
    bots = [make_bot("passaportas", "normal", s) for s in range(2)]
    while not PASSAPORTAS.is_over(state):
        seat = PASSAPORTAS.to_act(state)[0]
        PASSAPORTAS.apply(state, seat, bots[seat].choose(PASSAPORTAS.view(state, seat)))
    assert PASSAPORTAS.result(state).endings[0].how == "delivery"


@pytest.mark.parametrize("seed", [100, 101, 102])
def test_normal_self_play_ends_by_delivery_with_four_players(seed):
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(4, {}), seed)
    bots = [make_bot("passaportas", "normal", s) for s in range(4)]
    while not PASSAPORTAS.is_over(state):
        seat = PASSAPORTAS.to_act(state)[0]
        PASSAPORTAS.apply(state, seat, bots[seat].choose(PASSAPORTAS.view(state, seat)))
    ended = state.log[-1]
    assert isinstance(ended, GameEnded) and not ended.by_round_limit
    assert all(g.status == DONE for w in ended.winners for g in state.groups[w])


def test_normal_refuses_the_group_about_to_complete_its_trip():
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {}), 11)
    city = state.holders[0][0][0]
    state.plane, state.phase, state.customs_queue = city, CUSTOMS, [0]
    state.cabin, state.office = [GroupRef(1, 1)], [GroupRef(1, 3)]
    for g in state.groups[1]:
        g.status = {1: PLANE, 3: OFFICE}.get(g.size, HOME)
    for g in state.groups[0]:
        g.status = HOME
    view = PASSAPORTAS.view(state, 0)
    assert _bot("normal").choose(view) == UseCustoms(0, 1, 3)


def test_normal_rolls_first():
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {}), 5)
    assert _bot("normal").choose(PASSAPORTAS.view(state, 0)) == Roll()


def test_landing_forecast_boards_the_player_in_turn_first_and_largest_first():
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(4, {}), 3)
    state.cabin = []
    for p, gs in enumerate(state.groups):
        for g in gs:
            g.status, g.boarding = HOME, 9 if g.size >= 3 else 8
    table = Table.from_view(PASSAPORTAS.view(state, 0))
    off, on, free = table.landing(9, mover=2)
    assert [(p, size) for p, size, _ in on] == [(2, 4), (2, 3), (3, 3)]
    assert free == 0 and off == []


def test_a_players_goals_are_where_their_groups_wait_or_are_bound():
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(3, {}), 4)
    state.cabin = []
    for gs in state.groups:
        for g in gs:
            g.status = HOME
    mine = state.groups[1]
    mine[0].status = PLANE
    mine[1].status = OFFICE
    state.cabin = [GroupRef(1, mine[0].size)]
    table = Table.from_view(PASSAPORTAS.view(state, 0))
    assert table.goals(1) == {mine[0].destination} | {g.boarding for g in mine[2:]}
    assert table.goals(0) == {g.boarding for g in state.groups[0]}


def test_the_next_players_answer_is_averaged_over_every_roll_and_a_tank_fills_at_most():
    for state in POSITIONS[::7]:
        view = PASSAPORTAS.view(state, PASSAPORTAS.to_act(state)[0])
        planner = FuelPlanner(view)
        reachable = [c for c, amounts in enumerate(planner.maps.amounts[view.plane]) if amounts]
        for city in [-1, *reachable[:3]]:
            per_tank = planner._answers(city)[: MAX_FUEL + 1]
            assert len(per_tank) == MAX_FUEL + 1
            for left in (0, 9, MAX_FUEL - 1, MAX_FUEL):
                expected = sum(p * per_tank[min(MAX_FUEL, left + s)] for s, p in ROLL_TOTALS)
                assert planner.expected_response(city, left) == pytest.approx(expected)


def test_path_tables_agree_with_the_rules_path_finder():
    maps = tables()
    for start in range(maps.size):
        found = MAP.destinations(start, 25)
        assert {c: a for c, a in enumerate(maps.amounts[start]) if a} == found


def test_determinized_worlds_agree_with_the_view():
    for i, state in enumerate(POSITIONS[::3]):
        seat = PASSAPORTAS.to_act(state)[0]
        view = PASSAPORTAS.view(state, seat)
        world = determinize(view, Rng.from_seed(i), read_passes(view))
        assert PASSAPORTAS.view(world, seat).own_customs == view.own_customs
        assert [[len(h) for h in hs] for hs in world.holders] == view.customs_counts
        cards = [c for hs in world.holders for h in hs for c in h] + world.customs_used + world.customs_boxed
        assert sorted(cards) == list(range(MAP.size))
        assert len(world.boarding_deck) == view.boarding_deck
        assert PASSAPORTAS.legal_actions(world, seat) == PASSAPORTAS.legal_actions_from_view(view)


def test_normal_beats_random_by_a_clear_margin():
    seats = [parse_seat("normal", 0), parse_seat("random", 1)]
    report = simulate("passaportas", seats, 12, seed=5, workers=1)
    normal = report.seats[0]
    assert normal.wins >= 11


def test_hard_keeps_to_its_budget(monkeypatch):
    clock = SteppingClock(step=0.005)
    monkeypatch.setattr(passaportas_hard, "time", clock)
    bot = make_bot("passaportas", "hard", 3, budget=0.02, max_samples=40)
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {}), 8)
    most = 0
    searched = 0
    while searched < 4 and not PASSAPORTAS.is_over(state):
        seat = PASSAPORTAS.to_act(state)[0]
        view = PASSAPORTAS.view(state, seat)
        before = clock.readings
        action = bot.choose(view)
        most = max(most, clock.readings - before)
        searched += isinstance(action, Fly)
        PASSAPORTAS.apply(state, seat, action)
    assert searched == 4
    assert 2 <= most <= 0.02 / 0.005 + 2  # it stops at the first reading past its budget (of 40 samples)


def test_hard_budget_is_samples_so_a_slow_machine_plays_the_same(monkeypatch):
    """Hard's budget is a number of sampled deals: however slow the clock runs, the same seed
    flies the same flights, and no flight samples more than ``max_samples`` deals."""
    views = []
    for state in POSITIONS[:40]:
        seat = PASSAPORTAS.to_act(state)[0]
        view = PASSAPORTAS.view(state, seat)
        if isinstance(make_bot("passaportas", "normal").choose(view), Fly) and len(views) < 6:
            views.append(view)
    samples = count_calls(monkeypatch, passaportas_hard, "determinize")
    # Three deals a flight (one more than the least a time budget allows) keep the test quick.
    monkeypatch.setattr(passaportas_hard, "SAMPLES", dict.fromkeys(passaportas_hard.SAMPLES, passaportas_hard.MIN_SAMPLES + 1))

    def flights(seconds_per_reading: float) -> list:
        monkeypatch.setattr(passaportas_hard, "time", SteppingClock(step=seconds_per_reading))
        bot = make_bot("passaportas", "hard", 5)
        chosen = []
        for view in views:
            before = len(samples)
            chosen.append(bot.choose(view))
            assert len(samples) - before <= passaportas_hard.SAMPLES[view.config.players]
        return chosen

    assert len(views) >= 5
    assert flights(10.0) == flights(1e-6)


def test_hard_says_how_sure_its_last_searched_flight_was():
    """What the hint reads: a summary after a searched flight, none after a roll."""
    bot = make_bot("passaportas", "hard", 3, max_samples=2)
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(2, {}), 8)
    searched = 0
    while searched < 3 and not PASSAPORTAS.is_over(state):
        seat = PASSAPORTAS.to_act(state)[0]
        action = bot.choose(PASSAPORTAS.view(state, seat))
        if bot.last_search is not None:
            searched += 1
            assert 2 <= bot.last_search.samples and not isinstance(action, Roll)
        PASSAPORTAS.apply(state, seat, action)
    assert searched == 3


def _flight_to_choose(players: int):
    """A view of a seat with a flight to choose, once Easy bots have played a few turns."""
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(players, {}), 40 + players)
    easy = [make_bot("passaportas", "easy", s) for s in range(players)]
    while True:
        seat = PASSAPORTAS.to_act(state)[0]
        view = PASSAPORTAS.view(state, seat)
        if state.round_no > 2 and isinstance(make_bot("passaportas", "normal").choose(view), Fly):
            return view
        PASSAPORTAS.apply(state, seat, easy[seat].choose(view))


@pytest.mark.parametrize(("players", "leaves_normal"), [(5, True), (6, False)])
def test_hard_at_six_players_leaves_normals_flight_only_for_a_clear_gain(monkeypatch, players, leaves_normal):
    """Another flight that did better on average (a chance to win of 0.55 a deal against 0.5,
    above the 0.006 margin) but only by luck (0.8 and 0.3 by turns): at five players Hard takes
    it; at six, with few deals and the lead within its standard error, it keeps the Normal bot's
    flight."""
    view = _flight_to_choose(players)
    normal = make_bot("passaportas", "normal").choose(view)
    other = StayPut() if normal != StayPut() else next(a for a in PASSAPORTAS.legal_actions_from_view(view) if isinstance(a, Fly))
    monkeypatch.setattr(passaportas_hard.HardBot, "candidates", lambda self, view, first, legal: [first, other])
    played = []

    def play_out(self, world, seat, action):
        if action == normal:
            return 0.5
        played.append(action)
        return 0.8 if len(played) % 2 else 0.3

    monkeypatch.setattr(passaportas_hard.HardBot, "play_out", play_out)
    monkeypatch.setattr(passaportas_hard, "SAMPLES", dict.fromkeys(passaportas_hard.SAMPLES, 4))
    chosen = make_bot("passaportas", "hard", 1).choose(view)
    assert len(played) == 4
    assert chosen == (other if leaves_normal else normal)
