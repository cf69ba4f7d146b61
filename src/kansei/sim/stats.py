"""Simulation summaries: win rates with Wilson intervals, seat balance, throughput."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from kansei.agents import parse_spec
from kansei.core.registry import load
from kansei.core.replay import check_folder_target, save
from kansei.core.rng import derive_seed

from .runner import GameResult, RunStopped, run_games


def wilson(k: float, n: float, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def agent_names(specs: Sequence[str]) -> list[str]:
    """Tell repeated specs apart: random, random -> random, random#2."""
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        s = s.strip()
        seen[s] = seen.get(s, 0) + 1
        out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
    return out


def seatings(n_agents: int, players: int, games: int) -> list[list[int]]:
    """Agent index per seat for each game: rotate so every agent takes every seat equally often."""
    return [[(g + seat) % n_agents for seat in range(players)] for g in range(games)]


def simulate(
    game_id: str,
    options: dict,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    players: int | None = None,
    save_replays: Path | None = None,
    progress: Callable[[int], None] | None = None,
    decks: list | None = None,
) -> dict:
    """Play ``games`` games; ``decks``: one entry per seat (a starter deck's name or deck data), or None."""
    game = load(game_id, **options)  # validates the options before any work
    for s in specs:
        parse_spec(s)  # validates agent specs (one clear line on error)
    players = game.player_count(
        players if players is not None else max(game.min_players, min(len(specs), game.max_players))
    )
    game.start(seed=0, players=players, decks=decks)  # validates the player count and the decks
    names = agent_names(specs)
    plan = seatings(len(specs), players, games)
    jobs = [([specs[a] for a in seats], derive_seed(seed, g)) for g, seats in enumerate(plan)]
    folder = check_folder_target(save_replays) if save_replays is not None else None

    def save_one(r: GameResult) -> None:  # as each game finishes: a stopped run keeps what was played
        if folder is not None and r.replay is not None:
            r.replay["agents"] = [names[a] for a in plan[r.index]]
            save(folder / f"{game_id}-{r.index:05d}.json", r.replay)

    t0 = time.perf_counter()
    stopped: RunStopped | None = None
    try:
        results: list[GameResult] = run_games(
            game_id,
            options,
            jobs,
            workers=workers,
            players=players,
            record=folder is not None,
            progress=progress,
            on_result=save_one,
            decks=decks,
        )
    except RunStopped as e:
        results, stopped = e.results, e
    seconds = time.perf_counter() - t0
    wins = {n: 0 for n in names}
    ret_sum = {n: 0.0 for n in names}
    seats_taken = {n: 0 for n in names}
    seat_wins = {str(i): 0 for i in range(players)}
    draws = 0
    actions = 0
    for r in results:
        seats = plan[r.index]
        actions += r.actions
        for seat, a in enumerate(seats):
            ret_sum[names[a]] += r.returns[seat]
            seats_taken[names[a]] += 1
        if r.winner is None:
            draws += 1
        else:
            wins[names[seats[r.winner]]] += 1
            seat_wins[str(r.winner)] += 1
    n = len(results)
    summary = {
        "game": game_id,
        "options": game.options_dict,
        "players": players,
        "games": n,
        "seed": seed,
        "agents": names,
        "wins": wins,
        "win_rate": {k: (v / n if n else 0.0) for k, v in wins.items()},
        "draws": draws,
        "ci95": {k: list(wilson(v, n)) for k, v in wins.items()},
        "mean_return": {k: (ret_sum[k] / seats_taken[k] if seats_taken[k] else 0.0) for k in names},
        "seat_wins": seat_wins,
        "mean_actions": actions / n if n else 0.0,
        "seconds": round(seconds, 3),
        "games_per_sec": round(n / seconds, 2) if seconds > 0 else None,
        "workers": workers,
    }
    if stopped is not None:  # the games finished before a Ctrl-C or a lost worker, marked as partial
        summary.update(partial=True, stopped=stopped.reason, interrupted=stopped.interrupted, planned=games)
    return summary
