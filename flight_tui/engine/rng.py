"""A small deterministic random generator whose whole state is one integer.

The state lives inside each game's state, so saving a game saves its randomness, and a seed
plus a list of actions always replays to the identical game on every platform and Python
version (unlike :mod:`random`, whose algorithms may change between versions).
The generator is SplitMix64 (Steele, Lea & Flood, 2014).
"""

from __future__ import annotations

import hashlib

import msgspec

_MASK = (1 << 64) - 1


class Rng(msgspec.Struct):
    """SplitMix64 generator; ``state`` is the only thing to save."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """A generator for a seed (any integer).

        The seed goes through one SplitMix64 output step, so neighbouring seeds give
        unrelated streams (not the same stream shifted by one).
        """
        return cls(cls(seed & _MASK).next64())

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self) -> int:
        """One six-sided die."""
        return self.below(6) + 1

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]


def derived_seed(seed: int, *parts: object) -> int:
    """A seed for something that must not learn ``seed`` (a bot of a game): a one-way hash.

    ``derived_seed(game_seed, "bot", seat)`` gives each seat's bot its own stream; since the
    hash cannot be inverted, no bot can recover the game's seed, and with it the deal.
    """
    text = ":".join([str(seed), *map(str, parts)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
