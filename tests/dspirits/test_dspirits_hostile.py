"""Input from outside (issue 15): hostile starts (seed, players, decks, scenarios) are one KanseiError and
change nothing; refusals are one line for any text and say why; forged actions do only what the engine
would; views and reveals are fresh objects; a content folder is validated and cached."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from dspirits_helpers import STONE, VENOM, deck, lab, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kansei
from kansei import Action, ContentError, KanseiError
from kansei.builtin.dspirits.cards import CONTENT
from kansei.testing import refused, refuses_text_cleanly

GAME = kansei.load("dspirits")
NAMES = ["Lampire", "Tuskaroo", "Counter Sign", "Stone Sanctum", "Rockwraggle Titan", "Iron Banner", "Nobody"]
NAMES += ["", "x" * 300, "lampire", "Pebblit"]
json_scalar = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True), st.text(max_size=20)
)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
)
names = st.lists(st.sampled_from(NAMES), max_size=8)
pair = st.tuples(names, names).map(list)
spirit = st.one_of(
    st.sampled_from(NAMES),
    st.fixed_dictionaries(
        {"name": st.sampled_from(NAMES)},
        optional={
            "zone": st.sampled_from(["battle", "support", "hand"]),
            "stance": st.sampled_from(["attack", "endure", 1]),
            "poison": st.one_of(st.integers(-100, 5000), json_scalar),
            "frozen": json_scalar,
            "evolved": st.lists(st.sampled_from(NAMES), max_size=2),
            "wins": json_scalar,
        },
    ),
)
deck_data = st.fixed_dictionaries(
    {
        "cards": st.dictionaries(
            st.sampled_from(NAMES), st.one_of(st.integers(-3, 300), json_scalar), max_size=6
        )
    },
    optional={"name": json_scalar, "side": json_value, "squad": json_value},
)
setup = st.dictionaries(
    st.sampled_from(
        ["first", "sp", "order", "dworld", "support_zone", "hands", "field", "realm", "step", "veteran"]
    )
    | st.text(max_size=6),
    st.one_of(
        json_value,
        pair,
        st.tuples(st.lists(spirit, max_size=5), st.lists(spirit, max_size=5)).map(list),
        st.sampled_from(["main", "battle", "draw", "Stone Sanctum", 0, 1, 2, True, [5000, 1], [0, 1]]),
        st.fixed_dictionaries({"name": st.sampled_from(NAMES), "owner": json_scalar}),
    ),
    max_size=4,
)


def fingerprint(state: kansei.State) -> str:
    return json.dumps(state.reveal(), sort_keys=True) + str(state.event_log())


def good() -> str:
    return fingerprint(GAME.start(seed=7, decks=[STONE, VENOM], setup={"first": 1}))


GOOD = good()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.one_of(st.integers(-5, 2**64 + 5), json_scalar),
    players=st.one_of(st.none(), st.integers(-1, 4), json_scalar),
    decks=st.one_of(
        st.none(),
        json_value,
        st.lists(st.one_of(st.none(), st.sampled_from([STONE, VENOM, "/etc/passwd"]), deck_data), max_size=3),
    ),
    setup=st.one_of(st.none(), setup, json_value),
)
def test_hostile_starts_are_one_error_and_change_nothing(seed, players, decks, setup):
    """Any seed, player count, decks and scenario: a game that plays to its end, or one KanseiError (never
    TypeError, KeyError…); and a good start afterwards is exactly as if nothing had been tried."""
    try:
        state = GAME.start(seed=seed, players=players, decks=decks, setup=setup)
    except KanseiError as e:
        assert str(e) and all(len(line) < 400 for line in str(e).splitlines())
        assert len(str(e).splitlines()) <= 30
    else:
        rng = random.Random(0)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    assert good() == GOOD


def test_start_refuses_typed_scenarios_and_decks_with_one_line_each():
    """Scenario keys and deck data are typed; each problem is a line naming the key or the card."""
    d = deck({"Tuskaroo": 2})
    cases = [
        ({"setup": {"first": True}}, "first"),
        ({"setup": {"first": 2}}, "first"),
        ({"setup": {"sp": [5000, 0]}}, "sp.1"),
        ({"setup": {"sp": [5000, "1"]}}, "sp.1"),
        ({"setup": {"sp": [5000, 10**400]}}, "sp.1"),
        ({"setup": {"step": "battle"}}, "step needs hands"),
        ({"setup": {"hands": [["Tuskaroo"] * 3, []]}}, "hands: no Tuskaroo left in seat 0's decks"),
        ({"setup": {"hands": [["Nobody"], []]}}, "hands: no card named 'Nobody'"),
        ({"setup": {"field": [[{"name": "Lampire", "poison": 75}], []]}}, "multiple of 50"),
        ({"setup": {"field": [[{"name": "Lampire", "zone": "hand"}], []]}}, "zone"),
        ({"setup": {"field": [["Counter Sign"], []]}}, "Counter Sign is not a D-Spirit"),
        ({"setup": {"field": [[{"name": "Lampire", "evolved": ["Infernohound"]}], []]}}, "not a D-Evolution"),
        ({"setup": {"field": [["Lampire"] * 9, []]}}, "field.0"),
        ({"setup": {"realm": "Counter Sign"}}, "Counter Sign is not a Realm"),
        ({"setup": {"support_zone": [["Counter Sign"], []]}}, "not a lasting signal"),
        ({"setup": {"turbo": 1}}, "unknown key 'turbo'"),
        ({"decks": [{"cards": {"Tuskaroo": True}}, None]}, "cards.Tuskaroo"),
        ({"decks": [{"cards": {"Tuskaroo": 10**9}}, None]}, "cards.Tuskaroo"),
        ({"decks": [{"squad": {}}, None]}, "cards: missing"),
        ({"decks": [dict(d, side={"Lampire": 9})], "players": 2}, "two decks are needed"),
        ({"decks": [dict(d, side={"Lampire": 9}), None]}, '"Lampire": 9 copies across the decks'),
        ({"decks": ["Nope", None]}, "'Nope' is not a starter deck"),
        ({"decks": ["/etc/passwd", None]}, "'/etc/passwd' is not a starter deck"),
        ({"players": 3}, "3 players is not allowed"),
        ({"seed": -1}, "seed"),
    ]
    for kwargs, expected in cases:
        kwargs.setdefault("seed", 1)
        with pytest.raises(KanseiError) as e:
            GAME.start(**kwargs)
        assert expected in str(e.value), (kwargs, str(e.value))


def test_options_have_ranges():
    for bad in ({"starting_sp": 10}, {"side_swaps": 21}, {"max_turns": 1}, {"first_player": "seat2"}):
        with pytest.raises(kansei.OptionError, match=next(iter(bad))):
            kansei.load("dspirits", **bad)


def test_content_folder_is_validated_and_cached(tmp_path: Path):
    """content=: a copy of the shipped content plays the same; a broken folder is one ContentError."""
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    other = kansei.load("dspirits", content=folder)
    assert other.table is kansei.load("dspirits", content=folder).table  # cached per folder and digest
    assert fingerprint(other.start(seed=7, decks=[STONE, VENOM], setup={"first": 1})) == GOOD
    text = (folder / "spirits.toml").read_text().replace("attack = 1600", "attack = -5", 1)
    (folder / "spirits.toml").write_text(text)
    with pytest.raises(ContentError, match="attack"):
        kansei.load("dspirits", content=folder)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(
        st.text(max_size=60),
        st.builds(
            lambda k, name, tail: f"{k} {name}{tail}",
            st.sampled_from(
                ["summon", "play", "respond", "attack", "bid", "move", "ability", "exchange", "BID"]
            ),
            st.sampled_from(["lampire", "stone-sanctum", "counter-sign", "Tuskaroo", "", "x" * 80, "²"]),
            st.sampled_from(["", " direct", " foe:lampire", " 99999999999999999999", " -1", " ²", " own:"]),
        ),
    ),
    steps=st.integers(0, 60),
    seed=st.integers(0, 50),
)
def test_refusals_never_raise_and_stay_on_one_line(text: str, steps: int, seed: int):
    """A refusal is one line for the seat to move, for any text, and changes nothing."""
    s = GAME.start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    refuses_text_cleanly(s, text, limit=600)


def test_refusals_explain_the_step_the_hand_the_shortfall_and_the_spent_ability():
    """Told to the seat to move, in the game's terms (issue 10: the old explain folded in)."""
    s = lab(hands=[["Gravelhound", "Counter Sign"], []], field=[["Lampire"], ["Illguana"]])

    def why(text: str, seat: int = 0) -> str:
        return refused(s, Action(text), seat=seat)

    assert why("play meteor-signal") == "'play meteor-signal': you hold no Meteor Signal"
    assert "attacks are declared in the battle step; this is the main step" in why("attack lampire illguana")
    assert "that is for the draw step" in why("draw squad")
    assert why("pass", 1) == "player 2: it is not your turn (player 1 is to move)"
    play(s, "ability lampire flicker")
    assert "the ability is spent this turn" in why("ability lampire flicker")
    play(s, "summon gravelhound")
    assert "one Regular Summon per turn" in why("summon gravelhound")
    assert why("bid 600") == "'bid 600': no Realm bidding is open"


