"""A game that lives only in the tests (``nim/``) is played by the shared parts, unchanged:
registered, simulated, saved and loaded, and started from the New game screen."""

from __future__ import annotations

import asyncio
import time

import pytest
from nim.rules import NIM, Take
from nim.spec import SPEC
from nim.ui import NimTableScreen
from patience import PATIENCE

from flight_tui import games
from flight_tui.cli import main
from flight_tui.engine.protocol import Rules
from flight_tui.saves import SaveStore
from flight_tui.simulate import simulate
from flight_tui.table import SeatSpec, Table
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.forms import Choice

SEATS = [SeatSpec("human", "Ann"), SeatSpec("normal", "Bob")]


@pytest.fixture(autouse=True)
def nim_registered():
    games.register(SPEC)
    yield
    games.unregister(SPEC.name)


def test_nim_has_every_part_of_the_rules_protocol():
    members = set(Rules.__annotations__) | {name for name in vars(Rules) if not name.startswith("_")}
    assert {name for name in members if not hasattr(NIM, name)} == set()
    assert games.get_rules("nim") is NIM and "nim" in games.game_names()


def test_unregistering_takes_nim_back():
    games.unregister("nim")
    assert "nim" not in games.game_names()
    with pytest.raises(KeyError):
        games.get_spec("nim")


def test_simulate_plays_nim_between_bots():
    report = simulate("nim", [SeatSpec("normal", "Ann"), SeatSpec("random", "Bob")], 10, seed=3, workers=1)
    assert report.games == 10
    normal, random = report.seats
    assert normal.wins + random.wins == 10
    assert normal.wins == 10, "from 3-4-5 the nim-sum player wins whoever starts"
    assert set(report.endings.by_how) == {"last-take"}


def test_the_command_line_simulates_nim_and_refuses_a_level_it_lacks(capsys):
    assert main(["simulate", "nim", "--games", "4", "--workers", "1", "--json"]) == 0
    assert '"game":"nim"' in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit:
        main(["simulate", "nim", "--seats", "easy,normal", "--games", "1"])
    assert exit.value.code == 2
    assert "Nim has no easy bot (its bots: random, normal)" in capsys.readouterr().err


def test_a_saved_game_of_nim_loads_as_it_was_and_plays_on(tmp_path):
    table = Table(NIM, NIM.make_config(2, {"heaps": "1-3-5-7"}), 7, SEATS)
    table.submit(0, Take(3, 2))
    table.submit(1, Take(0, 1))
    store = SaveStore(tmp_path)
    store.save("nim game", table)
    entry = next(entry for entry in store.list_saves() if entry.slot == "nim game")
    assert entry.progress == "turn 3, 13 counters left"
    loaded = store.load("nim game")
    assert loaded.rules is NIM and loaded.state == table.state and loaded.actions == table.actions
    assert loaded.log_lines(0) == ["You took 2 from heap 4.", "Bob took 1 from heap 1."]
    loaded.submit(0, Take(1, 3))
    assert loaded.view(1).heaps == [0, 0, 5, 5]


def test_new_game_offers_a_games_own_bot_levels():
    async def run() -> None:
        app = FlightTuiApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            second_seat = app.screen.query_one("#kind-1", Choice)
            second_seat.value = "hard"
            await pilot.press("left")  # Nim: no Hard bot, so the seat takes Nim's strongest
            assert (second_seat.value, second_seat.label) == ("normal", "Normal bot")
            await pilot.press("right")  # back to the first game, which has every level
            assert [value for _, value in second_seat.options] == ["human", "random", "easy", "normal", "hard"]
            assert second_seat.value == "normal"

    asyncio.run(run())


def test_new_game_starts_nim_and_a_key_takes_counters():
    async def run() -> None:
        app = FlightTuiApp()
        app.settings.bot_delay = 0
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await pilot.press("left")  # the game choice: from the first game back to the last, Nim
            second_seat = app.screen.query_one("#kind-1", Choice)
            assert [value for _, value in second_seat.options] == ["human", "random", "normal"]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NimTableScreen)
            table = app.screen.table
            assert table.rules is NIM and [seat.kind for seat in table.seats] == ["human", "normal"]
            await pilot.press("right", "right", "3")  # heap 3 (of 3, 4, 5): take 3
            deadline = time.monotonic() + PATIENCE
            while len(table.actions) < 2 and time.monotonic() < deadline:
                await pilot.pause(0.02)
            assert table.actions[0] == (0, Take(2, 3))
            assert len(table.actions) == 2, "Bob's bot answered"
            assert table.to_act() == (0,)

    asyncio.run(run())
