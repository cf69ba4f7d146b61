"""Play styles are parameters of the same bots (``greedy:style=…``, ``mcts:style=…``) and can be told apart by
what they do: Stampede's aggressive player attacks where the racer runs; Initial D's saver lets ordinary
stages go where the racer answers."""

from __future__ import annotations

from collections import Counter

import pytest
from pytest import param

import kansei
from kansei.agents import choose, make_agent
from kansei.agents.hints import styles
from kansei.core.errors import OptionError

stampede = pytest.mark.skipif("stampede" not in kansei.games(), reason="Stampede is not installed")
initiald = pytest.mark.skipif("initiald" not in kansei.games(), reason="Initial D is not installed")


def kinds(spec: str, games: int, game_id: str = "stampede") -> Counter:
    """Action kinds chosen by ``spec`` in seat 0 against greedy, where it had a choice, over ``games``
    deals."""
    game = kansei.load(game_id)
    c: Counter = Counter()
    for seed in range(games):
        s = game.start(seed=seed)
        bots = [make_agent(spec, seed=1), make_agent("greedy", seed=2)]
        while not s.is_over:
            choices = len(s.legal_actions())
            a = choose(bots[s.to_move], s)
            if s.to_move == 0 and choices > 1:
                c[a.kind] += 1
            s.apply(a)
    return c


@stampede
def test_stampede_styles_are_told_apart_by_what_they_do():
    """Over the same 16 deals against greedy, the aggressive player attacks at least twice as often as the
    racer and runs less."""
    racer, aggressive = kinds("greedy:style=racer", 16), kinds("greedy:style=aggressive", 16)
    assert aggressive["attack"] >= 2 * racer["attack"] > 0
    assert aggressive["run"] < racer["run"]


@initiald
def test_initiald_styles_are_told_apart_by_what_they_do():
    """ID-W1, ID-W2: only the stage that decides counts. Over the same 20 deals against greedy, the saver
    lets ordinary stages go (it passes where it could answer; the racer never does) and plays and pays for
    fewer maneuvers."""
    racer, saver = kinds("greedy:style=racer", 20, "initiald"), kinds("greedy:style=saver", 20, "initiald")
    assert racer["pass"] == 0 and saver["pass"] >= 3
    assert saver["play"] < 0.95 * racer["play"]
    assert saver["discard"] < 0.95 * racer["discard"]


@pytest.mark.parametrize(
    ("game_id", "default"),
    [param("stampede", "racer", marks=stampede), param("initiald", "racer", marks=initiald)],
)
def test_the_default_style_is_the_default_evaluation(game_id, default):
    assert kinds("greedy", 4, game_id) == kinds(f"greedy:style={default}", 4, game_id)


@pytest.mark.parametrize(
    ("game_id", "names", "style"),
    [
        param("stampede", {"racer", "aggressive"}, "aggressive", marks=stampede),
        param("initiald", {"racer", "saver"}, "saver", marks=initiald),
    ],
)
def test_styles_are_listed_and_searched(game_id, names, style):
    game = kansei.load(game_id)
    assert set(styles(game)) == names
    s = game.start(seed=2)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    assert choose(make_agent(f"mcts:iters=30,depth=0,style={style}", seed=1), s) in s.legal_actions()


@stampede
@pytest.mark.parametrize("spec", ["greedy:style=sneaky", "mcts:iters=5,style=sneaky"])
def test_an_unknown_style_is_one_line(spec):
    s = kansei.load("stampede").start(seed=1)
    with pytest.raises(OptionError) as e:
        while True:  # the first decision with a real choice asks the bot
            choose(make_agent(spec), s)
            s.apply(s.legal_actions()[0])
    assert str(e.value) == "stampede has no play style 'sneaky' (styles: aggressive, racer)"


def test_a_game_with_one_style_says_so():
    gid = next(g for g in kansei.games() if not styles(kansei.load(g)))
    s = kansei.load(gid).start(seed=1)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    with pytest.raises(OptionError, match="styles: none: it has one style"):
        choose(make_agent("greedy:style=fast"), s)
