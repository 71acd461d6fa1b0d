"""Shared test set-up: every test gets its own empty data and config folders."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("FLIGHT_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FLIGHT_TUI_CONFIG_DIR", str(tmp_path / "config"))
    from flight_tui import paths

    paths.set_data_dir(None)
    yield
    paths.set_data_dir(None)
