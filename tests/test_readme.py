"""The README's set-up commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_readme_has_exactly_two_setup_commands() -> None:
    commands = _setup_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert commands[0].endswith("flight-tui")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command_as_written() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert _setup_commands()[1] in ci.splitlines()


def test_the_tests_have_an_environment_of_their_own() -> None:
    """Running the tests while a game is open from ``.venv`` must not reinstall the game under it."""
    play, test = _setup_commands()
    assert ".venv/" in play and ".venv-test" not in play
    assert ".venv-test/bin/" in test and ".venv/" not in test
    assert ".venv-test/" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_game_list_names_every_game_and_mode() -> None:
    from flight_tui.games import game_names, get_spec

    games = (ROOT / "README.md").read_text().split("## Set up", 1)[0]
    for name in game_names():
        title, _, mode = get_spec(name).title.partition(" (")
        assert f"**{title}, {mode.rstrip(')')} mode**" in games if mode else f"**{title}**" in games


def test_the_readme_tells_other_ways_to_install_and_shell_completion() -> None:
    text = (ROOT / "README.md").read_text()
    assert "`pipx install .`" in text and "`uv tool install .`" in text
    for shell in ("bash", "zsh", "fish"):
        assert f"flight-tui completion {shell}" in text
