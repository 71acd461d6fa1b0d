"""Run every benchmark and print a summary of all figures at the end.

Each benchmark is a script in this folder, run in its own Python process one after the other
(so that they do not compete for the processor). Scripts that are not there are reported as
missing. A script reports a figure by printing a line ``figure: <name> = <value>``; for a script
that prints none, the summary shows the last lines of its output instead.

Run: ``python benchmarks/run.py [--quick] [--only NAME ...]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = (
    "engine",
    "startup",
    "keypress_bytes",
    "action_bytes",
    "autosave",
    "history",
    "bots",
    "passaportas",
    "keypress_bytes_passaportas",
    "replay",
    "connecting_flights",
    "keypress_bytes_coop",
    "serve",
    "serve_capacity",
)
SLOW = ("bots", "passaportas", "connecting_flights", "serve_capacity")
"""Skipped by ``--quick`` unless the script itself offers a ``--quick`` option."""
FIGURE_PREFIX = "figure: "
TAIL_LINES = 8


def offers_quick(script: Path, env: dict[str, str]) -> bool:
    """Whether ``script --help`` mentions a ``--quick`` option."""
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True,
                          check=False, env=env, cwd=HERE.parent, timeout=120)
    return done.returncode == 0 and "--quick" in done.stdout


def run_one(script: Path, args: list[str], env: dict[str, str]) -> tuple[int, list[str]]:
    """Run a benchmark script, echoing its output; return its exit status and its stdout lines."""
    lines: list[str] = []
    with subprocess.Popen([sys.executable, str(script), *args], stdout=subprocess.PIPE, text=True,
                          env=env, cwd=HERE.parent) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            lines.append(line.rstrip("\n"))
    return proc.returncode, lines


def summary_lines(status: int, lines: list[str]) -> list[str]:
    """The figures a script printed, or the tail of its output if it printed none."""
    figures = [line[len(FIGURE_PREFIX):] for line in lines if line.startswith(FIGURE_PREFIX)]
    shown = figures or [line for line in lines if line.strip()][-TAIL_LINES:]
    if status != 0:
        shown.append(f"FAILED (exit status {status})")
    return shown


def select(parser: argparse.ArgumentParser, only: list[str]) -> list[str]:
    """The benchmarks named by ``--only`` (a unique prefix is enough), in the usual order."""
    chosen = set()
    for name in only:
        matches = [b for b in BENCHMARKS if b == name] or [b for b in BENCHMARKS if b.startswith(name)]
        if len(matches) != 1:
            parser.error(f"unknown benchmark {name!r}; choose from {', '.join(BENCHMARKS)}")
        chosen.add(matches[0])
    return [b for b in BENCHMARKS if b in chosen]


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Run flight-tui's benchmarks and summarise the figures.")
    parser.add_argument("--quick", action="store_true",
                        help="short runs; skip the bot tournament unless it has a quick mode")
    parser.add_argument("--only", action="append", metavar="NAME", default=[],
                        help=f"run only this benchmark (repeatable): {', '.join(BENCHMARKS)}")
    args = parser.parse_args(argv)
    names = select(parser, args.only) if args.only else list(BENCHMARKS)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    machine = (f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, "
               f"{os.cpu_count()} logical CPUs, load average {os.getloadavg()[0]:.1f}, "
               f"{time.strftime('%Y-%m-%d %H:%M')}")
    print(machine)
    summary: dict[str, list[str]] = {}
    failed = False
    for name in names:
        script = HERE / f"{name}.py"
        if not script.exists():
            summary[name] = ["not run: the script does not exist"]
            continue
        extra = []
        if args.quick:
            if offers_quick(script, env):
                extra = ["--quick"]
            elif name in SLOW:
                summary[name] = ["skipped by --quick"]
                continue
        print(f"\n=== {name} {' '.join(extra)}".rstrip(), flush=True)
        started = time.perf_counter()
        status, lines = run_one(script, extra, env)
        summary[name] = summary_lines(status, lines)
        summary[name].append(f"(took {time.perf_counter() - started:.0f} s)")
        failed |= status != 0
    print(f"\n=== Summary ({machine})")
    for name, shown in summary.items():
        print(f"{name}:")
        for line in shown:
            print(f"  {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
