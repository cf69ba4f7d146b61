"""Touge Card Game: the rules of both modes as functions of the state (rules digest ids TG-…, RULES.md).

Legal actions and their application, one function per rule: the redraw (TG-T1), building (TG-T2),
tune-ups (TG-T3), the runs of Time Attack (TG-T4, TG-T5) and of Sudden Death (TG-D3..D5). Decks are drawn
from the end of the list (the end is the top). Hands are kept sorted, so the same hand always lists its
actions in the same order.

Every seat whose turn it is in an alternating phase is asked, whether or not it holds a road or a
tune-up (that is hidden information): a seat with nothing to play has the single action ``pass``, and
every pass is logged alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

from kansei.core.protocol import Action

from .blocks import Pair
from .scoring import DIRECTIONS, run_order, tile_scores, totals_of, walk, wipe_candidates
from .setup import deal
from .table import ABILITY, DONE, PASS, TUNE, nullify_act

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState

T = TypeVar("T")
# constants are Final: compiled, mypyc writes their values in place of a look-up of the name
C: Final = 0  # road types
S: Final = 1
DOWN: Final = 0  # directions
UP: Final = 1

# phases
REDRAW: Final = "redraw"
BUILD: Final = "build"
TUNE_PHASE: Final = "tune"
NULLIFY: Final = "nullify"
OVER: Final = "over"


class Battle(NamedTuple):
    """One finished battle, as ``view`` reports it."""

    battle: int
    direction: str
    leader: int
    scores: Pair
    winner: int | None


def battle_dict(b: Battle) -> dict[str, Any]:
    return {
        "battle": b.battle,
        "direction": b.direction,
        "leader": b.leader,
        "scores": [b.scores[0], b.scores[1]],
        "winner": b.winner,
    }


def legal_actions(s: TougeState) -> tuple[Action, ...]:
    """The legal actions of the seat to move (TG-T1, TG-T2, TG-T3, TG-C5)."""
    p = s.turn
    ph = s.phase
    if ph == BUILD:  # TG-T2: a road of the hand, or pass
        return hand_actions(s.hands[p], s.game.table.road_acts, PASS)
    if ph == TUNE_PHASE:
        return tune_actions(s, p)
    if ph == REDRAW:  # TG-T1: put a card back while redraws are left, or done
        if s.redraws_left[p] > 0:
            return hand_actions(s.hands[p], s.game.table.redraw_acts, DONE)
        return (DONE,)
    if ph == NULLIFY:
        return tuple([nullify_act(i) for i in nullify_candidates(s)])
    return ()


def hand_actions(hand: list[int], acts: list[Action | None], last: Action) -> tuple[Action, ...]:
    """What each distinct card of a sorted hand offers (``acts`` by card id; None: nothing), in the hand's
    order, then ``last``. (Written as a loop: on the hot path it runs three times as fast as a
    comprehension over ``dict.fromkeys``.)"""
    out: list[Action] = []
    previous = -1
    for c in hand:
        if c != previous:  # copies of a card sit side by side in a sorted hand
            previous = c
            a = acts[c]
            if a is not None:
                out.append(a)
    out.append(last)
    return tuple(out)


def tune_actions(s: TougeState, p: int) -> tuple[Action, ...]:
    """TG-T3: each tune-up of the hand (on each tile of its type, where it names one), the car's ability
    while unused, or pass."""
    cards = s.game.table.cards
    out: list[Action] = []
    types: list[int] | None = None  # each tile's road type, worked out when a tile tune-up needs it
    previous = -1
    for c in s.hands[p]:
        if c == previous:  # copies of a card sit side by side in a sorted hand
            continue
        previous = c
        d = cards[c]
        if d.kind != TUNE:
            continue
        want = d.tile_road
        if want is None:
            if d.act is not None:
                out.append(d.act)
            continue
        if types is None:
            types = []
            for _, road in s.course:
                types.append(cards[road].rtype)
        acts = d.tile_actions(len(types))
        if want < 0:
            out += acts[: len(types)]
        else:
            for tile, rtype in enumerate(types):
                if rtype == want:
                    out.append(acts[tile])
    if not s.ability_used[p]:
        out.append(ABILITY)
    out.append(PASS)
    return tuple(out)


def rule_ids(s: TougeState, a: Action) -> tuple[str, ...]:
    """The rules a legal action follows (``Game.move_rules``)."""
    sudden = s.game.sudden
    kind = a.kind
    if kind in ("redraw", "done"):
        return ("TG-T1", "TG-D4" if s.battle > 1 else "TG-D0") if sudden else ("TG-T1",)
    if kind == "road":
        return ("TG-T2", "TG-C2", "TG-D1") if sudden else ("TG-T2", "TG-C2")
    if kind == "tune":
        return ("TG-T3", "TG-C4", "TG-D2") if sudden else ("TG-T3", "TG-C4")
    if kind == "ability":
        return ("TG-T3", "TG-C6")
    if kind == "nullify":
        return ("TG-C5",)
    if kind == "pass":
        if s.phase == BUILD:
            return ("TG-T2", "TG-D1") if sudden else ("TG-T2",)
        return ("TG-T3", "TG-D2") if sudden else ("TG-T3",)
    return ()


def apply_action(s: TougeState, action: Action) -> None:
    """Apply one of the state's own legal actions: the rule its phase and kind name."""
    RULES[s.phase, action.kind](s, action)


