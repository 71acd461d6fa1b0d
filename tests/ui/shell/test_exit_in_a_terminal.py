"""The real program in a pseudo-terminal: hang-ups end it, and a game it could not save is never passed off as saved.

Issue 9, items 2 and 8. Full and read-only disks are real small file systems where this machine
lets the tests mount them (as root), else a folder the program cannot write (without root), else
the test is skipped; a folder replaced by a file stands in for a lost disk everywhere.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import PATIENCE
from pty_terminal import PseudoTerminal, flight_tui

from flight_tui.ui.app import EXIT_GRACE
from flight_tui.saves import SaveStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def mounted_tmpfs(folder: Path, *options: str) -> bool:
    """Mount a small tmpfs at ``folder`` (only where this user may mount file systems)."""
    folder.mkdir(parents=True, exist_ok=True)
    if shutil.which("mount") is None:
        return False
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", ",".join(("size=1m", *options)), "tmpfs", str(folder)], capture_output=True
    )
    return result.returncode == 0


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB file system that the test can fill up."""
    disk = tmp_path / "disk"
    if not mounted_tmpfs(disk):
        pytest.skip("cannot mount a small file system here (needs root)")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder nothing can be written in: a read-only file system, or a folder without write permission."""
    folder = tmp_path / "read-only"
    if mounted_tmpfs(folder, "ro"):
        yield folder
        subprocess.run(["umount", "-l", str(folder)], check=False)
    elif os.geteuid() != 0:
        folder.chmod(0o500)
        yield folder
        folder.chmod(0o700)
    else:
        pytest.skip("as root without mount, no folder is read-only")


def fill(disk: Path) -> None:
    """Fill the file system at ``disk`` to the last byte."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)


def settings(tmp_path: Path, **values) -> dict[str, str]:
    """A config folder with these settings, as environment for the program."""
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    (config / "settings.json").write_text(json.dumps(values))
    return {"FLIGHT_TUI_CONFIG_DIR": str(config)}


def moves_saved(data: Path) -> int:
    """How many moves the game autosaved in ``data`` has (0 before the first save)."""
    for path in (data / "saves").glob("autosave-*.json"):
        return len(json.loads(path.read_bytes())["actions"])
    return 0


def said(terminal: PseudoTerminal) -> str:
    """All the text the program wrote (screen and stderr), spaces collapsed."""
    return " ".join(terminal.output.decode(errors="replace").split())


def test_a_hang_up_while_bots_move_ends_the_program_even_when_the_terminal_takes_no_output(tmp_path):
    """Item 8: output piles up (the terminal is gone), the hang-up comes, the program still ends, its game saved."""
    data = tmp_path / "data"
    command = flight_tui("--data-dir", str(data), "new", "flight", "--seats", "normal,normal,normal", "--hands", "50")
    with PseudoTerminal(command, **settings(tmp_path, bot_delay=0)) as terminal:
        assert terminal.wait_until(lambda _: moves_saved(data) > 10)  # the table is up, the bots are playing
        time.sleep(2)  # nobody reads: the program's output fills the terminal and waits
        terminal.send_signal(signal.SIGHUP)
        status = terminal.wait(EXIT_GRACE + PATIENCE, reading=False)
    assert status == 0
    store = SaveStore(data / "saves")
    entry = store.latest_autosave()
    assert entry.readable and entry.progress
    assert len(store.load(entry.slot).actions) > 10


def test_a_hang_up_while_the_terminal_reads_saves_the_game_and_ends_the_program(tmp_path):
    data = tmp_path / "data"
    command = flight_tui("--data-dir", str(data), "new", "flight", "--seats", "normal,normal", "--hands", "50")
    with PseudoTerminal(command, **settings(tmp_path, bot_delay=0.05)) as terminal:
        assert terminal.wait_until(lambda _: moves_saved(data) > 2)  # the table is up, the bots are playing
        terminal.send_signal(signal.SIGHUP)
        status = terminal.wait(EXIT_GRACE + PATIENCE)
    assert status == 0, said(terminal)[-500:]
    store = SaveStore(data / "saves")
    assert store.latest_autosave().readable


@pytest.mark.parametrize("command", [(), ("new", "passaportas", "--seats", "human,normal,normal")], ids=["menu", "table"])
def test_a_hang_up_while_the_first_screen_is_built_ends_the_program_without_a_traceback(tmp_path, command):
    """A hang-up as the first bytes reach the terminal, while the menu's footer or the table's
    panels are still being put in place (it printed a MountError or NoMatches traceback)."""
    with PseudoTerminal(flight_tui("--data-dir", str(tmp_path / "data"), *command), **settings(tmp_path)) as terminal:
        assert terminal.wait_until(lambda written: len(written) > 0)
        terminal.send_signal(signal.SIGHUP)
        status = terminal.wait(EXIT_GRACE + PATIENCE)
    # ended by its handler, or by the hang-up itself when it came before the handler was set
    # (nothing had been played yet)
    assert status in (0, -signal.SIGHUP), said(terminal)[-500:]
    assert "Traceback" not in said(terminal)


def test_a_game_that_could_not_be_saved_ends_with_status_1_and_a_message(tmp_path):
    """Item 2: the saves folder is lost mid-game (a file stands where it was); a kill says the game is not saved."""
    data = tmp_path / "data"
    command = flight_tui("--data-dir", str(data), "new", "flight", "--seats", "human,normal")
    with PseudoTerminal(command) as terminal:
        assert terminal.wait_for("Flight")
        shutil.rmtree(data / "saves")
        (data / "saves").write_text("not a folder")
        terminal.send_signal(signal.SIGTERM)
        status = terminal.wait(EXIT_GRACE + PATIENCE)
    assert status == 1
    assert "flight-tui: your game was NOT saved" in said(terminal)


def test_a_full_disk_mid_game_shows_the_mark_and_ends_with_status_1(tmp_path, small_disk):
    command = flight_tui("--data-dir", str(small_disk), "new", "flight", "--seats", "human,human")
    with PseudoTerminal(command) as terminal:
        assert terminal.wait_for("when you are ready")  # the hand-off screen
        fill(small_disk)
        os.write(terminal.controller, b"\r")  # past the hand-off: a redraw, and a save that fails
        os.write(terminal.controller, b"p")  # draw from the pack: a move, and a save that fails
        assert terminal.wait_for("NOT SAVED")
        terminal.send_signal(signal.SIGTERM)
        status = terminal.wait(EXIT_GRACE + PATIENCE)
    assert status == 1
    assert "No space left on device" in said(terminal)


@pytest.mark.parametrize("command", [[], ["continue"], ["new", "flight"]])
def test_a_data_folder_that_cannot_be_created_is_refused_at_start_up(tmp_path, command):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    result = subprocess.run(
        flight_tui("--data-dir", str(blocker / "data"), *command),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith("flight-tui: cannot save games in") and "--data-dir" in result.stderr


def test_a_read_only_data_folder_is_refused_at_start_up(read_only_folder):
    result = subprocess.run(
        flight_tui("--data-dir", str(read_only_folder), "new", "flight"),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "Read-only file system" in result.stderr or "Permission denied" in result.stderr


def test_a_full_disk_is_refused_at_start_up(small_disk):
    (small_disk / "saves").mkdir()
    fill(small_disk)
    result = subprocess.run(
        flight_tui("--data-dir", str(small_disk), "continue"),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert result.returncode == 1 and "No space left on device" in result.stderr
