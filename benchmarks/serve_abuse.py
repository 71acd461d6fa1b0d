"""``flight-tui serve`` under abuse: what one guest, or anyone, can do to it (issue 19's figures).

Starts the real ``flight-tui serve`` of a source tree (``--source``, default this one: pass an
export of another commit to compare, e.g. ``git archive main | tar -x -C /tmp/main``) with its
default limits, on ``--port 0``, and measures with asyncssh's client on 127.0.0.1:

- **attempts per connection** and **guesses per second**: one client guessing passwords on one
  connection until it is closed (at most 200 guesses, at most 30 s);
- **guesses in 30 s from one address**: the same, connection after connection;
- **server RSS growth under a non-reading client**: a 500x200 terminal that stops reading while
  its size changes 60 times, 4 a second (each change a full repaint);
- **descriptors after failed starts**: the server's open descriptors before and after 50
  sessions whose ``TERM`` holds a NUL byte;
- **time to log in during a table flood**: 100 identities each open up to 10 six-seat tables on
  the table service's socket, then a friend logs in (seconds to the lobby; "failed" if never);
- **time to log in with 900 tables saved**: a data folder where 900 six-seat tables were opened
  (by the table service of this tree, its limits lifted, or of the tree before them), then the
  server started on it and a friend logs in;
- **time to log in during slowloris**: 50 idle TCP connections from 127.0.0.2-6, then a friend
  logs in (seconds to the lobby, at most 30).

    python benchmarks/serve_abuse.py [--source DIR] [--code-on-command-line]

``--code-on-command-line``: the tree's ``serve`` takes ``--join-code CODE`` (as before issue 19).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flight_tui.serve import protocol as P  # noqa: E402

CODE = "tea-at-five"
LOBBY = b"opens"
"""In the lobby's hint once the service's list of tables is shown ("n opens one", "n opens a new table")."""


class Server:
    """``flight-tui serve`` of ``source`` with a fresh data folder, a key and a join code."""

    def __init__(self, source: Path, code_on_command_line: bool, tables: int = 0) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="serve-abuse-"))
        if tables:
            build = [sys.executable, "-c", BUILD, str(self.folder / "data" / "server"), str(tables)]
            subprocess.run(build, check=True, env={**os.environ, "PYTHONPATH": str(source)}, timeout=900)
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        (self.folder / "keys").write_bytes(self.key.export_public_key())
        code = ["--join-code", CODE] if code_on_command_line else []
        command = [sys.executable, "-m", "flight_tui", "--data-dir", str(self.folder / "data"), "serve", "--port", "0", "--authorized-keys", str(self.folder / "keys"), *code]
        env = {**os.environ, "PYTHONPATH": str(source), "FLIGHT_TUI_JOIN_CODE": CODE}
        self.log = open(self.folder / "serve.log", "w")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, cwd=self.folder, env=env)
        self.port = 0
        while not self.port:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("flight-tui serve did not start")
            found = re.search(r"port (\d+)", line)
            self.port = int(found.group(1)) if found else 0

    def rss_kb(self) -> int:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))

    def descriptors(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


BUILD = """
import asyncio, os, sys
from flight_tui.serve import protocol as P
from flight_tui.serve.service import TableService
os.fsync = lambda fd: None  # only preparing a folder: no need to wait for the disk
async def build(folder, tables):
    try:
        service = TableService(folder, bot_delay=0, max_tables=tables + 1, tables_per_player=tables + 1)
    except TypeError:  # a tree without table limits
        service = TableService(folder, bot_delay=0)
    await service.start()
    reader, writer = await asyncio.open_unix_connection(str(service.socket_path), limit=64 * P.MAX_FRAME)
    writer.write(P.frame(P.Hello("guest:flood", "Flood")))
    async def drain_answers():
        while await reader.read(65536):
            pass
    answers = asyncio.ensure_future(drain_answers())  # the service waits for a reader before it goes on
    for _ in range(tables):
        writer.write(P.frame(P.CreateTable("passaportas", [P.SeatChoice("open")] * 6)))
    await writer.drain()
    while len(service.tables) < tables:
        await asyncio.sleep(0.2)
    writer.close()
    answers.cancel()
    await service.stop()
