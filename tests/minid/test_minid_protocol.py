"""Mini D against the core protocol (issues 10 and 15): private events, what others are told, asking a racer
whatever its hand holds, the state as the engine's alone, validation at start, forged actions, leaks, bots,
and the research hooks."""

from __future__ import annotations

import copy
import io
import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from minid_helpers import GAME, STOP, act, decision, race
from rich.console import Console

import kansei
from kansei import ContentError, IllegalAction, KanseiError, OptionError
from kansei.agents import choose, make_agent
from kansei.builtin.minid.game import NO_DECKS
from kansei.builtin.minid.race import OWN, Race
from kansei.builtin.minid.state import MiniDState
from kansei.core.protocol import Action
from kansei.testing import play_random

CONFIGS = [(c["options"], c["players"]) for c in GAME.test_configs()]
KEPT = [c for c in GAME.table.cards if not c.bolt]


def decline(state: MiniDState, seat: int | None = None) -> Action:
    """The answer that reveals nothing and keeps every hand: decline, don't draw, the first sprint/line; a
    discard (hand over the limit) takes the first card, whatever it is."""
    legal = state.legal_actions()
    for a in legal:
        if a.notation in ("roll", "pass", "accept"):
            return a
    return legal[0]


def asked(state: MiniDState, steps: int) -> list[tuple[str, int]]:
    """Who is asked what for ``steps`` decisions when everybody declines."""
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        d = state.view(None)["decision"]
        out.append((d["kind"], d["seat"]))
        state.apply(decline(state), seat=d["seat"])
    return out


# -- 1, 2: private events and what the others are told ------------------------------------------------------


def test_only_the_drawn_kept_card_is_private_and_public_notation_names_only_public_cards():
    """MD-E1: a kept card drawn is the only secret event (the others see ``drew``). Every action's public
    notation is its notation, and a card it names is face up right after (the discard pile)."""
    for options, n in CONFIGS:
        game = kansei.load("minid", **options)
        for seed in range(6):
            seen: list[tuple[str, str]] = []

            def check(state: kansei.State, step: int, seen: list[tuple[str, str]] = seen) -> None:
                for a in state.legal_actions():
                    note = state.public_notation(a)
                    assert note == a.notation
                    if a.kind in ("play", "discard"):
                        child = state.clone().apply(a)
                        assert note.split(" ", 1)[1] in child.view(None)["discard"]["cards"]
                        seen.append((a.kind, note))

            state, _ = play_random(game, seed, n, on_step=check)
            private = {(audience, e["type"]) for audience, e in state.event_log() if audience is not None}
            assert {t for _, t in private} <= {"drew_card"}
            for audience, e in state.event_log():
                if e["type"] == "drew_card":
                    assert audience == e["seat"]


# -- 4: a racer is asked whatever its hidden hand holds ------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    hand_a=st.lists(st.sampled_from([c.name["fr"] for c in KEPT]), min_size=1, max_size=3),
    hand_b=st.lists(st.sampled_from([c.name["fr"] for c in KEPT]), min_size=1, max_size=3),
    players=st.integers(2, 4),
)
def test_who_is_asked_depends_only_on_what_everyone_sees(seed, hand_a, hand_b, players):
    """Two races that differ only in seat 1's hidden cards (same count) ask the same racers the same
    questions, everybody declining — the old engine asked only holders of a card playable then."""
    size = min(len(hand_a), len(hand_b))
    worlds = []
    for hand in (hand_a[:size], hand_b[:size]):
        hands: list[list[str]] = [[] for _ in range(players)]
        hands[1] = hand
        try:
            setup = {"starter": 0, "positions": [0] * players, "hands": hands}
            worlds.append(GAME.start(seed=seed, players=players, setup=setup))  # no settle(): all asks count
        except ContentError:  # e.g. three copies of a card with two in the deck
            return
    a, b = worlds
    assert asked(a, 60) == asked(b, 60)
    assert told_before_reveal(a) == told_before_reveal(b)


