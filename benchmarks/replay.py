"""A replay of a long game, stepped to its end: milliseconds and bytes per step at 80x24.

Plays a game of bots (Passaportas, four Normal bots, seed 3 by default: over 200 moves), saves it
as a named save in an empty data folder, starts ``python -m flight_tui replay NAME`` in a
pseudo-terminal (``keypress_bytes.py``'s launcher: 80x24, 256 colours) and presses → once per
move. Each step is timed from writing the key to the last byte of its redraw (the output is read
until the bar says "move k of N" and the terminal has then been silent for 100 ms, which is not
counted) and its bytes counted. A step that shows a round's summary (Connecting Flights) is
timed to the summary's last byte; Enter then closes the summary, uncounted. Prints the median,
p95 and max of both; then, for comparison, the bytes of each of the game's first
``--table-moves`` moves at its table, the same game watched as its bots play it
(``flight-tui new GAME --seats BOTS --seed SEED``), and the time the replay model alone takes
(``Replay.go``) per step on, step back and jump.

With ``--in-process``, the replay is stepped instead through Textual's test pilot in this
process (no terminal: the app's own work per step, its drawing included) and the CPU time of
each step is reported, which other processes on the machine move less than wall time.

    python benchmarks/replay.py [--game passaportas] [--seats normal,normal,normal,normal] [--seed 3] [--size 80x24] [--table-moves 40] [--in-process]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pyte
from keypress_bytes import p95, read_until_quiet, spawn, stop, wait_for

from flight_tui.table import Table
from flight_tui.table.replay import Replay

RIGHT = b"\x1b[C"
QUIET = 0.1
STEP_MS = 20
"""Milliseconds, p95, per step."""
SUMMARY_AFTER = 2.0
"""Seconds after which a step whose bar has not come is taken to show a round's summary (the
step's time is that of the summary's paint); Enter closes it, and that redraw is not counted."""


def recorded_game(game: str, seats: str, seed: int, data_dir: str) -> Table:
    """Play a bots' game to its end and save it as ``long game``."""
    from flight_tui.games import get_rules
    from flight_tui.saves import SaveStore
    from flight_tui.table import parse_seat
    from flight_tui.table.driver import TurnDriver

    rules = get_rules(game)
    specs = [parse_seat(kind, index) for index, kind in enumerate(seats.split(","))]
    table = Table(rules, rules.make_config(len(specs), {}), seed, specs, undo=False)
    TurnDriver(table).play_out()
    SaveStore(Path(data_dir) / "saves").save("long game", table)
    return table


