"""Write the example save of each game at the current save format into ``saves/``.

Run from the repository root: ``python tests/saves/make_examples.py``. Existing files are
never replaced: the examples of older formats must stay, so that tests keep proving that
old saves still load. Run it after bumping the save format, and when a new game is added.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from flight_tui.bots import make_bot
from flight_tui.games import get_rules
from flight_tui.saves import CURRENT_VERSION
from flight_tui.saves.atomic import write_atomic
from flight_tui.saves.codec import encode
from flight_tui.table import Table, parse_seat

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "saves"
WRITTEN = datetime(2025, 1, 1, 12, 0, tzinfo=timezone.utc)


def example(game: str, seats: tuple[str, ...], seed: int, choices: dict[str, str], actions: int) -> Table:
    """A game with these seats after ``actions`` moves chosen by random players."""
    rules = get_rules(game)
    specs = [parse_seat(text, i) for i, text in enumerate(seats)]
    table = Table(rules, rules.make_config(len(specs), choices), seed, specs)
    players = [make_bot(game, "random", i) for i in range(len(specs))]
    while len(table.actions) < actions and not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, players[seat].choose(table.view(seat)))
    return table


EXAMPLES = {
    "flight": lambda: example("flight", ("human:Ann", "normal:Bob", "hard:Cleo"), 1954, {}, 30),
    "passaportas": lambda: example(
        "passaportas", ("human:Ann", "normal:Bob", "easy:Cleo", "hard:Dev"), 1950, {}, 40
    ),
    "connecting-flights-coop": lambda: example(
        "connecting-flights-coop", ("human:Ann", "normal:Bob"), 2021, {"difficulty": "medium"}, 25
    ),
    "connecting-flights": lambda: example(
        "connecting-flights", ("human:Ann", "normal:Bob", "hard:Cleo"), 2021, {"continents": "second"}, 90
    ),
}
"""One example table per game: a game in progress with a person and bots."""


def example_path(directory: Path, game: str, version: int = CURRENT_VERSION) -> Path:
    return directory / f"{game}-v{version}.json"


def write_examples(directory: Path) -> list[Path]:
    """Write the missing current-format examples into ``directory``; return what was written."""
    written = []
    for game, make in EXAMPLES.items():
        path = example_path(directory, game)
        if not path.exists():
            write_atomic(path, encode(make(), created=WRITTEN, updated=WRITTEN), keep_backup=False)
            written.append(path)
    return written


if __name__ == "__main__":
    paths = write_examples(EXAMPLES_DIR)
    print("\n".join(f"wrote {p.name}" for p in paths) or "all examples exist already")
