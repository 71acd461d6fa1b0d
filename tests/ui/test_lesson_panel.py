"""Where the lesson's panel goes: beside its target, never over it or the footer line."""

from __future__ import annotations

import pytest
from textual.geometry import Region, Size

from flight_tui.ui.widgets.lesson_panel import place

SCREEN = Size(80, 24)
PANEL = Size(46, 7)


@pytest.mark.parametrize(
    "target, arrow",
    [
        (Region(0, 1, 80, 5), "↑"),  # wide, at the top: below it
        (Region(0, 16, 80, 5), "↓"),  # wide, at the bottom: above it
        (Region(50, 6, 30, 10), "→"),  # narrow, on the right: to its left
        (Region(0, 6, 30, 10), "←"),  # narrow, on the left: to its right
    ],
)
def test_the_panel_goes_beside_its_target(target, arrow):
    where = place(target, PANEL, SCREEN)
    panel = Region(where.offset.x, where.offset.y, *PANEL)
    assert where.arrow == arrow
    assert not panel.overlaps(target)
    assert panel.x >= 0 and panel.right <= SCREEN.width and panel.y >= 0 and panel.bottom <= SCREEN.height - 1


def test_without_a_target_or_room_it_goes_in_the_middle():
    assert place(None, PANEL, SCREEN).arrow == ""
    everything = Region(0, 0, 80, 23)
    where = place(everything, PANEL, SCREEN)
    assert where.arrow == "" and where.offset.x == (80 - 46) // 2
