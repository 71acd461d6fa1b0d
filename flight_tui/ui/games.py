"""Which table screen shows which game. Screens are imported only when a game opens."""

from __future__ import annotations

from importlib import import_module

from textual.screen import Screen

from flight_tui.table import Table

_TABLE_SCREENS = {
    "flight": ("flight_tui.ui.flight.table_screen", "FlightTableScreen"),
    "passaportas": ("flight_tui.ui.passaportas.table_screen", "PassaportasTableScreen"),
    "connecting-flights-coop": ("flight_tui.ui.connecting_flights.table_screen", "CoopTableScreen"),
}


def table_screen(table: Table) -> Screen | None:
    """The screen that plays ``table``'s game, or None when this version cannot show it."""
    if table.rules.name not in _TABLE_SCREENS:
        return None
    module, name = _TABLE_SCREENS[table.rules.name]
    return getattr(import_module(module), name)(table)
