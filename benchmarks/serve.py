"""``flight-tui serve``: memory per player, time to the lobby, bytes per keypress over SSH, table service throughput.

Starts the real ``flight-tui serve`` (an empty data folder, a fresh key in its authorized-keys
file, ``--port 0``) and reaches it with asyncssh's client in an 80x24 terminal
(``xterm-256color``), drawn with pyte:

- **time to the lobby**: from opening the connection to the lobby's "No tables yet" on screen,
  ``--connections`` times one after the other (median, p95, max); with ``--busy N``, again
  while N processes spin on the CPU (a machine under load); and the CPU time the server and
  the processes it started used meanwhile (median: what a login costs the machine, whatever
  else runs on it);
- **memory per player**: with ``--players`` connected at once, the proportional set size (PSS,
  shared pages split between processes) of each player's app process (median), the PSS of all
  the processes the server started (the apps, and the fork server that forks them) divided by
  the players, and how much the server process grew (median);
- **bytes per keypress**: a Flight table (the player and an open seat), then Right and Left
  along the hand ``--keys`` times; after each key the channel is read until it has been silent
  for 100 ms (median, p95, max);
- **actions per second**: the table service alone (in this process) with ``--tables`` Flight
  tables of two players each, every player an in-process client that plays its first legal
  move (from its view) whenever it is asked; actions completed per second over ``--seconds``.

``--compare CHECKOUT`` runs a second server from another checkout of flight-tui (say, main in a
second worktree: its ``python -m flight_tui``, started in that folder) beside this one, and
measures both in the same rounds (connections alternate), so that a change is compared with
the code before it under the same load. The players' apps come from the server's fork server,
which (before it put a source folder first on its path) imported the ``flight_tui`` installed
for its Python ahead of the checkout's folder: compared with such code, the other checkout's
players would run this code. ``--compare-python PYTHON`` gives a Python for the compared
servers (one with that checkout installed, or none); the run stops if the players would run
other code.

    python benchmarks/serve.py [--connections 20] [--players 10] [--keys 40] [--tables 20] [--seconds 10]
                               [--busy 2] [--compare CHECKOUT [--compare-python PYTHON]]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flight_tui.games import get_rules  # noqa: E402
from flight_tui.serve import protocol as P  # noqa: E402
from flight_tui.serve.service import TableService  # noqa: E402

QUIET = 0.1
RIGHT, LEFT = b"\x1b[C", b"\x1b[D"


class Terminal(asyncssh.SSHClientSession):
    """An 80x24 screen fed by the channel; ``bytes`` counts bytes since it was last emptied."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.bytes = 0
        self.last = time.monotonic()

    def data_received(self, data: bytes, datatype) -> None:
        self.bytes += len(data)
        self.last = time.monotonic()
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)


def players_package(python: str, root: Path) -> Path:
    """The ``flight_tui`` package a server started in ``root`` with ``python`` gives its players:
    what that checkout's fork server finds, by its own start (``BOOT``'s path step)."""
    ask = "import json; from flight_tui.serve.zygote import BOOT, PACKAGE_ROOT; print(json.dumps([BOOT, PACKAGE_ROOT]))"
    boot, package_root = json.loads(subprocess.run([python, "-c", ask], cwd=root, capture_output=True, text=True, check=True).stdout)
    find = boot.split("from flight_tui.serve.zygote")[0] + "import flight_tui; print(flight_tui.__path__[0])"
    found = subprocess.run([python, "-E", "-P", "-c", find, package_root], capture_output=True, text=True, check=True)
    return Path(found.stdout.strip()).resolve()


def same_code(package: Path, other: Path) -> bool:
    """Whether two copies of the ``flight_tui`` package hold the same Python files."""
    def files(folder: Path) -> dict[str, bytes]:
        return {str(path.relative_to(folder)): path.read_bytes() for path in folder.rglob("*.py")}

    return package == other or files(package) == files(other)


class Server:
    """A ``flight-tui serve`` of the checkout ``root`` on a free port, letting in the holder of ``key``."""

    def __init__(self, root: Path, key: asyncssh.SSHKey, *options: str, python: str = sys.executable) -> None:
        self.root = root
        self.name = "this code" if root == ROOT else str(root)
        players_copy = players_package(python, root)
        if not same_code(players_copy, root / "flight_tui"):
            raise SystemExit(f"The players of {root} would run the flight_tui of {players_copy.parent} (installed for {python}): see --compare-python.")
        folder = Path(tempfile.mkdtemp(prefix="serve-bench-"))
        (folder / "keys").write_bytes(key.export_public_key())
        command = [python, "-m", "flight_tui", "--data-dir", str(folder / "data"), "serve", "--port", "0",
                   "--authorized-keys", str(folder / "keys"), "--max-per-address", "1000", "--max-connections", "1000", *options]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=root)
        self.port = 0
        while not self.port:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"flight-tui serve of {root} did not start")
            found = re.search(r"port (\d+)", line)
            self.port = int(found.group(1)) if found else 0

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


