"""Every lesson file against its game's rules engine: each step's move is legal when the step
comes, the scripted seats' moves are legal and all made, and the lesson ends the game or
stops with the learner to move (a lesson of a long game's first round). A rule change that
breaks a lesson fails here. Each lesson is also checked for the situations its texts talk about."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from flight_tui.engine.errors import IllegalAction
from flight_tui.games import game_names
from flight_tui.games.connecting_flights.coop.rules.board import meeples_on_board
from flight_tui.games.connecting_flights.coop.rules.state import FLY, MARKET, SETUP, CoopState, DemandPlaced, RoundEnded
from flight_tui.games.connecting_flights.core.world import default_world
from flight_tui.games.connecting_flights.competitive.rules import state as CF
from flight_tui.games.connecting_flights.competitive.rules.common import data as cf_data
from flight_tui.games.connecting_flights.competitive.rules.common import world as cf_world
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import DRAW, PLAY, FlightState
from flight_tui.games.passaportas.rules import PASSAPORTAS
from flight_tui.games.passaportas.rules.state import CUSTOMS, DONE, FUEL, HOME, OVER, PLANE, GroupRef, PassaportasState, PassCustoms
from flight_tui.lessons import LessonDataError, LessonRun, ScriptedSeat, has_lesson, load_lesson
from flight_tui.lessons.model import parse_lesson
from flight_tui.table.driver import TurnDriver

LESSONS = [game for game in game_names() if has_lesson(game)]


def play_lesson(run: LessonRun, at_step: Callable[[LessonRun], None] = lambda run: None) -> None:
    """Play a lesson as its steps ask, through the turn driver; ``at_step`` sees each step as it comes."""
    table = run.table
    driver = TurnDriver(table, table.seat_controllers)
    while not run.finished:
        while driver.step() is not None:  # the scripted seats' moves (IllegalAction if one is not legal)
            pass
        at_step(run)
        expected = run.expected
        if expected is None:
            run.go_on()
            continue
        try:  # legal_actions may list one of several equal moves (a game's arrangements): ask the rules
            table.rules.apply(table.rules.clone(table.state), run.learner, expected)
        except IllegalAction as exc:
            raise AssertionError(f"step {run.index + 1} wants an illegal move: {expected} ({exc})") from None
        assert run.refusal(expected) is None
        table.submit(run.learner, expected)
        run.moved()


def test_every_game_and_mode_has_a_lesson():
    assert set(LESSONS) == {"flight", "passaportas", "connecting-flights-coop", "connecting-flights"}


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_plays_out_against_the_rules(game):
    """Every step's move is legal in its turn; the scripts are legal and spent; the lesson ends
    with the game, or where the learner is to move (nothing is left half-played by a bot)."""
    run = LessonRun(load_lesson(game))
    play_lesson(run)
    table = run.table
    assert table.is_over() or table.rules.to_act(table.state) == (run.learner,)
    for controller in run.table.seat_controllers:
        if isinstance(controller, ScriptedSeat):
            assert controller.made == len(controller.moves), "a scripted seat has moves left over"


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_is_the_same_every_time(game):
    first, second = LessonRun(load_lesson(game)), LessonRun(load_lesson(game))
    play_lesson(first)
    play_lesson(second)
    assert first.table.actions == second.table.actions


@pytest.mark.parametrize("game", LESSONS)
def test_every_step_says_where_it_points_and_why(game):
    lesson = load_lesson(game)
    for number, (step, expected) in enumerate(zip(lesson.steps, lesson.expected), 1):
        assert step.text.strip(), f"step {number} has no text"
        if expected is not None:
            assert step.why.strip(), f"step {number} waits for a move but says no reason"


def _flight_situations() -> dict[str, Callable[[FlightState], Any]]:
    """What each named step of Flight's lesson talks about, as a fact of the state when it is shown."""
    yellow = 2

    def learner(state: FlightState) -> list[int]:
        return state.hands[0]

    return {
        "draw": lambda s: s.phase == DRAW and s.current == 0,
        "take-off": lambda s: C.plane(yellow) in learner(s) and not s.flights[yellow].cards,
        "discard": lambda s: s.flights[yellow].cards == [C.plane(yellow)] and C.route(3, 5) in learner(s),
        "routes": lambda s: s.phase == PLAY and s.flights[yellow].reached == 0 and C.route(yellow, 2) in learner(s),
        "fog": lambda s: s.flights[yellow].obstacle == C.FOG and s.flights[yellow].reached == 4,
        "exposed": lambda s: C.KIND[s.discard[-1]] == C.PASSPORT,
        "alternative-route": lambda s: s.flights[yellow].obstacle == C.FOG,
        "customs": lambda s: s.flights[yellow].obstacle == C.CUSTOMS and s.flights[yellow].reached == 5,
        "passport": lambda s: {C.KIND[card] for card in learner(s)} == {C.PASSPORT, C.SAFE_LANDING},
        "safe-landing": lambda s: s.flights[yellow].obstacle == 0 and s.flights[yellow].reached == 5,
        "scoring": lambda s: s.hand_results[0].landed_by == 0 and s.hand_results[0].points[0] == 50,
    }


