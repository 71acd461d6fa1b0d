"""The messages between the table service and a joined app, and how they travel.

Each message is a tagged msgspec Struct, encoded as msgpack, in a frame: a 4-byte big-endian
length, then the bytes. A frame longer than ``MAX_FRAME`` is refused unread. Game data (a
view, an action, a config) travels as msgpack inside the message and is decoded with that
game's own types; a seat's view is the only picture of the game a client ever receives.
"""

from __future__ import annotations

import struct
import typing
from typing import Any, Union

import msgspec

MAX_FRAME = 256 * 1024
"""The largest message either side accepts (a Passaportas view with its log is under 20 KB)."""
HEADER = struct.Struct(">I")
CRASH_REPORT_LIMIT = 20000
"""The most characters of a crashed app's traceback that travel to the server's log."""


class FrameTooLarge(ValueError):
    """A frame announced more bytes than ``MAX_FRAME``."""


# ------------------------------------------------------------ client to service


class Hello(msgspec.Struct, tag="hello"):
    """The first message: who the client is (``identity``, as the front authenticated it) and the name to show."""

    identity: str
    name: str


class ListTables(msgspec.Struct, tag="list"):
    """Ask for the lobby again."""


class SeatChoice(msgspec.Struct):
    """One seat of a new table: ``me``, ``open`` (for another player) or a bot level."""

    kind: str


class CreateTable(msgspec.Struct, tag="create"):
    """Open a new table and sit at its ``me`` seat (if any)."""

    game: str
    seats: list[SeatChoice]
    options: dict[str, str] = {}
    bot_after: int = 60
    """Seconds after which a bot plays the seat of a player who dropped (0: never)."""


class TakeSeat(msgspec.Struct, tag="sit"):
    """Sit at a seat: an open one, or one's own again after a drop."""

    table: str
    seat: int


class Watch(msgspec.Struct, tag="watch"):
    """Watch a table as a spectator (public information only)."""

    table: str


class Act(msgspec.Struct, tag="act"):
    """Play ``action`` (msgpack of the game's action type) for ``seat``."""

    seat: int
    action: bytes


class Undo(msgspec.Struct, tag="undo"):
    """Take back ``seat``'s last move of this turn."""

    seat: int


class Leave(msgspec.Struct, tag="leave"):
    """Back to the lobby (the seat stays the player's)."""


class Crashed(msgspec.Struct, tag="crashed"):
    """The client's app failed: its traceback, for the server's log (the player sees one line)."""

    report: str


ClientMessage = Union[Hello, ListTables, CreateTable, TakeSeat, Watch, Act, Undo, Leave, Crashed]


# ------------------------------------------------------------ service to client


class SeatInfo(msgspec.Struct):
    """A seat as the lobby shows it."""

    name: str
    kind: str
    """``player``, ``open`` or a bot level."""
    connected: bool = False
    mine: bool = False


class TableInfo(msgspec.Struct):
    """A table as the lobby lists it."""

    id: str
    game: str
    title: str
    seats: list[SeatInfo]
    progress: str
    over: bool = False


class Lobby(msgspec.Struct, tag="lobby"):
    """The server's tables."""

    tables: list[TableInfo]
    more: int = 0
    """How many more tables the server has than the list holds."""


class Seated(msgspec.Struct, tag="seated"):
    """The client sits at (or watches, ``seat`` None) a table; an ``Update`` follows."""

    table: str
    game: str
    config: bytes
    seat: int | None


class Update(msgspec.Struct, tag="update"):
    """The table as the client's seat sees it, after a change (``revision`` only grows)."""

    revision: int
    seats: list[Any]
    """The table's ``SeatSpec``s (a name changes when a player takes an open seat)."""
    view: bytes | None
    """msgpack of the seat's view; for a spectator, the public view of a game whose rules make
    one (``spectator_view``), else None."""
    log: list[str]
    to_act: list[int]
    can_undo: bool
    over: bool
    waiting: list[str] = []
    """Names of the players who dropped and are waited for."""
    bots_for: list[str] = []
    """Names of dropped players whose seat a bot plays meanwhile."""
    progress: str = ""
    result: bytes | None = None
    """msgpack of the game's ``Result`` once it is over."""


class Done(msgspec.Struct, tag="done"):
    """A request was carried out; for an action or undo, the ``Update`` it caused."""

    update: Update | None = None


class Refused(msgspec.Struct, tag="refused"):
    """A request was refused, and why; nothing changed."""

    reason: str


ServiceMessage = Union[Lobby, Seated, Update, Done, Refused]

_encoder = msgspec.msgpack.Encoder()
_client_decoder = msgspec.msgpack.Decoder(ClientMessage)
_service_decoder = msgspec.msgpack.Decoder(ServiceMessage)


def frame(message: Any) -> bytes:
    """A message as a frame (length + msgpack)."""
    body = _encoder.encode(message)
    if len(body) > MAX_FRAME:
        raise FrameTooLarge(f"a message of {len(body)} bytes is over the limit of {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def frame_length(header: bytes) -> int:
    """The body length a frame's header announces; FrameTooLarge over the limit."""
    (length,) = HEADER.unpack(header)
    if length > MAX_FRAME:
        raise FrameTooLarge(f"a message of {length} bytes is over the limit of {MAX_FRAME}")
    return length


def decode_client(body: bytes) -> Any:
    """A client's message; msgspec.ValidationError / DecodeError when malformed."""
    return _client_decoder.decode(body)


def decode_service(body: bytes) -> Any:
    return _service_decoder.decode(body)


def pack(value: Any) -> bytes:
    """Game data (a view, an action, a config) as msgpack."""
    return _encoder.encode(value)


def unpack(data: bytes, kind: Any) -> Any:
    """Game data back, checked against its type (msgspec.ValidationError / DecodeError when it does not fit)."""
    return msgspec.msgpack.decode(data, type=kind)


def view_type(rules: Any) -> Any:
    """The type of a game's views (read from its ``view`` method), to decode them."""
    return typing.get_type_hints(type(rules).view)["return"]
