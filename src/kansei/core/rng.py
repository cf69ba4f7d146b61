"""The state's own random source.

A splitmix64 generator: one 64-bit integer of state, so cloning is a single int copy (``random.Random``
costs ~16 µs to clone, which search cannot afford), and the same seed gives the same stream on every
machine and Python version. Shuffles and dice of every game come from here and nowhere else.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any printable parts (used for per-game seeds in simulations)."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0):
        self.s = seed & _MASK

    @classmethod
    def from_random(cls, rng: random.Random) -> Rng:
        """A generator seeded from a ``random.Random`` (used by ``determinize``)."""
        return cls(rng.getrandbits(64))

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.s = self.s
        return r

    def next64(self) -> int:
        s = self.s = (self.s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). Modulo bias is below 2**-40 for every n a game uses."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return self.next64() % n

    def die(self, sides: int) -> int:
        """A die roll, 1..sides (``next64``'s step written out: dice are the hot path of the racing games)."""
        s = self.s = (self.s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return 1 + (z ^ (z >> 31)) % sides

    def coin(self) -> int:
        return self.next64() & 1

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place: the stream of ``next64`` (one step per element), its step written out
        in the loop (a call per element was 16% of an Initial D playout)."""
        s = self.s
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self.s = s
