"""Connecting Flights' competitive lesson through the real app, keys only: set-up and round 1
finished step by step at 80x24 with the panel beside what each step talks about (the round's
summary screens read with Enter as in a game); a wrong move is refused with the step's reason
and changes nothing; Esc leaves at any point, nothing is saved, and the lesson starts again."""

from __future__ import annotations

import pytest
from game_harness import footer_line, run_async, screen_lines, wait_until
from lesson_harness import assert_panel_beside_its_target, go_to_step, lesson_app, notices, ready
from hand_harness import put_down

from flight_tui import paths
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Bid,
    BuyStart,
    BuyTruck,
    ChooseContinent,
    ChooseLot,
    EndTurn,
    KeepCard,
    PassBid,
    SubmitFlights,
)
from flight_tui.games.connecting_flights.competitive.rules.common import world
from flight_tui.games.connecting_flights.competitive.ui.auction import AuctionView
from flight_tui.games.connecting_flights.competitive.ui.hand import CompetitiveHandPanel
from flight_tui.games.connecting_flights.competitive.ui.market import MarketView
from flight_tui.games.connecting_flights.competitive.ui.presentation import raise_amounts
from flight_tui.games.connecting_flights.competitive.ui.round_summary_screen import RoundSummaryScreen
from flight_tui.games.connecting_flights.competitive.ui.setup_view import SetupView
from flight_tui.games.connecting_flights.core_ui.builder import Choice, choice_label
from flight_tui.games.connecting_flights.core_ui.lists import LineList
from flight_tui.ui.screens.menu import MenuScreen

WORLD = world()

GAME = "connecting-flights"


async def pick(pilot, view, action, choices) -> None:
    """Move a view's list cursor to the row whose move is ``action`` (choices: the rows' moves), Enter."""
    lines = view.query_one(LineList)
    index = choices.index(action)
    while lines.cursor != index:
        await pilot.press("down" if lines.cursor < index else "up")
    await pilot.press("enter")


async def take_step(pilot, screen) -> None:
    """Make the current step's move with the keys its text names (Enter for a step that explains)."""
    expected = screen.lesson.expected
    if expected is None or isinstance(expected, (KeepCard, ChooseContinent)):
        if expected is not None:
            setup = screen.query_one(SetupView)
            await pick(pilot, setup, expected, [action for _, action in setup.choices])
        else:
            await pilot.press("enter")
    elif isinstance(expected, BuyStart):
        panel = screen.query_one(CompetitiveHandPanel)
        truck = screen.table.view(0).holdings[0].trucks[0]
        for step, card in (("origin", expected.origin), ("plane", expected.plane), ("truck", truck), ("passenger", expected.passenger), ("dest", expected.dest)):
            await put_down(pilot, panel, choice_label(WORLD, Choice(step, card)).ljust(30))
        await pilot.press("f")
    elif isinstance(expected, ChooseLot):
        auction = screen.query_one(AuctionView)
        await pick(pilot, auction, expected, list(auction.choices))
    elif isinstance(expected, PassBid):
        await pilot.press("p")
    elif isinstance(expected, Bid):  # the raise key (z +1, x +5, c +10) that bids the step's amount
        await pilot.press("zxc"[raise_amounts(screen.table.view(0)).index(expected.amount)])
    elif isinstance(expected, BuyTruck):
        market = screen.query_one(MarketView)
        await pick(pilot, market, expected, [row.action for row in market.rows])
    elif isinstance(expected, EndTurn):
        await pilot.press("p")
    elif isinstance(expected, SubmitFlights):
        await pilot.press("f")  # the flight is in the builder already
    await pilot.pause()


@run_async
async def test_the_competitive_lesson_is_finished_with_keys_only():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        run = screen.lesson
        steps = len(run.lesson.steps)
        done = summaries = 0
        while not run.finished:
            await ready(pilot, screen)
            if app.screen is not screen:
                assert isinstance(app.screen, RoundSummaryScreen)
                summaries += 1
                await pilot.press("enter")
                continue
            index = run.index
            assert f"Lesson {index + 1}/{steps}" in "\n".join(screen_lines(app))
            assert_panel_beside_its_target(app, screen)
            await take_step(pilot, screen)
            assert run.index == index + 1, f"step {index + 1} did not take its move"
            done += 1
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert done == steps and summaries == 2  # round 1 begins; round 1 ends and round 2 begins
        assert run.table.view(0).history[0][0].income == 15


