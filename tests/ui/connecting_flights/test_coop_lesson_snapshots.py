"""Pictures of the cooperative Connecting Flights lesson at 80x24 and 120x40: the set-up choice,
the Marketplace step and the first flight."""

from __future__ import annotations

import pytest
from lesson_harness import go_to_step, lesson_app
from test_coop_lesson_pilot import GAME, take_step

SIZES = [(80, 24), (120, 40)]


def at_step(step_id: str):
    async def run_before(pilot) -> None:
        await go_to_step(pilot, pilot.app.screen, step_id, take_step)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("step_id", ["start", "market", "fly"])
def test_coop_lesson_step(snap_compare, size, step_id):
    assert snap_compare(lesson_app(GAME), terminal_size=size, run_before=at_step(step_id))
