"""The state is the engine's alone, and every input to ``start`` is checked there (issue 15): hostile
setups, decks, players and seeds are refused with one KanseiError and change nothing; views never alias
the state; forged actions run the engine's own; deck files are read with limits; content folders load
validated and cached; the research hooks (action space, observation vector) are complete and fixed."""

from __future__ import annotations

import json
import os
import random
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei import Action, ContentError, KanseiError
from kansei.builtin.initiald.cards import CONTENT, catalog_at
from kansei.core.content import slug
from kansei.testing import play_random

GAME = kansei.load("initiald")
NAMES = [c["name"] for c in GAME.cards()] + ["", "x" * 90, "Pure Powr", "akina-downhill", "²"]


def fingerprint(state: kansei.State) -> str:
    return json.dumps(state.reveal(), sort_keys=True) + repr(state.event_log())


names = st.sampled_from(NAMES)
name_lists = st.one_of(st.none(), st.lists(names, max_size=25), st.integers(), st.text(max_size=5))
junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=True), st.text(max_size=8))
setups = st.one_of(
    junk,
    st.lists(junk, max_size=3),
    st.fixed_dictionaries(
        {},
        optional={
            "challenger": st.one_of(junk, st.integers(-2, 3)),
            "track": st.one_of(names, junk),
            "hands": st.one_of(junk, st.lists(name_lists, max_size=3)),
            "order": st.one_of(junk, st.lists(name_lists, max_size=3)),
            "dice": junk,
        },
    ),
)
deck_data = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.text(max_size=5), junk),
        "car": st.one_of(names, junk),
        "mods": st.one_of(st.lists(names, max_size=4), junk),
        "races": st.one_of(st.lists(names, max_size=5), junk),
        "cards": st.one_of(
            st.dictionaries(names, st.one_of(st.integers(-2, 200), junk), max_size=8),
            junk,
        ),
        "path": junk,
    },
)
decks = st.one_of(
    st.none(),
    junk,
    st.lists(
        st.one_of(st.none(), deck_data, st.sampled_from(["Akina Hachi-Roku", "nope", "/etc/passwd"]), junk),
        max_size=3,
    ),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.one_of(st.integers(-5, 2**64 + 5), junk),
    players=st.one_of(st.none(), st.integers(-1, 4), junk),
    decks=decks,
    setup=setups,
)
def test_hostile_starts_are_refused_in_one_line_and_change_nothing(seed, players, decks, setup):
    """A start either works or raises one ContentError/OptionError (never TypeError, ValueError,
    IndexError, KeyError, AttributeError); afterwards a good start is exactly what it was."""
    before = fingerprint(GAME.start(seed=3))
    try:
        GAME.start(seed=seed, players=players, decks=decks, setup=setup)
    except KanseiError as e:
        assert str(e) and all(len(line) < 400 for line in str(e).splitlines())
    assert fingerprint(GAME.start(seed=3)) == before
    assert fingerprint(kansei.load("initiald").start(seed=3)) == before


def test_setup_keys_are_typed(idh):
    """Scenario keys: challenger is 0 or 1 (not True, not 1.0), lists of names, a known track."""
    for setup, message in (
        ({"challenger": True}, "challenger=True"),
        ({"challenger": 1.0}, "challenger=1.0"),
        ({"hands": [["Pure Power"] * 21, None]}, "at most 20 items"),
        ({"hands": "ab"}, "hands='ab'"),
        ({"track": "Akagi Uphill"}, "not one of seat 0's races"),
        ({"order": [["Pure Power"], None]}, "'Pure Power' is not (or no longer) in seat 0's deck"),
        ({"dice": [1]}, "unknown key 'dice'"),
    ):
        with pytest.raises(ContentError) as e:
            idh.start([idh.AKINA, idh.RED_SUNS], **setup)
        assert message in str(e.value), (setup, str(e.value))


