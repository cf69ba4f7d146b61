"""Calibrating the named levels: the pairings that place them on one scale, and the ratings file.

Every level plays the level below it and the greedy bot; random plays greedy and the weakest level. That is
nine pairings for four levels instead of the fifteen of a round robin, and every agent is linked to the
greedy anchor directly and through its neighbours, so one Bradley–Terry fit places them all. A level that
plays greedy's spec (or another level's) is that player (``sim.ladder``): its pairings are played once,
which spares a third of the games where the club is greedy. The fit, each
level's spec, its CPU time per move and the command that made it go into ``kansei/agents/data/ratings.json``
under the game's id (:func:`merge`), which ``kansei.agents.levels`` reads.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import kansei
from kansei.agents.levels import ANCHOR, LEVELS, RATINGS_FILE, RATINGS_FORMAT, level_specs, parse_ratings
from kansei.core.protocol import Game
from kansei.core.replay import content_digest

from .ladder import LadderResult

AGENTS = ["random", ANCHOR, *(f"level:{name}" for name in LEVELS)]
CEILING_FACTOR = 10  # the clairvoyant ceiling searches with ten times the expert's iterations


def ceiling_spec(game: Game) -> str:
    """The clairvoyant ceiling: the expert's search with ten times its iterations and no time budget,
    searching the real state it is handed (``open=true``; only ``ladder(sees_all=…)`` hands it that)."""
    spec = level_specs(game)["expert"]
    if not spec.startswith("mcts"):
        spec = "mcts:depth=0"
    kind, _, rest = spec.partition(":")
    keys = dict(part.split("=", 1) for part in rest.split(",") if "=" in part)
    iters = int(keys.pop("iters", "1000"))
    keys.pop("time", None)
    keys.pop("open", None)
    keys = {"iters": str(iters * CEILING_FACTOR), **keys, "open": "true"}
    return kind + ":" + ",".join(f"{k}={v}" for k, v in keys.items())


def level_pairs(ceiling: bool = False) -> list[tuple[int, int]]:
    """Indices into :data:`AGENTS` (and the ceiling after them): random–greedy, random–beginner, each level
    against greedy and against the level below it, and the ceiling against greedy."""
    greedy = AGENTS.index(ANCHOR)
    first = AGENTS.index(f"level:{LEVELS[0]}")
    pairs = {(0, greedy), (0, first)}
    for i in range(len(LEVELS)):
        k = first + i
        pairs.add((greedy, k))
        if i:
            pairs.add((k - 1, k))
    if ceiling:
        pairs.add((greedy, len(AGENTS)))
    return sorted(pairs)


def ratings_path() -> Path:
    return Path(kansei.__file__).parent / "agents" / "data" / RATINGS_FILE


def entry(game: Game, res: LadderResult, command: str) -> dict[str, Any]:
    """The ratings file's record of one game's calibration."""
    specs = level_specs(game)
    agents = []
    for i, r in enumerate(res.ratings):
        name = res.agents[i]
        spec = specs[name.removeprefix("level:")] if name.startswith("level:") else name
        if i in res.sees_all:
            name = "ceiling"
        think = res.think[i] if i < len(res.think) else None
        agents.append(
            {
                "name": name,
                "spec": spec,
                "rating": round(r.rating, 1),
                "low": round(r.low, 1),
                "high": round(r.high, 1),
                "games": r.games,
                "score": round(r.score / r.games, 4) if r.games else None,
                "ms_median": think.ms_median if think else None,
                "ms_p95": think.ms_p95 if think else None,
                **({"same_as": res.agents[res.same_as[i]]} if res.same_as and res.same_as[i] != i else {}),
            }
        )
    pairings = []
    for p in res.pairings:
        cell = res.matrix[p.a][p.b] or {}
        pairings.append(
            {
                "a": "ceiling" if p.a in res.sees_all else res.agents[p.a],
                "b": "ceiling" if p.b in res.sees_all else res.agents[p.b],
                "games": p.games,
                "score_a": p.score_a,
                "rate_a": round(p.score_a / p.games, 4) if p.games else None,
                "low": round(cell["low"], 4) if cell else None,
                "high": round(cell["high"], 4) if cell else None,
            }
        )
    return {
        "anchor": ANCHOR,
        # whether the fit ranks random under every level and each level under the one above: where it does
        # not (a game of luck, where every bot scores within the noise of every other), kansei lists the
        # levels unranked, with the measured range, rather than ratings that would put random above a level
        "ordered": ordered(agents),
        "agents": agents,
        "pairings": pairings,
        "games_per_pairing": res.games_per_pairing,
        "until": res.until,
        "seed": res.seed,
        "seconds": res.seconds,
        "workers": res.workers,
        "content": content_digest(game),
        "kansei": kansei.__version__,
        "date": time.strftime("%Y-%m-%d"),
        "command": command,
        "partial": res.stopped,
    }


def ordered(agents: list[dict[str, Any]]) -> bool:
    """Whether ratings (the ``agents`` of :func:`entry`) place random, then each level, weakest first, in
    strictly rising order."""
    rating = {a["name"]: a["rating"] for a in agents}
    names = ("random", *(f"level:{level}" for level in LEVELS))
    if any(rating.get(name) is None for name in names):
        return False
    ladder = [float(rating[name]) for name in names]
    return all(low < high for low, high in zip(ladder, ladder[1:], strict=False))


def merge(path: Path, game_id: str, record: dict[str, Any]) -> None:
    """Put one game's record into the ratings file at ``path`` (kept: every other game's), atomically."""
    data: dict[str, Any] = {"format": RATINGS_FORMAT, "games": {}}
    if path.exists():
        found, note = parse_ratings(path.read_text("utf-8"))
        if not note:
            data = found
    data["games"][game_id] = record
    data["games"] = dict(sorted(data["games"].items()))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    tmp.replace(path)
