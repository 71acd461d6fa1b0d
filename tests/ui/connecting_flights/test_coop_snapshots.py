"""Pictures of the Connecting Flights table's Board, Marketplace and Fly views at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from coop_harness import CoopApp, make_table, market_after_purchases, play_until, take_suggested_starts

SIZES = [(80, 24), (120, 40)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


def round_two_market():
    """Ann alone, round 2's Marketplace after a random round 1: owners, meeples moved, a summary."""
    table = make_table("human:Ann", seed=3)
    take_suggested_starts(table)
    play_until(table, lambda t: t.view(0).round == 2, seed=3)
    return table


def first_fly_phase():
    """Ann and a partner in round 1's Fly phase, Ann's go: two declared flights."""
    table = make_table("human:Ann,human:Bob", seed=7)
    take_suggested_starts(table)
    while table.view(0).phase == "market":
        table.submit(table.to_act()[0], table.rules.legal_actions_from_view(table.view(table.to_act()[0]))[-1])
    return table


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_board(snap_compare, size):
    assert snap_compare(CoopApp(round_two_market()), terminal_size=size, press=["1"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_marketplace(snap_compare, size):
    assert snap_compare(CoopApp(round_two_market()), terminal_size=size, press=["3", "down", "down"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_fly(snap_compare, size):
    async def run_before(pilot) -> None:
        await pilot.press("enter")  # past the hand-off to Ann
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()

    assert snap_compare(CoopApp(first_fly_phase()), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_marketplace_with_the_rounds_purchases(snap_compare, size):
    assert snap_compare(CoopApp(market_after_purchases()), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_round_summary(snap_compare, size):
    table = make_table("human:Ann", seed=7)
    take_suggested_starts(table)
    play_until(table, lambda t: t.view(0).phase == "fly")
    assert snap_compare(CoopApp(table), terminal_size=size, press=["p"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_end_screen(snap_compare, size):
    table = make_table("human:Ann", seed=4)
    take_suggested_starts(table)
    play_until(table, lambda t: t.is_over(), limit=20000)
    assert snap_compare(CoopApp(table), terminal_size=size)
