"""Bot hints for Mini D: the evaluation used by the greedy bot and at MCTS leaves, and the learned value's
features. Compiled with the race (``python -m kansei.build``), they read its fields natively."""

from __future__ import annotations

from .race import Race
from .state import MiniDState
from .terms import AURA, FAILED, FINISHED, OUT, SPRINT_LINE

WIN = 1000.0
CARD = 1.5  # a kept card is worth about one and a half cases
SKIP = 3.5  # a skipped turn costs an average move


def _progress(r: Race, q: int) -> float:
    tr = r.track
    st = r.status[q]
    if st == FINISHED:
        return tr.length + 1 + 25.0 * (r.seats - r.finished.index(q))
    if st == OUT:
        return -100.0 - 10.0 * (len(r.out) - r.out.index(q))
    x = r.positions[q]
    v = x - SKIP * r.skips[q] + CARD * len(r.hands[q])
    if r.aura == q:
        v += AURA * 4
    if not r.met_bunta[q]:
        v -= 1.5  # the crossing still to come: a 9-in-20 chance of a skipped turn, 1 in 20 of the ravine
    sec = tr.section_at[x]
    if sec >= 0 and sec == r.corner_section[q] and r.corner_state[q] == FAILED:
        v -= 2.5 * (tr.section_end[sec] - x)  # crawling costs about 2.5 cases per case left in the corner
    cards = r.table.cards
    for c in r.waiting[q]:
        v += cards[c].effect.impl.amount(cards[c].effect.p) * 0.5
    return v


def evaluate(state: MiniDState, seat: int) -> float:
    """Progress of ``seat`` against the best of the others (cases, skips, cards, Aura, places)."""
    r = state.race
    if r.over:
        return WIN * state.returns()[seat]
    if r.sprinters:  # MD-S2: close to the line without crossing it
        land = r.landings[seat]
        if land is None:
            return 0.0
        return land / 2.0 if land <= SPRINT_LINE else -3.0
    me = _progress(r, seat)
    best = max(_progress(r, q) for q in range(r.seats) if q != seat)
    return me - best


# ------------------------------------------------------------------------------------------------
# Features of the learned value (kansei.agents.learned, ``kansei train minid``): each is the seat's own
# less the best of the others', so for two racers one seat's value is minus the other's.
# ------------------------------------------------------------------------------------------------
feature_names = (
    "progress",  # cases ahead of the best other racer (finished and out racers by place), in tens
    "skips",  # skipped turns to come
    "cards",  # kept cards
    "aura",  # holding the Aura (MD-N3)
    "bunta",  # Bunta still to meet
    "crawling",  # cases left to crawl in a failed corner
    "sprint",  # the sprint for first player (MD-S2): how close to the line the car landed, 0 elsewhere
)
zero_sum_features = True


def _terms(r: Race, q: int) -> list[float]:
    tr = r.track
    st = r.status[q]
    if st == FINISHED:
        return [(tr.length + 1 + 25.0 * (r.seats - r.finished.index(q))) / 10.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    if st == OUT:
        return [(-100.0 - 10.0 * (len(r.out) - r.out.index(q))) / 10.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    x = r.positions[q]
    crawl = 0.0
    sec = tr.section_at[x]
    if sec >= 0 and sec == r.corner_section[q] and r.corner_state[q] == FAILED:
        crawl = float(tr.section_end[sec] - x)
    return [
        x / 10.0,
        float(r.skips[q]),
        float(len(r.hands[q])),
        1.0 if r.aura == q else 0.0,
        0.0 if r.met_bunta[q] else 1.0,
        crawl / 5.0,
    ]


def learned_inputs(state: MiniDState, seat: int) -> list[float]:
    """What kansei.agents.learned computes as ``[relative evaluation, *features]``, in one compiled call."""
    if state.race.seats == 2:
        relative = 0.5 * (evaluate(state, seat) - evaluate(state, 1 - seat))
    else:
        relative = evaluate(state, seat)
    return [relative, *features(state, seat)]


def features(state: MiniDState, seat: int) -> list[float]:
    """The learned value's inputs for ``seat`` (see ``feature_names``); ``state`` is not over."""
    r = state.race
    if r.sprinters:
        land = r.landings[seat]
        near = 0.0 if land is None else (land / 12.0 if land <= SPRINT_LINE else -0.5)
        return [0.0] * 6 + [near]
    mine = _terms(r, seat)
    others = [_terms(r, q) for q in range(r.seats) if q != seat]
    best = max(others, key=lambda t: t[0])
    return [m - b for m, b in zip(mine, best, strict=True)] + [0.0]


# The named levels (kansei.agents.levels; docs/bots.md "Levels"): budgets in iterations only, so a level
# plays the same on a loaded machine; the learned value scores the new node (depth=0) and primes each new
# child with three visits of its one-ply value. Ratings: kansei ladder GAME --levels --save-ratings.
levels = {
    "beginner": "greedy:noise=0.6",
    "casual": "greedy:noise=0.2",
    "club": "mcts:iters=300,depth=0,value=learned,prior=3",
    "expert": "mcts:iters=1000,depth=0,value=learned,prior=3",
}
