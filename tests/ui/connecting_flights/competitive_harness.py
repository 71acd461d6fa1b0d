"""A small app that opens one Connecting Flights competitive table, with the bundled themes."""

from __future__ import annotations

from game_harness import GameApp, play_until, run_async, screen_lines, seats, wait_until

from flight_tui.games import get_rules
from flight_tui.games.connecting_flights.competitive.ui.table_screen import CompetitiveTableScreen
from flight_tui.table import Table

__all__ = ["CompetitiveApp", "make_table", "play_until", "run_async", "screen_lines", "table_screen", "wait_until"]

GAME = "connecting-flights"


class CompetitiveApp(GameApp):
    """Shows ``table`` on a CompetitiveTableScreen (bots move without a pause)."""

    screen_type = CompetitiveTableScreen


def make_table(text: str = "human:Ann,random:Bob,random:Cleo", seed: int = 7, continents: str = "first") -> Table:
    """A new table; ``text`` gives the seats as on the command line, e.g. ``human:Ann,normal:Bob``."""
    specs = seats(text)
    rules = get_rules(GAME)
    return Table(rules, rules.make_config(len(specs), {"continents": continents}), seed, specs)


def table_screen(app) -> CompetitiveTableScreen:
    """The table screen under whatever dialog is open."""
    return next(s for s in app.screen_stack if isinstance(s, CompetitiveTableScreen))
