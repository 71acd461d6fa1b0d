"""Notices over a game's table, through the real app: a notice hides the screen beneath it out to
the screen's right edge, so no word of the table shows beside a hint's words."""

from __future__ import annotations

from game_harness import screen_lines, wait_until
from shell_helpers import new_table, run_async

from flight_tui.games.flight.ui.table_screen import FlightTableScreen
from flight_tui.ui.app import FlightTuiApp


@run_async
async def test_a_notice_hides_the_table_out_to_the_right_edge_of_the_screen():
    app = FlightTuiApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.open_table(new_table(seats=("human", "normal")))  # Ann plays first: nothing moves meanwhile
        await wait_until(pilot, lambda: isinstance(app.screen, FlightTableScreen))
        beneath = screen_lines(app)
        app.notify(" ".join(["word"] * 60), title="Hint", markup=False)
        await wait_until(pilot, lambda: any("word" in line for line in screen_lines(app)))
        shown = screen_lines(app)
        covered = [row for row, line in enumerate(shown) if "word" in line or "Hint" in line]
        assert any(beneath[row][-2:].strip() for row in covered)  # the table has text at the edge there
        assert all(not shown[row][-2:].strip() for row in covered), [shown[row] for row in covered]
