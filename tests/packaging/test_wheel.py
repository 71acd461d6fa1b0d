"""The wheel carries the themes, stylesheets, rules texts and data files, and runs from a fresh virtual environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (whl,) = out.glob("flight_tui-*.whl")
    return whl


def test_wheel_contains_themes_stylesheets_and_rules_texts(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = {p.name for p in (ROOT / "themes").glob("*.toml")}
    assert len(bundled) >= 5
    for theme in bundled:
        assert f"flight_tui/themes/{theme}" in names
    assert "flight_tui/games/flight/rules/rules_text.md" in names
    assert "flight_tui/games/flight/rules/house_rules.md" in names
    assert "flight_tui/games/passaportas/rules/map.toml" in names
    assert "flight_tui/games/passaportas/bots/value.toml" in names  # the Hard bot's learned value
    assert "flight_tui/games/flight/bots/hand_results.toml" in names  # the Hard bot's match odds
    for stylesheet in (ROOT / "flight_tui").rglob("*.tcss"):
        assert stylesheet.relative_to(ROOT).as_posix() in names


def test_wheel_runs_from_a_fresh_virtual_environment(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir)  # without its own pip: this one installs into it (pip --python)
    py = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", str(wheel)], check=True, capture_output=True)
    env = {**os.environ, "FLIGHT_TUI_DATA_DIR": str(tmp_path / "data"), "FLIGHT_TUI_CONFIG_DIR": str(tmp_path / "cfg")}
    version = subprocess.run([str(env_dir / "bin" / "flight-tui"), "--version"], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("flight-tui ")
    saves = subprocess.run([str(env_dir / "bin" / "flight-tui"), "saves", "--json"], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert saves.returncode == 0 and json.loads(saves.stdout) == []
    probe = (
        "from flight_tui.ui.theming import load_themes\n"
        "themes, errors = load_themes()\n"
        "assert not errors, errors\n"
        "print(len(themes))\n"
    )
    loaded = subprocess.run([str(py), "-c", probe], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    assert int(loaded.stdout) >= 5