def told_before_reveal(state: MiniDState) -> list[dict[str, Any]]:
    """Seat 0's events, but not which cards a racer who finished or went out turned face up (MD-E1)."""
    return [{**e, "cards": "?"} if e["type"] == "hand_discarded" else e for e in state.events_for(0)]


def test_a_racer_holding_only_unusable_cards_is_asked_and_can_only_decline():
    """MD-E1 ruling (issue 15): seat 0 holds only a battle card; it is still asked at its turn and at its
    DRIFT roll, each time with the decline its only answer. A racer with no card (public) is not asked."""
    setup = {
        "starter": 0,
        "bunta": None,
        "positions": [7, 0],
        "dice": [2, 12],
        "hands": [["Appel de phares"], STOP],
    }
    s = GAME.start(seed=0, players=2, setup=setup)
    for kind, only in (("turn", "roll"), ("drift", "accept")):
        assert decision(s) == (kind, 0) and [a.notation for a in s.legal_actions()] == [only]
        s.apply(only, seat=0)
    assert decision(s) == ("turn", 1)
    s = GAME.start(seed=0, players=2, setup={**setup, "hands": [[], STOP]})
    assert decision(s) == ("turn", 1) and s.race.positions[0] == 9  # seat 0, holding nothing, was never asked


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_whether_a_seat_is_asked_next_is_the_same_in_its_determinized_world(options, players):
    """Two-worlds method: in ``state`` and in ``state.determinize(seat)`` with the same dice to come, the
    seats asked (everybody declining) are the same."""
    game = kansei.load("minid", **options)
    for seed in range(3):
        rng = random.Random(seed)

        def check(state: kansei.State, step: int, rng: random.Random = rng) -> None:
            if step % 5:
                return
            assert isinstance(state, MiniDState)
            for seat in range(players):
                world = state.determinize(seat, rng)
                assert isinstance(world, MiniDState)
                world.rng = state.rng.clone()
                assert asked(state.clone(), 25) == asked(world, 25)

        play_random(game, seed, players, on_step=check)


# -- 5: the state is the engine's alone ----------------------------------------------------------------------


def test_views_reveals_and_legal_lists_alias_nothing():
    s = race(players=3, positions=[2, 12, 0], waiting=[["Pneus neufs"], [], []], hands=[["Nitro"], STOP, []])
    fresh = kansei.load("minid").start(seed=4, players=3)
    before = (json.dumps(s.view(0)), json.dumps(s.reveal()), json.dumps(fresh.view(None)))
    v, r = s.view(0), s.reveal()
    v["racers"][0]["hand"].append({"ref": "hand:9", "card": "nitro"})
    v["racers"][0]["waiting"].clear()
    v["sections"][0]["names"]["en"] = "X"
    v["options"]["track"] = "usui"
    v["bunta"]["case"] = 3
    r["hands"][1].append("nitro")
    r["deck"].clear()
    r["tasks"].append(["x"])
    legal = s.legal_actions()
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal[0].notation = "pass"  # type: ignore[misc]
    assert (json.dumps(s.view(0)), json.dumps(s.reveal())) == before[:2]
    assert json.dumps(kansei.load("minid").start(seed=4, players=3).view(None)) == before[2]


def test_a_race_copies_and_pickles_every_field_it_changes_and_shares_the_games():
    """A state's race (race.py): its clone, pickle and deep copy hold every field the race changes, equal
    and unshared (the order of play excepted: replaced, never changed), and its game's table and track."""
    s = kansei.load("minid").start(seed=5, players=3)
    rng = random.Random(5)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    r = s.race
    slots = getattr(Race, "__slots__", None)  # compiled, a native class lists none
    if slots is not None:
        assert set(slots) == set(OWN) | {"game", "table", "track", "rng", "narrating", "news"}
    for other in (r.clone(), pickle.loads(pickle.dumps(r)), copy.deepcopy(r)):
        assert {name: getattr(other, name) for name in OWN} == {name: getattr(r, name) for name in OWN}
        assert other.positions is not r.positions and other.hands[0] is not r.hands[0]
        assert other.table is GAME.table and other.track is GAME.track


