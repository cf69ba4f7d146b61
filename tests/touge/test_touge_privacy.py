"""What a seat is told, and nothing more (issues 10 and 15): private events, public notation, refusals,
menus, narration, views and encodings are the same in two worlds that differ only in what the seat cannot
see; whether a seat is asked depends only on open information (TG-T2, TG-T3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from touge_helpers import race

import kansei
from kansei import Action
from kansei.builtin.touge.state import TougeState
from kansei.testing import find_events, refuses_text_cleanly

MODES = ("time_attack", "sudden_death")
PROBES = ["road akina-final-hairpin", "tune supercharger @1", "tune jump @2", "redraw jump", "ability"]
PROBES += ["nullify @1", "done", "pass", "tune hyper-focused", "redraw akagi-long-straight", "road nope"]


def twin(state: TougeState, seat: int, k: int) -> TougeState:
    """A world that differs from ``state`` only in what ``seat`` cannot see: the other seat's hand, set-aside
    cards and deck order are resampled; ``seat``'s own deck order and the random source are kept, so both
    worlds deal ``seat`` the same cards from here on."""
    other = state.determinize(seat, random.Random(k))
    assert isinstance(other, TougeState)
    other.decks[seat] = list(state.decks[seat])
    other.rng = state.rng.clone()
    return other


def told(state: TougeState, seat: int) -> dict:
    """Everything ``seat`` is told now."""
    game = state.game
    out = {
        "view": state.view(seat),
        "events": state.events_for(seat),
        "narration": [game.narrate(e, seat) for e in state.events_for(seat)],
        "spectator": (state.view(None), state.events_for(None)),
        "encoded": game.encode_view(state.view(seat), seat),
        "encoded_state": game.encode_state(state, seat),  # the adapters' shortcut to the same vector
        "to_move": state.to_move,
    }
    if state.to_move == seat:
        out["menu"] = [(a.notation, game.describe_action(state, a)) for a in state.legal_actions()]
        out["refusals"] = [_refusal(state, text, seat) for text in PROBES]
    return out


def _refusal(state: TougeState, text: str, seat: int) -> str:
    try:
        state.clone().apply(Action(text), seat=seat)
    except kansei.IllegalAction as e:
        return str(e)
    return "accepted"


def step_both(a: TougeState, b: TougeState, seat: int, rng: random.Random) -> None:
    """One move in both worlds: ``seat`` plays the same action; the other seat an action that looks the same
    to ``seat`` (same public notation) in both worlds."""
    mover = a.to_move
    if mover == seat:
        assert [x.notation for x in a.legal_actions()] == [x.notation for x in b.legal_actions()]
        act = rng.choice(a.legal_actions())
        a.apply(act, seat=seat)
        b.apply(act.notation, seat=seat)
        return
    pa = {a.public_notation(x): x for x in a.legal_actions()}
    pb = {b.public_notation(x): x for x in b.legal_actions()}
    common = sorted(set(pa) & set(pb))
    assert common, "the other seat has nothing in common to do in both worlds"
    shown = rng.choice(common)
    a.apply(pa[shown], seat=mover)
    b.apply(pb[shown], seat=mover)


@pytest.mark.parametrize("mode", MODES)
def test_two_worlds_tell_a_seat_the_same(mode: str):
    """Narration, menus, refusals, views, encodings and whether the seat is asked are identical in two
    worlds that differ only in the other seat's hidden cards, move after move to the end of the race."""
    game = kansei.load("touge", mode=mode)
    differ = 0
    for seed in range(6):
        seat = seed % 2
        a = game.start(seed=seed)
        b = twin(a, seat, seed)
        differ += a.hands[1 - seat] != b.hands[1 - seat]
        rng = random.Random(seed)
        steps = 0
        while not a.is_over:
            assert told(a, seat) == told(b, seat)
            step_both(a, b, seat, rng)
            steps += 1
        assert b.is_over and told(a, seat) == told(b, seat) and steps > 5
    assert differ >= 5  # the worlds really differ


