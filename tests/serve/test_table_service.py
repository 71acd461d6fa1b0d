"""The table service: seats, private views, refused messages, drops and restarts (no SSH here)."""

from __future__ import annotations

import asyncio
import time

import msgspec
import pytest
from patience import PATIENCE

from flight_tui.games import get_rules
from flight_tui.serve import protocol as P
from flight_tui.serve import service as service_module
from flight_tui.serve.service import LOBBY_LIMIT, TableService
from tests.serve.service_helpers import RawClient

FLIGHT = get_rules("flight")
VIEW = P.view_type(FLIGHT)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 2 * PATIENCE))


async def _two_at_a_flight_table(folder, bot_after: int = 60, **service_options):
    service = TableService(folder, bot_delay=0, **service_options)
    await service.start()
    ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
    await ann.until(P.Lobby)
    await ann.send(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("open")], bot_after=bot_after))
    seated = await ann.until(P.Seated)
    bob = await RawClient.connect(service.socket_path, "key:bob", "Bob")
    lobby = await bob.until(P.Lobby, check=lambda m: m.tables)
    assert [s.kind for s in lobby.tables[0].seats] == ["player", "open"]
    await bob.send(P.TakeSeat(seated.table, 1))
    assert (await bob.until(P.Seated)).seat == 1
    return service, ann, bob, seated.table


def _view(update: P.Update):
    return P.unpack(update.view, VIEW)


def test_each_player_receives_only_their_seats_view(tmp_path):
    async def scenario():
        service, ann, bob, table_id = await _two_at_a_flight_table(tmp_path)
        table = service.tables[table_id].table
        ann_view = _view(await ann.until(P.Update, check=lambda u: u.view is not None))
        bob_view = _view(await bob.until(P.Update))
        assert (ann_view.seat, bob_view.seat) == (0, 1)
        assert ann_view == table.view(0) and bob_view == table.view(1)
        await service.stop()
        return table, ann.received, bob.received

    table, ann_got, bob_got = run(scenario())
    pack = msgspec.msgpack.encode(table.state.pack)
    for got, seat in ((ann_got, 0), (bob_got, 1)):
        updates = [m for m in map(P.decode_service, got) if isinstance(m, P.Update | P.Done)]
        views = [_view(u if isinstance(u, P.Update) else u.update) for u in updates]
        assert views and all(v.seat == seat for v in views)
        # Neither the pack's order nor the other seat's hand is in anything a player received.
        assert all(pack not in body for body in got)
        other = msgspec.msgpack.encode(table.state.hands[1 - seat])
        assert all(other not in body for body in got)


def test_forged_malformed_and_illegal_messages_are_refused_and_change_nothing(tmp_path):
    async def scenario():
        service, ann, bob, table_id = await _two_at_a_flight_table(tmp_path)
        served = service.tables[table_id]
        before = (list(served.table.actions), msgspec.msgpack.encode(served.table.state))
        legal = served.table.legal_actions(0)[0]
        # Bob forges a move for Ann's seat.
        await bob.send(P.Act(0, P.pack(legal)))
        forged = await bob.until(P.Refused)
        # Bob moves out of turn, and sends something that is no move of Flight.
        await bob.send(P.Act(1, P.pack(served.table.legal_actions(0)[0])))
        out_of_turn = await bob.until(P.Refused)
        await bob.send(P.Act(1, b"\x93\x01\x02\x03"))
        not_a_move = await bob.until(P.Refused)
        # A frame that is no message of the protocol.
        body = b"\xa5hello"
        await bob.send_bytes(P.HEADER.pack(len(body)) + body)
        malformed = await bob.until(P.Refused)
        unchanged = (list(served.table.actions), msgspec.msgpack.encode(served.table.state)) == before
        # Ann's legal move is played.
        await ann.send(P.Act(0, P.pack(legal)))
        done = await ann.until(P.Done)
        await service.stop()
        return forged, out_of_turn, not_a_move, malformed, unchanged, done, served

    forged, out_of_turn, not_a_move, malformed, unchanged, done, served = run(scenario())
    assert "You play seat 2 (Bob), not seat 1" in forged.reason
    assert "not your turn" in out_of_turn.reason
    assert "not a move of Flight" in not_a_move.reason
    assert "malformed" in malformed.reason
    assert unchanged
    assert served.table.actions[0][0] == 0 and done.update.revision > 0


