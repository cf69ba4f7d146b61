"""The core's generator in native 64-bit integers: :class:`~kansei.core.rng.Rng`'s splitmix64, draw for
draw, written for mypyc.

``python -m kansei.build`` compiles this module; compiled, a draw is a handful of machine instructions
with no Python integer made (a 25-card shuffle ~0.7 µs, ~11 µs with ``Rng``'s Python integers), and
:func:`kansei.core.rng.generator` gives every new state and search world a :class:`NativeRng`. Where it
is not compiled (not built, ``KANSEI_PURE=1``, or older than this source: ``core/compiled.py``), states
keep ``Rng``, the faster of the two as Python.

Values are 64-bit two's complement integers (``mypy_extensions.i64``): the generator's state ``s``
(0 ≤ s < 2⁶⁴ in ``Rng``) is held as ``s - 2⁶⁴`` where ``s ≥ 2⁶³``, and a right shift of the unsigned value
is an arithmetic shift with the copies of the sign bit masked off. Compiled, a sum or product that
overflows wraps around modulo 2⁶⁴ (mypyc emits plain C arithmetic with no overflow check, and
``kansei.build`` compiles with ``-fwrapv``, which makes that wrap-around defined C), exactly what
splitmix64's unsigned arithmetic does to the same bits. As Python, where ints never overflow,
:func:`wrap` reduces every sum and product to the same value, so the module is correct either way
(``tests/core/test_native_rng.py`` runs it as both against ``Rng``), only fast compiled.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_SPAN: Final = 1 << 64  # how many values 64 bits hold


def signed(value: int) -> i64:
    """An unsigned 64-bit value (0 ≤ value < 2⁶⁴) as the i64 with the same bits."""
    return i64(value - _SPAN if value >= _SPAN >> 1 else value)


def unsigned(value: i64) -> int:
    """The unsigned 64-bit value whose bits the i64 ``value`` holds (what ``Rng`` returns)."""
    return int(value) + _SPAN if value < 0 else int(value)


# constants past 2⁶² are made once at import: mypyc keeps a Final computed at run time in a native
# static, where a literal that large would be converted from a Python int at every use
_GAMMA: Final = signed(0x9E3779B97F4A7C15)
_MIX1: Final = signed(0xBF58476D1CE4E5B9)
_MIX2: Final = signed(0x94D049BB133111EB)


def wrap(x: i64) -> i64:
    """``x`` modulo 2⁶⁴, as an i64. Compiled, i64 arithmetic has wrapped already and ``x`` is returned as
    it is: ``x >> 62`` is one of -2, -1, 0, 1 for every 64-bit integer, so the test never holds and the C
    compiler drops it. As Python, an int past 64 bits is reduced."""
    if not -2 <= x >> 62 <= 1:
        return _reduce(x)
    return x


def _reduce(x: i64) -> i64:
    """``x`` modulo 2⁶⁴ in the i64 range -2⁶³ .. 2⁶³ - 1 (Python only: see :func:`wrap`)."""
    half = _SPAN >> 1
    return i64((int(x) + half) % _SPAN - half)


def mix(s: i64) -> i64:
    """splitmix64's output for the state ``s`` (after its step): two xor-shift-multiplies and a final
    xor-shift, each shift of the unsigned value."""
    z = wrap((s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1)
    z = wrap((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2)
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def unsigned_mod(z: i64, n: i64) -> i64:
    """``z`` read as unsigned 64 bits, modulo ``n`` (0 < n < 2⁶²): ``Rng``'s ``next64() % n``."""
    if z >= 0:
        return z % n
    half = (z >> 1) & 0x7FFFFFFFFFFFFFFF  # the unsigned value's top 63 bits
    rest = (half % n) * 2 + (z & 1)  # below 2n
    return rest - n if rest >= n else rest


class NativeRng:
    """splitmix64 with its 64-bit state in one native integer: the same stream as ``Rng(seed)``, and
    the same draws (``below``, ``die``, ``coin``, ``random``, ``choice``, ``shuffle``) from it. A clone
    copies one integer; a pickle holds the state ``s`` and comes back as the process's own generator
    (:func:`kansei.core.rng.generator`)."""

    def __init__(self, seed: int = 0) -> None:
        self.state: i64 = signed(seed & (_SPAN - 1))

    @property
    def s(self) -> int:
        """The generator's state: 64 bits that decide every draw to come (``Rng.s``)."""
        return unsigned(self.state)

    def clone(self) -> NativeRng:
        copy = NativeRng()
        copy.state = self.state
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        from kansei.core.rng import generator  # the generator this process plays with

        return (generator, (unsigned(self.state),))

    def step(self) -> i64:
        """The next output, as an i64 (splitmix64: the state moves by γ, the output mixes it)."""
        s = wrap(self.state + _GAMMA)
        self.state = s
        return mix(s)

    def next64(self) -> int:
        return unsigned(self.step())

    def below(self, n: int) -> int:
        """Uniform integer in [0, n): ``next64() % n``."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n > 0x3FFFFFFFFFFFFFFF:  # past unsigned_mod's bound (2⁶² - 1; no game draws from so many)
            return self.next64() % n
        return unsigned_mod(self.step(), i64(n))

    def die(self, sides: int) -> int:
        """A die roll, 1..sides."""
        return 1 + self.below(sides)

    def coin(self) -> int:
        return self.step() & 1

    def random(self) -> float:
        return float((self.step() >> 11) & 0x1FFFFFFFFFFFFF) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates in place, from the end: one output per element, as ``Rng.shuffle``."""
        if isinstance(seq, list):  # every game's zones: the list's own operations, compiled
            self._shuffle_list(seq)
            return
        s = self.state
        i = i64(len(seq)) - 1
        while i > 0:
            s = wrap(s + _GAMMA)
            j = unsigned_mod(mix(s), i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        self.state = s

    def _shuffle_list(self, seq: list[Any]) -> None:
        s = self.state
        i = i64(len(seq)) - 1
        while i > 0:
            s = wrap(s + _GAMMA)
            j = unsigned_mod(mix(s), i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        self.state = s


__all__ = ["NativeRng", "mix", "signed", "unsigned", "unsigned_mod", "wrap"]
