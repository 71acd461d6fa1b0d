"""Other copies of flight-tui on the same data folder: one that is running, one that has ended."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from flight_tui.saves import codec
from flight_tui.table import Table

HOLDER = textwrap.dedent(
    """
    import sys
    from flight_tui.saves import SaveStore

    table = SaveStore(sys.argv[1]).load(sys.argv[2])
    print("open", flush=True)
    sys.stdin.read()  # keep the game open until the test closes our standard input
    """
)


@contextmanager
def another_copy_playing(saves: Path, slot: str) -> Iterator[subprocess.Popen]:
    """A separate process that has loaded ``slot`` from ``saves`` to play it, until the block ends."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(saves), slot],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        assert line.strip() == "open", process.stderr.read()
        yield process
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def autosave_left_behind(saves: Path, table: Table, slot: str = "autosave-flight-20250101-120000") -> str:
    """An autosave of ``table`` in ``saves``, as a copy of the program that has since ended left it."""
    written = datetime(2025, 1, 1, 12, tzinfo=timezone.utc)
    saves.mkdir(parents=True, exist_ok=True)
    (saves / f"{slot}.json").write_bytes(codec.encode(table, created=written, updated=written))
    return slot
