"""The command line: options, one-line errors with status 2, and the non-interactive commands."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from patience import PATIENCE, wait_until
from pty_terminal import PseudoTerminal, flight_tui, run_in_terminal, screen_text

from flight_tui import __version__, lessons, paths
from flight_tui.cli import _new_table, main
from flight_tui.cli_args import build_parser


def _error_of(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("option", ["--version", "-V"])
def test_version(capsys, option) -> None:
    with pytest.raises(SystemExit) as exc:
        main([option])
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
        (["learn", "chess"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, words) -> None:
    assert words in _error_of(capsys, argv)


def test_learn_names_the_games_with_a_lesson_for_one_without(capsys, monkeypatch) -> None:
    monkeypatch.setattr(lessons, "has_lesson", lambda game: game == "flight")
    assert "passaportas has no lesson yet (lessons: flight)" in _error_of(capsys, ["learn", "passaportas"])


def test_learn_without_a_game_names_the_games_it_can_teach(capsys, monkeypatch) -> None:
    monkeypatch.setattr(lessons, "has_lesson", lambda game: game in ("flight", "passaportas"))
    assert "name the game to learn: flight, passaportas (see --help)" in _error_of(capsys, ["learn"])


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


def _signal_states(group: int) -> str:
    """Each member's command and signal masks (ignored, blocked, pending), to say why a signal did nothing."""
    lines = []
    for pid in _group_members(group):
        try:
            status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:80]
        except OSError:
            continue
        fields = " ".join(f"{k}={status.get(k, '?').strip()}" for k in ("State", "Threads", "SigIgn", "SigBlk", "SigPnd", "ShdPnd"))
        lines.append(f"{pid} {fields} {command}")
    return "\n".join(lines)


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process groups from /proc")
def test_ctrl_c_stops_the_workers_and_reports_the_games_finished() -> None:
    """Issue 9, item 15: Ctrl+C (SIGINT to the whole process group, as a terminal sends it).

    Sent once the progress bar counts a finished game, however long the workers take to start.
    """
    with PseudoTerminal([*SIMULATE, "--games", "100000000", "--workers", "2"], preexec_fn=_limit_memory) as terminal:
        group = terminal.process.pid
        try:
            assert terminal.wait_until(lambda written: re.search(r" [1-9]\d*/100000000\b", written))
            # the program, its two workers and the fork server that starts them (with its helper)
            assert len(_group_members(group)) >= 4, "not the program, its two workers and their fork server"
            os.killpg(group, signal.SIGINT)
            status = terminal.wait(PATIENCE)
            screen = terminal.screen_text()
            states = _signal_states(group) if status is None else ""
        finally:
            if _group_members(group):
                os.killpg(group, signal.SIGKILL)
    assert status == 130, f"{screen}\n{states}"
    assert "Traceback" not in terminal.output.decode(errors="replace")
    played = int(re.search(r"Interrupted: (\d+) of 100000000 games played", screen).group(1))
    assert played > 0
    assert f"\nflight: {played} games," in screen
    wins = [float(line.split()[2]) for line in screen.splitlines() if line.startswith(("Ann ", "Bob "))]
    assert sum(wins) == pytest.approx(played)
    assert wait_until(lambda: not _group_members(group)), "a worker or the fork server was left behind"


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


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_learn_starts_the_lesson_and_esc_leaves_it_for_the_menu(tmp_path) -> None:
    with PseudoTerminal(flight_tui("--data-dir", str(tmp_path / "data"), "learn", "flight")) as terminal:
        assert terminal.wait_for("Lesson 1/22"), terminal.screen_text()
        os.write(terminal.controller, b"\x1b")  # Esc
        assert terminal.wait_until(lambda written: "Lesson" not in terminal.screen_text() and "New game" in terminal.screen_text())
        os.write(terminal.controller, b"\x11")  # ctrl+q
        assert terminal.wait(PATIENCE) == 0
    assert not list((tmp_path / "data" / "saves").glob("*")), "a lesson is never saved"


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
    assert "argparse" not in loaded and "flight_tui.cli_args" not in loaded and "shtab" not in loaded
    assert not any(module.startswith("flight_tui.games.") for module in loaded)
    assert not any(module.startswith(("flight_tui.history", "textual_plotext", "plotext")) for module in loaded)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_continue_without_a_game_says_so_and_leaves_the_terminal_alone(tmp_path) -> None:
    """Issue 18: one line and status 1, without switching to the full-screen app."""
    with PseudoTerminal(flight_tui("--data-dir", str(tmp_path / "data"), "continue")) as terminal:
        status = terminal.wait(60)
    assert status == 1
    written = terminal.output.decode(errors="replace")
    assert "\x1b[?1049h" not in written  # no alternate screen
    assert written.strip() == (
        "flight-tui: there is no game in progress to continue. "
        "Start one with 'flight-tui new GAME', or open the menu with 'flight-tui'."
    )