def test_hidden_cards_are_private_events():
    """A drawn, dealt or put-back card is named only to its owner; everyone is told the count."""
    s = race()
    assert find_events(s, "drew", seat=None) == [
        {"type": "drew", "seat": 0, "count": 7},
        {"type": "drew", "seat": 1, "count": 7},
    ]
    mine = find_events(s, "drew_cards", seat=0)
    assert len(mine) == 1 and sorted(mine[0]["cards"]) == sorted(
        h["card"] for h in s.view(0)["players"][0]["hand"]
    )
    assert [e for e in find_events(s, "drew_cards", seat=1) if e["seat"] == 0] == []
    s.apply(s.legal_actions()[0], seat=0)
    s.apply("done", seat=0)
    assert find_events(s, "put_back", seat=1) == [] and len(find_events(s, "put_back", seat=0)) == 1
    for audience, event in s.event_log():
        if event["type"] in ("drew_cards", "put_back"):
            assert audience == event["seat"]
        else:
            assert audience is None


@pytest.mark.parametrize("mode", MODES)
def test_public_notation_names_only_cards_that_become_public(mode: str):
    """For every action of every kind: what the others are told names no card they cannot see after it
    (a redraw is "redraw a card"; a road or tune-up is played face up)."""
    game = kansei.load("touge", mode=mode)
    kinds = set()
    for seed in range(8):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            other = 1 - s.to_move
            for a in s.legal_actions():
                told = s.public_notation(a)
                kinds.add(a.kind)
                if a.kind == "redraw":
                    assert told == "redraw a card"
                    continue
                after = s.clone()
                after.apply(a)
                shown = " ".join(str(e) for e in after.events_for(other)) + str(after.view(other))
                for d in s.game.table.cards:
                    if d.slug in told.split():
                        assert d.name in shown, (told, d.name)
            s.apply(rng.choice(s.legal_actions()))
    assert kinds >= {"road", "tune", "ability", "pass", "done", "redraw"}


def test_every_pass_is_logged_alike_whether_forced_or_not():
    """TG-T2/TG-T3 (issue 11): a pass with nothing else to do and a chosen pass give the same event."""
    tunes = [
        "Supercharger",
        "Supercharger",
        "Jump",
        "Hyper-Focused",
        "Gutter Drift",
        "Blindspot",
        "Feint Motion",
    ]
    forced = race(options={"redraws": 0}, hands=[["Akagi Chicane"], tunes])
    chosen = race(options={"redraws": 0}, hands=[["Akagi Chicane"], []])
    for s in (forced, chosen):
        s.apply("road akagi-chicane", seat=0)
    assert [a.notation for a in forced.legal_actions()] == ["pass"]
    assert len(chosen.legal_actions()) > 1
    for s in (forced, chosen):
        s.apply("pass", seat=1)
    assert find_events(forced, "pass", seat=0) == find_events(chosen, "pass", seat=0)
    assert find_events(forced, "pass", seat=0) == [{"type": "pass", "seat": 1, "phase": "build"}]


@pytest.mark.parametrize("mode", MODES)
def test_whether_a_seat_is_asked_depends_only_on_what_the_other_can_see(mode: str):
    """TG-T2, TG-T3: in ``state`` and in a world where the mover's hidden cards are resampled, after the
    mover passes and the other seat acts alike, the same seat is asked next (in the old engine a seat
    without a road or tune-up was skipped, which told its opponent so)."""
    game = kansei.load("touge", mode=mode)
    checked = 0
    for seed in range(12):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):  # a few moves in
            s.apply(rng.choice(s.legal_actions()))
        while not s.is_over:
            if s.phase in ("build", "tune"):
                mover = s.to_move
                other = 1 - mover
                w = s.determinize(other, random.Random(seed))
                for world in (s, w):
                    world.apply("pass", seat=mover)
                if not s.is_over and s.to_move == other and s.phase in ("build", "tune"):
                    act = rng.choice(s.legal_actions())
                    s.apply(act, seat=other)
                    w.apply(act.notation, seat=other)
                assert (s.to_move, s.phase, s.is_over) == (w.to_move, w.phase, w.is_over)
                checked += 1
                continue
            s.apply(rng.choice(s.legal_actions()), seat=s.to_move)
    assert checked > 50


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.one_of(
        st.text(max_size=60),
        st.builds(
            lambda k, name, tile: f"{k} {name}{tile}",
            st.sampled_from(["road", "tune", "redraw", "nullify", "ability", "done", "pass", "ROAD", "Tune"]),
            st.sampled_from(
                ["akina-final-hairpin", "jump", "supercharger", "Akagi Chicane", "", "@3", "x" * 80]
            ),
            st.sampled_from(["", " @1", " @0", " @99999999999", " @-1", " @²", " @", " @1 @2"]),
        ),
    ),
    steps=st.integers(0, 40),
    seed=st.integers(0, 50),
)
def test_refusals_never_raise_and_stay_on_one_line(text: str, steps: int, seed: int):
    """A refusal is one line for the seat to move, for any text, and changes nothing."""
    s = kansei.load("touge", mode="sudden_death" if seed % 2 else "time_attack").start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        s.apply(rng.choice(s.legal_actions()))
    refuses_text_cleanly(s, text, limit=300)


