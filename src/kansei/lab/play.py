"""The worker's side: play jobs and return one row per game (plain dicts, ready for the Parquet dataset).

Bots see only what ``kansei.agents.choose`` shows them. Each agent is seeded from the game's seed, its
seat and its spec alone, so the same seat gets the same bot randomness whichever deck it holds — the
common random numbers that make a card swap's paired difference small in noise.

Every row keeps what the contract's records say about the game (docs/ARCHITECTURE.md): each seat's deck
as the game began (``state.deck_lists()``, so a default deck is named too), the first mover
(``state.first_mover``), and the race's shape read after every change of the seat to move with
``game.standing(state, seat)`` (each seat's lead in ``Game.standing_unit``, from public information).
With ``Tables.records`` it also keeps, per seat, the cards it drew and played (``game.card_events`` over
``state.event_log()``) and how many cards it had drawn at the start of each of its turns (for draw odds).
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
    every seat's standing taken at each turn (``final``: the standing at the end). A seat's standing is
    its lead over the best other seat, so the winner's final standing is the winning margin."""
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
    if end is not None and winner is not None and winner < len(end):
        margin = float(end[winner])  # standing(state, seat) is already the lead over the best other
    return {
        "lead_changes": changes,
        "first_leader": first,
        "half_leader": half,
        "comeback": None if winner is None or half is None else half != winner,
        "margin": margin,
    }


def deck_names(state: State, given: list[dict[str, Any] | None] | None) -> list[str | None]:
    """Each seat's deck by name: the one the job gave, else the game's own record of it."""
    lists = state.deck_lists()
    out: list[str | None] = []
    for seat in range(state.players):
        deck = given[seat] if given is not None and seat < len(given) else None
        if deck is None and seat < len(lists):
            deck = lists[seat]
        out.append(None if deck is None else str(deck.get("name") or "deck"))
    return out


def card_records(
    game: Game, state: State, marks: list[tuple[int, int]]
) -> tuple[list[list[str]], list[list[str]], list[list[int]]]:
    """Per seat: the cards it drew, the cards it played (slugs, sorted), and how many cards it had drawn
    at the start of each of its turns (``marks``: (event count, seat to move) at each change of mover)."""
    n = state.players
    drawn: list[set[str]] = [set() for _ in range(n)]
    played: list[set[str]] = [set() for _ in range(n)]
    counts = [0] * n
    by_turn: list[list[int]] = [[] for _ in range(n)]
    k = 0
    for i, (_, event) in enumerate(state.event_log()):
        while k < len(marks) and marks[k][0] <= i:
            by_turn[marks[k][1]].append(counts[marks[k][1]])
            k += 1
        for ce in game.card_events(event):
            if not 0 <= ce.seat < n:
                continue
            if ce.verb == "drawn":
                drawn[ce.seat].add(ce.card)
                counts[ce.seat] += 1
            elif ce.verb == "played":
                played[ce.seat].add(ce.card)
    for _at, seat in marks[k:]:
        by_turn[seat].append(counts[seat])
    return [sorted(d) for d in drawn], [sorted(p) for p in played], by_turn


def play_job(tables: Tables, job: Job) -> dict[str, Any]:
    """Play one job to the end and describe it as a row."""
    t0 = time.perf_counter()
    game = game_for(tables, job.game, job.version)
    decks = None if job.decks is None else [None if d is None else tables.decks[d] for d in job.decks]
    state = game.start(seed=job.seed, players=job.players, decks=decks)
    first_mover = state.first_mover
    specs = [tables.agents[a] for a in job.agents]
    bots = [make_agent(spec, seed=derive_seed(job.seed, seat, spec)) for seat, spec in enumerate(specs)]
    actions = turns = 0
    stand = standing_fn(game)
    records = tables.records
    samples: list[list[float]] = []
    mover = state.to_move
    marks: list[tuple[int, int]] = [(0, mover)] if records and mover is not None else []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(choose(bots[seat], state, seat))
        actions += 1
        if state.to_move != mover:
            turns += 1
            mover = state.to_move
            if not state.is_over:
                samples.append([float(v) for v in stand(state)])
                if records and mover is not None:
                    marks.append((state.event_count(), mover))
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
        "decks": deck_names(state, decks),
        "first_mover": first_mover,
        "winner": winner,
        "scores": scores(winner, job.players),
        "returns": [float(r) for r in state.returns()],
        "actions": actions,
        "turns": turns,
    }
    final = [float(v) for v in stand(state)]
    row.update(shape_of(samples, final, winner))
    if records:
        row["drawn"], row["played"], row["drawn_by_turn"] = card_records(game, state, marks)
    row["seconds"] = time.perf_counter() - t0
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
