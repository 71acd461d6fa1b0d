"""CPU the app spends on screen work, in the test pilot (no terminal): opening and closing
screens, and a whole repaint of Passaportas' map.

* ``round trip``: from the menu to Help, New game, Rules and Settings and back (Esc), eight
  times each; CPU per round trip (median) and how many times Textual styled a widget in it;
* ``map``: Passaportas' map at 120×40 (80×35 cells) rendered line by line, 30 times; CPU per
  whole map (median).

Each measure runs in a fresh process. ``--compare CHECKOUT`` (repeatable) runs the same in
another checkout of flight-tui (its package first on the path), alternating with this one, so
that a change and the code before it are measured under the same load.

Run: ``python benchmarks/screen_work.py [--runs 3] [--compare CHECKOUT]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

MEASURE = r'''
import asyncio, json, os, statistics, sys, time
sys.path[:0] = [os.path.join(ROOT, "tests", "ui"), os.path.join(ROOT, "tests")]
from textual.css.stylesheet import Stylesheet
from flight_tui.ui.app import FlightTuiApp

stylings = [0]
apply = Stylesheet.apply


def counting(stylesheet, node, *args, **kwargs):
    stylings[0] += 1
    return apply(stylesheet, node, *args, **kwargs)


Stylesheet.apply = counting


async def round_trips():
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        times, styled = [], []
        for keys in (["f1", "escape"], ["n", "escape"], ["r", "escape"], ["s", "escape"]) * 8:
            start, before = time.process_time(), stylings[0]
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            times.append(time.process_time() - start)
            styled.append(stylings[0] - before)
        return statistics.median(times), statistics.median(styled)


async def whole_map():
    from test_styles_per_game import new_table, quick_app
    from flight_tui.games.passaportas.ui.widgets import MapPanel

    app = quick_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_table(new_table("passaportas"))
        while not app.screen.query(MapPanel) or not app.screen.query_one(MapPanel).size.area:
            await pilot.pause()
        panel = app.screen.query_one(MapPanel)
        times = []
        for _ in range(30):
            start = time.process_time()
            for y in range(panel.size.height):
                panel.render_line(y)
            times.append(time.process_time() - start)
        return statistics.median(times)


trip, styled = asyncio.run(round_trips())
print(json.dumps({"round trip": trip, "stylings": styled, "map": asyncio.run(whole_map())}))
'''


def measure(checkout: Path) -> dict:
    """One run of every measure in a fresh process, with ``checkout``'s package first on the path."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "PYTHONPATH": str(checkout), "FLIGHT_TUI_DATA_DIR": data, "FLIGHT_TUI_CONFIG_DIR": os.path.join(data, "config")}
        code = f"ROOT = {str(HERE)!r}\n" + MEASURE  # the test helpers of this checkout
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", action="append", default=[], type=Path, metavar="CHECKOUT")
    args = parser.parse_args()
    subjects = {"this checkout": HERE, **{str(path): path.resolve() for path in args.compare}}
    results: dict[str, list[dict]] = {name: [] for name in subjects}
    for _ in range(args.runs):
        for name, path in subjects.items():
            results[name].append(measure(path))
    for name, runs in results.items():
        trip = statistics.median(run["round trip"] for run in runs) * 1000
        styled = statistics.median(run["stylings"] for run in runs)
        whole = statistics.median(run["map"] for run in runs) * 1000
        print(f"{name}: round trip {trip:.0f} ms CPU, {styled:.0f} stylings; Passaportas' whole map {whole:.1f} ms CPU")


if __name__ == "__main__":
    main()
