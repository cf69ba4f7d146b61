"""The core's generator in native 64-bit integers (``core/native_rng.py``) draws exactly ``Rng``'s stream:
run as Python (everywhere) and compiled (where ``python -m kansei.build`` built it), every draw, clone
and pickle of it matches ``Rng`` draw for draw, and a state gets it only where it runs compiled."""

from __future__ import annotations

import importlib.util
import pickle
import random
from array import array
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kansei.core import compiled, native_rng, rng
from kansei.core.rng import Rng


def source() -> ModuleType:
    """``native_rng.py`` run as Python, whether or not its compiled form is built."""
    path = Path(native_rng.__file__).with_name("native_rng.py")
    spec = importlib.util.spec_from_file_location("kansei.core._native_rng_source", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILT = compiled.runs_compiled(native_rng)
FORMS = [pytest.param(source(), id="as-python")] + [
    pytest.param(native_rng, id="compiled", marks=pytest.mark.skipif(not BUILT, reason="not compiled"))
]
EDGES = [0, 1, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1]
RANGES = [1, 2, 3, 6, 20, 45, 2**31, 2**62 - 1, 2**62, 2**63 + 5, 2**70]  # the last three: the slow path

draw = st.tuples(
    st.sampled_from(["next64", "below", "die", "coin", "random", "choice", "shuffle", "clone", "pickle"]),
    st.integers(0, 60),
    st.sampled_from(RANGES),
)


@pytest.mark.parametrize("form", FORMS)
@settings(max_examples=150, deadline=None)
@given(seed=st.one_of(st.sampled_from(EDGES), st.integers(0, 2**64 - 1)), draws=st.lists(draw, max_size=30))
def test_native_rng_draws_rngs_stream(form, seed, draws):
    ref, fast = Rng(seed), form.NativeRng(seed)
    assert fast.s == ref.s == seed
    for kind, size, n in draws:
        if kind == "next64":
            assert fast.next64() == ref.next64()
        elif kind == "below":
            assert fast.below(n) == ref.below(n)
        elif kind == "die":
            assert fast.die(size + 1) == ref.die(size + 1)
        elif kind == "coin":
            assert fast.coin() == ref.coin()
        elif kind == "random":
            assert fast.random() == ref.random()
        elif kind == "choice":
            assert fast.choice(range(size + 1)) == ref.choice(range(size + 1))
        elif kind == "shuffle":
            xs, ys = list(range(size)), list(range(size))
            fast.shuffle(xs)
            ref.shuffle(ys)
            assert xs == ys
        elif kind == "clone":
            fast = fast.clone()
        else:
            fast = pickle.loads(pickle.dumps(fast))
        assert fast.s == ref.s


@pytest.mark.parametrize("form", FORMS)
def test_native_rng_shuffles_any_mutable_sequence_as_rng_does(form):
    fast, ref = form.NativeRng(9), Rng(9)
    xs, ys = array("i", range(40)), array("i", range(40))
    fast.shuffle(xs)
    ref.shuffle(ys)
    assert xs == ys and fast.s == ref.s


@pytest.mark.parametrize("form", FORMS)
def test_native_rng_refuses_an_empty_range_like_rng(form):
    with pytest.raises(ValueError, match="n > 0"):
        form.NativeRng(1).below(0)


def test_wrap_reduces_python_ints_to_64_bits():
    """As Python, sums and products past 64 bits are reduced to the i64 with the same low 64 bits."""
    wrap = source().wrap
    assert wrap(2**63) == -(2**63) and wrap(-(2**63) - 1) == 2**63 - 1
    product = 0x9E3779B97F4A7C15 * 0xBF58476D1CE4E5B9
    assert wrap(product) % 2**64 == product % 2**64 and -(2**63) <= wrap(product) < 2**63
    assert wrap(-5) == -5 and wrap(2**63 - 1) == 2**63 - 1


def test_states_get_the_native_generator_only_where_it_runs_compiled():
    made = rng.generator(5)
    assert type(made) is (native_rng.NativeRng if BUILT else Rng)
    assert made.s == 5 and type(rng.from_random(random.Random(1))) is type(made)
    back = pickle.loads(pickle.dumps(source().NativeRng(77)))  # pickled where it ran as Python
    assert type(back) is type(made) and back.s == 77  # comes back as this process's generator
