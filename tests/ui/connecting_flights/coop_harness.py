"""A small app that opens one Connecting Flights cooperative table, with the bundled themes."""

from __future__ import annotations

from game_harness import GameApp, play_until, run_async, seats

from flight_tui.games import get_rules
from flight_tui.table import Table
from flight_tui.games.connecting_flights.coop.ui.table_screen import CoopTableScreen

__all__ = ["CoopApp", "make_table", "play_until", "run_async", "take_suggested_starts"]

GAME = "connecting-flights-coop"


class CoopApp(GameApp):
    """Shows ``table`` on a CoopTableScreen (bots move without a pause)."""

    screen_type = CoopTableScreen


def make_table(text: str = "human:Ann", seed: int = 7, difficulty: str = "easy") -> Table:
    """A new table; ``text`` gives the seats as on the command line, e.g. ``human:Ann,normal:Bob``."""
    specs = seats(text)
    rules = get_rules(GAME)
    return Table(rules, rules.make_config(len(specs), {"difficulty": difficulty}), seed, specs)


def take_suggested_starts(table: Table) -> None:
    """Every seat takes the starting flight the rules suggest."""
    while table.view(0).phase == "setup":
        seat = table.to_act()[0]
        table.submit(seat, table.rules.suggest_start(table.view(seat), seat))
