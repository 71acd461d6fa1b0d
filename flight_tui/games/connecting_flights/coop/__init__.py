"""Connecting Flights, cooperative mode: its rules, bots and screens."""