def test_an_oversized_frame_is_refused_unread_and_the_connection_closed(tmp_path):
    async def scenario():
        service, ann, bob, table_id = await _two_at_a_flight_table(tmp_path)
        moves = len(service.tables[table_id].table.actions)
        await bob.send_bytes(P.HEADER.pack(P.MAX_FRAME + 1))
        refused = await bob.until(P.Refused)
        with pytest.raises(asyncio.IncompleteReadError):
            await bob.next()
        deadline = time.monotonic() + PATIENCE  # until the service has seen Bob go
        while service.tables[table_id].waiting() != [1] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        still = len(service.tables[table_id].table.actions) == moves and service.tables[table_id].waiting() == [1]
        await service.stop()
        return refused, still

    refused, still = run(scenario())
    assert "over the limit" in refused.reason
    assert still


def test_a_dropped_player_keeps_the_seat_and_comes_back_to_it(tmp_path):
    async def scenario():
        service, ann, bob, table_id = await _two_at_a_flight_table(tmp_path)
        await bob.close()
        waiting = await ann.until(P.Update, check=lambda u: u.waiting == ["Bob"])
        # Someone else cannot take Bob's seat.
        cleo = await RawClient.connect(service.socket_path, "key:cleo", "Cleo")
        await cleo.until(P.Lobby)
        await cleo.send(P.TakeSeat(table_id, 1))
        taken = await cleo.until(P.Refused)
        bob = await RawClient.connect(service.socket_path, "key:bob", "Bob")
        lobby = await bob.until(P.Lobby)
        mine = [s.mine for s in lobby.tables[0].seats]
        await bob.send(P.TakeSeat(table_id, 1))
        back = await bob.until(P.Seated)
        resumed = await ann.until(P.Update, check=lambda u: u.waiting == [])
        await service.stop()
        return waiting, taken, mine, back, resumed

    waiting, taken, mine, back, resumed = run(scenario())
    assert waiting.waiting == ["Bob"]
    assert "Bob's" in taken.reason
    assert mine == [False, True]
    assert back.seat == 1 and resumed.waiting == []


def test_a_bot_plays_a_dropped_seat_after_the_chosen_wait(tmp_path):
    async def scenario():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        await ann.send(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("easy")], bot_after=1))
        seated = await ann.until(P.Seated)
        await ann.close()
        served = service.tables[seated.table]
        deadline = time.monotonic() + PATIENCE
        while len(served.table.actions) <= 4 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        stand_in = served.stand_ins == {0}
        await service.stop()
        return stand_in, served.table.actions

    stand_in, actions = run(scenario())
    assert stand_in
    assert any(seat == 0 for seat, _ in actions)


def test_a_restarted_service_resumes_its_tables(tmp_path):
    async def first():
        service, ann, bob, table_id = await _two_at_a_flight_table(tmp_path)
        served = service.tables[table_id]
        await ann.send(P.Act(0, P.pack(served.table.legal_actions(0)[0])))
        await ann.until(P.Done)
        state = msgspec.msgpack.encode(served.table.state)
        await service.stop()
        return table_id, state

    async def second(table_id):
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        served = service.tables[table_id]
        bob = await RawClient.connect(service.socket_path, "key:bob", "Bob")
        await bob.send(P.TakeSeat(table_id, 1))
        seated = await bob.until(P.Seated)
        await service.stop()
        return msgspec.msgpack.encode(served.table.state), served.meta.owners, seated

    table_id, state = run(first())
    resumed, owners, seated = run(second(table_id))
    assert resumed == state
    assert owners == ["key:ann", "key:bob"]
    assert seated.seat == 1


