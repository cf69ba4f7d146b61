"""Stampede against hostile input: every start is checked at once (ST-S1 scenarios, ST-D1 decks), a refused
start changes nothing, a started scenario never fails inside a later legal action, forged actions run only
as the engine's own, refusals never raise, and deck files are read with limits."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei import ContentError, IllegalAction, KanseiError, OptionError
from kansei.builtin.stampede.refusals import public_reason, reason_for_mover
from kansei.testing import refused

GAME = kansei.load("stampede")
NAMES = sorted({d.en for d in GAME.table.cards} | {d.name for d in GAME.table.cards})
KEYS = list(GAME.Setup.model_fields)


def _fingerprint(seed: int = 5) -> str:
    s = GAME.start(seed=seed)
    return json.dumps(s.reveal(), sort_keys=True) + json.dumps(s.event_log())


GOOD = _fingerprint()

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(NAMES),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.sampled_from(["L", "C", "R", "x"]), inner, max_size=4)
    ),
    max_leaves=20,
)
names = st.lists(st.sampled_from(NAMES), max_size=6)
plausible = st.fixed_dictionaries(
    {},
    optional={
        "centers": st.lists(st.one_of(st.none(), st.sampled_from(NAMES)), min_size=2, max_size=2),
        "hands": st.lists(st.one_of(st.none(), names), min_size=2, max_size=2),
        "discard": st.lists(st.one_of(st.none(), names), min_size=2, max_size=2),
        "order": st.lists(st.one_of(st.none(), names), min_size=2, max_size=2),
        "field": st.lists(
            st.one_of(
                st.none(),
                st.fixed_dictionaries(
                    {}, optional={"L": st.sampled_from(NAMES), "R": st.sampled_from(NAMES), "C": names}
                ),
            ),
            min_size=2,
            max_size=2,
        ),
        "distance": st.lists(st.integers(-5, 120), min_size=2, max_size=2),
        "turn": st.integers(-2, 12),
        "first": st.sampled_from([0, 1, 2, True, "0", None]),
    },
)
anything = st.dictionaries(st.sampled_from([*KEYS, "zones", "seed"]), json_value, max_size=4)
setups = st.one_of(plausible, anything)
decks = st.one_of(
    st.none(),
    st.sampled_from(["Scarlet Rose", "sugar mountain", "/etc/passwd", "", "x" * 300]),
    st.builds(
        dict,
        name=st.one_of(st.text(max_size=10), st.integers()),
        cards=st.dictionaries(
            st.sampled_from([*NAMES, "Nope"]), st.one_of(st.integers(-1, 45), st.booleans())
        ),
    ),
    json_value,
)


def _one_line_each(error: KanseiError) -> None:
    assert str(error)
    for line in str(error).splitlines():
        assert 0 < len(line) <= 400, line


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, seed=st.integers(0, 2**64 - 1))
def test_hostile_scenarios_are_refused_at_start_or_play_to_the_end(setup, seed):
    """ST-S1: a scenario is checked when the race starts; once started, every legal action works."""
    try:
        s = GAME.start(seed=seed, setup=setup)
    except KanseiError as e:
        assert isinstance(e, ContentError | OptionError)
        _one_line_each(e)
        assert _fingerprint() == GOOD  # a refused start changed nothing (caches included)
        return
    rng = random.Random(seed)
    before = s.census()
    for _ in range(150):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()), seat=s.to_move)
    assert s.census() == before


@settings(max_examples=80, deadline=None)
@given(deck=decks, players=st.one_of(st.none(), st.integers(-3, 5), st.sampled_from([2.0, "2", True])))
def test_hostile_decks_and_players_are_refused_with_one_line_each(deck, players):
    """ST-D1: a deck is None, a starter deck's name or deck data (never a path); players is 2."""
    try:
        GAME.start(seed=1, players=players, decks=[deck, None])
    except KanseiError as e:
        _one_line_each(e)
    assert _fingerprint() == GOOD


@pytest.mark.parametrize("seed", [-1, 2**64, True, "1", 1.0, None])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(OptionError):
        GAME.start(seed=seed)


def test_st_s1_a_failed_scenario_never_gives_a_seat_two_first_machines(sc):
    """The audit's case: a scenario naming a card that is not there failed inside the later ``center``
    action, and retrying gave seat 0 two first machines. It is now refused at start."""
    with pytest.raises(ContentError, match="no 'Lollipop Racer' left in seat 0's deck"):
        GAME.start(seed=1, setup={"centers": [None, "Sugar Start"], "hands": [["Lollipop Racer"], []]})
    s = GAME.start(seed=1, setup={"centers": [None, "Sugar Start"], "hands": [["Pykrete Ride"], []]})
    s.apply(s.legal_actions()[0], seat=0)
    assert len(s.centers[0]) == 1 and "Pykrete Ride" in sc.names(s, s.hands[0])