def model_ms(table: Table) -> dict[str, list[float]]:
    """Milliseconds of the replay model alone (``Replay.go``): each step on, each step back, and
    a jump to each position from the far end."""
    replay = Replay.of(table)
    times: dict[str, list[float]] = {"step on": [], "step back": [], "jump": []}
    moves = len(table.actions)
    for name, positions in (("step on", range(moves + 1)), ("step back", range(moves, -1, -1))):
        replay.go(positions[0])
        for position in positions[1:]:
            start = time.perf_counter()
            replay.go(position)
            times[name].append((time.perf_counter() - start) * 1000)
    for position in range(moves + 1):
        replay.go(moves if position < moves // 2 else 0)
        start = time.perf_counter()
        replay.go(position)
        times["jump"].append((time.perf_counter() - start) * 1000)
    return {name: sorted(values) for name, values in times.items()}


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


def in_process_cpu_ms(table: Table, columns: int, rows: int) -> list[float]:
    """CPU milliseconds of each step → of the replay of ``table`` stepped to its end through
    Textual's test pilot (a round summary on the way is closed, not counted)."""
    from flight_tui.ui.app import FlightTuiApp

    async def run() -> list[float]:
        app = FlightTuiApp(start="replay", table=table)
        times = []
        async with app.run_test(size=(columns, rows)) as pilot:
            await pilot.pause()
            replay_screen = app.screen
            for _ in range(len(table.actions)):
                start = time.process_time()
                await pilot.press("right")
                await pilot.pause()
                times.append((time.process_time() - start) * 1000)
                while app.screen is not replay_screen:
                    await pilot.press("enter")
        return sorted(times)

    return asyncio.run(run())


def table_bytes(game: str, seats: str, seed: int, columns: int, rows: int, moves: int) -> list[int]:
    """Bytes of each of the first ``moves`` moves of the same game at its table, watched as it
    is played (``flight-tui new GAME --seats BOTS``: the table shows the first seat, and the bots
    move every 0.6 s): each burst of output until 100 ms of silence is one move's redraw."""
    with tempfile.TemporaryDirectory() as data_dir:
        process, master = spawn(["new", game, "--seats", seats, "--seed", str(seed)], columns, rows, data_dir)
        try:
            read_until_quiet(master, quiet=1.0, limit=20.0)  # the table's first paint
            sizes = []
            while len(sizes) < moves:
                burst = read_until_quiet(master, limit=5.0)
                if burst:
                    sizes.append(len(burst))
        finally:
            stop(process, master)
    return sorted(sizes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="passaportas")
    parser.add_argument("--seats", default="normal,normal,normal,normal")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--table-moves", type=int, default=40, help="moves of the same game watched at its table, for their bytes")
    parser.add_argument("--in-process", action="store_true", help="step through Textual's test pilot instead: CPU ms per step")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.split("x"))
    if args.in_process:
        with tempfile.TemporaryDirectory() as data_dir:
            recorded = recorded_game(args.game, args.seats, args.seed, data_dir)
        times = in_process_cpu_ms(recorded, columns, rows)
        print(f"{args.game}, {len(recorded.actions)} moves, {args.size}, in process: CPU ms per step: median {statistics.median(times):.1f}, p95 {times[round(0.95 * (len(times) - 1))]:.1f}, max {times[-1]:.1f}")
        return 0
    with tempfile.TemporaryDirectory() as data_dir:
        recorded = recorded_game(args.game, args.seats, args.seed, data_dir)
        moves = len(recorded.actions)
        process, master = spawn(["replay", "long game"], columns, rows, data_dir)
        screen = pyte.Screen(columns, rows)
        stream = pyte.ByteStream(screen)
        try:
            wait_for(master, stream, screen, f"move 0 of {moves}")
            times, sizes, summary_steps = [], [], set()
            for k in range(1, moves + 1):
                bar = f"move {k} of {moves}"
                ms, size = step(master, screen, stream, bar, limit=SUMMARY_AFTER)
                times.append(ms)
                sizes.append(size)
                if not any(bar in line for line in screen.display):  # a round's summary: Enter, not counted
                    summary_steps.add(k - 1)
                    os.write(master, b"\r")
                    wait_for(master, stream, screen, bar)
            shown = any(f"move {moves} of {moves}" in line for line in screen.display)
        finally:
            stop(process, master)
    print(f"{args.game}, {moves} moves, {args.size}: stepped to the end: {'yes' if shown else 'NO'}")
    if summary_steps:  # the steps that open a round's summary (a new screen), and the others
        opening = sorted(times[i] for i in summary_steps)
        plain = sorted(ms for i, ms in enumerate(times) if i not in summary_steps)
        print(f"ms per step that opens a round's summary ({len(opening)}): median {statistics.median(opening):.1f}, max {opening[-1]:.1f}")
        print(f"ms per other step ({len(plain)}): median {statistics.median(plain):.1f}, p95 {plain[round(0.95 * (len(plain) - 1))]:.1f}, max {plain[-1]:.1f}")
    times.sort()
    sizes.sort()
    print(f"ms per step:    median {statistics.median(times):.1f}, p95 {times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]:.1f}, max {times[-1]:.1f} (target p95 <= {STEP_MS})")
    print(f"bytes per step: median {statistics.median(sizes):.0f}, p95 {p95(sizes)}, max {sizes[-1]}")
    for name, values in model_ms(recorded).items():
        print(f"the replay model alone, {name}: median {statistics.median(values) * 1000:.0f} µs, p95 {values[round(0.95 * (len(values) - 1))] * 1000:.0f} µs")
    if args.table_moves:
        table = table_bytes(args.game, args.seats, args.seed, columns, rows, args.table_moves)
        print(f"bytes per move at the table (the same game watched, first {len(table)} moves): median {statistics.median(table):.0f}, p95 {p95(table)}, max {table[-1]}")
    return 0 if shown else 1


if __name__ == "__main__":
    sys.exit(main())
