"""Who may import what: the import contracts in ``pyproject.toml``, checked with import-linter,
and what they cannot see: the modules that reading the game registry loads at run time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from importlinter.api import read_configuration

from flight_tui.games import SPEC_MODULES

ROOT = Path(__file__).resolve().parents[2]

LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"

REGISTRY = """
import json, sys
from flight_tui import games
for name in games.game_names():
    games.get_spec(name)
print(json.dumps(sorted(sys.modules)))
"""


def _contract(contract_id: str) -> dict:
    contracts = read_configuration(str(ROOT / "pyproject.toml"))["contracts_options"]
    return next(contract for contract in contracts if contract.get("id") == contract_id)


def _game_packages() -> set[str]:
    """Each registered game's package: ``flight_tui.games.<game>``."""
    return {".".join(module.split(".")[:3]) for module in SPEC_MODULES}


def test_import_contracts_are_kept():
    """Rules free of Textual and Rich, games independent, the shell knowing no one game, layers one way."""
    done = subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_every_game_is_in_the_contracts():
    """A game added to the registry is added to the contracts that keep games apart."""
    assert set(_contract("games-independent")["modules"]) == _game_packages()
    assert set(_contract("shell-knows-no-game")["forbidden_modules"]) == _game_packages()


def test_reading_the_registry_loads_no_game():
    """The registry imports the specs by name (which import-linter cannot follow); a spec
    loads nothing of its game, and nothing of Textual or Rich."""
    done = subprocess.run([sys.executable, "-c", REGISTRY], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout))
    allowed = set(SPEC_MODULES) | {module.rpartition(".")[0] for module in SPEC_MODULES} | _game_packages()
    games_code = {m for m in loaded if m.startswith("flight_tui.games.")} - allowed
    assert games_code == set()
    assert {m.split(".")[0] for m in loaded} & {"textual", "rich"} == set()



def test_the_history_is_pure():
    """The history of finished games is read by the command line and the table server too:
    it is kept free of Textual and Rich, and knows no one game."""
    assert "flight_tui.history" in _contract("pure")["source_modules"]
    assert "flight_tui.history" in _contract("shell-knows-no-game")["source_modules"]