@settings(max_examples=60, deadline=None)
@given(
    notation=st.one_of(
        st.sampled_from(["pass", "battle", "end", "draw squad", "open 3", "keep"]), st.text(max_size=30)
    ),
    kind=st.sampled_from(["summon", "play", "pass", "attack", "bid", "open", "x"]),
    args=st.lists(st.integers(-5, 500), max_size=3).map(tuple),
    seed=st.integers(0, 30),
    steps=st.integers(0, 40),
)
def test_forged_actions_do_only_what_the_engine_would(
    notation: str, kind: str, args: tuple, seed: int, steps: int
):
    """An Action with a legal notation but forged kind and args plays the engine's own action; any other
    is refused and changes nothing."""
    a, b = GAME.start(seed=seed), GAME.start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if a.is_over:
            return
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act.notation)
    if a.is_over:
        return
    legal = {x.notation: x for x in a.legal_actions()}
    if notation not in legal and rng.random() < 0.5:
        notation = rng.choice(sorted(legal))
    forged = Action(notation, kind, args)
    if notation in legal:
        a.apply(forged, seat=a.to_move)
        b.apply(legal[notation], seat=b.to_move)
        assert a.reveal() == b.reveal() and a.event_log() == b.event_log()
    else:
        before = (repr(a.reveal()), a.event_count())
        with pytest.raises(kansei.IllegalAction):
            a.apply(forged, seat=a.to_move)
        assert (repr(a.reveal()), a.event_count()) == before


def listed(view: dict, deck: str) -> dict[str, int]:
    """Seat 0's open decklist ``deck`` as card name -> copies."""
    return {c["card"]: c["count"] for c in view["players"][0]["decklist"][deck]}


def test_views_reveals_and_legal_lists_are_fresh():
    """Changing what view()/reveal()/legal_actions() returned changes nothing: not later views, not new
    games; the legal actions are an immutable tuple."""
    s = lab(hands=[["Gravelhound"], []], field=[["Lampire"], ["Illguana"]], realm="Stone Sanctum")
    first = s.view(0)
    first["players"][0]["decklist"]["squad"][0]["count"] = 50
    first["players"][0]["hand"].append("lampire")
    first["players"][0]["battle"][0]["types"].append("Dragon")
    first["realm"]["card"] = "Nothing"
    first["match"]["wins"][0] = 7
    r = s.reveal()
    r["hands"][0].clear()
    r["units"][0][0]["under"].append(99)
    assert s.view(0) != first and listed(s.view(0), "squad")["Lampire"] == 2
    assert s.reveal()["hands"][0] == ["gravelhound"]
    assert listed(lab().view(0), "squad")["Lampire"] == 2
    legal = s.legal_actions()
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal[0].notation = "end"  # type: ignore[misc]
