"""Pictures of the Hand panel at 80x24 and 120x40: a valid chain, and a flight breaking rules."""

from __future__ import annotations

import pytest
from hand_harness import HandApp

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

TWO_CHAINS = [
    # chain 1: New York -> London -> Tokyo, valid
    "enter", "enter", "enter", "enter", "down", "enter",
    "down", "enter", "enter", "down", "enter", "e",
    # chain 2: New York (second card), 1-star plane, 1-fuel truck, 2-star passenger: rule 1 broken
    "enter", "enter", "enter", "enter",
]  # fmt: skip


@pytest.mark.parametrize("size", SIZES)
def test_hand_two_chains_one_breaking_a_rule(snap_compare, size):
    assert snap_compare(HandApp(), terminal_size=size, press=TWO_CHAINS)
