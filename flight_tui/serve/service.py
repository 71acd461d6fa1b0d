"""The table service: every served table, and the apps connected to it over a local socket.

One asyncio server on a Unix socket (mode 0600, in the data folder's ``server`` area). The
front that let a person in (the SSH front, or OpenSSH's forced command) starts an app that
connects and says who the person is (``Hello``); from then on the service sends that app the
lobby, and at a table only its seat's view and its seat's log lines, and accepts its moves.
Every message is checked: a move for another seat, a move the rules do not allow now, a
malformed or oversized message is refused with a reason and changes nothing.

Each table is the app's own :class:`~flight_tui.table.Table` with a
:class:`~flight_tui.table.driver.TurnDriver`: the bots and the moves the rules make are played
here, at the app's pace; a player at a terminal is a :class:`~flight_tui.table.driver.PersonSeat`. Tables autosave after
every move into ``server/saves`` (a :class:`~flight_tui.saves.SaveStore`), who sits where into
``server/tables.json``; a service started again resumes every table in progress. A finished
table goes into the server's history, ``server/history`` (see :mod:`flight_tui.history`); the
joined players' apps keep none of their own.
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any

import msgspec

from flight_tui.engine.errors import IllegalAction
from flight_tui.games import game_names, get_rules, get_spec
from flight_tui.history import HistoryError, HistoryStore
from flight_tui.paths import HISTORY_FOLDER
from flight_tui.saves import SaveError, SaveStore
from flight_tui.saves.atomic import write_atomic
from flight_tui.serve import protocol as P
from flight_tui.table import SeatSpec, Table
from flight_tui.table.driver import BOT, FORCED, BotSeat, PersonSeat, TurnDriver, seat_bot
from flight_tui.table.seats import BOT_LEVELS, DEFAULT_NAMES, seat_name_problem

log = logging.getLogger("flight_tui.serve")

OPEN = "open"
"""A seat waiting for a player to take it."""
STAND_IN_LEVEL = "normal"
"""The bot that plays a dropped player's seat, after the table's chosen wait."""
HELLO_WAIT = 10.0
"""Seconds a new connection has to say who it is."""
SOCKET_NAME = "tables.sock"
LOBBY_LIMIT = 200
"""The most tables one lobby message lists (the player's own first, then those with an open
seat); it says how many more there are. 200 tables of six seats stay far under ``MAX_FRAME``."""


class TableMeta(msgspec.Struct):
    """What the service keeps about a table besides its save: who owns each seat."""

    owners: list[str | None]
    """Per seat: the identity of the player who sits there; None for a bot or an open seat."""
    open: list[bool]
    """Per seat: still open for a player to take."""
    bot_after: int = 60
    creator: str | None = None
    """Who opened the table (their tables count against ``tables_per_player``)."""


class Member:
    """One connected app: who it is, where it sits, and its stream."""

    def __init__(self, writer: asyncio.StreamWriter, identity: str, name: str) -> None:
        self.writer = writer
        self.identity = identity
        self.name = name
        self.table: ServedTable | None = None
        self.seat: int | None = None

    async def send(self, message: Any) -> None:
        try:
            data = P.frame(message)
        except P.FrameTooLarge as error:  # nothing this service sends should be: refused, logged, and the member stays
            log.error("a %s for %s was not sent: %s", type(message).__name__, self.identity, error)
            data = P.frame(P.Refused("That answer was too large to send: the host has been told."))
        try:
            self.writer.write(data)
            await self.writer.drain()
        except (ConnectionError, RuntimeError):
            pass  # gone: its reader ends and removes it


class ServedTable:
    """One table in the service: the game, who owns each seat, who is connected."""

    def __init__(self, service: TableService, table: Table, meta: TableMeta) -> None:
        self.service = service
        self.table = table
        self.meta = meta
        self.id = table.save_identity.autosave_slot or ""
        self.revision = 0
        self.members: set[Member] = set()
        self.driver = TurnDriver(table, [self._controller(seat) for seat in range(len(table.seats))])
        self.stand_ins: set[int] = set()
        self._dropped: dict[int, asyncio.TimerHandle] = {}
        self._bots: asyncio.Task[None] | None = None

    def _controller(self, seat: int) -> Any:
        spec = self.table.seats[seat]
        if spec.is_bot:
            return BotSeat(seat_bot(self.table.rules.name, spec.kind, self.table.seed, seat))
        return PersonSeat()

    # ------------------------------------------------------------ who is here

    def connected(self, seat: int) -> bool:
        return any(m.seat == seat for m in self.members)

    def waiting(self) -> list[int]:
        """Players' seats with nobody connected (dropped, or not yet come)."""
        return [s for s, owner in enumerate(self.meta.owners) if owner is not None and not self.connected(s)]

    def info(self, identity: str) -> P.TableInfo:
        seats = []
        for seat, spec in enumerate(self.table.seats):
            kind = OPEN if self.meta.open[seat] else (spec.kind if spec.is_bot else "player")
            seats.append(P.SeatInfo(spec.name, kind, self.connected(seat), self.meta.owners[seat] == identity))
        spec = get_spec(self.table.rules.name)
        over = self.table.is_over()
        return P.TableInfo(self.id, spec.name, spec.title, seats, "over" if over else self.table.rules.progress(self.table.state), over)

    # ------------------------------------------------------------ what a member sees

    def update_for(self, member: Member) -> P.Update:
        seat = member.seat
        table = self.table
        waiting = [table.seats[s].name for s in self.waiting() if s not in self.stand_ins]
        result = None
        if table.is_over():
            result = P.pack(table.result())
        return P.Update(
            revision=self.revision,
            seats=[msgspec.to_builtins(s) for s in table.seats],
            view=P.pack(table.view(seat)) if seat is not None else self._spectator_view(),
            log=table.log_lines(seat) + self._away_lines(),
            to_act=list(table.to_act()),
            can_undo=seat is not None and table.can_undo(seat),
            over=table.is_over(),
            waiting=waiting,
            bots_for=[table.seats[s].name for s in sorted(self.stand_ins)],
            progress=table.rules.progress(table.state),
            result=result,
        )

    def _spectator_view(self) -> bytes | None:
        """The public view of a game whose rules make one (``spectator_view``), else None."""
        public = getattr(self.table.rules, "spectator_view", None)
        return None if public is None else P.pack(public(self.table.state))

    def _away_lines(self) -> list[str]:
        """The log's last line while players are away: whom the table waits for, whom a bot stands in for."""
        waiting = [self.table.seats[s].name for s in self.waiting() if s not in self.stand_ins]
        lines = [f"Waiting for {' and '.join(waiting)} (away; the seat is kept)."] if waiting else []
        if self.stand_ins:
            lines.append(f"A bot plays for {' and '.join(self.table.seats[s].name for s in sorted(self.stand_ins))} meanwhile.")
        return lines

    async def broadcast(self, skip: Member | None = None) -> None:
        self.revision += 1
        await asyncio.gather(*(m.send(self.update_for(m)) for m in list(self.members) if m is not skip))

    # ------------------------------------------------------------ moves

    def act(self, member: Member, seat: int, data: bytes) -> str | None:
        """Play a member's move; the reason it is refused, or None when it was played."""
        if member.seat is None:
            return "You are watching this table: spectators do not move."
        if seat != member.seat:
            return f"You play seat {member.seat + 1} ({self.table.seats[member.seat].name}), not seat {seat + 1}."
        try:
            action = P.unpack(data, self.table.rules.action_type)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            return f"That is not a move of {self.table.rules.title}: {error}"
        if self.table.is_over():
            return "The game is over."
        if seat not in self.table.to_act():
            return f"It is not your turn: {self._asked()} to move."
        try:  # first on a copy: a move the rules refuse halfway must not touch the table
            self.table.rules.apply(self.table.rules.clone(self.table.state), seat, action)
        except IllegalAction as error:
            return str(error)
        except Exception as error:  # a message the rules were never meant to see
            log.exception("table %s: the rules failed on a move of seat %d", self.id, seat)
            return f"That move is not allowed now ({type(error).__name__})."
        self.table.submit(seat, action)
        return None

    def undo(self, member: Member, seat: int) -> str | None:
        if member.seat is None or seat != member.seat:
            return "You may take back only your own moves."
        try:
            self.table.undo(seat)
        except IllegalAction as error:
            return str(error)
        return None

    def _asked(self) -> str:
        names = [self.table.seats[s].name for s in self.table.to_act()]
        return " and ".join(names) + (" is" if len(names) == 1 else " are")

    def changed(self) -> None:
        """After a move: save, and let the bots (and the rules) move next."""
        self.service.save(self)
        if self._bots is None or self._bots.done():
            self._bots = asyncio.ensure_future(self._play_bots())

    async def _play_bots(self) -> None:
        """Play bots' and forced moves, one at a time at the service's pace, until people are asked."""
        while True:
            step = self.driver.next_step()
            if step.kind not in (BOT, FORCED):
                return
            await asyncio.sleep(self.service.bot_delay)
            moves = len(self.table.actions)
            step = self.driver.next_step()
            if step.kind == FORCED:
                action = step.action
            elif step.kind == BOT:
                action = await asyncio.to_thread(self.driver.bot_decision(step.seat))
            else:
                return
            if len(self.table.actions) != moves:
                continue  # someone moved meanwhile: decide again on the new position
            try:
                self.table.submit(step.seat, action)
            except IllegalAction as error:
                log.error("table %s: the bot of seat %d went wrong (%s); it makes its first legal move", self.id, step.seat, error)
                self.table.submit(step.seat, self.table.legal_actions(step.seat)[0])
            self.service.save(self)
            await self.broadcast()

    # ------------------------------------------------------------ drops

    def dropped(self, seat: int) -> None:
        """A player's app went away: keep the seat; after the table's wait, a bot plays it meanwhile."""
        if self.meta.bot_after > 0 and not self.table.is_over():
            loop = asyncio.get_running_loop()
            self._dropped[seat] = loop.call_later(self.meta.bot_after, self._stand_in, seat)

    def _stand_in(self, seat: int) -> None:
        self._dropped.pop(seat, None)
        if self.connected(seat):
            return
        self.stand_ins.add(seat)
        self.driver.controllers[seat] = BotSeat(seat_bot(self.table.rules.name, STAND_IN_LEVEL, self.table.seed, seat))
        log.info("table %s: a bot plays seat %d while %s is away", self.id, seat, self.table.seats[seat].name)
        asyncio.ensure_future(self.broadcast())
        self.changed()

    def returned(self, seat: int) -> None:
        timer = self._dropped.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            self.driver.controllers[seat] = PersonSeat()


