"""A small app that opens one Connecting Flights cooperative table, with the bundled themes."""

from __future__ import annotations

from game_harness import GameApp, play_until, run_async, seats

from flight_tui.bots import make_bot
from flight_tui.games import get_rules, get_spec
from flight_tui.table import Table
from flight_tui.games.connecting_flights.coop.ui.table_screen import CoopTableScreen

__all__ = ["CoopApp", "hint_of", "make_table", "market_after_purchases", "play_until", "run_async", "screen_of", "take_suggested_starts"]

GAME = "connecting-flights-coop"
HINT_LEVEL = get_spec(GAME).hint_level


def hint_of(table: Table) -> object:
    """What the spec's hint bot chooses for seat 0 now (the planner plans the same however it is seeded)."""
    return make_bot(GAME, HINT_LEVEL, table.seed).choose(table.view(0))


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


def screen_of(app) -> CoopTableScreen:
    """The cooperative table under whatever screen is on top."""
    return next(s for s in app.screen_stack if isinstance(s, CoopTableScreen))


def market_after_purchases() -> Table:
    """Ann and Bob in round 1's Marketplace: seven purchases for both, Landing Rights among them."""
    from flight_tui.games.connecting_flights.coop.rules.state import AIRPORT, LANDING_RIGHTS, TRUCK, Buy

    table = make_table("human:Ann,human:Bob", seed=5)
    take_suggested_starts(table)
    seat = table.to_act()[0]
    airports = sorted(table.view(seat).airport_pool)
    buys = (
        Buy(TRUCK, 1, 0), Buy(TRUCK, 2, 1), Buy(LANDING_RIGHTS, airports[0], 0), Buy(TRUCK, 1, 1),
        Buy(LANDING_RIGHTS, airports[4], 1), Buy(TRUCK, 3, 0), Buy(AIRPORT, airports[-1], 1),
    )
    for buy in buys:
        table.submit(seat, buy)
    return table