def test_the_socket_is_for_its_owner_only(tmp_path):
    async def scenario():
        service = TableService(tmp_path)
        await service.start()
        mode = service.socket_path.stat().st_mode & 0o777
        await service.stop()
        return mode

    assert run(scenario()) == 0o600


def test_a_spectator_receives_no_view_and_the_log_as_nobody_at_the_table_reads_it(tmp_path):
    async def scenario():
        service, ann, bob, table_id = await _two_at_a_flight_table(tmp_path)
        table = service.tables[table_id].table
        await ann.send(P.Act(0, P.pack(table.legal_actions(0)[0])))  # Ann draws: the others must not learn what
        await ann.until(P.Done)
        cleo = await RawClient.connect(service.socket_path, "key:cleo", "Cleo")
        await cleo.send(P.Watch(table_id))
        seated = await cleo.until(P.Seated)
        update = await cleo.until(P.Update)
        await cleo.send(P.Act(0, P.pack(table.legal_actions(0)[0])))
        refused = await cleo.until(P.Refused)
        public = table.log_lines(None)
        await service.stop()
        return seated, update, refused, public, table

    seated, update, refused, public, table = run(scenario())
    assert seated.seat is None and update.view is None
    assert update.log == public
    assert update.log != table.log_lines(0)  # Ann's own log names the card she drew; the public one does not
    assert "spectators do not move" in refused.reason


# ------------------------------------------------------------ issue 19: limits, restarts


def test_tables_are_limited_per_player_and_in_all_and_the_refusal_says_so(tmp_path):
    async def scenario():
        service = TableService(tmp_path, bot_delay=0, max_tables=3, tables_per_player=2)
        await service.start()
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        bob = await RawClient.connect(service.socket_path, "key:bob", "Bob")
        answers = []
        for client in (ann, ann, ann, bob, bob):
            await client.send(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("normal")]))
            answers.append(await client.until(P.Refused | P.Seated))
            await client.send(P.Leave())
        count = len(service.tables)
        await service.stop()
        return answers, count

    answers, count = run(scenario())
    assert count == 3
    assert [type(a).__name__ for a in answers] == ["Seated", "Seated", "Refused", "Seated", "Refused"]
    assert "as many as this server allows each player" in answers[2].reason
    assert "This server has 3 tables going" in answers[4].reason


def test_the_lobby_fits_in_a_frame_whatever_the_number_of_tables_and_lists_yours_first(tmp_path, monkeypatch):
    monkeypatch.setattr(service_module, "LOBBY_LIMIT", 20)  # the same with 200 and more tables, only slower

    async def scenario():
        service = TableService(tmp_path, bot_delay=0, max_tables=10_000, tables_per_player=10_000)
        await service.start()
        flood = await RawClient.connect(service.socket_path, "guest:flood", "Mallory")
        six = [P.SeatChoice("open")] * 5 + [P.SeatChoice("normal")]
        for _ in range(service_module.LOBBY_LIMIT + 60):
            await flood.send(P.CreateTable("passaportas", six))
        await flood.send(P.ListTables())
        await flood.until(P.Lobby, timeout=60, check=lambda m: m.more == 60)
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        await ann.until(P.Lobby)
        await ann.send(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("open")]))
        await ann.until(P.Seated)
        await ann.send(P.Leave())
        lobby = await ann.until(P.Lobby)
        size = len(ann.received[-1])
        await service.stop()
        return lobby, size

    lobby, size = run(scenario())
    assert len(lobby.tables) == 20 and lobby.more == 61
    assert any(s.mine for s in lobby.tables[0].seats)
    assert size < P.MAX_FRAME