def _passaportas_situations() -> dict[str, Callable[[PassaportasState], Any]]:
    """What each named step of Passaportas's lesson talks about, as a fact of the state when it is shown."""
    london, frankfurt, rome, madrid, nairobi, rio = 0, 3, 4, 5, 13, 18
    reach = PASSAPORTAS.map_of(PASSAPORTAS.make_config(2, {})).destinations

    def group(state: PassaportasState, size: int):
        return state.groups[0][size - 1]

    def my_turn(state: PassaportasState) -> bool:
        return state.phase == FUEL and state.current == 0

    return {
        "plane": lambda s: s.plane == london and s.reserved_seats == 2 and s.cabin == [GroupRef(1, 2)],
        "trips": lambda s: my_turn(s) and all(g.status == HOME for g in s.groups[0]),
        "roll": lambda s: my_turn(s) and s.fuel == 0 and not s.turn.rolls,
        "fly-madrid": lambda s: s.fuel == 6
        and reach(s.plane, s.fuel).get(madrid) == (6,)
        and group(s, 1).boarding == group(s, 2).boarding == madrid,
        "shared": lambda s: group(s, 2).status == DONE and group(s, 1).status == PLANE and s.plane != madrid,
        "roll-again": lambda s: my_turn(s) and s.fuel > 0 and not s.turn.rolls,
        "fly-london": lambda s: group(s, 1).destination == london and len(reach(s.plane, s.fuel)[london]) > 1,
        "delivered": lambda s: group(s, 1).status == DONE and group(s, 4).status == PLANE and s.plane == frankfurt,
        "fly-nairobi": lambda s: s.fuel == 22 and group(s, 4).destination == nairobi and reach(s.plane, s.fuel)[nairobi][0] == 20,
        "customs": lambda s: s.phase == CUSTOMS
        and s.customs_queue[0] == 0
        and s.plane == rome
        and s.holders[0][1][0] == rome
        and GroupRef(1, 2) in s.cabin
        and group(s, 3).status == PLANE,
        "stay": lambda s: my_turn(s) and s.fuel == 13 and group(s, 3).destination == rio and rio not in reach(s.plane, s.fuel),
        "won": lambda s: s.phase == OVER and s.winners == [0] and s.plane == rio,
    }


