"""Connecting Flights, cooperative mode: 1-3 players share one purse and fly every passenger home."""

from flight_tui.rules.connecting_flights.coop.config import CoopConfig
from flight_tui.rules.connecting_flights.coop.rules import COOP, CoopRules
from flight_tui.rules.connecting_flights.coop.state import CoopAction, CoopState, CoopView

__all__ = ["COOP", "CoopAction", "CoopConfig", "CoopRules", "CoopState", "CoopView"]
