"""Every lesson file against its game's rules engine: each step's move is legal when the step
comes, the scripted seats' moves are legal and all made, and the lesson ends the game (or, for
a lesson of one round, ends where only the learner is asked). A rule change that breaks a lesson
fails here. Flight's and Connecting Flights' lessons are also checked for the situations their
texts talk about."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from flight_tui.games import game_names
from flight_tui.games.connecting_flights.competitive.rules import state as CF
from flight_tui.games.connecting_flights.competitive.rules.common import data as cf_data
from flight_tui.games.connecting_flights.competitive.rules.common import world as cf_world
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import DRAW, PLAY, FlightState
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
        assert expected in table.legal_actions(run.learner), f"step {run.index + 1} wants an illegal move: {expected}"
        assert run.refusal(expected) is None
        table.submit(run.learner, expected)
        run.moved()


def test_flight_has_a_lesson():
    assert "flight" in LESSONS


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_plays_out_against_the_rules(game):
    """Every step's move is legal in its turn; the scripts are legal and spent; the lesson ends
    with the game, or where only the learner is asked (its last Enter needs no bot's move)."""
    run = LessonRun(load_lesson(game))
    play_lesson(run)
    assert run.table.is_over() or run.table.to_act() == (run.learner,)
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


def test_flight_lesson_shows_what_its_texts_talk_about():
    """Each named step comes when its situation is on the table: a rule or deal change fails here."""
    situations = _flight_situations()
    seen: list[str] = []

    def check(run: LessonRun) -> None:
        name = run.step.id
        if name:
            assert situations[name](run.table.state), f"step '{name}' is shown without its situation"
            seen.append(name)

    play_lesson(LessonRun(load_lesson("flight")), check)
    assert seen == list(situations), "the named steps came in another order, or some never came"


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


def test_competitive_connecting_flights_lesson_shows_what_its_texts_talk_about():
    """Each named step comes when its situation is on the table: a rule or deal change fails here."""
    situations = _competitive_situations()
    seen: list[str] = []

    def check(run: LessonRun) -> None:
        name = run.step.id
        if name:
            assert situations[name](run.table.state), f"step '{name}' is shown without its situation"
            seen.append(name)

    play_lesson(LessonRun(load_lesson("connecting-flights")), check)
    assert seen == list(situations), "the named steps came in another order, or some never came"


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
