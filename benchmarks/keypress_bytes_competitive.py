"""Bytes written to the terminal per cursor keypress on the Connecting Flights competitive table.

Plays a three-player game (``human,random,random``, seed 7) with random moves for every seat
until the person's seat is asked on the screen to measure, autosaves it in an empty data
folder, then resumes it in the real app in a pseudo-terminal (80x24, ``TERM=xterm-256color``,
no ``COLORTERM``) with ``python -m flight_tui continue``, and measures one of two screens:

* ``auction`` (default): Down and Up along the list of cards the person may put up for
  auction (the Auction view, choosing a lot);
* ``market``: Down and Up along the Marketplace's list (Landing Rights, Electric Planes,
  Fuel Trucks) on the person's turn.

After each key it reads until the terminal has been silent for 100 ms and counts the bytes,
and renders the screen with ``pyte`` to check that the cursor (``›``) really moved (the bots
wait for the person, so nothing else changes the screen). Prints the median, p95 and max; the
target is a median of at most 1 KB.

    python benchmarks/keypress_bytes_competitive.py [--screen auction|market] [--keys 50] [--size 80x24]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import pyte

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keypress_bytes import spawn, stop, wait_for
from keypress_bytes_coop import press_cursor_keys, report

from flight_tui.bots import make_bot
from flight_tui.games import get_rules
from flight_tui.saves.store import SaveStore
from flight_tui.table import Table, parse_seat
from flight_tui.table.driver import BotSeat, TurnDriver

SEATS = "human:Ann,random:Bob,random:Cleo"
SEED = 7
PHASES = {"auction": "choose_lots", "market": "market"}
"""The phase each screen is measured in."""
WAIT_FOR = {"auction": "Your slot", "market": "Turn "}
"""Text the screen shows once it is ready."""


def position(screen: str) -> Table:
    """The game played at random until Ann (seat 0) is asked in the screen's phase, with room
    to move: several cards to put up, or coins to spend in the Marketplace."""
    seats = [parse_seat(part, index) for index, part in enumerate(SEATS.split(","))]
    rules = get_rules("connecting-flights")
    table = Table(rules, rules.make_config(len(seats), {}), SEED, seats)
    driver = TurnDriver(table, [BotSeat(make_bot("connecting-flights", "random", SEED + seat)) for seat in range(len(seats))])
    phase = PHASES[screen]
    for _ in range(50_000):
        view = table.view(0)
        if view.phase == phase and table.to_act() == (0,) and view.pending is None and (screen == "auction" or view.holdings[0].coins >= 10):
            return table
        if driver.step() is None:
            break
    raise SystemExit(f"no position for the {screen} screen in seed {SEED}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screen", choices=sorted(PHASES), default="auction", help="the list to move along (default auction)")
    parser.add_argument("--keys", type=int, default=50, help="cursor keys to press (default 50)")
    parser.add_argument("--size", default="80x24", help="terminal size COLUMNSxROWS (default 80x24)")
    parser.add_argument("--span", type=int, default=6, help="rows to move over before turning back (default 6)")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.lower().split("x"))
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as data_dir:
        store, table = SaveStore(Path(data_dir) / "saves"), position(args.screen)
        store.autosave(table)
        store.release(table)  # let the app open it
        process, master = spawn(["continue"], columns, rows, data_dir)
        try:
            wait_for(master, stream, screen, WAIT_FOR[args.screen])
            sizes, moved = press_cursor_keys(master, stream, screen, args.keys, args.span)
        finally:
            stop(process, master)
    where = "Auction view, cards to put up" if args.screen == "auction" else "Marketplace list"
    return report(f"Connecting Flights competitive {where} {columns}x{rows}", f"competitive {args.screen}", sizes, moved)


if __name__ == "__main__":
    raise SystemExit(main())
