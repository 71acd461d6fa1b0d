"""Connecting Flights: the world of the game and the flight rules shared by its modes."""