def lay_road(s: TougeState, a: Action) -> None:
    """TG-T2: one road from hand onto the end of the shared course."""
    p, cid = s.turn, a.args[0]
    s.hands[p].remove(cid)
    s.course.append((p, cid))
    s.passes = 0
    s.log("road", seat=p, card=s.game.table.cards[cid].name, tile=len(s.course))
    s.turn = 1 - p


def pass_building(s: TougeState, a: Action) -> None:
    """TG-T2: a pass, whether or not the seat held a road (hidden); building ends when both pass in a
    row."""
    p = s.turn
    s.passes += 1
    s.log("pass", seat=p, phase=BUILD)
    s.turn = 1 - p
    if s.passes >= 2:
        if s.narrating:
            cards = s.game.table.cards
            s.log("course", tiles=[cards[c].name for _, c in s.course])
        start_tune(s)


def play_tune_up(s: TougeState, a: Action) -> None:
    """TG-T3, TG-C4: a tune-up from hand, on its tile or the whole course; its blocks act as it is
    played."""
    p = s.turn
    cid, tile = a.args
    card = s.game.table.cards[cid]
    s.hands[p].remove(cid)
    s.tunes.append((p, cid, tile))
    s.passes = 0
    s.log("tune", seat=p, card=card.name, tile=tile + 1 if tile >= 0 else None)
    for play, params in card.play_fx:
        play(params, s, p)
    s.turn = 1 - p


def switch_on_ability(s: TougeState, a: Action) -> None:
    """TG-C6 ruling: the car's ability, once per race, switched on in the tune-up phase for this battle;
    its blocks act as it is switched on."""
    p = s.turn
    s.ability_used = with_seat(s.ability_used, p, True)
    s.ability_on = with_seat(s.ability_on, p, True)
    s.passes = 0
    car = s.game.table.cards[s.cars[p]]
    s.log("ability", seat=p, ability=car.ability.name if car.ability else "", car=car.name)
    for play, params in car.play_fx:
        play(params, s, p)
    s.turn = 1 - p


def pass_tuning(s: TougeState, a: Action) -> None:
    """TG-T3: a pass; the tune-ups end when both pass in a row, and the run begins."""
    p = s.turn
    s.passes += 1
    s.log("pass", seat=p, phase=TUNE_PHASE)
    s.turn = 1 - p
    if s.passes >= 2:
        begin_run(s)