def test_views_and_reveals_are_fresh_objects(idh):
    """Mutating a view or a reveal (the decklist dict included) changes no later view and no new game."""
    s = idh.start(seed=2)
    fresh = json.dumps(kansei.load("initiald").start(seed=2).view(0), sort_keys=True)
    for v in (s.view(0), s.view(None), s.reveal()):
        v["players"][0]["decklist"]["Pure Power"] = 99
        v["players"][0]["discard"].append("Pure Power")
        v["players"][1]["mods"].clear()
        v["stages"].append("curve")
    assert json.dumps(s.view(0), sort_keys=True) == fresh
    assert json.dumps(idh.start(seed=2).view(0), sort_keys=True) == fresh
    legal = s.legal_actions()
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal[0].kind = "x"  # type: ignore[misc]
    assert idh.game.starter_deck("Akina Hachi-Roku") is not idh.game.starter_deck("Akina Hachi-Roku")
    cards = idh.game.cards()
    cards[0]["stats"]["Cost"] = 99
    assert idh.game.cards()[0]["stats"]["Cost"] != 99


def test_forged_actions_run_the_engines_own(idh):
    """An Action is matched by its notation: a forged kind or args never reaches the rules."""
    s = idh.start(
        [idh.AKINA, idh.RED_SUNS],
        track="Akina Downhill",
        hands=[["Heel-and-Toe", "Apex Kiss"], ["Pure Power"]],
    )
    t = idh.game.table
    pure = t.find("Pure Power")
    before = fingerprint(s)
    for forged in (Action("play heel-and-toe", "play", (pure, 0)), Action("pass", "play", (pure, 0))):
        c = s.clone()
        c.apply(forged, seat=0)
        d = s.clone()
        d.apply(forged.notation, seat=0)
        assert fingerprint(c) == fingerprint(d)
    for bogus in (Action("play pure-power", "play", (pure, 0)), None, 3, b"pass", Action("keep", "keep")):
        with pytest.raises(kansei.IllegalAction):
            s.apply(bogus, seat=0)  # type: ignore[arg-type]
    assert fingerprint(s) == before


@pytest.mark.parametrize("kind", ["dir", "fifo", "big", "binary", "nested", "zero", "missing"])
def test_hostile_deck_files_are_one_content_error(idh, tmp_path, kind):
    """load_deck reads a regular file of sensible size only; anything else is one ContentError line."""
    path = tmp_path / f"deck-{kind}.txt"
    if kind == "dir":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "big":
        path.write_text("3 Pure Power\n" * 40_000)
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00" * 100)
    elif kind == "nested":
        path = tmp_path / "deck.toml"
        path.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    elif kind == "zero":
        path = tmp_path / "zero"
        path.symlink_to("/dev/zero")
    with pytest.raises(ContentError) as e:
        idh.game.load_deck(path)
    assert e.value.problems and all(len(p) < 300 for p in e.value.problems)
    if kind != "dir":  # (validate_content reads a folder as a content folder)
        assert idh.game.validate_content(path) == e.value.problems


