"""The fork server: players' apps forked from a warm process that has already imported them.

Starting ``python -m flight_tui join`` afresh for every player costs each player a whole Python
process (its own copy of Textual, the screens and the games) and their imports before the
lobby shows. The fork server is one process, started with the SSH front, that imports the
joined app, its screens and every game once, and then only forks. Each player's app is a child
of it: a process of its own, in a session of its own (``setsid``) whose controlling terminal
is the player's pseudo-terminal, with the player's environment (``TERM``, identity, name), and
sharing the imported code's memory with its siblings until it writes to it (copy on write).

Before its first fork it runs the app once, headless, to an empty lobby and a key pressed
there: what the app computes on first use (Textual's class-level caches, Python's specialised
byte code) is then computed once and shared, instead of being written into each app's copy.
That run's event loop is closed when it ends (``asyncio.run``); the fork server puts back the
signal handlers, checks that no thread or wake-up descriptor is left of it, and from then on
only forks, single-threaded and with no event loop (a fork copies a thread's or a loop's state
half-way). It is started with ``python -E -P``: neither the working directory nor any
``PYTHON*`` variable is on its path, so a module in the server's working directory (a
``msgspec.py``, say) is never imported, by it or by an app it forks. (Not ``-I``, which would
also leave out the account's own site-packages, where ``pip install --user`` puts flight-tui.)
It reaps every child.

The front talks to it over a socket pair (``SOCK_SEQPACKET``: one message per datagram, in
order): ``Start`` with the pseudo-terminal's descriptor (``SCM_RIGHTS``) is answered by
``Started`` (the app's process id) or ``NotStarted``, and ``Ended`` follows when the app ends.
:class:`AppStarter` is the front's side; :func:`serve_forks` the fork server's.
"""

from __future__ import annotations

import asyncio
import collections
import fcntl
import gc
import logging
import os
import selectors
import signal
import socket
import subprocess
import sys
import termios
import threading
import traceback
from pathlib import Path
from typing import Callable, NoReturn

import msgspec

log = logging.getLogger("flight_tui.serve")

MESSAGE_SIZE = 65536
"""The largest message either side reads."""
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
"""The folder that holds the server's own ``flight_tui`` package (the fork server is started
with ``-E -P``: no environment's paths, not the current folder's)."""
FIND_PACKAGE = "import os, sys; sys.path.insert(0, sys.argv[1]) if sys.argv[1] not in {os.path.realpath(p) for p in sys.path} else None; "
"""How the fork server finds the server's ``flight_tui``: a folder already on its path (the
installed packages) stays where it is, after the standard library; a source folder goes
first, so that players run the server's code even when another copy is installed."""
BOOT = FIND_PACKAGE + "from flight_tui.serve.zygote import serve_forks; serve_forks(int(sys.argv[2]))"
PRELOADED = ("flight_tui.serve.commands", "flight_tui.serve.client", "textual.drivers.linux_driver")
"""What a joined app imports, besides each game's rules, bots and table screen (and what the
warm-up run imports: the headless run uses another driver)."""
WARM_UP_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGWINCH, signal.SIGCHLD)
"""The signals whose handlers are put back after the warm-up run."""


class Start(msgspec.Struct, tag=True):
    """Fork an app at the table service's socket ``service``, with exactly ``environment``."""

    service: str
    environment: dict[str, str]


class Started(msgspec.Struct, tag=True):
    pid: int


class NotStarted(msgspec.Struct, tag=True):
    reason: str


class Ended(msgspec.Struct, tag=True):
    """An app ended: its exit status, or minus the signal that ended it."""

    pid: int
    status: int


Answer = Started | NotStarted | Ended
_encode = msgspec.msgpack.Encoder().encode
_decode_start = msgspec.msgpack.Decoder(Start).decode
_decode_answer = msgspec.msgpack.Decoder(Answer).decode


# ---------------------------------------------------------------- the front's side


