"""``flight-tui serve``: how many connected players one machine holds while an active player's keys stay quick.

Starts the real ``flight-tui serve`` (as ``benchmarks/serve.py`` does) and, on 127.0.0.1, one
active player who opens a Flight table (the player and an open seat) and moves along the hand
(Right and Left). Then, for each count in ``--players``, connects idle players up to that
count (each in the lobby, in an 80x24 terminal, reading what comes and pressing nothing) and
measures the active player's **keypress round trip**: from sending the key until the last byte
of the redraw it caused (the channel then silent for 100 ms), ``--keys`` times (median, p95).
At each count it also reports the memory of the server and of every process it started (PSS,
per player), the CPU they used while the keys were measured, and the machine's available
memory. It stops after the first count whose p95 is over ``--limit`` ms (150) twice in a row,
when a batch of players takes more than ``--timeout`` seconds to connect, or when the machine
has less than ``--reserve`` MB available.

The idle players' clients run in this process, on the same machine as the server: what the
machine holds is then shared between the server and the clients, so the count measured here is
lower than that of a machine that only serves.

``--compare CHECKOUT`` measures the server of another checkout of flight-tui (say, main in a
second worktree) in the same way, after this code's (one server at a time); ``--compare-python``
as in ``serve.py`` (the compared players must run that checkout's code).

    python benchmarks/serve_capacity.py [--players 0,25,50,100,200] [--keys 40] [--limit 150] [--reserve 4000]
                                        [--compare CHECKOUT [--compare-python PYTHON]]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

import asyncssh
import pyte

from serve import LEFT, RIGHT, ROOT, Server, Terminal, at_flight_table, descendants, pss_kb, quantile, silent


class Idle(asyncssh.SSHClientSession):
    """A player who only reads: drawn until the lobby shows, then only counted."""

    def __init__(self) -> None:
        self.screen: pyte.Screen | None = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.ready = asyncio.Event()
        self.bytes = 0

    def data_received(self, data: bytes, datatype) -> None:
        self.bytes += len(data)
        if self.screen is None:
            return
        self.stream.feed(data)
        if any(" takes " in line or "No tables yet" in line for line in self.screen.display):  # the lobby's hint
            self.ready.set()
            self.screen = self.stream = None


async def idle_player(port: int, key, name: str) -> asyncssh.SSHClientConnection:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None)
    _, session = await conn.create_session(Idle, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    await session.ready.wait()
    return conn


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time the processes have used so far (user and system)."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except (ProcessLookupError, FileNotFoundError):
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def available_mb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def round_trips(chan, terminal: Terminal, keys: int) -> list[float]:
    """Milliseconds from each key to the last byte of its redraw."""
    times = []
    for i in range(keys):
        await silent(terminal)
        pressed = time.monotonic()
        chan.write(RIGHT if (i // 4) % 2 == 0 else LEFT)
        await silent(terminal, pressed)
        if terminal.last > pressed:
            times.append((terminal.last - pressed) * 1000)
    return times


async def measure(root: Path, key, args: argparse.Namespace) -> list[str]:
    server = Server(root, key, python=sys.executable if root == ROOT else args.compare_python)
    lines = []
    idle: list[asyncssh.SSHClientConnection] = []
    over = 0
    try:
        await asyncio.sleep(2)
        conn, chan, terminal = await at_flight_table(server, key, "Ann")
        for count in args.players:
            start, before = time.monotonic(), len(idle)
            try:
                while len(idle) < count:
                    batch = range(len(idle), min(count, len(idle) + args.batch))
                    idle += await asyncio.wait_for(
                        asyncio.gather(*(idle_player(server.port, key, f"I{n}") for n in batch)), args.timeout
                    )
            except (asyncio.TimeoutError, OSError, asyncssh.Error) as error:
                lines.append(f"{count} idle players: not all connected ({type(error).__name__} {error}); stopped at {len(idle)}")
                break
            connected = time.monotonic() - start
            await asyncio.sleep(2)  # the last ones' start-up is over
            started = descendants(server.process.pid)
            cpu, clock = cpu_seconds([server.process.pid, *started]), time.monotonic()
            times = await round_trips(chan, terminal, args.keys)
            cpu = (cpu_seconds([server.process.pid, *started]) - cpu) / (time.monotonic() - clock)
            players = len(idle) + 1
            memory = (pss_kb(server.process.pid) + sum(map(pss_kb, started))) / 1024
            p95 = quantile(times, 0.95)
            lines.append(
                f"{count} idle + 1 active: keypress round trip median {statistics.median(times):.0f} ms, p95 {p95:.0f} ms; "
                f"server and its processes {memory:,.0f} MB PSS ({memory / players:.1f} MB per player), CPU {cpu:.0%} of a core; "
                f"machine's available memory {available_mb():,.0f} MB; {len(idle) - before} more connected in {connected:.1f} s"
            )
            print(f"  {server.name}: {lines[-1]}", file=sys.stderr, flush=True)
            over = over + 1 if p95 > args.limit else 0
            if over == 2 or available_mb() < args.reserve:
                break
        conn.close()
        for other in idle:
            other.close()
    finally:
        server.stop()
    return lines


async def main_async(args: argparse.Namespace) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    for root in [ROOT, *args.compare]:
        name = "this code" if root == ROOT else str(root)
        for line in await measure(root, key, args):
            print(f"figure: serve capacity, {name}, {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=lambda text: [int(n) for n in text.split(",")], default=[0, 25, 50, 100, 200],
                        help="the counts of idle players, comma-separated, increasing")
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--limit", type=float, default=150, help="stop after two counts in a row whose p95 is over this (ms)")
    parser.add_argument("--reserve", type=float, default=4000, help="stop when the machine has less memory available (MB)")
    parser.add_argument("--batch", type=int, default=10, help="idle players connecting at once")
    parser.add_argument("--timeout", type=float, default=120, help="seconds a batch may take to connect")
    parser.add_argument("--compare", action="append", default=[], type=lambda p: Path(p).resolve(), metavar="CHECKOUT")
    parser.add_argument("--compare-python", default=sys.executable, metavar="PYTHON", help="the Python that runs the compared checkouts' servers")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