def test_deck_data_round_trips_and_names_the_nearest_card(idh, tmp_path):
    """starter_deck gives deck data that start() and deck_problems() accept; a misspelt card suggests the
    nearest name; a text deck file reads into the same data."""
    for name in idh.game.starter_decks():
        data = idh.game.starter_deck(name)
        assert set(data) == {"name", "text", "cards"}  # the car, mods and race cards are cards too
        assert idh.game.deck_problems(data) == []
        s = idh.game.start(decks=[data, name])
        assert s.race.sides[0].cost == s.race.sides[1].cost
    data = idh.game.starter_deck("Akina Hachi-Roku")
    data["cards"]["Tight Twin Drfit"] = data["cards"].pop("Tight Twin Drift")
    assert idh.game.deck_problems(data)[0] == (
        """deck 'Akina Hachi-Roku': card "Tight Twin Drfit": no such Initial D card — did you mean """
        '"Tight Twin Drift"?'
    )
    with pytest.raises(ContentError, match="no starter deck"):
        idh.game.starter_deck("Nope")
    path = tmp_path / "akina.txt"
    ak = idh.game.starter_deck("Akina Hachi-Roku")
    path.write_text("Name: Akina\n" + "".join(f"{n} {c}\n" for c, n in ak["cards"].items()))
    loaded = idh.game.load_deck(path)
    assert loaded["cards"] == ak["cards"] and loaded["name"] == "Akina"
    toml = tmp_path / "akina.toml"
    toml.write_text(
        'name = "Akina"\ncar = "AE86 Sprinter Trueno"\nmods = ["Takumi Fujiwara"]\n'
        'races = ["Akina Downhill", "Myogi Night Run", "Irohazaka Hairpins"]\n[cards]\n'
        + "".join(
            f'"{c}" = {n}\n'
            for c, n in ak["cards"].items()
            if idh.game.table.cards[idh.game.table.need(c)].kind == "maneuver"
        )
    )
    assert idh.game.load_deck(toml)["cards"] == ak["cards"]
    s = idh.game.start(decks=[loaded, None], seed=1)
    assert s.race.sides[0].decklist == idh.game.start(seed=1).race.sides[0].decklist


def test_content_folders_load_validated_and_cached(tmp_path):
    """content=: a changed folder plays with its own cards; a broken one is refused at load; the cache of
    catalogs is bounded and keyed by folder and digest."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    man = folder / "maneuvers.toml"
    man.write_text(
        man.read_text().replace(
            "strength = { straight = 8, curve = 3, obstacle = 4 }",
            "strength = { straight = 9, curve = 3, obstacle = 4 }",
            1,
        )
    )
    game = kansei.load("initiald", content=folder)
    pure = game.table.cards[game.table.find("Pure Power")]
    assert pure.strength == (9, 3, 4)
    assert GAME.table.cards[GAME.table.find("Pure Power")].strength == (8, 3, 4)
    assert kansei.load("initiald", content=folder).table is game.table  # same folder and digest: cached
    man.write_text(man.read_text().replace('effects = [{ block = "bonus"', 'effects = [{ block = "bonsu"', 1))
    with pytest.raises(ContentError) as e:
        kansei.load("initiald", content=folder)
    assert any('unknown block "bonsu"' in p for p in e.value.problems)
    assert catalog_at.cache_info().maxsize == 8


def test_action_space_is_complete_and_fixed():
    """Every notation random races produce (all option sets) is in action_space(), each once."""
    space = GAME.action_space()
    assert (
        len(space) == len(set(space)) and space == kansei.load("initiald", discards="shared").action_space()
    )
    known = set(space)
    for options in ({}, {"discards": "shared"}, {"discard_order": "any"}):
        game = kansei.load("initiald", **options)
        for seed in range(40):
            _, played = play_random(game, seed, decks=[["Akina Hachi-Roku", "Red Suns FD"][seed % 2], None])
            assert set(played) <= known


def test_observation_vector_is_fixed_length_and_built_from_the_view_alone():
    """encode_view: the length of observation_spec; the same in two worlds the seat cannot tell apart."""
    spec = GAME.observation_spec(2)
    assert len(spec) == len(set(spec))
    rng = random.Random(0)
    for seed in range(6):
        s = GAME.start(seed=seed)
        while not s.is_over:
            for seat in (0, 1, None):
                vec = GAME.encode_view(s.view(seat), seat)
                assert len(vec) == len(spec) and all(isinstance(x, float) for x in vec)
                world = s.determinize(seat, rng)
                assert GAME.encode_view(world.view(seat), seat) == vec
            s.apply(rng.choice(s.legal_actions()))
    v = GAME.start(seed=1).view(0)
    vec = GAME.encode_view(v, 0)
    names = [c["card"] for c in v["players"][0]["hand"]]
    hand = {name: vec[spec.index(f"me.hand[{slug(name)}]")] for name in names}
    assert sum(hand.values()) >= len(set(names))
    assert sum(vec[i] for i, n in enumerate(spec) if n.startswith("me.hand[")) == len(names)
