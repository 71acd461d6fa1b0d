"""The Passaportas table in the app: the table screen, its choosers and the results screen."""

from flight_tui.games.passaportas.ui.table_screen import PassaportasTableScreen

__all__ = ["PassaportasTableScreen"]
