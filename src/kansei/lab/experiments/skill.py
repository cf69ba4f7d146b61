"""skill: how far random, greedy and search bots are apart in each game. Where the strongest bot barely
beats random, the game is mostly luck; where it crushes it, skill decides."""

from __future__ import annotations

import importlib
import math
from itertools import combinations
from pathlib import Path
from typing import Any

from pydantic import Field

from kansei.core.errors import OptionError
from kansei.core.registry import games as game_ids
from kansei.sim.ladder import Pairing, ratings

from ..plan import Job, Tables, numbered, unit_seed
from ..stats import rate
from .base import (
    MAX_GAMES,
    CommonParams,
    Experiment,
    Result,
    check_agents,
    interval,
    load_version,
    pct,
    units_for,
    with_interval,
)
from .matchup import seating

# the strongest bot's score against random: below LUCK the game is mostly luck, above SKILL mostly skill
LUCK, SKILL = 0.60, 0.80


def default_bots() -> list[str]:
    """The ladder of strengths, weakest first: random and the named levels where the agents provide them
    (``level:beginner`` … ``level:expert``, measured per game); else random, greedy and a search that
    evaluates its leaves with the game's own evaluation (plain random-rollout MCTS at small budgets is
    weaker than greedy in most games)."""
    try:
        levels = importlib.import_module("kansei.agents.levels")
    except ModuleNotFoundError:
        return ["random", "greedy", "mcts:iters=200,depth=0"]
    return ["random", *[f"level:{name}" for name in levels.LEVELS]]


class SkillParams(CommonParams):
    game: str = "all"  # comma-separated game ids, or all
    bots: list[str] = Field(default_factory=default_bots)  # weakest first
    games: int = Field(default=100, ge=1, le=MAX_GAMES)  # per pairing of bots, per game


def verdict(low: float, high: float) -> str:
    """The verdict the strongest bot's interval against random allows (undecided when it crosses a line)."""
    if math.isnan(low):
        return "not enough games"
    if high < LUCK:
        return "mostly luck"
    if low > SKILL:
        return "mostly skill"
    if low >= LUCK and high <= SKILL:
        return "skill and luck"
    line = SKILL if high > SKILL else LUCK
    return f"undecided (its interval crosses the {pct(line, 0)} line)"


def score_against(acc: dict[tuple[int, int], dict[int, list[float]]], x: int, y: int) -> dict[str, Any]:
    """Bot ``x``'s score against bot ``y`` from the per-unit scores of the lower-numbered bot of the pair."""
    lo, hi = min(x, y), max(x, y)
    vals = [sum(v) / len(v) for v in acc.get((lo, hi), {}).values()]
    return rate(vals if x == lo else [1 - v for v in vals], 2).to_dict()


