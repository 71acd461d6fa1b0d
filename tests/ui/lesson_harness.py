"""What the four lesson pilot tests share: the app opening a lesson, waiting for the learner,
walking to a step, and where the lesson's panel stands."""

from __future__ import annotations

from typing import Awaitable, Callable

from game_harness import screen_lines, wait_until

from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.widgets.lesson_panel import LessonPanel


def lesson_app(game: str) -> FlightTuiApp:
    """The app opening ``game``'s lesson, its bots moving without a pause."""
    app = FlightTuiApp(lesson=game)
    app.settings.bot_delay = 0
    return app


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def ready(pilot, screen) -> None:
    """Wait until the lesson waits for the learner (the bots have moved), or another screen
    (a round's summary, an end screen) is up."""
    await wait_until(pilot, lambda: pilot.app.screen is not screen or screen.learner_asked())


async def go_to_step(pilot, screen, step_id: str, take_step: Callable[..., Awaitable[None]]) -> None:
    """Take the lesson's steps with ``take_step(pilot, screen)`` until ``step_id`` is the
    current one and its table is on the screen (Enter closes a summary on the way)."""
    while screen.lesson.step.id != step_id or pilot.app.screen is not screen:
        await ready(pilot, screen)
        if pilot.app.screen is not screen:
            await pilot.press("enter")
        elif screen.lesson.step.id != step_id:
            await take_step(pilot, screen)
    await ready(pilot, screen)


def assert_panel_beside_its_target(app, screen) -> None:
    """The lesson's panel is on the screen, above the footer, beside (not over) the widget
    its step points at, and shows its text."""
    panel = screen.query_one(LessonPanel)
    width, height = app.size
    region = panel.region
    assert region.x >= 0 and region.right <= width and region.y >= 0 and region.bottom <= height - 1, "the panel leaves the screen or covers the footer"
    at = screen.lesson.step.at
    if at:
        assert not region.overlaps(screen.query_one(at).region), f"the panel covers {at}"
    assert any(line in "\n".join(screen_lines(app)) for line in panel.text.split()[:3])
