"""The kernel on its own: random source, actions, options, registry, content and deck files, replays."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kansei
from kansei import ContentError, IllegalAction, OptionError
from kansei.core import replay as replays
from kansei.core.content import read_deck, slug
from kansei.core.rng import Rng, derive_seed, from_random


def test_rng_stream_is_fixed_across_machines():
    """splitmix64 reference values: the same seed gives the same stream everywhere."""
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_rng_clone_continues_identically():
    r = Rng(42)
    r.next64()
    c = r.clone()
    assert [r.die(20) for _ in range(50)] == [c.die(20) for _ in range(50)]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 1000))
def test_rng_below_stays_in_range(seed, n):
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


def test_rng_dice_are_fair_enough():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.die(6) - 1] += 1
    assert all(9400 < c < 10600 for c in counts)


def test_rng_shuffle_is_a_permutation():
    r = Rng(3)
    xs = list(range(100))
    r.shuffle(xs)
    assert sorted(xs) == list(range(100)) and xs != list(range(100))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(0, 60), sides=st.integers(1, 30))
def test_rng_shuffle_and_die_draw_the_stream_of_next64(seed, n, sides):
    """``shuffle`` and ``die`` write the generator's step out (speed): they must still be Fisher–Yates
    and ``1 + next64() % sides`` over the very same stream, leaving the generator in the same state."""
    fast, ref = Rng(seed), Rng(seed)
    xs, ys = list(range(n)), list(range(n))
    fast.shuffle(xs)
    for i in range(n - 1, 0, -1):
        j = ref.next64() % (i + 1)
        ys[i], ys[j] = ys[j], ys[i]
    assert xs == ys and fast.s == ref.s
    assert [fast.die(sides) for _ in range(5)] == [1 + ref.next64() % sides for _ in range(5)]
    assert fast.s == ref.s


def _splitmix64(s: int) -> tuple[int, int]:
    """One step of splitmix64 written plainly: (the next state, its output)."""
    s = (s + 0x9E3779B97F4A7C15) & (2**64 - 1)
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    return s, z ^ (z >> 31)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    draws=st.lists(st.tuples(st.sampled_from(["die", "shuffle", "clone", "pickle"]), st.integers(1, 90))),
)
def test_rng_draws_computed_ahead_are_the_plain_stream(seed, draws):
    """The generator computes its outputs ahead, many at once (``stream``): every draw, a clone's and an
    unpickled copy's too, is still the next output of plain splitmix64, and ``s`` its state so far."""
    import pickle

    r, s = Rng(seed), seed
    for kind, n in draws:
        if kind == "die":
            s, z = _splitmix64(s)
            assert r.die(n) == 1 + z % n
        elif kind == "shuffle":
            xs, ys = list(range(n)), list(range(n))
            r.shuffle(xs)
            for i in range(n - 1, 0, -1):
                s, z = _splitmix64(s)
                j = z % (i + 1)
                ys[i], ys[j] = ys[j], ys[i]
            assert xs == ys
        elif kind == "clone":
            r = r.clone()
        else:
            r = pickle.loads(pickle.dumps(r))
        assert r.s == s


def test_rng_from_random_depends_only_on_the_given_generator():
    assert from_random(random.Random(5)).s == from_random(random.Random(5)).s


def test_derive_seed_is_stable():
    assert derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)


def test_actions_compare_by_notation():
    a, b = kansei.Action("pass", "pass"), kansei.Action("pass", "other")
    assert a == b and hash(a) == hash(b) and str(a) == "pass"
    assert a != kansei.Action("done")


def test_registry_lists_and_refuses():
    assert "touge" in kansei.games()
    with pytest.raises(OptionError, match="unknown game 'nope' \\(valid: "):
        kansei.load("nope")


def test_option_errors_list_valid_options():
    with pytest.raises(OptionError) as e:
        kansei.load("touge", speed=3)
    assert "unknown option 'speed'" in str(e.value) and "mode=time_attack|sudden_death" in str(e.value)
    with pytest.raises(OptionError, match="redraws"):
        kansei.load("touge", redraws=9)


def test_player_count_is_checked():
    with pytest.raises(OptionError, match="3 players is not allowed"):
        kansei.load("touge").start(seed=1, players=3)


def test_slug():
    assert slug("Gum-Tape Death Match") == "gum-tape-death-match"
    assert slug("Irohazaka Hairpin I") == "irohazaka-hairpin-i"


def test_read_deck_text_and_toml(tmp_path: Path):
    p = tmp_path / "d.txt"
    p.write_text("# my deck\nName: Night Kids\nCar: Civic EG6\n3 Akina First Hairpin\n2x Jump\n\n")
    d = read_deck(p)
    assert d.name == "Night Kids" and d.meta["car"] == ["Civic EG6"]
    assert d.cards == [("Akina First Hairpin", 3), ("Jump", 2)]
    t = tmp_path / "d.toml"
    t.write_text('name = "X"\ncar = "AE-86 Trueno"\n[cards]\n"Jump" = 2\n')
    d = read_deck(t)
    assert d.counts() == {"Jump": 2} and d.meta["car"] == "AE-86 Trueno"


def test_read_deck_reports_every_bad_line(tmp_path: Path):
    p = tmp_path / "d.txt"
    p.write_text("3 Jump\nthree Jump\n0 Jump\n")
    with pytest.raises(ContentError) as e:
        read_deck(p)
    assert len(e.value.problems) == 2 and "d.txt:2:" in e.value.problems[0]
    t = tmp_path / "bad.toml"
    t.write_text("[cards\n")
    with pytest.raises(ContentError, match="not valid TOML"):
        read_deck(t)


def test_illegal_action_leaves_state_unchanged():
    s = kansei.load("touge").start(seed=2)
    before = json.dumps(s.reveal(), sort_keys=True)
    with pytest.raises(IllegalAction, match="^'road nowhere' is not a legal action now$"):
        s.apply(kansei.Action("road nowhere", "road", (99999,)))
    with pytest.raises(IllegalAction):
        s.apply("tune supercharger @9")
    assert json.dumps(s.reveal(), sort_keys=True) == before


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), junk=st.text(max_size=30))
def test_any_refused_text_changes_nothing(seed, steps, junk):
    """Property: random text is either a legal notation (accepted) or refused with the state unchanged."""
    s = kansei.load("touge").start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    legal = {a.notation for a in s.legal_actions()}
    before = json.dumps(s.reveal(), sort_keys=True)
    try:
        s.apply(junk)
    except IllegalAction:
        assert json.dumps(s.reveal(), sort_keys=True) == before
    else:
        assert " ".join(junk.split()).lower() in legal


def test_replay_roundtrip(tmp_path: Path):
    g = kansei.load("touge", mode="sudden_death")
    s = g.start(seed=5)
    acts = []
    rng = random.Random(5)
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        acts.append(a.notation)
        s.apply(a)
    rep = replays.make_replay("touge", g.options_dict, 5, 2, None, None, acts, s)
    path = replays.save(tmp_path / "r.json", rep)
    res = replays.run(replays.read(path))
    assert res.ok and res.reproduced and res.state.winner == s.winner
    rep["seed"] = 6  # another seed: the same actions no longer fit or give another result
    res = replays.run(rep)
    assert not res.ok


def test_replay_file_problems_are_listed(tmp_path: Path):
    p = tmp_path / "r.json"
    p.write_text(json.dumps({"format": "other", "seed": "x", "actions": [1]}))
    with pytest.raises(ContentError) as e:
        replays.read(p)
    assert len(e.value.problems) == 4
