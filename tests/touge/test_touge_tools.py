"""Touge for the tools around it: hostile starts (issue 15), text output for every event and seat, the
bots (greedy beats random and never plays a move its preview scores worse than passing, issue 11), the
research hooks (action space, observation encoding)."""

from __future__ import annotations

import io
import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from touge_helpers import AKINA, REDSUNS

import kansei
from kansei import KanseiError
from kansei.agents import choose, make_agent
from kansei.builtin.touge.bots import evaluate, evaluate_all, preview
from kansei.builtin.touge.table import table
from kansei.core.names import Names
from kansei.testing import play_random

MODES = ("time_attack", "sudden_death")
EVENT_TYPES = {
    "cars", "coins", "disaster", "drew", "drew_cards", "put_back", "redraw", "road", "pass", "course", "tune",
    "ability", "nullify", "run", "battle", "battle_start", "race_over",
}  # fmt: skip

NAMES = [d.name for d in table().cards][::7] + ["Warp Drive", "", "x" * 300]
json_scalar = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True), st.text(max_size=20)
)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
)
names = st.lists(st.sampled_from(NAMES), max_size=12)
deck_data = st.fixed_dictionaries(
    {
        "cards": st.dictionaries(
            st.sampled_from(NAMES), st.one_of(st.integers(-3, 300), json_scalar), max_size=6
        )
    },
    optional={
        "name": json_scalar,
        "car": st.one_of(st.sampled_from(["AE-86 Trueno", "Civic EG6", "Akina Final Hairpin"]), json_scalar),
        "colour": json_scalar,
    },
)
setup = st.dictionaries(
    st.sampled_from(["direction", "leader", "disaster", "hands", "order", "reveal", "turbo"]),
    st.one_of(
        json_value,
        st.sampled_from(["downhill", "uphill", "none", "Rain", "Oil Slick", 0, 1, 2, True]),
        st.tuples(names, names).map(list),
    ),
    max_size=4,
)


def fingerprint(state: kansei.State) -> str:
    return json.dumps(state.reveal(), sort_keys=True) + str(state.event_log())


GOOD = fingerprint(kansei.load("touge").start(seed=7, decks=[AKINA, REDSUNS], setup={"leader": 1}))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.one_of(st.integers(-5, 2**64 + 5), json_scalar),
    players=st.one_of(st.none(), st.integers(-1, 4), json_scalar),
    decks=st.one_of(
        st.none(),
        json_value,
        st.lists(
            st.one_of(st.none(), st.sampled_from([AKINA, REDSUNS, "/etc/passwd"]), deck_data), max_size=3
        ),
    ),
    setup=st.one_of(st.none(), setup, json_value),
)
def test_hostile_starts_are_one_error_and_change_nothing(seed, players, decks, setup):
    """Any seed, player count, decks and scenario: a game, or one KanseiError (never TypeError, KeyError…);
    and a good start afterwards is exactly as if nothing had been tried."""
    game = kansei.load("touge")
    try:
        state = game.start(seed=seed, players=players, decks=decks, setup=setup)
    except KanseiError as e:
        assert str(e) and all(len(line) < 400 for line in str(e).splitlines())
        assert len(str(e).splitlines()) <= 25
    else:
        rng = random.Random(0)
        while not state.is_over:  # a game that starts plays to its end
            state.apply(rng.choice(state.legal_actions()))
    assert fingerprint(game.start(seed=7, decks=[AKINA, REDSUNS], setup={"leader": 1})) == GOOD


def test_start_refuses_typed_scenarios_and_decks_with_one_line_each():
    """Scenario keys and decks are typed: each problem is a line naming the key."""
    game = kansei.load("touge")
    cases = [
        ({"setup": {"leader": True}}, "leader"),
        ({"setup": {"leader": 2}}, "leader"),
        ({"setup": {"direction": "sideways"}}, "direction"),
        ({"setup": {"hands": [["Akina Final Hairpin"] * 8, []]}}, "hands"),
        ({"setup": {"hands": [["Jump", "Jump"], []]}}, "not in seat 0's deck"),
        ({"setup": {"disaster": "Jump"}}, "not a disaster card"),
        ({"setup": {"disaster": "Rain"}, "decks": [REDSUNS, REDSUNS]}, "in neither deck"),
        ({"setup": {"turbo": 1}}, "unknown key 'turbo'"),
        ({"decks": [{"car": "AE-86 Trueno", "cards": {"Jump": True}}, None]}, "cards.Jump"),
        ({"decks": [{"car": 5, "cards": {}}, None]}, "car"),
        ({"decks": [{"cards": {"Akina First Hairpin": 10**9}}, None]}, "cards.Akina First Hairpin"),
        ({"decks": [AKINA]}, "two decks are needed"),
        ({"decks": ["Nope", None]}, "no starter deck 'Nope'"),
    ]
    for kwargs, expected in cases:
        with pytest.raises(KanseiError) as e:
            game.start(seed=1, **kwargs)
        assert expected in str(e.value), (kwargs, str(e.value))


