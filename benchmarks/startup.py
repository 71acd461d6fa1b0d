"""Start-up time: from exec in a pseudo-terminal until a known text is on the screen.

Each program is started in a fresh 80x24 pseudo-terminal with ``TERM=xterm-256color`` and
empty, temporary ``FLIGHT_TUI_DATA_DIR`` / ``FLIGHT_TUI_CONFIG_DIR``. Byte-code caching is on
for every module, into a temporary folder shared by the whole run (``PYTHONPYCACHEPREFIX``), as
after an install; a warm-up run of each program fills it. Its output is read as it
comes and fed to a terminal emulator (pyte); the clock stops when the text is on the rendered
screen (without pyte, when it appears in the output with escape sequences removed). Then the
program is asked to quit (ctrl+q), and terminated if it does not.

Two programs are measured, alternately, so that drift affects both alike:

* ``benchmarks/minimal_app.py``: a Textual app with one Static (the reference);
* ``python -m flight_tui``: flight-tui's main menu, which shows "New game".

``--compare CHECKOUT`` (repeatable) adds the menu of another checkout of flight-tui (its
``python -m flight_tui``, started in that folder), measured in the same rounds, so that a
change can be compared with the code before it under the same load.

Run: ``python benchmarks/startup.py [--runs N] [--compare CHECKOUT]``.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

COLUMNS, LINES = 80, 24
TARGET_RATIO = 1.2
TIMEOUT = 30.0
HERE = Path(__file__).resolve().parent
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[ -/]*[0-~])")


class StartupFailed(Exception):
    """The program exited or timed out before showing its text."""


class Screen:
    """The rendered terminal, or the plain text of the output when pyte is not installed."""

    def __init__(self) -> None:
        try:
            import pyte
        except ImportError:
            self._screen = None
            self._raw = b""
        else:
            self._screen = pyte.Screen(COLUMNS, LINES)
            self._stream = pyte.ByteStream(self._screen)

    def feed(self, data: bytes) -> None:
        """Take more output from the program."""
        if self._screen is None:
            self._raw += data
        else:
            self._stream.feed(data)

    def text(self) -> str:
        """What the screen shows now."""
        if self._screen is None:
            return ESCAPES.sub(b"", self._raw).decode("utf-8", "replace")
        return "\n".join(self._screen.display)


@dataclass
class Program:
    """A program to start and the text that tells it is ready."""

    name: str
    argv: list[str]
    text: str
    cwd: Path = HERE.parent
    """The folder it is started in (``python -m flight_tui`` runs the checkout there)."""
    times: list[float] = field(default_factory=list)
    forced_kills: int = 0


def child_env(scratch: Path, pycache: Path) -> dict[str, str]:
    """The environment for one run: a 256-colour xterm, empty data and config folders, and
    byte-code caching into ``pycache``."""
    dropped = ("NO_COLOR", "COLORTERM", "FORCE_COLOR", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL") and k not in dropped}
    env.update(TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(LINES), PYTHONPYCACHEPREFIX=str(pycache))
    data, config = scratch / "data", scratch / "config"
    data.mkdir()
    config.mkdir()
    env.update(FLIGHT_TUI_DATA_DIR=str(data), FLIGHT_TUI_CONFIG_DIR=str(config))
    return env


def spawn(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[int, int]:
    """Fork a child on a new 80x24 pseudo-terminal and exec ``argv``; return (pid, master fd)."""
    pid, master = pty.fork()
    if pid == 0:  # the child: its stdin/stdout/stderr are the terminal
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    return pid, master


def read_some(master: int, timeout: float) -> bytes | None:
    """Output that arrived within ``timeout`` (b"" if none); None once the terminal closed."""
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(master, 65536) or None
    except OSError:  # EIO: the child side closed
        return None


def stop(pid: int, master: int) -> bool:
    """Ask the child to quit with ctrl+q; terminate it if needed. True if it quit by itself."""
    clean = True
    try:
        os.write(master, b"\x11")
    except OSError:
        pass
    for sig, grace in ((None, 3.0), (signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0)):
        if sig is not None:
            clean = False
            try:
                os.killpg(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                os.close(master)
                return clean
            read_some(master, 0.05)  # keep draining so the child never blocks on a full pty
    os.close(master)
    return False


def time_once(program: Program, pycache: Path) -> float:
    """Seconds from exec until ``program.text`` is on the screen."""
    with tempfile.TemporaryDirectory(prefix="flight-tui-bench-") as scratch:
        env = child_env(Path(scratch), pycache)
        screen = Screen()
        start = time.perf_counter()
        pid, master = spawn(program.argv, env, program.cwd)
        try:
            while True:
                data = read_some(master, 0.5)
                arrived = time.perf_counter()
                if data is None:
                    raise StartupFailed(f"{program.name} exited before showing {program.text!r}:\n{screen.text()}")
                if data:
                    screen.feed(data)
                    if program.text in screen.text():
                        return arrived - start
                if arrived - start > TIMEOUT:
                    raise StartupFailed(f"{program.name} did not show {program.text!r} within {TIMEOUT:g} s:\n"
                                        f"{screen.text()}")
        finally:
            if not stop(pid, master):
                program.forced_kills += 1


def flight_tui_missing() -> str | None:
    """Why flight-tui's menu cannot be measured yet, or None."""
    for module in ("flight_tui.cli", "flight_tui.ui.app"):
        try:
            if find_spec(module) is None:
                return f"{module} does not exist yet"
        except ImportError as error:
            return f"{module} cannot be found: {error}"
    return None


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per program (default 15)")
    parser.add_argument("--quick", action="store_true", help="5 runs each, for a smoke test")
    parser.add_argument("--compare", action="append", default=[], type=Path, metavar="CHECKOUT",
                        help="also measure the menu of the flight-tui checkout in this folder (repeatable)")
    args = parser.parse_args(argv)
    runs = 5 if args.quick else args.runs
    programs = [Program("minimal Textual app", [sys.executable, str(HERE / "minimal_app.py")],
                        "Minimal app ready")]
    missing = flight_tui_missing()
    if missing:
        print(f"flight-tui menu: not measured ({missing}).")
    else:
        programs.append(Program("flight-tui menu", [sys.executable, "-m", "flight_tui"], "New game"))
    for checkout in args.compare:
        if not (checkout / "flight_tui" / "__main__.py").is_file():
            print(f"error: {checkout} is not a checkout of flight-tui (no flight_tui/__main__.py)")
            return 1
        programs.append(Program(f"menu of {checkout}", [sys.executable, "-m", "flight_tui"], "New game", checkout.resolve()))
    print(f"Start-up to text on an {COLUMNS}x{LINES} screen, TERM=xterm-256color; "
          f"{runs} runs each, alternating, after one warm-up each; medians.")
    try:
        with tempfile.TemporaryDirectory(prefix="flight-tui-bench-pycache-") as pycache:
            for program in programs:  # warm-up: byte-code caches, file system caches
                time_once(program, Path(pycache))
            for run in range(runs):
                for program in programs:
                    program.times.append(time_once(program, Path(pycache)))
                print(f"  run {run + 1}/{runs} done", file=sys.stderr, flush=True)
    except StartupFailed as error:
        print(f"error: {error}")
        return 1
    width = max(22, *(len(p.name) + 2 for p in programs))
    print(f"{'program':<{width}}{'median ms':>10}{'min ms':>9}{'max ms':>9}{'forced kills':>14}")
    for p in programs:
        print(f"{p.name:<{width}}{statistics.median(p.times) * 1000:>10.0f}{min(p.times) * 1000:>9.0f}"
              f"{max(p.times) * 1000:>9.0f}{p.forced_kills:>14}")
    print()
    for p in programs:
        print(f"figure: startup {p.name} median = {statistics.median(p.times) * 1000:.0f} ms")
    reference = programs[0]
    for p in programs[1:]:
        ratio = statistics.median(p.times) / statistics.median(reference.times)
        verdict = "met" if ratio <= TARGET_RATIO else "NOT met"
        print(f"figure: startup {p.name} / minimal app = {ratio:.2f}x (target <= {TARGET_RATIO}x: {verdict})")
        fastest = min(p.times) / min(reference.times)
        print(f"figure: startup {p.name} / minimal app, fastest runs = {fastest:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
