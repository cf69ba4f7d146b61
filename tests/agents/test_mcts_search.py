"""The mcts agent on small test-only games whose best moves are known, its budgets, and its determinism.

The games (agent_toys.py) subclass the core protocol but are not registered: they exist to give the
search a position where the right answer is certain.

- ``Subtract``: one pile, take 1–3, taking the last counter wins. Leaving a multiple of 4 wins.
- ``Showdown``: each seat holds one hidden card from 0,1,1,2,2,2; seat 0 either takes a safe +0.25 or
  bets (+1 if its card is higher, −1 if lower, 0 on a tie). The right choice depends on seat 0's own card
  (which it knows) and never on the other card (which it does not).
- ``Tree``: a three-seat game given as a tree of payoffs, where every seat maximising its own return
  (max^n) is not the same as seat 0 chasing its largest payoff.
"""

from __future__ import annotations

import random

import pytest
from agent_toys import Showdown, Subtract, Tree

from kansei.agents import choose, make_agent
from kansei.agents.mcts import MctsAgent
from kansei.core.errors import OptionError


# ---------------------------------------------------------------------------------------- tests
@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_finds_the_winning_take(pile):
    """Leaving a multiple of four is the only winning move; the search finds it."""
    s = Subtract().start(seed=pile, setup={"pile": pile})
    a = choose(make_agent("mcts:iters=3000", seed=1), s)
    assert a.notation == f"take {pile % 4}"


def test_finds_the_winning_take_with_greedy_rollouts():
    s = Subtract().start(seed=0, setup={"pile": 10})
    assert choose(make_agent("mcts:iters=1500,rollout=greedy", seed=2), s).notation == "take 2"


@pytest.mark.parametrize(
    ("mine", "theirs", "best"), [(2, 0, "bet"), (2, 2, "bet"), (0, 2, "safe"), (0, 1, "safe")]
)
def test_uses_what_it_knows(mine, theirs, best):
    """Its own card decides: with a 2 a bet is worth +0.6 on average, with a 0 it loses."""
    s = Showdown().start(seed=3, setup={"cards": [mine, theirs]})
    assert s.cards == [mine, theirs]
    assert choose(make_agent("mcts:iters=600", seed=4), s).notation == best


@pytest.mark.parametrize("seed", range(5))
def test_does_not_use_what_it_cannot_see(seed):
    """With a 1 a bet is worth −0.4 on average, so the bot plays safe even when the other card is in fact a 0
    (a bot that peeked would bet)."""
    s = Showdown().start(seed=seed, setup={"cards": [1, 0]})
    assert choose(make_agent("mcts:iters=600", seed=seed), s).notation == "safe"


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize(("mine", "theirs"), [(1, 0), (1, 2), (0, 1), (0, 2)])
def test_one_tree_per_world_does_not_use_what_it_cannot_see(seed, mine, theirs):
    """PIMC (``worlds=8``): each world is searched as if its other card were certain, so a tree says "bet"
    exactly where its world's card is lower. With a 1, one world in five has a 0 there; the vote over eight
    trees plays safe even when the other card really is a 0 (a bot that peeked would bet)."""
    s = Showdown().start(seed=seed, setup={"cards": [mine, theirs]})
    agent = make_agent("mcts:iters=800,worlds=8", seed=seed)
    assert choose(agent, s).notation == "safe"


def each_tree(agent):
    """The roots of every tree ``agent`` searches from now on, as it grows them (a list it keeps filling)."""
    trees = []
    search = agent.search

    def one_tree(*args, **kwargs):
        trees.append(search(*args, **kwargs))
        return trees[-1]

    agent.search = one_tree
    return trees


def summed_in_three(agent, trees, merged):
    """300 iterations split over three trees of 100, and the root returned adds them up, child by child."""
    assert len(trees) == 3 and agent.last_iterations == 300
    assert [t.n for t in trees] == [100, 100, 100] and merged.n == 300
    for key in ("safe", "bet"):
        assert merged.children[key].visits == sum(t.children[key].visits for t in trees if key in t.children)


def test_worlds_split_the_budget_and_each_tree_sees_one_world():
    """``worlds=K`` spends the iteration budget over K trees (a K-th each), and every iteration of a tree
    starts from that tree's own world: in a world the other card is fixed, so a bet there always scores
    the same, and the vote (the root :meth:`pimc` returns) adds the trees up."""
    s = Showdown().start(seed=1, setup={"cards": [1, 2]})
    agent = make_agent("mcts:iters=300,worlds=3,stop=false", seed=2)
    trees = each_tree(agent)
    merged = agent.pimc(s, 0)
    summed_in_three(agent, trees, merged)
    for tree in trees:  # a bet in a certain world always scores the same
        bet = tree.children["bet"]
        assert bet.visits == 0 or bet.w / bet.n in (-1.0, 0.0, 1.0)
    assert agent.stats()[0][1] == max(ch.visits for ch in merged.children.values())


