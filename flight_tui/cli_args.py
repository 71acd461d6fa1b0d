"""The ``flight-tui`` command's arguments: the parser, its commands and their options.

Built only when the command has arguments: plain ``flight-tui`` opens the menu without it
(argparse and every game's spec would delay the menu).
"""

from __future__ import annotations

import argparse

from flight_tui import __version__
from flight_tui.games import game_names, get_spec

USAGE_ERROR = 2
COMPLETION_SHELLS = ("bash", "zsh", "fish")
SEAT_HELP = "comma-separated seats: human, random, easy, normal or hard, each optionally :Name"


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are a single line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message} (see --help)\n")


def _add_globals(parser: argparse.ArgumentParser, *, top: bool) -> None:
    default = None if top else argparse.SUPPRESS
    parser.add_argument("--data-dir", metavar="DIR", default=default, help="folder for saves (default: the user data folder)")
    parser.add_argument("--theme", metavar="NAME", default=default, help="colour theme, e.g. flight-dark, flight-light, flight-ansi")


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line; bad arguments exit with status 2 and one line."""
    parser = _Parser(prog="flight-tui", description="Airline tabletop games in the terminal.")
    parser.add_argument("-V", "--version", action="version", version=f"flight-tui {__version__}")
    _add_globals(parser, top=True)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    new = sub.add_parser("new", help="start a new game", description="Start a new game.")
    new.add_argument("game", choices=game_names(), help="the game to play")
    new.add_argument("--seats", help=SEAT_HELP + " (default: one human and the game's usual bots)")
    new.add_argument("--seed", type=int, help="seed for the deal (default: a random one)")
    _add_game_options(new)
    _add_globals(new, top=False)

    learn = sub.add_parser("learn", help="a guided first game", description="Learn to play a game: a guided first game against a bot.")
    learn.add_argument("game", nargs="?", choices=game_names(), help="the game to learn")
    _add_globals(learn, top=False)

    cont = sub.add_parser("continue", help="resume the game you were playing", description="Resume the latest autosaved game.")
    _add_globals(cont, top=False)

    replay = sub.add_parser(
        "replay",
        help="replay a saved game move by move",
        description="Replay a saved game move by move (the save is only read, never changed).",
    )
    replay.add_argument("save", metavar="SAVE", help="a save's name (see 'flight-tui saves') or the path of a save file")
    _add_globals(replay, top=False)

    saves = sub.add_parser("saves", help="list saved games", description="List saved games.")
    saves.add_argument("--json", action="store_true", help="print JSON instead of a table")
    _add_globals(saves, top=False)

    history = sub.add_parser(
        "history",
        help="list finished games and who won how often",
        description="List the latest finished games (the newest last) and, per game or mode, each player's games, wins, average and best score.",
    )
    history.add_argument("--game", choices=game_names(), help="only the games of this game or mode")
    history.add_argument("--all", action="store_true", help="list every game (by default the latest 50; the standings count them all)")
    history.add_argument("--json", action="store_true", help="print JSON instead of tables (every game)")
    _add_globals(history, top=False)

    locate = sub.add_parser(
        "locate",
        help="print where saves, the config file and your themes are",
        description="Print the data folder (saves), the config folder and file (settings, [keymap]) and the themes folder.",
    )
    _add_globals(locate, top=False)

    sim = sub.add_parser("simulate", help="bots-only games with statistics", description="Play bots against each other and report.")
    sim.add_argument("game", choices=game_names(), help="the game to simulate")
    sim.add_argument("--seats", help="comma-separated bot seats: random, easy, normal or hard (:Name optional)")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--workers", type=int, default=0, help="processes playing games (default: one per core)")
    _add_game_options(sim)
    sim.add_argument("--json", action="store_true", help="print JSON instead of a table (and no progress bar)")
    _add_globals(sim, top=False)

    serve = sub.add_parser(
        "serve",
        help="host tables that players join over SSH",
        description="Host tables over SSH: each player joins from their own terminal, with their own seat (docs/serve.md).",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument("--authorized-keys", metavar="FILE", help="the public keys that may come in (OpenSSH's authorized_keys format)")
    serve.add_argument("--host-key", metavar="FILE", help="the server's private key (default: one made at first start in the data folder)")
    serve.add_argument("--join-code", help=argparse.SUPPRESS)
    serve.add_argument("--join-code-file", metavar="FILE", help="a file whose first line is a password that lets friends without a key in (also: FLIGHT_TUI_JOIN_CODE)")
    serve.add_argument("--ask-join-code", action="store_true", help="type the join code at start (it is not shown)")
    serve.add_argument("--max-connections", type=int, default=50, metavar="N", help="players logged in at once, in all (default 50)")
    serve.add_argument("--max-per-address", type=int, default=10, metavar="N", help="players logged in at once from one address (default 10)")
    serve.add_argument("--max-startups", type=int, default=10, metavar="N", help="connections still logging in, in all; a new one drops the oldest (default 10)")
    serve.add_argument("--max-startups-per-address", type=int, default=5, metavar="N", help="connections still logging in from one address (default 5)")
    serve.add_argument("--login-grace", type=float, default=20, metavar="SECONDS", help="time a connection has to log in (default 20)")
    serve.add_argument("--login-attempts", type=int, default=6, metavar="N", help="failed logins before a connection is closed (default 6)")
    serve.add_argument("--login-delay", type=float, default=1.0, metavar="SECONDS", help="wait before a wrong password is answered (default 1)")
    serve.add_argument("--address-failures", type=int, default=20, metavar="N", help="failed logins from one address before it is refused (default 20)")
    serve.add_argument("--failure-window", type=float, default=600, metavar="SECONDS", help="how long a failed login counts against its address (default 600)")
    serve.add_argument("--max-tables", type=int, default=100, metavar="N", help="tables going at once, in all (default 100)")
    serve.add_argument("--tables-per-player", type=int, default=5, metavar="N", help="tables going at once that one player opened or sits at (default 5)")
    serve.add_argument("--max-guests", type=int, default=1000, metavar="N", help="return passwords kept; the longest unused is forgotten first (default 1000)")
    serve.add_argument("--guest-days", type=int, default=90, metavar="DAYS", help="days a return password is kept after its last use (default 90)")
    serve.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS", help="pause before each bot's move (default 0.6)")
    _add_globals(serve, top=False)

    join = sub.add_parser(
        "join",
        help="play at the tables of a running 'flight-tui serve'",
        description="Join the table service of 'flight-tui serve' on this machine (an SSH account's forced command).",
    )
    join.add_argument("--identity", metavar="NAME", help="who you are at the tables (your seats follow it)")
    join.add_argument("--name", metavar="NAME", help="the name shown at your seat (default: the identity)")
    join.add_argument("--service", metavar="SOCKET", help="the table service's socket (default: the one in the data folder)")
    _add_globals(join, top=False)

    completion = sub.add_parser(
        "completion",
        help="print the shell completion script (bash, zsh or fish)",
        description="Print the script that completes flight-tui's commands and options in your shell (README: Shell completion).",
    )
    completion.add_argument("shell", choices=COMPLETION_SHELLS, help="the shell to complete in")
    return parser


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """Every game's set-up options, as ``--KEY VALUE`` and as ``--option KEY=VALUE``."""
    offered: dict[str, list[str]] = {}
    for name in game_names():
        spec = get_spec(name)
        for option in spec.options:
            values = f"{option.limits[0]}-{option.limits[1]}" if option.limits else "|".join(option.values())
            offered.setdefault(option.key, []).append(f"{spec.title}: {option.label.lower()}, {values} (default {option.default})")
    for key, helps in offered.items():
        parser.add_argument(f"--{key.replace('_', '-')}", dest=f"option_{key}", metavar="VALUE", help="; ".join(helps))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a set-up option of the game (repeatable); the New game screen lists them",
    )


def completion_script(shell: str) -> str:
    """The ``shell`` script (bash, zsh or fish) that completes the commands, options and their values.

    Written by shtab from the parser itself, so it never falls behind the command line; a
    folder or file option completes paths.
    """
    import shtab

    parser = build_parser()
    paths = {"DIR": shtab.DIRECTORY, "FILE": shtab.FILE, "SOCKET": shtab.FILE}
    for action in _every_action(parser):
        if action.metavar in paths:
            action.complete = paths[action.metavar]  # type: ignore[attr-defined]
    return shtab.complete(parser, shell=shell)


def _every_action(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options and arguments of ``parser`` and of all its commands."""
    found = []
    for action in parser._actions:
        found.append(action)
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                found += _every_action(command)
    return found