def put_back(s: TougeState, a: Action) -> None:
    """TG-T1: a card of the hand set aside to redraw; the last redraw allowed ends the seat's redraw."""
    p, cid = s.turn, a.args[0]
    s.hands[p].remove(cid)
    s.aside[p].append(cid)
    s.redraws_left = with_seat(s.redraws_left, p, s.redraws_left[p] - 1)
    if s.redraws_left[p] == 0:
        finish_redraw(s, p)


def done_redrawing(s: TougeState, a: Action) -> None:
    """TG-T1: the seat keeps its hand, or redraws the cards it set aside."""
    finish_redraw(s, s.turn)


def pick_wiped_tile(s: TougeState, a: Action) -> None:
    """TG-C5 ruling: the leader picks, among tied tiles, the one the disaster wipes out for this run."""
    s.null_tile = a.args[0]
    s.log("nullify", seat=s.leader, tile=s.null_tile + 1)
    run_leg(s)


# ---------------------------------------------------------------------------- phases
def start_redraw(s: TougeState) -> None:
    s.phase = REDRAW
    s.redraw_stage = 0
    s.turn = s.leader
    n = s.game.options.redraws
    s.redraws_left = (n, n)
    if n == 0:
        after_redraw(s)


def finish_redraw(s: TougeState, p: int) -> None:
    put = s.aside[p]
    if put and s.narrating:
        cards = s.game.table.cards
        s.log_private(p, "put_back", seat=p, cards=[cards[c].name for c in put])
    s.log("redraw", seat=p, count=len(put))
    if put:
        s.decks[p].extend(put)
        s.aside[p] = []
        s.rng.shuffle(s.decks[p])
        s.draw(p, len(put))
    s.redraw_stage += 1
    if s.redraw_stage == 1:
        s.turn = 1 - s.leader
    else:
        after_redraw(s)


def after_redraw(s: TougeState) -> None:
    if s.game.sudden and s.battle > 1:
        start_tune(s)  # TG-D1 / TG-D4: one course for the race; play resumes at TG-D2
    else:  # TG-T2 each Time Attack battle; TG-D1 the one Sudden Death course
        s.phase = BUILD
        s.turn = s.leader
        s.passes = 0


def start_tune(s: TougeState) -> None:
    s.phase = TUNE_PHASE
    s.turn = s.leader
    s.passes = 0


def begin_run(s: TougeState) -> None:
    s.leg = 0
    s.totals = (0, 0)
    begin_leg(s)


def begin_leg(s: TougeState) -> None:
    """Before each run: a nullifying disaster picks its tile (TG-C5 ruling), asking the leader on ties."""
    s.null_tile = -1
    cands = nullify_candidates(s)
    if len(cands) == 1:
        s.null_tile = cands[0]
        s.log("nullify", seat=None, tile=s.null_tile + 1)
    elif len(cands) > 1:
        s.phase = NULLIFY
        return
    run_leg(s)


def nullify_candidates(s: TougeState) -> list[int]:
    """The tiles a nullifying disaster may wipe before this run (public: the course and the disaster)."""
    return wipe_candidates(s, s.direction)


def run_leg(s: TougeState) -> None:
    if s.game.sudden:
        run_sudden(s)
    else:
        run_time_attack(s)


def run_time_attack(s: TougeState) -> None:
    """TG-T4: both cars run the whole course; the higher total wins; a tie wins nothing."""
    scores = tile_scores(s, s.direction)
    tot = totals_of(scores)
    bw = 0 if tot[0] > tot[1] else 1 if tot[1] > tot[0] else None
    if bw is not None:
        s.wins = with_seat(s.wins, bw, s.wins[bw] + 1)
    record_battle(s, tot, bw, scores)
    # TG-T5: the race ends with 2 wins or after 3 battles
    if max(s.wins) >= 2 or s.battle >= 3:
        w = 0 if s.wins[0] > s.wins[1] else 1 if s.wins[1] > s.wins[0] else None
        finish(s, w)
        return
    collect(s, course_too=True)
    s.direction ^= 1
    s.leader ^= 1
    next_battle(s, 7)