def test_legal_lists_are_fresh_tuples_no_caller_can_change_for_every_game():
    """Issue 15: one caller reversing Mini D's legal list changed every game in the process."""
    a = kansei.load("minid").start(seed=1, players=2)
    first = a.legal_actions()
    as_list = list(first)
    as_list.reverse()
    b = kansei.load("minid").start(seed=1, players=2)
    assert b.legal_actions() == first and first[0].notation == "sprint 1"


# -- 6: start validates everything ---------------------------------------------------------------------------

JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
KEYS = list(GAME.Setup.model_fields)


def good_reveal() -> str:
    s = race(players=3, positions=[1, 2, 3], hands=[["Nitro"], [], []], dice=[4, 4, 4])
    return json.dumps(s.reveal(), sort_keys=True) + str(s.event_log())


GOOD = good_reveal()


@settings(max_examples=150, deadline=None)
@given(
    setup=st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), JSONISH, max_size=4) | JSONISH,
    players=st.sampled_from([2, 3, 6]) | JSONISH,
    seed=st.sampled_from([0, 7]) | JSONISH,
    decks=st.none() | JSONISH,
)
def test_hostile_starts_are_one_kansei_error_and_change_nothing(setup, players, seed, decks):
    try:
        GAME.start(seed=seed, players=players, decks=decks, setup=setup)
    except KanseiError as e:
        assert str(e) and all("\n" not in line for line in getattr(e, "problems", [str(e)]))
        assert "Traceback" not in str(e)
    assert good_reveal() == GOOD


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 1}, OptionError),
        ({"players": True}, OptionError),
        ({"players": "2"}, OptionError),
        ({"players": 2.0}, OptionError),
        ({"seed": -1}, OptionError),
        ({"seed": 2**64}, OptionError),
        ({"seed": "7"}, OptionError),
        ({"decks": ["akina", None]}, ContentError),
        ({"setup": {"dice": [1] * 3000}}, ContentError),
        ({"setup": {"hands": [["Nitro"] * 50, []]}}, ContentError),
    ],
)
def test_bad_start_arguments(kwargs, error):
    with pytest.raises(error):
        GAME.start(**{"seed": 0, "players": 2, **kwargs})
    assert good_reveal() == GOOD


def test_no_decks_in_mini_d_one_line_each(tmp_path):
    p = tmp_path / "deck.txt"
    p.write_text("3 Nitro\n")
    line = NO_DECKS
    with pytest.raises(ContentError) as e:
        GAME.load_deck(p)
    assert e.value.problems == [line]
    with pytest.raises(ContentError) as e:
        GAME.starter_deck("anything")
    assert e.value.problems == [line]
    assert GAME.deck_problems({"name": "x", "cards": {"Nitro": 2}}) == [line]
    assert GAME.starter_decks() == []


def test_a_forced_die_that_does_not_fit_is_refused_before_any_change_also_through_advance():
    """MD scenario dice: a 9 where a d6 is rolled refuses the action (apply and the search bots' advance)
    with the state as it was; the start itself refuses a bad die it rolls."""
    s = race(positions=[12, 0], dice=[9], hands=[STOP, STOP])
    before = json.dumps(s.reveal(), sort_keys=True), s.event_count()
    roll = s.legal_actions()[-1]
    for step in (lambda: s.apply("roll"), lambda: s.advance(roll)):
        with pytest.raises(ContentError) as e:
            step()
        assert e.value.problems == ["minid setup: forced die 9 cannot be the result of a d6"]
        assert (json.dumps(s.reveal(), sort_keys=True), s.event_count()) == before
    with pytest.raises(ContentError):
        race(positions=[12, 0], dice=[9])  # seat 0 rolls at once: the start is refused


# -- forged actions ------------------------------------------------------------------------------------------


