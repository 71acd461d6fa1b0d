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
import logging
import os
import secrets
import signal
import struct
import sys
import termios
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
import msgspec

from flight_tui.saves.atomic import write_atomic
from flight_tui.serve.commands import IDENTITY_VARIABLE, NAME_VARIABLE, WELCOME_VARIABLE
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


@dataclass
class FrontSettings:
    """How the SSH front listens and whom it lets in."""

    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    host_key: Path | None = None
    join_code: str | None = None
    max_connections: int = 50
    per_address: int = 10
    bot_delay: float = 0.6


class Guest(msgspec.Struct):
    """A player who came in with the join code: their identity and name, found by their return password."""

    identity: str
    name: str


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
    return hashlib.sha256(token.encode()).hexdigest()


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

    def new_guest(self, name: str) -> tuple[str, str]:
        """A new guest's identity and return password (kept, hashed, for when they come back)."""
        token = "-".join(secrets.token_hex(2) for _ in range(3))
        identity = f"guest:{secrets.token_hex(8)}"
        self.guests[_token_key(token)] = Guest(identity, name)
        write_atomic(self.guests_path, msgspec.json.encode(self.guests), keep_backup=False)
        os.chmod(self.guests_path, 0o600)
        return identity, token

    def returning_guest(self, token: str) -> Guest | None:
        return self.guests.get(_token_key(token.strip()))


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
    """One SSH connection: its limits, its authentication, and its sessions."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.address = "?"
        self.identity: str | None = None
        self.name = ""
        self.welcome = ""
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = (conn.get_extra_info("peername") or ("?",))[0]
        counts = self.front.connections
        total = sum(counts.values())
        if total >= self.front.settings.max_connections or counts.get(self.address, 0) >= self.front.settings.per_address:
            log.warning("refused a connection from %s: too many connections", self.address)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many connections: try again later.")
            return
        counts[self.address] = counts.get(self.address, 0) + 1
        self.counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            counts = self.front.connections
            counts[self.address] -= 1
            if not counts[self.address]:
                del counts[self.address]

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return bool(self.front.keys)

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint()
        if fingerprint not in self.front.keys:
            log.warning("refused %s@%s: key %s is not authorized", username, self.address, fingerprint)
            return False
        self.identity, self.name = f"key:{fingerprint}", _player_name(username)
        return True

    def password_auth_supported(self) -> bool:
        return self.front.settings.join_code is not None

    def validate_password(self, username: str, password: str) -> bool:
        guest = self.front.returning_guest(password)
        if guest is not None:
            self.identity, self.name = guest.identity, guest.name
            self.welcome = f"Welcome back, {guest.name}."
            return True
        if self.front.settings.join_code is not None and secrets.compare_digest(password, self.front.settings.join_code):
            self.name = _player_name(username)
            self.identity, token = self.front.new_guest(self.name)
            self.welcome = f"Welcome, {self.name}.\nTo come back to your seats later, log in with the password {token}"
            return True
        log.warning("refused %s@%s: wrong join code or return password", username, self.address)
        return False

    def session_requested(self) -> asyncssh.SSHServerSession:
        return FrontSession(self)

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

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = term_type or self.term
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        self.has_pty = True
        return True

    def shell_requested(self) -> bool:
        if not self.has_pty:
            log.warning("refused a session without a terminal from %s", self.server.address)
            return False
        return True

    def exec_requested(self, command: str) -> bool:
        log.warning("refused a command from %s: %r", self.server.address, command[:80])
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("refused the subsystem %r from %s", subsystem[:40], self.server.address)
        return False

    def session_started(self) -> None:
        if not self.has_pty or self.chan is None:
            return
        master, terminal = os.openpty()
        self._set_size(master)
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
        self.process = self.server.front.apps.start(terminal, service, env, self.server.name)
        os.close(terminal)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._from_app)
        log.info("%s (%s) joined from %s", self.server.name, self.server.identity, self.server.address)

    def _set_size(self, master: int) -> None:
        columns, rows = self.size
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def _from_app(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.chan.write(data)
            return
        self._close_terminal()
        if self.process is not None:
            self.process.when_ended(lambda status: self.chan.exit(status if status >= 0 else 1))
        else:
            self.chan.exit(0)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is not None:
            try:
                os.write(self.master, data)
            except OSError:
                pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width and height:
            self.size = (width, height)
            if self.master is not None:
                self._set_size(self.master)  # the app gets SIGWINCH from its terminal

    def eof_received(self) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        """The player went away: hang up their app (it ends, and the service keeps their seat)."""
        if self.process is not None:
            self.process.hang_up()
        self._close_terminal()

    def _close_terminal(self) -> None:
        if self.master is not None:
            asyncio.get_running_loop().remove_reader(self.master)
            os.close(self.master)
            self.master = None


async def start_front(folder: Path, settings: FrontSettings, service: TableService) -> tuple[asyncssh.SSHAcceptor, str]:
    """Listen for SSH connections; the acceptor and the host key's fingerprint."""
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
        login_timeout=60,
        keepalive_interval=30,
    )
    return acceptor, key.get_fingerprint()


async def run_server(folder: Path, settings: FrontSettings) -> None:
    """The table service and its SSH front, until interrupted."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    service = TableService(folder, bot_delay=settings.bot_delay)
    await service.start()
    acceptor, fingerprint = await start_front(folder, settings, service)
    port = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else settings.port
    print(f"flight-tui serve: listening on {settings.host} port {port}", flush=True)
    print(f"host key fingerprint: {fingerprint}", flush=True)
    print(f"players join with: ssh -p {port} NAME@{settings.host}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        acceptor.close()
        await service.stop()
