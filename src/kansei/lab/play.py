"""The worker's side: play jobs and return one row per game (plain dicts, ready for the Parquet dataset).

Bots see only what ``kansei.agents.choose`` shows them. Each agent is seeded from the game's seed, its
seat and its spec alone, so the same seat gets the same bot randomness whichever deck it holds — the
common random numbers that make a card swap's paired difference small in noise.

Race shape (``Tables.shape``): after every change of the seat to move, the lab asks the game who is ahead
with the contract's ``game.standing(state, seat)`` (each seat's lead in the game's own units, from public
information; docs/ARCHITECTURE.md).
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kansei.agents import choose, make_agent
from kansei.core.protocol import Game, State
from kansei.core.registry import load
from kansei.core.rng import derive_seed

from .errors import WorkerError
from .plan import Job, Tables

_games: dict[tuple[str, str, str | None], Game] = {}  # per process: loaded games


def content_folder(digest: str, files: dict[str, bytes]) -> Path:
    """The content version ``digest`` as a folder on this machine (written once, atomically)."""
    root = Path(tempfile.gettempdir()) / "kansei-lab-content"
    final = root / digest
    if final.is_dir():
        return final
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{digest}-", dir=root))
    for rel, data in files.items():
        path = tmp / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    try:
        os.rename(tmp, final)
    except OSError:  # another worker got there first
        pass
    return final


def game_for(tables: Tables, game: int, version: int) -> Game:
    ref = tables.games[game]
    digest = ref.versions[version]
    key = (ref.id, repr(sorted(ref.options.items())), digest)
    hit = _games.get(key)
    if hit is None:
        if digest is None:
            hit = load(ref.id, **ref.options)
            have = hit.content_digest() if hasattr(hit, "content_digest") else None
            if ref.shipped_digest and have and have != ref.shipped_digest:
                raise WorkerError(
                    f"{ref.id}: this worker's shipped content ({have}) is not the run's "
                    f"({ref.shipped_digest}); install the same kansei on every node"
                )
        else:
            hit = load(ref.id, content=content_folder(digest, tables.contents[digest]), **ref.options)
        _games[key] = hit
    return hit


def scores(winner: int | None, players: int) -> list[float]:
    """A win counts 1 for its seat, a draw 1/players for every seat."""
    if winner is None:
        return [1.0 / players] * players
    return [1.0 if s == winner else 0.0 for s in range(players)]


def standing_fn(game: Game) -> Callable[[State], Sequence[float]]:
    """Every seat's standing (its lead in the game's units) at a state."""

    def standing(state: State) -> list[float]:
        return [game.standing(state, seat) for seat in range(state.players)]

    return standing


def leader(values: Sequence[float]) -> int | None:
    """The seat strictly ahead of every other, or None on a tie at the top."""
    best = max(values)
    top = [i for i, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None


def shape_of(samples: list[list[float]], final: list[float] | None, winner: int | None) -> dict[str, Any]:
    """Lead changes, the first leader, the leader at half way, comeback and margin from the samples of
    who is ahead taken at each turn (``final``: the game's standing at the end, where it has one)."""
    leaders = [leader(s) for s in samples]
    changes = 0
    last: int | None = None
    first: int | None = None
    for x in leaders:
        if x is None:
            continue
        if first is None:
            first = x
        if last is not None and x != last:
            changes += 1
        last = x
    half = leaders[len(leaders) // 2] if leaders else None
    end = final if final is not None else (samples[-1] if samples else None)
    margin = None
    if end is not None and winner is not None and len(end) > 1:
        others = [v for i, v in enumerate(end) if i != winner]
        margin = float(end[winner] - max(others))
    return {
        "lead_changes": changes,
        "first_leader": first,
        "half_leader": half,
        "comeback": None if winner is None or half is None else half != winner,
        "margin": margin,
    }


def play_job(tables: Tables, job: Job) -> dict[str, Any]:
    """Play one job to the end and describe it as a row."""
    t0 = time.perf_counter()
    game = game_for(tables, job.game, job.version)
    decks = None if job.decks is None else [None if d is None else tables.decks[d] for d in job.decks]
    state = game.start(seed=job.seed, players=job.players, decks=decks)
    specs = [tables.agents[a] for a in job.agents]
    bots = [make_agent(spec, seed=derive_seed(job.seed, seat, spec)) for seat, spec in enumerate(specs)]
    actions = turns = 0
    observe = tables.shape
    stand = standing_fn(game) if observe else None
    samples: list[list[float]] = []
    mover = state.to_move
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(choose(bots[seat], state, seat))
        actions += 1
        if state.to_move != mover:
            turns += 1
            mover = state.to_move
            if stand is not None and not state.is_over:
                samples.append([float(v) for v in stand(state)])
    winner = state.winner
    row: dict[str, Any] = {
        "index": job.index,
        "unit": job.unit,
        "game": tables.games[job.game].id,
        "version": job.version,
        "seed": job.seed,
        "players": job.players,
        "tag": job.tag,
        "agents": specs,
        "decks": [None if d is None else str(tables.decks[d].get("name", d)) for d in job.decks]
        if job.decks is not None
        else [None] * job.players,
        "winner": winner,
        "scores": scores(winner, job.players),
        "returns": [float(r) for r in state.returns()],
        "actions": actions,
        "turns": turns,
        "seconds": time.perf_counter() - t0,
    }
    if observe:
        final = [float(v) for v in standing_fn(game)(state)]
        row.update(shape_of(samples, final, winner))
    return row


def play_chunk(tables: Tables, jobs: Sequence[Job]) -> list[dict[str, Any]]:
    return [play_job(tables, j) for j in jobs]


# -- the local process pool: the tables arrive once per worker through the initializer -----------------
_pool_tables: Tables | None = None


def pool_init(tables: Tables) -> None:
    global _pool_tables
    _pool_tables = tables


def pool_chunk(jobs: Sequence[Job]) -> list[dict[str, Any]]:
    assert _pool_tables is not None, "pool_init was not called"
    return play_chunk(_pool_tables, jobs)


__all__ = ["WorkerError", "play_chunk", "play_job", "pool_chunk", "pool_init", "scores", "shape_of"]
