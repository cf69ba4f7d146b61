"""Self-play for learned values: games between bots, every decision's features with the final result.

``positions(game_id, games, …)`` plays ``games`` games with ``spec`` in every seat (by default the greedy bot
with one random move in ten, so the positions are varied) and returns, for every decision point and every
seat, the seat's relative evaluation (unscaled) and the game's ``features(state, seat)``, and that seat's
result (1 won, 0 lost, ½ drawn; for more than two
seats the placing from 1 first to 0 last). Games are seeded from ``seed`` one by one, so the same call gives
the same positions with any number of workers, on a local process pool or a Ray cluster.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kansei.agents import choose, make_agent
from kansei.agents.hints import hint, own_evaluate
from kansei.agents.learned import relative_evaluation
from kansei.core.errors import OptionError
from kansei.core.registry import load
from kansei.core.rng import derive_seed

SELF_PLAY = "greedy:noise=0.1"
CHUNK = 25  # games per task

Rows = tuple[list[list[float]], list[float]]


def play_chunk(game_id: str, options: dict[str, Any], spec: str, seeds: Sequence[int], players: int) -> Rows:
    """The positions of the games of ``seeds`` (see the module docstring)."""
    game = load(game_id, **options)
    features = hint(game, "features")
    if features is None:
        raise OptionError(f"{game_id} has no features to learn a value from")
    evaluate = own_evaluate(game) or game.evaluate
    xs: list[list[float]] = []
    ys: list[float] = []
    for seed in seeds:
        state = game.start(seed=seed, players=players)
        agents = [make_agent(spec, seed=derive_seed(seed, seat)) for seat in range(players)]
        mine: list[tuple[int, list[float]]] = []
        while not state.is_over:
            if len(state.legal_actions()) > 1:
                for q in range(players):
                    x = [relative_evaluation(evaluate, state, q), *features(state, q)]
                    mine.append((q, [float(v) for v in x]))
            seat = state.to_move
            assert seat is not None
            state.apply(choose(agents[seat], state, seat))
        result = state.returns()
        for q, x in mine:
            xs.append(x)
            ys.append(min(1.0, max(0.0, (result[q] + 1.0) / 2.0)))
    return xs, ys


def positions(
    game_id: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    spec: str = SELF_PLAY,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Rows:
    """Every decision's features and results over ``games`` self-play games (in game order)."""
    options = options or {}
    game = load(game_id, **options)
    players = players or game.min_players
    if games < 1:
        raise OptionError(f"--games must be at least 1, not {games}")
    seeds = [derive_seed(seed, "selfplay", g) for g in range(games)]
    chunks = [seeds[i : i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    xs: list[list[float]] = []
    ys: list[float] = []

    def add(part: Rows, count: int) -> None:
        xs.extend(part[0])
        ys.extend(part[1])
        if progress:
            progress(count)

    if backend == "ray":
        ray = _ray(address, workers)
        remote = ray.remote(num_cpus=1, max_retries=3)(play_chunk)
        refs = [remote.remote(game_id, options, spec, c, players) for c in chunks]
        for c, ref in zip(chunks, refs, strict=True):  # in order: the same rows on any cluster
            add(ray.get(ref), len(c))
        return xs, ys
    if backend != "local":
        raise OptionError(f"unknown backend {backend!r} (local or ray)")
    workers = max(1, min(workers, len(chunks), os.cpu_count() or 1))
    if workers == 1:
        for c in chunks:
            add(play_chunk(game_id, options, spec, c, players), len(c))
        return xs, ys
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_chunk, game_id, options, spec, c, players) for c in chunks]
        for c, fut in zip(chunks, futures, strict=True):
            add(fut.result(), len(c))
    return xs, ys


def _ray(address: str | None, workers: int) -> Any:
    """A Ray connection: the cluster at ``address`` (or ``RAY_ADDRESS``), else a local one."""
    try:
        import ray
    except ImportError:
        raise OptionError("--backend ray needs Ray (pip install -e '.[lab]')") from None
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as e:  # ConnectionError, RuntimeError, ValueError: one line whatever it is
            raise OptionError(f"Ray: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    return ray