@run_async
async def test_a_step_that_explains_names_enter_once_in_the_footer_as_going_on():
    """Step 1 only explains, over the set-up list whose Enter (and Space) keeps a card: the
    footer names Enter once, "Go on", and Space goes on too instead of keeping a card; step 2
    asks for the move, and the footer names the list's Enter again."""
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await ready(pilot, screen)
        assert screen.lesson.waits_for_enter
        footer = footer_line(app)
        assert footer.count("Enter") == 1 and "Enter Go on" in footer and "Take it" not in footer
        await pilot.press("space")
        await ready(pilot, screen)
        assert screen.lesson.index == 1 and not screen.lesson.waits_for_enter
        assert screen.table.view(0).kept[0] == -1  # Space kept no card
        footer = footer_line(app)
        assert "Enter Take it" in footer and "Go on" not in footer


@run_async
async def test_a_wrong_move_gets_the_steps_reason_and_changes_nothing():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.table
        await go_to_step(pilot, screen, "keep", take_step)
        setup = screen.query_one(SetupView)
        other = next(action for _, action in setup.choices if action != screen.lesson.expected)
        before = list(table.actions)
        await pick(pilot, setup, other, [action for _, action in setup.choices])  # the other card
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "keep"
        assert any("Keep the Lobbyist" in text for text in notices(app))
        await go_to_step(pilot, screen, "bid", take_step)
        before = list(table.actions)
        await pilot.press("p")  # a pass: legal, not the step's bid
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "bid"
        assert any("Bid 5 more than Ada: press x." in text for text in notices(app))
        await pilot.press("u")  # no undo in a lesson
        await pilot.pause()
        assert table.actions == before


@run_async
async def test_a_card_other_than_the_steps_is_refused_as_it_is_put_down_and_the_reason_shows_whole():
    """The starting flight is built card by card: a card that is not the lesson's (Rio before
    Bogotá, the 3-star plane, no fuel truck) is refused at once with the step's reason, which
    shows whole over the lesson's panel; the lesson's cards go down, and f buys the flight."""
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        await go_to_step(pilot, screen, "start", take_step)
        panel = screen.query_one(CompetitiveHandPanel)
        expected = screen.lesson.expected
        truck = screen.table.view(0).holdings[0].trucks[0]
        wrong = {"origin": "RIO", "plane": "Plane ★★★", "truck": "no fuel truck"}  # the first rows of the list
        for step, card in (("origin", expected.origin), ("plane", expected.plane), ("truck", truck)):
            before = list(panel.builder.current)
            await put_down(pilot, panel, wrong[step])
            await pilot.pause()
            assert panel.builder.current == before and panel.builder.step() == step, f"{wrong[step]} went down"
            await wait_until(pilot, lambda: "Not allowed" in "\n".join(screen_lines(app)))
            assert "Build Bogotá, the 2-star plane, your" in "\n".join(screen_lines(app))
            await put_down(pilot, panel, choice_label(WORLD, Choice(step, card)).ljust(30))
            await wait_until(pilot, lambda: panel.builder.step() != step)
        for step, card in (("passenger", expected.passenger), ("dest", expected.dest)):
            await put_down(pilot, panel, choice_label(WORLD, Choice(step, card)).ljust(30))
        await pilot.press("f")
        await wait_until(pilot, lambda: screen.lesson.step.id != "start")
        assert (0, expected) in screen.table.actions


@pytest.mark.parametrize("steps_before_esc", [0, 5])
@run_async
async def test_esc_leaves_at_any_point_and_the_lesson_starts_again(steps_before_esc):
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        while screen.lesson.index < steps_before_esc:
            await ready(pilot, screen)
            if app.screen is not screen:
                await pilot.press("enter")
            else:
                await take_step(pilot, screen)
        await ready(pilot, screen)
        if app.screen is not screen:
            await pilot.press("enter")
            await ready(pilot, screen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert not list((paths.data_dir() / "saves").glob("*")), "a lesson is never saved"
        await pilot.press("n", "right", "right", "right")  # New game: Connecting Flights (competitive), the fourth game
        await pilot.press("ctrl+l")
        await wait_until(pilot, lambda: getattr(app.screen, "lesson", None) is not None)
        again = app.screen
        assert again is not screen and again.lesson.index == 0 and all(seat == 1 for seat, _ in again.table.actions)
        assert again.lesson.lesson.game == "connecting-flights"
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "LessonCompetitiveTableScreen"]


@run_async
async def test_esc_leaves_from_a_rounds_summary_too():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        while app.screen is screen:  # up to the summary that opens round 1
            await ready(pilot, screen)
            if app.screen is screen:
                await take_step(pilot, screen)
        assert isinstance(app.screen, RoundSummaryScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen"]
