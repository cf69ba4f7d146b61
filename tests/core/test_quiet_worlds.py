"""``determinize(seat, rng, events=False)``: a world for search only keeps no event log, and is otherwise the
same world, step for step, as the one the same ``rng`` makes with its events (the rules never read their
own log)."""

from __future__ import annotations

import pickle
import random

import pytest

import kansei
from kansei.core.errors import KanseiError


def worlds(gid: str, players: int, seed: int):
    """Positions along a random game, each with a world for its mover made both ways from one rng seed."""
    game = kansei.load(gid)
    s = game.start(seed=seed, players=players)
    rng = random.Random(seed)
    k = 0
    while not s.is_over:
        if k % 5 == 2:
            seat = s.to_move
            yield s.determinize(seat, random.Random(k)), s.determinize(seat, random.Random(k), events=False)
        s.apply(rng.choice(s.legal_actions()))
        k += 1


@pytest.mark.parametrize("gid,players", [(g, 2) for g in kansei.games()] + [("minid", 6)])
def test_a_quiet_world_plays_exactly_like_the_world_with_events(gid, players):
    for full, quiet in worlds(gid, players, seed=3):
        rng = random.Random(7)
        while not full.is_over:
            assert quiet.legal_actions() == full.legal_actions()
            assert quiet.to_move == full.to_move
            a = rng.choice(full.legal_actions())
            full.apply(a)
            quiet = quiet.clone()  # clones of a quiet world stay quiet
            quiet.apply(a.notation)
        assert quiet.is_over and quiet.returns() == full.returns()
        assert quiet.reveal() == full.reveal()
        assert quiet.view(0) == full.view(0)


def test_a_quiet_world_refuses_its_events_in_one_line():
    s = kansei.load("touge").start(seed=1)
    quiet = s.determinize(0, random.Random(1), events=False)
    quiet.apply(quiet.legal_actions()[0])
    for read in (
        lambda w: w.events_for(0),
        lambda w: w.events_since(0, 0),
        lambda w: w.event_log(),
    ):
        with pytest.raises(KanseiError, match="made for search"):
            read(quiet)
        with pytest.raises(KanseiError, match="made for search"):
            read(pickle.loads(pickle.dumps(quiet)))
    assert s.events_for(0)  # the state it was made from keeps its own


def test_a_state_says_whether_it_narrates():
    """``narrating`` is what a game asks before building an event's data on a hot path: a quiet world,
    its clones and its pickles keep nothing; the state it was made from and its own worlds keep all."""
    s = kansei.load("minid").start(seed=1)
    quiet = s.determinize(0, random.Random(1), events=False)
    assert s.narrating and s.clone().narrating and s.determinize(0, random.Random(1)).narrating
    assert not quiet.narrating and not quiet.clone().narrating
    assert not pickle.loads(pickle.dumps(quiet)).narrating