def run_sudden(s: TougeState) -> None:
    """TG-D3/TG-D4: tile by tile with running totals; reverse once; else the battle ends, no winner."""
    lead = s.leader
    fol = 1 - lead
    margin = s.game.options.lead_margin
    scores = tile_scores(s, s.direction)
    tot = list(s.totals)
    per_tile, won = walk(scores, run_order(s, s.direction, s.leg), tot, lead, margin, s.narrating)
    s.totals = (tot[0], tot[1])
    s.log("run", direction=DIRECTIONS[s.direction], tiles=per_tile, leg=s.leg)
    if won:  # TG-D3: the starting leader ahead by 12 or more after a tile
        record_battle(s, (tot[0], tot[1]), lead, None)
        finish(s, lead, reason="lead")
        return
    if tot[fol] > tot[lead]:  # TG-D3: the follower got ahead and is ahead at the end of the course
        record_battle(s, (tot[0], tot[1]), fol, None)
        finish(s, fol, reason="overtake")
        return
    if s.leg == 0:  # TG-D4: switch direction and run the course in reverse, totals carry on
        s.leg = 1
        s.direction ^= 1
        begin_leg(s)
        return
    record_battle(s, (tot[0], tot[1]), None, None)
    if s.battle >= 3:  # TG-D5: no winner after 3 battles is a draw
        finish(s, None)
        return
    # TG-D4: hands and played tune-ups back to the decks; draw 5, redraw 2; resume at TG-D2
    collect(s, course_too=False)
    s.leader ^= 1
    # the reverse run flipped the direction once; the next battle starts opposite to this one's start
    s.totals = (0, 0)
    next_battle(s, 5)


def next_battle(s: TougeState, hand: int) -> None:
    s.battle += 1
    s.leg = 0
    s.log("battle_start", battle=s.battle, direction=DIRECTIONS[s.direction], leader=s.leader)
    deal(s, hand)
    start_redraw(s)


def record_battle(s: TougeState, tot: Pair, bw: int | None, scores: list[Pair] | None) -> None:
    rec = Battle(s.battle, DIRECTIONS[s.direction], s.leader, tot, bw)
    s.battles = (*s.battles, rec)
    if s.narrating:
        ev = battle_dict(rec)
        if scores is not None:
            ev["tiles"] = [list(x) for x in scores]
        s.log("battle", **ev)
    s.ability_on = (False, False)


def collect(s: TougeState, course_too: bool) -> None:
    """TG-T5 / TG-D4: cards go back to their owners' decks, which are shuffled."""
    for p in (0, 1):
        s.decks[p].extend(s.hands[p])
        s.hands[p] = []
        s.decks[p].extend(s.aside[p])
        s.aside[p] = []
    for p, cid, _ in s.tunes:
        s.decks[p].append(cid)
    s.tunes = []
    if course_too:
        for p, cid in s.course:
            s.decks[p].append(cid)
        s.course = []
    for p in (0, 1):
        s.rng.shuffle(s.decks[p])
    s.null_tile = -1


def finish(s: TougeState, w: int | None, reason: str = "battles") -> None:
    s.over = True
    s.win = w
    s.phase = OVER
    s.log("race_over", winner=w, wins=list(s.wins), reason=reason)


RULES: Final = {  # (phase, action kind) -> the rule that applies it
    (BUILD, "road"): lay_road,
    (BUILD, "pass"): pass_building,
    (TUNE_PHASE, "tune"): play_tune_up,
    (TUNE_PHASE, "ability"): switch_on_ability,
    (TUNE_PHASE, "pass"): pass_tuning,
    (REDRAW, "redraw"): put_back,
    (REDRAW, "done"): done_redrawing,
    (NULLIFY, "nullify"): pick_wiped_tile,
}


def with_seat(pair: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """A per-seat pair with ``seat``'s entry replaced (the state's small pairs are immutable, so a clone
    shares them; typed as :data:`.blocks.Pair` is, for mypyc)."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def distinct(hand: list[int]) -> list[int]:
    """Distinct cards of a sorted hand, in order."""
    return list(dict.fromkeys(hand))
