"""A clock for testing time budgets without reading the machine's clock."""

from __future__ import annotations


class SteppingClock:
    """Stands in for the ``time`` module of a bot: ``perf_counter`` moves ``step`` seconds each
    time it is read, so a search with a budget stops after a known number of readings,
    however fast or loaded the machine is."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def perf_counter(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now
