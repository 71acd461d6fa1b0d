"""Shared test set-up: every test gets its own empty data and config folders."""

from __future__ import annotations

import os
import sys

import pytest

# The tests start many Python processes (the app in a terminal, the server, the command line):
# compiled modules are kept for them, even where the environment turns that off, so that each
# process does not compile the whole program again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: three workers per core this run may use. Many tests spend much of their time
    waiting for a terminal, a server or a subprocess; the other workers keep the core busy, and on
    a machine busy with other work more workers get more of its time (the whole suite on two
    cores beside two busy processes: 256 s with two workers per core, 214 and 222 s with three;
    on the two cores alone 171 s and 149 s)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 3 * cores


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FLIGHT_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FLIGHT_TUI_CONFIG_DIR", str(tmp_path / "config"))
    from flight_tui import paths

    paths.set_data_dir(None)
    yield
    paths.set_data_dir(None)
