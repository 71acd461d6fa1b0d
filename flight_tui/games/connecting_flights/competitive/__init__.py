"""Connecting Flights, competitive mode: 2-5 airlines bid, trade and sabotage for the best income."""
