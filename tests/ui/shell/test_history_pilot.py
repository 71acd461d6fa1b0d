"""The history through the real app: a game played to its end is kept once, listed on the
History screen (filtered by game, with each player's standing), replayed, charted; a damaged
history is a message, and the other games stay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timezone

from finished_games import finished_game
from game_harness import wait_until
from shell_helpers import messages, run_async
from textual.widgets import OptionList

from flight_tui import paths
from flight_tui.history import HistoryStore
from flight_tui.history.store import INDEX
from flight_tui.table import Table
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.chart import ChartScreen
from flight_tui.ui.screens.history import HistoryScreen

ENDED = datetime(2026, 2, 1, 18, 30, tzinfo=timezone.utc)


def one_move_from_the_end(game: str, seed: int = 1) -> tuple[Table, tuple[int, object]]:
    """A game whose next move (returned) ends it: it began as ``finished_game`` did."""
    done = finished_game(game, seed)
    table = Table(done.rules, done.config, done.seed, done.seats, actions=done.actions[:-1])
    table.state = table.replay()
    table.save_identity.created = done.save_identity.created
    return table, done.actions[-1]


async def open_history(pilot) -> HistoryScreen:
    pilot.app.action_history()
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen) and pilot.app.screen.read)
    return pilot.app.screen


@run_async
async def test_a_game_played_to_its_end_is_kept_once_and_listed():
    table, (seat, last) = one_move_from_the_end("connecting-flights", 2)
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(table)
        if seat == 0:
            table.submit(seat, last)  # the person's last move, as the table screen sends it
        # else the bot in that seat makes the last move on the table screen
        await wait_until(pilot, lambda: len(HistoryStore().read().records) == 1)
        app.open_table(table)  # the finished game opened again (as a finished save is)
        await pilot.pause()
        assert len(HistoryStore().read().records) == 1
        history = await open_history(pilot)
        assert [r.id for r in history.shown] == [HistoryStore().read().records[0].id]
        games = history.query_one("#history-games", OptionList)
        assert "Connecting Flights (competitive)" in str(games.get_option_at_index(0).prompt)
        detail = str(history.query_one("#history-detail").render())  # how it ended, under the list
        assert detail.startswith(table.result().summary.rstrip(".")) and f"{len(table.actions)} moves." in detail
    done = subprocess.run(
        [sys.executable, "-m", "flight_tui", "history", "--json"],
        capture_output=True, text=True, timeout=60, env={**os.environ, "FLIGHT_TUI_DATA_DIR": str(paths.data_dir())},
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [g["game"] for g in report["games"]] == ["connecting-flights"]
    assert report["games"][0]["scores"] == table.result().scores
    assert {p["player"] for p in report["players"]} == {"Ann", "Bob (Normal bot)", "Cleo (Normal bot)"}


def _fill_history(*games: str) -> list[str]:
    store = HistoryStore()
    return [store.add(finished_game(game, seed), finished=ENDED.replace(minute=seed)).id for seed, game in enumerate(games, 1)]


@run_async
async def test_the_filter_shows_one_game_then_all_and_the_players_their_standing():
    _fill_history("flight", "connecting-flights-coop", "flight")
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot)
        assert len(history.shown) == 3
        first = str(history.query_one("#history-detail").render())
        await pilot.press("down")  # the detail follows the highlighted game
        await pilot.pause()
        assert str(history.query_one("#history-detail").render()).startswith(history.shown[1].summary.rstrip("."))
        assert first.startswith(history.shown[0].summary.rstrip("."))
        await pilot.press("f")
        assert {r.game for r in history.shown} == {"connecting-flights-coop"}
        await pilot.press("f")
        assert {r.game for r in history.shown} == {"flight"} and len(history.shown) == 2
        await pilot.press("p")
        table = str(history.query_one("#history-table").render())
        assert "Flight (score: points)" in table and "Bob (Hard bot)" in table and "Connecting" not in table
        await pilot.press("f")
        assert len(history.shown) == 3


@run_async
async def test_a_damaged_history_is_a_message_and_the_other_games_stay():
    ids = _fill_history("connecting-flights-coop", "connecting-flights-coop", "connecting-flights-coop")
    folder = paths.history_dir()
    lines = (folder / INDEX).read_bytes().split(b"\n")
    lines[0] = b"garbage" + lines[0][7:]
    (folder / INDEX).write_bytes(b"\n".join(lines))
    HistoryStore().game_path(ids[0]).unlink()  # that game cannot be listed again from its file
    HistoryStore().game_path(ids[1]).write_bytes(b"\x1f\x8b damaged")
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot)
        assert [r.id for r in history.shown] == [ids[2], ids[1]]
        assert any("damaged" in m and "line 1" in m and "every other game is kept" in m for m in messages(app))
        await pilot.press("down", "c")  # the second game's file is damaged: it says so
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert any("damaged" in m and "gzip" in m for m in messages(app))


@run_async
async def test_r_and_enter_replay_the_highlighted_game_from_its_deal():
    _fill_history("passaportas")
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        history = app.screen
        for key in ("r", "enter"):
            await pilot.press(key)
            await wait_until(pilot, lambda: getattr(app.screen, "replay", None) is not None)
            replay = app.screen.replay
            assert replay.position == 0 and replay.actions == finished_game("passaportas", 1).actions
            assert app.screen.title.startswith("Passaportas, ")
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is history)


@run_async
async def test_the_chart_of_a_game_from_the_history():
    _fill_history("connecting-flights")
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_history(pilot)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ChartScreen))
        text = "\n".join("".join(s.text for s in line) for line in app.screen._compositor.render_strips())
        assert "Coins at the end of each round" in text and "Income of each round" in text
        for marker, name in zip("●■▲", ("Ann", "Bob", "Cleo")):
            assert f"{marker} {name}" in text  # each player's marker in the legend
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


@run_async
async def test_the_menu_opens_the_history():
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await wait_until(pilot, lambda: "No finished games yet" in str(app.screen.query_one("#history-table").render()))
