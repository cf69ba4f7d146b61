"""The coach: a finished game reviewed move by move by the expert bot, and a hint for the seat to move.

``analyse(replay, seat=N)`` replays a game and, at every decision, lets the expert search the position
*with seat N's information at that moment* (``state.determinize(N, rng)``: what N had seen, nothing it had
not). It reports N's chances after every move (a curve), and for each of N's own decisions the move the
expert would have played, what it expected of it and of the move played, and a grade: the loss in
expected result, in points of win chance, makes an inaccuracy (≥ 5), a mistake (≥ 10) or a blunder (≥ 20).
A summary counts them ("3 mistakes, 1 blunder").

A search's values are means of a few hundred sampled lines, so one search alone faults good moves: reviewing
the expert's own games, it graded 3% of the expert's Stampede moves and 10% of its D-Spirits moves
inaccuracies or worse (docs/bots.md, "A second look before a fault"). So a move the first search grades
below "good" is searched again, independently and with ``CONFIRM`` times the budget, and that second look's
values and grade are the ones reported: a move is faulted only where both searches fault it.

Without a seat every seat's decisions are judged, each with its own information (the curve is then the
mover's chances as the mover saw them, turned to seat 0's side). ``open=True`` is the *all-open* review: the
expert searches the real position, every hand, deck order and die to come in sight, and every result says
so (``info == "all-open"``); it is for after the game, when nothing is secret any more.

A replay played with other content than the game has now is refused in one line before anything is
analysed (its moves would mean other cards). Values are on the returns scale (±1 for two players; placings
from +1 to −1 for a field): ``chance = (value + 1) / 2`` is the win chance for two players and the expected
placing (1 first … 0 last) for more.

``hint(state, seat)`` is the same search at one position: the move the expert suggests to ``seat`` (the
seat to move), with its expected chance and the runners-up. It sees only ``seat``'s information.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from kansei.core.errors import ContentError, IllegalAction, KanseiError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Action, Game, State
from kansei.core.replay import Replay, content_digest, parse, start

from .levels import DEFAULT_SPECS, level_spec
from .mcts import MctsAgent, SearchResult

# losses in points of win chance (0–100) from which a move is graded
INACCURACY = 5.0
MISTAKE = 10.0
BLUNDER = 20.0
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
FAULTS = frozenset(GRADES[2:])  # the grades a second look confirms (or not)
CONFIRM = 3.0  # the second look's budget, in the spec's budgets
ALL_OPEN = "all-open"


def chance(value: float) -> float:
    """A value on the ±1 returns scale as a chance between 0 and 1."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


def grade(loss_points: float, best: bool) -> str:
    if best:
        return "best"
    if loss_points >= BLUNDER:
        return "blunder"
    if loss_points >= MISTAKE:
        return "mistake"
    if loss_points >= INACCURACY:
        return "inaccuracy"
    return "good"


@dataclass(frozen=True)
class Alternative:
    move: str
    chance: float  # expected chance after it, 0–1
    visits: int


@dataclass(frozen=True)
class MoveReview:
    """One decision of a judged seat."""

    ply: int  # index of the action in the game (0-based)
    seat: int
    played: str
    best: str  # the move the expert would have played
    chance_best: float  # what the expert expected after its move (0–1)
    chance_played: float  # and after the move played
    loss: float  # points of win chance lost (0–100)
    grade: str
    alternatives: list[Alternative]


