"""Bytes written to the terminal per action at the Flight table (what SSH carries).

Starts the real app in a pseudo-terminal (80x24 by default, ``TERM=xterm-256color``, 256
colours) with ``python -m flight_tui new flight --seats human,normal,normal --seed 7``, as
``keypress_bytes.py`` does, and plays the human's turns: draw a card from the pack (``p``),
open Help (F1), close it (Esc), play a card (``j`` to a playable card, then Enter) while the
rules require one, discard the card under the cursor (``x``), then wait for the bots to play
and the human's next turn. After each key the output is read until the action shows on the
screen (rendered with ``pyte``) and the terminal has then been silent for 100 ms, and its bytes
are counted. The bots' own moves are not counted. Prints the median, p95 and max of each
action over the turns.

    python benchmarks/action_bytes.py [--rounds 8] [--size 80x24]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable

import pyte
from keypress_bytes import ARGUMENTS, p95, read_until_quiet, spawn, stop, wait_for

DRAW, HELP, CLOSE, PLAY, DISCARD = "draw a card (p)", "open Help (F1)", "close Help (Esc)", "play a card (Enter)", "discard (x)"
F1, ESC, ENTER = b"\x1bOP", b"\x1b", b"\r"
MY_TURN = "your turn · draw"
"""The hand's title when the human is to draw."""
MUST_PLAY = "play at least one card"
"""The hand's title when the human must play before discarding."""
MAY_DISCARD = "(x)"
"""In the hand's title when the human may discard."""
CHOOSER = "on which flight?"
"""The question of the screen that asks where to play a card."""
HAND_OVER = "Next hand"
"""The footer of the screen shown at the end of a hand (Enter closes it)."""
MATCH_OVER = "Back to the menu"
"""The footer of the screen shown at the end of the match."""
TARGET = 3 * 1024
"""Bytes, median, for drawing a card."""


class Terminal:
    """The app in its pseudo-terminal, as the player sees it, and the bytes each action cost."""

    def __init__(self, master: int, columns: int, rows: int) -> None:
        self.master = master
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.sizes: dict[str, list[int]] = {name: [] for name in (DRAW, HELP, CLOSE, PLAY, DISCARD)}
        self.missed: dict[str, int] = {}

    def shows(self, text: str) -> bool:
        """Whether ``text`` is on the rendered screen."""
        return any(text in line for line in self.screen.display)

    def press(self, key: bytes, done: Callable[[], bool], limit: float = 5.0) -> int:
        """Press a key and take the output until ``done()`` and the terminal is quiet; its bytes.

        (A lone Esc reaches the app only after Textual's escape delay, which is as long as the
        quiet time that ends a read; a move that opens or closes a screen may take longer.)
        """
        os.write(self.master, key)
        size = 0
        deadline = time.monotonic() + limit
        while True:
            output = read_until_quiet(self.master)
            self.stream.feed(output)
            size += len(output)
            if done() or time.monotonic() > deadline:
                return size

    def act(self, name: str, key: bytes, done: Callable[[], bool]) -> None:
        """Press ``key``, count its bytes under ``name`` and check that it was ``done()``."""
        self.sizes[name].append(self.press(key, done))
        if not done():
            self.missed[name] = self.missed.get(name, 0) + 1

    def play_one(self) -> None:
        """Move to a playable card and play it (on the first flight offered, if asked)."""
        self.press(b"j", lambda: True)  # the next playable card, if there is another
        size = self.press(ENTER, lambda: self.shows(CHOOSER) or not self.shows(MUST_PLAY))
        if self.shows(CHOOSER):
            allowed = next(line for line in self.screen.display if " / " in line and "(not possible)" not in line)
            self.press(allowed.split("/")[0].strip()[-1].encode(), lambda: not self.shows(CHOOSER))
        else:
            self.sizes[PLAY].append(size)

    def wait_for_turn(self, limit: float = 60.0) -> bool:
        """Wait until the human is to draw again, closing the end-of-hand screen if it comes;
        False if the match ended instead."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            self.stream.feed(read_until_quiet(self.master, quiet=0.3))
            if self.shows(MY_TURN):
                return True
            if self.shows(MATCH_OVER):
                return False
            if self.shows(HAND_OVER):
                os.write(self.master, ENTER)
        raise SystemExit("the human's turn never came:\n" + "\n".join(self.screen.display))

    def play_turn(self) -> None:
        """One turn of the human: draw, open and close Help, play if required, discard."""
        self.act(DRAW, b"p", lambda: not self.shows(MY_TURN))
        self.act(HELP, F1, lambda: self.shows("Help: keys"))
        self.act(CLOSE, ESC, lambda: self.shows("Flights"))
        while self.shows(MUST_PLAY):
            self.play_one()
        if self.shows(MAY_DISCARD):
            self.act(DISCARD, b"x", lambda: self.shows("is playing") or self.shows(HAND_OVER))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="turns of the human to play (default 8)")
    parser.add_argument("--size", default="80x24", help="terminal size COLUMNSxROWS (default 80x24)")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as data_dir:
        process, master = spawn(ARGUMENTS, columns, rows, data_dir)
        terminal = Terminal(master, columns, rows)
        try:
            wait_for(master, terminal.stream, terminal.screen, MY_TURN)
            for _ in range(args.rounds):
                terminal.play_turn()
                if not terminal.wait_for_turn():
                    break
        finally:
            stop(process, master)
    print(f"Flight table {columns}x{rows}, TERM=xterm-256color, {' '.join(ARGUMENTS)}; bytes per action")
    print(f"{'action':<22}{'times':>6}{'median':>8}{'p95':>8}{'max':>8}{'min':>8}")
    for name, counts in terminal.sizes.items():
        if counts:
            counts.sort()
            print(f"{name:<22}{len(counts):>6}{statistics.median(counts):>8.0f}{p95(counts):>8}{counts[-1]:>8}{counts[0]:>8}")
    for name, counts in terminal.sizes.items():
        if counts:
            print(f"figure: bytes to {name}, median = {statistics.median(counts):.0f}")
    draw = statistics.median(terminal.sizes[DRAW])
    print(f"target: drawing a card, median <= {TARGET} bytes: {'met' if draw <= TARGET else 'NOT met'}")
    if terminal.missed:
        print("the screen did not show the action done: " + ", ".join(f"{name} {n}x" for name, n in terminal.missed.items()))
    return 1 if terminal.missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
