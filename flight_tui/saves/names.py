"""Save slot names: what a player may call a save, and the names autosaves get."""

from __future__ import annotations

from datetime import datetime

from flight_tui.saves.errors import SaveError

AUTOSAVE_PREFIX = "autosave-"
MAX_LENGTH = 48
PUNCTUATION = " -_.,'()+!&#"
_DEVICE_NAMES = {"con", "prn", "aux", "nul"} | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)}


def check_slot_name(name: str) -> str:
    """The name with outer spaces removed, or ``SaveError`` saying what is wrong with it."""
    slot = name.strip()
    if not slot:
        raise SaveError(name, "a save needs a name.")
    if len(slot) > MAX_LENGTH:
        raise SaveError(slot, f"a save name may be at most {MAX_LENGTH} characters long.")
    if any(not (c.isalnum() or c in PUNCTUATION) for c in slot):
        raise SaveError(slot, f"a save name may use letters, digits, spaces and these marks only: {' '.join(PUNCTUATION.strip())}")
    if slot[0] == "." or slot[-1] == ".":
        raise SaveError(slot, "a save name may not begin or end with a full stop.")
    if slot.split(".")[0].lower() in _DEVICE_NAMES:
        raise SaveError(slot, "that name is reserved by some systems; choose another.")
    return slot


def is_autosave(slot: str) -> bool:
    """Whether a slot is an autosave (named by the program, not by a player)."""
    return slot.startswith(AUTOSAVE_PREFIX)


def autosave_name(game: str, started: datetime, taken: set[str]) -> str:
    """A fresh autosave name for a game started at ``started``, not among ``taken``.

    The game's name is shortened when the name would be longer than a slot name may be.
    """
    stamp = f"{started:%Y%m%d-%H%M%S}"
    n = 1
    while True:
        suffix = f"-{stamp}" + (f"-{n}" if n > 1 else "")
        name = AUTOSAVE_PREFIX + game[: MAX_LENGTH - len(AUTOSAVE_PREFIX) - len(suffix)] + suffix
        if name not in taken:
            return name
        n += 1
