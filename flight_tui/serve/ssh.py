"""The SSH front of ``flight-tui serve`` (asyncssh): who may come in, and the app in a pseudo-terminal for each.

A connection is let in by a public key from the authorized-keys file (its identity is the key's
fingerprint) or, when the server has a join code, by that code as the password (a new guest,
named by the user name they log in with, who is given a return password that brings them back
to their seats). Each session that asks for a pseudo-terminal and a shell gets
``flight-tui join`` in a pseudo-terminal of its own, sized and resized by the client; the
bytes are passed both ways. Nothing else is offered: no command execution, no subsystems
(sftp), no port, agent or X11 forwarding. Connections are limited per address and in all;
every refusal is logged.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import hmac
import logging
import os
import re
import secrets
import signal
import struct
import sys
import termios
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import msgspec

from flight_tui.saves.atomic import write_atomic
from flight_tui.serve.commands import IDENTITY_VARIABLE, NAME_VARIABLE, WELCOME_VARIABLE
from flight_tui.serve.gate import Gate, GateSettings
from flight_tui.serve.service import TableService
from flight_tui.serve.zygote import AppProcess, AppStarter
from flight_tui.table.seats import NAME_LENGTH, seat_name_problem

log = logging.getLogger("flight_tui.serve")

HOST_KEY_NAME = "host_key"
GUESTS_NAME = "guests.json"
KEY_TYPES = ("ssh-", "ecdsa-", "sk-")
"""How the key types of an authorized-keys line begin."""
PASSED_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "FLIGHT_TUI_CONFIG_DIR")
"""The server's environment variables a player's app keeps (with TERM from the client)."""
KILL_AFTER = 5.0
"""Seconds a hung-up app has to end before it is killed (its own exit grace is 3 s)."""
MAX_COLUMNS, MAX_ROWS = 500, 200
"""The largest terminal a player's app is given (a larger one asked for is cut to this)."""
TERM_PATTERN = re.compile(r"[!-~]{1,64}")
"""A terminal type the front accepts: up to 64 printable ASCII characters, no space."""
RESTORE_TERMINAL = b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[0m\x1b[?1049l\x1b[?25h"
"""Mouse reporting and bracketed paste off, colours reset, the main screen back, the cursor shown."""


@dataclass
class FrontSettings:
    """How the SSH front listens, whom it lets in, and its limits (each a ``flight-tui serve`` option)."""

    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    host_key: Path | None = None
    join_code: str | None = None
    max_connections: int = 50
    """Players logged in at once, in all."""
    per_address: int = 10
    """Players logged in at once from one address."""
    gate: GateSettings = field(default_factory=GateSettings)
    login_grace: float = 20.0
    """Seconds a connection has to log in (OpenSSH's ``LoginGraceTime``)."""
    login_attempts: int = 6
    """Failed logins one connection may make before it is closed (OpenSSH's ``MaxAuthTries``)."""
    login_delay: float = 1.0
    """Seconds each wrong password waits before it is answered."""
    max_guests: int = 1000
    guest_days: int = 90
    """Days after their last visit that a guest's return password is forgotten."""
    bot_delay: float = 0.6
    max_tables: int = 100
    tables_per_player: int = 5


class Guest(msgspec.Struct):
    """A player who came in with the join code: their identity and name, found by their return password."""

    identity: str
    name: str
    seen: float = 0.0
    """When they last logged in (seconds since the epoch; 0 in files from before it was kept)."""


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's key, made (ed25519) and kept at ``path`` the first time."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, key.export_private_key(), keep_backup=False)
    os.chmod(path, 0o600)
    return key


def _token_key(token: str) -> str:
    return hashlib.sha256(unicodedata.normalize("NFC", token).encode()).hexdigest()


def same_code(given: str, code: str) -> bool:
    """Whether a password is the join code: compared as UTF-8 bytes (NFC), in constant time."""
    return hmac.compare_digest(unicodedata.normalize("NFC", given).encode(), unicodedata.normalize("NFC", code).encode())


class Front:
    """What all connections share: the settings, the service, the authorized keys, the guests, the counts."""

    def __init__(self, folder: Path, settings: FrontSettings, service: TableService) -> None:
        self.folder = folder
        self.settings = settings
        self.service = service
        self.keys: set[str] = set()
        if settings.authorized_keys is not None:
            self.keys = {key.get_fingerprint() for key in _read_authorized(settings.authorized_keys)}
        self.guests_path = folder / GUESTS_NAME
        self.guests: dict[str, Guest] = {}
        if self.guests_path.exists():
            self.guests = msgspec.json.decode(self.guests_path.read_bytes(), type=dict[str, Guest])
        self.connections: dict[str, int] = {}
        self.apps = AppStarter(_server_environment())
        """Players logged in, per address."""
        self.gate = Gate(settings.gate)
        self.sessions: set[FrontSession] = set()

    def new_guest(self, name: str) -> tuple[str, str]:
        """A new guest's identity and return password (kept, hashed, for when they come back)."""
        token = "-".join(secrets.token_hex(2) for _ in range(3))
        identity = f"guest:{secrets.token_hex(8)}"
        self.guests[_token_key(token)] = Guest(identity, name, time.time())
        self._write_guests()
        return identity, token

    def returning_guest(self, token: str) -> Guest | None:
        guest = self.guests.get(_token_key(token.strip()))
        if guest is not None and not self._expired(guest):
            guest.seen = time.time()
            self._write_guests()
            return guest
        return None

    def _expired(self, guest: Guest) -> bool:
        return bool(guest.seen) and guest.seen < time.time() - self.settings.guest_days * 86400

    def _write_guests(self) -> None:
        """Keep the guests not expired, at most ``max_guests`` of them (those seen last)."""
        kept = sorted(((k, g) for k, g in self.guests.items() if not self._expired(g)), key=lambda item: item[1].seen)
        self.guests = dict(kept[-self.settings.max_guests :])
        write_atomic(self.guests_path, msgspec.json.encode(self.guests), keep_backup=False)
        os.chmod(self.guests_path, 0o600)


def _server_environment() -> dict[str, str]:
    """The server's environment variables a player's app keeps."""
    return {key: os.environ[key] for key in PASSED_VARIABLES if key in os.environ}


def _read_authorized(path: Path) -> list[asyncssh.SSHKey]:
    """The public keys of an authorized-keys file (OpenSSH's format; options before a key are skipped)."""
    keys = []
    try:
        for line in path.read_text().splitlines():
            words = line.split()
            start = next((i for i, word in enumerate(words) if word.startswith(KEY_TYPES)), None)
            if start is not None and start + 1 < len(words):
                keys.append(asyncssh.import_public_key(" ".join(words[start : start + 2])))
    except (OSError, UnicodeDecodeError, asyncssh.KeyImportError) as error:
        raise OSError(f"cannot read the authorized keys {path}: {error}") from None
    return keys


class FrontServer(asyncssh.SSHServer):
    """One SSH connection: its limits, its authentication, and its session."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.username = ""
        self.identity: str | None = None
        self.name = ""
        self.welcome = ""
        self.counted = False
        self.failures: Counter[str] = Counter()
        """Why each failed login of this connection failed (logged once, when it closes)."""
        self.session: FrontSession | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = (conn.get_extra_info("peername") or ("?",))[0]
        for older in self.front.gate.admit(self, self.address):
            older.make_room()

    def make_room(self) -> None:
        """Dropped, not logged in yet, for a newer connection (the oldest of those still logging in)."""
        dropped = self.front.gate.dropped
        if dropped == 1 or dropped % 100 == 0:
            log.warning("dropped a connection from %s that had not logged in, to make room for a new one (%d so far)", self.address, dropped)
        if self.conn is not None:
            self.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.front.gate.logged_in_or_gone(self)
        if self.failures and self.identity is None:
            reasons = "; ".join(f"{reason} ×{count}" if count > 1 else reason for reason, count in self.failures.items())
            log.warning("refused %s@%s: %d failed login(s): %s", self.username, self.address, sum(self.failures.values()), reasons)
        if self.counted:
            counts = self.front.connections
            counts[self.address] -= 1
            if not counts[self.address]:
                del counts[self.address]

    def _players_full(self) -> bool:
        counts = self.front.connections
        settings = self.front.settings
        return sum(counts.values()) >= settings.max_connections or counts.get(self.address, 0) >= settings.per_address

    def _refuse(self, code: int, message: str) -> None:
        """Close the connection with a message the player's ssh shows."""
        if self.conn is not None:
            self.conn.disconnect(code, message)

    def begin_auth(self, username: str) -> bool:
        self.username = username[:40]
        if self._refuse_blocked():
            pass
        elif self._players_full():
            log.warning("refused %s@%s: too many connections", self.username, self.address)
            self._refuse(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many players are connected: try again later.")
        return True

    def _refuse_blocked(self) -> bool:
        """Close the connection if its address has used up its failed logins; whether it did."""
        wait = self.front.gate.blocked_for(self.address)
        if wait > 0:
            self._refuse(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, f"Too many failed logins from your address: try again in {max(1, round(wait / 60))} minute(s).")
        return wait > 0

    def auth_completed(self) -> None:
        self.front.gate.logged_in_or_gone(self)
        if self._players_full():
            log.warning("refused %s@%s: too many connections", self.username, self.address)
            self._refuse(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many players are connected: try again later.")
            return
        counts = self.front.connections
        counts[self.address] = counts.get(self.address, 0) + 1
        self.counted = True

    def public_key_auth_supported(self) -> bool:
        return bool(self.front.keys)

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint()
        if fingerprint not in self.front.keys:
            self._failed(f"key {fingerprint} is not authorized")
            return False
        self.identity, self.name = f"key:{fingerprint}", _player_name(username)
        return True

    def password_auth_supported(self) -> bool:
        return self.front.settings.join_code is not None

    async def validate_password(self, username: str, password: str) -> bool:
        guest = self.front.returning_guest(password)
        if guest is not None:
            self.identity, self.name = guest.identity, guest.name
            self.welcome = f"Welcome back, {guest.name}."
            return True
        if self.front.settings.join_code is not None and same_code(password, self.front.settings.join_code):
            self.name = _player_name(username)
            self.identity, token = self.front.new_guest(self.name)
            self.welcome = f"Welcome, {self.name}.\nTo come back to your seats later, log in with the password {token}"
            return True
        self._failed("wrong join code or return password")
        if self.front.gate.failed(self.address):
            settings = self.front.settings.gate
            log.warning(
                "%s made %d failed logins within %d s: refused until the oldest is that old",
                self.address, settings.address_failures, settings.failure_window,
            )
        await asyncio.sleep(self.front.settings.login_delay)
        self._refuse_blocked()
        return False

    def _failed(self, reason: str) -> None:
        """Count a failed login; the connection is closed at the limit of attempts."""
        self.failures[reason] += 1
        if sum(self.failures.values()) >= self.front.settings.login_attempts:
            self._refuse(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many failed logins.")

    def session_requested(self) -> Any:
        """One session at a time per connection (a terminal each costs an app)."""
        if self.session is not None or self.conn is None:
            log.warning("refused a second session from %s@%s: one terminal per connection", self.name, self.address)
            return False
        self.session = FrontSession(self)
        chan = self.conn.create_server_channel(encoding=None)
        chan._process_env_request = _ignore_environment  # asyncssh keeps every variable sent; the app needs none
        return chan, self.session

    def connection_requested(self, *args: Any) -> bool:
        log.warning("refused port forwarding from %s", self.address)
        return False

    def server_requested(self, *args: Any) -> bool:
        log.warning("refused port forwarding from %s", self.address)
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        log.warning("refused socket forwarding from %s", self.address)
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        log.warning("refused socket forwarding from %s", self.address)
        return False


def _ignore_environment(packet: Any) -> bool:
    """An ``env`` request, refused unread: the app's environment is the server's and TERM (as OpenSSH without ``AcceptEnv``)."""
    return False


def _player_name(username: str) -> str:
    """The name a player is shown by: their SSH user name, cut to fit a seat."""
    name = "".join(c for c in username if c.isprintable()).strip()[:NAME_LENGTH]
    return name if not seat_name_problem(name) else "Player"


class FrontSession(asyncssh.SSHServerSession):
    """One session: the app in a pseudo-terminal of its own, if the client asked for one."""

    def __init__(self, server: FrontServer) -> None:
        self.server = server
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.process: AppProcess | None = None
        self.reading = False

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan
        self.server.front.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        if term_type and not TERM_PATTERN.fullmatch(term_type):
            log.warning("refused a terminal from %s: its type %r is not a terminal's name", self.server.address, term_type[:80])
            return False
        self.term = term_type or self.term
        if term_size[0] and term_size[1]:
            self.size = clamp_size(term_size[0], term_size[1])
        self.has_pty = True
        return True

    def shell_requested(self) -> bool:
        if not self.has_pty:
            log.warning("refused a session without a terminal from %s", self.server.address)
            return self._refused()
        return True

    def exec_requested(self, command: str) -> bool:
        log.warning("refused a command from %s: %r", self.server.address, command[:80])
        return self._refused()

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("refused the subsystem %r from %s", subsystem[:40], self.server.address)
        return self._refused()

    def _refused(self) -> bool:
        """A refused session starts no app: the connection may open another at once."""
        if self.server.session is self:
            self.server.session = None
        self.server.front.sessions.discard(self)
        return False

    def session_started(self) -> None:
        if not self.has_pty or self.chan is None:
            return
        master, terminal = os.openpty()
        try:
            self._set_size(master)
            self.process = self._start_app(terminal)
        except Exception:  # noqa: BLE001 - whatever failed, the player is told and nothing is left open
            log.exception("could not start the app of %s (%s) from %s", self.server.name, self.server.identity, self.server.address)
            os.close(master)
            self._end(1, "Sorry: your game could not be started. The host has been told.")
            return
        finally:
            os.close(terminal)
        self.master = master
        os.set_blocking(master, False)
        self._read_app(True)
        self.process.when_ended(self._app_ended)
        log.info("%s (%s) joined from %s", self.server.name, self.server.identity, self.server.address)

    def _start_app(self, terminal: int) -> AppProcess:
        """The player's app, forked by the fork server, on the pseudo-terminal ``terminal``."""
        env = _server_environment()
        env.update(
            {
                "TERM": self.term,
                IDENTITY_VARIABLE: self.server.identity or "",
                NAME_VARIABLE: self.server.name,
                WELCOME_VARIABLE: self.server.welcome,
            }
        )
        service = os.path.abspath(self.server.front.service.socket_path)
        return self.server.front.apps.start(terminal, service, env, self.server.name)

    def _set_size(self, master: int) -> None:
        columns, rows = self.size
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def _read_app(self, on: bool) -> None:
        """Read the app's output, or stop reading it (while the client does not read: back-pressure)."""
        if self.master is None or on == self.reading:
            return
        loop = asyncio.get_running_loop()
        if on:
            loop.add_reader(self.master, self._from_app)
        else:
            loop.remove_reader(self.master)
        self.reading = on

    def pause_writing(self) -> None:
        self._read_app(False)

    def resume_writing(self) -> None:
        self._read_app(True)

    def _from_app(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            try:
                self.chan.write(data)
            except (BrokenPipeError, ConnectionError):  # the client closed its side: stop, hang up the app
                self._close_terminal()
                self._hang_up()
            return
        self._close_terminal()  # the app closed its terminal: it ends, and _app_ended closes the channel

    def _app_ended(self, status: int) -> None:
        if status < 0 and status not in (-signal.SIGHUP, -signal.SIGTERM):  # a crash it could not report itself
            log.warning("the app of %s (%s) was ended by signal %d", self.server.name, self.server.identity, -status)
        self._close_terminal()
        self._end(status if status >= 0 else 1)

    def _end(self, status: int, message: str = "") -> None:
        """Close the channel, with a last line for the player."""
        if self.chan is None:
            return
        try:
            if message:
                self.chan.write(f"\r\n{message}\r\n".encode())
            self.chan.exit(status)
        except (BrokenPipeError, ConnectionError, OSError):
            pass

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is not None:
            try:
                os.write(self.master, data)
            except OSError:
                pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = clamp_size(width, height)
            if self.master is not None:
                self._set_size(self.master)  # the app gets SIGWINCH from its terminal

    def eof_received(self) -> bool:
        """The client will send nothing more: nobody can play this app, so it is hung up (its end closes the channel)."""
        if self.process is None:
            return False
        self._hang_up()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        """The player went away: hang up their app (it ends, and the service keeps their seat)."""
        self._hang_up()
        self._close_terminal()
        self._refused()

    def _hang_up(self) -> None:
        """SIGHUP the app (it saves nothing here and ends within its exit grace); SIGKILL it if it has not ended by ``KILL_AFTER``."""
        if self.process is not None and self.process.returncode is None:
            self.process.hang_up()
            asyncio.get_running_loop().call_later(KILL_AFTER, self.process.kill)

    def shut_down(self) -> None:
        """The server stops: give the player their terminal back as it was, say why, and hang up the app."""
        self._close_terminal()
        if self.chan is not None:
            try:
                self.chan.write(RESTORE_TERMINAL)
            except (BrokenPipeError, ConnectionError, OSError):
                pass
        self._end(0, "The server is shutting down: your seats are saved. Join again when it is back.")
        self._hang_up()

    def _close_terminal(self) -> None:
        if self.master is not None:
            self._read_app(False)
            os.close(self.master)
            self.master = None


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A client's terminal size, at most ``MAX_COLUMNS`` x ``MAX_ROWS``."""
    return min(columns, MAX_COLUMNS), min(rows, MAX_ROWS)


async def start_front(folder: Path, settings: FrontSettings, service: TableService) -> tuple[asyncssh.SSHAcceptor, Front, str]:
    """Listen for SSH connections; the acceptor, what its connections share, and the host key's fingerprint."""
    key = load_host_key(settings.host_key or folder / HOST_KEY_NAME)
    front = Front(folder, settings, service)
    front.apps.open()
    acceptor = await asyncssh.create_server(
        lambda: FrontServer(front),
        settings.host,
        settings.port,
        server_host_keys=[key],
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        login_timeout=settings.login_grace,
        keepalive_interval=30,
    )
    return acceptor, front, key.get_fingerprint()


async def run_server(folder: Path, settings: FrontSettings) -> None:
    """The table service and its SSH front, until SIGINT or SIGTERM; then every player is told and every table saved."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    service = TableService(folder, bot_delay=settings.bot_delay, max_tables=settings.max_tables, tables_per_player=settings.tables_per_player)
    await service.start()
    try:
        acceptor, front, fingerprint = await start_front(folder, settings, service)
    except BaseException:
        await service.stop()
        raise
    port = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else settings.port
    print(f"flight-tui serve: listening on {settings.host} port {port}", flush=True)
    print(f"host key fingerprint: {fingerprint}", flush=True)
    print(f"players join with: ssh -p {port} NAME@{settings.host}", flush=True)
    await stop.wait()
    log.info("stopping: %d player(s) told, every table saved", len(front.sessions))
    acceptor.close()
    sessions = list(front.sessions)
    for session in sessions:
        session.shut_down()
    await service.stop()
    await end_apps(sessions)


async def end_apps(sessions: list[FrontSession]) -> None:
    """Wait for the hung-up apps to end (at most ``KILL_AFTER`` seconds), then kill those left; the last lines reach the players meanwhile."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + KILL_AFTER
    await asyncio.sleep(0.2)
    while loop.time() < deadline and any(s.process is not None and s.process.returncode is None for s in sessions):
        await asyncio.sleep(0.1)
    for session in sessions:
        if session.process is not None:
            session.process.kill()
