"""Running a program in a real pseudo-terminal (POSIX only) and reading its screen with pyte."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from typing import Callable

import pyte
from patience import PATIENCE

COLUMNS, ROWS = 80, 24


def terminal_env(**env: str) -> dict[str, str]:
    """This environment without Textual's and colour variables, plus ``env`` (TERM is xterm-256color)."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("TEXTUAL")}
    for key in ("NO_COLOR", "COLORTERM", "FORCE_COLOR"):
        clean.pop(key, None)
    clean.update(TERM="xterm-256color", **env)
    return clean


KEYBOARD_SIGNALS = (signal.SIGINT, signal.SIGQUIT)


def _started_as_from_a_shell(preexec_fn: Callable[[], None] | None) -> Callable[[], None]:
    """What the child runs before the program: the keyboard's signals back to their defaults, as
    an interactive shell does for a job it starts, then ``preexec_fn``. A test run started in the
    background (``pytest &`` from a script) ignores Ctrl+C and Ctrl+\\, and its children would
    inherit that."""

    def start() -> None:
        for signum in KEYBOARD_SIGNALS:
            signal.signal(signum, signal.SIG_DFL)
        if preexec_fn is not None:
            preexec_fn()

    return start


class PseudoTerminal:
    """A program started in an 80x24 pseudo-terminal; what it wrote is kept in ``output``."""

    def __init__(self, command: list[str], preexec_fn: Callable[[], None] | None = None, **env: str) -> None:
        import fcntl
        import struct
        import termios

        self.controller, terminal = os.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.process = subprocess.Popen(
            command,
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=terminal_env(**env),
            start_new_session=True,
            preexec_fn=_started_as_from_a_shell(preexec_fn),
        )
        os.close(terminal)
        self.output = bytearray()
        self.ended_output = False

    def read(self, seconds: float) -> None:
        """Read what the program writes for ``seconds`` (less if it closes the terminal)."""
        deadline = time.monotonic() + seconds
        while not self.ended_output and (left := deadline - time.monotonic()) > 0:
            self._read_once(min(left, 0.3))

    def _read_once(self, wait: float) -> bool:
        if not select.select([self.controller], [], [], wait)[0]:
            return False
        try:
            chunk = os.read(self.controller, 65536)
        except OSError:  # the program has ended and closed the terminal
            chunk = b""
        if not chunk:
            self.ended_output = True
            return False
        self.output += chunk
        return True

    def wait_for(self, text: str, timeout: float = PATIENCE) -> bool:
        """Read until ``text`` is on the screen and the screen has been quiet for a moment."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.ended_output:
            if not self._read_once(0.3) and text in self.screen_text():
                return True
        return text in self.screen_text()

    def wait_until(self, condition: Callable[[str], object], timeout: float = PATIENCE) -> bool:
        """Read until ``condition(everything written so far, escapes and all)`` holds (False: it never did).

        The condition is checked about five times a second.
        """
        deadline = time.monotonic() + timeout
        while not condition(self.output.decode(errors="replace")):
            if self.ended_output or time.monotonic() > deadline:
                return bool(condition(self.output.decode(errors="replace")))
            self.read(0.2)
        return True

    def send_signal(self, signum: int) -> None:
        self.process.send_signal(signum)

    def wait(self, timeout: float, *, reading: bool = True) -> int | None:
        """The exit status once the program ends within ``timeout`` seconds (None: still running).

        With ``reading`` False nothing more is read meanwhile: a terminal that takes no output.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            if reading and not self.ended_output:
                self._read_once(0.2)
            else:
                time.sleep(0.1)
        if reading:
            self.read(0.5)
        return self.process.poll()

    def screen(self) -> pyte.Screen:
        return screen_of(bytes(self.output))

    def screen_text(self) -> str:
        return "\n".join(self.screen().display)

    def close(self) -> None:
        """End the program if it still runs, and close the terminal."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        os.close(self.controller)

    def __enter__(self) -> PseudoTerminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_in_terminal(command: list[str], until: str | None = None, **env: str) -> bytes:
    """Run ``command`` in an 80x24 pseudo-terminal; everything it wrote. It must end with status 0.

    Without ``until`` the program must end by itself; with it, the program is sent SIGTERM once
    ``until`` is on the screen and the screen has been quiet for a moment.
    """
    with PseudoTerminal(command, **env) as terminal:
        if until is not None:
            terminal.wait_for(until)
            if terminal.process.poll() is None:
                terminal.send_signal(signal.SIGTERM)
        status = terminal.wait(PATIENCE)
        assert status == 0, terminal.output.decode(errors="replace")[-2000:]
        return bytes(terminal.output)


def screen_of(output: bytes) -> pyte.Screen:
    screen = pyte.Screen(COLUMNS, ROWS)
    pyte.ByteStream(screen).feed(bytes(output))
    return screen


def screen_text(output: bytes) -> str:
    return "\n".join(screen_of(output).display)


def flight_tui(*args: str) -> list[str]:
    """The command line that runs flight-tui with ``args``."""
    return [sys.executable, "-m", "flight_tui", *args]
