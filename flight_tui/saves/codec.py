"""The save file format: a table to bytes and back, with every check a load needs.

A save is one JSON object (compact; pipe it through ``python -m json.tool`` to read it)::

    {"format": "flight-tui save", "version": 1, "game": "flight",
     "created": "...Z", "updated": "...Z",
     "seats": [{"kind": "human", "name": "Ann"}, ...],
     "seed": 7, "config": {...}, "actions": [[seat, {"type": "play", ...}], ...],
     "state": {...}, "game_data": "6bacd7905672d5de"}

``format`` marks the file as ours; ``version`` is the layout (see ``migrations``); ``game_data``
is the fingerprint of the game's designed data (see ``fingerprint``). Loading
decodes the marker and version first, upgrades an older layout, decodes the header, then the
game's config, actions and state with that game's own types, replays the seed and the
actions, and checks that the replay equals the saved state.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, NamedTuple

import msgspec

from flight_tui.games import get_rules
from flight_tui.saves.errors import SaveError
from flight_tui.saves.fingerprint import game_data_fingerprint
from flight_tui.saves.migrations import CURRENT_VERSION, upgrade
from flight_tui.table import SeatSpec, Table
from flight_tui.table.seats import SEAT_KINDS, seat_name_problem

MAGIC = "flight-tui save"
"""The value of ``format`` in every save file."""


UtcTime = Annotated[datetime, msgspec.Meta(tz=True)]
"""A time with its time zone (saves are written in UTC)."""


class SaveFile(msgspec.Struct, kw_only=True):
    """A save file at the current version; the game-specific parts stay raw JSON."""

    format: str
    version: int
    game: str
    created: UtcTime
    updated: UtcTime
    seats: list[SeatSpec]
    seed: int
    config: msgspec.Raw
    actions: msgspec.Raw
    state: msgspec.Raw
    game_data: str = ""
    """The fingerprint of the game's designed data it was made with ("" when unknown)."""


class _Probe(msgspec.Struct):
    """The two fields read before anything else: is this ours, and in which layout."""

    format: Any = None
    version: Any = None


class Loaded(NamedTuple):
    """A decoded, checked save: its header, the table it holds, and which moves could not be undone."""

    header: SaveFile
    table: Table
    irreversible: list[bool]
    """Per recorded action, whether it was irreversible (``Outcome.irreversible`` in the replay)."""


_encoder = msgspec.json.Encoder()

TRUNCATED = "the file is cut short (truncated), probably by a crash or a full disk while it was written."
FOREIGN = "this is not a flight-tui save (it is damaged, or some other kind of file)."
INCONSISTENT = "its list of moves and its saved position do not agree: the file was changed or damaged."
OTHER_DATA = (
    "it was made with other game data (the maps, prices or cards of another version of flight-tui), "
    "so its moves no longer lead to its saved position."
)
UNKNOWN_DATA = (
    "its list of moves and its saved position do not agree: it was made by an older flight-tui with "
    "other game data, or the file was changed or damaged."
)


def encode(table: Table, created: datetime, updated: datetime) -> bytes:
    """The bytes of a save of ``table`` at the current version."""
    header = SaveFile(
        format=MAGIC,
        version=CURRENT_VERSION,
        game=table.rules.name,
        created=created,
        updated=updated,
        seats=list(table.seats),
        seed=table.seed,
        config=msgspec.Raw(_encoder.encode(table.config)),
        actions=msgspec.Raw(_encoder.encode(table.actions)),
        state=msgspec.Raw(_encoder.encode(table.state)),
        game_data=game_data_fingerprint(table.rules.name),
    )
    return _encoder.encode(header)


def decode(data: bytes, slot: str) -> Loaded:
    """Decode and check a save; any problem raises ``SaveError`` naming ``slot``."""
    try:
        return _decode(data, slot)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(slot, "the file is damaged (its data is nested far too deeply).") from None
    except Exception as error:  # whatever else a hostile file makes the decoder raise
        raise SaveError(slot, _damaged(error)) from None


def _decode(data: bytes, slot: str) -> Loaded:
    if not data.strip():
        raise SaveError(slot, "the file is empty.")
    data, upgraded = _current_layout(data, slot)
    try:
        header = msgspec.json.decode(data, type=SaveFile)
    except msgspec.DecodeError as error:
        raise SaveError(slot, _damaged(error)) from None
    for number, seat in enumerate(header.seats, 1):
        if seat.kind not in SEAT_KINDS:
            raise SaveError(slot, f"the file is damaged: seat {number} is of an unknown kind ({_quoted(seat.kind)}).")
        problem = seat_name_problem(seat.name)
        if problem:
            raise SaveError(slot, f"the file is damaged: the name of seat {number} {problem}.")
    try:
        rules = get_rules(header.game)
    except KeyError:
        raise SaveError(slot, f"it is a game of {_quoted(header.game)}, which this version of flight-tui does not have.") from None
    config = _decode_part(header.config, rules.config_type, "the game settings", slot)
    actions = _decode_part(header.actions, list[tuple[int, rules.action_type]], "the list of moves", slot)
    snapshot = _decode_part(header.state, rules.state_type, "the saved position", slot)
    inconsistent = _why_inconsistent(header)
    state, irreversible = _replay(rules, config, header.seed, actions, slot, inconsistent)
    if upgraded:
        consistent = agrees(msgspec.json.decode(_encoder.encode(state)), msgspec.json.decode(header.state))
    else:
        consistent = _encoder.encode(state) == _encoder.encode(snapshot)
    if not consistent:
        raise SaveError(slot, inconsistent)
    if rules.num_seats(state) != len(header.seats):
        raise SaveError(slot, f"the file is damaged: {len(header.seats)} seats for a game of {rules.num_seats(state)}.")
    table = Table(rules, config, header.seed, header.seats, state=state, actions=actions)
    return Loaded(header, table, irreversible)


