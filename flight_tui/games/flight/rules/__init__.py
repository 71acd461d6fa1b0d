"""Flight (Pepys, 1954): the card game of the four Empire air routes."""

from flight_tui.games.flight.rules.game import FLIGHT, FlightRules
from flight_tui.games.flight.rules.state import FlightConfig, FlightState, FlightView

__all__ = ["FLIGHT", "FlightConfig", "FlightRules", "FlightState", "FlightView"]
