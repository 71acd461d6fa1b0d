"""The fingerprint of a game's designed data (maps, prices, cards), recorded in every save.

A save replays its moves from its seed; data that changed since it was made (a price, a card)
can lead the same moves elsewhere. The fingerprint lets a load say "made with other game data"
instead of blaming the file.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources

from flight_tui.games import get_spec


@lru_cache(maxsize=None)
def game_data_fingerprint(game: str) -> str:
    """A short hash of the game's data files (its spec's ``data_files``), or "" when it has none."""
    files = get_spec(game).data_files
    if not files:
        return ""
    digest = hashlib.sha256()
    for entry in files:
        package, path = entry.split(":", 1)
        digest.update(entry.encode() + b"\0")
        digest.update(resources.files(package).joinpath(*path.split("/")).read_bytes())
    return digest.hexdigest()[:16]