def test_trees_split_the_budget_and_add_up_their_roots():
    """``trees=K`` (root parallelisation) spends the budget over K independent information-set trees, a
    K-th each, and every iteration of each tree samples a world of its own, as one tree does: a bet's value
    varies within a tree. The root :meth:`forest` returns adds the trees up, and the move is its most
    visited."""
    s = Showdown().start(seed=1, setup={"cards": [1, 2]})
    agent = make_agent("mcts:iters=300,trees=3,stop=false", seed=2)
    trees = each_tree(agent)
    merged = agent.forest(s, 0)
    summed_in_three(agent, trees, merged)
    assert any(0.0 < abs(t.children["bet"].w / t.children["bet"].n) < 1.0 for t in trees), "fresh worlds"
    again = make_agent("mcts:iters=300,trees=3,stop=false", seed=2)
    assert choose(again, s).notation == max(merged.children, key=lambda k: merged.children[k].visits)


def test_the_coach_searches_the_trees_the_level_plays():
    """:meth:`analyse` (the hint's and the review's search) with ``trees=3`` grows three trees of a third of
    the budget, as :meth:`forest` does: the choices are their summed visits, the seat values the mean over
    every counted iteration of the three, and a forced move gets its quarter in each tree."""
    s = Showdown().start(seed=1, setup={"cards": [1, 2]})
    agent = make_agent("mcts:iters=300,trees=3,stop=false", seed=2)
    trees = each_tree(agent)
    counted, values = [], []
    search = agent.search

    def one_tree(*args, **kwargs):
        root = search(*args, **kwargs)
        counted.append(agent.last_counted)
        values.append(list(agent.last_values))
        return root

    agent.search = one_tree
    res = agent.analyse(s, 0, ensure="bet")
    summed_in_three(agent, trees, agent.last_root)
    assert res.iterations == 300
    assert {c.notation: c.visits for c in res.choices} == {
        k: ch.visits for k, ch in agent.last_root.children.items() if ch.visits
    }
    assert all(t.children["bet"].visits >= 25 for t in trees), "the forced move's quarter, tree by tree"
    mean = [sum(v[q] * n for v, n in zip(values, counted, strict=True)) / sum(counted) for q in range(2)]
    assert res.values == pytest.approx(mean)
    one = make_agent("mcts:iters=300,stop=false", seed=2)
    grown = each_tree(one)
    assert one.analyse(s, 0).iterations == 300 and len(grown) == 1


@pytest.mark.parametrize("seed", range(5))
def test_trees_play_as_one_tree_does_where_it_is_plain(seed):
    """Several trees do not use what they cannot see either: with a 1 a bet is worth −0.4 on average, so
    three trees of 300 iterations play safe even when the other card is in fact a 0, as one tree does."""
    s = Showdown().start(seed=seed, setup={"cards": [1, 0]})
    assert choose(make_agent("mcts:iters=900,trees=3", seed=seed), s).notation == "safe"


def test_three_seats_each_maximise_their_own_return():
    """max^n in a three-seat game: seat 0 picks R, where the others' best replies leave it 0.2, not L."""
    s = Tree().start(seed=0, players=3)
    agent = make_agent("mcts:iters=4000", seed=5)
    assert choose(agent, s).notation == "R"
    # and each later seat answers for itself
    s.apply("R")
    assert choose(make_agent("mcts:iters=2000", seed=6), s).notation == "c"
    s.apply("c")
    assert choose(make_agent("mcts:iters=500", seed=7), s).notation == "y"


def test_iteration_budget_is_exact():
    """Without the early stop the budget is spent exactly, iteration for iteration."""
    s = Subtract().start(seed=0, setup={"pile": 21})
    for n in (1, 7, 250):
        agent = make_agent(f"mcts:iters={n},stop=false", seed=0)
        choose(agent, s)
        assert agent.last_iterations == n
        assert agent.last_root.n == n
        assert sum(ch.n for ch in agent.last_root.children.values()) == n


@pytest.mark.parametrize("pile", [9, 10, 11, 21])
def test_early_stop_plays_the_move_of_the_whole_budget(pile):
    """The search stops once the leader cannot be overtaken: fewer iterations, the same move."""
    s = Subtract().start(seed=0, setup={"pile": pile})
    full = make_agent("mcts:iters=3000,stop=false", seed=3)
    early = make_agent("mcts:iters=3000", seed=3)
    assert choose(full, s) == choose(early, s)
    assert early.last_iterations < full.last_iterations == 3000
    # it stopped because the lead was larger than the iterations left
    visits = sorted((ch.visits for ch in early.last_root.children.values()), reverse=True)
    assert visits[0] - visits[1] > 3000 - early.last_iterations


class FakeClock:
    """Advances by ``tick`` seconds every time it is read."""

    def __init__(self, tick: float):
        self.t, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.t += self.tick
        return self.t


def test_time_budget_is_respected_with_a_fake_clock():
    """The deadline is read once at the start and once per iteration after the first."""
    s = Subtract().start(seed=0, setup={"pile": 21})
    agent = make_agent("mcts:time=0.5,stop=false", seed=0)
    assert isinstance(agent, MctsAgent)
    agent.clock = FakeClock(0.01)
    choose(agent, s)
    assert agent.last_iterations == 50
    # with both budgets the first to run out ends the search
    agent = make_agent("mcts:time=0.5,iters=20,stop=false", seed=0)
    agent.clock = FakeClock(0.01)
    choose(agent, s)
    assert agent.last_iterations == 20


