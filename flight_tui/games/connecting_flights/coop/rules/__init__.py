"""Connecting Flights, cooperative mode: 1-3 players share one purse and fly every passenger home."""

from flight_tui.games.connecting_flights.coop.rules.config import CoopConfig
from flight_tui.games.connecting_flights.coop.rules.game import COOP, CoopRules
from flight_tui.games.connecting_flights.coop.rules.state import CoopAction, CoopState, CoopView

__all__ = ["COOP", "CoopAction", "CoopConfig", "CoopRules", "CoopState", "CoopView"]
