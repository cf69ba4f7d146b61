"""The state's own random source.

A splitmix64 generator: one 64-bit integer of state, so cloning is a single int copy (``random.Random``
costs ~16 µs to clone, which search cannot afford), and the same seed gives the same stream on every
machine and Python version. Shuffles and dice of every game come from here and nowhere else.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
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


# -- explicit chance ------------------------------------------------------------------------------------
class ChanceNeeded(Exception):
    """Raised by a :class:`ScriptedRng` asked for a draw past its script: the next draw is uniform over
    ``0 .. outcomes-1`` (``below(outcomes)``). Not a user error: the caller (an adapter that enumerates
    chance, e.g. OpenSpiel's explicit-chance form) catches it, discards the half-stepped copy it was
    working on and offers the ``outcomes`` as a chance node."""

    def __init__(self, outcomes: int):
        super().__init__(f"a chance draw over {outcomes} outcomes is not scripted")
        self.outcomes = outcomes


class NotEnumerable(Exception):
    """A :class:`ScriptedRng` asked for a draw with no finite uniform range (``next64``, ``random``)."""


class ScriptedRng(Rng):
    """A random source whose draws come from a given prefix of outcomes (explicit chance).

    Every draw a game makes is ``below(n)`` underneath (``die(s)`` is ``1 + below(s)``, ``coin()`` is
    ``below(2)``, ``choice(seq)`` is ``seq[below(len(seq))]``, ``shuffle`` is Fisher–Yates with
    ``below(i + 1)`` for ``i`` from the end), so each draw is a uniform chance event with a known range.
    The ``k``-th draw returns ``script[k]``; the first draw past the script raises
    :class:`ChanceNeeded` with its range. An adapter enumerates a chance node by replaying a step on a
    clone with ``script + [outcome]`` for each outcome: the game's code is unchanged, and the outcomes have
    exactly the distribution of the sampled game (a shuffle's steps multiply out to a uniform permutation).
    Raw 64-bit draws (``next64``, ``random``) have no small range: they raise :class:`NotEnumerable`.
    """

    __slots__ = ("script", "used")

    def __init__(self, script: Sequence[int] = ()):
        super().__init__(0)
        self.script: tuple[int, ...] = tuple(script)
        self.used = 0

    def clone(self) -> ScriptedRng:
        r = ScriptedRng.__new__(ScriptedRng)
        r.s, r.script, r.used = self.s, self.script, self.used
        return r

    def next64(self) -> int:
        raise NotEnumerable("a raw 64-bit draw has no enumerable range (use below(n))")

    def random(self) -> float:
        raise NotEnumerable("a float draw has no enumerable range (use below(n))")

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        k = self.used
        if k >= len(self.script):
            raise ChanceNeeded(n)
        v = self.script[k]
        if not 0 <= v < n:
            raise ValueError(f"scripted draw {k} is {v}, outside 0..{n - 1}")
        self.used = k + 1
        return v

    def die(self, sides: int) -> int:
        return 1 + self.below(sides)

    def coin(self) -> int:
        return self.below(2)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


_START_SCRIPT: ContextVar[tuple[int, ...] | None] = ContextVar("kansei_start_script", default=None)


@contextmanager
def scripted_start(script: Sequence[int]) -> Iterator[None]:
    """Within this block, every game started gets a :class:`ScriptedRng` over ``script`` instead of its
    seeded generator, so the draws of its setup (deals, shuffles, coin tosses) are explicit chance too.
    Such a state has no seed that replays it: ``to_dict`` refuses it (pickle it instead)."""
    token = _START_SCRIPT.set(tuple(script))
    try:
        yield
    finally:
        _START_SCRIPT.reset(token)


def start_rng(seed: int) -> Rng:
    """The random source a new state starts with: ``Rng(seed)``, or a scripted one in
    :func:`scripted_start`."""
    script = _START_SCRIPT.get()
    return Rng(seed) if script is None else ScriptedRng(script)
