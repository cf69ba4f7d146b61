"""The core's explicit-chance source (issue 21): ScriptedRng, scripted_start, events_since(copy=False)."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

import kansei
from kansei.core.errors import KanseiError
from kansei.core.rng import ChanceNeeded, NotEnumerable, ScriptedRng, generator, scripted_start


def test_draws_come_from_the_script_then_report_their_range():
    r = ScriptedRng([3, 0, 1])
    assert r.die(6) == 4 and r.coin() == 0 and r.choice("abc") == "b"
    with pytest.raises(ChanceNeeded) as e:
        r.below(5)
    assert e.value.outcomes == 5
    with pytest.raises(ValueError, match="outside"):
        ScriptedRng([7]).die(6)


def test_raw_draws_are_not_enumerable():
    with pytest.raises(NotEnumerable):
        ScriptedRng().next64()
    with pytest.raises(NotEnumerable):
        ScriptedRng().random()


def test_a_scripted_shuffle_is_uniform_fisher_yates():
    """Each permutation of 3 items is reached by exactly one script of ranges 3, 2: uniform, as sampled."""
    seen = Counter()
    for a in range(3):
        for b in range(2):
            items = [0, 1, 2]
            ScriptedRng([a, b]).shuffle(items)
            seen[tuple(items)] += 1
    assert len(seen) == 6 and set(seen.values()) == {1}
    items = [0, 1, 2]
    with pytest.raises(ChanceNeeded) as e:
        ScriptedRng([]).shuffle(items)
    assert e.value.outcomes == 3


def test_clone_and_pickle_keep_the_place_in_the_script():
    r = ScriptedRng([1, 2, 0])
    r.below(2)
    for other in (r.clone(), pickle.loads(pickle.dumps(r))):
        assert isinstance(other, ScriptedRng) and other.below(3) == 2 and other.below(2) == 0


def test_scripted_start_makes_the_deal_explicit_and_unrecorded():
    """Inside scripted_start a game's setup draws come from the script; the state has no seed that
    replays it, so to_dict refuses in one line; outside, the seeded source as ever."""
    game = kansei.load("minid")
    script: list[int] = []
    rng = random.Random(0)
    while True:
        try:
            with scripted_start(script):
                state = game.start(seed=0, players=2)
            break
        except ChanceNeeded as e:
            script.append(rng.randrange(e.outcomes))
    assert script and isinstance(state.rng, ScriptedRng)
    with pytest.raises(KanseiError, match="pickle it instead"):
        state.to_dict()
    plain = game.start(seed=0, players=2)
    assert type(plain.rng) is type(generator(0)) and plain.to_dict()  # the seeded generator


def test_events_since_without_copies_hands_the_logs_own_events():
    game = kansei.load("touge")
    s = game.start(seed=1)
    s.apply(s.legal_actions()[0], seat=s.to_move)
    copied, n = s.events_since(0, 0)
    own, m = s.events_since(0, 0, copy=False)
    assert n == m and len(copied) == len(own) > 0
    assert all(a == b for a, b in zip(copied, own, strict=True))
    logged = [e for _, e in s._log.entries()]
    assert all(any(b is e for e in logged) for b in own)  # the log's objects themselves
    assert not any(a is b for a, b in zip(copied, own, strict=True))
