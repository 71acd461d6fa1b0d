"""Notices on the Passaportas table: one of each at a time, and nothing left when they expire."""

from __future__ import annotations

from game_harness import wait_for_workers, wait_until
from passaportas_harness import make_table, run_async
from terminal_mirror import differences, full_repaint, mirror_terminal
from textual.widgets._toast import Toast

from flight_tui.games.passaportas.ui.table_screen import PassaportasTableScreen
from flight_tui.ui.app import FlightTuiApp


@run_async
async def test_keys_pressed_in_the_bots_turn_leave_one_notice_and_no_leftovers_at_80x24():
    """The steps of the report: roll, hint, fly, Enter and six hints in the bots' turn; then
    every notice expires, and the terminal equals a full repaint of the screen."""
    app = FlightTuiApp(table=make_table("human,normal,normal", seed=3))
    app.settings.bot_delay = 600  # the bots wait: the keys below come in their turn
    terminal = mirror_terminal(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        await pilot.press("r", "t")
        await wait_for_workers(pilot)
        await pilot.press("enter", "enter", *"tttttt")
        await pilot.pause()
        notices = [str(n.message) for n in app._notifications]
        assert notices.count("Hints are for your own move.") == 1, notices
        for toast in list(app.screen.query(Toast)):
            toast._expire()  # what the notice's timer does when its time is up
            await pilot.pause()
        assert not app.screen.query(Toast)
        left = differences(terminal, full_repaint(app))
        assert not left, "\n".join(left)


@run_async
async def test_after_a_turn_of_keys_and_the_bots_moves_the_terminal_equals_a_full_repaint():
    """Cursor moves along the list of flights (which scrolls), the map and back, the hand,
    a hint, a flight and the bots' turns: at each step the terminal equals a full repaint."""
    from passaportas_harness import play_until

    from flight_tui.games.passaportas.rules.state import FUEL

    table = make_table(seed=5)
    play_until(table, lambda t: t.view(0).round_no >= 4 and t.to_act() == (0,) and t.view(0).phase == FUEL, seed=5)
    app = FlightTuiApp(table=table)
    app.settings.bot_delay = 0
    terminal = mirror_terminal(app)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        steps = [["r", "w"], ["down"] * 14, ["up"] * 3, ["m"], ["down", "down"], ["m"], ["tab"], ["tab"], ["t"], ["enter"]]
        for keys in steps:
            await pilot.press(*keys)
            await wait_for_workers(pilot)
            left = differences(terminal, full_repaint(app))
            assert not left, f"after {keys}:\n" + "\n".join(left)
        if not isinstance(app.screen, PassaportasTableScreen):
            await pilot.press("enter")  # the fuel dialog: the amount it starts on
        await wait_until(pilot, lambda: table.to_act() == (0,) and table.view(0).round_no >= 5)
        await pilot.pause()
        left = differences(terminal, full_repaint(app))
        assert not left, "after the bots' turns:\n" + "\n".join(left)
