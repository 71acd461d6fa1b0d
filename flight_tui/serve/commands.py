"""``flight-tui join`` and ``flight-tui serve``, as the command line runs them."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path
from typing import Any

IDENTITY_VARIABLE = "FLIGHT_TUI_IDENTITY"
"""Where the SSH front passes a player's identity to ``join`` (not on its command line, which
every user of the machine may read)."""
NAME_VARIABLE = "FLIGHT_TUI_NAME"
JOIN_CODE_VARIABLE = "FLIGHT_TUI_JOIN_CODE"
"""Where ``flight-tui serve`` may find its join code (a command line is readable by every user of the machine)."""
WELCOME_VARIABLE = "FLIGHT_TUI_WELCOME"
INSTALL_HINT = (
    "flight-tui serve needs the SSH server library asyncssh: install flight-tui with its serve extra, "
    "e.g. pip install 'flight-tui[serve]' (from a clone: .venv/bin/pip install '.[serve]')."
)


def join(service: str | None, identity: str | None, name: str | None, theme: str | None, exit_grace: float) -> int:
    """Run the app at the table service (``service``: its socket; default: this data folder's)."""
    from flight_tui import paths
    from flight_tui.serve.service import SOCKET_NAME
    from flight_tui.table.seats import seat_name_problem

    socket_path = service or str(paths.server_dir() / SOCKET_NAME)
    identity = identity or os.environ.get(IDENTITY_VARIABLE)
    if not identity:
        sys.stderr.write("flight-tui join: say who you are with --identity NAME (an account's forced command sets it).\n")
        return 2
    name = (name or os.environ.get(NAME_VARIABLE) or identity.rpartition(":")[2]).strip()[:16]
    problem = seat_name_problem(name)
    if problem:
        sys.stderr.write(f"flight-tui join: the name {name!r} {problem}.\n")
        return 2
    from flight_tui.serve.remote import ServiceConnection

    try:
        connection = ServiceConnection(socket_path, identity if ":" in identity else f"account:{identity}", name)
    except OSError as error:
        sys.stderr.write(
            f"flight-tui join: no table service at {socket_path} ({error.strerror or error}): is 'flight-tui serve' running?\n"
        )
        return 1
    from flight_tui.serve.client import CRASH_LINE, LOST, JoinApp, report_crash

    try:
        app = JoinApp(connection, name, welcome=os.environ.get(WELCOME_VARIABLE, ""), theme=theme, exit_grace=exit_grace)
        app.run()
    except Exception as error:  # noqa: BLE001 - outside the app's own handler: the same one line, the traceback to the host
        report_crash(connection, error)
        sys.stderr.write(CRASH_LINE + "\n")
        return LOST
    finally:
        connection.close()
    return app.return_code or 0


def serve(args: Any) -> int:
    """Run the table service and its SSH front until interrupted (``args``: the command line's)."""
    try:
        with warnings.catch_warnings():
            # cryptography warns, as asyncssh is imported, that asyncssh still offers DSA keys:
            # nothing the host can act on, and a screenful above the server's first lines.
            warnings.filterwarnings("ignore", message="DSA is deprecated")
            import asyncssh  # noqa: F401
    except ImportError:
        sys.stderr.write(INSTALL_HINT + "\n")
        return 1
    import asyncio

    from flight_tui import paths
    from flight_tui.serve.gate import GateSettings
    from flight_tui.serve.ssh import FrontSettings, run_server

    if args.join_code:
        sys.stderr.write(
            "flight-tui serve: a join code on the command line can be read by every user of this machine: "
            f"put it in a file (--join-code-file FILE), in {JOIN_CODE_VARIABLE}, or type it (--ask-join-code).\n"
        )
        return 2
    try:
        join_code = read_join_code(args.join_code_file, args.ask_join_code)
    except (OSError, UnicodeDecodeError, EOFError) as error:
        sys.stderr.write(f"flight-tui serve: cannot read the join code: {getattr(error, 'strerror', None) or error}\n")
        return 2
    settings = FrontSettings(
        host=args.host,
        port=args.port,
        authorized_keys=Path(args.authorized_keys).expanduser() if args.authorized_keys else None,
        host_key=Path(args.host_key).expanduser() if args.host_key else None,
        join_code=join_code,
        max_connections=max(1, args.max_connections),
        per_address=max(1, args.max_per_address),
        gate=GateSettings(
            max_startups=max(1, args.max_startups),
            startups_per_address=max(1, args.max_startups_per_address),
            address_failures=max(1, args.address_failures),
            failure_window=max(0.0, args.failure_window),
        ),
        login_grace=max(1.0, args.login_grace),
        login_attempts=max(1, args.login_attempts),
        login_delay=max(0.0, args.login_delay),
        max_guests=max(1, args.max_guests),
        guest_days=max(1, args.guest_days),
        bot_delay=max(0.0, args.bot_delay),
        max_tables=max(1, args.max_tables),
        tables_per_player=max(1, args.tables_per_player),
    )
    if settings.authorized_keys is None and not settings.join_code:
        sys.stderr.write(f"flight-tui serve: let players in with --authorized-keys FILE, a join code (--join-code-file FILE, {JOIN_CODE_VARIABLE} or --ask-join-code), or both.\n")
        return 2
    try:
        asyncio.run(run_server(paths.server_dir(), settings))
    except KeyboardInterrupt:  # before the server's own handler was set
        return 130
    except OSError as error:
        sys.stderr.write(f"flight-tui serve: {error.strerror or error}\n")
        return 1
    return 0


def read_join_code(path: str | None, ask: bool) -> str | None:
    """The join code: the first line of ``path``, typed at a prompt (``ask``), or from the environment; None if none."""
    if path:
        lines = Path(path).expanduser().read_text(encoding="utf-8").splitlines()
        return lines[0].strip() if lines and lines[0].strip() else None
    if ask:
        import getpass

        return getpass.getpass("Join code (not shown): ").strip() or None
    return os.environ.get(JOIN_CODE_VARIABLE, "").strip() or None
