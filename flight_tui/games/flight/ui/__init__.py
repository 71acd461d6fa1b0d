"""The Flight table in the app: the table screen, the flight chooser, hand-off and end screens."""

from flight_tui.games.flight.ui.table_screen import FlightTableScreen

__all__ = ["FlightTableScreen"]