def test_forged_actions_run_the_engines_own_action_or_are_refused():
    """Issue 15: the engine applies its own legal action matching the notation, never the caller's payload."""
    s = race(positions=[12, 0], dice=[1], hands=[["Nitro", "Frein à main"], STOP])
    nitro, frein = (GAME.table.find_card(n) for n in ("Nitro", "Frein à main"))
    act(s, Action("roll", "play", (frein,)))  # a roll dressed as a card: the engine rolls
    assert s.race.hands[0] == sorted([nitro, frein]) and s.race.positions[0] == 13
    s = race(positions=[12, 0], dice=[1], hands=[["Nitro"], STOP])
    forgeries = [Action("play nitro x", "play", (nitro,)), Action("discard nitro", "discard", (nitro,))]
    for forged in [*forgeries, None, 3, b"roll", ("roll",), Action("", "roll")]:
        with pytest.raises(IllegalAction):
            s.apply(forged, seat=0)  # type: ignore[arg-type]
    other = race(positions=[12, 0], dice=[1], hands=[["Nitro"], STOP])
    act(s, other.legal_actions()[0])  # another state's Action: matched by notation, the engine's own applied
    assert s.view(None)["decision"] is not None


# -- leaks: what a seat is told in two worlds that differ only in what it cannot see -------------------------


