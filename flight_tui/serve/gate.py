"""Who may try to log in to ``flight-tui serve``: connections still logging in, and failed logins per address.

Connections that have not logged in yet are kept apart from the players (OpenSSH's
``MaxStartups``): at most ``max_startups`` of them at once, ``startups_per_address`` from one
address. A new connection over either limit makes room by dropping the one that has waited
longest (from its own address first), so idle sockets (slowloris) cannot keep a friend out:
they only ever hold the newest places. Failed logins are counted per address over a window;
an address over its budget is refused until its oldest failure leaves the window.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from typing import Callable, Hashable


@dataclass
class GateSettings:
    """The login limits (each is a ``flight-tui serve`` option)."""

    max_startups: int = 10
    startups_per_address: int = 5
    address_failures: int = 20
    failure_window: float = 600.0


class Gate:
    """The connections still logging in, and each address's recent failed logins."""

    def __init__(self, settings: GateSettings, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.clock = clock
        self.waiting: dict[Hashable, str] = {}
        """Connections not logged in yet, oldest first, with their address."""
        self.failures: dict[str, deque[float]] = {}
        self.dropped = 0
        """Connections dropped, in all, to make room for newer ones."""

    def admit(self, connection: Hashable, address: str) -> list[Hashable]:
        """Let a new connection try to log in; the older ones dropped to make room for it."""
        drop = []
        same = [c for c, a in self.waiting.items() if a == address]
        if len(same) >= self.settings.startups_per_address:
            drop.append(same[0])
        elif len(self.waiting) >= self.settings.max_startups:
            drop.append(next(iter(self.waiting)))
        for old in drop:
            del self.waiting[old]
        self.waiting[connection] = address
        self.dropped += len(drop)
        return drop

    def logged_in_or_gone(self, connection: Hashable) -> None:
        self.waiting.pop(connection, None)

    def failed(self, address: str) -> bool:
        """Count a failed login from ``address``; True when this one used up its budget."""
        recent = self._recent(address)
        recent.append(self.clock())
        self.failures[address] = recent
        return len(recent) == self.settings.address_failures

    def blocked_for(self, address: str) -> float:
        """Seconds until ``address`` may try again (0: it may now)."""
        recent = self._recent(address)
        if not recent:
            self.failures.pop(address, None)
        if len(recent) < self.settings.address_failures:
            return 0.0
        return recent[-self.settings.address_failures] + self.settings.failure_window - self.clock()

    def _recent(self, address: str) -> deque[float]:
        """The address's failures within the window (older ones forgotten)."""
        recent = self.failures.get(address, deque())
        while recent and recent[0] <= self.clock() - self.settings.failure_window:
            recent.popleft()
        return recent
