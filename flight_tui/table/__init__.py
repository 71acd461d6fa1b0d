"""The table: seats around one game, between the rule engines and whoever drives them."""

from flight_tui.table.seats import BOT_LEVELS, SeatSpec, parse_seat
from flight_tui.table.session import Table

__all__ = ["BOT_LEVELS", "SeatSpec", "Table", "parse_seat"]
