"""``flight-tui join`` as the forced command of the system's OpenSSH server (docs/serve.md).

Runs where ``sshd`` and ``ssh`` are installed (sshd as this user, on a free port, with its own
configuration); skipped elsewhere.
"""

from __future__ import annotations

import getpass
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from patience import wait_until
from pty_terminal import PseudoTerminal

from tests.serve.ssh_helpers import ServeProcess, make_key

SSHD = shutil.which("sshd") or next((p for p in ("/usr/sbin/sshd", "/usr/local/sbin/sshd") if Path(p).exists()), None)
pytestmark = pytest.mark.skipif(
    SSHD is None or shutil.which("ssh") is None or sys.platform == "win32", reason="needs OpenSSH's sshd and ssh"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _accepts(port: int) -> bool:
    """Whether something listens on ``port`` of this machine."""
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_a_player_comes_in_through_sshd_and_reaches_the_lobby(tmp_path):
    data = tmp_path / "data"
    serve = ServeProcess(data, env={"FLIGHT_TUI_JOIN_CODE": "unused-here"}).start()
    try:
        host_key = tmp_path / "sshd_host_key"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(host_key)], check=True)
        player = make_key(tmp_path / "ann")
        join = f"{sys.executable} -m flight_tui join --service {data / 'server' / 'tables.sock'} --identity ann"
        authorized = tmp_path / "authorized_keys"
        authorized.write_bytes(f'command="{join}",restrict,pty '.encode() + player.export_public_key())
        port = free_port()
        config = tmp_path / "sshd_config"
        config.write_text(
            f"Port {port}\nListenAddress 127.0.0.1\nHostKey {host_key}\nAuthorizedKeysFile {authorized}\n"
            f"PidFile {tmp_path / 'sshd.pid'}\nUsePAM no\nStrictModes no\nPasswordAuthentication no\n"
        )
        check = subprocess.run([SSHD, "-t", "-f", str(config)], capture_output=True, text=True)
        if check.returncode != 0:
            pytest.skip(f"sshd cannot run here: {check.stderr.strip()}")
        sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stderr=subprocess.DEVNULL)
        try:
            assert wait_until(lambda: _accepts(port)), "sshd did not listen"
            client = PseudoTerminal(
                ["ssh", "-tt", "-i", str(tmp_path / "ann"), "-p", str(port), "-o", "StrictHostKeyChecking=no",
                 "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes", f"{getpass.getuser()}@127.0.0.1", "ls", "/"]
            )
            reached = client.wait_for("No tables yet")
            screen = client.screen_text()
            client.process.kill()
        finally:
            sshd.terminate()
            sshd.wait(10)
    finally:
        serve.stop()
    assert reached, screen
    assert "Welcome, ann." in screen  # the forced command ran, not the "ls /" asked for
