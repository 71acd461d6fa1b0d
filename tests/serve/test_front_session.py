"""The SSH front in this process, for what a real server cannot be made to do: an app that fails to start (issue 19)."""

from __future__ import annotations

import asyncio
import logging
import os
import sys

import asyncssh
import pytest

from flight_tui.serve.service import TableService
from flight_tui.serve.ssh import FrontSession, FrontSettings, start_front

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="counts /proc/self/fd")


class Screen(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.received = bytearray()

    def data_received(self, data: bytes, datatype) -> None:
        self.received += data


def test_an_app_that_cannot_start_leaves_nothing_open_tells_the_player_and_is_logged(tmp_path, monkeypatch, caplog):
    def fail(self, terminal):
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(FrontSession, "_start_app", fail)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(key.export_public_key())

    async def session(port: int) -> tuple[bytes, int | None]:
        async with asyncssh.connect("127.0.0.1", port, username="Ann", client_keys=[key], known_hosts=None, agent_path=None) as conn:
            chan, screen = await conn.create_session(Screen, term_type="xterm-256color", term_size=(80, 24), encoding=None)
            await asyncio.wait_for(chan.wait_closed(), 20)
            return bytes(screen.received), chan.get_exit_status()

    async def scenario():
        service = TableService(tmp_path / "server", bot_delay=0)
        await service.start()
        settings = FrontSettings(port=0, authorized_keys=tmp_path / "keys", host_key=tmp_path / "host_key")
        acceptor, _, _ = await start_front(tmp_path / "server", settings, service)
        port = acceptor.sockets[0].getsockname()[1]
        await session(port)  # the first connection opens what stays open (the loop's, the key's)
        await asyncio.sleep(0.2)
        before = len(os.listdir("/proc/self/fd"))
        answers = [await session(port) for _ in range(10)]
        await asyncio.sleep(0.2)
        after = len(os.listdir("/proc/self/fd"))
        acceptor.close()
        await service.stop()
        return answers, before, after

    with caplog.at_level(logging.ERROR, logger="flight_tui.serve"):
        answers, before, after = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert after <= before
    assert all(b"your game could not be started" in got and status == 1 for got, status in answers)
    assert caplog.text.count("could not start the app of Ann") == 11 and "Too many open files" in caplog.text


def test_the_clients_environment_is_refused_unread(tmp_path, monkeypatch):
    """``env`` requests are refused and nothing of them is kept (asyncssh would keep every
    variable sent); the app's environment is the server's and TERM."""
    kept = []

    def record(self, terminal):
        kept.append(dict(self.chan.get_environment()))
        raise OSError("not needed here")

    monkeypatch.setattr(FrontSession, "_start_app", record)
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(key.export_public_key())

    async def scenario():
        service = TableService(tmp_path / "server", bot_delay=0)
        await service.start()
        settings = FrontSettings(port=0, authorized_keys=tmp_path / "keys", host_key=tmp_path / "host_key")
        acceptor, _, _ = await start_front(tmp_path / "server", settings, service)
        port = acceptor.sockets[0].getsockname()[1]
        huge = {f"HUGE_{n}": "x" * 4000 for n in range(200)}
        async with asyncssh.connect("127.0.0.1", port, username="Ann", client_keys=[key], known_hosts=None, agent_path=None) as conn:
            chan, _ = await conn.create_session(Screen, term_type="xterm", term_size=(80, 24), env=huge, encoding=None)
            await asyncio.wait_for(chan.wait_closed(), 20)
        acceptor.close()
        await service.stop()

    asyncio.run(asyncio.wait_for(scenario(), 60))
    assert kept == [{}]