class TableService:
    """Every served table and every connected app. ``folder``: the data folder's server area."""

    def __init__(self, folder: Path, *, bot_delay: float = 0.6, max_tables: int = 100, tables_per_player: int = 5) -> None:
        self.folder = Path(folder)
        self.max_tables = max_tables
        self.tables_per_player = tables_per_player
        self.socket_path = self.folder / SOCKET_NAME
        self.store = SaveStore(self.folder / "saves")
        self.history = HistoryStore(self.folder / HISTORY_FOLDER)
        self.meta_path = self.folder / "tables.json"
        self.bot_delay = bot_delay
        self.tables: dict[str, ServedTable] = {}
        self.members: set[Member] = set()
        self._server: asyncio.AbstractServer | None = None
        self._connections: set[asyncio.Task[Any]] = set()
        self._stopping = False

    # ------------------------------------------------------------ start and stop

    async def start(self) -> None:
        """Resume the saved tables and listen on the socket (only this user may connect)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o700)
        self._resume()
        if self.socket_path.exists():
            self.socket_path.unlink()
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._serve_connection, path=str(self.socket_path), limit=P.MAX_FRAME)
        finally:
            os.umask(old)
        os.chmod(self.socket_path, 0o600)

    async def stop(self) -> None:
        """Close every connection (each handler ends on its own, so that nothing is left to cancel), then save every table."""
        self._stopping = True
        if self._server is not None:
            self._server.close()
            for member in list(self.members):
                member.writer.close()
            if self._connections:
                await asyncio.wait(self._connections, timeout=5)
            await self._server.wait_closed()
        for served in self.tables.values():
            self.save(served)
            self.store.release(served.table)
        if self.tables:
            self._write_meta()

    def _resume(self) -> None:
        """Load every table of ``tables.json`` whose save is still there (a finished one's is gone)."""
        if not self.meta_path.exists():
            return
        try:
            metas = msgspec.json.decode(self.meta_path.read_bytes(), type=dict[str, TableMeta])
        except (OSError, msgspec.DecodeError, msgspec.ValidationError) as error:
            log.error("cannot read %s (%s): no tables resumed", self.meta_path, error)
            return
        for slot, meta in metas.items():
            try:
                table = self.store.load(slot)
            except SaveError as error:
                log.warning("table %s not resumed: %s", slot, error)
                continue
            served = self.tables[slot] = ServedTable(self, table, meta)
            for seat in served.waiting():  # nobody is connected yet: each player's seat waits as after a drop
                served.dropped(seat)
            served.changed()
            log.info("resumed table %s (%s)", slot, table.rules.title)
        self._tidy(metas)

    def _tidy(self, metas: dict[str, TableMeta]) -> None:
        """Forget a table whose save is gone, and remove a save no table owns (a kill while a table was being opened)."""
        gone = [slot for slot in metas if slot not in self.tables and not self.store.path(slot).exists()]
        for slot in gone:
            log.warning("table %s forgotten: its save is gone", slot)
        if gone:
            self._write_meta()
        for entry in self.store.list_saves():
            if entry.autosave and entry.slot not in metas:
                try:
                    self.store.delete(entry.slot)
                    log.warning("removed the save %s: no table was opened with it", entry.slot)
                except SaveError as error:
                    log.warning("the save %s belongs to no table and could not be removed: %s", entry.slot, error)

    def save(self, served: ServedTable) -> None:
        """Autosave a table after a move (a finished one's save is removed, and it leaves ``tables.json``)."""
        try:
            self.store.autosave(served.table)
        except SaveError as error:
            log.error("table %s not saved: %s", served.id, error)
        if served.table.is_over():
            try:
                self.history.add(served.table)
            except HistoryError as error:
                log.error("table %s not kept in the history: %s", served.id, error)
            self._write_meta()

    def _write_meta(self) -> None:
        metas = {t.id: t.meta for t in self.tables.values() if not t.table.is_over()}
        write_atomic(self.meta_path, msgspec.json.encode(metas), keep_backup=False)

    # ------------------------------------------------------------ a connection

    async def _serve_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, until it ends or the service stops (a cancelled handler ends quietly)."""
        task = asyncio.current_task()
        if task is not None:
            self._connections.add(task)
        try:
            await self._connected(reader, writer)
        except asyncio.CancelledError:  # asyncio 3.11 would log a traceback for a cancelled handler
            writer.close()
        finally:
            self._connections.discard(task)

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        member: Member | None = None
        try:
            first = await asyncio.wait_for(_read(reader), HELLO_WAIT)
            if not isinstance(first, P.Hello) or not first.identity:
                raise _Refusal("the first message must say who you are")
            problem = seat_name_problem(first.name)
            if problem:
                raise _Refusal(f"the name {first.name!r} {problem}")
            member = Member(writer, first.identity, first.name)
            self.members.add(member)
            await member.send(self.lobby(member))
            while True:
                try:
                    message = await _read(reader)
                except _Malformed as error:
                    log.warning("refused from %s: %s", member.identity, error)
                    await member.send(P.Refused(str(error)))
                    continue
                await self._handle(member, message)
        except _Refusal as error:
            log.warning("connection refused: %s", error)
            writer.write(P.frame(P.Refused(str(error))))
        except P.FrameTooLarge as error:
            log.warning("refused from %s: %s", member.identity if member else "a new connection", error)
            writer.write(P.frame(P.Refused(str(error))))
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.TimeoutError):
            pass
        finally:
            if member is not None:
                self.members.discard(member)
                if not self._stopping:
                    await self._leave_table(member, dropped=True)
            writer.close()

    async def _handle(self, member: Member, message: Any) -> None:
        if isinstance(message, P.Act | P.Undo):
            served = member.table
            if served is None:
                reason = "You are not at a table."
            elif isinstance(message, P.Act):
                reason = served.act(member, message.seat, message.action)
            else:
                reason = served.undo(member, message.seat)
            if reason is not None:
                log.warning("refused from %s at %s: %s", member.identity, served.id if served else "the lobby", reason)
                await member.send(P.Refused(reason))
                return
            served.changed()
            await served.broadcast(skip=member)
            await member.send(P.Done(served.update_for(member)))
        elif isinstance(message, P.ListTables):
            await member.send(self.lobby(member))
        elif isinstance(message, P.CreateTable):
            await self._create(member, message)
        elif isinstance(message, P.TakeSeat):
            await self._sit(member, message.table, message.seat)
        elif isinstance(message, P.Watch):
            await self._sit(member, message.table, None)
        elif isinstance(message, P.Leave):
            await self._leave_table(member, dropped=False)
            await member.send(self.lobby(member))
        elif isinstance(message, P.Crashed):
            log.error("the app of %s (%s) crashed:\n%s", member.name, member.identity, message.report[-P.CRASH_REPORT_LIMIT:])
        else:
            await member.send(P.Refused("You are connected already."))

    def lobby(self, member: Member) -> P.Lobby:
        """The tables as ``member`` sees them: at most ``LOBBY_LIMIT``, theirs first, then those with an open seat."""
        infos = [t.info(member.identity) for t in self.tables.values()]
        infos.sort(key=lambda t: (not any(s.mine for s in t.seats), not any(s.kind == OPEN for s in t.seats)))
        return P.Lobby(infos[:LOBBY_LIMIT], more=max(0, len(infos) - LOBBY_LIMIT))

    async def _lobby_changed(self) -> None:
        await asyncio.gather(*(m.send(self.lobby(m)) for m in list(self.members) if m.table is None))

    async def _create(self, member: Member, message: P.CreateTable) -> None:
        problem = self.create_problem(message) or self._limit_problem(member)
        if problem:
            log.warning("refused from %s: %s", member.identity, problem)
            await member.send(P.Refused(problem))
            return
        rules = get_rules(message.game)
        kinds = [s.kind for s in message.seats]
        try:
            config = rules.make_config(len(kinds), message.options)
        except ValueError as error:
            await member.send(P.Refused(str(error)))
            return
        seats, owners, open_ = [], [], []
        for seat, kind in enumerate(kinds):
            if kind == "me":
                seats.append(SeatSpec("human", member.name))
            elif kind == OPEN:
                seats.append(SeatSpec("human", f"Seat {seat + 1}"))
            else:
                seats.append(SeatSpec(kind, DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]))
            owners.append(member.identity if kind == "me" else None)
            open_.append(kind == OPEN)
        table = Table(rules, config, int.from_bytes(os.urandom(4), "big"), seats)
        try:
            self.store.autosave(table)
        except SaveError as error:
            await member.send(P.Refused(f"The table could not be saved: {error}"))
            return
        served = ServedTable(self, table, TableMeta(owners, open_, max(0, message.bot_after), member.identity))
        self.tables[served.id] = served
        log.info("%s opened table %s (%s)", member.name, served.id, rules.title)
        self._write_meta()
        mine = kinds.index("me") if "me" in kinds else None
        await self._sit(member, served.id, mine)
        served.changed()

    def _limit_problem(self, member: Member) -> str | None:
        """Whether the server, or this player, has as many tables going as the host allows."""
        going = [t for t in self.tables.values() if not t.table.is_over()]
        if len(going) >= self.max_tables:
            return f"This server has {len(going)} tables going, as many as its host allows: take a seat at one, or try again when a game has ended."
        theirs = sum(1 for t in going if t.meta.creator == member.identity or member.identity in t.meta.owners)
        if theirs >= self.tables_per_player:
            return f"You have {theirs} tables going, as many as this server allows each player: finish one before opening another."
        return None

    def create_problem(self, message: P.CreateTable) -> str | None:
        """What is wrong with a new table's set-up (None: nothing)."""
        if message.game not in game_names():
            return f"There is no game {message.game!r}."
        spec = get_spec(message.game)
        kinds = [s.kind for s in message.seats]
        if not spec.min_players <= len(kinds) <= spec.max_players:
            return f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {len(kinds)}."
        allowed = {"me", OPEN, *spec.bot_levels}
        wrong = next((k for k in kinds if k not in allowed or (k in BOT_LEVELS and k not in spec.bot_levels)), None)
        if wrong is not None:
            return f"A seat is a player (me or open) or one of the bots {', '.join(spec.bot_levels)}, not {wrong!r}."
        if kinds.count("me") > 1:
            return "You can sit at one seat only."
        return None

    async def _sit(self, member: Member, table_id: str, seat: int | None) -> None:
        served = self.tables.get(table_id)
        if served is None:
            await member.send(P.Refused("There is no such table (it may have ended)."))
            return
        if seat is not None:
            problem = self._seat_problem(member, served, seat)
            if problem:
                log.warning("refused from %s at %s: %s", member.identity, table_id, problem)
                await member.send(P.Refused(problem))
                return
        await self._leave_table(member, dropped=False)
        if seat is not None and served.meta.open[seat]:
            served.meta.open[seat] = False
            served.meta.owners[seat] = member.identity
            served.table.seats[seat] = SeatSpec("human", member.name)
            served.table.save_identity.saved_actions = None  # the seat's name changed: write the save again
            self.save(served)
            self._write_meta()
        member.table, member.seat = served, seat
        served.members.add(member)
        if seat is not None:
            served.returned(seat)
        table = served.table
        await member.send(P.Seated(served.id, table.rules.name, P.pack(table.config), seat))
        await served.broadcast()
        await self._lobby_changed()
        served.changed()

    def _seat_problem(self, member: Member, served: ServedTable, seat: int) -> str | None:
        if not 0 <= seat < len(served.table.seats):
            return f"The table has no seat {seat + 1}."
        if served.meta.open[seat]:
            if member.identity in served.meta.owners:
                return "You have a seat at this table already."
            return None
        if served.meta.owners[seat] != member.identity:
            return f"Seat {seat + 1} is {served.table.seats[seat].name}'s."
        if served.connected(seat):
            return "You are at this seat already, from another connection."
        return None

    async def _leave_table(self, member: Member, *, dropped: bool) -> None:
        served, seat = member.table, member.seat
        if served is None:
            return
        member.table = member.seat = None
        served.members.discard(member)
        if served.table.is_over() and not served.members:
            del self.tables[served.id]  # a finished game leaves the lobby once its last player has seen the end
        elif seat is not None and not served.connected(seat):
            served.dropped(seat)
            if dropped:
                log.info("table %s: %s dropped; the seat is kept", served.id, served.table.seats[seat].name)
        await served.broadcast()
        await self._lobby_changed()


class _Refusal(Exception):
    """A connection refused before it said who it is."""


class _Malformed(Exception):
    """A frame that is no message of the protocol (the stream itself is intact)."""


async def _read(reader: asyncio.StreamReader) -> Any:
    """The next message of a client; _Malformed for a frame that is none, FrameTooLarge unread."""
    length = P.frame_length(await reader.readexactly(P.HEADER.size))
    body = await reader.readexactly(length)
    try:
        return P.decode_client(body)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        raise _Malformed(f"a malformed message was refused: {error}") from None
