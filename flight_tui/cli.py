"""The ``flight-tui`` command line.

``flight-tui`` opens the menu; ``new``, ``continue``, ``saves``, ``simulate``, ``locate``, ``serve``
and ``join``
are described by ``flight-tui --help``. Bad arguments print one line and exit with status 2; Ctrl+C outside the
app exits with status 130 (a simulation first prints the report of the games it finished).
"""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from flight_tui import __version__
from flight_tui.games import game_names, get_spec

USAGE_ERROR = 2
INTERRUPTED = 130
"""The exit status after Ctrl+C (128 + SIGINT), as shells report it."""
UNUSABLE_DATA_DIR = 1
EXIT_GRACE = 3.0
"""Seconds the app has to close after a hang-up (SIGHUP) or SIGTERM before the process ends regardless."""
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
    parser = _Parser(prog="flight-tui", description="Airline tabletop games in the terminal.")
    parser.add_argument("--version", action="version", version=f"flight-tui {__version__}")
    _add_globals(parser, top=True)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    new = sub.add_parser("new", help="start a new game", description="Start a new game.")
    new.add_argument("game", choices=game_names(), help="the game to play")
    new.add_argument("--seats", help=SEAT_HELP + " (default: one human and the game's usual bots)")
    new.add_argument("--seed", type=int, help="seed for the deal (default: a random one)")
    _add_game_options(new)
    _add_globals(new, top=False)

    cont = sub.add_parser("continue", help="resume the game you were playing", description="Resume the latest autosaved game.")
    _add_globals(cont, top=False)

    saves = sub.add_parser("saves", help="list saved games", description="List saved games.")
    saves.add_argument("--json", action="store_true", help="print JSON instead of a table")
    _add_globals(saves, top=False)

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
    serve.add_argument("--join-code", metavar="CODE", help="a password that lets friends without a key in (they pick a name)")
    serve.add_argument("--max-connections", type=int, default=50, metavar="N", help="connections at once, in all (default 50)")
    serve.add_argument("--max-per-address", type=int, default=10, metavar="N", help="connections at once from one address (default 10)")
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


def _config(parser: argparse.ArgumentParser, args: argparse.Namespace, rules, players: int, defaults: dict[str, str]):
    """The game's config from the command line's options (``defaults`` when none is given), or a usage error."""
    choices: dict[str, str] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            parser.error(f"--option takes KEY=VALUE, not {item!r}")
        choices[key.strip()] = value.strip()
    for name, value in vars(args).items():
        if name.startswith("option_") and value is not None:
            choices[name.removeprefix("option_")] = value.strip()
    known = {option.key for option in rules.options}
    unknown = sorted(set(choices) - known)
    if unknown:
        offered = ", ".join(sorted(known)) or "none"
        parser.error(f"{rules.title} has no option {unknown[0]!r} (its options: {offered})")
    try:
        return rules.make_config(players, choices or defaults)
    except ValueError as exc:
        parser.error(str(exc))


def _parse_seats(parser: argparse.ArgumentParser, text: str):
    from flight_tui.table.seats import parse_seat

    parts = text.split(",")
    empty = next((i for i, p in enumerate(parts) if not p.strip()), None)
    if empty is not None:
        parser.error(f"seat {empty + 1} of --seats {text!r} is empty: each seat is human, random, easy, normal or hard")
    try:
        return [parse_seat(p, i) for i, p in enumerate(parts)]
    except ValueError as exc:
        parser.error(str(exc))


def _check_seats(parser: argparse.ArgumentParser, rules, seats) -> None:
    """The game takes this many players, and has a bot of every level asked for."""
    if not rules.min_players <= len(seats) <= rules.max_players:
        parser.error(f"{rules.title} is for {rules.min_players} to {rules.max_players} players, not {len(seats)}")
    levels = rules.spec.bot_levels
    missing = next((seat.kind for seat in seats if seat.is_bot and seat.kind not in levels), None)
    if missing is not None:
        parser.error(f"{rules.title} has no {missing} bot (its bots: {', '.join(levels)})")


def _new_table(parser: argparse.ArgumentParser, args: argparse.Namespace):
    from flight_tui.games import get_rules
    from flight_tui.table import Table

    rules = get_rules(args.game)
    seats = _parse_seats(parser, args.seats or get_spec(args.game).seats)
    _check_seats(parser, rules, seats)
    config = _config(parser, args, rules, len(seats), {})
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    return Table(rules, config, seed, seats)


