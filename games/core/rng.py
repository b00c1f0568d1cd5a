"""A small seeded generator (SplitMix64) whose whole state is one integer.

It lives inside each game state, so the same seed and the same actions always
give the same game, and a state round-trips through JSON with its randomness.
"""

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng(BaseModel):
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=seed & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