class AppProcess:
    """A player's app, as the front knows it: its process id once started, its status once ended."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.pid: int | None = None
        self.returncode: int | None = None
        self._hang_up = False
        self._on_end: list[Callable[[int], None]] = []

    def hang_up(self) -> None:
        """Send SIGHUP to the app's process group (now, or as soon as it has started), as a terminal's hang-up would."""
        self._hang_up = True
        self._signal(signal.SIGHUP)

    def kill(self) -> None:
        """SIGKILL the app's process group if it still runs (an app that ignored its hang-up)."""
        self._signal(signal.SIGKILL)

    def _signal(self, signum: int) -> None:
        if self.pid is None or self.returncode is not None:
            return
        try:
            os.killpg(self.pid, signum)
        except ProcessLookupError:  # not yet the leader of its own session
            try:
                os.kill(self.pid, signum)
            except ProcessLookupError:
                pass

    def when_ended(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(status)`` once the app has ended (at once if it has)."""
        if self.returncode is not None:
            callback(self.returncode)
        else:
            self._on_end.append(callback)

    def _started(self, pid: int) -> None:
        self.pid = pid
        log.info("%s's app is process %d", self.label, pid)
        if self._hang_up:
            self.hang_up()

    def _ended(self, status: int) -> None:
        self.returncode = status
        callbacks, self._on_end = self._on_end, []
        for callback in callbacks:
            callback(status)


class AppStarter:
    """Starts players' apps through the fork server, which it starts (again, if it has ended) when needed.

    The fork server ends when the front does (it reads the end of their socket pair); the apps
    it started go on until their players leave.

    ``environment``: the fork server's own, which it imports the app under (each app is given
    its own in :meth:`start`).
    """

    def __init__(self, environment: dict[str, str]) -> None:
        self.environment = environment
        self.sock: socket.socket | None = None
        self.server: subprocess.Popen[bytes] | None = None
        self._waiting: collections.deque[AppProcess] = collections.deque()
        self._running: dict[int, AppProcess] = {}

    def open(self) -> None:
        """Start the fork server (it imports the app while the front goes on)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.server = subprocess.Popen(
                [sys.executable, "-E", "-P", "-c", BOOT, PACKAGE_ROOT, str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                env=self.environment,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                start_new_session=True,  # the server's terminal's Ctrl+C is not for it
            )
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.sock = ours
        asyncio.get_running_loop().add_reader(ours, self._heard)

    def start(self, terminal: int, service: str, environment: dict[str, str], label: str) -> AppProcess:
        """Fork an app whose terminal is ``terminal`` (the caller still closes its copy); OSError if it cannot be asked."""
        if self.sock is None:
            self.open()
        message = _encode(Start(service, environment))
        try:
            socket.send_fds(self.sock, [message], [terminal])
        except BlockingIOError:
            raise OSError("the fork server is not keeping up") from None
        process = AppProcess(label)
        self._waiting.append(process)
        return process

    def _heard(self) -> None:
        while self.sock is not None:
            try:
                data = self.sock.recv(MESSAGE_SIZE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                log.error("the fork server ended; it is started again for the next player")
                self._lost()
                return
            answer = _decode_answer(data)
            if isinstance(answer, Started):
                process = self._waiting.popleft()
                self._running[answer.pid] = process
                process._started(answer.pid)
            elif isinstance(answer, NotStarted):
                log.error("could not start an app: %s", answer.reason)
                self._waiting.popleft()._ended(1)
            else:
                process = self._running.pop(answer.pid, None)
                if process is not None:
                    process._ended(answer.status)

    def _lost(self) -> None:
        """Hang up on the fork server, which ends (and is reaped); its apps' ends will not be heard
        of (their terminals' ends still are)."""
        asyncio.get_running_loop().remove_reader(self.sock)
        self.sock.close()
        self.sock = None
        if self.server is not None:
            try:
                self.server.wait(5)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
            self.server = None
        for process in [*self._waiting, *self._running.values()]:
            process._ended(0 if process.pid is not None else 1)
        self._waiting.clear()
        self._running.clear()


# ---------------------------------------------------------------- the fork server's side


def serve_forks(fd: int) -> None:
    """The fork server's life: import the app, then fork an app for every ``Start`` until the front hangs up."""
    for module in PRELOADED:
        __import__(module)
    _preload_games()
    _warm_up()
    gc.collect()
    gc.freeze()  # what is left stays out of the collector's way: fewer pages copied in each app
    sock = socket.socket(fileno=fd)
    wake_read, wake_write = os.pipe()
    for end in (wake_read, wake_write):
        os.set_blocking(end, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # only to wake the loop through the pipe
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    inherited = (sock.fileno(), wake_read, wake_write, selector.fileno())
    try:
        _fork_on_request(sock, selector, wake_read, inherited)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the front has gone


def _fork_on_request(sock: socket.socket, selector: selectors.BaseSelector, wake_read: int, inherited: tuple[int, ...]) -> None:
    """Fork an app for every ``Start``, and report every child that ends, until the front hangs up."""
    while True:
        for key, _ in selector.select():
            if key.fileobj == wake_read:
                os.read(wake_read, 4096)  # what is left wakes the loop again
                _reap(sock)
                continue
            data, fds, _, _ = socket.recv_fds(sock, MESSAGE_SIZE, 1)
            if not data:
                return
            if len(fds) != 1:
                for fd in fds:
                    os.close(fd)
                sock.send(_encode(NotStarted("a start without a terminal")))
                continue
            try:
                request = _decode_start(data)
                pid = os.fork()
            except (msgspec.DecodeError, OSError) as error:
                os.close(fds[0])
                sock.send(_encode(NotStarted(str(error))))
                continue
            if pid == 0:
                _run_app(request, fds[0], inherited)
            os.close(fds[0])
            sock.send(_encode(Started(pid)))


class _NoService:
    """The warm-up run's table service: nobody (the lobby it shows is set beforehand)."""

    def start(self, deliver: Callable[[object], None]) -> None:
        pass

    def send(self, message: object) -> None:
        pass

    def close(self) -> None:
        pass


def _warm_up() -> None:
    """Run the joined app once, headless, to an empty lobby and a key pressed there, then put
    back the signal handlers; RuntimeError if the run left a thread or a wake-up descriptor."""
    from flight_tui.serve import protocol as P
    from flight_tui.serve.client import JoinApp

    handlers = {signum: signal.getsignal(signum) for signum in WARM_UP_SIGNALS}

    async def run() -> None:
        app = JoinApp(_NoService(), "Warm-up")  # type: ignore[arg-type]
        app.lobby = P.Lobby([])
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("down")
            await pilot.pause()

    asyncio.run(run())
    for signum, handler in handlers.items():  # the app's own SIGHUP and SIGTERM handlers, which a headless run keeps
        signal.signal(signum, handler)
    left = [thread.name for thread in threading.enumerate() if thread is not threading.main_thread()]
    if signal.set_wakeup_fd(-1) != -1:
        left.append("a wake-up descriptor")
    if left:
        raise RuntimeError(f"the warm-up run left {', '.join(left)} behind: no app is forked from it")


def _preload_games() -> None:
    """Import every game's rules, bots and table screen (the app would, at its first table)."""
    from flight_tui.games import game_names, get_spec, load

    for name in game_names():
        spec = get_spec(name)
        for path in (spec.rules, spec.bots, spec.table_screen):
            load(path)


def _reap(sock: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if not pid:
            return
        sock.send(_encode(Ended(pid, os.waitstatus_to_exitcode(status))))


def _run_app(request: Start, terminal: int, inherited: tuple[int, ...]) -> NoReturn:
    """In the forked child: become the player's app on ``terminal``, and end with the app."""
    status = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in inherited:
            os.close(fd)
        os.setsid()
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(terminal, fd)
        os.close(terminal)
        for stream in (sys.stdout, sys.stderr):
            stream.reconfigure(line_buffering=True)  # as Python sets it up for a terminal
        os.environ.clear()
        os.environ.update(request.environment)
        sys.argv = ["flight-tui", "join"]
        from flight_tui.serve.commands import join
        from flight_tui.ui.app import EXIT_GRACE

        status = join(request.service, None, None, None, EXIT_GRACE)
    except SystemExit as end:
        status = 0 if end.code is None else end.code if isinstance(end.code, int) else 1
    except KeyboardInterrupt:  # Ctrl+C as the app starts, before it has put the terminal in raw mode
        status = 128 + signal.SIGINT  # as shells report it
    except BaseException:
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(status)