class Skill(Experiment):
    kind = "skill"
    title = "Skill and luck"
    Params = SkillParams

    def label(self, params: Any) -> str:
        return f"skill-{params.game.replace(',', '+')}"

    def prepare(self, params: Any, workdir: Path) -> tuple[Tables, dict[str, Any]]:
        p: SkillParams = params
        ids = game_ids() if p.game == "all" else [g.strip() for g in p.game.split(",") if g.strip()]
        if p.content is not None and len(ids) != 1:
            raise OptionError("--content needs exactly one game")
        bots = check_agents(p.bots)
        if len(bots) < 2 or "random" not in bots:
            raise OptionError("skill needs random and at least one other bot, e.g. --bots random,greedy,mcts")
        tables = Tables()
        players = []
        for gid in ids:
            game, _ = load_version(tables, gid, p.options if len(ids) == 1 else {}, p.content, workdir)
            players.append(game.min_players)
        for b in bots:
            tables.agent(b)
        return tables, {
            "games": ids,
            "players": players,
            "bots": bots,
            "seed": p.seed,
            "units": units_for(p.games, 2),
        }

    def jobs(self, tables: Tables, info: dict[str, Any]) -> list[Job]:
        out = []
        nbots = len(info["bots"])
        for g, n in enumerate(info["players"]):
            for a, b in combinations(range(nbots), 2):
                for u in range(info["units"]):
                    seed = unit_seed(info["seed"], u)
                    for flip in (0, 1):
                        seats = tuple(tables.agents.index(info["bots"][x]) for x in seating(a, b, n, flip))
                        out.append(Job(0, u, seed, n, seats, None, g, 0, f"{a}-{b}/{flip}"))
        return numbered(out)

    def analyse(self, info: dict[str, Any], rows: list[dict[str, Any]]) -> Result:
        bots = info["bots"]
        k = len(bots)
        rnd = bots.index("random")
        per_game, table, csv, findings = [], [], [], []
        for gid, n in zip(info["games"], info["players"], strict=True):
            rs = [r for r in rows if r["game"] == gid]
            acc: dict[tuple[int, int], dict[int, list[float]]] = {}
            pairings = {(a, b): Pairing(a, b) for a, b in combinations(range(k), 2)}
            for r in rs:
                pair, _, flip = r["tag"].partition("/")
                a, b = (int(x) for x in pair.split("-"))
                seats = seating(a, b, n, int(flip))
                score = sum(s for s, e in zip(r["scores"], seats, strict=True) if e == a)
                acc.setdefault((a, b), {}).setdefault(r["unit"], []).append(score)
                p = pairings[(a, b)]
                p.games += 1
                if r["winner"] is None:
                    p.draws += 1
                elif seats[r["winner"]] == a:
                    p.wins_a += 1
                else:
                    p.wins_b += 1

            vs_random = {bots[x]: score_against(acc, x, rnd) for x in range(k) if x != rnd}
            fit = ratings(bots, list(pairings.values()))
            elo = {
                x.agent: {
                    "rating": x.rating - fit[rnd].rating,
                    "low": x.low - fit[rnd].rating,
                    "high": x.high - fit[rnd].rating,
                }
                for x in fit
            }
            best = max(vs_random, key=lambda b: elo[b]["rating"])
            s = vs_random[best]
            v = verdict(s["low"], s["high"])
            inversions = []
            for x in range(1, k):  # --bots are given weakest first: a step down is worth saying
                prev = score_against(acc, x, x - 1)
                if prev["enough"] and prev["high"] < 0.5:
                    inversions.append(
                        f"{bots[x]} is weaker than {bots[x - 1]} in {gid} ({with_interval(prev, 0)})"
                    )
            per_game.append(
                {
                    "game": gid,
                    "vs_random": vs_random,
                    "elo": elo,
                    "best": best,
                    "verdict": v,
                    "inversions": inversions,
                }
            )
            table.append(
                [
                    gid,
                    *[with_interval(vs_random[b], 0) for b in bots if b != "random"],
                    f"{elo[best]['rating']:+.0f}",
                    v,
                ]
            )
            for b, against in vs_random.items():
                csv.append(
                    {
                        "game": gid,
                        "bot": b,
                        "score_vs_random": against["value"],
                        "low": against["low"],
                        "high": against["high"],
                        "elo_vs_random": elo[b]["rating"],
                        "verdict": v,
                    }
                )
            findings.append(
                f"{gid}: the strongest bot ({best}) scores {pct(s['value'])} against random "
                f"({interval(s['low'], s['high'])}) — {v}."
            )
            findings += [f"{line}." for line in inversions]
        return Result(
            experiment=self.kind,
            title="Skill and luck: " + ", ".join(info["games"]),
            question="How much does playing well matter in each game?",
            method=(
                f"In each game every pair of bots ({', '.join(bots)}) played {info['units']} seeds, each "
                f"seed twice with the seats swapped ({len(rows)} games in all). A bot's score against random "
                "(a draw counts ½) has a 95% Wilson interval at the effective number of games; ratings are "
                "Bradley–Terry on the Elo scale with random at 0. The verdict reads the interval of the "
                f"strongest bot's (by rating) score against random: wholly under {pct(LUCK, 0)} the game is "
                f"mostly luck, wholly over {pct(SKILL, 0)} mostly skill, wholly between them both; an "
                "interval "
                "across a line is undecided. Bots are listed weakest first, and a bot that scores below an "
                "earlier one is named."
            ),
            findings=findings,
            tables=[
                {
                    "title": "Score against random (95% interval), strongest bot's rating, verdict",
                    "columns": ["game", *[b for b in bots if b != "random"], "Elo over random", "verdict"],
                    "rows": table,
                }
            ],
            csv=csv,
            data={"games": per_game, "bots": bots},
        )
