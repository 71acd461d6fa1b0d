"""The mode-neutral core of Connecting Flights: the world, and flights and chains by the six rules."""
