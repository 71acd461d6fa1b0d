"""Pictures of the Flight table, the hand-off, the board at the end of a hand and the end screens
at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from flight_harness import TableApp, make_table, play_until
from game_harness import wait_until

from flight_tui.games.flight.rules.state import PLAY
from flight_tui.games.flight.ui.end_screens import HandEndScreen, LandingScreen, MatchEndScreen
from flight_tui.ui.widgets.handoff import HandOffScreen

SIZES = [(80, 24), (120, 40)]


def wait_for(screen_type):
    """A ``run_before`` that lets the bots play until ``screen_type`` is on top (going on from
    the board at the end of a hand, unless that is the screen wanted)."""

    async def run_before(pilot) -> None:
        wanted = (screen_type, LandingScreen)
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, wanted))
        while not isinstance(pilot.app.screen, screen_type):
            await pilot.press("enter")  # on from the board at the end of a hand
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, wanted) and pilot.app.screen.is_current)

    return run_before


def mid_hand_table():
    """Ann's turn in the middle of hand 1 (after her draw): flights under way, obstacles, a log."""
    table = make_table("human:Ann,normal:Bob,normal:Cleo", seed=4)
    play_until(table, lambda t: t.view(0).turn_no >= 22 and t.to_act() == (0,) and t.view(0).phase == PLAY, seed=4)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_mid_hand(snap_compare, size):
    assert snap_compare(TableApp(mid_hand_table()), terminal_size=size, press=["right"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hand_off(snap_compare, size):
    app = TableApp(make_table("human:Ann,human:Bob,easy:Cleo", seed=3))
    assert snap_compare(app, terminal_size=size, run_before=wait_for(HandOffScreen))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_at_the_end_of_a_hand(snap_compare, size):
    """A bot lays the Safe Landing: the board as it left it, the landing marked, the last moves."""
    table = make_table("random:Ann,random:Bob,random:Cleo", seed=5)
    play_until(table, lambda t: len(t.view(0).hand_results) == 2, seed=5)
    assert snap_compare(TableApp(table), terminal_size=size, run_before=wait_for(LandingScreen))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_end_of_hand(snap_compare, size):
    """Hands 1 and 2 were played before; the bots play hand 3 on screen."""
    table = make_table("random:Ann,random:Bob,random:Cleo", seed=5)
    play_until(table, lambda t: len(t.view(0).hand_results) == 2, seed=5)
    assert snap_compare(TableApp(table), terminal_size=size, run_before=wait_for(HandEndScreen))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_end_of_match(snap_compare, size):
    table = make_table("random:Ann,random:Bob,random:Cleo,random:Dev", seed=8, hands=3)
    play_until(table, lambda t: len(t.view(0).hand_results) == 2, seed=8)
    assert snap_compare(TableApp(table), terminal_size=size, run_before=wait_for(MatchEndScreen))
