"""Counting the calls a bot makes to a function of its module, in a test."""

from __future__ import annotations

from types import ModuleType


def count_calls(monkeypatch, module: ModuleType, name: str) -> list[int]:
    """Have ``module.name`` note each call (a 1 in the list returned) and then do as before."""
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls
