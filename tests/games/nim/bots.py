"""Nim's bot: Normal makes the heaps' nim-sum zero when it can (a sure win), else takes one."""

from functools import reduce
from operator import xor

from nim.rules import NimView, Take


class NormalBot:
    level = "normal"

    def choose(self, view: NimView) -> Take:
        total = reduce(xor, view.heaps, 0)
        heap, size = next((h, s) for h, s in enumerate(view.heaps) if s ^ total < s or not total and s)
        return Take(heap, size - (size ^ total) if total else 1)


def make_bot(level: str, seed: int, **options) -> NormalBot:
    """Nim's one level besides random."""
    return NormalBot()