def rendered(state: MiniDState, seat: int | None, lang: str = "en", width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(state.game.render(state, seat, lang))
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def told(state: MiniDState, seat: int) -> dict[str, Any]:
    game = state.game
    texts = [f"{v} {c.slug}" for v in ("play", "discard") for c in GAME.table.cards] + [
        "roll",
        "pass",
        "line x",
    ]
    out: dict[str, Any] = {
        "view": state.view(seat),
        "narration": [game.narrate(e, seat, lang) for e in state.events_for(seat) for lang in game.languages],
        "render": [rendered(state, seat, lang) for lang in game.languages],
        "refusals": [],
    }
    for t in texts:
        try:
            state.clone().apply(Action(t), seat=seat)
            out["refusals"].append("accepted")
        except IllegalAction as e:
            out["refusals"].append(str(e))
    if state.to_move == seat:
        out["menu"] = [(a.notation, game.describe_action(state, a, lang)) for a in state.legal_actions()
                       for lang in game.languages]  # fmt: skip
    if state.to_move is not None:
        out["public"] = (
            sorted(state.public_notation(a) for a in state.legal_actions()) if state.to_move != seat else []
        )
    return out


@pytest.mark.parametrize(("options", "players"), [c for c in CONFIGS if c[1] <= 3])
def test_narration_menus_refusals_and_notation_are_the_same_in_worlds_a_seat_cannot_tell_apart(
    options, players
):
    game = kansei.load("minid", **options)
    for seed in range(2):
        rng = random.Random(seed)

        def check(state: kansei.State, step: int, rng: random.Random = rng) -> None:
            if step % 5:
                return
            assert isinstance(state, MiniDState)
            for seat in range(players):
                world = state.determinize(seat, rng)
                assert isinstance(world, MiniDState)
                mine, theirs = told(state, seat), told(world, seat)
                for key in mine:
                    if key == "public":  # the mover's options differ with its hidden hand; only their form
                        continue
                    assert mine[key] == theirs[key], (step, seat, key)

        play_random(game, seed, players, on_step=check)


# -- bots ----------------------------------------------------------------------------------------------------


HARD_TRACK = """
[[track]]
name = "Irohazaka"
length = 40
events = [2, 4, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39]
sections = [
  { kind = "straight", start = 1, end = 3 },
  { kind = "corner", start = 4, end = 6, difficulty = 15 },
  { kind = "straight", start = 7, end = 9 },
  { kind = "corner", start = 10, end = 12, difficulty = 16 },
  { kind = "straight", start = 13, end = 15 },
  { kind = "corner", start = 16, end = 18, difficulty = 17 },
  { kind = "straight", start = 19, end = 21 },
  { kind = "corner", start = 22, end = 24, difficulty = 15 },
  { kind = "straight", start = 25, end = 27 },
  { kind = "corner", start = 28, end = 30, difficulty = 16 },
  { kind = "straight", start = 31, end = 33 },
  { kind = "corner", start = 34, end = 36, difficulty = 17 },
  { kind = "straight", start = 37, end = 40 },
]
"""


def test_greedy_beats_random(tmp_path):
    """Mini D is a dice race: over 1,000 default races greedy's mean return against random is only about
    +0.03. Where choices matter — a track of hard hairpins, Event cases everywhere, three kept cards dealt to
    each racer — greedy (in seat 0 and seat 1 in turn) beats random clearly over 200 fixed-seed races."""
    path = tmp_path / "irohazaka.toml"
    path.write_text(HARD_TRACK)
    game = kansei.load("minid", track=str(path))
    pool = [c.name["fr"] for c in KEPT for _ in range(c.count)]
    score, wins = 0.0, 0
    for seed in range(200):
        greedy_seat = seed % 2
        deal = random.Random(seed).sample(pool, 6)
        agents = {greedy_seat: make_agent("greedy", seed), 1 - greedy_seat: make_agent("random", seed)}
        s = game.start(seed=seed, players=2, setup={"hands": [deal[:3], deal[3:]]})
        while not s.is_over:
            seat = s.to_move
            assert seat is not None
            s.apply(choose(agents[seat], s, seat), seat=seat)
        score += s.returns()[greedy_seat]
        wins += s.winner == greedy_seat
    assert score / 200 > 0.1 and wins > 110, (score, wins)


# -- hooks for research adapters and the web table --------------------------------------------------------


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_action_space_holds_every_legal_notation_once(options, players):
    game = kansei.load("minid", **options)
    space = game.action_space()
    assert len(space) == len(set(space)) and space == game.action_space()
    known = set(space)
    for seed in range(15):
        _, notes = play_random(game, seed, players)
        assert set(notes) <= known, set(notes) - known


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_observation_encoding_has_its_spec_length_and_sees_only_the_view(options, players):
    game = kansei.load("minid", **options)
    spec = game.observation_spec(players)
    assert len(spec) == len(set(spec))
    rng = random.Random(1)

    def check(state: kansei.State, step: int) -> None:
        for seat in [*range(players), None]:
            vec = game.encode_view(state.view(seat), seat)
            assert len(vec) == len(spec) and all(isinstance(x, float) for x in vec)
            world = state.determinize(seat, rng)
            assert game.encode_view(world.view(seat), seat) == vec
            assert game.encode_state(state, seat) == vec == game.encode_state(world, seat)  # the shortcut

    play_random(game, 3, players, on_step=check)


def test_card_faces_in_both_languages():
    en, fr = GAME.cards("en"), GAME.cards("fr")
    assert [c["slug"] for c in en] == [c["slug"] for c in fr] == [c.slug for c in GAME.table.cards]
    flat = next(c for c in en if c["slug"] == "pied-au-plancher")
    assert (
        flat["name"] == "Flat Out"
        and flat["kind"] == "kept Event"
        and flat["stats"] == {"copies": 2, "amount": 2}
    )
    assert (
        flat["tags"] == ["move bonus", "start of your turn"]
        and flat["house"] is True
        and flat["colour"] is None
    )
    plancher = next(c for c in fr if c["slug"] == "pied-au-plancher")
    assert plancher["name"] == "Pied au plancher" and plancher["text"].startswith(
        "À jouer au début de votre tour"
    )
    turbo = next(c for c in en if c["slug"] == "coup-de-turbo")
    assert turbo["kind"] == "⚡ Event" and turbo["stats"]["cases"] == 3 and turbo["colour"] == "yellow"
    json.dumps(en)
    en[0]["stats"]["copies"] = 99
    assert GAME.cards("en")[0]["stats"]["copies"] != 99
