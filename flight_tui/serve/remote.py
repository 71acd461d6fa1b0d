"""A joined app's side of the table service: its connection, and a table whose game lives there.

:class:`ServiceConnection` sends messages and reads the service's in a thread: the answer to a
move (``Done`` or ``Refused``) goes to the move that waits for it, everything else to the app's
event loop. :class:`RemoteTable` has the surface the table screens read (``view``, ``seats``,
``log_lines``, ``submit``, ``undo``…), filled from the service's updates: it holds one seat's
view and that seat's log lines, never the game's state.
"""

from __future__ import annotations

import os
import queue
import socket
import threading
from typing import Any, Callable

import msgspec

from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome, Result
from flight_tui.games import get_rules
from flight_tui.serve import protocol as P
from flight_tui.table import SeatSpec
from flight_tui.table.driver import ElsewhereSeat, PersonSeat

ANSWER_WAIT = 15.0
"""Seconds a move waits for the service's answer."""


class ServiceLost(msgspec.Struct):
    """Not a message: the connection to the service ended (``reason`` says how)."""

    reason: str


class ServiceConnection:
    """A connection to the table service, after ``Hello`` as ``identity`` called ``name``."""

    def __init__(self, path: str, identity: str, name: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self._sending = threading.Lock()
        self._answers: queue.Queue[Any] = queue.Queue()
        self._waiting = False
        self.send(P.Hello(identity, name))

    def send(self, message: Any) -> None:
        with self._sending:
            self.sock.sendall(P.frame(message))

    def start(self, deliver: Callable[[Any], None]) -> None:
        """Read the service's messages in a thread; ``deliver`` gets those no move waits for
        (called in that thread: it must hand them to the app's loop)."""
        threading.Thread(target=self._read, args=(deliver,), name="table-service", daemon=True).start()

    def request(self, message: Any) -> Any:
        """Send an ``Act`` or ``Undo`` and wait for its ``Done`` or ``Refused``."""
        self._waiting = True
        try:
            self.send(message)
            answer = self._answers.get(timeout=ANSWER_WAIT)
        except queue.Empty:
            return P.Refused("The table service did not answer.")
        except OSError as error:
            return P.Refused(f"The table service is gone ({error.strerror or error}).")
        finally:
            self._waiting = False
        return P.Refused(answer.reason) if isinstance(answer, ServiceLost) else answer

    def _read(self, deliver: Callable[[Any], None]) -> None:
        reason = "The table service closed the connection."
        try:
            while True:
                header = self._exactly(P.HEADER.size)
                message = P.decode_service(self._exactly(P.frame_length(header)))
                if self._waiting and isinstance(message, P.Done | P.Refused):
                    self._answers.put(message)
                else:
                    deliver(message)
        except EOFError:
            pass
        except (OSError, ValueError, msgspec.DecodeError) as error:
            reason = f"The connection to the table service broke: {error}"
        self._answers.put(ServiceLost(reason))
        deliver(ServiceLost(reason))

    def _exactly(self, size: int) -> bytes:
        chunks, left = [], size
        while left:
            chunk = self.sock.recv(left)
            if not chunk:
                raise EOFError
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class RemoteTable:
    """A table served by the table service, as one seat (or a spectator, ``seat`` None) sees it."""

    def __init__(self, connection: ServiceConnection, seated: P.Seated, update: P.Update) -> None:
        self.connection = connection
        self.id = seated.table
        self.rules = get_rules(seated.game)
        self.config = P.unpack(seated.config, self.rules.config_type)
        self.seats: list[SeatSpec] = []
        self.seat = seated.seat
        self.seed = int.from_bytes(os.urandom(4), "big")
        """Only for this terminal's hints: the game's own seed stays in the service."""
        self.seat_controllers = [PersonSeat() if s == self.seat else ElsewhereSeat() for s in range(len(update.seats))]
        self._view_type = P.view_type(self.rules)
        self.update: P.Update = update
        self._view: Any = None
        self.receive(update, force=True)

    def receive(self, update: P.Update, *, force: bool = False) -> bool:
        """Take an update from the service; False when it is older than the one held."""
        if not force and update.revision <= self.update.revision:
            return False
        self.update = update
        self.seats[:] = [msgspec.convert(seat, SeatSpec) for seat in update.seats]
        self._view = None if update.view is None else P.unpack(update.view, self._view_type)
        return True

    # ------------------------------------------------------------ what the screens read

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def actions(self) -> list[int]:
        """Stands for the list of moves (which stays in the service): it changes whenever the table does."""
        return [self.update.revision]

    def view(self, seat: int) -> Any:
        """This seat's view; no other seat's can be had here."""
        if seat != self.seat or self._view is None:
            raise LookupError(f"this terminal sees seat {self.seat}, not seat {seat}")
        return self._view

    def public_view(self) -> Any:
        """A spectator's view: the public one, when the game makes one (else None)."""
        return self._view if self.seat is None else None

    def to_act(self) -> tuple[int, ...]:
        return tuple(self.update.to_act)

    def is_over(self) -> bool:
        return self.update.over

    def legal_actions(self, seat: int) -> list[Any]:
        return self.rules.legal_actions_from_view(self.view(seat))

    def forced_action(self, seat: int) -> Any:
        """None: the service makes the moves the rules make."""
        return None

    def result(self) -> Result:
        if self.update.result is None:
            raise IllegalAction("The game is not over.")
        return P.unpack(self.update.result, Result)

    def log_lines(self, viewer: int | None, last: int = 50) -> list[str]:
        return self.update.log[-last:]

    def can_undo(self, seat: int) -> bool:
        return seat == self.seat and self.update.can_undo

    # ------------------------------------------------------------ acting

    def submit(self, seat: int, action: Any) -> Outcome:
        """Send this seat's move; IllegalAction with the service's reason when it is refused."""
        self._answered(self.connection.request(P.Act(seat, P.pack(action))))
        return Outcome([])

    def undo(self, seat: int) -> None:
        self._answered(self.connection.request(P.Undo(seat)))

    def _answered(self, answer: Any) -> None:
        if isinstance(answer, P.Refused):
            raise IllegalAction(answer.reason)
        if answer.update is not None:
            self.receive(answer.update)
