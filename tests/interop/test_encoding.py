"""The shared encodings: action indices round-trip, vocabularies are stable, vectors are fixed-size."""

from __future__ import annotations

import json

import numpy as np
import pytest
from interop_helpers import random_states

import kansei
from kansei.interop import encoding
from kansei.interop.encoding import ActionIndexError, ActionSpace, HashedViewEncoder, SpaceError


def test_action_index_round_trip(config):
    """Every legal action has one index in range; index -> action -> index is the identity; the mask marks
    exactly the legal indices; a listed index describes itself by its notation."""
    gid, n = config
    space = encoding.action_space(kansei.load(gid))
    for s in random_states(gid, n, games=4, every=2):
        legal = s.legal_actions()
        idx = space.indexed(legal)
        assert len(set(idx)) == len(legal) and all(0 <= i < len(space) for i in idx)
        assert space.legal_indices(s) == sorted(idx)
        mask = space.mask(s)
        assert mask.dtype == np.int8 and mask.sum() == len(legal) and all(mask[i] == 1 for i in idx)
        for a, i in zip(legal, idx, strict=True):
            assert space.action(s, i) == a
            assert space.index_of(s, a) == i == space.index_of(s, a.notation)
            if i < len(space.notations):
                assert space.describe(i) == a.notation


def test_game_action_space_hook_is_complete(config):
    """A game that implements ``action_space()`` lists every notation its states produce (no overflow)."""
    gid, n = config
    game = kansei.load(gid)
    if not callable(getattr(game, "action_space", None)):
        pytest.skip(f"{gid} has no action_space() hook yet: the observed fallback is used")
    space = encoding.full_space(game)
    assert space.source == "game" and space.overflow == 0
    for s in random_states(gid, n, games=10, every=1, limit=400):
        missing = [a.notation for a in s.legal_actions() if a.notation not in space.index]
        assert not missing, f"{gid}: action_space() lacks {missing[:5]}"


def test_observed_vocabulary_is_deterministic():
    """The fallback is rebuilt identically (same seeds), so a policy's indices survive a restart."""
    game = kansei.load(kansei.games()[0])
    a = encoding.observed_space(game, games=5, cache=False)
    b = encoding.observed_space(kansei.load(game.id), games=5, cache=False)
    assert a.notations == b.notations and a.digest == b.digest and a.overflow == b.overflow > 0
    assert list(a.notations) == sorted(a.notations)


def test_observed_vocabulary_is_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("KANSEI_CACHE", str(tmp_path))
    game = kansei.load(kansei.games()[0])
    built = encoding.observed_space(game)
    files = list(tmp_path.rglob("*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["digest"] == built.digest
    assert encoding.observed_space(game).notations == built.notations


def test_overflow_slots_keep_states_one_to_one(config):
    """Notations outside a (deliberately tiny) vocabulary take overflow slots in legal order."""
    gid, n = config
    space = ActionSpace(["pass"], overflow=64, source="test")
    for s in random_states(gid, n, games=2, every=3):
        legal = s.legal_actions()
        idx = space.indexed(legal)
        assert sorted(idx) == sorted(set(idx))
        for a, i in zip(legal, idx, strict=True):
            assert space.action(s, i) == a


def test_overflow_exhausted_is_one_clear_line():
    game = kansei.load(kansei.games()[0])
    s = game.start(seed=1)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0], seat=s.to_move)
    with pytest.raises(SpaceError, match="should implement action_space"):
        ActionSpace([], overflow=1).indexed(s.legal_actions())


@pytest.mark.parametrize("bad", [-1, 10**9, 1.5, "3", None, True, np.array([1, 2])])
def test_bad_action_index(bad):
    game = kansei.load(kansei.games()[0])
    s = game.start(seed=0)
    space = encoding.action_space(game)
    with pytest.raises(ActionIndexError) as e:
        space.action(s, bad)
    assert "\n" not in str(e.value) and not e.value.masked
    assert isinstance(e.value, ValueError) and isinstance(e.value, kansei.IllegalAction)


def test_masked_index_is_refused():
    game = kansei.load(kansei.games()[0])
    s = game.start(seed=0)
    space = encoding.action_space(game)
    masked = int(np.flatnonzero(space.mask(s) == 0)[0])
    with pytest.raises(ActionIndexError, match="not legal now") as e:
        space.action(s, masked)
    assert e.value.masked


def test_space_file_round_trip(tmp_path):
    space = ActionSpace(["a", "b c", "ü"], overflow=3, source="test")
    back = ActionSpace.load(space.save(tmp_path / "space.json"))
    assert back.notations == space.notations and back.overflow == 3 and back.digest == space.digest
    (tmp_path / "bad.json").write_text(
        '{"format": "kansei-action-space/1", "notations": ["a"], "digest": "x"}'
    )
    with pytest.raises(SpaceError, match="digest"):
        ActionSpace.load(tmp_path / "bad.json")
    (tmp_path / "junk.json").write_text("not json")
    with pytest.raises(SpaceError, match="cannot read"):
        ActionSpace.load(tmp_path / "junk.json")
    with pytest.raises(SpaceError, match="twice"):
        ActionSpace(["a", "a"])


