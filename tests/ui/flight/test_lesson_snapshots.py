"""Pictures of Flight's lesson at 80x24 and 120x40: its first step, the step on Fog (the panel
below the flights it talks about) and the scoring step after the hand (beside the players)."""

from __future__ import annotations

import pytest
from test_lesson_pilot import lesson_app, ready, take_step

SIZES = [(80, 24), (120, 40)]


def at_step(step_id: str):
    async def run_before(pilot) -> None:
        screen = pilot.app.screen
        while screen.lesson.step.id != step_id or pilot.app.screen is not screen:
            await ready(pilot, screen)
            if pilot.app.screen is not screen:  # the board at the end of the hand, then the scores
                await pilot.press("enter")
            elif screen.lesson.step.id != step_id:
                await take_step(pilot, screen)
        await ready(pilot, screen)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("step_id", ["", "fog", "scoring"])
def test_lesson_step(snap_compare, size, step_id):
    assert snap_compare(lesson_app(), terminal_size=size, run_before=at_step(step_id))
