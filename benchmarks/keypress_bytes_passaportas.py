"""Bytes written to the terminal per cursor keypress on the Passaportas board (what SSH carries).

Starts the real app in a pseudo-terminal (80x24 by default, ``TERM=xterm-256color``, 256
colours) with ``python -m flight_tui new passaportas --seats human,random,random,random --seed 7``,
waits until the board is quiet, rolls the dice (``r``) so that some cities are in reach, then
presses the arrow keys in turn (right, down, left, up). The cursor moves among the cities in
reach (on the map; below 110 columns the board is the list of flights, where only ↑ ↓ move it);
after each key the output is read until the terminal has been silent for 100 ms and
its bytes are counted. Prints the median, p95 and max over the keys that moved the cursor
(checked on the screen rendered with ``pyte``: the reversed city label changes).

    python benchmarks/keypress_bytes_passaportas.py [--keys 50] [--size 80x24]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile

import pyte
from keypress_bytes import p95, read_until_quiet, spawn, stop, wait_for

KEYS = (b"\x1b[C", b"\x1b[B", b"\x1b[D", b"\x1b[A")
"""Right, down, left, up."""
ARGUMENTS = ["new", "passaportas", "--seats", "human,random,random,random", "--seed", "7"]


def cursor_label(screen: pyte.Screen) -> str:
    """The reversed text on the board (the city under the cursor), or ''."""
    for y in range(1, screen.lines - 3):
        row = screen.buffer[y]
        text = "".join(row[x].data for x in range(screen.columns) if row[x].reverse)
        if text.strip():
            return text
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=50, help="cursor keys to press (default 50)")
    parser.add_argument("--size", default="80x24", help="terminal size COLUMNSxROWS (default 80x24)")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.lower().split("x"))
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as data_dir:
        process, master = spawn(ARGUMENTS, columns, rows, data_dir)
        try:
            wait_for(master, stream, screen, "Fuel")
            os.write(master, b"r")
            wait_for(master, stream, screen, "Enter flies")
            moved_sizes, all_sizes = [], []
            for index in range(args.keys):
                before = cursor_label(screen)
                os.write(master, KEYS[index % len(KEYS)])
                output = read_until_quiet(master)
                stream.feed(output)
                all_sizes.append(len(output))
                if cursor_label(screen) != before:
                    moved_sizes.append(len(output))
        finally:
            stop(process, master)
    if not moved_sizes:
        print("the cursor never moved")
        return 1
    moved_sizes.sort()
    median = statistics.median(moved_sizes)
    print(f"Passaportas board {columns}x{rows}, TERM=xterm-256color, after a roll: {len(all_sizes)} cursor keys, {len(moved_sizes)} moved the cursor")
    print(f"bytes per keypress that moved the cursor: median {median:.0f}, p95 {p95(moved_sizes)}, max {moved_sizes[-1]}, min {moved_sizes[0]}")
    print(f"bytes per key (all keys, a key with no city that way writes nothing): median {statistics.median(all_sizes):.0f}")
    print(f"figure: passaportas_keypress_bytes_median = {median:.0f}")
    print("target: median <= 1024 bytes")
    return 0 if median <= 1024 else 1


if __name__ == "__main__":
    raise SystemExit(main())