def test_the_largest_lobby_fits_in_a_frame():
    seat = P.SeatInfo("Ω" * 16, "player", True, True)
    table = P.TableInfo("autosave-connecting-flights-coop-20261202-064541-99", "connecting-flights-coop", "Connecting Flights (cooperative)", [seat] * 6, "round 12, turn 99, set-up")
    assert len(P.frame(P.Lobby([table] * LOBBY_LIMIT, more=10**9))) < P.MAX_FRAME


def test_a_message_too_large_to_send_is_refused_and_the_player_stays(tmp_path, monkeypatch):
    async def scenario():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        await ann.until(P.Lobby)
        for _ in range(3):
            await ann.send(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("normal")]))
            await ann.until(P.Seated)
            await ann.send(P.Leave())
        await ann.until(P.Lobby, check=lambda m: len(m.tables) == 3)
        monkeypatch.setattr(P, "MAX_FRAME", len(ann.received[-1]) - 1)  # the lobby no longer fits
        await ann.send(P.ListTables())
        refused = await ann.until(P.Refused)
        monkeypatch.undo()
        await ann.send(P.ListTables())
        lobby = await ann.until(P.Lobby)
        await service.stop()
        return refused, lobby

    refused, lobby = run(scenario())
    assert "too large" in refused.reason
    assert len(lobby.tables) == 3


def test_a_restarted_service_gives_a_seat_nobody_came_back_to_its_stand_in_after_the_wait(tmp_path):
    async def first():
        service, _, _, table_id = await _two_at_a_flight_table(tmp_path, bot_after=1)
        await service.stop()
        return table_id

    async def second(table_id):
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        await ann.send(P.TakeSeat(table_id, 0))
        update = await ann.until(P.Update, timeout=20, check=lambda u: "Bob" in u.bots_for)
        await service.stop()
        return update

    update = run(second(run(first())))
    assert update.bots_for == ["Bob"] and not update.waiting


def test_a_save_left_by_a_kill_while_a_table_was_opened_is_removed_and_a_table_without_its_save_forgotten(tmp_path):
    async def first():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        for _ in range(2):
            await ann.send(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("normal")]))
            await ann.until(P.Seated)
        ids = list(service.tables)
        await service.stop()
        return ids

    async def second():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        ids = list(service.tables)
        await service.stop()
        return ids

    kept, orphan = run(first())
    metas = msgspec.json.decode((tmp_path / "tables.json").read_bytes())
    del metas[orphan]  # killed after the save, before tables.json was written
    metas["autosave-flight-gone"] = metas[kept]  # and a table whose save never came
    (tmp_path / "tables.json").write_bytes(msgspec.json.encode(metas))
    assert run(second()) == [kept]
    assert not list((tmp_path / "saves").glob(f"{orphan}*"))
    assert set(msgspec.json.decode((tmp_path / "tables.json").read_bytes())) == {kept}


def test_a_finished_table_is_kept_in_the_servers_history(tmp_path):
    from flight_tui.history import HistoryStore
    from flight_tui.paths import HISTORY_FOLDER

    async def scenario():
        service = TableService(tmp_path, bot_delay=0)
        await service.start()
        ann = await RawClient.connect(service.socket_path, "key:ann", "Ann")
        await ann.send(P.CreateTable("connecting-flights-coop", [P.SeatChoice("me"), P.SeatChoice("random")], bot_after=1))
        seated = await ann.until(P.Seated)
        await ann.close()  # a stand-in bot plays Ann's seat to the end
        served = service.tables[seated.table]
        deadline = time.monotonic() + PATIENCE
        while not served.table.is_over() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await service.stop()
        return served.table

    table = run(scenario())
    assert table.is_over()
    [record] = HistoryStore(tmp_path / HISTORY_FOLDER).read().records
    assert record.game == "connecting-flights-coop" and record.moves == len(table.actions)
    assert [seat.name for seat in record.seats] == ["Ann", "Bob"]
