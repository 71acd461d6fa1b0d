"""A replay of a long game, stepped to its end: milliseconds and bytes per step at 80x24.

Plays a game of bots (Passaportas, four Normal bots, seed 3 by default: over 200 moves), saves it
as a named save in an empty data folder, starts ``python -m flight_tui replay NAME`` in a
pseudo-terminal (``keypress_bytes.py``'s launcher: 80x24, 256 colours) and presses → once per
move. Each step is timed from writing the key to the last byte of its redraw (the output is read
until the bar says "move k of N" and the terminal has then been silent for 100 ms, which is not
counted) and its bytes counted. Prints the median, p95 and max of both.

    python benchmarks/replay.py [--game passaportas] [--seats normal,normal,normal,normal] [--seed 3] [--size 80x24]
"""

from __future__ import annotations

import argparse
import os
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyte
from keypress_bytes import p95, spawn, stop, wait_for

RIGHT = b"\x1b[C"
QUIET = 0.1
STEP_MS = 20
"""Milliseconds, p95, per step."""


def recorded_game(game: str, seats: str, seed: int, data_dir: str) -> int:
    """Play a bots' game to its end and save it as ``long game``; the number of moves."""
    from flight_tui.games import get_rules
    from flight_tui.saves import SaveStore
    from flight_tui.table import Table, parse_seat
    from flight_tui.table.driver import TurnDriver

    rules = get_rules(game)
    specs = [parse_seat(kind, index) for index, kind in enumerate(seats.split(","))]
    table = Table(rules, rules.make_config(len(specs), {}), seed, specs, undo=False)
    TurnDriver(table).play_out()
    SaveStore(Path(data_dir) / "saves").save("long game", table)
    return len(table.actions)


def step(master: int, screen: pyte.Screen, stream: pyte.ByteStream, shows: str, limit: float = 10.0) -> tuple[float, int]:
    """Press → and read until the screen ``shows`` a text and the terminal is then quiet:
    (ms from the key to the last byte of its redraw, bytes)."""
    start = time.perf_counter()
    os.write(master, RIGHT)
    size, last = 0, start
    while time.perf_counter() - start < limit:
        ready, _, _ = select.select([master], [], [], QUIET)
        if not ready:
            if any(shows in line for line in screen.display):
                break
            continue
        chunk = os.read(master, 65536)
        if not chunk:
            break
        last = time.perf_counter()
        size += len(chunk)
        stream.feed(chunk)
    return (last - start) * 1000, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="passaportas")
    parser.add_argument("--seats", default="normal,normal,normal,normal")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as data_dir:
        moves = recorded_game(args.game, args.seats, args.seed, data_dir)
        process, master = spawn(["replay", "long game"], columns, rows, data_dir)
        screen = pyte.Screen(columns, rows)
        stream = pyte.ByteStream(screen)
        try:
            wait_for(master, stream, screen, f"move 0 of {moves}")
            times, sizes = [], []
            for k in range(1, moves + 1):
                ms, size = step(master, screen, stream, f"move {k} of {moves}")
                times.append(ms)
                sizes.append(size)
            shown = any(f"move {moves} of {moves}" in line for line in screen.display)
        finally:
            stop(process, master)
    times.sort()
    sizes.sort()
    print(f"{args.game}, {moves} moves, {args.size}: stepped to the end: {'yes' if shown else 'NO'}")
    print(f"ms per step:    median {statistics.median(times):.1f}, p95 {times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]:.1f}, max {times[-1]:.1f} (target p95 <= {STEP_MS})")
    print(f"bytes per step: median {statistics.median(sizes):.0f}, p95 {p95(sizes)}, max {sizes[-1]}")
    return 0 if shown else 1


if __name__ == "__main__":
    sys.exit(main())
