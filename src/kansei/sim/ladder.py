"""The bot ladder: a round robin between agents, a win-rate matrix with 95% intervals, and ratings.

Every pair of agents plays ``games`` games. Seats are balanced: game ``g`` of a pair gives seat ``s`` to the
first agent when ``s + g`` is even and to the second otherwise, so over each two games every agent takes
every seat equally often — for two players that is one game on each side — and both games of such a
couple are dealt from the same seed (the same deal with the seats swapped), which takes most of the luck of
the deal out of the comparison. With more than two seats the two agents alternate round the table.

A game counts 1 for the agent owning the winning seat and ½ each for a draw. The win-rate matrix gives
each pairing's score with a Wilson 95% interval. Ratings are a Bradley–Terry model fitted on all games by
maximum a posteriori (Hunter's MM iteration, with one virtual draw per pairing as the prior so an agent
that wins every game still gets a finite rating), on the Elo scale (400·log10 of the strength ratio) with
the first agent anchored at 0 (or the ``anchor`` named) and 95% intervals from the inverse Fisher
information.

Agents with the same spec are one player (the levels' calibration can name greedy twice: as the anchor
and as a level): their pairing is not played, a pairing of either with a third agent is played once, and
each gets the same rating, row of the matrix and time per move (``same_as`` says whose).

Strength measurements are expensive, so a ladder need not be a full round robin: ``pairs`` names the
pairings to play (the levels' calibration plays each level against its neighbours and against greedy), and
with ``until`` a pairing stops as soon as its 95% interval is that narrow (sequential stopping, checked
after each round of ``step`` games, never before ``min_games`` nor after ``games``). Every agent's CPU time
per decision is kept (median and 95th percentile, forced moves left out).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

from kansei.agents import parse_spec
from kansei.agents.levels import played_spec
from kansei.core.errors import OptionError
from kansei.core.protocol import Game
from kansei.core.registry import load
from kansei.core.rng import derive_seed

from .runner import GameResult, RunStopped, run_games
from .stats import agent_names, wilson

Z95 = 1.959964
ELO = 400.0 / math.log(10.0)
PRIOR_DRAWS = 1.0  # virtual drawn games per pairing (the prior of the rating fit)


@dataclass
class Pairing:
    """The games between agents ``a`` and ``b`` (indices into the ladder's agents)."""

    a: int
    b: int
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0

    @property
    def score_a(self) -> float:
        return self.wins_a + 0.5 * self.draws


@dataclass
class Rating:
    agent: str
    rating: float  # Elo scale, the first agent = 0
    low: float  # 95% interval
    high: float
    games: int
    score: float  # points (win 1, draw ½) over all games


@dataclass
class Think:
    """CPU time an agent spent per decision over a ladder (one core, milliseconds)."""

    moves: int
    ms_median: float | None
    ms_p95: float | None


@dataclass
class LadderResult:
    game: str
    options: dict
    players: int
    agents: list[str]
    specs: list[str]
    games_per_pairing: int
    seed: int
    pairings: list[Pairing]
    ratings: list[Rating]
    seconds: float = 0.0
    workers: int = 1
    matrix: list[list[dict | None]] = field(default_factory=list)
    stopped: str | None = None  # why a run ended early (Ctrl-C, a lost worker): the results are partial
    interrupted: bool = False
    think: list[Think] = field(default_factory=list)  # per agent
    anchor: int = 0  # the agent rated 0
    until: float | None = None  # the interval half-width at which a pairing stopped (sequential)
    sees_all: list[int] = field(default_factory=list)  # agents handed the real state (the ceiling)
    same_as: list[int] = field(default_factory=list)  # per agent: the first agent with its spec (itself)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["pairings"] = [dict(asdict(p), score_a=p.score_a) for p in self.pairings]
        d["anchor"] = self.agents[self.anchor]
        d["rating_scale"] = "elo"
        return d


def seat_plan(a: int, b: int, players: int, g: int) -> list[int]:
    """Agent index per seat for game ``g`` of the pairing (a, b): they alternate round the table, and the
    pattern flips from one game to the next."""
    return [a if (s + g) % 2 == 0 else b for s in range(players)]


def all_pairs(n_agents: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(n_agents) for b in range(a + 1, n_agents)]


def same_as(specs: Sequence[str], sees_all: Sequence[int] = ()) -> list[int]:
    """Per agent, the first agent with the same spec (and the same sight of the state): one player."""
    first: dict[tuple[str, bool], int] = {}
    return [first.setdefault((s.strip(), i in sees_all), i) for i, s in enumerate(specs)]


def distinct_pairs(
    one: Sequence[int], pairs: Sequence[tuple[int, int]] | None = None
) -> list[tuple[int, int]]:
    """The pairings actually played: each named pairing (default: the round robin) between the first
    agents of their specs (``one``: :func:`same_as`), once, and none of an agent against its own spec."""
    out = set()
    for a, b in pairs if pairs is not None else all_pairs(len(one)):
        x, y = sorted((one[a], one[b]))
        if x != y:
            out.add((x, y))
    return sorted(out)


def plan_players(
    game: Game,
    specs: Sequence[str],
    pairs: Sequence[tuple[int, int]] | None = None,
    sees_all: Sequence[int] = (),
) -> tuple[list[int], list[tuple[int, int]]]:
    """:func:`same_as` of the specs as played in ``game`` (``level:club`` may be greedy) and the pairings
    to play (:func:`distinct_pairs`)."""
    one = same_as([played_spec(game, s) for s in specs], sees_all)
    return one, distinct_pairs(one, pairs)


def schedule(
    n_agents: int,
    players: int,
    games: int,
    seed: int,
    pairs: Sequence[tuple[int, int]] | None = None,
    first: int = 0,
) -> list[tuple[int, int, list[int], int]]:
    """Games ``first`` to ``games - 1`` of every pairing (default: the round robin): (a, b, agent per seat,
    game seed). Couples of games share a seed."""
    jobs = []
    for a, b in pairs if pairs is not None else all_pairs(n_agents):
        for g in range(first, games):
            jobs.append((a, b, seat_plan(a, b, players, g), derive_seed(seed, "ladder", a, b, g // 2)))
    return jobs


def tally(
    n_agents: int,
    plan: Sequence[tuple[int, int, list[int], int]],
    results: Sequence[GameResult],
    pairs: Sequence[tuple[int, int]] | None = None,
) -> list[Pairing]:
    """Wins and draws per pairing from the results (each knows its index in the plan; a stopped run has
    only some)."""
    pairs_ = {(a, b): Pairing(a, b) for a, b in (pairs if pairs is not None else all_pairs(n_agents))}
    for r in results:
        a, b, seats, _ = plan[r.index]
        p = pairs_[(a, b)]
        p.games += 1
        if r.winner is None:
            p.draws += 1
        elif seats[r.winner] == a:
            p.wins_a += 1
        else:
            p.wins_b += 1
    return list(pairs_.values())


def think_times(
    n_agents: int, plan: Sequence[tuple[int, int, list[int], int]], results: Sequence[GameResult]
) -> list[Think]:
    """Every agent's CPU time per decision: median and 95th percentile (nearest rank)."""
    times: list[list[float]] = [[] for _ in range(n_agents)]
    for r in results:
        seats = plan[r.index][2]
        for seat, spent in enumerate(r.think or []):
            times[seats[seat]].extend(spent)
    out = []
    for t in times:
        if not t:
            out.append(Think(0, None, None))
            continue
        t.sort()
        median = t[len(t) // 2] if len(t) % 2 else (t[len(t) // 2 - 1] + t[len(t) // 2]) / 2
        p95 = t[min(len(t) - 1, math.ceil(0.95 * len(t)) - 1)]
        out.append(Think(len(t), round(1000 * median, 2), round(1000 * p95, 2)))
    return out


def matrix(
    n_agents: int, pairings: Sequence[Pairing], one: Sequence[int] | None = None
) -> list[list[dict | None]]:
    """``m[i][j]``: agent i's score against j (rate, 95% interval, games); None on the diagonal and
    between agents of one spec (``one``: :func:`same_as`), whose rows are their first agent's."""
    m: list[list[dict | None]] = [[None] * n_agents for _ in range(n_agents)]
    for p in pairings:
        for i, j, score in ((p.a, p.b, p.score_a), (p.b, p.a, p.games - p.score_a)):
            lo, hi = wilson(score, p.games, Z95)  # the Wilson formula takes half points as they are
            rate = score / p.games if p.games else None
            m[i][j] = {"rate": rate, "low": lo, "high": hi, "games": p.games, "score": score}
    if one is not None:
        n = range(n_agents)
        m = [[m[one[i]][one[j]] if one[i] != one[j] else None for j in n] for i in n]
    return m


def bradley_terry(
    n_agents: int, pairings: Sequence[Pairing], prior_draws: float = PRIOR_DRAWS, anchor: int = 0
) -> list[tuple[float, float]]:
    """Bradley–Terry strengths on the Elo scale with their standard errors, agent ``anchor`` fixed at 0.

    Maximum a posteriori with ``prior_draws`` virtual draws per pairing played (MM iteration, Hunter 2004);
    standard errors from the inverse of the Fisher information with the anchor held fixed.
    """
    k = n_agents
    if k == 0:
        return []
    n = [[0.0] * k for _ in range(k)]  # games between i and j, virtual ones included
    w = [0.0] * k  # points, virtual ones included
    for p in pairings:
        if p.games == 0:
            continue
        total = p.games + prior_draws
        n[p.a][p.b] += total
        n[p.b][p.a] += total
        w[p.a] += p.score_a + prior_draws / 2
        w[p.b] += p.games - p.score_a + prior_draws / 2
    gamma = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            den = sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if n[i][j])
            new.append(w[i] / den if den and w[i] > 0 else gamma[i])
        mean_log = sum(math.log(g) for g in new) / k
        new = [g / math.exp(mean_log) for g in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-12:
            break
    theta = [math.log(g) for g in gamma]
    # Fisher information of theta (a weighted graph Laplacian); fix the anchor and invert the rest
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and n[i][j]:
                pij = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                v = n[i][j] * pij * (1.0 - pij)
                info[i][j] -= v
                info[i][i] += v
    rest = [i for i in range(k) if i != anchor]
    cov = _inverse([[info[i][j] for j in rest] for i in rest]) if rest else []
    out = []
    for i in range(k):
        r = ELO * (theta[i] - theta[anchor])
        if i == anchor:
            out.append((0.0, 0.0))
            continue
        x = rest.index(i)
        var = cov[x][x] if cov is not None else math.inf
        out.append((r, ELO * math.sqrt(var) if var >= 0 else math.inf))
    return out


def _inverse(m: list[list[float]]) -> list[list[float]] | None:
    """Gauss–Jordan inverse with partial pivoting (None if singular: agents with no games linking them)."""
    k = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(m)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(a[r][c]))
        if abs(a[piv][c]) < 1e-12:
            return None
        a[c], a[piv] = a[piv], a[c]
        f = a[c][c]
        a[c] = [x / f for x in a[c]]
        for r in range(k):
            if r != c and a[r][c]:
                g = a[r][c]
                a[r] = [x - g * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[k:] for row in a]


def ratings(
    names: Sequence[str], pairings: Sequence[Pairing], anchor: int = 0, one: Sequence[int] | None = None
) -> list[Rating]:
    """Every agent's rating; agents of one spec (``one``: :func:`same_as`) are fitted as one player."""
    one = list(one) if one is not None else list(range(len(names)))
    players = sorted(set(one))
    at = {agent: k for k, agent in enumerate(players)}
    fit = bradley_terry(
        len(players),
        [Pairing(at[p.a], at[p.b], p.games, p.wins_a, p.wins_b, p.draws) for p in pairings],
        anchor=at[one[anchor]],
    )
    games = [0] * len(names)
    score = [0.0] * len(names)
    for p in pairings:
        games[p.a] += p.games
        games[p.b] += p.games
        score[p.a] += p.score_a
        score[p.b] += p.games - p.score_a
    out = []
    for i, name in enumerate(names):
        r, se = fit[at[one[i]]]
        out.append(Rating(name, r, r - Z95 * se, r + Z95 * se, games[one[i]], score[one[i]]))
    return out


def half_width(p: Pairing) -> float:
    """Half the width of the 95% interval of a pairing's score."""
    lo, hi = wilson(p.score_a, p.games, Z95)
    return (hi - lo) / 2


def ladder(
    game_id: str,
    options: dict,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    players: int | None = None,
    progress: Callable[[int], None] | None = None,
    pairs: Sequence[tuple[int, int]] | None = None,
    until: float | None = None,
    min_games: int = 40,
    step: int = 40,
    anchor: int = 0,
    sees_all: Sequence[int] = (),
) -> LadderResult:
    """Play ``games`` games for every pair of ``specs`` (or of ``pairs``); see the module docstring.

    ``sees_all``: indices of agents handed the real state (the clairvoyant ceiling, nothing else)."""
    specs = [s.strip() for s in specs]
    if len(specs) < 2:
        raise OptionError("a ladder needs at least two agents, e.g. --agents random,greedy,mcts")
    if games < 1:
        raise OptionError(f"games per pairing must be at least 1, not {games}")
    if workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    if until is not None and not 0 < until < 0.5:
        raise OptionError(f"an interval half-width to stop at is between 0 and 0.5, not {until:g}")
    named = list(pairs) if pairs is not None else all_pairs(len(specs))
    for a, b in named:
        if not (0 <= a < b < len(specs)):
            raise OptionError(f"pairing ({a}, {b}) does not name two of the {len(specs)} agents in order")
    game = load(game_id, **options)  # validates the options before any work
    for s in specs:
        parse_spec(s)  # and every agent spec (one clear line on error)
    one, pair_list = plan_players(game, specs, named, sees_all)  # level:club and greedy may be one player
    if not pair_list:
        raise OptionError("a ladder needs two different agents: every pairing named is of one spec")
    players = game.player_count(players)  # and the player count
    game.start(seed=0, players=players)
    names = agent_names(specs)
    open_specs = frozenset(specs[i] for i in sees_all)
    full = schedule(len(specs), players, games, seed, pair_list)
    index = {(a, b, g): k for k, (a, b, g) in enumerate(_keys(pair_list, games))}
    t0 = time.perf_counter()
    stopped: RunStopped | None = None
    results: list[GameResult] = []
    played = dict.fromkeys(pair_list, 0)
    active = list(pair_list)
    step = max(2, step + step % 2)
    while active and stopped is None:
        if until is None:
            round_ = {p: games for p in active}
        else:
            round_ = {
                p: min(games, max(min_games, played[p] + step) if played[p] else min(games, min_games))
                for p in active
            }
        keys = [(a, b, g) for (a, b), hi in round_.items() for g in range(played[(a, b)], hi)]
        jobs = [([specs[x] for x in full[index[k]][2]], full[index[k]][3]) for k in keys]
        try:
            got = run_games(
                game_id,
                options,
                jobs,
                workers=workers,
                players=players,
                progress=progress,
                sees_all=open_specs,
            )
        except RunStopped as e:
            got, stopped = e.results, e
        for r in got:
            r.index = index[keys[r.index]]
        results.extend(got)
        for p, hi in round_.items():
            played[p] = hi
        if until is None:
            break
        done = {(p.a, p.b): p for p in tally(len(specs), full, results, pair_list)}
        active = [p for p in active if played[p] < games and half_width(done[p]) > until]
    seconds = time.perf_counter() - t0
    pairings = tally(len(specs), full, results, pair_list)
    think = think_times(len(specs), full, results)
    return LadderResult(
        game=game_id,
        options=game.options_dict,
        players=players,
        agents=names,
        specs=list(specs),
        games_per_pairing=games,
        seed=seed,
        pairings=pairings,
        ratings=ratings(names, pairings, anchor, one),
        seconds=round(seconds, 3),
        workers=workers,
        matrix=matrix(len(specs), pairings, one),
        stopped=stopped.reason if stopped else None,
        interrupted=bool(stopped and stopped.interrupted),
        think=[think[i] for i in one],
        anchor=anchor,
        until=until,
        sees_all=sorted(sees_all),
        same_as=one,
    )


def _keys(pairs: Sequence[tuple[int, int]], games: int) -> list[tuple[int, int, int]]:
    """(a, b, game number) in the order of :func:`schedule`."""
    return [(a, b, g) for a, b in pairs for g in range(games)]
