"""Pictures of Passaportas's lesson at 80x24 and 120x40: its first step (beside the plane),
the first flight (below the status bar, over the flights not in reach) and the customs card
(above the line that says what the card may do)."""

from __future__ import annotations

import pytest
from lesson_harness import lesson_app, ready
from test_passaportas_lesson_pilot import GAME, take_step

SIZES = [(80, 24), (120, 40)]


def at_step(step_id: str):
    async def run_before(pilot) -> None:
        screen = pilot.app.screen
        wide = not screen.board_is_list()
        if wide:  # the steps before are played on the list of flights, whose rows ↑ ↓ walk
            await pilot.press("m")
        while screen.lesson.step.id != step_id:
            await ready(pilot, screen)
            await take_step(pilot, screen)
        await ready(pilot, screen)
        if wide:  # the map again, as the lesson shows it at this size
            await pilot.press("m")
        pilot.app.clear_notifications()  # the notices of the moves before time out at their own pace
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("step_id", ["plane", "fly-madrid", "customs"])
def test_lesson_step(snap_compare, size, step_id):
    assert snap_compare(lesson_app(GAME), terminal_size=size, run_before=at_step(step_id))