def _coop_situations() -> dict[str, Callable[[CoopState], Any]]:
    """What each step of the cooperative lesson talks about, as a fact of the state when it is shown."""
    world = default_world()
    tokyo, los_angeles, sydney = (world.airport_of_card(card).id for card in (14, 2, 30))
    north_america, europe, asia, africa = 0, 1, 2, 4
    starts = [("Tokyo", "Johannesburg", "learner"), ("Sydney", "London", "partner")]

    def start_flights(s: CoopState) -> list[tuple[str, str, str]]:
        cities = [(world.airport_of_card(c.origin).city, world.airport_of_card(c.dest).city) for c in (h.chains[0][0] for h in s.hands)]
        return [(*route, who) for route, who in zip(cities, ("learner", "partner"))]

    def round_one_demand(s: CoopState) -> list[tuple[str, int]]:
        placed = next(e.placed for e in s.log if isinstance(e, DemandPlaced) and e.round == 1)
        return [(world.airports[p.airport].city, p.colour) for p in placed]

    def round_one_ended(s: CoopState) -> RoundEnded | None:
        return next((e for e in s.log if isinstance(e, RoundEnded) and e.round == 1), None)

    return {
        "welcome": lambda s: s.phase == SETUP and meeples_on_board(s.board) == 15 and s.config.players == 2,
        "start": lambda s: s.phase == SETUP and s.current == 0 and s.board[tokyo][africa] == 2,
        "purse": lambda s: s.phase == MARKET and s.round == 1 and s.coins == 100 and start_flights(s) == starts,
        "market": lambda s: 2 in s.airport_pool and sum(s.board[los_angeles]) == 2 and s.coins == 100,
        "pass-market": lambda s: 2 in s.hands[0].airports and s.coins == 70,
        "partner-bought": lambda s: s.phase == MARKET and 24 in s.hands[1].passengers and s.coins == 60,
        "chain": lambda s: s.phase == FLY and len(s.hands[0].chains) == 1 and len(s.hands[0].chains[0]) == 1,
        "fly": lambda s: s.phase == FLY and s.board[tokyo][africa] == 2 and not any(s.delivered),
        "pass-fly": lambda s: s.delivered[africa] == 2 and not sum(s.board[tokyo]),
        "partner-flew": lambda s: s.phase == FLY and s.delivered[europe] == 2,
        "demand": lambda s: s.round == 2 and round_one_demand(s) == [("Chicago", africa), ("Perth", north_america)]
        and round_one_ended(s).income > 0 and not round_one_ended(s).penalties,
        "round-two": lambda s: s.round == 2 and s.phase == MARKET and s.board[los_angeles][africa] == 1,
        "rebuild": lambda s: s.phase == FLY and not sum(s.board[tokyo]) and s.board[los_angeles][africa] == 1
        and s.hands[0].chains[0][0].origin == 14,
        "fly-again": lambda s: s.hands[0].chains[0][0].origin == 2 and s.board[los_angeles][asia] == 1,
        "pass-again": lambda s: s.delivered[africa] == 3 and not sum(s.board[sydney]),
        "next": lambda s: s.round == 3 and s.phase == MARKET and s.config.difficulty == "easy" and s.coins == 100,
    }


