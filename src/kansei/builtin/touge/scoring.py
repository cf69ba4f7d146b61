"""Scoring (TG-S1): road value in the run's direction × the multiplier after tune-ups, disaster and abilities,
and the forecast of the run in progress.

Order (docs/rulings.md): car + own additions (course-wide, then the tile's) → ×2 for Instinct → the
disaster's additions, halvings and caps (unless Foresight) → the opponent's halvings → Blindspot takes
the better type → nullified tiles score 0. The blocks in force are the card tables' precompiled tuples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .blocks import BOTH, NO_MODS, SELF, C, DisasterMods, Flags, Pair, S
from .cards import Car, Road

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState

DIRECTIONS: Final = ("downhill", "uphill")


class Profile:
    """One racer's multipliers for one run, as the blocks in force leave them (TG-S1).

    ``base``: the car's (C, S) multipliers in the run's direction; ``add``: own additions for the whole
    course; ``tile_add``: own additions per tile; ``best``: Blindspot tiles; ``null``: tiles nullified
    for this racer; ``double``: Instinct; ``ignore``: Foresight; ``halve`` / ``cap``: halvings and caps
    applied after the disaster (an opponent's Gum-Tape Death Match). The blocks (:mod:`.blocks`) change
    it; compiled, it is a native class of this module, whose functions read its fields directly.
    """

    __slots__ = ("base", "add", "tile_add", "best", "null", "double", "ignore", "halve", "cap")

    base: Pair
    add: list[int]
    tile_add: dict[int, int]
    best: set[int]
    null: set[int]
    double: bool
    ignore: bool
    halve: list[bool]
    cap: list[int | None]

    def __init__(self, base: Pair = (0, 0)):
        self.base = base
        self.add = [0, 0]
        self.tile_add = {}
        self.best = set()
        self.null = set()
        self.double = False
        self.ignore = False
        self.halve = [False, False]
        self.cap = [None, None]


def profiles(s: TougeState, direction: int) -> tuple[Profile, Profile]:
    """Each racer's :class:`Profile` for a run in ``direction``: the car, then every block in force."""
    cards = s.game.table.cards
    profs = (Profile(cards[s.cars[0]].mult[direction]), Profile(cards[s.cars[1]].mult[direction]))
    for owner, cid, tile in s.tunes:
        for fn, p, who in cards[cid].score_fx:
            if who == BOTH:
                fn(p, profs[0], tile)
                fn(p, profs[1], tile)
            else:
                fn(p, profs[owner if who == SELF else 1 - owner], tile)
    for owner in (0, 1):
        if s.ability_on[owner]:
            for fn, p, who in cards[s.cars[owner]].score_fx:
                if who == BOTH:
                    fn(p, profs[0], -1)
                    fn(p, profs[1], -1)
                else:
                    fn(p, profs[owner if who == SELF else 1 - owner], -1)
    return profs


def _half(m: int) -> int:
    return int(m / 2)  # toward zero (TG-C5)


def multiplier(pr: Profile, dis: DisasterMods, rtype: int, tile: int) -> int:
    """TG-S1: one racer's multiplier for a road type on one tile."""
    m = pr.base[rtype] + pr.add[rtype] + pr.tile_add.get(tile, 0)
    if pr.double:
        m *= 2
    if not pr.ignore:
        dadd, dhalve, dcap = dis
        m += dadd[rtype]
        if dhalve[rtype]:
            m = _half(m)
        cap = dcap[rtype]
        if cap is not None and m > cap:
            m = cap
    if pr.halve[rtype]:
        m = _half(m)
    cap = pr.cap[rtype]
    if cap is not None and m > cap:
        m = cap
    return m


def tile_scores(s: TougeState, direction: int, wiped: int | None = None) -> list[Pair]:
    """TG-S1: each tile's score for both players in ``direction``; ``wiped``: the tile a disaster
    nullifies (default: the one it nullified for this run, if any)."""
    scores, ignore = _run_scores(s, direction)
    tile = s.null_tile if wiped is None else wiped
    if tile >= 0:
        scores[tile] = _wipe(scores[tile], ignore)
    return scores


def _run_scores(s: TougeState, direction: int) -> tuple[list[Pair], Flags]:
    """Each tile's score for both players in ``direction`` with no tile wiped by the disaster, and
    whether each racer ignores the disaster (its wipe included)."""
    cards = s.game.table.cards
    first, second = profiles(s, direction)
    dis = NO_MODS if s.disaster is None else cards[s.disaster[1]].dmods
    # a racer's multiplier depends on the tile only through its tile tune-ups: the rest once, by road type
    plain_first = (multiplier(first, dis, C, -1), multiplier(first, dis, S, -1))
    plain_second = (multiplier(second, dis, C, -1), multiplier(second, dis, S, -1))
    rows: list[Pair] = []
    for _, cid in s.course:
        d = cards[cid]
        value = d.value[direction]
        rows.append((value * plain_first[d.rtype], value * plain_second[d.rtype]))
    n = len(rows)
    for seat, pr in enumerate((first, second)):
        if not (pr.tile_add or pr.best or pr.null):
            continue
        for i in pr.tile_add.keys() | pr.best | pr.null:
            if not 0 <= i < n:
                continue
            d = cards[s.course[i][1]]
            if i in pr.null:
                score = 0
            elif i in pr.best:
                score = d.value[direction] * max(multiplier(pr, dis, C, i), multiplier(pr, dis, S, i))
            else:
                score = d.value[direction] * multiplier(pr, dis, d.rtype, i)
            row = rows[i]
            rows[i] = (score, row[1]) if seat == 0 else (row[0], score)
    return rows, (first.ignore, second.ignore)


def totals_of(scores: list[Pair]) -> Pair:
    """Both racers' totals over the tiles' scores."""
    first = second = 0
    for a, b in scores:
        first += a
        second += b
    return (first, second)


def _wipe(row: Pair, ignore: Flags) -> Pair:
    """A tile the disaster wipes out scores 0, except for a racer who ignores the disaster."""
    return (row[0] if ignore[0] else 0, row[1] if ignore[1] else 0)


# ------------------------------------------------------------------------------------------------
# The run as it would go if nobody played anything more: what the board, the menus' previews and the
# bots' evaluation show. It depends only on open information (the course, tune-ups, abilities, the
# disaster), and assumes the leader wipes the tile best for it where a nullifying disaster lets it pick.
# ------------------------------------------------------------------------------------------------


def wipe_candidates(s: TougeState, direction: int) -> list[int]:
    """TG-C5 ruling: the tiles the disaster in force may wipe out before a run in ``direction`` (its
    blocks that act before a run say which: the highest tile, or any with ``nullify_pick =
    leader_choice``); none without a disaster or a course."""
    if s.disaster is None or not s.course:
        return []
    for wipe, params in s.game.table.cards[s.disaster[1]].wipe_fx:  # one at most (cards.compile_effects)
        return wipe(params, s, direction)
    return []


def expected_scores(s: TougeState, direction: int) -> tuple[list[Pair], int]:
    """Tile scores of the next run in ``direction`` with the disaster's wipe as it would fall (the
    leader's best pick among ties, the first of equals), and that tile (-1: none)."""
    cands = wipe_candidates(s, direction)
    scores, ignore = _run_scores(s, direction)
    if not cands:
        return scores, -1
    lead = s.leader
    margin = 0
    for row in scores:
        margin += row[lead] - row[1 - lead]
    best, best_margin = -1, 0
    for tile in cands:  # the leader's margin with this tile wiped out
        row, wiped = scores[tile], _wipe(scores[tile], ignore)
        m = margin - (row[lead] - row[1 - lead]) + (wiped[lead] - wiped[1 - lead])
        if best < 0 or m > best_margin:
            best, best_margin = tile, m
    scores[best] = _wipe(scores[best], ignore)
    return scores, best


def walk(
    scores: list[Pair],
    order: range,
    totals: list[int],
    lead: int,
    margin: int,
    record: bool = True,
) -> tuple[list[dict[str, Any]], bool]:
    """TG-D3: run the tiles in ``order`` adding to ``totals`` (changed in place); stops as soon as the
    leader is ``margin`` ahead. Returns the per-tile record (if ``record``) and whether that happened."""
    per_tile = []
    for i in order:
        a, b = scores[i]
        totals[0] += a
        totals[1] += b
        if record:
            per_tile.append({"tile": i + 1, "scores": [a, b], "totals": [totals[0], totals[1]]})
        if totals[lead] - totals[1 - lead] >= margin:
            return per_tile, True
    return per_tile, False


def run_order(s: TougeState, direction: int, leg: int) -> range:
    """Tile order of a run. ``mountain``: downhill from tile 1, uphill from the last tile. ``built``: from
    tile 1, and the Sudden Death return run back from the last tile (TG-D4)."""
    n = len(s.course)
    forward = direction == 0 if s.game.options.course_order == "mountain" else leg == 0
    return range(n) if forward else range(n - 1, -1, -1)


class Forecast(NamedTuple):
    """The battle in progress if both racers passed now."""

    winner: int | None  # of the battle (Sudden Death: of the race)
    race_over: bool  # the race would end with it
    race_winner: int | None
    totals: Pair  # the battle's final scores (Sudden Death: running totals)


def forecast(s: TougeState, expected: list[Pair] | None = None) -> Forecast:
    """TG-T4/T5 or TG-D3/D4/D5 played out from here with no more cards. ``expected``: the run's
    ``expected_scores`` in the current direction when the caller has them already."""
    if not s.game.sudden:
        sc = expected if expected is not None else expected_scores(s, s.direction)[0]
        tot = totals_of(sc)
        w = 0 if tot[0] > tot[1] else 1 if tot[1] > tot[0] else None
        wins = list(s.wins)
        if w is not None:
            wins[w] += 1
        over = max(wins) >= 2 or s.battle >= 3
        rw = (0 if wins[0] > wins[1] else 1 if wins[1] > wins[0] else None) if over else None
        return Forecast(w, over, rw, tot)
    lead = s.leader
    margin = s.game.options.lead_margin
    resume = s.phase == "nullify"  # between two runs, totals so far kept
    totals = list(s.totals) if resume else [0, 0]
    direction = s.direction
    for leg in range(s.leg if resume else 0, 2):
        sc, _ = expected_scores(s, direction)
        _, won = walk(sc, run_order(s, direction, leg), totals, lead, margin, record=False)
        if won:
            return Forecast(lead, True, lead, (totals[0], totals[1]))
        if totals[1 - lead] > totals[lead]:
            return Forecast(1 - lead, True, 1 - lead, (totals[0], totals[1]))
        direction ^= 1
    return Forecast(None, s.battle >= 3, None, (totals[0], totals[1]))


def standing(f: Forecast, seat: int) -> int:
    """A forecast from ``seat``'s side: 2 race won, 1 battle won, 0 tie or no winner, -1 battle lost,
    -2 race lost (a drawn race is 0)."""
    if f.race_over:
        return 0 if f.race_winner is None else 2 if f.race_winner == seat else -2
    return 0 if f.winner is None else 1 if f.winner == seat else -1


def projected(s: TougeState) -> Pair:
    """Both totals of the battle in progress if both racers passed now."""
    return forecast(s).totals


def score_course(cars: tuple[Car, Car], roads: list[Road], direction: str) -> tuple[int, int]:
    """TG-S1 on bare cards (no tune-ups, disaster or abilities): the worked example of TG-S2."""
    d = DIRECTIONS.index(direction)
    out = []
    for car in cars:
        mult = ((car.dh_c, car.dh_s), (car.uh_c, car.uh_s))[d]
        out.append(sum((r.down, r.up)[d] * mult[0 if r.type == "C" else 1] for r in roads))
    return out[0], out[1]
