"""How long a test waits for something to happen before it fails.

Tests wait for a condition (a text on the screen, a state of the app, a process's end), never
for a fixed time, and give up only after ``PATIENCE`` seconds: a slow or loaded machine makes a
test slower, never red. A test that passes does not wait this long.
"""

from __future__ import annotations

import time
from collections.abc import Callable

PATIENCE = 120.0
"""Seconds to wait for a condition that a quick machine meets in well under one."""


def wait_until(condition: Callable[[], object], timeout: float = PATIENCE, interval: float = 0.05) -> bool:
    """Poll ``condition`` until it holds (True) or ``timeout`` seconds have gone by (False)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return bool(condition())
        time.sleep(interval)
    return True
