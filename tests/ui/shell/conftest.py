"""Fixtures for the app shell tests: fixed time zone, example saves, a stand-in table screen."""

from __future__ import annotations

import os
import shutil
import sys
import time
import types
from pathlib import Path

import pytest
from shell_helpers import BROKEN_SLOT, EXAMPLE_SAVE, FIXED_TIME, GOOD_SLOT, StubTableScreen, saves_dir


@pytest.fixture
def utc():
    """Show local times as UTC, so dates on screen do not depend on the machine."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if old is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = old
    time.tzset()


@pytest.fixture
def two_saves(utc) -> tuple[Path, Path]:
    """One good save (the repository's example) and one broken (truncated) save."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = folder / f"{GOOD_SLOT}.json"
    shutil.copyfile(EXAMPLE_SAVE, good)
    broken = folder / f"{BROKEN_SLOT}.json"
    broken.write_bytes(EXAMPLE_SAVE.read_bytes()[:120])
    os.utime(broken, (FIXED_TIME, FIXED_TIME))
    return good, broken


@pytest.fixture
def stub_table_screen(monkeypatch) -> type[StubTableScreen]:
    """Make ``open_table`` show the stub instead of the real table screen."""
    module = types.ModuleType("flight_tui.games.flight.ui.table_screen")
    module.FlightTableScreen = StubTableScreen
    monkeypatch.setitem(sys.modules, "flight_tui.games.flight.ui.table_screen", module)
    return StubTableScreen
