"""The state's own random source.

A splitmix64 generator: one 64-bit integer of state, so cloning is a few slot copies (``random.Random``
costs ~16 µs to clone, which search cannot afford), and the same seed gives the same stream on every
machine and Python version. Shuffles and dice of every game come from here and nowhere else. Its outputs
are computed a few dozen at a time (:func:`stream`, issue 24: a shuffle or a die costs 0.6–0.7 of what
the step written out in bytecode did) and taken one by one, so every draw is exactly the plain
generator's.

Where ``python -m kansei.build`` has compiled :mod:`kansei.core.native_rng`, the same generator in native
64-bit integers (a shuffle ~8 times as fast), :func:`generator` makes that one instead: states and
search worlds draw the same numbers either way (``tests/core/test_native_rng.py``).
"""

from __future__ import annotations

import hashlib
import random
import sys
from array import array
from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from . import compiled

if TYPE_CHECKING:  # pragma: no cover
    from .native_rng import NativeRng

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_FIRST = 1  # outputs a generator (or a clone) computes at its first draw (a world may draw only once)
_MOST = 64  # the most it computes at once (each refill doubles the one before, up to this)


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any printable parts (used for per-game seeds in simulations)."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


_lanes: dict[int, tuple[int, int, int]] = {}


def _lane_constants(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes of 128 bits: 1 in every lane, ``(k + 1)·γ`` in lane ``k``, 2⁶⁴ − 1 in every
    lane."""
    found = _lanes.get(count)
    if found is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum(((k + 1) * _GAMMA) << (128 * k) for k in range(count))
        found = _lanes[count] = (ones, steps, ones * _MASK)
    return found


def stream(s: int, count: int) -> list[int]:
    """The next ``count`` outputs of the generator in state ``s`` (what ``count`` calls of ``next64``
    return), computed together: each in its own 128-bit lane of one Python integer, so CPython's long
    arithmetic runs splitmix64's step for all of them in C, not once per draw in bytecode (a fourth of
    the cost a draw for 32 of them). A lane is twice as wide as a value, so a product never reaches the
    next lane; after each shift the bits that came down from the next lane are masked off (``low``)."""
    ones, steps, low = _lane_constants(count)
    x = (s * ones + steps) & low  # lane k: the state after k + 1 steps
    x ^= (x >> 30) & low
    x = (x * _MIX1) & low
    x ^= (x >> 27) & low
    x = (x * _MIX2) & low
    x ^= (x >> 31) & low
    words = array("Q", x.to_bytes(16 * count, "little"))  # two 64-bit words a lane, its value first
    if sys.byteorder == "big":
        words.byteswap()
    return words[::2].tolist()


class Rng:
    """splitmix64. Its outputs are computed a few dozen at a time (:func:`stream`) and drawn one by one;
    a clone shares those already computed (a list never changed once made), so cloning stays a few slot
    copies, and ``s`` is always the state after the draws taken so far, as if each were computed alone."""

    __slots__ = ("_base", "_ahead", "_taken", "_batch")

    def __init__(self, seed: int = 0):
        self._base = seed & _MASK  # the state before the first output in ``_ahead``
        self._ahead: list[int] = []  # outputs computed ahead, from ``_base`` on
        self._taken = 0  # how many of them are drawn
        self._batch = _FIRST  # how many the next refill computes (at least)

    @property
    def s(self) -> int:
        """The generator's state: 64 bits that decide every draw to come."""
        return (self._base + self._taken * _GAMMA) & _MASK

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r._base = self._base
        r._ahead = self._ahead
        r._taken = self._taken
        r._batch = _FIRST  # a clone often draws a little (a search's one-ply look-ahead): start small
        return r

    def __getstate__(self) -> dict[str, Any]:
        return {"s": self.s}

    def __setstate__(self, state: dict[str, Any]) -> None:
        Rng.__init__(self, state["s"])

    def _refill(self, need: int) -> list[int]:
        """Outputs ahead for ``need`` draws from the current state on: the ones computed but not drawn
        yet, then as many more as are missing (the batch at least), computed from the state after them,
        so no output is computed twice (a shuffle past the end of a batch used to recompute its rest:
        a third of what a Touge race computed)."""
        ahead = self._ahead
        left = ahead[self._taken :]
        after = (self._base + len(ahead) * _GAMMA) & _MASK  # the state after every output computed
        count = max(need - len(left), self._batch)
        self._batch = min(2 * count, _MOST)
        more = stream(after, count)
        self._base = (self._base + self._taken * _GAMMA) & _MASK  # the state before ``left``'s first
        self._ahead = left + more if left else more
        self._taken = 0
        return self._ahead

    def next64(self) -> int:
        taken = self._taken
        ahead = self._ahead
        if taken == len(ahead):
            ahead = self._refill(1)
            taken = 0
        self._taken = taken + 1
        return ahead[taken]

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). Modulo bias is below 2**-40 for every n a game uses."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return self.next64() % n

    def die(self, sides: int) -> int:
        """A die roll, 1..sides (``next64`` written out: dice are the hot path of the racing games)."""
        taken = self._taken
        ahead = self._ahead
        if taken == len(ahead):
            ahead = self._refill(1)
            taken = 0
        self._taken = taken + 1
        return 1 + ahead[taken] % sides

    def coin(self) -> int:
        return self.next64() & 1

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place: one output of ``next64`` per element, from the end, all drawn at once."""
        need = len(seq) - 1
        if need <= 0:
            return
        taken = self._taken
        ahead = self._ahead
        if len(ahead) - taken < need:
            ahead = self._refill(need)
            taken = 0
        self._taken = taken + need
        i = need
        for z in ahead[taken : taken + need]:
            j = z % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1


class RandomSource(Protocol):
    """What a state's random source offers its game (``State.rng``): :class:`Rng`, the compiled
    :class:`~kansei.core.native_rng.NativeRng` (the same stream) or a :class:`ScriptedRng`."""

    @property
    def s(self) -> int: ...

    def clone(self) -> RandomSource: ...

    def next64(self) -> int: ...

    def below(self, n: int) -> int: ...

    def die(self, sides: int) -> int: ...

    def coin(self) -> int: ...

    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...

    def shuffle(self, seq: MutableSequence[T]) -> None: ...


def _native() -> type[NativeRng] | None:
    """``NativeRng`` where :mod:`kansei.core.native_rng` runs compiled, else None (as Python it is
    correct but slower than :class:`Rng`)."""
    compiled.install()  # the guard picks the module's source where KANSEI_PURE is set or it is stale
    from . import native_rng

    return native_rng.NativeRng if compiled.runs_compiled(native_rng) else None


_NATIVE = _native()


def generator(seed: int) -> RandomSource:
    """The fastest generator of this process for ``seed``: ``NativeRng(seed)`` where it is compiled,
    else ``Rng(seed)``; the same stream either way. (A pickled ``NativeRng`` comes back through it.)"""
    return Rng(seed) if _NATIVE is None else _NATIVE(seed)


def from_random(rng: random.Random) -> RandomSource:
    """A :func:`generator` seeded from a ``random.Random`` (what ``determinize`` gives a world)."""
    return generator(rng.getrandbits(64))


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
        r = ScriptedRng(self.script)
        r.used = self.used
        return r

    def __getstate__(self) -> dict[str, Any]:
        return {"script": self.script, "used": self.used}

    def __setstate__(self, state: dict[str, Any]) -> None:
        ScriptedRng.__init__(self, state["script"])
        self.used = state["used"]

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


def start_rng(seed: int) -> RandomSource:
    """The random source a new state starts with: :func:`generator` for ``seed``, or a scripted one in
    :func:`scripted_start`."""
    script = _START_SCRIPT.get()
    return generator(seed) if script is None else ScriptedRng(script)
