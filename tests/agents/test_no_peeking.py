"""No bot peeks, for every registered game and every bot.

Two states that differ only in what a seat cannot see — ``s`` and ``s2 = s.determinize(seat, r)``, in which
the other hands, every deck order and the future of the random source are resampled — must lead that
seat's bot (same bot, same seed) to the same choice through :func:`kansei.agents.choose`. This holds when

- ``choose`` never hands a bot the real state (it gives a fresh determinisation, or the legal actions
  alone),
- every game's ``determinize`` depends only on what the seat knows and on the random source it is given
  (hidden pools sorted before they are shuffled), and
- no bot reaches the real state any other way.

A bot that does peek is caught by the same check (``test_the_check_catches_a_peeking_bot``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import kansei
from kansei.agents import Agent, agent_kinds, choose, make_agent
from kansei.core.protocol import Action, State

# Small budgets for the search bots; every other registered kind runs with its defaults.
# mcts four ways: full rollouts, rollouts cut with the evaluation at the leaf, greedy rollouts, and one tree
# per sampled world (PIMC).
SMALL = {
    "mcts": [
        "mcts:iters=4,depth=end",
        "mcts:iters=16,depth=4",
        "mcts:iters=6,depth=2,rollout=greedy",
        "mcts:iters=8,depth=3,worlds=2",
        "mcts:iters=8,depth=3,trees=2",
    ],
    "openspiel:mcts": ["openspiel:mcts:sims=4,worlds=2"],
    "openspiel:ismcts": ["openspiel:ismcts:sims=4"],
    # a level only plays another spec (greedy, mcts), checked above; the two cheap ones are checked whole
    "level:club": [],
    "level:expert": [],
}
BOTS = [spec for kind in agent_kinds() for spec in SMALL.get(kind, [kind])]
GAMES_PER_CONFIG = 3
CHECK_EVERY = 3  # decision points: every third action of each game
WORLDS = 2  # other-information resamplings per decision point
MAX_POINTS = 14  # decision points checked per game (long games are sampled through their first part)

Decide = Callable[[Agent, State, int], Action]


def peeking_differences(
    game,
    players: int,
    specs: list[str],
    seeds: range,
    decide: Decide = choose,
    make: Callable[[str, int], Agent] = make_agent,
) -> list[str]:
    """Play random games; at every ``CHECK_EVERY``-th decision ask each bot for the seat to move's choice in
    ``s`` and in resamplings of what that seat cannot see. Returns one line per differing choice."""
    diffs: list[str] = []
    for seed in seeds:
        s = game.start(seed=seed, players=players)
        rng = random.Random(seed)
        step = points = 0
        while not s.is_over and points < MAX_POINTS:
            if step % CHECK_EVERY == 0 and len(s.legal_actions()) > 1:
                points += 1
                seat = s.to_move
                base = seed * 1000 + step * 10
                worlds = [s.determinize(seat, random.Random(base + k)) for k in range(WORLDS)]
                for w in worlds:  # the premise: they differ only in what seat cannot see
                    assert w.view(seat) == s.view(seat)
                for bot_seed, spec in enumerate(specs):
                    want = decide(make(spec, bot_seed), s, seat)
                    for k, w in enumerate(worlds):
                        got = decide(make(spec, bot_seed), w, seat)
                        if got != want:
                            diffs.append(
                                f"{game.id} seed {seed} step {step} seat {seat} {spec}: "
                                f"{want.notation!r} in the real state, {got.notation!r} in world {k}"
                            )
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    return diffs


def _configs() -> list[tuple[str, dict, int]]:
    out = []
    for gid in kansei.games():
        game = kansei.load(gid)
        for cfg in game.test_configs():
            out.append((gid, cfg.get("options", {}), cfg.get("players", game.min_players)))
    return out


def _id(cfg: tuple[str, dict, int]) -> str:
    gid, opts, n = cfg
    return f"{gid}[{','.join(f'{k}={v}' for k, v in opts.items())}]p{n}"


def test_every_bot_is_checked():
    assert {"random", "greedy", "mcts"} <= {s.partition(":")[0] for s in BOTS}


@pytest.mark.parametrize("cfg", _configs(), ids=_id)
def test_no_bot_peeks(cfg):
    gid, opts, n = cfg
    game = kansei.load(gid, **opts)
    diffs = peeking_differences(game, n, BOTS, range(GAMES_PER_CONFIG))
    assert not diffs, "\n".join(diffs[:10])


class PeekingBot(Agent):
    """Picks by a hash of the whole state, hidden cards included: it peeks whenever it sees the real state."""

    kind = "peeker"

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        return legal[hash(repr(sorted(state.reveal().items(), key=str))) % len(legal)]


def test_the_check_catches_a_peeking_bot():
    """Handed the real state (bypassing ``choose``), a peeking bot is caught; through ``choose`` it is not."""
    gid = "touge" if "touge" in kansei.games() else kansei.games()[0]
    game = kansei.load(gid)

    def cheat(agent: Agent, state: State, seat: int) -> Action:
        return agent.act(state, seat)

    def make(spec: str, seed: int) -> Agent:
        return PeekingBot(seed=seed)

    assert peeking_differences(game, game.min_players, ["peeker"], range(1), decide=cheat, make=make)
    assert not peeking_differences(game, game.min_players, ["peeker"], range(1), make=make)
