"""``flight-tui serve`` and ``join`` on the command line, before any connection."""

from __future__ import annotations

import sys

from flight_tui.cli import main


def test_serve_without_asyncssh_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    assert main(["serve", "--authorized-keys", "x"]) == 1
    assert "pip install 'flight-tui[serve]'" in capsys.readouterr().err


def test_serve_lets_nobody_in_without_keys_or_a_join_code(capsys):
    assert main(["serve"]) == 2
    assert "--authorized-keys FILE, a join code (--join-code-file FILE" in capsys.readouterr().err


def test_a_join_code_on_the_command_line_is_refused_where_ps_would_show_it(capsys):
    assert main(["serve", "--join-code", "tea-at-five"]) == 2
    assert "can be read by every user" in capsys.readouterr().err


def test_the_join_code_comes_from_a_file_or_the_environment(tmp_path, monkeypatch):
    from flight_tui.serve.commands import read_join_code

    code = tmp_path / "code"
    code.write_text("café-à-cinq\n", encoding="utf-8")
    assert read_join_code(str(code), False) == "café-à-cinq"
    monkeypatch.setenv("FLIGHT_TUI_JOIN_CODE", "tea-at-five")
    assert read_join_code(None, False) == "tea-at-five"
    monkeypatch.delenv("FLIGHT_TUI_JOIN_CODE")
    assert read_join_code(None, False) is None


def test_join_without_a_running_server_says_so(tmp_path, capsys):
    assert main(["join", "--identity", "ann", "--service", str(tmp_path / "none.sock")]) == 1
    assert "is 'flight-tui serve' running?" in capsys.readouterr().err


def test_serve_starts_without_warnings_from_its_ssh_library():
    """The host's terminal shows the server's own lines: cryptography's warnings about DSA keys,
    raised as asyncssh is imported, are not printed above them."""
    import subprocess

    run = subprocess.run(
        [sys.executable, "-c", "import sys; from flight_tui.cli import main; sys.exit(main(['serve']))"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert "Warning" not in run.stderr
    assert "--authorized-keys FILE" in run.stderr