def _completion(shell: str) -> str:
    done = subprocess.run(flight_tui("completion", shell), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout


def _bash_completes(script: str, *words: str) -> list[str]:
    """What bash offers for the last of ``words`` (the command line typed so far) with ``script`` loaded."""
    line = " ".join(("flight-tui", *words))
    program = (
        f'source /dev/stdin; COMP_WORDS=(flight-tui {" ".join(repr(w) for w in words)}); '
        f"COMP_CWORD={len(words)}; COMP_LINE={line!r}; COMP_POINT=${{#COMP_LINE}}; "
        f'_shtab_flight_tui flight-tui {words[-1]!r} {(("flight-tui",) + words)[-2]!r}; printf "%s\\n" "${{COMPREPLY[@]}}"'
    )
    done = subprocess.run(["bash", "-c", program], input=script, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_commands_games_and_options() -> None:
    script = _completion("bash")
    assert _bash_completes(script, "si") == ["simulate"]
    assert _bash_completes(script, "new", "") == ["flight", "passaportas", "connecting-flights-coop", "connecting-flights"]
    assert _bash_completes(script, "completion", "") == ["bash", "zsh", "fish"]
    assert "--seats" in _bash_completes(script, "new", "flight", "--s")


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_completion_scripts_know_every_command(shell) -> None:
    script = _completion(shell)
    for command in ("new", "continue", "saves", "locate", "simulate", "serve", "join", "completion"):
        assert command in script
    assert "connecting-flights-coop" in script and "--seats" in script
    if shutil.which(shell):  # where the shell is installed, it must read the script
        check = subprocess.run([shell, "-n"], input=script, capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stderr


LONG_SEATS = {
    "flight": "human:Alexandra,normal:Bartholomew,hard:Christopher,easy:Dorothea",
    "passaportas": "human:Alexandra,normal:Bartholomew,hard:Christopher,easy:Dorothea,normal:Evangeline,hard:Frederick",
    "connecting-flights-coop": "human:Alexandra,normal:Bartholomew,hard:Christopher",
    "connecting-flights": "human:Alexandra,normal:Bartholomew,hard:Christopher,easy:Dorothea,normal:Evangeline",
}


def _printed_at_80_columns(*args: str) -> list[str]:
    env = {**os.environ, "COLUMNS": "80"}
    done = subprocess.run(flight_tui(*args), capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert max(map(len, lines)) <= 80, "\n".join(line for line in lines if len(line) > 80)
    return lines


def test_the_saves_table_fits_in_80_columns() -> None:
    """Issue 18: no line wraps, with the longest names, titles and most players of every game."""
    from flight_tui.saves import SaveStore

    parser = build_parser()
    store = SaveStore()
    for game, seats in LONG_SEATS.items():
        table = _new_table(parser, parser.parse_args(["new", game, "--seats", seats, "--seed", "1"]))
        store.save(f"{game} with every seat taken, on a long night"[:48], table)
        store.autosave(table)
        store.release(table)
    lines = _printed_at_80_columns("saves")
    text = " ".join(line.strip() for line in lines)
    for game, seats in LONG_SEATS.items():
        assert f"{game} with every seat taken" in text
        assert "Frederick (Hard bot)" in text and "Connecting Flights (competitive) · " in text
    assert sum(line.startswith("autosave-") for line in lines) == 4


def test_the_simulate_report_fits_in_80_columns() -> None:
    lines = _printed_at_80_columns(
        "simulate", "flight", "--seats", "normal:Bartholomew,random:Christopher,easy:Dorothea", "--games", "3", "--workers", "1"
    )
    seat_rows = [line.split() for line in lines if line.startswith(("Bartholomew ", "Christopher ", "Dorothea "))]
    assert [len(row) for row in seat_rows] == [8, 8, 8]  # name, level and six figures on one line
    assert lines[0].startswith("flight: 3 games, seed 1, 3 seats rotated, each deal played from every")
    assert any(line.lstrip().startswith("config players=3,") for line in lines[1:3])  # mixed levels: every rotation


def test_ctrl_c_as_the_app_starts_ends_with_status_130_and_no_traceback(monkeypatch, capsys):
    """Ctrl+C before the app has taken the terminal (it is still starting, the terminal not yet
    in raw mode) reaches Python as KeyboardInterrupt: the command ends as shells expect after
    Ctrl+C, without a traceback."""
    import flight_tui.cli as cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_run_app", interrupted)
    assert cli.main([]) == cli.INTERRUPTED == 130
    assert cli.main(["new", "flight"]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
