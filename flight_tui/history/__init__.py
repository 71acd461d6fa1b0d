"""The history of finished games: one record per game, kept to replay it and to count who won.

Kept in ``history/`` inside the user data folder (``--data-dir`` / ``FLIGHT_TUI_DATA_DIR``)::

    index.jsonl          one line per finished game, oldest first: a check (CRC-32) and the
                         game's summary as JSON (``GameRecord``); read by ``flight-tui history``
    index.jsonl.bak      the index before its last write
    games/<id>.json.gz   the game itself: a save file (``flight_tui.saves.codec``), gzipped
    .index.jsonl.lock    held while the history is written (two running copies add in turn)

How it is used::

    store = HistoryStore()                  # or HistoryStore(folder)
    store.add(table)                        # a finished game, once (again: nothing happens)
    listing = store.read()                  # Listing: the records, and what was damaged
    table = store.load_table(record)        # the game, to replay (HistoryError if damaged)
    standings(listing.records)              # games, wins, average and best score per player

The history is bounded (``MAX_GAMES`` games and ``MAX_BYTES`` of game files): the oldest games
are dropped first. Writes are atomic (``flight_tui.saves.atomic``). A damaged line of the index
is skipped and reported, and every other game kept; the damaged game's summary is made again
from its game file when that can still be read.
"""

from flight_tui.history.record import GameRecord, HistoryError
from flight_tui.history.standings import Standing, standings
from flight_tui.history.store import MAX_BYTES, MAX_GAMES, HistoryStore, Listing

__all__ = ["MAX_BYTES", "MAX_GAMES", "GameRecord", "HistoryError", "HistoryStore", "Listing", "Standing", "standings"]
