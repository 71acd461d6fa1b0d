"""How sure a search is: the lead of one candidate move over another, sample by sample.

The Hard bots compare candidate moves over the same sampled deals, so the difference between
two candidates is measured sample by sample; its standard error says how sure the search is.
A Hard bot leaves its default move (the Normal bot's) only for a clear gain
(:func:`clear_improvement`), and the hint reads the chosen move's lead over the runner-up
(:func:`summarize`) to say when a choice is a close call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

CLOSE_ERRORS = 1.0
"""A lead within this many standard errors of the runner-up is a close call."""
CLEAR_ERRORS = 1.0
"""A gain over the default move counts as clear beyond this many standard errors."""


class SearchSummary(msgspec.Struct, frozen=True):
    """The chosen move's lead over the runner-up, per sample on average, and its standard error."""

    samples: int
    lead: float
    error: float

    @property
    def close(self) -> bool:
        """Whether the runner-up did about as well (the lead is within :data:`CLOSE_ERRORS` errors)."""
        return self.lead <= CLOSE_ERRORS * self.error


def lead(ahead: Sequence[float], behind: Sequence[float]) -> SearchSummary:
    """How far ``ahead`` led ``behind`` over the same samples, on average, with its standard error."""
    diffs = [a - b for a, b in zip(ahead, behind)]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return SearchSummary(samples=n, lead=mean, error=math.sqrt(variance / n))


def summarize(results: Sequence[Sequence[float]], chosen: int) -> SearchSummary | None:
    """Compare candidate ``chosen`` with the best other one over the same samples (None with one candidate)."""
    others = [i for i in range(len(results)) if i != chosen]
    if not others or not results[chosen]:
        return None
    runner_up = max(others, key=lambda i: sum(results[i]))
    return lead(results[chosen], results[runner_up])


def clear_improvement(results: Sequence[Sequence[float]], margin: float = 0.0, errors: float = CLEAR_ERRORS) -> int:
    """The candidate to play: the one that led the first (the default move) by most over the
    same samples, if that lead is above ``margin`` and above ``errors`` standard errors; else the
    first. With few noisy samples the best mean is often luck: leaving the default move only for
    a clear gain keeps the search from trading a good move for a lucky one."""
    if len(results[0]) < 2:
        return 0
    best, best_lead = 0, 0.0
    for i in range(1, len(results)):
        gain = lead(results[i], results[0])
        if gain.lead > margin and gain.lead > errors * gain.error and gain.lead > best_lead:
            best, best_lead = i, gain.lead
    return best