@dataclass
class Analysis:
    game: str
    seat: int | None  # whose information (None: each mover's own)
    info: str  # "seat N", "each mover's own" or "all-open"
    spec: str  # the searcher
    players: int
    curve: list[float | None]  # chance of ``curve_seat`` after every action (None: not searched)
    curve_seat: int
    moves: list[MoveReview]
    summary: dict[int, dict[str, int]]  # seat -> grade -> count
    plies: int
    seconds: float  # CPU seconds the analysis took
    iterations: int
    notes: list[str] = field(default_factory=list)
    # whose information gave each point of ``curve`` (the seat that searched the next position; None: the
    # game's result, or an all-open search): where seats know different things their chances differ, so a
    # client draws one line per seat rather than one line that zig-zags between them
    curve_by: list[int | None] = field(default_factory=list)

    def summary_line(self, seat: int) -> str:
        """'3 inaccuracies, 2 mistakes, 1 blunder' (or 'no mistakes')."""
        counts = self.summary.get(seat, {})
        parts = []
        for g, word in (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders")):
            k = counts.get(g, 0)
            if k:
                parts.append(f"{k} {word if k != 1 else g}")
        return ", ".join(parts) if parts else "no mistakes"

    def costliest(self, count: int = 3, seat: int | None = None) -> list[MoveReview]:
        moves = [m for m in self.moves if (seat is None or m.seat == seat) and m.loss > 0]
        return sorted(moves, key=lambda m: -m.loss)[:count]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["summary"] = {str(k): v for k, v in self.summary.items()}
        d["summary_lines"] = {str(k): self.summary_line(k) for k in self.summary}
        d["format"] = "kansei-analysis/1"
        return d


# ---------------------------------------------------------------------------------------- the searcher
def coach_spec(game: Game, spec: str | None = None) -> str:
    """The search the coach uses: ``spec`` if given, else the game's expert level where it can play, else
    the default expert's spec (``default_coach`` says why)."""
    return spec if spec is not None else default_coach(game)[0]


def default_coach(game: Game) -> tuple[str, str]:
    """The coach's own search for ``game`` and a note, empty unless it is not the game's expert: the
    expert is not a search, or cannot play here (its learned value's weights missing: "Bad input" of issue
    24, every other level and the coach still play)."""
    from . import make_agent

    expert = level_spec(game, "expert")
    fallback = DEFAULT_SPECS["expert"]
    if not expert.startswith("mcts"):
        return (
            fallback,
            f"the expert level plays {shorten(expert, 40)}, not a search: the coach searches with {fallback}",
        )
    try:
        make_agent(expert).check_game(game)
    except KanseiError as e:
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        return fallback, f"the expert level is unavailable ({why}): the coach searches with {fallback}"
    return expert, ""


def _searcher(spec: str, seed: int) -> MctsAgent:
    from . import make_agent

    agent = make_agent(spec, seed=seed)
    if not isinstance(agent, MctsAgent):
        raise OptionError(f"the coach needs a search (an mcts spec), not {shorten(spec, 40)!r}")
    return agent


def _alternatives(res: SearchResult, mover: int, limit: int = 3) -> list[Alternative]:
    return [Alternative(c.notation, round(chance(c.value), 4), c.visits) for c in res.choices[:limit]]


# ---------------------------------------------------------------------------------------- hint
@dataclass(frozen=True)
class Hint:
    move: str
    action: Action
    chance: float  # what the expert expects after it (0–1)
    alternatives: list[Alternative]
    iterations: int


def hint(state: State, seat: int, spec: str | None = None, seed: int | None = None) -> Hint:
    """The expert's suggestion to ``seat`` (the seat to move) in ``state``, from ``seat``'s information."""
    if state.is_over:
        raise IllegalAction("the game is over")
    if seat != state.to_move:
        raise IllegalAction(f"seat {seat}: it is not your turn (seat {state.to_move} is to move)")
    legal = state.legal_actions()
    agent = _searcher(coach_spec(state.game, spec), random.getrandbits(62) if seed is None else seed)
    world = state.determinize(seat, agent.rng)
    if len(legal) == 1:
        return Hint(legal[0].notation, legal[0], chance(0.0), [], 0)
    res = agent.analyse(world, seat)
    best = res.best()
    chosen = next((a for a in legal if best is not None and a.notation == best.notation), legal[0])
    expected = chance(best.value) if best is not None else 0.5
    return Hint(chosen.notation, chosen, round(expected, 4), _alternatives(res, seat), res.iterations)


# ---------------------------------------------------------------------------------------- analysis
def load_replay(replay: Mapping[str, Any] | Replay, display: str = "replay") -> tuple[Game, State, Replay]:
    """The replay's game and first state; a replay of other content than the game has now, or one whose
    moves do not replay, is one line (a :class:`ContentError`) and nothing is analysed."""
    game, state, rep = start(replay, display)
    now = content_digest(game)
    if rep.content and rep.content != now:
        raise ContentError(
            [
                f"{display}: played with other {game.id} content (recorded {rep.content}, now {now}): its "
                "moves would be judged with other cards, so nothing is analysed"
            ]
        )
    probe = state.clone()
    for i, text in enumerate(rep.actions):
        try:
            probe.apply(text)
        except KanseiError as e:
            raise ContentError(
                [f"{display}: action {i + 1} {shorten(text)!r} does not replay: {e}"]
            ) from None
    return game, state, rep


def analyse(
    replay: Mapping[str, Any] | Replay,
    seat: int | None = None,
    open: bool = False,
    spec: str | None = None,
    seed: int = 0,
    display: str = "replay",
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Review a recorded game; see the module docstring. ``progress(done, total)`` after each decision."""
    rep = replay if isinstance(replay, Replay) else parse(replay, display)
    _, state, rep = load_replay(rep, display)
    return review(state, rep.actions, seat=seat, open=open, spec=spec, seed=seed, progress=progress)


def review(
    state: State,
    actions: Sequence[str],
    seat: int | None = None,
    open: bool = False,
    spec: str | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Review the game that ``actions`` (notations) play from ``state`` (which is not changed)."""
    game = state.game
    state = state.clone()
    players = state.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise OptionError(f"--seat must be a seat of this game (0 to {players - 1}), not {seat}")
    if open and seat is not None:
        raise OptionError("an all-open analysis judges every seat: give --seat or --open, not both")
    note = ""
    if spec is None:
        spec, note = default_coach(game)
    if open and "open=" not in spec:
        spec = spec + ",open=true"
    agent = _searcher(spec, seed)
    step_rng = random.Random(seed)
    curve_seat = seat if seat is not None else 0
    info = ALL_OPEN if open else (f"seat {seat}" if seat is not None else "each mover's own")
    position: list[float | None] = []  # curve_seat's chance before each action (None: not searched)
    position_by: list[int | None] = []  # whose information each searched position was judged with
    moves: list[MoveReview] = []
    summary: dict[int, dict[str, int]] = {
        q: dict.fromkeys(GRADES, 0) for q in (range(players) if seat is None else [seat])
    }
    total = len(actions)
    iterations = 0
    t0 = time.process_time()
    for ply, text in enumerate(actions):
        mover = state.to_move
        if mover is None:
            raise ContentError([f"action {ply + 1} {shorten(text)!r} comes after the end of the game"])
        legal = state.legal_actions()
        action = state.game.parse(state, text)
        judged = seat is None or mover == seat
        observer = mover if seat is None else seat
        value: float | None = None
        if len(legal) > 1:
            agent.reseed(step_rng.getrandbits(62))
            world = state.clone() if open else state.determinize(observer, agent.rng)
            # only a judged seat's own move is forced into the tree: another seat's move may name what the
            # observer cannot see (a face-down card)
            res = agent.analyse(world, observer, ensure=action.notation if judged else None)
            iterations += res.iterations
            value = chance(res.values[curve_seat])
            if judged:
                review = _review(res, ply, mover, action.notation)
                if review is not None and review.grade in FAULTS:  # a second, longer look (module doc)
                    agent.reseed(step_rng.getrandbits(62))
                    world = state.clone() if open else state.determinize(observer, agent.rng)
                    again = agent.analyse(world, observer, ensure=action.notation, budget=CONFIRM)
                    iterations += again.iterations
                    review = _review(again, ply, mover, action.notation)
                if review is not None:
                    moves.append(review)
                    summary.setdefault(mover, dict.fromkeys(GRADES, 0))[review.grade] += 1
        position.append(value)
        position_by.append(None if open or value is None else observer)
        state.apply(action)
        if progress:
            progress(ply + 1, total)
    # the curve after each action: the next searched position's value, the result after the last one
    curve: list[float | None] = [None] * total
    curve_by: list[int | None] = [None] * total
    later: float | None = chance(state.returns()[curve_seat]) if state.is_over else None
    later_by: int | None = None
    for k in range(total - 1, -1, -1):
        curve[k], curve_by[k] = later, later_by
        if position[k] is not None:
            later, later_by = position[k], position_by[k]
    seconds = time.process_time() - t0
    return Analysis(
        game=game.id,
        seat=seat,
        info=info,
        spec=spec,
        players=players,
        curve=[None if v is None else round(v, 4) for v in curve],
        curve_seat=curve_seat,
        moves=moves,
        summary=summary,
        plies=total,
        seconds=round(seconds, 3),
        iterations=iterations,
        notes=[note] if note else [],
        curve_by=curve_by,
    )


def _review(res: SearchResult, ply: int, mover: int, played_notation: str) -> MoveReview | None:
    """The grade of the move played, against the move the search would have played (most visited)."""
    best = res.best()
    played = res.choice(played_notation)
    if best is None or played is None:
        return None
    loss = max(0.0, 100.0 * (chance(best.value) - chance(played.value)))
    g = grade(loss, played_notation == best.notation)
    return MoveReview(
        ply,
        mover,
        played_notation,
        best.notation,
        round(chance(best.value), 4),
        round(chance(played.value), 4),
        round(loss, 2),
        g,
        _alternatives(res, mover),
    )
