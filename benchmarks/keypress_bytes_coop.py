"""Bytes written to the terminal per cursor keypress on the Connecting Flights table.

Starts the real app in a pseudo-terminal (80x24, ``TERM=xterm-256color``, no ``COLORTERM``)
with ``python -m flight_tui new connecting-flights-coop --seats human --seed 7``, takes the
suggested starting flight (Enter), then measures one of two screens:

* ``hand`` (default): passes the Marketplace (p), opens the Hand view (2) in the Fly phase,
  takes the starting chain apart (c) and presses Down and Up along the flight builder's list
  of cards that may come next (a starting hand offers its two airports);
* ``market``: presses Down and Up along the Marketplace's list of things for sale.

After each key it reads until the terminal has been silent for 100 ms and counts the bytes,
and renders the screen with ``pyte`` to check that the cursor (``›``) really moved. Prints
the median, p95 and max; the target is a median of at most 1 KB, as for Flight.

    python benchmarks/keypress_bytes_coop.py [--screen hand|market] [--keys 50] [--size 80x24]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile

import pyte

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keypress_bytes import p95, read_until_quiet, spawn, stop, wait_for

DOWN, UP = b"\x1b[B", b"\x1b[A"


ARGUMENTS = ["new", "connecting-flights-coop", "--seats", "human", "--seed", "7"]


def cursor_row(screen: pyte.Screen) -> int:
    """The row of the list cursor ``›`` (near the start of a line), or -1."""
    for y, line in enumerate(screen.display):
        if "›" in line[:4]:
            return y
    return -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screen", choices=("hand", "market"), default="hand", help="the list to move along (default hand)")
    parser.add_argument("--keys", type=int, default=50, help="cursor keys to press (default 50)")
    parser.add_argument("--size", default="80x24", help="terminal size COLUMNSxROWS (default 80x24)")
    parser.add_argument("--span", type=int, default=0, help="rows to move over before turning back (default: the list shown)")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.lower().split("x"))
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as data_dir:
        process, master = spawn(ARGUMENTS, columns, rows, data_dir)
        try:
            wait_for(master, stream, screen, "choose your free starting flight")
            os.write(master, b"\r")
            wait_for(master, stream, screen, "Purse")
            if args.screen == "hand":
                os.write(master, b"p")
                wait_for(master, stream, screen, "fly phase")
                os.write(master, b"2")
                wait_for(master, stream, screen, "Chain 1")
                os.write(master, b"c")  # take the starting chain apart: the builder lists the airports
                wait_for(master, stream, screen, "next: starting airport")
            span = args.span or (1 if args.screen == "hand" else 8)  # a starting hand offers two airports
            sizes, moved = press_cursor_keys(master, stream, screen, args.keys, span)
        finally:
            stop(process, master)
    where = "Hand view, flight builder (Fly phase)" if args.screen == "hand" else "Marketplace list"
    return report(f"Connecting Flights {where} {columns}x{rows}", f"coop {args.screen}", sizes, moved)


def press_cursor_keys(master: int, stream: pyte.ByteStream, screen: pyte.Screen, keys: int, span: int) -> tuple[list[int], int]:
    """Press Down ``span`` times, then Up as often, and so on, ``keys`` keys in all; the bytes
    each key made the app write, and how many keys moved the cursor."""
    sizes, moved = [], 0
    for index in range(keys):
        going_down = (index // span) % 2 == 0
        before = cursor_row(screen)
        os.write(master, DOWN if going_down else UP)
        output = read_until_quiet(master)
        stream.feed(output)
        sizes.append(len(output))
        moved += cursor_row(screen) != before
    return sizes, moved


def report(where: str, figure: str, sizes: list[int], moved: int) -> int:
    """Print the median, p95, max and min bytes per key; 0 if every key moved the cursor."""
    sizes = sorted(sizes)
    print(f"{where}, TERM=xterm-256color: {len(sizes)} cursor keys ({moved} moved the cursor)")
    print(f"bytes per keypress: median {statistics.median(sizes):.0f}, p95 {p95(sizes)}, max {sizes[-1]}, min {sizes[0]}")
    print(f"figure: {figure} keypress bytes median = {statistics.median(sizes):.0f}")
    print("target: median <= 1024 bytes")
    return 0 if moved == len(sizes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
