"""A real ``flight-tui serve`` in a subprocess, and players who reach it with asyncssh's client.

Each player's session has an 80x24 pseudo-terminal; what the server sends is kept byte for
byte (``received``) and drawn on a pyte screen, which the tests read as a person would.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pyte
from patience import PATIENCE

COLUMNS, ROWS = 80, 24


def make_key(path: Path) -> asyncssh.SSHKey:
    """A new ed25519 key, its private half at ``path`` and its public line appended to ``path``.pub."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.write_bytes(key.export_private_key())
    path.chmod(0o600)
    path.with_suffix(".pub").write_bytes(key.export_public_key())
    return key


class ServeProcess:
    """``flight-tui serve`` on a free port, with its own data folder."""

    def __init__(self, data: Path, *options: str) -> None:
        self.data = data
        self.options = options
        self.process: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self, timeout: float = PATIENCE) -> "ServeProcess":
        command = [sys.executable, "-m", "flight_tui", "--data-dir", str(self.data), "serve", "--port", "0", "--bot-delay", "0", *self.options]
        self.log = open(self.data.parent / f"serve-{time.monotonic_ns()}.log", "w")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, env={**os.environ, "COLUMNS": "80"})
        deadline = time.monotonic() + timeout
        self.banner = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.banner.append(line)
            found = re.search(r"listening on \S+ port (\d+)", line)
            if found:
                self.port = int(found.group(1))
            if line.startswith("host key fingerprint"):
                return self
        raise RuntimeError(f"flight-tui serve did not start: {self.banner} {self.log_text()}")

    def log_text(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text()

    def kill(self) -> None:
        """kill -9."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Player:
    """One person at an SSH client in an 80x24 terminal."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.changed = asyncio.Event()
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan = None

    @classmethod
    async def connect(cls, port: int, username: str, *, key=None, password: str | None = None) -> "Player":
        player = cls()
        player.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=username,
            client_keys=[key] if key is not None else None,
            password=password,
            known_hosts=None,
            agent_path=None,
            preferred_auth="publickey" if key is not None else "password,keyboard-interactive",
        )
        outer = player

        class Session(asyncssh.SSHClientSession):
            def data_received(self, data, datatype):
                outer.received += data
                outer.stream.feed(data)
                outer.changed.set()

            def connection_lost(self, exc):
                outer.closed = True
                outer.changed.set()

        player.chan, _ = await player.conn.create_session(Session, term_type="xterm-256color", term_size=(COLUMNS, ROWS), encoding=None)
        return player

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def row(self, index: int) -> str:
        return self.screen.display[index]

    async def quiet(self, seconds: float = 0.15, timeout: float = 10.0) -> None:
        """Wait until nothing has come for ``seconds`` (at most ``timeout``)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), seconds)
            except asyncio.TimeoutError:
                return

    async def wait_for(self, text: str, timeout: float = PATIENCE) -> bool:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            if text in self.text():
                await self.quiet()
                return True
            if self.closed:
                return False
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 0.5)
            except asyncio.TimeoutError:
                pass
        return text in self.text()

    async def wait_gone(self, text: str, timeout: float = PATIENCE) -> bool:
        """Wait until ``text`` is no longer on the screen (False: it stayed ``timeout`` seconds)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text in self.text() and loop.time() < end and not self.closed:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 0.5)
            except asyncio.TimeoutError:
                pass
        return text not in self.text()

    async def press(self, keys: str | bytes, settle: float = 0.15) -> None:
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)
        await self.quiet(settle)

    def abort(self) -> None:
        """The player's connection breaks off (as when their ssh is killed)."""
        self.conn.abort()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
