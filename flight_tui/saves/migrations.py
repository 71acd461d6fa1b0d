"""Upgrading save files written in older layouts, one version step at a time.

A migration takes the decoded file as plain data (dicts and lists, no game types) at
version N and returns it at version N + 1. ``upgrade`` applies them in turn up to
``CURRENT_VERSION``. When the layout changes: bump ``CURRENT_VERSION``, register the step
from the previous version here, and add an example file for the new version to ``saves/``
(the old examples stay, so the step is tested on them).
"""

from __future__ import annotations

from typing import Any, Callable

CURRENT_VERSION = 3
"""The layout this program writes."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` turns a version-n file into a version-(n + 1) file."""


def migration(from_version: int) -> Callable[[Migration], Migration]:
    """Register a function as the step from ``from_version`` to the next version."""

    def register(step: Migration) -> Migration:
        MIGRATIONS[from_version] = step
        return step

    return register


def upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """Bring a decoded file up to ``CURRENT_VERSION`` (it must not be newer)."""
    version = document["version"]
    while version < CURRENT_VERSION:
        document = MIGRATIONS[version](document)
        version += 1
        document["version"] = version
    return document


@migration(0)
def _v0_to_v1(old: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the pre-release layout) to version 1.

    Version 0 had one ``saved`` time, seats as ``[kind, name]`` pairs under ``players``, and
    moves as ``{"seat": s, "action": a}`` objects under ``moves``. Version 1 has ``created``
    and ``updated`` times, ``seats`` as ``{"kind", "name"}`` objects and ``actions`` as
    ``[seat, action]`` pairs.
    """
    return {
        "format": old["format"],
        "version": 1,
        "game": old["game"],
        "created": old["saved"],
        "updated": old["saved"],
        "seats": [{"kind": kind, "name": name} for kind, name in old["players"]],
        "seed": old["seed"],
        "config": old["config"],
        "actions": [[move["seat"], move["action"]] for move in old["moves"]],
        "state": old["state"],
    }


@migration(1)
def _v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to version 2: the same layout; a game begun under version 1 keeps its rules.

    The settings that changed meaning are written into the game's config explicitly. A
    version-1 position is checked against its replay only on the fields it recorded
    (``codec.agrees``), since version 2 records more.
    """
    config = old["config"]
    if isinstance(config, dict):
        for key, value in _settings_before_v2(old.get("game")).items():
            config.setdefault(key, value)
    return old


@migration(2)
def _v2_to_v3(old: dict[str, Any]) -> dict[str, Any]:
    """Version 2 to version 3: the same layout, and the file may name the fingerprint of the
    game data it was made with (``game_data``; unknown for older files).

    A game's position may record more in version 3 (the competitive leaderboard's coins), so a
    version-2 position is checked against its replay on the fields it recorded.
    """
    old.setdefault("game_data", "")
    return old


def _settings_before_v2(game: Any) -> dict[str, Any]:
    """The settings a game begun under format 1 keeps (its spec's ``settings_before_v2``).

    Flight: house rules H10, H12 and H16 as they were. Passaportas: the first edition of the map
    and of house rule P6, and no wild tokens unless the game chose them. Cooperative Connecting
    Flights: an empty Departure deck is re-formed (the first reading of house rule C9).
    """
    from flight_tui.games import get_spec

    try:
        return get_spec(game).settings_before_v2
    except (KeyError, TypeError):
        return {}