def test_every_event_is_narrated_and_every_seat_rendered_at_80_columns():
    """Smoke: every event type Touge logs is narrated for each seat and the spectator, in one line and
    without error, and the board renders for each seat within 80 columns."""
    seen: set[str] = set()
    for mode in MODES:
        game = kansei.load("touge", mode=mode, nullify_pick="leader_choice")
        for seed in range(10):
            state, _ = play_random(game, seed)
            for seat in (0, 1, None):
                for e in state.events_for(seat):
                    seen.add(e["type"])
                    line = game.narrate(e, seat)
                    assert line is None or (isinstance(line, str) and line and "\n" not in line)
                out = io.StringIO()
                Console(file=out, width=80, color_system=None).print(game.render(state, seat))
                assert max(len(x) for x in out.getvalue().splitlines()) <= 80
    assert seen == EVENT_TYPES


def test_narration_speaks_to_the_seat_and_names_the_others():
    """Issue 11 wording ("you draw", plurals, no notation); issue 19: players by name, counted from 1."""
    game = kansei.load("touge")
    names = ["Alice", "Bob"]
    assert game.narrate({"type": "drew_cards", "seat": 0, "cards": ["Jump"]}, 0) == "Your new cards: Jump"
    assert game.narrate({"type": "drew", "seat": 0, "count": 2}, 0) == "You draw 2 cards"
    assert game.narrate({"type": "drew", "seat": 1, "count": 1}, 0) == "Player 2 draws 1 card"
    assert game.narrate({"type": "drew", "seat": 1, "count": 2}, None, names=names) == "Bob draws 2 cards"
    assert game.narrate({"type": "pass", "seat": 0, "phase": "build"}, 0) == "You pass"
    assert game.narrate({"type": "pass", "seat": 0, "phase": "build"}, 1, names=names) == "Alice passes"
    road = {"type": "road", "seat": 1, "card": "Akina Final Hairpin", "tile": 3}
    assert game.narrate(road, 1) == "You lay Akina Final Hairpin as tile 3"
    assert game.narrate(road, 0, names=names) == "Bob lays Akina Final Hairpin as tile 3"
    third = Names(names, second_person=False)
    assert game.narrate(road, 1, names=third) == "Bob lays Akina Final Hairpin as tile 3"
    assert game.narrate({"type": "course", "tiles": ["A"]}, 0) == "The course is built: 1 tile"
    redraw = {"type": "redraw", "seat": 1, "count": 1}
    assert game.narrate(redraw, 0, names=names) == "Bob shuffles 1 card back in to redraw"
    over = {"type": "race_over", "winner": 1, "wins": [0, 2], "reason": "battles"}
    assert game.narrate(over, 1) == "Race over: you win the race"
    assert game.narrate(over, None, names=names) == "Race over: Bob wins the race"
    battle = {"type": "battle", "battle": 1, "direction": "downhill", "leader": 0, "scores": [18, 16]}
    assert game.narrate({**battle, "winner": 0}, 0, names=names) == (
        "Battle 1, downhill: you 18 – Bob 16; you win"
    )
    with pytest.raises(kansei.OptionError):
        game.narrate(road, 1, lang="de")  # a language Touge lacks


def test_menu_lines_carry_road_numbers_and_the_preview():
    """Issue 11: menu and hand lines show a road's type, tier and values; plays show the margin preview."""
    game = kansei.load("touge")
    s = game.start(
        seed=1, decks=[AKINA, REDSUNS], setup={"leader": 0, "hands": [["Akina Final Hairpin"], []]}
    )
    redraw = next(a for a in s.legal_actions() if a.notation == "redraw akina-final-hairpin")
    assert game.describe_action(s, redraw) == "put back Akina Final Hairpin (C ★★★★★ 6D/5U) to redraw"
    while s.phase == "redraw":
        s.apply("done", seat=s.to_move)
    line = game.describe_action(
        s, next(a for a in s.legal_actions() if a.notation == "road akina-final-hairpin")
    )
    assert line.startswith("lay Akina Final Hairpin (C ★★★★★ 6D/5U)") and "[margin " in line
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(game.render(s, 0))
    assert "Akina Final Hairpin (C ★★★★★ 6D/5U)" in out.getvalue()


