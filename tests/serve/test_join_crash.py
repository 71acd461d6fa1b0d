"""A crash in a joined app: its traceback in the server's log, one line for the player (issue 19)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from flight_tui.serve.client import CRASH_LINE, JoinApp
from flight_tui.serve.lobby import LobbyScreen
from flight_tui.serve.remote import ServiceConnection
from flight_tui.serve.service import TableService


def test_a_crash_is_logged_by_the_service_with_its_traceback_and_the_player_gets_one_line(tmp_path, monkeypatch, caplog):
    def broken(self):
        secret = "a value the player must not see"  # noqa: F841 - a local a traceback with locals would print
        raise RuntimeError("the lobby broke")

    monkeypatch.setattr(LobbyScreen, "action_refresh", broken)
    printed = []
    monkeypatch.setattr(JoinApp, "_print_error_renderables", lambda app: printed.extend(app._exit_renderables))

    async def scenario():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        connection = await asyncio.to_thread(ServiceConnection, str(service.socket_path), "key:ann", "Ann")
        app = JoinApp(connection, "Ann")
        with pytest.raises(RuntimeError):
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("r")
                await pilot.pause()
        for _ in range(100):  # the report crosses the socket
            if "crashed" in caplog.text:
                break
            await asyncio.sleep(0.05)
        connection.close()
        await service.stop()
        return app

    with caplog.at_level(logging.ERROR, logger="flight_tui.serve"):
        app = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert printed == [CRASH_LINE]
    assert app.return_code == 1
    assert "the app of Ann (key:ann) crashed" in caplog.text
    assert "RuntimeError: the lobby broke" in caplog.text and "Traceback" in caplog.text


def test_a_new_table_screen_closed_before_it_was_mounted_does_not_crash():
    """Pressing n and Esc faster than the screen mounts (a slow link, a busy server) used to crash the app."""
    from textual.app import App

    from flight_tui.serve.lobby import NewTableScreen
    from flight_tui.ui import fast_keys

    fast_keys.install()  # as the app does when it starts

    async def scenario():
        app = App()
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(5):
                app.push_screen(NewTableScreen())
                app.pop_screen()
                await pilot.pause()
            app.push_screen(NewTableScreen())
            await pilot.pause()
            return app.screen.query_one("#bot-after") is not None

    assert asyncio.run(asyncio.wait_for(scenario(), 60))
