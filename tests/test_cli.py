"""The command line: options, one-line errors with status 2, and the non-interactive commands."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pty_terminal import run_in_terminal, screen_text

from flight_tui import __version__, paths
from flight_tui.cli import _new_table, main
from flight_tui.cli_args import build_parser


def _error_of(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"flight-tui {__version__}"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["new", "chess"], "invalid choice"),
        (["new", "flight", "--seats", "human,wizard"], "unknown seat 'wizard'"),
        (["new", "flight", "--seats", "human"], "2 to 4 players"),
        (["new", "flight", "--seats", "human,easy,easy,easy,easy"], "2 to 4 players"),
        (["new", "flight", "--target", "100", "--hands", "3"], "not both"),
        (["new", "flight", "--hands", "0"], "positive"),
        (["new", "flight", "--seed", "seven"], "invalid int value"),
        (["simulate", "flight", "--seats", "human,normal"], "bots only"),
        (["simulate", "flight", "--games", "0"], "positive"),
        (["simulate", "flight", "--workers", "-1"], "--workers"),
        (["new", "flight", "--seats", "human,,normal"], "seat 2 of --seats 'human,,normal' is empty"),
        (["simulate", "flight", "--seats", "normal,random,"], "seat 3 of --seats 'normal,random,' is empty"),
        (["simulate", "flight", "--seats", " ,random"], "seat 1 of --seats ' ,random' is empty"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, words) -> None:
    assert words in _error_of(capsys, argv)


def test_new_builds_the_table_the_options_describe() -> None:
    parser = build_parser()
    args = parser.parse_args(["new", "flight", "--seats", "human:Zoe,hard,easy:Kit", "--seed", "7", "--hands", "3"])
    table = _new_table(parser, args)
    assert [s.label for s in table.seats] == ["Zoe", "Bob (Hard bot)", "Kit (Easy bot)"]
    assert table.seed == 7
    assert table.config.players == 3 and table.config.hands == 3


def test_global_options_are_accepted_after_the_command(tmp_path, capsys) -> None:
    assert main(["saves", "--json", "--data-dir", str(tmp_path / "elsewhere")]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert paths.data_dir() == tmp_path / "elsewhere"


def test_saves_lists_a_saved_game(capsys) -> None:
    from flight_tui.saves import SaveStore

    parser = build_parser()
    table = _new_table(parser, parser.parse_args(["new", "flight", "--seed", "3"]))
    SaveStore().save("Friday", table)
    assert main(["saves"]) == 0
    assert "Friday" in capsys.readouterr().out
    assert main(["saves", "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["game"] == "flight"


def test_simulate_reports_every_seat(capsys) -> None:
    assert main(["simulate", "flight", "--seats", "normal:N,random:R", "--games", "6", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in report["seats"]] == ["N", "R"]
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(6)
    assert report["config"]["hands"] == 1


def test_simulate_reports_how_the_games_ended(capsys) -> None:
    assert main(["simulate", "flight", "--seats", "easy,random", "--games", "6", "--workers", "1", "--json"]) == 0
    endings = json.loads(capsys.readouterr().out)["endings"]
    assert endings["count"] == 6 and endings["length_unit"] == "turns"
    assert sum(e["count"] for e in endings["by_how"].values()) == 6
    assert set(endings["by_how"]) <= {"safe-landing", "grounded", "turn-cap"}
    assert 0 < endings["length_median"] <= endings["length_p90"]
    assert main(["simulate", "flight", "--seats", "easy,random", "--games", "6", "--workers", "1"]) == 0
    assert "\nEndings: " in capsys.readouterr().out


SIMULATE = [sys.executable, "-m", "flight_tui", "simulate", "flight", "--seats", "random,random"]
MEMORY_LIMIT = 1 << 30
"""Address space allowed to ``simulate --games 100000000``: far less than a list of its games."""


def _group_members(group: int) -> list[int]:
    """The processes of a process group (from /proc)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # the process has just ended
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process groups from /proc")
def test_ctrl_c_stops_the_workers_and_reports_the_games_finished() -> None:
    """Issue 9, item 15: Ctrl+C (SIGINT to the whole process group, as a terminal sends it)."""
    process = subprocess.Popen(
        [*SIMULATE, "--games", "100000000", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_limit_memory,
    )
    try:
        deadline = time.monotonic() + 60
        while len(_group_members(process.pid)) < 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_group_members(process.pid)) == 3, "the two workers did not start"
        time.sleep(2)  # games finish in milliseconds
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert err == ""
    assert process.returncode == 130
    played = int(re.match(r"Interrupted: (\d+) of 100000000 games played", out).group(1))
    assert played > 0
    assert f"\nflight: {played} games," in out
    wins = [float(line.split()[2]) for line in out.splitlines() if line.startswith(("Ann ", "Bob "))]
    assert sum(wins) == pytest.approx(played)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # no worker left behind


def _without_escapes(output: bytes) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output.decode(errors="replace"))


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_simulate_shows_its_progress_on_a_terminal() -> None:
    """Issue 9, item 16: games done, rate and time left while it runs; only the report stays."""
    output = run_in_terminal([*SIMULATE, "--games", "40", "--workers", "1"])
    drawn = _without_escapes(output)
    assert "/40 games" in drawn and "games/s" in drawn and "left" in drawn
    screen = screen_text(output)
    assert "flight: 40 games" in screen and "games/s" not in screen


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_simulate_json_on_a_terminal_is_only_json() -> None:
    output = run_in_terminal([*SIMULATE, "--games", "4", "--workers", "1", "--json"])
    assert json.loads(output.decode())["games"] == 4


def test_simulate_piped_writes_only_the_report() -> None:
    run = subprocess.run([*SIMULATE, "--games", "4", "--workers", "1"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith("flight: 4 games,") and "games/s" not in run.stdout


def test_locate_prints_the_data_config_and_themes_folders(capsys, tmp_path) -> None:
    assert main(["locate", "--data-dir", str(tmp_path / "elsewhere")]) == 0
    lines = capsys.readouterr().out.splitlines()
    config = paths.config_dir()
    assert lines == [
        f"data:        {tmp_path / 'elsewhere'}",
        f"config:      {config}",
        f"config file: {config / 'config.toml'}",
        f"themes:      {config / 'themes'}",
    ]
    assert not (tmp_path / "elsewhere").exists() and not config.exists()  # it only tells


MENU_START = """
import json, sys
from flight_tui.ui.app import FlightTuiApp
FlightTuiApp.run = lambda self: None  # up to the app's start
from flight_tui.cli import main
status = main([])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def test_plain_flight_tui_starts_the_menu_without_the_parser_or_any_game(tmp_path) -> None:
    """Start-up speed: no arguments, no parser (argparse, every game's spec) to build."""
    env = {**os.environ, "FLIGHT_TUI_DATA_DIR": str(tmp_path / "data"), "FLIGHT_TUI_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", MENU_START], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["status"] == 0
    loaded = set(result["modules"])
    assert "argparse" not in loaded and "flight_tui.cli_args" not in loaded
    assert not any(module.startswith("flight_tui.games.") for module in loaded)
