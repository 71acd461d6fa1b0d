"""Every game with two remote players, each seat's screen through the real SSH front (issue 19).

The cooperative mode's second seat used to crash (its screen read seat 0's view); here each
game's table is opened by one player with an open seat that another player takes, and both
screens must show the table, not a crash.
"""

from __future__ import annotations

import asyncio
import re
import sys

import pytest

from tests.serve.ssh_helpers import Player, ServeProcess

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX pseudo-terminals")

GAMES = [  # (the title in the lobby, what both table screens show at the start)
    ("Flight", "Hand 1"),
    ("Passaportas", "Round 1"),
    ("Connecting Flights (cooperative)", "Set-up"),
    ("Connecting Flights (competitive)", "Set-up"),
]


async def two_at(opener: Player, joiner: Player, index: int) -> tuple[str, str]:
    """Two guests at a table of the ``index``th game: the opener's screen and the joiner's."""
    title, shown = GAMES[index]
    try:
        assert await opener.wait_for("Welcome") and await joiner.wait_for("Welcome")
        opener.send("n")
        assert await opener.wait_for("New table")
        opener.send("\x1b[C" * index)  # the next game, as often as needed
        assert await opener.wait_for(title)
        opener.send("\x1b[B")  # Players
        assert await opener.wait_for("> Players"), opener.text()
        for _ in range(6):  # one step at a time, each waited for: a loaded server may draw late
            players = int(re.search(r"Players\s+< (\d) >", opener.text())[1])
            if players == 2:
                break
            opener.send("\x1b[D" if players > 2 else "\x1b[C")
            assert await opener.wait_for(f"< {players - 1 if players > 2 else players + 1} >"), opener.text()
        assert "< 2 >" in opener.text(), opener.text()
        opener.send("\r")
        assert await opener.wait_for(shown, 60), opener.text()
        line = f"{title} · Ann{index}, open seat"
        for _ in range(3):
            if await joiner.wait_for(line, 20):
                break
            await joiner.press("r")  # ask for the lobby again
        assert line in joiner.text(), joiner.text()
        listed = [row for row in joiner.screen.display if row.startswith("  │ ") and " · " in row]
        place = next(n for n, row in enumerate(listed) if f"{title} · Ann{index}, open" in row)
        joiner.send("\x1b[H" + "\x1b[B" * place + "\r")  # Home, then down to this table, and in
        assert await joiner.wait_for(shown, 60), joiner.text()
        await opener.quiet(1)
        return opener.text(), joiner.text()
    finally:
        opener.close(), joiner.close()


def test_every_game_opens_for_two_remote_players_each_at_their_own_seat(tmp_path):
    serve = ServeProcess(tmp_path / "data", env={"FLIGHT_TUI_JOIN_CODE": "gate-42"}).start()
    try:

        async def all_games():
            players = [await Player.connect(serve.port, f"{name}{n}", password="gate-42") for n in range(len(GAMES)) for name in ("Ann", "Bob")]
            return [await two_at(players[2 * n], players[2 * n + 1], n) for n in range(len(GAMES))]

        screens = asyncio.run(asyncio.wait_for(all_games(), 170))
    finally:
        serve.stop()
    log = serve.log_text()
    assert "crashed" not in log and "Traceback" not in log, log
    for index, (opener, joiner) in enumerate(screens):
        assert "something went wrong" not in opener + joiner
        assert "Welcome" not in joiner and GAMES[index][1] in joiner  # at the table, not in the lobby
