"""Connecting Flights, competitive mode: the rules of the text's "Competitive Mode"."""

from flight_tui.games.connecting_flights.competitive.rules.actions import CompetitiveAction
from flight_tui.games.connecting_flights.competitive.rules.config import CompetitiveConfig
from flight_tui.games.connecting_flights.competitive.rules.game import COMPETITIVE, CompetitiveRules
from flight_tui.games.connecting_flights.competitive.rules.state import CompetitiveState
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView

__all__ = ["COMPETITIVE", "CompetitiveAction", "CompetitiveConfig", "CompetitiveRules", "CompetitiveState", "CompetitiveView"]
