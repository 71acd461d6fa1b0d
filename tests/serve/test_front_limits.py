"""``flight-tui serve`` open to anyone: each limit holds, and a friend still logs in and plays meanwhile (issue 19).

One server with small limits serves the tests of this module; each abuser comes from a
loopback address of its own (127.0.0.N), so that the per-address limits of one test do not
touch another, and the friend comes from 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import struct
import sys
import termios
import unicodedata
from pathlib import Path
from types import SimpleNamespace

import asyncssh
import pytest

from tests.serve.ssh_helpers import Player, ServeProcess, holds_soon, make_key

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc and binds 127.0.0.N")

CODE = "café-à-cinq"
LIMITS = (
    "--login-delay", "0.1",
    "--address-failures", "8",
    "--max-startups", "4",
    "--max-startups-per-address", "2",
    "--max-guests", "2",
    "--tables-per-player", "20",
)  # fmt: skip


def run(coro, timeout: float = 90):
    return asyncio.run(asyncio.wait_for(coro, timeout))


@pytest.fixture(scope="module")
def front(tmp_path_factory):
    folder = tmp_path_factory.mktemp("front")
    ann, bob = make_key(folder / "ann"), make_key(folder / "bob")
    (folder / "keys").write_bytes(ann.export_public_key() + bob.export_public_key())
    (folder / "code").write_text(CODE + "\n", encoding="utf-8")
    serve = ServeProcess(folder / "data", "--authorized-keys", str(folder / "keys"), "--join-code-file", str(folder / "code"), *LIMITS).start()
    yield SimpleNamespace(serve=serve, port=serve.port, ann=ann, bob=bob, data=folder / "data")
    serve.stop()


async def friend_plays(front, name: str = "Bob") -> bool:
    """A friend logs in with a key, opens a Flight table and sees the first hand."""
    bob = await Player.connect(front.port, name, key=front.bob)
    try:
        if not await bob.wait_for(f"Welcome, {name}", 30):
            return False
        bob.send("n")
        assert await bob.wait_for("New table")
        bob.send("\r")
        return await bob.wait_for("Hand 1", 30)
    finally:
        bob.close()


def descriptors(front) -> int:
    return len(os.listdir(f"/proc/{front.serve.process.pid}/fd"))


def rss_kb(pid: int) -> int:
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmRSS"))
    return int(line.split()[1])


# ------------------------------------------------------------ 2. one terminal per connection, sizes, environment


def test_one_terminal_per_connection_and_a_clamped_size_even_with_a_huge_environment(front):
    async def scenario():
        earlier = front.serve.log_text().count("Ann's app is process")
        huge = {f"HUGE_{n}": "x" * 4000 for n in range(200)}
        ann = await Player.connect(front.port, "Ann", key=front.ann, size=(20000, 8000), env=huge)
        assert await ann.received_text("Welcome, Ann")
        pid = front.serve.app_of("Ann")
        with open(f"/proc/{pid}/fd/0", "rb", buffering=0) as terminal:
            rows, columns = struct.unpack("HHHH", fcntl.ioctl(terminal, termios.TIOCGWINSZ, b"\0" * 8))[:2]
        second = None
        try:
            await ann.conn.create_session(asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24))
        except asyncssh.ChannelOpenError as error:
            second = error
        started = front.serve.log_text().count("Ann's app is process") - earlier
        played = await friend_plays(front)
        ann.close()
        return (columns, rows), second, started, played

    size, second, started, played = run(scenario())
    assert size == (500, 200)
    assert second is not None and started == 1
    assert played
    assert "one terminal per connection" in front.serve.log_text()


def test_a_client_that_stops_reading_does_not_make_the_server_grow(front):
    async def scenario():
        ann = await Player.connect(front.port, "Ann", key=front.ann, size=(500, 200))
        assert await ann.received_text("Welcome, Ann")
        base = rss_kb(front.serve.process.pid)
        ann.chan.pause_reading()
        for n in range(40):  # a new size each time: a full repaint of 500x200
            ann.chan.change_terminal_size(500 - n % 2, 200)
            await asyncio.sleep(0.1)
        await asyncio.sleep(1)
        grown = rss_kb(front.serve.process.pid) - base
        played = await friend_plays(front)
        app = front.serve.app_of("Ann")
        ann.chan.resume_reading()
        ann.close()
        return grown, played, await holds_soon(lambda: app not in front.serve.apps())

    grown, played, ended = run(scenario())
    assert grown < 2048, f"the server grew by {grown} KB"  # it grew by 3-4 MB before it stopped reading the app
    assert played
    assert ended  # read again and hung up: its app ends (nothing left for the next test)


# ------------------------------------------------------------ 3. failed starts, children, guests


def test_bad_terminals_leave_no_descriptor_open_and_ended_apps_no_zombie(front):
    async def scenario():
        warm = await Player.connect(front.port, "Ann", key=front.ann)
        assert await warm.wait_for("Welcome, Ann")
        warm.close()
        await asyncio.sleep(1)
        before = descriptors(front)
        refused = 0
        for n in range(20):
            try:
                player = await Player.connect(front.port, "Ann", key=front.ann, term_type="xterm\0evil" if n % 2 else "x" * 300)
            except (asyncssh.ChannelOpenError, asyncssh.Error):
                refused += 1
            else:
                player.close()
        big = await Player.connect(front.port, "Ann", key=front.ann, size=(70000, 70000))
        shown = await big.received_text("Welcome, Ann")
        big.close()
        for _ in range(50):  # the apps end once hung up; each is collected as it ends
            await asyncio.sleep(0.2)
            if not front.serve.apps() and descriptors(front) <= before:
                break
        after, left = descriptors(front), front.serve.apps()
        return before, after, refused, shown, left, await friend_plays(front)

    before, after, refused, shown, left, played = run(scenario())
    assert refused == 20 and shown
    assert after <= before
    assert "Z" not in left.values()
    assert played
    assert "is not a terminal's name" in front.serve.log_text()


def test_guests_are_capped(front):
    async def scenario():
        for n in range(4):
            guest = await Player.connect(front.port, f"Guest{n}", password=CODE, source="127.0.0.9")
            assert await guest.wait_for("log in with the password")
            guest.close()
        return await friend_plays(front)

    assert run(scenario())
    assert len(json.loads((front.data / "server" / "guests.json").read_text())) == 2


# ------------------------------------------------------------ 4. login attempts, delay, budget per address


class Guesser(asyncssh.SSHClient):
    """A client that keeps guessing passwords on one connection (at most 50)."""

    def __init__(self) -> None:
        self.guesses = 0

    def password_auth_requested(self) -> str | None:
        self.guesses += 1
        return f"tea-at-{self.guesses}" if self.guesses <= 50 else None


async def guess(front, source: str) -> tuple[int, str]:
    guesser = Guesser()
    try:
        conn = await asyncssh.connect(
            "127.0.0.1", front.port, username="root", client_factory=lambda: guesser, known_hosts=None,
            agent_path=None, client_keys=None, preferred_auth="password", local_addr=(source, 0),
        )  # fmt: skip
        conn.close()
        return guesser.guesses, "let in"
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError, ConnectionError) as error:
        return guesser.guesses, str(error)


def test_six_attempts_per_connection_and_a_failure_budget_per_address_while_friends_log_in(front):
    async def scenario():
        attempts = [await guess(front, "127.0.0.3") for _ in range(4)]
        guest = await Player.connect(front.port, "Cleo", password=CODE)  # another address: not blocked
        cleo = await guest.wait_for("Welcome, Cleo")
        guest.close()
        return attempts, cleo, await friend_plays(front)

    attempts, cleo, played = run(scenario())
    assert attempts[0][0] == 6 and "Too many failed logins" in attempts[0][1]
    assert sum(n for n, _ in attempts) <= 8 + 1
    assert "from your address" in attempts[-1][1]
    assert cleo and played
    log = front.serve.wait_log("127.0.0.3 made 8 failed logins")
    assert log.count("refused root@127.0.0.3") <= 3  # one line per connection, not one per guess
    assert "6 failed login(s): wrong join code or return password ×6" in log
    assert "127.0.0.3 made 8 failed logins" in log


# ------------------------------------------------------------ 5. idle connections (slowloris)

MAY_STAY_OPEN = 4
"""Idle connections that may still be open once a friend has logged in and played."""
IDLE_WAIT = 10.0
"""Seconds the others have to be closed: well within the server's login grace (20 s), after
which it would close every idle connection anyway."""


def test_idle_connections_that_never_log_in_cannot_keep_a_friend_out(front):
    async def scenario():
        idle = []
        for address in range(4, 9):
            for _ in range(5):
                idle.append(await asyncio.open_connection("127.0.0.1", front.port, local_addr=(f"127.0.0.{address}", 0)))
        played = await friend_plays(front)

        async def closed(reader) -> None:
            try:
                await reader.read()
            except ConnectionError:
                pass

        shut = [asyncio.ensure_future(closed(reader)) for reader, _ in idle]
        await holds_soon(lambda: sum(not done.done() for done in shut) <= MAY_STAY_OPEN, IDLE_WAIT)
        still_open = sum(not done.done() for done in shut)
        for done in shut:
            done.cancel()
        for _, writer in idle:
            writer.close()
        return played, still_open

    played, still_open = run(scenario())
    assert played
    assert still_open <= MAY_STAY_OPEN
    assert "that had not logged in, to make room" in front.serve.log_text()


# ------------------------------------------------------------ 7. a code that is not ASCII


def test_a_join_code_with_accents_lets_friends_in_however_their_keyboard_composes_it(front):
    async def scenario():
        names = []
        for n, code in enumerate((CODE, unicodedata.normalize("NFD", CODE))):
            guest = await Player.connect(front.port, f"Dora{n}", password=code, source="127.0.0.10")
            names.append(await guest.wait_for(f"Welcome, Dora{n}"))
            guest.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await Player.connect(front.port, "Eve", password="thé-à-cinq", source="127.0.0.11")
        return names

    assert run(scenario()) == [True, True]
    assert "refused Eve@127.0.0.11: 1 failed login(s): wrong join code" in front.serve.wait_log("refused Eve@127.0.0.11")