def test_greedy_beats_random():
    """40 fixed-seed races a mode, seats alternating: greedy wins clearly more than random."""
    for mode in MODES:
        game = kansei.load("touge", mode=mode)
        wins = 0
        for seed in range(40):
            s = game.start(seed=seed)
            bots = [make_agent("greedy", seed), make_agent("random", seed)]
            greedy_seat = seed % 2
            if greedy_seat:
                bots.reverse()
            while not s.is_over:
                seat = s.to_move
                s.apply(choose(bots[seat], s, seat), seat=seat)
            wins += s.winner == greedy_seat
        assert wins >= 30, (mode, wins)


@pytest.mark.parametrize("mode", MODES)
def test_greedy_never_plays_a_move_its_preview_scores_worse_than_passing(mode: str):
    """Issue 11: greedy played `tune-up Jump on tile 5 … [margin -1]`. Against random and itself, greedy
    never lays a road, plays a tune-up or switches on its ability when the menu's preview says that is
    worse than passing (a lower margin, or a worse outcome)."""
    game = kansei.load("touge", mode=mode)
    moves = 0
    for seed in range(30):
        s = game.start(seed=seed)
        bots = [make_agent("greedy", seed), make_agent("greedy" if seed % 3 == 0 else "random", seed + 1)]
        while not s.is_over:
            seat = s.to_move
            act = choose(bots[seat], s, seat)
            pv = preview(s, act)
            if pv is not None and seat == 0:
                moves += 1
                assert not pv.worse_than_passing(), (seed, game.describe_action(s, act))
            s.apply(act, seat=seat)
    assert moves > 150


@pytest.mark.parametrize("mode", MODES)
def test_evaluate_all_is_each_seats_evaluation(mode: str):
    """The search scores its leaves with ``evaluate_all`` (one forecast for both seats): at every step of
    random races, and at their ends, it gives exactly each seat's ``evaluate``."""
    game = kansei.load("touge", mode=mode)

    def check(state, step):
        assert evaluate_all(state) == [evaluate(state, 0), evaluate(state, 1)], (mode, step)

    for seed in range(20):
        final, _ = play_random(game, seed, on_step=check)
        check(final, -1)


@pytest.mark.parametrize("mode", MODES)
def test_action_space_is_complete_and_fixed(mode: str):
    """Every legal notation of random races (starter decks and random legal decks) is in the action space,
    which has no duplicates and the same order every time."""
    game = kansei.load("touge", mode=mode, nullify_pick="leader_choice")
    space = game.action_space()
    assert len(space) == len(set(space)) and space == kansei.load("touge").action_space()
    known = set(space)
    rng = random.Random(5)
    roads = [r.name for r in table().catalog.roads]
    others = [t.name for t in table().catalog.tuneups] + [d.name for d in table().catalog.disasters]
    for seed in range(30):
        decks = None
        if seed % 2:  # a road-heavy legal deck: long courses
            cards = {name: 0 for name in roads}
            for name in rng.sample(roads, 25):
                cards[name] = 1
            for name in rng.sample(others, 8):
                cards[name] = rng.randint(1, 3)
            decks = [{"car": "Civic EG6", "cards": {k: v for k, v in cards.items() if v}}, None]
        play_random(game, seed, decks=decks, on_step=lambda s, _: _all_known(s, known))


def _all_known(state: kansei.State, known: set[str]) -> None:
    for a in state.legal_actions():
        assert a.notation in known, a.notation


def test_observation_encoding_is_fixed_length_and_from_the_view_alone():
    """encode_view: one finite number per observation_spec slot, the same in a world resampled for the
    seat (it reads only view(seat))."""
    game = kansei.load("touge", mode="sudden_death")
    spec = game.observation_spec(2)
    assert len(spec) == len(set(spec))
    for seed in range(5):
        s = game.start(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in (0, 1, None):
                vec = game.encode_view(s.view(seat), seat)
                assert len(vec) == len(spec) and all(math.isfinite(x) and abs(x) < 100 for x in vec)
                if seat is not None:
                    other = s.determinize(seat, random.Random(seed))
                    assert game.encode_view(other.view(seat), seat) == vec
            s.apply(rng.choice(s.legal_actions()))
