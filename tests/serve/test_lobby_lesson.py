"""Learn to play from the lobby of a joined app: the lesson runs in that player's app, over the
lobby, and Esc comes back to it."""

from __future__ import annotations

import asyncio

from textual.command import CommandList, CommandPalette

from flight_tui.serve.client import JoinApp
from flight_tui.serve.lobby import LobbyScreen
from flight_tui.serve.remote import ServiceConnection
from flight_tui.serve.service import TableService


def test_the_lobby_starts_a_lesson_here_and_esc_comes_back(tmp_path):
    async def scenario():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        connection = await asyncio.to_thread(ServiceConnection, str(service.socket_path), "key:ann", "Ann")
        app = JoinApp(connection, "Ann")
        seen = []
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("l")  # Learn to play: pick the game (Flight is the one offered)
                for _ in range(200):  # the picker lists the games with a lesson
                    await pilot.pause(0.05)
                    if isinstance(app.screen, CommandPalette) and app.screen.query_one(CommandList).option_count:
                        break
                await pilot.press("enter")
                for _ in range(100):
                    await pilot.pause(0.05)
                    if getattr(app.screen, "lesson", None) is not None:
                        break
                seen.append(type(app.screen).__name__)
                seen.append(app.screen.lesson.index)
                await pilot.press("escape")
                await pilot.pause()
                seen.append(isinstance(app.screen, LobbyScreen))
        finally:
            connection.close()
            await service.stop()
        return seen

    assert asyncio.run(asyncio.wait_for(scenario(), 60)) == ["LessonFlightTableScreen", 0, True]
