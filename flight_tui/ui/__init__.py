"""The terminal app (Textual): the shell (menu, settings, saves, help) and each game's screens.

Start it with ``flight_tui.ui.app.FlightTuiApp``; nothing here is imported by the engines.
"""
