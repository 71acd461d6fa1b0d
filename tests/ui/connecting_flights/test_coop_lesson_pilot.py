"""The cooperative Connecting Flights lesson through the real app, keys only: finished step by
step at 80x24 with the panel on screen and clear of what each step talks about; a wrong move
is refused with the step's reason and changes nothing; Esc leaves at any point, nothing is
saved, and the lesson starts again."""

from __future__ import annotations

import pytest
from game_harness import run_async, screen_lines, wait_until
from hand_harness import put_down
from lesson_harness import assert_panel_beside_its_target, go_to_step, lesson_app, notices, ready

from flight_tui import paths
from flight_tui.games.connecting_flights.coop.rules.state import Buy, ChooseStart, FlyNext, Pass, SetChains
from flight_tui.games.connecting_flights.coop.ui.hand import CoopHandPanel
from flight_tui.ui.screens.menu import MenuScreen

GAME = "connecting-flights-coop"


async def take_step(pilot, screen) -> None:
    """Make the current step's move with the keys its text names (Enter for a step that explains)."""
    expected = screen.lesson.expected
    if expected is None or isinstance(expected, (ChooseStart, FlyNext)):
        await pilot.press("enter")  # the first starting flight; the flight with the meeples shown
    elif isinstance(expected, Buy):
        await pilot.press("L", "A", "X", "enter")
    elif isinstance(expected, Pass):
        await pilot.press("p")
    elif isinstance(expected, SetChains):  # the Hand, clear, then LAX (third), plane, truck, passenger, JNB (second)
        await pilot.press("2", "c", "down", "down", "enter", "enter", "enter", "enter", "down", "enter", "f")
    else:
        raise AssertionError(f"no keys for {expected}")
    await pilot.pause()


@run_async
async def test_the_coop_lesson_is_finished_with_keys_only():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        run = screen.lesson
        steps = len(run.lesson.steps)
        done = 0
        summaries = 0
        while not run.finished:
            await ready(pilot, screen)
            if app.screen is not screen:  # the round's summary
                summaries += 1
                assert f"Round {summaries} ended" in "\n".join(screen_lines(app))
                await pilot.press("enter")
                continue
            index = run.index
            assert f"Lesson {index + 1}/{steps}" in "\n".join(screen_lines(app))
            assert_panel_beside_its_target(app, screen)
            await take_step(pilot, screen)
            assert run.index == index + 1 or app.screen is not screen, f"step {index + 1} did not take its move"
            done += 1
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert done == steps and summaries == 2
        assert not list((paths.data_dir() / "saves").glob("*")), "a lesson is never saved"
        state = run.table.state
        assert state.round == 3 and sum(state.delivered) == 5 and state.coins == 100


@run_async
async def test_a_wrong_move_gets_the_steps_reason_and_changes_nothing():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.table
        await go_to_step(pilot, screen, "start", take_step)
        await pilot.press("down", "enter")  # another starting flight: legal, not the step's
        await pilot.pause()
        assert table.actions == [] and screen.lesson.step.id == "start"
        assert any("Take the first flight of the list" in text for text in notices(app))
        await pilot.press("up")
        await go_to_step(pilot, screen, "market", take_step)
        before = list(table.actions)
        await pilot.press("N", "Y", "C", "enter")  # New York: for sale, not the step's airport
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "market"
        assert any("Buy the Los Angeles airport: type LAX" in text for text in notices(app))
        await pilot.press("p")  # passing before the purchase
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "market"
        await go_to_step(pilot, screen, "fly", take_step)
        before = list(table.actions)
        await pilot.press("minus", "enter")  # one meeple fewer than the step asks
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "fly"
        assert any("with the two red meeples" in text for text in notices(app))
        await pilot.press("u")  # no undo in a lesson
        await pilot.pause()
        assert table.actions == before
        await pilot.press("plus")  # both red meeples again, as the step asks
        await go_to_step(pilot, screen, "rebuild", take_step)
        before = list(table.actions)
        await pilot.press("2", "f")  # the old chain from Tokyo, sent again: not the step's
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "rebuild"
        assert any("Rebuild one flight, Los Angeles to Johannesburg" in text for text in notices(app))


@run_async
async def test_once_cleared_the_builder_refuses_a_card_that_leads_away_from_the_steps_flight():
    """The rebuild step starts from last round's chain (not the step's, so it is not policed);
    once cleared, Tokyo as the first airport is refused at once with the step's reason, and
    Los Angeles goes down."""
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await go_to_step(pilot, screen, "rebuild", take_step)
        panel = screen.query_one(CoopHandPanel)
        await pilot.press("2", "c")
        await wait_until(pilot, lambda: not panel.builder.chains and not panel.builder.current)
        await put_down(pilot, panel, "TYO")
        await wait_until(pilot, lambda: any("Rebuild one flight, Los Angeles to Johannesburg" in text for text in notices(app)))
        assert not panel.builder.current and screen.lesson.step.id == "rebuild"
        await put_down(pilot, panel, "LAX")
        await wait_until(pilot, lambda: bool(panel.builder.current))
        assert panel.builder.current[0].origin == screen.lesson.expected.chains[0][0].origin


@pytest.mark.parametrize("steps_before_esc", [0, 8])
@run_async
async def test_esc_leaves_at_any_point_and_the_lesson_starts_again(steps_before_esc):
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(steps_before_esc):
            await ready(pilot, screen)
            await take_step(pilot, screen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert not list((paths.data_dir() / "saves").glob("*")), "a lesson is never saved"
        await pilot.press("n", "right", "right")  # New game: the cooperative game (the third)
        await pilot.press("ctrl+l")  # Learn to play
        await wait_until(pilot, lambda: getattr(app.screen, "lesson", None) is not None)
        again = app.screen
        assert again is not screen and again.lesson.index == 0 and again.table.actions == []
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "LessonCoopTableScreen"]