def _why_inconsistent(header: SaveFile) -> str:
    """What to say when the moves do not lead to the saved position: other game data when the
    file's fingerprint differs from this version's, damage when it is the same."""
    if header.game_data == game_data_fingerprint(header.game):
        return INCONSISTENT
    return OTHER_DATA if header.game_data else UNKNOWN_DATA


def agrees(replayed: Any, recorded: Any) -> bool:
    """Whether a replayed position (as plain JSON data) matches an older save's recorded one.

    Objects are compared on the keys the recorded one has (a newer format may record more);
    everything else must be equal.
    """
    if isinstance(recorded, dict):
        return isinstance(replayed, dict) and all(
            key in replayed and agrees(replayed[key], value) for key, value in recorded.items()
        )
    if isinstance(recorded, list):
        return (
            isinstance(replayed, list)
            and len(replayed) == len(recorded)
            and all(agrees(a, b) for a, b in zip(replayed, recorded))
        )
    return type(replayed) is type(recorded) and replayed == recorded


def _current_layout(data: bytes, slot: str) -> tuple[bytes, bool]:
    """Check the marker and version; return the file in the current layout, and whether it was upgraded."""
    try:
        probe = msgspec.json.decode(data, type=_Probe)
    except msgspec.ValidationError:
        raise SaveError(slot, FOREIGN) from None
    except msgspec.DecodeError as error:
        raise SaveError(slot, TRUNCATED if _ends_early(error, data) else FOREIGN) from None
    if probe.format != MAGIC:
        raise SaveError(slot, FOREIGN)
    if type(probe.version) is not int or probe.version < 0:
        raise SaveError(slot, "the file is damaged: its format version is missing or wrong.")
    if probe.version > CURRENT_VERSION:
        raise SaveError(
            slot,
            f"it was made by a newer flight-tui (save format {probe.version}; this version reads "
            f"formats up to {CURRENT_VERSION}). Update flight-tui to load it.",
        )
    if probe.version == CURRENT_VERSION:
        return data, False
    try:
        return _encoder.encode(upgrade(msgspec.json.decode(data))), True
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError(slot, f"the file is in the old save format {probe.version} and is damaged, so it cannot be upgraded.") from None


def _replay(
    rules: Any, config: Any, seed: int, actions: list[tuple[int, Any]], slot: str, inconsistent: str
) -> tuple[Any, list[bool]]:
    """The state that the seed and the actions lead to, and which of the actions were
    irreversible; a move that is not allowed raises ``SaveError`` with ``inconsistent``."""
    try:
        state = rules.new_game(config, seed)
    except Exception as error:  # a damaged config may break the rules in any way
        raise SaveError(slot, f"the file is damaged: its game settings are impossible ({_clause(error)}).") from None
    irreversible = []
    for number, (seat, action) in enumerate(actions, 1):
        try:
            irreversible.append(rules.apply(state, seat, action).irreversible)
        except Exception as error:  # a tampered move may break the rules in any way
            raise SaveError(slot, f"{inconsistent} (Move {number} of {len(actions)} is not allowed: {_clause(error)}.)") from None
    return state, irreversible


def _ends_early(error: msgspec.DecodeError, data: bytes) -> bool:
    """Whether a JSON error means the data stopped before the document was complete."""
    message = str(error)
    at = re.search(r"\(byte (\d+)\)", message)
    return "truncated" in message or (at is not None and int(at.group(1)) >= len(data))


def _decode_part(raw: msgspec.Raw, part_type: Any, part: str, slot: str) -> Any:
    """One game-specific part of the file, decoded with the game's own type."""
    try:
        return msgspec.json.decode(raw, type=part_type)
    except msgspec.DecodeError as error:
        raise SaveError(slot, _damaged(error, f"in {part}: ")) from None


def _damaged(error: Exception, where: str = "") -> str:
    return f"the file is damaged ({where}{_clause(error)})."


def _clause(error: Exception) -> str:
    """An exception's message without its full stop, to embed in a sentence (cut short if long)."""
    return _shortened(str(error).rstrip(".")) or type(error).__name__


def _quoted(value: Any) -> str:
    """A value from the file, quoted and cut short, to show in a message."""
    return _shortened(repr(value))


def _shortened(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
