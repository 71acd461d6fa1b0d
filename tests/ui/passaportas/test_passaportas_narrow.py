"""Passaportas at 80 columns (issue 18): the board as a list of flights, and a status line that fits."""

from __future__ import annotations

from game_harness import screen_lines, wait_until
from passaportas_harness import PassaportasApp, make_table, play_until, run_async

from flight_tui.bots import make_bot
from flight_tui.games.passaportas.rules.map import MAX_FUEL
from flight_tui.games.passaportas.rules.state import FUEL, Fly
from flight_tui.games.passaportas.ui.flight_list import FlightList
from flight_tui.games.passaportas.ui.map_canvas import label_text
from flight_tui.games.passaportas.ui.presentation import flight_rows, roll_needed
from flight_tui.games.passaportas.ui.table_screen import PassaportasTableScreen
from flight_tui.games.passaportas.ui.widgets import MapPanel, StatusBar


def round_four_table():
    """Ann's turn in round 4 of a four-player game, before her roll (the plane in Rome)."""
    table = make_table(seed=5)
    play_until(table, lambda t: t.view(0).round_no >= 4 and t.to_act() == (0,) and t.view(0).phase == FUEL, seed=5)
    return table


def test_the_rows_give_each_citys_leg_and_least_fuel_and_the_amounts_the_tank_reaches_it_with():
    table = round_four_table()
    view = table.view(0)
    game_map = table.rules.map_of(table.config)
    rows = flight_rows(view, game_map)
    assert sorted(row.city for row in rows) == list(range(game_map.size))
    assert rows[0].city == view.plane and rows[0].least == 0
    legs = dict(game_map.neighbours(view.plane))
    assert [row.city for row in rows[1 : 1 + len(legs)]] == sorted(legs, key=lambda c: (legs[c], game_map.name(c)))
    full_tank = game_map.destinations(view.plane, MAX_FUEL)
    for row in rows[1:]:
        assert row.leg == legs.get(row.city)
        assert row.least == (full_tank[row.city][0] if row.city in full_tank else None)
        assert row.amounts == game_map.destinations(view.plane, view.fuel).get(row.city, ())
    assert roll_needed(view, 4) == 4 - view.fuel and roll_needed(view, 30) is None


@run_async
async def test_at_80x24_the_board_is_the_list_of_flights_and_enter_flies_to_the_row_under_the_cursor():
    table = round_four_table()
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PassaportasTableScreen)
        flights = screen.query_one(FlightList)
        assert flights.display and not screen.query_one(MapPanel).display
        text = "\n".join(screen_lines(app))
        assert "Flights from Rome" in text and "roll 4+" in text  # before the roll: the dice that reach Athens
        await pilot.press("r", "w")  # 3,000 l reach nothing: the wild token adds 10,000
        view = table.view(0)
        reach = table.rules.map_of(table.config).destinations(view.plane, view.fuel)
        assert len(reach) > 3
        await pilot.press("down")
        city = flights.cursor
        assert city in reach and city == screen.map_panel.cursor
        row = next(line for line in screen_lines(app) if f"◆ {table.rules.map_of(table.config).name(city)}" in line)
        assert " ".join(str(a) for a in reach[city])[:8] in row  # the amounts stand on the city's row
        await pilot.press("m")  # the map instead, and back
        assert screen.query_one(MapPanel).display and not flights.display
        await pilot.press("m")
        assert flights.display
        before = len(table.actions)
        await pilot.press("enter")
        if len(reach[city]) > 1:
            await pilot.press("enter")  # the first amount in the dialog
        assert table.actions[before] == (0, Fly(city, reach[city][0]))


@run_async
async def test_at_120x40_the_board_is_the_map():
    app = PassaportasApp(round_four_table())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(MapPanel).display and not app.screen.query_one(FlightList).display
        assert label_text(app.screen.game_map, 0, True) in "\n".join(screen_lines(app))


@run_async
async def test_the_status_line_fits_80_columns_all_game_long():
    """Every position of a game between Normal bots, each seen by the players in turn (every
    player sees a quarter of them): nothing is cut."""
    table = make_table("human,normal,normal,normal", seed=8)
    bots = [make_bot("passaportas", "normal", seat) for seat in range(4)]
    app = PassaportasApp(table, bot_delay=600)  # the bots below move, not the screen's
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = screen.query_one(StatusBar)
        seen = 0
        while not table.is_over() and seen < 400:
            seat = table.to_act()[0]
            table.submit(seat, bots[seat].choose(table.view(seat)))
            screen.viewer = seen % 4
            screen._refresh_table()
            line = status.render()
            assert line.cell_len <= 80 and "…" not in line.plain, line.plain
            seen += 1
        assert seen > 50


@run_async
async def test_the_plane_panel_says_where_each_other_player_flew_since_your_move():
    """Issue 18: what the others did since your last move, at a glance: ``→LON`` beside each
    player who flew, ``stay`` beside one who stayed."""
    from flight_tui.games.passaportas.rules.state import Flew, StayedPut
    from flight_tui.games.passaportas.ui.widgets import PlanePanel

    table = make_table("human,normal,normal", seed=3)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "s")  # Ann stays; both bots move
        await wait_until(pilot, lambda: table.to_act() == (0,))
        if table.view(0).phase != FUEL:
            await pilot.press("p")  # Ann holds the customs card for Cleo's landing: she passes
            await wait_until(pilot, lambda: table.to_act() == (0,) and table.view(0).phase == FUEL)
        view = table.view(0)
        mine = max(i for i, e in enumerate(view.log) if isinstance(e, StayedPut) and e.seat == 0)
        moves = {e.seat: e for e in view.log[mine:] if isinstance(e, (Flew, StayedPut)) and e.seat != 0}
        assert sorted(moves) == [1, 2]
        rows = [line for line in screen_lines(app) if "│" in line]
        panel = "\n".join(line.split("│")[-1] for line in rows)
        for seat, move in moves.items():
            name = table.names[seat]
            shown = "stay" if isinstance(move, StayedPut) else "→" + app.screen.game_map.code(move.route[-1])
            row = next(line for line in panel.splitlines() if f" {'ABC'[seat]} {name}" in line)
            assert shown in row, row
        ann = next(line for line in panel.splitlines() if "A*Ann" in line)
        assert "→" not in ann and "stay" not in ann
        assert app.screen.query_one(PlanePanel).display


@run_async
async def test_the_whole_log_opens_at_its_latest_line():
    app = PassaportasApp(round_four_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        left = [line.split("│")[0] for line in screen_lines(app)[2:21]]
        assert "Round 4: You are in turn." in left[-1], left
