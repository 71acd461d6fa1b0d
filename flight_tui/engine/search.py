"""What a searching bot found for its last choice: how far the move it chose led the runner-up.

The Hard bots compare candidate moves over the same sampled deals, so the difference between
two candidates is measured sample by sample; its standard error says how sure the search is.
The hint reads it to say when a choice is a close call.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

CLOSE_ERRORS = 1.0
"""A lead within this many standard errors of the runner-up is a close call."""


class SearchSummary(msgspec.Struct, frozen=True):
    """The chosen move's lead over the runner-up, per sample on average, and its standard error."""

    samples: int
    lead: float
    error: float

    @property
    def close(self) -> bool:
        """Whether the runner-up did about as well (the lead is within :data:`CLOSE_ERRORS` errors)."""
        return self.lead <= CLOSE_ERRORS * self.error


def summarize(results: Sequence[Sequence[float]], chosen: int) -> SearchSummary | None:
    """Compare candidate ``chosen`` with the best other one over the same samples (None with one candidate)."""
    others = [i for i in range(len(results)) if i != chosen]
    if not others or not results[chosen]:
        return None
    runner_up = max(others, key=lambda i: sum(results[i]))
    diffs = [a - b for a, b in zip(results[chosen], results[runner_up])]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return SearchSummary(samples=n, lead=mean, error=math.sqrt(variance / n))