def _run_app(args: argparse.Namespace, **kwargs) -> int:
    from flight_tui import paths

    try:
        paths.check_saves_dir()
    except OSError as error:
        sys.stderr.write(
            f"flight-tui: cannot save games in {paths.saves_dir()}: {error.strerror or error}. "
            "Choose a folder that can be written with --data-dir DIR.\n"
        )
        return UNUSABLE_DATA_DIR
    from flight_tui.ui.app import FlightTuiApp

    app = FlightTuiApp(theme=getattr(args, "theme", None), exit_grace=EXIT_GRACE, **kwargs)
    app.run()
    return app.return_code or 0


def _list_saves(as_json: bool) -> int:
    import msgspec

    from flight_tui.saves import SaveStore, format_saves

    entries = SaveStore().list_saves()
    if as_json:
        sys.stdout.write(msgspec.json.encode(entries).decode() + "\n")
    else:
        sys.stdout.write(format_saves(entries) + "\n")
    return 0


def _locate() -> int:
    """Print the folders flight-tui uses, one per line, each after its label."""
    from flight_tui import paths
    from flight_tui.ui.settings import config_path

    places = {
        "data": paths.data_dir(),
        "config": paths.config_dir(),
        "config file": config_path(),
        "themes": paths.themes_dir(),
    }
    width = max(map(len, places)) + 1
    sys.stdout.write("".join(f"{label + ':':<{width}} {place}\n" for label, place in places.items()))
    return 0


def _simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from flight_tui.games import get_rules
    from flight_tui.simulate import format_report, report_json, simulate

    spec = get_spec(args.game)
    seats = _parse_seats(parser, args.seats or spec.bot_seats)
    if any(not s.is_bot for s in seats):
        parser.error("a simulation is played by bots only: use random, easy, normal or hard")
    rules = get_rules(args.game)
    _check_seats(parser, rules, seats)
    if args.games <= 0:
        parser.error("--games must be a positive number")
    if args.workers < 0:
        parser.error("--workers must be 0 (one per core) or more")
    config = _config(parser, args, rules, len(seats), spec.simulate_choices)
    with _progress_bar(args.games, shown=not args.json) as progress:
        report = simulate(args.game, seats, args.games, args.seed, config=config, workers=args.workers, progress=progress)
    sys.stdout.write((report_json(report) if args.json else format_report(report)) + "\n")
    return INTERRUPTED if report.interrupted else 0


@contextmanager
def _progress_bar(total: int, *, shown: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress callback drawing games done, rate and time left on stderr, if it is a terminal.

    Yields None (no progress) when not ``shown`` or when stderr is not a terminal.
    """
    from rich.console import Console

    console = Console(stderr=True)
    if not shown or not console.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games, {task.fields[rate]},"),
        TimeRemainingColumn(),
        TextColumn("left"),
    )
    with Progress(*columns, console=console, transient=True, refresh_per_second=2) as bar:
        task = bar.add_task("simulate", total=total, rate="? games/s")

        def progress(done: int, _total: int) -> None:
            speed = bar.tasks[0].speed
            bar.update(task, completed=done, rate=f"{speed:.1f} games/s" if speed else "? games/s")

        yield progress


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.data_dir:
        from flight_tui import paths

        paths.set_data_dir(args.data_dir)
    if args.command == "new":
        return _run_app(args, table=_new_table(parser, args))
    if args.command == "continue":
        return _run_app(args, start="continue")
    if args.command == "saves":
        return _list_saves(args.json)
    if args.command == "locate":
        return _locate()
    if args.command == "serve":
        from flight_tui.serve.commands import serve

        return serve(args)
    if args.command == "join":
        from flight_tui.serve.commands import join

        return join(args.service, args.identity, args.name, getattr(args, "theme", None), EXIT_GRACE)
    if args.command == "simulate":
        try:
            return _simulate(parser, args)
        except KeyboardInterrupt:  # a second Ctrl+C while the report is written
            return INTERRUPTED
    return _run_app(args)


if __name__ == "__main__":
    raise SystemExit(main())