def _competitive_situations() -> dict[str, Callable[[CF.CompetitiveState], Any]]:
    """What each named step of Connecting Flights' competitive lesson talks about (Pat is seat 0, Ada 1)."""
    cards, world = cf_data(), cf_world()

    def lot(s: CF.CompetitiveState) -> CF.Lot:
        return s.lots[s.bidding.lot]

    def card_name(index: int) -> str:
        return cards.player_cards[index].name

    return {
        "keep": lambda s: s.phase == CF.KEEP and sorted(map(card_name, s.dealt[0])) == ["Investment Manager", "Lobbyist"]
        and cards.player_cards[6].budget == 105,
        "continent": lambda s: s.phase == CF.CONTINENT and s.order == [1, 0] and s.holdings[1].continent == 0,
        "start": lambda s: s.phase == CF.START and s.kept[0] == 6,
        "event": lambda s: s.round == 1 and cards.events[s.active_event].name == "Tourist Season",
        "choose-lot": lambda s: s.phase == CF.CHOOSE_LOTS and s.current == 0 and s.lots[2] == CF.Lot("airport", 7, 1)
        and world.airports[world.airport_cards[7].airport].city == "Vancouver",
        "pass": lambda s: s.phase == CF.BIDDING and lot(s).kind == "plane" and world.planes[lot(s).card].stars == 3,
        "bid": lambda s: lot(s).kind == "passenger" and s.bidding.bid == 29 and s.bidding.leader == 1,
        "outbid": lambda s: any(isinstance(e, CF.LotSold) and e.seat == 1 and e.price == 50 for e in s.log)
        and s.holdings[0].coins == 50 and lot(s).kind == "airport",
        "win": lambda s: lot(s).kind == "plane" and world.planes[lot(s).card].stars == 2 and world.planes[lot(s).card].price == 10
        and s.holdings[1].coins == 0,
        "market": lambda s: s.phase == CF.MARKET and s.current == 0 and len(s.holdings[0].planes) == 2,
        "trading": lambda s: s.phase == CF.TRADING and 2 in {world.fuel_trucks[t].capacity for t in s.holdings[0].trucks},
        "fly": lambda s: s.phase == CF.FLY,
        "summary": lambda s: s.history[0][0].income == 15 and s.history[0][0].grant == 10
        and any(isinstance(e, CF.SaboteurNamed) and e.seat == 1 for e in s.log)
        and any(isinstance(e, CF.CoinsMoved) and e.seat == 1 and e.reason == "instead of sabotage" for e in s.log),
        "coins": lambda s: s.holdings[0].coins == 59 and cards.coin_cap == 100 and s.round == 2,
    }


SITUATIONS = {"flight": _flight_situations, "passaportas": _passaportas_situations, "connecting-flights-coop": _coop_situations, "connecting-flights": _competitive_situations}


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_shows_what_its_texts_talk_about(game):
    """Each named step comes when its situation is on the table: a rule or deal change fails here."""
    situations = SITUATIONS[game]()
    seen: list[str] = []

    def check(run: LessonRun) -> None:
        name = run.step.id
        if name:
            assert situations[name](run.table.state), f"step '{name}' is shown without its situation"
            seen.append(name)

    play_lesson(LessonRun(load_lesson(game)), check)
    assert seen == list(situations), "the named steps came in another order, or some never came"


def test_a_move_the_rules_make_for_the_learner_takes_no_step():
    """Passaportas passes customs for the learner holding no card for the city: the lesson lets
    that move through without a step, and only that one."""
    run = LessonRun(load_lesson("passaportas"))
    forced_seen: list[int] = []

    def check(run: LessonRun) -> None:
        passes = [action for seat, action in run.table.actions if seat == run.learner and action == PassCustoms()]
        forced_seen.append(len(passes))
        assert not run.is_forced(run.expected), "a step waits for a move the rules make by themselves"

    play_lesson(run, check)
    assert forced_seen[-1] >= 2 and PassCustoms() not in run.lesson.expected
    assert not run.is_forced(PassCustoms())  # the game is over: nothing is forced now


@pytest.mark.parametrize(
    "text, problem",
    [
        (b"game = 'flight'\ntitle = 'x'\nseed = 1\nseats = [{name = 'A'}, {name = 'B'}]\nsteps = [{text = 't', expect = {type = 'fly'}}]", "does not fit"),
        (b"game = 'chess'\ntitle = 'x'\nseed = 1\nseats = []\nsteps = []", "does not have"),
        (b"game = 'flight'\ntitle = 'x'\nseed = 1\nseats = [{name = 'A'}]\nsteps = []", "does not fit"),
        (b"game = 'flight\n", "cannot be read"),
        (b"\xff\xfe", "cannot be read"),
        (b"game = 'flight'\ntitle = 'x'\nseed = 1\nlearner = 3\nseats = [{name = 'A'}, {name = 'B'}]\nsteps = []", "learner"),
    ],
)
def test_a_broken_lesson_file_says_what_is_wrong(text, problem):
    with pytest.raises(LessonDataError, match=problem):
        parse_lesson(text)
