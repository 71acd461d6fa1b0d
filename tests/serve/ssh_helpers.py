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


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (none once it has ended)."""
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except (FileNotFoundError, ProcessLookupError):
        return []


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state first), None once the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except (FileNotFoundError, ProcessLookupError):  # the second while it is being reaped
        return None


def state(pid: int) -> str:
    """A process's state letter (R, S, Z…), or "" once it is gone."""
    fields = stat(pid)
    return fields[0] if fields else ""


async def holds_soon(condition, timeout: float = PATIENCE) -> bool:
    """Wait until ``condition()`` holds (True), looking every 50 ms, or ``timeout`` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return condition()


class ServeProcess:
    """``flight-tui serve`` on a free port, with its own data folder (``python -m flight_tui``;
    with ``cwd``, the ``flight-tui`` program, as a host runs it, in that working directory)."""

    def __init__(self, data: Path, *options: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
        self.data = data
        self.options = options
        self.cwd = cwd
        self.env = env or {}
        self.process: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self, timeout: float = PATIENCE) -> "ServeProcess":
        program = [sys.executable, "-m", "flight_tui"] if self.cwd is None else [str(Path(sys.executable).with_name("flight-tui"))]
        command = [*program, "--data-dir", str(self.data), "serve", "--port", "0", "--bot-delay", "0", *self.options]
        self.log = open(self.data.parent / f"serve-{time.monotonic_ns()}.log", "w")
        env = {**os.environ, "COLUMNS": "80", **self.env}
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, env=env, cwd=self.cwd)
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

    def app_of(self, name: str) -> int:
        """The process id of the app the server started for the player called ``name`` (the latest, as its log says)."""
        found = re.findall(rf"{re.escape(name)}'s app is process (\d+)", self.log_text())
        if not found:
            raise LookupError(name)
        return int(found[-1])

    def apps(self) -> dict[int, str]:
        """Players' apps (the fork server's children) and any child of the server left unreaped:
        process id and state (R, S, Z…)."""
        found = {}
        for child in children(self.process.pid):
            if state(child) == "Z":
                found[child] = "Z"
            for pid in children(child):
                found[pid] = state(pid)
        return found

    def wait_log(self, text: str, timeout: float = 10) -> str:
        """The log once it holds ``text`` (or after ``timeout`` seconds): some lines are written as a connection closes."""
        deadline = time.monotonic() + timeout
        while text not in self.log_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.log_text()

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
    async def connect(
        cls, port: int, username: str, *, key=None, password: str | None = None, source: str | None = None, size=(COLUMNS, ROWS), **session
    ) -> "Player":
        """Log in (from the loopback address ``source``, default 127.0.0.1) and open a session with a terminal of ``size``."""
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
            local_addr=(source, 0) if source else None,
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

        session.setdefault("term_type", "xterm-256color")
        try:
            player.chan, _ = await player.conn.create_session(Session, term_size=size, encoding=None, **session)
        except BaseException:
            player.conn.close()
            raise
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

    async def received_text(self, text: str, timeout: float = PATIENCE) -> bool:
        """Wait until ``text`` is among the bytes received (for terminals larger than the 80x24 drawn here)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while text.encode() not in self.received and not self.closed and loop.time() < end:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), 0.5)
            except asyncio.TimeoutError:
                pass
        return text.encode() in self.received

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

    def send(self, keys: str | bytes) -> None:
        """Press ``keys`` and go on at once (for keys whose result the test then waits for)."""
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)

    async def press(self, keys: str | bytes, settle: float = 0.15) -> None:
        """Press ``keys`` and wait until the screen has been quiet for ``settle`` seconds."""
        self.send(keys)
        await self.quiet(settle)

    async def press_and_see(self, keys: str | bytes, timeout: float = 2.0, settle: float = 0.05) -> bool:
        """Press ``keys`` and wait until the screen changes (at most ``timeout`` seconds: a key
        may change nothing), then until it is quiet for ``settle`` seconds. True if it changed."""
        before = self.text()
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.text() == before and not self.closed and loop.time() < end:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.01, end - loop.time()))
            except asyncio.TimeoutError:
                pass
        await self.quiet(settle)
        return self.text() != before

    def abort(self) -> None:
        """The player's connection breaks off (as when their ssh is killed)."""
        self.conn.abort()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
