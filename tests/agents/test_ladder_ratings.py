"""The bot ladder: balanced seats, the win-rate matrix, Bradley–Terry ratings with intervals, bad input."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

import kansei
from kansei.core.errors import OptionError
from kansei.sim.ladder import (
    ELO,
    Pairing,
    bradley_terry,
    half_width,
    ladder,
    matrix,
    ratings,
    schedule,
    seat_plan,
)

GAME = "touge" if "touge" in kansei.games() else kansei.games()[0]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seats_are_balanced(players):
    """Over every two games of a pairing each agent takes every seat equally often."""
    plan = schedule(3, players, 4, seed=7)
    assert len(plan) == 3 * 4  # three pairings
    for a, b in ((0, 1), (0, 2), (1, 2)):
        games = [seats for x, y, seats, _ in plan if (x, y) == (a, b)]
        per_seat = [Counter(g[s] for g in games) for s in range(players)]
        for c in per_seat:
            assert c == Counter({a: 2, b: 2})
    # the two games of a couple are the same deal with the seats swapped (two players)
    two = schedule(2, 2, 4, seed=7)
    assert [s for *_, s in two][0::2] == [s for *_, s in two][1::2]
    assert len({s for *_, s in two}) == 2
    assert seat_plan(0, 1, 2, 0) == [0, 1] and seat_plan(0, 1, 2, 1) == [1, 0]


def test_two_agents_rating_is_the_log_odds():
    """A wins 750 of 1000: the rating gap is 400·log10 of the odds (one virtual draw of prior), and the
    standard error is that of a logit: 1 / sqrt(n p (1 - p))."""
    p = Pairing(0, 1, games=1000, wins_a=750, wins_b=250)
    (ra, sa), (rb, sb) = bradley_terry(2, [p])
    assert (ra, sa) == (0.0, 0.0)
    assert rb == pytest.approx(-400 * math.log10(750.5 / 250.5), rel=1e-9)
    q = 750.5 / 1001
    assert sb == pytest.approx(ELO / math.sqrt(1001 * q * (1 - q)), rel=1e-6)


def test_ratings_order_and_intervals():
    """Transitive results give ordered ratings; the anchor is 0 and every interval contains its rating."""
    pairs = [
        Pairing(0, 1, games=200, wins_a=40, wins_b=150, draws=10),
        Pairing(0, 2, games=200, wins_a=10, wins_b=190),
        Pairing(1, 2, games=200, wins_a=60, wins_b=130, draws=10),
    ]
    rs = ratings(["random", "greedy", "mcts"], pairs)
    assert [r.agent for r in rs] == ["random", "greedy", "mcts"]
    assert rs[0].rating == 0.0 and rs[0].low == rs[0].high == 0.0
    assert 0 < rs[1].rating < rs[2].rating
    for r in rs[1:]:
        assert r.low < r.rating < r.high
    assert rs[2].games == 400 and rs[2].score == 190 + 130 + 5
    # a perfect record still gives finite numbers (the prior)
    (_, _), (r, se) = bradley_terry(2, [Pairing(0, 1, games=50, wins_a=0, wins_b=50)])
    assert math.isfinite(r) and math.isfinite(se) and r > 0


def test_matrix_is_complementary():
    m = matrix(2, [Pairing(0, 1, games=10, wins_a=6, wins_b=3, draws=1)])
    assert m[0][0] is None and m[1][1] is None
    assert m[0][1]["rate"] == pytest.approx(0.65) and m[1][0]["rate"] == pytest.approx(0.35)
    assert m[0][1]["low"] < 0.65 < m[0][1]["high"]
    assert m[0][1]["games"] == 10


def test_ladder_end_to_end_and_worker_independent():
    specs = ["random", "greedy", "mcts:iters=8,depth=3"]
    one = ladder(GAME, {}, specs, games=4, seed=3, workers=1)
    two = ladder(GAME, {}, specs, games=4, seed=3, workers=2)
    a, b = one.to_dict(), two.to_dict()
    for d in (a, b):
        d.pop("seconds")
        d.pop("workers")
        think = d.pop("think")  # CPU times differ from run to run; the moves timed do not
        assert [t["moves"] for t in think] == [t.moves for t in one.think]
    assert a == b
    json.dumps(a)  # JSON-safe
    assert a["agents"] == specs and a["anchor"] == "random"
    assert [(p.a, p.b, p.games) for p in one.pairings] == [(0, 1, 4), (0, 2, 4), (1, 2, 4)]
    for p in one.pairings:
        assert p.wins_a + p.wins_b + p.draws == 4
    for i in range(3):
        for j in range(3):
            if i != j:
                assert one.matrix[i][j]["rate"] + one.matrix[j][i]["rate"] == pytest.approx(1.0)


def test_repeated_specs_are_told_apart():
    res = ladder(GAME, {}, ["random", "random", "greedy"], games=2, seed=0)
    assert res.agents == ["random", "random#2", "greedy"]


def test_agents_of_one_spec_are_one_player():
    """An agent named twice (greedy as the anchor and as a level) is one player: its pairing with itself is
    not played, its pairings with a third agent once, and both share the rating, the row and the times.
    The games are those of a ladder that names it once (the deals are seeded by the first agent)."""
    twice = ladder(GAME, {}, ["random", "greedy", "greedy"], games=4, seed=5)
    once = ladder(GAME, {}, ["random", "greedy"], games=4, seed=5)
    assert twice.same_as == [0, 1, 1]
    assert [(p.a, p.b, p.games, p.score_a) for p in twice.pairings] == [
        (p.a, p.b, p.games, p.score_a) for p in once.pairings
    ]
    assert twice.ratings[2].rating == twice.ratings[1].rating == once.ratings[1].rating
    assert twice.matrix[2][0] == twice.matrix[1][0] and twice.matrix[0][2] == twice.matrix[0][1]
    assert twice.matrix[1][2] is None and twice.matrix[2][1] is None
    assert twice.think[2] == twice.think[1]
    with pytest.raises(OptionError, match="two different agents"):
        ladder(GAME, {}, ["greedy", " greedy"], games=2)


def test_a_level_that_plays_greedy_is_greedy():
    """``level:NAME`` is the spec it plays in the game: a level whose spec is greedy's is greedy's player."""
    from kansei.agents.levels import LEVELS, level_specs, played_spec
    from kansei.core.registry import load

    game = load(GAME)
    assert played_spec(game, "greedy:noise=0.2") == "greedy:noise=0.2"
    for name in LEVELS:
        assert played_spec(game, f"level:{name}") == level_specs(game)[name]
    weakest = f"level:{LEVELS[0]}"
    res = ladder(GAME, {}, ["random", level_specs(game)[LEVELS[0]], weakest], games=2, seed=1)
    assert res.same_as == [0, 1, 1] and len(res.pairings) == 1


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"specs": ["random"]}, "at least two agents"),
        ({"games": 0}, "at least 1"),
        ({"workers": 0}, "workers must be at least 1"),
        ({"specs": ["random", "mcts:iters=0"]}, "iters=0"),
        ({"specs": ["random", "alphago"]}, "unknown agent 'alphago'"),
        ({"players": 9}, "9 players is not allowed"),
        ({"options": {"nonsense": 1}}, "unknown option 'nonsense'"),
    ],
)
def test_bad_input_is_one_clear_line(kwargs, says):
    args = {"game_id": GAME, "options": {}, "specs": ["random", "greedy"], "games": 2}
    args.update(kwargs)
    with pytest.raises(OptionError) as e:
        ladder(**args)
    assert says in str(e.value) and "\n" not in str(e.value)


def test_chosen_pairings_only():
    """A ladder of chosen pairings plays those and rates every agent they link."""
    res = ladder(GAME, {}, ["random", "greedy", "greedy:noise=0.5"], games=4, seed=1, pairs=[(0, 1), (1, 2)])
    assert [(p.a, p.b, p.games) for p in res.pairings] == [(0, 1, 4), (1, 2, 4)]
    assert res.matrix[0][2] is None or res.matrix[0][2]["games"] == 0
    assert all(math.isfinite(r.rating) for r in res.ratings)


def test_sequential_stopping_ends_a_lopsided_pairing_early():
    """With ``until`` a pairing stops once its interval is that narrow: greedy against random is decided
    quickly, greedy against itself is not, so it plays on to the cap."""
    res = ladder(
        GAME,
        {},
        ["random", "greedy", "greedy:noise=0"],
        games=40,
        seed=2,
        pairs=[(0, 1), (1, 2)],
        until=0.15,
        min_games=10,
        step=10,
    )
    lopsided, even = res.pairings
    assert 10 <= lopsided.games < 40 and half_width(lopsided) <= 0.15
    assert even.games == 40


def test_think_times_count_every_decision():
    res = ladder(GAME, {}, ["random", "greedy"], games=2, seed=0)
    assert all(t.moves > 0 and t.ms_median is not None and t.ms_p95 >= t.ms_median for t in res.think)