def test_st_s1_first_machines_reserved_by_a_scenario_are_not_offered(sc):
    """A scenario holding every copy of a gear-1 machine in hand leaves the other kinds to choose from;
    holding all of them is refused at start."""
    s = GAME.start(seed=1, setup={"hands": [["Rose Starter"] * 4, []]})
    assert "center rose-starter" not in sc.legal(s)
    every = ["Rose Starter"] * 4 + ["Blaze Petal"] * 3 + ["Thorn Sprinter"] * 4
    with pytest.raises(ContentError, match="no gear-1 machine left"):
        GAME.start(seed=1, setup={"hands": [every, []]})


@settings(max_examples=150, deadline=None)
@given(
    notation=st.one_of(st.sampled_from(GAME.action_space()), st.text(max_size=40)),
    kind=st.sampled_from(["pass", "call", "attack", "run", "use", "center", "order", "keeper", "x"]),
    args=st.lists(st.one_of(st.integers(-2, 70), st.booleans(), st.none()), max_size=4).map(tuple),
    steps=st.integers(0, 40),
)
def test_forged_actions_run_only_as_the_engines_own(notation, kind, args, steps):
    """An Action object from outside is matched by its notation to the engine's own legal action; its
    kind and args are never read. Anything else is refused and changes nothing."""
    s = GAME.start(seed=steps)
    rng = random.Random(steps)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    forged = kansei.Action(notation, kind, args)
    own = next((a for a in s.legal_actions() if a.notation == notation), None)
    if own is None:
        refused(s, forged, seat=s.to_move)
        return
    twin = s.clone()
    s.apply(forged, seat=s.to_move)
    twin.apply(own, seat=twin.to_move)
    assert json.dumps(s.reveal(), sort_keys=True) == json.dumps(twin.reveal(), sort_keys=True)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=250), steps=st.integers(0, 60))
def test_refusals_never_raise_whatever_the_text(text, steps):
    s = GAME.start(seed=steps)
    rng = random.Random(steps)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    for why in (public_reason(s, text), reason_for_mover(s, text, s.to_move)):
        assert why is None or ("\n" not in why and len(why) < 300)
    try:
        s.clone().apply(text, seat=s.to_move)
    except IllegalAction as e:
        assert "\n" not in str(e)


def test_load_deck_refuses_what_is_not_a_deck_file(tmp_path: Path):
    with pytest.raises(ContentError, match="not a deck file"):
        GAME.load_deck(tmp_path)
    with pytest.raises(ContentError, match="not a deck file"):
        GAME.load_deck(Path("/dev/zero"))
    big = tmp_path / "big.txt"
    big.write_text("1 Rose Starter\n" * 80_000)
    with pytest.raises(ContentError, match="larger than"):
        GAME.load_deck(big)
    good = tmp_path / "deck.txt"
    good.write_text("".join(f"{n} {c}\n" for c, n in GAME.starter_deck("Scarlet Rose")["cards"].items()))
    deck = GAME.load_deck(good)
    assert GAME.deck_problems(deck) == [] and GAME.start(seed=1, decks=[deck, None]).to_move == 0


def test_deck_problems_suggest_the_nearest_name():
    deck = GAME.starter_deck("Scarlet Rose")
    deck["cards"]["Rose Startr"] = deck["cards"].pop("Rose Starter")
    assert GAME.deck_problems(deck) == [
        'deck \'Scarlet Rose\': card "Rose Startr": no such Stampede card — did you mean "Rose Starter"?'
    ]


def test_content_folder_is_validated_and_cached(tmp_path: Path):
    """``content=``: a folder is loaded (and validated) once per folder and digest."""
    import shutil

    from kansei.builtin.stampede.cards import CONTENT

    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    a, b = kansei.load("stampede", content=folder), kansei.load("stampede", content=folder)
    assert a.table is b.table and a.table is not GAME.table
    assert a.start(seed=3).legal_actions() == GAME.start(seed=3).legal_actions()
    (folder / "cards_steering.toml").write_text("[[card]]\nname = 1\n")
    with pytest.raises(ContentError):
        kansei.load("stampede", content=folder)
