"""Bytes written to the terminal per cursor keypress on the Flight table (what SSH carries).

Starts the real app in a pseudo-terminal of 80x24 with ``TERM=xterm-256color`` (and no
``COLORTERM``, so 256 colours), opens a Flight table with
``python -m flight_tui new flight --seats human,normal,normal --seed 7``, waits until the
screen is quiet, then presses Right and Left along the hand (every key moves the cursor).
After each key it reads until the terminal has been silent for 100 ms and counts the bytes.
Prints the median, p95 and max. The screen is also rendered with ``pyte`` to check that the
cursor really moved.

    python benchmarks/keypress_bytes.py [--keys 50] [--size 80x24] [--draw]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

import pyte

RIGHT, LEFT = b"\x1b[C", b"\x1b[D"
QUIET = 0.1
"""Seconds of silence that end one keypress's output."""


ARGUMENTS = ["new", "flight", "--seats", "human,normal,normal", "--seed", "7"]


def spawn(arguments: list[str], columns: int, rows: int, data_dir: str) -> tuple[subprocess.Popen, int]:
    """``flight-tui arguments`` in a new pseudo-terminal of ``columns`` x ``rows`` (256 colours,
    an empty data folder); returns the process and the master fd."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLORTERM", "NO_COLOR", "TEXTUAL")}
    env.update(TERM="xterm-256color", FLIGHT_TUI_DATA_DIR=data_dir, FLIGHT_TUI_CONFIG_DIR=os.path.join(data_dir, "config"))
    command = [sys.executable, "-m", "flight_tui", *arguments]
    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    return process, master


def stop(process: subprocess.Popen, master: int) -> None:
    """End the app (SIGTERM, then kill) and close its terminal."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
    os.close(master)


def p95(sorted_sizes: list[int]) -> int:
    """The 95th percentile of sorted byte counts (nearest rank)."""
    return sorted_sizes[min(len(sorted_sizes) - 1, round(0.95 * (len(sorted_sizes) - 1)))]


def read_until_quiet(master: int, quiet: float = QUIET, limit: float = 5.0) -> bytes:
    """Everything the app writes until it has been silent for ``quiet`` seconds."""
    chunks = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], quiet)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def wait_for(master: int, stream: pyte.ByteStream, screen: pyte.Screen, text: str, limit: float = 20.0) -> None:
    """Read until ``text`` is on the rendered screen and the app is quiet."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        stream.feed(read_until_quiet(master, quiet=0.3))
        if any(text in line for line in screen.display):
            return
    raise SystemExit(f"'{text}' never appeared on the screen:\n" + "\n".join(screen.display))


def cursor_column(screen: pyte.Screen) -> int:
    """The column of the card under the cursor: its face is the reversed text in the hand."""
    for y in range(screen.lines - 1, screen.lines // 2, -1):
        row = screen.buffer[y]
        for x in range(screen.columns):
            if row[x].reverse:
                return x
    return -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=50, help="cursor keys to press (default 50)")
    parser.add_argument("--size", default="80x24", help="terminal size COLUMNSxROWS (default 80x24)")
    parser.add_argument("--draw", action="store_true", help="draw a card first (p): eight cards, playable ones marked")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.lower().split("x"))
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as data_dir:
        process, master = spawn(ARGUMENTS, columns, rows, data_dir)
        try:
            wait_for(master, stream, screen, "Exposed")
            hand_size = 7  # seat 0 holds seven cards before its first draw
            if args.draw:
                os.write(master, b"p")
                wait_for(master, stream, screen, "You drew")
                hand_size = 8
                os.write(master, b"\x1b[H")  # Home: the cursor to the first card
                stream.feed(read_until_quiet(master))
            sizes, moved = [], 0
            for index in range(args.keys):
                going_right = (index // (hand_size - 1)) % 2 == 0
                before = cursor_column(screen)
                os.write(master, RIGHT if going_right else LEFT)
                output = read_until_quiet(master)
                stream.feed(output)
                sizes.append(len(output))
                moved += cursor_column(screen) != before
        finally:
            stop(process, master)
    sizes.sort()
    phase = "after a draw (8 cards)" if args.draw else "before the first draw (7 cards)"
    print(f"Flight table {columns}x{rows}, TERM=xterm-256color, {phase}: {len(sizes)} cursor keys ({moved} moved the cursor)")
    print(f"bytes per keypress: median {statistics.median(sizes):.0f}, p95 {p95(sizes)}, max {sizes[-1]}, min {sizes[0]}")
    print("target: median <= 1024 bytes (a naive row of focus-bordered card widgets writes about 8.7 KB)")
    return 0 if moved == len(sizes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
