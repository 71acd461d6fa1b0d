"""Flight's lesson through the real app, keys only: finished step by step at 80x24 with the
panel beside what each step talks about; a wrong move is refused with the step's reason and
changes nothing; Esc leaves at any point, nothing is saved, and the lesson starts again."""

from __future__ import annotations

import pytest
from game_harness import run_async, screen_lines, wait_until
from lesson_harness import assert_panel_beside_its_target, go_to_step, lesson_app, notices, ready

from flight_tui import paths
from flight_tui.games.flight.rules.state import DrawDiscard, DrawPack, Play
from flight_tui.ui.screens.menu import MenuScreen

GAME = "flight"


async def move_cursor_to(pilot, screen, card: int) -> None:
    hand = screen.hand
    while hand.card != card:
        await pilot.press("right" if hand.cards.index(card) > hand.cursor else "left")


async def take_step(pilot, screen) -> None:
    """Make the current step's move with the keys its text names (Enter for a step that explains)."""
    expected = screen.lesson.expected
    if expected is None:
        await pilot.press("enter")
    elif isinstance(expected, DrawPack):
        await pilot.press("p")
    elif isinstance(expected, DrawDiscard):
        await pilot.press("e")
    else:
        await move_cursor_to(pilot, screen, expected.card)
        await pilot.press("enter" if isinstance(expected, Play) else "x")
    await pilot.pause()


@run_async
async def test_the_flight_lesson_is_finished_with_keys_only():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        run = screen.lesson
        steps = len(run.lesson.steps)
        done = 0
        while not run.finished:
            await ready(pilot, screen)
            if app.screen is not screen:  # the board at the end of the hand, then the scores
                await pilot.press("enter")
                continue
            index = run.index
            assert f"Lesson {index + 1}/{steps}" in "\n".join(screen_lines(app))
            assert_panel_beside_its_target(app, screen)
            if run.table.is_over():  # the learner went out: the empty hand tells no one to draw
                assert "(no cards in hand)" in "\n".join(screen_lines(app))
            await take_step(pilot, screen)
            assert run.index == index + 1 or app.screen is not screen, f"step {index + 1} did not take its move"
            done += 1
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert done == steps
        assert run.table.result().scores == [50, -37]


@run_async
async def test_a_wrong_move_gets_the_steps_reason_and_changes_nothing():
    app = lesson_app(GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.table
        await go_to_step(pilot, screen, "draw", take_step)
        await pilot.press("e")  # legal, but the step wants the pack
        await pilot.pause()
        assert table.actions == [] and screen.lesson.step.id == "draw"
        assert any("This time draw from the pack: press p." in text for text in notices(app))
        await go_to_step(pilot, screen, "discard", take_step)
        before = list(table.actions)
        await move_cursor_to(pilot, screen, 30)  # the Fog: legal to discard, not what the step wants
        await pilot.press("x")
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "discard"
        assert any("Discard R5-G" in text for text in notices(app))
        await go_to_step(pilot, screen, "routes", take_step)
        before = list(table.actions)
        await move_cursor_to(pilot, screen, 15)  # R2-Y before R1-Y: the rules forbid it
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions == before and screen.lesson.step.id == "routes"
        assert any("R1 comes next" in text for text in notices(app))
        await pilot.press("u")  # no undo in a lesson
        await pilot.pause()
        assert table.actions == before
        await move_cursor_to(pilot, screen, 14)  # R1-Y, as the step asks: the refusal goes
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.actions) == len(before) + 1
        assert not any("R1 comes next" in text for text in notices(app))


@pytest.mark.parametrize("steps_before_esc", [0, 4, 13])
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
        await pilot.press("ctrl+l")  # New game: Learn to play (Flight is the first game)
        await wait_until(pilot, lambda: getattr(app.screen, "lesson", None) is not None)
        again = app.screen
        assert again is not screen and again.lesson.index == 0 and again.table.actions == []
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "LessonFlightTableScreen"]
