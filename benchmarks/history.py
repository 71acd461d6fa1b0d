"""The history of finished games with 10,000 games: how long ``flight-tui history`` takes, and adding one more.

    python benchmarks/history.py [--games 10000] [--runs 15]

Builds a history of ``--games`` finished games in a temporary data folder: one real finished
game of each mode (random bots), its game file and index line copied under new ids, so the
index and the games folder are as large as a real one. Then runs ``python -m flight_tui
history`` (the text) and ``history --json`` as a person would, a fresh process each time with
its output thrown away, ``--runs`` times each, alternating with ``flight-tui saves`` on an empty
folder (the command line's own cost, for reference), and prints the medians of the wall time,
start-up of Python included (target: ≤ 0.5 s), and of the CPU time each used (user and
system: close to the wall time on a machine with nothing else running, and far less moved by
other work than the wall time is); and the median time to add a finished
game to that history (the write at the end of each game: read the index, write the game and
the index). The folder is removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from finished_games import finished_game  # noqa: E402

from flight_tui.history import HistoryStore  # noqa: E402
from flight_tui.history.store import GAMES, INDEX, _line  # noqa: E402

TARGET_S = 0.5
MODES = ("flight", "passaportas", "connecting-flights", "connecting-flights-coop")


def build(folder: Path, games: int) -> None:
    """A history of ``games`` finished games in ``folder`` (real games, copied under new ids)."""
    store = HistoryStore(folder)
    originals = [store.add(finished_game(mode, seed)) for seed, mode in enumerate(MODES, 1)]
    data = {r.id: store.game_path(r.id).read_bytes() for r in originals}
    lines = []
    for number in range(games):
        original = originals[number % len(originals)]
        copy = original.__class__(**{
            **{f: getattr(original, f) for f in original.__struct_fields__},
            "id": f"{original.id}-{number}",
            "finished": original.finished + timedelta(minutes=number),
        })
        (folder / GAMES / f"{copy.id}.json.gz").write_bytes(data[original.id])
        lines.append(_line(copy))
    for original in originals:
        store.game_path(original.id).unlink()
    (folder / INDEX).write_bytes(b"".join(lines))


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time of ``command`` and the CPU time it used (user and system: what it costs
    on a machine where nothing else runs, as waiting for a busy CPU is not counted)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True, cwd=HERE.parent)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="flight-tui-history-") as data:
        folder = Path(data) / "history"
        build(folder, args.games)
        env = {**os.environ, "FLIGHT_TUI_DATA_DIR": data, "COLUMNS": "80"}
        empty = Path(data) / "empty"
        commands = {
            "history": [sys.executable, "-m", "flight_tui", "history"],
            "history --json": [sys.executable, "-m", "flight_tui", "history", "--json"],
            "saves (reference: an empty folder)": [sys.executable, "-m", "flight_tui", "--data-dir", str(empty), "saves"],
        }
        for command in commands.values():
            timed(command, env)  # warm-up: byte code and the disk cache
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(timed(command, env))
        adds = []
        for seed in range(100, 107):
            table = finished_game("connecting-flights-coop", seed)
            start = time.perf_counter()
            HistoryStore(folder).add(table)
            adds.append(time.perf_counter() - start)
        size = sum(p.stat().st_size for p in (folder / GAMES).iterdir()) + (folder / INDEX).stat().st_size
        shutil.rmtree(folder)
    for name, values in times.items():
        wall, cpu = (statistics.median(v[i] for v in values) for i in (0, 1))
        games = f", {args.games:,} games" if "history" in name else ""
        target = f" (target ≤ {TARGET_S} s)" if "history" in name else ""
        print(f"figure: flight-tui {name}{games}: median wall time {wall:.3f} s{target}, CPU time {cpu:.3f} s, of {args.runs}")
    print(f"figure: adding a finished game to {args.games:,}: median {statistics.median(adds) * 1000:.0f} ms of {len(adds)}")
    print(f"figure: the history of {args.games:,} games takes {size / 1e6:.1f} MB")
    return 0 if all(statistics.median(w for w, _ in v) <= TARGET_S for name, v in times.items() if "history" in name) else 1


if __name__ == "__main__":
    raise SystemExit(main())
