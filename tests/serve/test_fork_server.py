"""Players' apps forked by the fork server, through the real SSH front (issue 19).

Each app is a process of its own, in a session of its own whose controlling terminal is the
player's pseudo-terminal, forked from the fork server (not from the SSH front), reaped when it
ends; a module in the server's working directory is never imported; a fork server that dies is
started again for the next player.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from flight_tui.serve.zygote import FIND_PACKAGE
from tests.serve.ssh_helpers import Player, ServeProcess, make_key, stat

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads processes from /proc")


def run(coro, timeout: float = 90):
    return asyncio.run(asyncio.wait_for(coro, timeout))


@pytest.fixture
def key(tmp_path):
    """A key, and an authorized-keys file with it."""
    key = make_key(tmp_path / "ann")
    (tmp_path / "authorized_keys").write_bytes(key.export_public_key())
    return key


@pytest.fixture
def serving(tmp_path, key):
    """Start ``flight-tui serve`` (in the working directory ``cwd``, if given) for the key; stopped after the test."""
    started: list[ServeProcess] = []

    def start(cwd: Path | None = None) -> ServeProcess:
        started.append(ServeProcess(tmp_path / "data", "--authorized-keys", str(tmp_path / "authorized_keys"), cwd=cwd).start())
        return started[-1]

    yield start
    for server in started:
        server.stop()


async def in_the_lobby(server: ServeProcess, name: str, key) -> Player:
    player = await Player.connect(server.port, name, key=key)
    assert await player.wait_for("No tables yet")
    return player


def apps_started(server: ServeProcess) -> list[int]:
    """The players' apps' process ids, in the order the server's log names them."""
    return [int(pid) for pid in re.findall(r"'s app is process (\d+)", server.log_text())]


def fork_server_of(server: ServeProcess) -> int:
    """The process id of the server's one child: the fork server."""
    (child,) = [int(pid) for task in Path(f"/proc/{server.process.pid}/task").iterdir() for pid in (task / "children").read_text().split()]
    return child


def gone(pid: int, seconds: float = 15) -> bool:
    """Whether the process has ended and been reaped (no zombie left), waiting up to ``seconds``."""
    end = time.monotonic() + seconds
    while stat(pid) is not None and time.monotonic() < end:
        time.sleep(0.05)
    return stat(pid) is None


def test_a_forked_app_plays_through_the_ssh_front_in_its_own_session_and_terminal_and_is_reaped(serving, key):
    server = serving()

    async def scenario():
        ann = await in_the_lobby(server, "Ann", key)
        assert "Welcome, Ann." in ann.text()  # the player's name, from the environment the app was given
        assert b"\x1b[38;5;" in ann.received  # 256 colours: the terminal type the client asked for
        (pid,) = apps_started(server)
        parent, group, session, terminal = map(int, stat(pid)[1:5])
        await ann.press("n")
        assert await ann.wait_for("New table")
        for keys in ("\x1b[B", "\x1b[D", "\r"):  # Players: 2, with an open seat; Enter opens the table
            await ann.press(keys)
        assert await ann.wait_for("Flight · Hand 1")
        moved = await ann.press_and_see("\x1b[C", timeout=10)  # along the hand
        ann.close()
        return pid, parent, group, session, terminal, moved

    pid, parent, group, session, terminal, moved = run(scenario())
    assert parent == fork_server_of(server) != server.process.pid
    assert group == session == pid  # its own session and process group
    assert terminal != 0  # the pseudo-terminal is its controlling terminal
    assert moved
    assert gone(pid)  # ended when the player left, and reaped


def test_a_module_in_the_servers_working_directory_is_not_imported_by_players_apps(serving, key, tmp_path):
    here = tmp_path / "here"
    here.mkdir()
    marker = tmp_path / "imported"
    (here / "msgspec.py").write_text(f"open({str(marker)!r}, 'w').close()\nraise ImportError('not the real msgspec')\n")
    server = serving(cwd=here)

    async def scenario():
        ann = await in_the_lobby(server, "Ann", key)
        ann.close()

    run(scenario())
    assert not marker.exists()


def test_a_fork_server_that_dies_is_started_again_for_the_next_player(serving, key):
    server = serving()

    async def scenario():
        ann = await in_the_lobby(server, "Ann", key)
        first = fork_server_of(server)
        os.kill(first, signal.SIGKILL)
        await asyncio.sleep(0.5)
        bob = await in_the_lobby(server, "Bob", key)
        ann.close(), bob.close()
        return first

    first = run(scenario())
    assert fork_server_of(server) != first
    assert "the fork server ended" in server.log_text()


def _found_by_fork_server(root: Path) -> str:
    """The ``flight_tui`` the fork server's start finds when the server's package is in ``root``."""
    code = FIND_PACKAGE + "import flight_tui; print(flight_tui.__file__)"
    found = subprocess.run([sys.executable, "-E", "-P", "-c", code, str(root)], capture_output=True, text=True, check=True, timeout=60)
    return found.stdout.strip()


def test_players_run_the_servers_flight_tui_from_a_source_folder_even_with_another_copy_installed(tmp_path):
    source = tmp_path / "checkout"
    (source / "flight_tui").mkdir(parents=True)
    (source / "flight_tui" / "__init__.py").write_text("")
    assert _found_by_fork_server(source.resolve()) == str(source.resolve() / "flight_tui" / "__init__.py")


def test_an_installed_server_leaves_the_standard_library_first_on_its_players_path():
    import flight_tui

    installed_root = str(Path(flight_tui.__file__).resolve().parents[1])
    code = FIND_PACKAGE + "print(sys.path.index(sys.argv[1]) if sys.argv[1] in sys.path else -1, sys.path.index(os.path.dirname(os.__file__)))"
    found = subprocess.run([sys.executable, "-E", "-P", "-c", code, installed_root], capture_output=True, text=True, check=True, timeout=60)
    package_at, stdlib_at = (int(n) for n in found.stdout.split())
    assert package_at == -1 or package_at > stdlib_at
