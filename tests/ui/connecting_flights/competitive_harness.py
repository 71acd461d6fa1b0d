"""A small app that opens one Connecting Flights competitive table, with the bundled themes, and
positions reached by a plain scripted player (so they hang on the rules, not on the order in
which the rules list their legal actions)."""

from __future__ import annotations

from collections.abc import Callable

from game_harness import GameApp, run_async, screen_lines, seats, wait_for_workers, wait_until

from flight_tui.games import get_rules
from flight_tui.games.connecting_flights.competitive.rules import auction as auction_rules
from flight_tui.games.connecting_flights.competitive.rules import setup as setup_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Bid,
    BuyStart,
    BuyTruck,
    ChooseLot,
    DrawSabotage,
    EndTurn,
    Inflict,
    PassBid,
    Refuse,
    SubmitFlights,
    TakeCoins,
)
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.table_screen import CompetitiveTableScreen
from flight_tui.table import Table

__all__ = ["CompetitiveApp", "ask_hint", "make_table", "play_scripted", "run_async", "screen_lines", "scripted_move", "table_screen", "wait_until"]

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


async def ask_hint(pilot) -> tuple[object, str]:
    """Press the hint key and let the bot think: the move it hinted and the hint's text."""
    await pilot.press("t")
    await wait_for_workers(pilot)
    app = pilot.app
    text = next((str(n.message) for n in app._notifications if n.title == "Hint"), "")
    return table_screen(app).hinted, text


def scripted_move(view: CompetitiveView, legal: list) -> object:
    """A plain player's move: the first Player card and continent, the cheapest starting flight,
    the first card to put up, a bid while the lowest is within a share of its coins that grows
    with its seat, a 2-fuel truck once, no trades (offers refused), the best flights, and a
    sabotage card drawn and inflicted when it may."""
    kinds = {type(action): action for action in reversed(legal)}
    if Refuse in kinds:
        return kinds[Refuse]
    if view.phase == "start":
        return min((a for a in legal if isinstance(a, BuyStart)), key=setup_rules.start_cost)
    if ChooseLot in kinds:
        return kinds[ChooseLot]
    if view.phase == "bidding":
        lowest = auction_rules.min_bid(view.bidding, view.lots[view.bidding.lot])
        share = (view.seat + 2) / (view.num_seats + 3)
        return Bid(lowest) if Bid(lowest) in legal and lowest <= view.holdings[view.seat].coins * share else PassBid()
    if view.phase == "market" and BuyTruck(2) in legal and not any(t for t in view.holdings[view.seat].trucks[1:]):
        return BuyTruck(2)
    if view.phase in ("market", "trading"):
        return EndTurn()
    if SubmitFlights in kinds:
        return next(a for a in legal if isinstance(a, SubmitFlights))
    for preferred in (Inflict, DrawSabotage, TakeCoins):
        if preferred in kinds:
            return kinds[preferred]
    return legal[0]


def play_scripted(table: Table, stop: Callable[[Table], bool], limit: int = 20000, move: Callable[[CompetitiveView, list], object] = scripted_move) -> None:
    """Every seat plays ``move`` (:func:`scripted_move`) until ``stop(table)`` (a fixed position for a seed)."""
    for _ in range(limit):
        if stop(table):
            return
        if table.is_over():
            break
        seat = table.to_act()[0]
        view = table.view(seat)
        table.submit(seat, move(view, table.rules.legal_actions_from_view(view)))
    raise AssertionError("the position asked for never came")
