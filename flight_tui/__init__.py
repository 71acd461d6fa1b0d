"""flight-tui: airline tabletop games to play in the terminal."""

__version__ = "0.1.0"
