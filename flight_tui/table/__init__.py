"""The table: seats around one game, between the rule engines and whoever drives them."""

from flight_tui.table.save_identity import SaveIdentity
from flight_tui.table.seats import BOT_LEVELS, SeatSpec, parse_seat
from flight_tui.table.session import Table

__all__ = ["BOT_LEVELS", "SaveIdentity", "SeatSpec", "Table", "parse_seat"]