def test_time_budget_stops_early_by_the_rate_it_measured():
    """With a time budget the early stop estimates the iterations left from the rate so far (a fake clock:
    the result cannot depend on the machine's load)."""
    s = Subtract().start(seed=0, setup={"pile": 9})  # take 1 wins outright: the lead grows fast
    agent = make_agent("mcts:time=100", seed=0)
    agent.clock = FakeClock(0.01)
    choose(agent, s)
    assert 0 < agent.last_iterations < 100 / 0.01 / 2
    assert agent.stats()[0][0] == "take 1"
    agent = make_agent("mcts:time=1,stop=false", seed=0)
    agent.clock = FakeClock(0.01)
    choose(agent, s)
    assert agent.last_iterations == 100


def test_same_seed_same_choices():
    """Two agents with the same seed make the same choices move after move; another seed may differ."""
    import kansei

    game = kansei.load(kansei.games()[0]) if "touge" not in kansei.games() else kansei.load("touge")
    for seed in (1, 2):
        s = game.start(seed=seed)
        a, b = make_agent("mcts:iters=60,depth=6", seed=9), make_agent("mcts:iters=60,depth=6", seed=9)
        rng = random.Random(seed)
        for _ in range(30):
            if s.is_over:
                break
            x, y = choose(a, s), choose(b, s)
            assert x == y
            assert a.stats() == b.stats()
            s.apply(x if rng.random() < 0.5 else rng.choice(s.legal_actions()))


def test_forced_move_spends_no_search():
    s = Subtract().start(seed=0, setup={"pile": 1})
    agent = make_agent("mcts:iters=100", seed=0)
    assert agent.act(s, 0).notation == "take 1"
    assert agent.last_iterations == 0


# ---------------------------------------------------------------------------------------- specs
@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:iters=0", "iters=0"),
        ("mcts:iters=-5", "iters=-5"),
        ("mcts:time=0", "time=0"),
        ("mcts:time=-0.5", "time=-0.5"),
        ("mcts:depth=-1", "depth=-1"),
        ("mcts:depth=deep", "depth='deep'"),
        ("mcts:rollout=smart", "rollout='smart'"),
        ("mcts:worlds=0", "worlds=0"),
        ("mcts:trees=0", "trees=0"),
        ("mcts:trees=65", "trees=65"),
        ("mcts:trees=2,worlds=2", "give one of them"),
        ("mcts:itres=100", "unknown key 'itres'"),
        ("mcts:iters", "expected key=value"),
        # absurd budgets: refused in one line naming the bound
        ("mcts:iters=1000000000", "iters=1000000000: Input should be less than or equal to 10000000"),
        ("mcts:time=1e6", "time=1000000.0: Input should be less than or equal to 3600"),
        ("mcts:iters=10**9", "iters='10**9': Input should be a valid integer"),
    ],
)
def test_bad_specs_say_what_is_valid(spec, says):
    with pytest.raises(OptionError) as e:
        make_agent(spec)
    msg = str(e.value)
    assert says in msg and "\n" not in msg
    if "key=value" not in says:
        for key in ("iters", "time", "rollout", "depth"):
            assert f"{key}=" in msg.split("valid keys:")[1]


def test_unknown_agent_lists_the_agents():
    with pytest.raises(
        OptionError, match=r"unknown agent 'alphazero' \(valid: greedy, level:beginner, "
    ) as e:
        make_agent("alphazero:iters=3")
    assert "mcts, random" in str(e.value)


def test_spec_forms():
    assert make_agent("mcts").params.iters == 1000
    p = make_agent("mcts:time=0.5,rollout=greedy").params
    assert (p.time, p.iters, p.rollout) == (0.5, None, "greedy")
    p = make_agent(" mcts:iters=2000, depth=10 ").params
    assert (p.iters, p.depth) == (2000, 10)
    assert make_agent("mcts:iters=5").name == "mcts:iters=5"


@pytest.mark.parametrize("gid", ["dspirits", "initiald", "minid", "stampede", "touge"])
def test_worlds_without_events_make_the_same_tree(gid):
    """The search samples worlds that keep no event log (``determinize(..., events=False)``): its tree is
    visit for visit and value for value the one it grows on worlds that keep their events."""
    import kansei

    s = kansei.load(gid).start(seed=4)
    rng = random.Random(2)
    while len(s.legal_actions()) < 2:
        s.apply(rng.choice(s.legal_actions()))
    seat = s.to_move
    world = s.determinize(seat, random.Random(1))
    quiet = make_agent("mcts:iters=80,depth=4,stop=false", seed=3)
    quiet.search(world, seat)
    full = make_agent("mcts:iters=80,depth=4,stop=false", seed=3)
    full.search(world, seat, sample=lambda: world.determinize(seat, full.rng))
    assert quiet.stats() == full.stats() and quiet.last_values == full.last_values
