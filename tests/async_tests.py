"""Running ``async def`` tests without a plugin: each runs in its own event loop."""

from __future__ import annotations

import asyncio
import functools


def run_async(test):
    """Run an ``async def`` test with asyncio (keeps the test's fixtures and parameters)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))

    return run