def test_hashed_encoder_layout():
    """Documented features: a number adds ±squash(x) at its path, a string ±1 at path=value, a list of
    strings counts each element, each bucket b given as tanh(b / HASHED_SCALE); the same view gives
    the same vector, a changed leaf a different one."""
    enc = HashedViewEncoder(size=64)
    out = np.zeros(64, np.float32)
    enc.encode({"a": {"b": 3}}, 0, out)
    i, sign = encoding._bucket(".a.b", 64)
    assert (
        out[i] == pytest.approx(np.tanh(sign * np.log1p(3) / encoding.HASHED_SCALE))
        and np.count_nonzero(out) == 1
    )
    enc.encode({"hand": ["x", "x", "y"]}, 0, out)
    i, sign = encoding._bucket(".hand[]=x", 64)
    k = encoding.HASHED_SCALE
    assert out[i] in (
        pytest.approx(np.tanh(2 * sign / k)),
        pytest.approx(np.tanh((2 * sign + encoding._bucket(".hand[]=y", 64)[1]) / k)),
    )
    a, b = np.zeros(64, np.float32), np.zeros(64, np.float32)
    enc.encode({"p": [{"sp": 5000}, {"sp": 4000}], "phase": "main"}, 0, a)
    enc.encode({"p": [{"sp": 5000}, {"sp": 4000}], "phase": "main"}, 0, b)
    assert (a == b).all()
    enc.encode({"p": [{"sp": 4000}, {"sp": 5000}], "phase": "main"}, 0, b)
    assert not (a == b).all()


def test_observation_vector_is_fixed_size(config):
    gid, n = config
    from kansei.interop.table import Table

    table = Table(gid, players=n)
    for s in random_states(gid, n, games=2, every=5):
        for seat in range(n):
            v = table.observe(s, seat)
            assert v.shape == (table.encoder.size,) and v.dtype == np.float32 and np.isfinite(v).all()


# -- compact action spaces (issue 21) --------------------------------------------------------------------
def test_every_compact_space_fits_a_policy_head():
    """The default index of every game is small (D-Spirits: under 5,000 of its 58,387 notations), a
    subsequence of the game's full list, and complete where it kept the full list."""
    for gid in kansei.games():
        game = kansei.load(gid)
        space, full = encoding.action_space(game), encoding.full_space(game)
        assert len(space) < 5000, f"{gid}: {len(space)} indices"
        assert len(space) <= len(full) or full.source == "observed"
        positions = [full.index[n] for n in space.notations]
        assert positions == sorted(positions)
        if space.overflow == 0:
            assert space.notations == full.notations


def test_compact_space_is_deterministic_and_names_itself():
    game = kansei.load("touge")
    a = encoding.compact_space(game, games=20, cache=False)
    b = encoding.compact_space(kansei.load("touge"), games=20, cache=False)
    assert a.notations == b.notations and a.digest == b.digest and a.source == "compact"
    assert ActionSpace.from_json(json.loads(json.dumps(a.to_json()))).digest == a.digest


def test_migration_from_the_full_index():
    """``migration(old, new)`` carries each old index to the new index of the same notation."""
    game = kansei.load("touge")
    full, compact = encoding.full_space(game), encoding.action_space(game)
    m = encoding.migration(full, compact)
    assert m.shape == (len(full),)
    for i in np.flatnonzero(m >= 0)[:200]:
        assert compact.notations[m[i]] == full.notations[i]
    assert (m == -1).sum() == len(full) - len(compact.notations)
    for s in random_states("touge", 2, games=2, every=5):
        for a in s.legal_actions():
            old = full.index_of(s, a)
            if m[old] >= 0:
                assert compact.index_of(s, a) == m[old]


def test_unknown_space_kind_is_one_line():
    with pytest.raises(SpaceError, match="valid: compact, full"):
        encoding.action_space(kansei.load("touge"), "tiny")


def test_adapters_take_the_full_index_by_name():
    """A policy trained on the index before issue 21 runs on it: ``actions=full`` (OpenSpiel) and
    ``action_space="full"`` (PettingZoo, Gymnasium)."""
    from kansei.interop import gymnasium as kgym
    from kansei.interop import openspiel as kos

    full = encoding.full_space(kansei.load("touge"))
    assert kos.load("touge", actions="full").num_distinct_actions() == len(full)
    assert kgym.make("touge", action_space="full").action_space.n == len(full)
    assert kos.load("touge").num_distinct_actions() == len(encoding.action_space(kansei.load("touge")))
    with pytest.raises(kansei.OptionError, match="actions="):
        kos.load("touge", actions="tiny")
