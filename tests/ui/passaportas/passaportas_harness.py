"""A small app that opens one Passaportas table, with the bundled themes and no bot pauses."""

from __future__ import annotations

from game_harness import GameApp, play_until, run_async, seats

from flight_tui.games.passaportas.rules import PASSAPORTAS, PassaportasConfig
from flight_tui.table import Table
from flight_tui.games.passaportas.ui import PassaportasTableScreen

__all__ = ["PassaportasApp", "make_table", "play_until", "run_async"]


class PassaportasApp(GameApp):
    """Shows ``table`` on a PassaportasTableScreen (bots move without a pause)."""

    screen_type = PassaportasTableScreen


def make_table(text: str = "human,random,random,random", seed: int = 7, **config) -> Table:
    """A new table; ``text`` gives the seats as on the command line, e.g. ``human:Ann,random``."""
    specs = seats(text)
    return Table(PASSAPORTAS, PassaportasConfig(players=len(specs), **config), seed, specs)