asyncio.run(build(sys.argv[1], int(sys.argv[2])))
"""


class Screen(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.received = bytearray()

    def data_received(self, data: bytes, datatype) -> None:
        self.received += data


async def login_seconds(server: Server, limit: float = 30) -> str:
    """Seconds from connecting to the lobby on screen, for a friend with a key; ``failed`` if not within ``limit``."""
    start = time.monotonic()
    try:
        async with asyncio.timeout(limit):
            conn = await asyncssh.connect("127.0.0.1", server.port, username="Friend", client_keys=[server.key], known_hosts=None, agent_path=None)
            chan, screen = await conn.create_session(Screen, term_type="xterm-256color", term_size=(80, 24), encoding=None)
            while LOBBY not in screen.received and not chan.is_closing():
                await asyncio.sleep(0.05)
            conn.close()
            if LOBBY not in screen.received:
                return "failed (closed)"
    except (TimeoutError, OSError, asyncssh.Error) as error:
        return f"failed ({type(error).__name__})"
    return f"{time.monotonic() - start:.2f}"


class Guesser(asyncssh.SSHClient):
    def __init__(self, limit: int) -> None:
        self.guesses = 0
        self.limit = limit

    def password_auth_requested(self) -> str | None:
        self.guesses += 1
        return f"guess-{self.guesses}" if self.guesses <= self.limit else None


async def guess(server: Server, source: str, limit: int = 200, seconds: float = 30) -> int:
    guesser = Guesser(limit)
    try:
        async with asyncio.timeout(seconds):
            conn = await asyncssh.connect(
                "127.0.0.1", server.port, username="root", client_factory=lambda: guesser, known_hosts=None,
                agent_path=None, client_keys=None, preferred_auth="password", local_addr=(source, 0),
            )  # fmt: skip
            conn.close()
    except (TimeoutError, OSError, asyncssh.Error):
        pass
    return min(guesser.guesses, limit)


async def guessing(server: Server) -> dict[str, str]:
    start = time.monotonic()
    attempts = await guess(server, "127.0.0.7")
    rate = attempts / (time.monotonic() - start)
    total, end = 0, time.monotonic() + 30
    while time.monotonic() < end:
        total += await guess(server, "127.0.0.8", seconds=max(0.1, end - time.monotonic()))
    return {
        "attempts per connection": str(attempts),
        "guesses per second on one connection": f"{rate:,.1f}",
        "guesses in 30 s from one address": str(total),
    }


async def non_reading(server: Server) -> str:
    conn = await asyncssh.connect("127.0.0.1", server.port, username="Slow", client_keys=[server.key], known_hosts=None, agent_path=None)
    chan, screen = await conn.create_session(Screen, term_type="xterm-256color", term_size=(500, 200), encoding=None)
    while LOBBY not in screen.received:
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)
    base = server.rss_kb()
    chan.pause_reading()
    for n in range(60):
        chan.change_terminal_size(500 - n % 2, 200)
        await asyncio.sleep(0.25)
    await asyncio.sleep(2)
    grown = server.rss_kb() - base
    conn.abort()
    return f"{grown / 1024:.1f}"


async def failed_starts(server: Server) -> str:
    await asyncio.sleep(1)
    before = server.descriptors()
    for _ in range(50):
        try:
            conn = await asyncssh.connect("127.0.0.1", server.port, username="Bad", client_keys=[server.key], known_hosts=None, agent_path=None)
        except (OSError, asyncssh.Error):
            continue
        try:
            await conn.create_session(Screen, term_type="xterm\0bad", term_size=(80, 24), encoding=None)
        except (OSError, asyncssh.Error):
            pass
        conn.close()
        await conn.wait_closed()
    await asyncio.sleep(2)
    return f"{before} -> {server.descriptors()}"


async def table_flood(server: Server) -> str:
    """100 identities open up to 10 six-seat tables each on the service's socket; then a friend logs in."""
    path = server.folder / "data" / "server" / "tables.sock"
    for n in range(100):
        reader, writer = await asyncio.open_unix_connection(str(path), limit=16 * P.MAX_FRAME)
        writer.write(P.frame(P.Hello(f"guest:flood{n}", f"Flood{n}")))
        for _ in range(10):
            writer.write(P.frame(P.CreateTable("passaportas", [P.SeatChoice("open")] * 6)))
        writer.write(P.frame(P.ListTables()))
        await writer.drain()
        lobbies = 0
        try:  # until the answer to ListTables (the second lobby), or the connection is dropped
            async with asyncio.timeout(20):
                while lobbies < 2:
                    (length,) = P.HEADER.unpack(await reader.readexactly(P.HEADER.size))
                    lobbies += isinstance(P.decode_service(await reader.readexactly(length)), P.Lobby)
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            pass
        writer.close()
    tables = len(list((server.folder / "data" / "server" / "saves").glob("autosave-*.json")))
    return f"{await login_seconds(server)} s with {tables} tables saved"


async def slowloris(server: Server) -> str:
    idle = []
    for address in range(2, 7):
        for _ in range(10):
            try:
                idle.append(await asyncio.open_connection("127.0.0.1", server.port, local_addr=(f"127.0.0.{address}", 0)))
            except OSError:
                pass
    await asyncio.sleep(0.5)
    seconds = await login_seconds(server)
    for _, writer in idle:
        writer.close()
    return seconds


async def measure(args: argparse.Namespace) -> dict[str, str]:
    figures = {}
    server = Server(args.source, args.code_on_command_line, tables=900)
    try:
        figures["time to log in with 900 tables saved (s)"] = await login_seconds(server)
    finally:
        server.stop()
    for name, step in (("guessing", guessing), ("rss", non_reading), ("fds", failed_starts), ("flood", table_flood), ("slowloris", slowloris)):
        server = Server(args.source, args.code_on_command_line)
        try:
            figures[f"time to log in, quiet server ({name}'s)"] = await login_seconds(server)
            result = await step(server)
        finally:
            server.stop()
        if isinstance(result, dict):
            figures.update(result)
        else:
            figures[{"rss": "server RSS growth under a non-reading client (MB)", "fds": "server descriptors before -> after 50 failed starts", "flood": "time to log in during a table flood", "slowloris": "time to log in during slowloris (s)"}[name]] = result
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="the source tree whose flight-tui serve is measured")
    parser.add_argument("--code-on-command-line", action="store_true", help="that tree takes --join-code CODE")
    args = parser.parse_args()
    for label, value in asyncio.run(measure(args)).items():
        print(f"figure: serve abuse {label} = {value}")


if __name__ == "__main__":
    main()
