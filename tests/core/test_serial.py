"""Positions saved and shipped (issue 19 §1 "Serialization", "Incremental event views"): Game and State
pickle and deep-copy, ``to_dict`` / ``from_dict`` records, and every bad record or pickle refused in one
line with nothing built. The kit checks the round trips on every game (``pickle``, ``to_dict``); these are
the base classes' own properties and refusals."""

from __future__ import annotations

import copy
import json
import pickle
import random
import subprocess
import sys
from importlib.metadata import version

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei import ContentError, KanseiError, OptionError
from kansei.core.effects import Compiled

from . import kit_toys as toys


def played(game_id: str = "touge", steps: int = 12, seed: int = 3, **options) -> kansei.State:
    s = kansei.load(game_id, **options).start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def same(a: kansei.State, b: kansei.State) -> bool:
    return (
        json.dumps(a.reveal(), sort_keys=True) == json.dumps(b.reveal(), sort_keys=True)
        and a.event_log() == b.event_log()
        and [x.notation for x in a.legal_actions()] == [x.notation for x in b.legal_actions()]
    )


# -- Game: by reference ---------------------------------------------------------------------------------
def test_a_game_pickles_as_a_reference_to_the_one_shared_game_of_the_process():
    g = kansei.load("minid", uphill=True)
    data = pickle.dumps(g)
    assert len(data) < 400  # its id, options and content digest; not its card table
    assert pickle.loads(data) is g and pickle.loads(data) is pickle.loads(pickle.dumps(g))
    assert copy.copy(g) is g and copy.deepcopy(g) is g


def test_a_state_unpickled_in_another_process_is_the_same_position():
    s = played("stampede", 25)
    code = (
        "import pickle, sys, json; s = pickle.loads(sys.stdin.buffer.read()); "
        "legal = [a.notation for a in s.legal_actions()]; "
        "print(json.dumps([s.reveal(), legal, len(s.event_log())], sort_keys=True))"
    )
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(s), capture_output=True, check=True)
    assert json.loads(out.stdout) == json.loads(
        json.dumps([s.reveal(), [a.notation for a in s.legal_actions()], len(s.event_log())], sort_keys=True)
    )


def test_compiled_blocks_pickle_and_are_shared_by_copies():
    game = kansei.load("touge")
    registry = game.block_registry()
    assert registry is not None
    block = registry.compile({"block": "mult_add", "amount": 2}, "test")
    back = pickle.loads(pickle.dumps(block))
    assert isinstance(back, Compiled) and back.p == block.p and type(back.p) is type(block.p)
    assert copy.deepcopy(block) is block


# -- State: pickle and deepcopy ----------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copied_state_is_exact_and_independent(how):
    s = played("dspirits", 30)
    other = pickle.loads(pickle.dumps(s)) if how == "pickle" else copy.deepcopy(s)
    assert other is not s and same(s, other) and other.game is s.game
    assert other.to_dict() == s.to_dict()
    before = json.dumps(s.reveal(), sort_keys=True)
    while not other.is_over:
        other.apply(other.legal_actions()[0])
    assert json.dumps(s.reveal(), sort_keys=True) == before


def test_a_long_history_pickles_and_copies_without_recursion():
    game = toys.DrawDuel()
    s = game.start(seed=1, decks=[{"cards": {"one": 2500}}, {"cards": {"one": 2500}}])
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert len(s.actions_played()) == 5000
    for other in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert other.actions_played() == s.actions_played() and same(s, other)


def fields_of(s: kansei.State) -> dict:
    return s.__getstate__()


@pytest.mark.parametrize(
    ("tamper", "says"),
    [
        (lambda d: {**d, "format": "kansei-state/9"}, "format 'kansei-state/9'"),
        (lambda d: {**d, "kansei": "0.0.1"}, "pickled by kansei 0.0.1 cannot be read by kansei"),
        (lambda d: {**d, "fields": {**d["fields"], "cheat": 1}}, "unknown field 'cheat'"),
        (lambda d: {**d, "fields": {**d["fields"], "game": "touge"}}, "it holds no game"),
        (
            lambda d: {**d, "fields": {**d["fields"], "_history": [1, 2]}},
            "history is not a list of notations",
        ),
        (lambda d: [1, 2, 3], "not a kansei state"),
    ],
)
def test_a_bad_pickle_is_one_line_and_builds_nothing(tamper, says):
    s = played()
    blank = type(s).__new__(type(s))
    with pytest.raises(KanseiError) as e:
        blank.__setstate__(tamper(fields_of(s)))
    assert says in str(e.value) and "\n" not in str(e.value)
    assert not hasattr(blank, "game") and not hasattr(blank, "hands")  # nothing half-built


def test_a_pickled_game_that_cannot_come_back_is_one_line():
    g = kansei.load("touge")
    reduce_fn, args = g.__reduce__()
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        reduce_fn("chess", *args[1:])
    with pytest.raises(ContentError, match="content changed since this was pickled"):
        reduce_fn(args[0], args[1], args[2], "0" * 16)
    with pytest.raises(KanseiError, match="not a kansei game reference"):
        reduce_fn(3, [], None, None)


