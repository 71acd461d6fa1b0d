"""Passaportas's lesson through the real app, keys only: finished step by step at 80x24 with
the panel beside what each step talks about, the customs passes the rules make for the learner
going through on their own; a wrong move is refused with the step's reason and changes
nothing; Esc leaves at any point, nothing is saved, and the lesson starts again."""

from __future__ import annotations

import pytest
from game_harness import run_async, screen_lines, wait_until
from lesson_harness import assert_panel_beside_its_target, go_to_step, lesson_app, notices, ready
from test_passaportas_pilot import cursor_to
from textual.widgets import OptionList

from flight_tui import paths
from flight_tui.games.passaportas.rules.state import Fly, PassCustoms, Roll, StayPut, UseCustoms
from flight_tui.games.passaportas.ui.choosers import OptionChooser, customs_key
from flight_tui.ui.screens.menu import MenuScreen

GAME = "passaportas"


async def choose(pilot, key: str) -> None:
    """In the question on screen, move to the answer ``key`` and take it with Enter."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, OptionChooser))
    chooser = pilot.app.screen
    keys = [key for key, _ in chooser.options]
    options = chooser.query_one(OptionList)
    while options.highlighted != keys.index(key):
        await pilot.press("down")
    await pilot.press("enter")


async def take_step(pilot, screen) -> None:
    """Make the current step's move with the keys its text names (Enter for a step that explains)."""
    expected = screen.lesson.expected
    if expected is None:
        await pilot.press("enter")
    elif isinstance(expected, Roll):
        await pilot.press("r")
    elif isinstance(expected, StayPut):
        await pilot.press("s")
    elif isinstance(expected, Fly):
        await cursor_to(pilot, screen.map_panel, expected.city)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(pilot.app.screen, OptionChooser):  # several ways there: how much fuel
            await choose(pilot, str(expected.fuel))
    elif isinstance(expected, UseCustoms):
        await pilot.press("c")
        await choose(pilot, customs_key(expected.player, expected.group))
    await pilot.pause()


@run_async
async def test_the_passaportas_lesson_is_finished_with_keys_only():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        run = screen.lesson
        table = screen.table
        steps = len(run.lesson.steps)
        done = 0
        while not run.finished:
            await ready(pilot, screen)
            index = run.index
            assert f"Lesson {index + 1}/{steps}" in "\n".join(screen_lines(app))
            assert_panel_beside_its_target(app, screen)
            await take_step(pilot, screen)
            assert run.index == index + 1 or app.screen is not screen, f"step {index + 1} did not take its move"
            done += 1
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert done == steps
        assert table.result().winners == [0]
        passed_for_the_learner = [action for seat, action in table.actions if seat == 0 and action == PassCustoms()]
        assert len(passed_for_the_learner) >= 2, "the customs passes the rules make went through"


@run_async
async def test_a_wrong_move_gets_the_steps_reason_and_changes_nothing():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.table
        await go_to_step(pilot, screen, "roll", take_step)
        await pilot.press("s")  # staying is legal, but the step wants a roll
        await pilot.pause()
        assert table.actions == [] and screen.lesson.step.id == "roll"
        assert any("First fuel the plane: roll the dice with r." in text for text in notices(app))
        await go_to_step(pilot, screen, "fly-london", take_step)
        before = list(table.actions)
        await cursor_to(pilot, screen.map_panel, 1)  # Paris: in reach, not where the step wants to go
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, OptionChooser):
            await pilot.press("enter")
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "fly-london"
        assert any("Fly to London, where your traveller gets off" in text for text in notices(app))
        await go_to_step(pilot, screen, "customs", take_step)
        before = list(table.actions)
        await pilot.press("p")  # passing is legal here, but the step wants the customs card used
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "customs"
        assert any("Use your customs card for Rome" in text for text in notices(app))
        await pilot.press("u")  # no undo in a lesson
        await pilot.pause()
        assert table.actions == before


@pytest.mark.parametrize("steps_before_esc", [0, 4])
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
        await pilot.press("n")
        await pilot.press("right")  # New game: Passaportas, the second game
        await pilot.press("ctrl+l")  # Learn to play
        await wait_until(pilot, lambda: getattr(app.screen, "lesson", None) is not None)
        again = app.screen
        assert again is not screen and again.lesson.index == 0 and again.table.actions == []
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "LessonPassaportasTableScreen"]
