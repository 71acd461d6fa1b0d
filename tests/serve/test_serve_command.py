"""``flight-tui serve`` and ``join`` on the command line, before any connection."""

from __future__ import annotations

import sys

from flight_tui.cli import main


def test_serve_without_asyncssh_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    assert main(["serve", "--join-code", "x"]) == 1
    assert "pip install 'flight-tui[serve]'" in capsys.readouterr().err


def test_serve_lets_nobody_in_without_keys_or_a_join_code(capsys):
    assert main(["serve"]) == 2
    assert "--authorized-keys FILE, --join-code CODE" in capsys.readouterr().err


def test_join_without_a_running_server_says_so(tmp_path, capsys):
    assert main(["join", "--identity", "ann", "--service", str(tmp_path / "none.sock")]) == 1
    assert "is 'flight-tui serve' running?" in capsys.readouterr().err