# -- to_dict / from_dict -------------------------------------------------------------------------------------
def test_a_record_is_compact_json_that_rebuilds_the_position():
    s = played("minid", 20)
    record = s.to_dict()
    assert record["format"] == "kansei-position/1" and record["kansei"] == kansei.__version__
    assert record["actions"] == s.actions_played() and record["content"] == s.game.content_digest()
    text = json.dumps(record, separators=(",", ":"))
    back = s.game.from_dict(json.loads(text))
    assert same(s, back) and back.to_dict() == record
    assert same(s, kansei.from_dict(json.loads(text)))


def test_a_determinized_world_refuses_to_dict_in_one_line():
    world = played().determinize(0, random.Random(0))
    with pytest.raises(KanseiError) as e:
        world.to_dict()
    assert "determinized world" in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(KanseiError):
        world.clone().to_dict()
    assert same(pickle.loads(pickle.dumps(world)), world)  # a world still pickles


def test_clones_share_the_history_and_grow_apart():
    s = played(steps=6)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert c.actions_played()[:-1] == s.actions_played() and len(s.actions_played()) == 6


@pytest.mark.parametrize(
    ("tamper", "says"),
    [
        (lambda r: {**r, "format": "kansei-replay/1"}, "this is a replay (kansei-replay/1), not a position"),
        (
            lambda r: {**r, "format": "kansei-position/2"},
            "format 'kansei-position/2' is not one this kansei reads",
        ),
        (lambda r: {**r, "format": None}, "not a kansei position record"),
        (lambda r: {k: v for k, v in r.items() if k != "digest"}, "digest: missing"),
        (lambda r: {**r, "actions": r["actions"][:-1]}, "the actions do not lead to the recorded position"),
        (lambda r: {**r, "seed": r["seed"] + 1}, "position:"),
        (lambda r: {**r, "actions": r["actions"][:3] + ["fly away"]}, "action 4 'fly away' is refused"),
        (lambda r: {**r, "game": "initiald"}, "a record of 'initiald', not of 'touge'"),
        (lambda r: {**r, "options": {**r["options"], "redraws": 0}}, "recorded with other options"),
        (lambda r: {**r, "content": "0" * 16}, "the content changed since this record"),
        (lambda r: {**r, "extra": 1}, "unknown key 'extra'"),
        (lambda r: "not a record", "a position record is a JSON object"),
    ],
)
def test_a_bad_record_is_one_line(tamper, says):
    s = played()
    with pytest.raises(KanseiError) as e:
        s.game.from_dict(tamper(s.to_dict()))
    assert says in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_kansei_from_dict_names_an_unknown_game_in_one_line():
    record = {**played().to_dict(), "game": "chess"}
    with pytest.raises(KanseiError) as e:
        kansei.from_dict(record)
    assert "unknown game 'chess'" in str(e.value) and "\n" not in str(e.value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
RECORD = played(steps=8).to_dict()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(RECORD)), value=JSON)
def test_any_mutated_record_is_a_one_line_refusal_or_a_position(key, value):
    game = kansei.load("touge")
    record = {**RECORD, key: value}
    try:
        s = game.from_dict(record)
    except KanseiError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert s.to_dict()["digest"] == RECORD["digest"]


# -- incremental events -------------------------------------------------------------------------------------
def test_events_since_reads_only_what_is_new_and_carries_to_clones():
    s = kansei.load("minid").start(seed=5, players=4)
    rng = random.Random(5)
    seats = [*range(4), None]
    cursors = dict.fromkeys(seats, 0)
    seen: dict[int | None, list] = {seat: [] for seat in seats}
    while not s.is_over:
        s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
        for seat in seats:
            new, cursors[seat] = s.events_since(seat, cursors[seat])
            seen[seat] += new
            assert seen[seat] == s.events_for(seat)
        if rng.random() < 0.2:  # a clone carries the cursors on
            s = s.clone()
    assert all(s.events_since(seat, cursors[seat]) == ([], s.event_count()) for seat in seats)


def test_events_for_from_a_start_matches_the_whole_walk_in_any_order_of_calls():
    s = played("minid", 40)
    rng = random.Random(0)
    for _ in range(200):
        seat = rng.choice([0, 1, None])
        whole = s.events_for(seat)
        start = rng.randrange(len(whole) + 2)
        assert s.events_for(seat, start) == whole[start:]


@pytest.mark.parametrize("bad", [-1, 10**9, "3", 1.5, True])
def test_a_bad_cursor_or_start_is_one_line(bad):
    s = played(steps=3)
    with pytest.raises(OptionError):
        s.events_since(0, bad)
    if bad != 10**9:  # a start past the end is simply nothing new
        with pytest.raises(OptionError):
            s.events_for(0, bad)


# -- versions ---------------------------------------------------------------------------------------------
def test_the_version_comes_from_the_package_metadata():
    assert kansei.__version__ == version("kansei")
    from kansei.core.replay import make_replay

    assert make_replay("touge", {}, 0, 2, None, None, [], None)["kansei"] == version("kansei")
