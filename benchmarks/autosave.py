"""Autosave timing: encode, write, flush, fsync, keep the backup, rename, fsync the folder.

    python benchmarks/autosave.py [--saves 1000] [--dir FOLDER]

Autosaves a realistic mid-match Flight table (three seats, in its fourth hand) over and over
into a fresh folder (by default a temporary folder inside the data folder, where saves
really go, so the disk and file system are the real ones) and prints the median and p95 in
milliseconds; the target is p95 <= 10 ms. The folder is removed afterwards.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from flight_tui.bots import make_bot
from flight_tui.paths import data_dir
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.saves import SaveStore
from flight_tui.saves.codec import encode
from flight_tui.table import Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver

TARGET_P95_MS = 10.0


def mid_match_table(seed: int) -> Table:
    """Three seats (a person, two bots) a dozen actions into the match's fourth hand."""
    seats = [parse_seat(text, i) for i, text in enumerate(("human", "normal", "hard"))]
    table = Table(FLIGHT, FlightConfig(players=3, target=1000), seed, seats)
    driver = TurnDriver(table, [BotSeat(make_bot("flight", "random", seed + i)) for i in range(3)])
    into_fourth_hand = 0
    while into_fourth_hand < 12:
        driver.step()
        into_fourth_hand += table.state.hand_no >= 4
    return table


def now() -> datetime:
    return datetime.now(timezone.utc)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=1000, help="how many autosaves to time (default 1000)")
    parser.add_argument("--dir", type=Path, help="folder to write in (default: a temporary folder in the data folder)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    parent = args.dir or data_dir()
    made_parent = not parent.exists()
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="autosave-bench-", dir=parent))
    try:
        table = mid_match_table(args.seed)
        store = SaveStore(folder)
        size = len(encode(table, created=now(), updated=now()))
        encode_ms, autosave_ms = [], []
        for _ in range(args.saves):
            start = time.perf_counter()
            encode(table, created=now(), updated=now())
            encode_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            store.autosave(table)
            autosave_ms.append((time.perf_counter() - start) * 1000)
        slot = store.latest_autosave().slot
        load_ms = []
        for _ in range(20):
            start = time.perf_counter()
            store.load(slot)
            load_ms.append((time.perf_counter() - start) * 1000)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if made_parent:
            shutil.rmtree(parent, ignore_errors=True)

    p95 = percentile(autosave_ms, 0.95)
    print(f"table: {len(table.actions)} actions, hand {table.state.hand_no}, save file {size / 1024:.1f} KiB")
    print(f"folder: {parent}")
    print(f"encode only      ({args.saves}x): median {statistics.median(encode_ms):.3f} ms, p95 {percentile(encode_ms, 0.95):.3f} ms")
    print(
        f"autosave         ({args.saves}x): median {statistics.median(autosave_ms):.3f} ms, p95 {p95:.3f} ms, "
        f"max {max(autosave_ms):.3f} ms"
    )
    print(f"load and verify  (20x): median {statistics.median(load_ms):.3f} ms")
    verdict = "meets" if p95 <= TARGET_P95_MS else "MISSES"
    print(f"target p95 <= {TARGET_P95_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