async def connect(port: int, key, name: str) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel, Terminal]:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None)
    chan, terminal = await conn.create_session(Terminal, term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return conn, chan, terminal


async def until(terminal: Terminal, text: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while text not in terminal.text():
        if time.monotonic() > end:
            raise RuntimeError(f"{text!r} did not show:\n{terminal.text()}")
        await asyncio.sleep(0.01)


async def silent(terminal: Terminal, since: float = 0.0) -> None:
    """Until the channel has been silent for 100 ms (after its first byte since ``since``, waited for up to a second)."""
    end = time.monotonic() + 1
    while terminal.last < since and time.monotonic() < end:
        await asyncio.sleep(0.005)
    while time.monotonic() - terminal.last < QUIET:
        await asyncio.sleep(0.01)


def pss_kb(pid: int) -> int:
    """The process's proportional set size in KB (0 once it has ended)."""
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    except (ProcessLookupError, FileNotFoundError):
        return 0
    for line in lines:
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs, that are still running."""
    found = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                found += [int(c) for c in (task / "children").read_text().split()]
            except (ProcessLookupError, FileNotFoundError):
                continue
    except FileNotFoundError:
        return []
    return found + [grandchild for child in found for grandchild in descendants(child)]


def has_terminal(pid: int) -> bool:
    """Whether the process has a controlling terminal (a player's app has; the fork server has none)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (ProcessLookupError, FileNotFoundError):
        return False
    return int(stat.rpartition(")")[2].split()[4]) != 0


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[round(q * (len(ordered) - 1))]


def cpu_ticks(pid: int) -> dict[int, int]:
    """The CPU time (user and system, in clock ticks) each of ``pid`` and its descendants has used so far."""
    used = {}
    for each in [pid, *descendants(pid)]:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rpartition(")")[2].split()
        except (ProcessLookupError, FileNotFoundError):
            continue
        used[each] = int(fields[11]) + int(fields[12])
    return used


async def lobby_time(server: Server, key, name: str) -> tuple[float, float]:
    """Seconds from connecting to the lobby on screen, and the CPU seconds the server and its processes used meanwhile."""
    before = cpu_ticks(server.process.pid)
    start = time.monotonic()
    conn, _, terminal = await connect(server.port, key, name)
    await until(terminal, "No tables yet")
    elapsed = time.monotonic() - start
    after = cpu_ticks(server.process.pid)
    conn.close()
    await conn.wait_closed()
    cpu = sum(ticks - before.get(pid, 0) for pid, ticks in after.items()) / os.sysconf("SC_CLK_TCK")
    return elapsed, cpu


async def lobby_times(servers: list[Server], key, connections: int) -> dict[Server, list[tuple[float, float]]]:
    """Time to the lobby, and CPU used, on each server, ``connections`` times, the servers alternating."""
    times: dict[Server, list[tuple[float, float]]] = {server: [] for server in servers}
    for n in range(connections):
        for server in servers:
            times[server].append(await lobby_time(server, key, f"P{n}"))
            await asyncio.sleep(0.3)
    return times


async def memory(server: Server, key, players: int) -> str:
    base = pss_kb(server.process.pid)
    sessions = [await connect(server.port, key, f"M{n}") for n in range(players)]
    for _, _, terminal in sessions:
        await until(terminal, "No tables yet")
    await asyncio.sleep(1)
    started = descendants(server.process.pid)
    apps = [kb for kb in (pss_kb(pid) for pid in started if has_terminal(pid)) if kb]
    everything = sum(map(pss_kb, started)) / players
    grown = (pss_kb(server.process.pid) - base) / players
    for conn, _, _ in sessions:
        conn.close()
    await asyncio.sleep(1)
    return f"{statistics.median(apps) / 1024:.1f}, {everything / 1024:.1f}, {grown / 1024:.2f}"


async def at_flight_table(server: Server, key, name: str) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel, Terminal]:
    """A player who has opened a Flight table (the player and an open seat), its screen settled."""
    conn, chan, terminal = await connect(server.port, key, name)
    await until(terminal, "No tables yet")
    for typed in ("n", "\x1b[B", "\x1b[D", "\r"):
        chan.write(typed.encode())
        await asyncio.sleep(0.3)
    await until(terminal, "Flight · Hand 1")
    await asyncio.sleep(0.5)
    await silent(terminal)
    return conn, chan, terminal


async def keypress_bytes(server: Server, key, keys: int) -> str:
    conn, chan, terminal = await at_flight_table(server, key, "Ann")
    counts = []
    for i in range(keys):
        terminal.bytes = 0
        pressed = time.monotonic()
        chan.write(RIGHT if (i // 4) % 2 == 0 else LEFT)
        await silent(terminal, pressed)
        counts.append(terminal.bytes)
    conn.close()
    return f"{statistics.median(counts):,.0f}, {quantile(counts, 0.95):,}, {max(counts):,}"


def spin(count: int) -> list[subprocess.Popen]:
    """``count`` processes that keep a CPU busy until they are killed."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


async def over_ssh(args: argparse.Namespace) -> dict[str, str]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    servers = [*(Server(root, key, python=args.compare_python) for root in args.compare), Server(ROOT, key)]
    figures = {}
    try:
        await asyncio.sleep(2)  # the servers' own start-up is over
        for server in servers:  # a warm-up: file system caches
            await lobby_time(server, key, "W")
        loads = [("quiet", 0)] + ([(f"{args.busy} busy processes", args.busy)] if args.busy else [])
        for label, busy in loads:
            spinning = spin(busy)
            try:
                times = await lobby_times(servers, key, args.connections)
            finally:
                for process in spinning:
                    process.kill()
                    process.wait()
            for server, measured in times.items():
                seconds = [elapsed for elapsed, _ in measured]
                figures[f"time to the lobby (s), {label}, {server.name}: median, p95, max"] = (
                    f"{statistics.median(seconds):.2f}, {quantile(seconds, 0.95):.2f}, {max(seconds):.2f}"
                )
                figures[f"CPU to the lobby, server and its processes (ms), {label}, {server.name}: median"] = (
                    f"{statistics.median(cpu for _, cpu in measured) * 1000:.0f}"
                )
        for server in servers:
            figures[f"memory per player with {args.players} players (MB), {server.name}: app PSS median, all started processes' PSS per player, server growth"] = (
                await memory(server, key, args.players)
            )
        for server in servers:
            figures[f"bytes per keypress over SSH at 80x24, {server.name}: median, p95, max"] = await keypress_bytes(server, key, args.keys)
    finally:
        for server in servers:
            server.stop()
    return figures


async def throughput(tables: int, seconds: float) -> str:
    """Actions per second the table service completes with ``tables`` two-player Flight tables."""
    rules = get_rules("flight")
    view_type = P.view_type(rules)
    folder = Path(tempfile.mkdtemp(prefix="serve-bench-service-"))
    service = TableService(folder, bot_delay=0)
    await service.start()
    done = 0
    stop = asyncio.Event()

    async def client(identity: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        reader, writer = await asyncio.open_unix_connection(str(service.socket_path), limit=P.MAX_FRAME)
        writer.write(P.frame(P.Hello(identity, identity)))
        return reader, writer

    async def read(reader: asyncio.StreamReader):
        header = await reader.readexactly(P.HEADER.size)
        return P.decode_service(await reader.readexactly(P.frame_length(header)))

    async def play(reader, writer, seat: int) -> None:
        nonlocal done
        waiting = False  # for the answer to this player's move
        while not stop.is_set():
            message = await read(reader)
            if isinstance(message, P.Done | P.Refused):
                waiting = False
                done += isinstance(message, P.Done)
            update = message.update if isinstance(message, P.Done) else message
            if waiting or not isinstance(update, P.Update) or update.view is None or seat not in update.to_act:
                continue
            view = P.unpack(update.view, view_type)
            writer.write(P.frame(P.Act(seat, P.pack(rules.legal_actions_from_view(view)[0]))))
            waiting = True

    players = []
    for t in range(tables):
        first = await client(f"a{t}")
        await read(first[0])
        first[1].write(P.frame(P.CreateTable("flight", [P.SeatChoice("me"), P.SeatChoice("open")])))
        seated = None
        while not isinstance(seated, P.Seated):
            seated = await read(first[0])
        second = await client(f"b{t}")
        await read(second[0])
        second[1].write(P.frame(P.TakeSeat(seated.table, 1)))
        players += [(first, 0), (second, 1)]
    tasks = [asyncio.ensure_future(play(r, w, seat)) for (r, w), seat in players]
    await asyncio.sleep(1)
    start_count, start = done, time.monotonic()
    await asyncio.sleep(seconds)
    rate = (done - start_count) / (time.monotonic() - start)
    stop.set()
    for task in tasks:
        task.cancel()
    for (_, writer), _ in players:
        writer.close()
    await asyncio.sleep(0.2)
    await service.stop()
    return f"{rate:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--busy", type=int, default=0, metavar="N", help="also time the lobby while N processes spin")
    parser.add_argument("--compare", action="append", default=[], type=lambda p: Path(p).resolve(), metavar="CHECKOUT",
                        help="also measure the server of the flight-tui checkout in this folder (repeatable)")
    parser.add_argument("--compare-python", default=sys.executable, metavar="PYTHON",
                        help="the Python that runs the compared checkouts' servers (default: this one)")
    args = parser.parse_args()
    figures = asyncio.run(over_ssh(args))
    if args.tables:
        figures[f"actions per second, table service, {args.tables} tables"] = asyncio.run(throughput(args.tables, args.seconds))
    for label, value in figures.items():
        print(f"figure: serve {label} = {value}")


if __name__ == "__main__":
    main()
