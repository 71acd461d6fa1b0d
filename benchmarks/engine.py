"""Engine speed: random playouts per second.

Plays whole games with uniformly random legal actions for a fixed time and counts actions
and hands. Flight is measured with two and with four players (one hand per game). When the
``[bench]`` extra is installed, OpenSpiel's ``gin_rummy`` and RLCard's ``gin-rummy`` are
measured the same way in the same run, and the ratios are printed.

Subjects are run interleaved (A, B, C, A, B, C, ...) so that drift of the machine's speed
affects all of them alike; the figures are medians over the repetitions.

An "action" is a decision of a player. OpenSpiel also steps through chance nodes (dealing,
drawing from the stock); those are sampled by their probabilities and counted separately,
because Flight and RLCard do their shuffling inside the player's action.

Run: ``python benchmarks/engine.py [--seconds S] [--reps N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

TARGET_VS_OPENSPIEL = 1.5


@dataclass
class Tally:
    """What one timed run of a subject did."""

    actions: int = 0
    chance: int = 0
    hands: int = 0
    seconds: float = 0.0


@dataclass
class Subject:
    """A game to measure: a name and a function playing random games for some seconds."""

    name: str
    play_for: Callable[[float, random.Random], Tally]
    runs: list[Tally] = field(default_factory=list)

    def median(self, what: str) -> float:
        """Median over the runs of ``what`` ("actions", "chance" or "hands") per second."""
        return statistics.median(getattr(t, what) / t.seconds for t in self.runs)


def flight_playouts(players: int) -> Callable[[float, random.Random], Tally]:
    """Random one-hand games of Flight for ``players`` seats."""
    from flight_tui.games.flight.rules import FLIGHT, FlightConfig

    config = FlightConfig(players=players, hands=1)
    new_game, to_act, legal, apply, is_over = (
        FLIGHT.new_game, FLIGHT.to_act, FLIGHT.legal_actions, FLIGHT.apply, FLIGHT.is_over)

    def play_for(seconds: float, rng: random.Random) -> Tally:
        tally = Tally()
        choice, clock = rng.choice, time.perf_counter
        start = clock()
        while clock() - start < seconds:
            state = new_game(config, rng.getrandbits(63))
            while not is_over(state):
                seat = to_act(state)[0]
                apply(state, seat, choice(legal(state, seat)))
                tally.actions += 1
            tally.hands += 1
        tally.seconds = clock() - start
        return tally

    return play_for


def openspiel_playouts() -> Callable[[float, random.Random], Tally]:
    """Random games of OpenSpiel's gin_rummy; chance outcomes sampled by their probabilities."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def play_for(seconds: float, rng: random.Random) -> Tally:
        tally = Tally()
        choice, choices, clock = rng.choice, rng.choices, time.perf_counter
        start = clock()
        while clock() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes())
                    state.apply_action(choices(outcomes, weights)[0])
                    tally.chance += 1
                else:
                    state.apply_action(choice(state.legal_actions()))
                    tally.actions += 1
            tally.hands += 1
        tally.seconds = clock() - start
        return tally

    return play_for


def rlcard_playouts() -> Callable[[float, random.Random], Tally]:
    """Random games of RLCard's gin-rummy environment."""
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 0})

    def play_for(seconds: float, rng: random.Random) -> Tally:
        tally = Tally()
        choice, clock = rng.choice, time.perf_counter
        start = clock()
        while clock() - start < seconds:
            env.seed(rng.getrandbits(31))
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(choice(list(state["legal_actions"])))
                tally.actions += 1
            tally.hands += 1
        tally.seconds = clock() - start
        return tally

    return play_for


def peers() -> tuple[list[Subject], list[str]]:
    """The peer engines that are installed, and a note for each one that is not."""
    found, missing = [], []
    for name, module, make in (
        ("OpenSpiel gin_rummy", "pyspiel", openspiel_playouts),
        ("RLCard gin-rummy", "rlcard", rlcard_playouts),
    ):
        try:
            found.append(Subject(name, make()))
        except ImportError:
            missing.append(f"{name}: not installed ({module}); install the [bench] extra to compare.")
    return found, missing


def measure(subjects: list[Subject], seconds: float, reps: int, seed: int) -> None:
    """Run every subject ``reps`` times for ``seconds`` each, interleaved."""
    rng = random.Random(seed)
    for subject in subjects:  # warm-up: imports, caches, first allocations
        subject.play_for(min(0.3, seconds), random.Random(rng.getrandbits(64)))
    for rep in range(reps):
        for subject in subjects:
            subject.runs.append(subject.play_for(seconds, random.Random(rng.getrandbits(64))))
        print(f"  repetition {rep + 1}/{reps} done", file=sys.stderr, flush=True)


def report(subjects: list[Subject], missing: list[str]) -> None:
    """Print the table, the ratios and the figure lines."""
    print(f"{'subject':<22}{'actions/s':>12}{'hands/s':>10}{'actions/hand':>14}{'chance/s':>11}")
    for s in subjects:
        per_hand = sum(t.actions for t in s.runs) / max(1, sum(t.hands for t in s.runs))
        chance = f"{s.median('chance'):>11,.0f}" if any(t.chance for t in s.runs) else f"{'-':>11}"
        print(f"{s.name:<22}{s.median('actions'):>12,.0f}{s.median('hands'):>10,.1f}{per_hand:>14.1f}{chance}")
    for note in missing:
        print(note)
    flight2 = subjects[0]
    print()
    for s in subjects:
        print(f"figure: engine {s.name} actions/s = {s.median('actions'):,.0f}")
        print(f"figure: engine {s.name} hands/s = {s.median('hands'):,.1f}")
    for peer in subjects[2:]:
        ratio = flight2.median("actions") / peer.median("actions")
        line = f"figure: engine Flight 2p / {peer.name} actions/s = {ratio:.2f}x"
        if peer.name.startswith("OpenSpiel"):
            verdict = "met" if ratio >= TARGET_VS_OPENSPIEL else "NOT met"
            line += f" (target >= {TARGET_VS_OPENSPIEL}x: {verdict})"
            with_chance = peer.median("actions") + peer.median("chance")
            print(f"figure: engine Flight 2p / {peer.name} incl. chance steps = "
                  f"{flight2.median('actions') / with_chance:.2f}x")
        print(line)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run (default 2)")
    parser.add_argument("--reps", type=int, default=5, help="repetitions per subject (default 5)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="short runs (1 s x 3) for a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.reps = 1.0, 3
    subjects = [Subject("Flight 2p", flight_playouts(2)), Subject("Flight 4p", flight_playouts(4))]
    found, missing = peers()
    subjects += found
    print(f"Random playouts, {args.reps} x {args.seconds:g} s per subject, interleaved; medians.")
    measure(subjects, args.seconds, args.reps, args.seed)
    report(subjects, missing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
