"""Playing many games: one game between agents, and a batch of them over a local process pool.

Every game is seeded on its own (``derive_seed(seed, index)``) and every agent on its own
(``derive_seed(game seed, seat, spec)``), so a batch gives the same results whatever the number of workers
and whatever order the workers finish in.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from kansei.agents import choose, make_agent
from kansei.core.registry import load
from kansei.core.replay import make_replay
from kansei.core.rng import derive_seed


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[str]  # agent spec per seat
    returns: list[float]
    winner: int | None
    actions: int
    replay: dict | None = None


def play_game(
    game_id: str,
    options: dict,
    specs: Sequence[str],
    seed: int,
    players: int | None = None,
    decks: list | None = None,
    record: bool = False,
    index: int = 0,
    _cache: dict | None = None,
) -> GameResult:
    """Play one game; ``specs[i]`` plays seat i. Agents see determinised copies only (agents.choose)."""
    cache = _cache if _cache is not None else {}
    key = (game_id, tuple(sorted(options.items())))
    game = cache.get(key)
    if game is None:
        game = cache[key] = load(game_id, **options)
    n = players or len(specs)
    state = game.start(seed=seed, players=n, decks=decks)
    agents = [make_agent(spec, seed=derive_seed(seed, seat, spec)) for seat, spec in enumerate(specs)]
    notations: list[str] = []
    actions = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        a = choose(agents[seat], state, seat)
        state.apply(a, seat=seat)
        actions += 1
        if record:
            notations.append(a.notation)
    rep = None
    if record:
        rep = make_replay(game_id, game.options_dict, seed, n, decks, None, notations, state, list(specs))
    return GameResult(index, seed, list(specs), state.returns(), state.winner, actions, rep)


def _run_chunk(args: tuple) -> list[GameResult]:
    game_id, options, jobs, players, record, decks = args
    cache: dict = {}
    return [
        play_game(game_id, options, specs, seed, players, decks, record, index, cache)
        for index, specs, seed in jobs
    ]


def run_games(
    game_id: str,
    options: dict,
    jobs: Sequence[tuple[Sequence[str], int]],
    workers: int = 1,
    players: int | None = None,
    record: bool = False,
    progress: Callable[[int], None] | None = None,
    decks: list | None = None,
) -> list[GameResult]:
    """Play ``jobs`` (seat specs, seed) and return the results in job order."""
    indexed = [(i, list(specs), seed) for i, (specs, seed) in enumerate(jobs)]
    if not indexed:
        return []
    workers = max(1, min(int(workers or 1), len(indexed), os.cpu_count() or 1))
    results: list[GameResult] = []
    if workers == 1:
        cache: dict = {}
        for i, specs, seed in indexed:
            results.append(play_game(game_id, options, specs, seed, players, decks, record, i, cache))
            if progress:
                progress(1)
        return results
    # small chunks keep the progress bar moving and the load balanced
    size = max(1, min(50, len(indexed) // (workers * 8) or 1))
    chunks = [indexed[i : i + size] for i in range(0, len(indexed), size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_run_chunk, (game_id, options, c, players, record, decks)) for c in chunks]
        for fut in as_completed(futures):
            part = fut.result()
            results.extend(part)
            if progress:
                progress(len(part))
    results.sort(key=lambda r: r.index)
    return results
