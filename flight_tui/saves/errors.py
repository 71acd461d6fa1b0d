"""The one error the save system raises."""

from __future__ import annotations


class SaveError(Exception):
    """A save that cannot be read, written or found, in words for a player.

    ``slot`` names the save, ``reason`` says what is wrong, and ``backup_readable`` is True
    when the slot's backup copy can still be loaded (see ``SaveStore.restore_backup``).
    ``str(error)`` is the whole sentence, slot included.
    """

    def __init__(self, slot: str, reason: str, *, backup_readable: bool = False) -> None:
        self.slot = slot
        self.reason = reason
        self.backup_readable = backup_readable
        message = f"Save '{slot}': {reason}"
        if backup_readable:
            message += " Its backup copy (the version saved before it) is readable and can be restored."
        super().__init__(message)
