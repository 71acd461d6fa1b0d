"""The engine, rules, table, bots and saves packages never pull in the UI libraries."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

PURE_PACKAGES = [
    "flight_tui.engine",
    "flight_tui.games",
    "flight_tui.games.flight.rules",
    "flight_tui.games.flight.bots.hard",
    "flight_tui.games.passaportas.rules",
    "flight_tui.games.passaportas.bots.hard",
    "flight_tui.games.connecting_flights.core.flights",
    "flight_tui.games.connecting_flights.coop.rules",
    "flight_tui.games.connecting_flights.coop.bots.planner",
    "flight_tui.table",
    "flight_tui.table.driver",
    "flight_tui.bots",
    "flight_tui.saves",
]
OPTIONAL = {"flight_tui.saves"}

CHECK = """
import importlib, json, sys
importlib.import_module(sys.argv[1])
print(json.dumps(sorted(m for m in ("textual", "rich") if m in sys.modules)))
"""


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_import_does_not_load_textual_or_rich(package):
    if package in OPTIONAL and importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} does not exist yet")
    done = subprocess.run([sys.executable, "-c", CHECK, package], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_the_check_would_see_textual():
    """The subprocess check itself works: importing Textual is noticed."""
    done = subprocess.run([sys.executable, "-c", CHECK, "textual.app"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "textual" in json.loads(done.stdout)
