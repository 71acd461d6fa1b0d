"""Upgrading save files written in older layouts, one version step at a time.

A migration takes the decoded file as plain data (dicts and lists, no game types) at
version N and returns it at version N + 1. ``upgrade`` applies them in turn up to
``CURRENT_VERSION``. When the layout changes: bump ``CURRENT_VERSION``, register the step
from the previous version here, and add an example file for the new version to ``saves/``
(the old examples stay, so the step is tested on them).
"""

from __future__ import annotations

from typing import Any, Callable

CURRENT_VERSION = 2
"""The layout this program writes."""

SETTINGS_BEFORE_V2: dict[str, dict[str, Any]] = {
    "flight": {"max_turns": 200, "max_reforms": 2, "discard_taken": True},  # house rules H10, H12, H16 as they were
    "passaportas": {"edition": 1, "wild_tokens": False},
    "connecting-flights-coop": {"reuse_departure_cards": True},
}
"""Per game, the settings a game begun under format 1 keeps, so that it replays and goes on by
the rules it began with (format 2 came with rule and data changes; their new settings default
to the new behaviour). A setting the old file records keeps its recorded value.

Passaportas: the first edition of the map and of house rule P6, and no wild tokens unless the
game chose them. Cooperative Connecting Flights: an empty Departure deck is re-formed (the
first reading of house rule C9)."""

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
        for key, value in SETTINGS_BEFORE_V2.get(old.get("game"), {}).items():
            config.setdefault(key, value)
    return old