def test_refusals_explain_the_phase_the_hand_and_the_spent_ability():
    """Refusals tell the seat to move why (its own hand may be named), in the game's terms."""
    s = race(options={"redraws": 0}, hands=[["Akagi Chicane", "Supercharger", "Jump"], []])

    def why(text: str) -> str:
        return _refusal(s, text, s.to_move)

    assert "tune-up phase" in why("tune supercharger @1") and "build phase" in why("tune supercharger @1")
    assert why("road akina-final-hairpin") == "you hold no Akina Final Hairpin"
    assert why("road supercharger") == "Supercharger is not a road"
    assert why("road warp-drive") == "no Touge card is named 'warp-drive'"
    assert why("done") == "'done' ends a redraw; this is the build phase: 'pass' to pass"
    s.apply("road akagi-chicane", seat=0)
    s.apply("pass", seat=1)
    s.apply("pass", seat=0)
    assert s.phase == "tune" and s.to_move == 0
    assert why("tune supercharger @1") == "Supercharger goes on a straight; tile 1 is a corner"
    assert why("tune supercharger @7") == "the course has one tile, tile 1"  # one tile: singular
    assert why("tune jump") == "Jump is played on a tile: 'tune jump @N'"
    assert "build phase" in why("road akagi-chicane")
    s.apply("ability", seat=0)
    s.apply("pass", seat=1)
    assert why("ability") == "your car's ability is used once per race, and is spent"
    other = _refusal(s, "pass", 1)
    assert other == "player 2: it is not your turn (player 1 is to move)"


def test_views_and_reveals_are_fresh_objects():
    """Changing what view()/reveal() returned changes nothing: not later views, not new games."""
    game = kansei.load("touge")
    s = game.start(seed=3)
    while not s.battles:
        s.apply(s.legal_actions()[0])
    first = s.view(0)
    first["players"][0]["decklist"]["Akina Final Hairpin"] = 50
    first["players"][0]["hand"].append({"ref": "hand:akina-final-hairpin", "card": "Akina Final Hairpin"})
    first["battles"][0]["scores"].append(99)
    first["wins"][0] = 7
    r = s.reveal()
    r["hands"][0].clear()
    r["players"][1]["decklist"].clear()
    assert s.view(0) != first and s.view(0)["players"][0]["decklist"]["Akina Final Hairpin"] == 1
    assert s.reveal()["hands"][0] and s.view(1)["players"][1]["decklist"]
    assert (
        game.start(seed=3).view(0)["players"][0]["decklist"]
        == game.start(seed=4).view(0)["players"][0]["decklist"]
    )
    assert game.start(seed=3).view(0)["players"][0]["decklist"]["Akina Final Hairpin"] == 1
    legal = s.legal_actions()
    assert isinstance(legal, tuple)


@settings(max_examples=60, deadline=None)
@given(
    notation=st.one_of(st.sampled_from(kansei.load("touge").action_space()), st.text(max_size=30)),
    kind=st.sampled_from(["road", "tune", "pass", "redraw", "ability", "done", "nullify", "x"]),
    args=st.lists(st.integers(-5, 500), max_size=3).map(tuple),
    seed=st.integers(0, 30),
    steps=st.integers(0, 30),
)
def test_forged_actions_do_only_what_the_engine_would(
    notation: str, kind: str, args: tuple, seed: int, steps: int
):
    """An Action with a legal notation but forged kind and args plays the engine's own action; any other
    is refused and changes nothing."""
    game = kansei.load("touge")
    a, b = game.start(seed=seed), game.start(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if a.is_over:
            return
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act.notation)
    if a.is_over:
        return
    forged = Action(notation, kind, args)
    legal = {x.notation: x for x in a.legal_actions()}
    if notation in legal:
        a.apply(forged, seat=a.to_move)
        b.apply(legal[notation], seat=b.to_move)
        assert a.reveal() == b.reveal() and a.event_log() == b.event_log()
    else:
        before = (repr(a.reveal()), a.event_count())
        with pytest.raises(kansei.IllegalAction):
            a.apply(forged, seat=a.to_move)
        assert (repr(a.reveal()), a.event_count()) == before
