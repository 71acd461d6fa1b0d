"""``flight-tui join`` and ``flight-tui serve``, as the command line runs them."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

IDENTITY_VARIABLE = "FLIGHT_TUI_IDENTITY"
"""Where the SSH front passes a player's identity to ``join`` (not on its command line, which
every user of the machine may read)."""
NAME_VARIABLE = "FLIGHT_TUI_NAME"
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
    from flight_tui.serve.client import JoinApp

    app = JoinApp(connection, name, welcome=os.environ.get(WELCOME_VARIABLE, ""), theme=theme, exit_grace=exit_grace)
    try:
        app.run()
    finally:
        connection.close()
    return app.return_code or 0


def serve(args: Any) -> int:
    """Run the table service and its SSH front until interrupted (``args``: the command line's)."""
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        sys.stderr.write(INSTALL_HINT + "\n")
        return 1
    import asyncio

    from flight_tui import paths
    from flight_tui.serve.ssh import FrontSettings, run_server

    settings = FrontSettings(
        host=args.host,
        port=args.port,
        authorized_keys=Path(args.authorized_keys).expanduser() if args.authorized_keys else None,
        host_key=Path(args.host_key).expanduser() if args.host_key else None,
        join_code=args.join_code,
        max_connections=max(1, args.max_connections),
        per_address=max(1, args.max_per_address),
        bot_delay=max(0.0, args.bot_delay),
    )
    if settings.authorized_keys is None and not settings.join_code:
        sys.stderr.write("flight-tui serve: let players in with --authorized-keys FILE, --join-code CODE, or both.\n")
        return 2
    try:
        asyncio.run(run_server(paths.server_dir(), settings))
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        sys.stderr.write(f"flight-tui serve: {error.strerror or error}\n")
        return 1
    return 0
