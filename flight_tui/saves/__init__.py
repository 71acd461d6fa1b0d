"""Saved games: named slots and one autosave per game in progress.

Files are compact JSON written with msgspec (see ``codec`` for the layout), one per slot,
in ``saves/`` inside the user data folder (``--data-dir`` / ``FLIGHT_TUI_DATA_DIR``)::

    <slot>.json              the save
    <slot>.json.bak          the version before it (kept on every write)
    .<slot>.json.lock        its lock (see ``locks``): a game open in one running copy of the
                             program cannot be opened, written or deleted by another
    .<slot>.json.<hex>.tmp   a write in progress (each write its own; ones left by a crash are
                             cleaned up, or recovered when the save itself is missing)

How the app uses it (keep one ``SaveStore`` for the app's life)::

    from flight_tui.saves import SaveError, SaveStore, format_saves

    store = SaveStore()
    table.on_change = autosave                # after every action, where autosave(table)
                                              # calls store.autosave(table) and shows a
                                              # SaveError as a notification; a finished
                                              # match's autosave is removed
    store.save("before the storm", table)     # SaveError if the slot exists, unless overwrite=True
    entries = store.list_saves()              # SaveEntry structs, newest first, broken ones say why
    print(format_saves(entries))              # flight-tui saves
    msgspec.json.encode(entries)              # flight-tui saves --json
    entry = store.latest_autosave()           # flight-tui continue (check entry.readable:
                                              # a damaged latest game is returned, not skipped)
    table = store.load(entry.slot)            # an autosave stays held until store.release(table)
    store.delete("before the storm")

Every method raises only ``SaveError``, whose message names the slot and says what is wrong
in a player's words; a failed load changes no file. Files are read only if they are regular
files of a sane size (``reading``) and written atomically (``atomic``). When a save is damaged
but its backup is good, the error has ``backup_readable`` set and ``store.restore_backup(slot)``
brings the backup back (the damaged file is kept aside as ``<slot>.json.broken-<time>``).
"""

from flight_tui.saves.errors import SaveError
from flight_tui.saves.listing import SaveEntry, format_saves
from flight_tui.saves.migrations import CURRENT_VERSION
from flight_tui.saves.store import SaveStore

__all__ = ["CURRENT_VERSION", "SaveEntry", "SaveError", "SaveStore", "format_saves"]
