"""A crash in a joined app: its traceback in the server's log, one line for the player (issue 19)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from flight_tui.serve.client import CRASH_LINE, JoinApp
from flight_tui.serve.lobby import LobbyScreen
from flight_tui.serve.remote import ServiceConnection
from flight_tui.serve.service import TableService


async def close_after_any_report(caplog, connection: ServiceConnection, service: TableService, patience: float) -> None:
    """Give a crash report ``patience`` seconds to cross the socket into the log, then close
    the connection and the service."""
    for _ in range(int(patience / 0.05)):
        if "crashed" in caplog.text:
            break
        await asyncio.sleep(0.05)
    connection.close()
    await service.stop()


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
        await close_after_any_report(caplog, connection, service, 5.0)
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


def test_widgets_gone_as_the_app_ends_are_no_crash_for_the_server_or_the_player(tmp_path, monkeypatch, caplog):
    """A handler that finds its widgets taken down once the app is ending (a table opened as the
    connection dropped) is neither reported to the server's log as a crash nor told to the
    player; the same error while the app runs is."""
    from textual.css.query import NoMatches

    printed = []
    monkeypatch.setattr(JoinApp, "_print_error_renderables", lambda app: printed.extend(app._exit_renderables))

    def broken_while(ending: bool):
        def refresh(self):
            if ending:
                self.app.exit()
            raise NoMatches("No nodes match '#lobby-list'")

        return refresh

    async def scenario(ending: bool):
        monkeypatch.setattr(LobbyScreen, "action_refresh", broken_while(ending))
        service = TableService(tmp_path / str(ending), bot_delay=0)
        await service.start()
        connection = await asyncio.to_thread(ServiceConnection, str(service.socket_path), "key:ann", "Ann")
        app = JoinApp(connection, "Ann")
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                app.screen.call_later(app.screen.action_refresh)  # as the lobby's r key does
                await asyncio.sleep(0.3)  # not the pilot's pause: that waits on an app that may have ended
        except NoMatches:
            pass
        await close_after_any_report(caplog, connection, service, 2.0)
        return app

    with caplog.at_level(logging.ERROR, logger="flight_tui.serve"):
        app = asyncio.run(asyncio.wait_for(scenario(ending=True), 60))
        assert printed == [] and app.return_code == 0 and "crashed" not in caplog.text
        app = asyncio.run(asyncio.wait_for(scenario(ending=False), 60))
        assert printed == [CRASH_LINE] and app.return_code == 1 and "crashed" in caplog.text
