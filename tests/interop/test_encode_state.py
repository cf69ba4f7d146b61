"""The ``encode_state`` shortcut is ``encode_view`` of the view, exactly: its privacy is that equality.

A game may give the adapters ``encode_state(state, seat)``, the vector ``encode_view(state.view(seat),
seat)`` read straight from the state (the research hot path: no JSON-safe view built). It reads the state
itself, so it could read what the seat cannot see; it cannot if it equals the view's encoding in every
position. This is checked at every ply of seeded random games of each test configuration of every game
that has the hook, for every seat and the spectator, at the end of each game too, and in worlds
determinized for the seat to move (whose hidden zones and random source differ). The two-worlds tests
(``test_no_peeking.py``) then see the adapters, which use the shortcut, show nothing more.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest

import kansei
from kansei.core.protocol import Game, State
from kansei.interop.encoding import GameViewEncoder, SpaceError

GAMES = 10  # seeded random games per test configuration
WORLD_EVERY = 5  # a determinized world every this many plies


def _with_hook() -> list[str]:
    return [gid for gid in kansei.games() if callable(getattr(kansei.load(gid), "encode_state", None))]


def positions(game: Game, players: int, games: int = GAMES) -> Iterator[State]:
    """Every position of seeded random games, the final ones included, and determinized worlds."""
    for seed in range(games):
        s = game.start(seed=seed, players=players)
        rng = random.Random(seed)
        ply = 0
        while True:
            yield s
            if s.is_over:
                break
            if ply % WORLD_EVERY == 0:
                yield s.determinize(s.to_move, random.Random(seed * 1000 + ply))
            s.apply(rng.choice(s.legal_actions()), seat=s.to_move)
            ply += 1


def mismatches(game: Game, players: int, games: int = GAMES, shortcut: Callable | None = None) -> list[str]:
    """Where ``shortcut`` (the game's ``encode_state``) and ``encode_view`` of the view disagree."""
    fast_of = shortcut or game.encode_state  # type: ignore[attr-defined]
    out = []
    seats: list[int | None] = [None, *range(players)]
    for k, s in enumerate(positions(game, players, games)):
        for seat in seats:
            fast = list(fast_of(s, seat))
            slow = list(game.encode_view(s.view(seat), seat))  # type: ignore[attr-defined]
            if fast != slow:
                slots = game.observation_spec(players)  # type: ignore[attr-defined]
                pairs = enumerate(zip(fast, slow, strict=False))
                bad = [f"{slots[i]}: {a} != {b}" for i, (a, b) in pairs if a != b]
                out.append(f"{game.id} p{players} position {k} seat {seat}: {bad[:3]} ({len(fast)} slots)")
    return out


def test_the_built_in_racing_games_have_the_shortcut():
    assert {"touge", "minid"} <= set(_with_hook())


@pytest.mark.parametrize("gid", _with_hook())
def test_encode_state_is_encode_view_of_the_view(gid):
    base = kansei.load(gid)
    problems = []
    for cfg in base.test_configs():
        game = kansei.load(gid, **cfg.get("options", {}))
        players = cfg.get("players", base.min_players)
        problems += mismatches(game, players)
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("gid", _with_hook())
def test_encode_state_at_every_player_count(gid):
    game = kansei.load(gid)
    problems = []
    for players in range(game.min_players, game.max_players + 1):
        problems += mismatches(game, players, games=2)
    assert not problems, "\n".join(problems[:10])


def test_the_check_catches_a_shortcut_that_peeks():
    """A shortcut that also reads a card of the other seat's hand differs from the view's encoding."""
    game = kansei.load("touge")

    def peeking(state: State, seat: int | None) -> list[float]:
        out = game.encode_state(state, seat)  # type: ignore[attr-defined]
        other = state.hands[1 - (seat or 0)]  # type: ignore[attr-defined]
        out[-1] += float(other[0] if other else 0)
        return out

    assert mismatches(game, 2, games=1, shortcut=peeking)


def test_a_shortcut_of_the_wrong_length_is_one_line():
    game = kansei.load("touge")
    enc = GameViewEncoder(game, 2)
    enc._from_state = lambda state, seat: [0.0]
    with pytest.raises(SpaceError, match="touge: encode_state gave 1 numbers"):
        enc.encode_state(game.start(seed=0, players=2), 0, np.zeros(enc.size, np.float32))
