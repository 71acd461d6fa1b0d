"""The ``flight-tui`` command line.

``flight-tui`` opens the menu; ``new``, ``learn``, ``continue``, ``replay``, ``saves``, ``history``, ``simulate``, ``locate``, ``serve``,
``join`` and ``completion`` are described by ``flight-tui --help`` (the parser is in :mod:`flight_tui.cli_args`).
Bad arguments print one line and exit with status 2; Ctrl+C outside the app exits with status 130
(a simulation first prints the report of the games it finished).
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

if TYPE_CHECKING:
    import argparse

INTERRUPTED = 130
"""The exit status after Ctrl+C (128 + SIGINT), as shells report it."""
UNUSABLE_DATA_DIR = 1
NOTHING_TO_CONTINUE = 1
UNREADABLE_SAVE = 2
"""The exit status of ``replay`` with a save that is missing, damaged or not a save."""


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
    from flight_tui.games import get_rules, get_spec
    from flight_tui.table import Table

    rules = get_rules(args.game)
    seats = _parse_seats(parser, args.seats or get_spec(args.game).seats)
    _check_seats(parser, rules, seats)
    config = _config(parser, args, rules, len(seats), {})
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    return Table(rules, config, seed, seats)


def _run_app(theme: str | None, **kwargs) -> int:
    """Run the app in theme ``theme`` (None: the one in the settings); the exit status."""
    from flight_tui import paths

    try:
        paths.check_saves_dir()
    except OSError as error:
        sys.stderr.write(
            f"flight-tui: cannot save games in {paths.saves_dir()}: {error.strerror or error}. "
            "Choose a folder that can be written with --data-dir DIR.\n"
        )
        return UNUSABLE_DATA_DIR
    if kwargs.get("start") == "continue" and not _game_in_progress():
        sys.stderr.write(
            "flight-tui: there is no game in progress to continue. "
            "Start one with 'flight-tui new GAME', or open the menu with 'flight-tui'.\n"
        )
        return NOTHING_TO_CONTINUE
    from flight_tui.ui.app import EXIT_GRACE, FlightTuiApp

    app = FlightTuiApp(theme=theme, exit_grace=EXIT_GRACE, **kwargs)
    app.run()
    return app.return_code or 0


def _text_width() -> int:
    """Columns for a printed table: the terminal's (or ``COLUMNS``), 80 when output goes elsewhere."""
    import shutil

    return shutil.get_terminal_size().columns


def _game_in_progress() -> bool:
    """Whether ``continue`` has an autosave to open (a damaged one counts: the app tells what is wrong)."""
    from flight_tui.saves import SaveError, SaveStore

    try:
        return SaveStore().latest_autosave() is not None
    except SaveError:
        return True


def _replay(args: argparse.Namespace) -> int:
    """Replay a save named by its slot or its path; one that cannot be read is a usage error."""
    from pathlib import Path

    from flight_tui.saves import SaveError, SaveStore
    from flight_tui.saves.codec import decode
    from flight_tui.saves.reading import read_save_file

    name = args.save
    path = Path(name)
    try:
        if os.sep in name or name.endswith(".json") or (os.altsep is not None and os.altsep in name):
            try:
                table = decode(read_save_file(path), path.stem).table
            except OSError as error:
                raise SaveError(path.stem, f"the file cannot be read ({error.strerror or error}).") from None
        else:
            table = SaveStore().read(name)
    except SaveError as error:
        sys.stderr.write(f"flight-tui: cannot replay it: {error}\n")
        return UNREADABLE_SAVE
    return _run_app(args.theme, start="replay", table=table, replay_title=f"Replay of {path.stem}")


def _list_saves(as_json: bool) -> int:
    import msgspec

    from flight_tui.saves import SaveStore, format_saves

    entries = SaveStore().list_saves()
    if as_json:
        sys.stdout.write(msgspec.json.encode(entries).decode() + "\n")
    else:
        sys.stdout.write(format_saves(entries, _text_width()) + "\n")
    return 0


LATEST_GAMES = 50
"""The games ``flight-tui history`` lists without ``--all`` (the standings count every game)."""


def _history(game: str | None, as_json: bool, every_game: bool) -> int:
    """Print the finished games and the standings (what could not be read goes to stderr)."""
    import msgspec

    from flight_tui.history import HistoryStore, standings
    from flight_tui.history.listing import format_history

    records, problems = HistoryStore().read()
    if game is not None:
        records = [record for record in records if record.game == game]
    players = standings(records)
    for problem in problems:
        sys.stderr.write(f"flight-tui: {problem}\n")
    if as_json:
        report = {"games": records, "players": players, "problems": problems}
        sys.stdout.write(msgspec.json.encode(report).decode() + "\n")
    else:
        last = None if every_game else LATEST_GAMES
        sys.stdout.write(format_history(records, players, _text_width(), last) + "\n")
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
    from flight_tui.games import get_rules, get_spec
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
    sys.stdout.write((report_json(report) if args.json else format_report(report, _text_width())) + "\n")
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
    """Run the command line; returns the exit status (Ctrl+C before the app has taken the
    terminal, as it starts: 130, and no traceback)."""
    try:
        return _run_command(argv)
    except KeyboardInterrupt:
        return INTERRUPTED


def _run_command(argv: Sequence[str] | None) -> int:
    """The command line's work (see :func:`main`)."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:  # the menu: no parser to build (it would delay the menu)
        return _run_app(None)
    from flight_tui.cli_args import build_parser

    parser = build_parser()
    args = parser.parse_args(arguments)
    if args.data_dir:
        from flight_tui import paths

        paths.set_data_dir(args.data_dir)
    if args.command == "new":
        return _run_app(args.theme, table=_new_table(parser, args))
    if args.command == "learn":
        from flight_tui.games import game_names
        from flight_tui.lessons import has_lesson

        offered = ", ".join(name for name in game_names() if has_lesson(name))
        if args.game is None:
            parser.error(f"name the game to learn: {offered}")
        if not has_lesson(args.game):
            parser.error(f"{args.game} has no lesson yet (lessons: {offered})")
        return _run_app(args.theme, lesson=args.game)
    if args.command == "continue":
        return _run_app(args.theme, start="continue")
    if args.command == "replay":
        return _replay(args)
    if args.command == "saves":
        return _list_saves(args.json)
    if args.command == "history":
        return _history(args.game, args.json, args.all)
    if args.command == "locate":
        return _locate()
    if args.command == "serve":
        from flight_tui.serve.commands import serve

        return serve(args)
    if args.command == "join":
        from flight_tui.serve.commands import join
        from flight_tui.ui.app import EXIT_GRACE

        return join(args.service, args.identity, args.name, getattr(args, "theme", None), EXIT_GRACE)
    if args.command == "completion":
        from flight_tui.cli_args import completion_script

        sys.stdout.write(completion_script(args.shell))
        return 0
    if args.command == "simulate":
        return _simulate(parser, args)  # a second Ctrl+C while the report is written: see main
    return _run_app(args.theme)


if __name__ == "__main__":
    raise SystemExit(main())
