"""Pictures of the Passaportas board and hand at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from game_harness import wait_for_hint
from passaportas_harness import PassaportasApp, make_table, play_until

from flight_tui.games.passaportas.rules.state import FUEL

SIZES = [(80, 24), (120, 40)]


def round_four_table():
    """Ann's turn in round 4 of a four-player game: groups on board, some waiting."""
    table = make_table(seed=5)
    play_until(table, lambda t: t.view(0).round_no >= 4 and t.to_act() == (0,) and t.view(0).phase == FUEL, seed=5)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_after_a_roll(snap_compare, size):
    """The dice, the fuel gauge, the cities in reach (◆) and the fuel to the one under the cursor."""
    assert snap_compare(PassaportasApp(round_four_table()), terminal_size=size, press=["r", "down"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hand(snap_compare, size):
    assert snap_compare(PassaportasApp(round_four_table()), terminal_size=size, press=["tab"])


def test_hand_off_in_the_app(snap_compare):
    """Two people at one keyboard, started as ``flight-tui new`` does: the hand-off is framed and centred."""
    from flight_tui.ui.app import FlightTuiApp

    app = FlightTuiApp(table=make_table("human:Ann,human:Bob", seed=4))
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_list_of_flights_after_the_wild_token(snap_compare, size):
    """The board as the list (80 columns: by itself; wider: after ``m``): the cities in reach (◆)
    with the exact amounts that reach them, each city's leg and least fuel, who gets off or boards."""
    keys = ["r", "w", "down"] if size[0] < 110 else ["m", "r", "w", "down"]
    assert snap_compare(PassaportasApp(round_four_table()), terminal_size=size, press=keys)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_fuel_dialog_after_a_hint(snap_compare, size):
    """The hint bot would fly to Beirut burning 8,000 l: the dialog, at the top of the screen
    (notices stand at the bottom right), starts on 8,000."""
    from flight_tui.games.passaportas.ui.presentation import may_roll

    table = make_table("human,normal,normal", seed=4)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == FUEL and t.view(0).turn.rolls and not may_roll(t.view(0)), seed=4)

    async def hint_then_fly(pilot):
        await pilot.press("t")
        await wait_for_hint(pilot)
        await pilot.press("enter")

    assert snap_compare(PassaportasApp(table), terminal_size=size, run_before=hint_then_fly)
