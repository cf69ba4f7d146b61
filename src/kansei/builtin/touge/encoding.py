"""The research adapters' hooks for Touge: the action space, the observation spec and the numeric encoding
of one ``view(seat)`` (docs/interop.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .blocks import Pair
from .cards import MAX_DECK, TIER_LIMITS
from .scoring import expected_scores, tile_scores, totals_of
from .table import DISASTER, ROAD, TUNE, Table

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState

# the longest course any two legal decks can build: every road of both decks (TG-C3)
MAX_COURSE = 2 * min(sum(TIER_LIMITS.values()), MAX_DECK)
ENCODED_TILES = 16  # tiles encoded one by one; a longer course is in the totals only
PHASES = ("redraw", "build", "tune", "nullify", "over")


def action_space(table: Table) -> list[str]:
    """Every notation any Touge state of this content can produce, once each, in a fixed order."""
    out = ["pass", "done", "ability"]
    cards = table.cards
    out += [d.act.notation for d in cards if d.kind == ROAD and d.act is not None]
    out += [d.redraw.notation for d in cards if d.redraw is not None]
    out += [d.act.notation for d in cards if d.kind == TUNE and d.act is not None]
    for d in cards:
        if d.kind == TUNE and d.tile_road is not None:
            out += [f"tune {d.slug} @{i}" for i in range(1, MAX_COURSE + 1)]
    out += [f"nullify @{i}" for i in range(1, MAX_COURSE + 1)]
    return out


def observation_spec(table: Table) -> list[str]:
    """The slot names of :func:`encode_view`'s vector ("me" is the seat encoded; seat 0 for a spectator)."""
    spec = [f"phase={p}" for p in PHASES]
    spec += ["sudden_death", "battle/3", "uphill", "i_lead", "my_turn", "wins.me", "wins.opp"]
    spec += ["totals.me/10", "totals.opp/10", "projected.me/10", "projected.opp/10"]
    for who in ("me", "opp"):
        spec += [f"car.{who}.{m}/4" for m in ("dh_c", "dh_s", "uh_c", "uh_s")]
    spec += ["ability_used.me", "ability_used.opp", "ability_active.me", "ability_active.opp"]
    spec += ["hand_count.me/10", "hand_count.opp/10", "deck_count.me/50", "deck_count.opp/50"]
    spec += ["redrawing.me", "redrawing.opp"]
    spec += ["disaster", "disaster.add_c", "disaster.add_s", "disaster.halve_c", "disaster.halve_s"]
    spec += ["disaster.cap_c/4", "disaster.cap_s/4", "disaster.wipes_a_tile"]
    spec += ["course_length/20", "course_tuneups.me", "course_tuneups.opp"]
    for i in range(1, ENCODED_TILES + 1):
        spec += [
            f"tile{i}.{x}"
            for x in ("present", "corner", "down/6", "up/6", "mine", "score.me/10", "score.opp/10")
            + ("nullified", "tuneups.me", "tuneups.opp")
        ]
    spec += [f"hand[{table.cards[c].name}]" for c in table.hand_cards]
    return spec


def encode_view(table: Table, v: dict[str, Any], seat: int | None) -> list[float]:
    """A fixed-length vector from one ``view(seat)`` dict alone (layout: :func:`observation_spec`)."""
    me = 0 if seat is None else seat
    opp = 1 - me
    out: list[float] = [1.0 if v["phase"] == p else 0.0 for p in PHASES]
    out += [
        float(v["mode"] == "sudden_death"),
        v["battle"] / 3,
        float(v["direction"] == "uphill"),
        float(v["leader"] == me),
        float(v["to_move"] == me),
        float(v["wins"][me]),
        float(v["wins"][opp]),
        v["totals"][me] / 10,
        v["totals"][opp] / 10,
        v["projected"][me] / 10,
        v["projected"][opp] / 10,
    ]
    players = v["players"]
    for p in (me, opp):
        m = players[p]["multipliers"]
        out += [m["downhill"]["C"] / 4, m["downhill"]["S"] / 4, m["uphill"]["C"] / 4, m["uphill"]["S"] / 4]
    out += [float(players[me]["ability"]["used"]), float(players[opp]["ability"]["used"])]
    out += [float(players[me]["ability"]["active"]), float(players[opp]["ability"]["active"])]
    out += [players[me]["hand_count"] / 10, players[opp]["hand_count"] / 10]
    out += [players[me]["deck_count"] / 50, players[opp]["deck_count"] / 50]
    out += [float(players[me]["redrawing"]), float(players[opp]["redrawing"])]
    dis = v["disaster"]
    cid = table.find(dis["card"]) if dis else None
    if cid is not None and table.cards[cid].kind == DISASTER:
        d = table.cards[cid]
        (ac, as_), (hc, hs), (cc, cs) = d.dmods
        out += [1.0, float(ac), float(as_), float(hc), float(hs)]
        out += [0.0 if cc is None else cc / 4, 0.0 if cs is None else cs / 4, float(bool(d.wipe_fx))]
    else:
        out += [0.0] * 8
    course = v["course"]
    out.append(len(course) / 20)
    out += [sum(u["owner"] == who for u in v["course_tuneups"]) for who in (me, opp)]
    for i in range(ENCODED_TILES):
        if i >= len(course):
            out += [0.0] * 10
            continue
        t = course[i]
        out += [1.0, float(t["type"] == "C"), t["down"] / 6, t["up"] / 6, float(t["owner"] == me)]
        out += [t["scores"][me] / 10, t["scores"][opp] / 10, float(t["nullified"])]
        out += [float(sum(u["owner"] == who for u in t["tuneups"])) for who in (me, opp)]
    counts: dict[str, int] = {}
    for held in players[me].get("hand") or ():
        counts[held["card"]] = counts.get(held["card"], 0) + 1
    get = counts.get
    out += [float(get(name, 0)) for name in _hand_names(table)]
    return out


def encode_state(s: TougeState, seat: int | None) -> list[float]:
    """:func:`encode_view` of ``view(s, seat)``, slot for slot, read from the state without building the
    view (the research adapters' hot path). Each slot reads exactly what the view shows it from: the
    hand only for the seat's own; a property test proves the two equal in random games."""
    table = s.game.table
    cards = table.cards
    me = 0 if seat is None else seat
    opp = 1 - me
    phase = s.phase
    out: list[float] = [1.0 if phase == p else 0.0 for p in PHASES]
    scores: list[Pair] = []
    if s.course:  # as the view's tile scores and projection (views.view)
        scores = expected_scores(s, s.direction)[0] if phase in _RACING else tile_scores(s, s.direction)
    wins, totals = s.wins, s.totals
    projected = totals_of(scores)
    out += [
        float(s.game.options.mode == "sudden_death"),
        s.battle / 3,
        float(s.direction == 1),  # DIRECTIONS[1] is "uphill"
        float(s.leader == me),
        float(s.to_move == me),
        float(wins[me]),
        float(wins[opp]),
        totals[me] / 10,
        totals[opp] / 10,
        projected[me] / 10,
        projected[opp] / 10,
    ]
    for p in (me, opp):  # the cars' printed multipliers, downhill then uphill
        (dc, ds), (uc, us) = cards[s.cars[p]].mult
        out += [dc / 4, ds / 4, uc / 4, us / 4]
    out += [float(s.ability_used[me]), float(s.ability_used[opp])]
    out += [float(s.ability_on[me]), float(s.ability_on[opp])]
    out += [len(s.hands[me]) / 10, len(s.hands[opp]) / 10]
    out += [len(s.decks[me]) / 50, len(s.decks[opp]) / 50]
    out += [float(len(s.aside[me])), float(len(s.aside[opp]))]
    cid = None if s.disaster is None else table.find(cards[s.disaster[1]].name)
    if cid is not None and cards[cid].kind == DISASTER:
        d = cards[cid]
        (ac, as_), (hc, hs), (cc, cs) = d.dmods
        out += [1.0, float(ac), float(as_), float(hc), float(hs)]
        out += [0.0 if cc is None else cc / 4, 0.0 if cs is None else cs / 4, float(bool(d.wipe_fx))]
    else:
        out += [0.0] * 8
    course = s.course
    tuned = [0, 0]  # tune-ups by owner: on the whole course (index -1), then on each tile
    tuned += [0, 0] * len(course)
    for uo, _, ti in s.tunes:
        if ti < len(course):
            tuned[2 * ti + 2 + uo] += 1
    out.append(len(course) / 20)
    out += [tuned[me], tuned[opp]]
    null_tile = s.null_tile
    names, slots, roads = _hand_slots(table)
    for i, (owner, c) in enumerate(course[:ENCODED_TILES]):
        row = scores[i]
        out += roads[c]  # present, corner, down/6, up/6: the road's own
        out += (
            1.0 if owner == me else 0.0,
            row[me] / 10,
            row[opp] / 10,
            1.0 if i == null_tile else 0.0,
            float(tuned[2 * i + 2 + me]),
            float(tuned[2 * i + 2 + opp]),
        )
    out += [0.0] * (10 * (ENCODED_TILES - min(len(course), ENCODED_TILES)))
    hand = [0.0] * len(names)
    if seat is not None:  # a seat's own hand (the view lists it for that seat alone)
        for c in s.hands[seat]:
            for j in slots.get(c, ()):
                hand[j] += 1.0
    out += hand
    return out


_RACING = ("build", "tune", "nullify")
_NAMES: dict[int, tuple[Table, tuple[str, ...]]] = {}
_SLOTS: dict[int, tuple[Any, ...]] = {}


def _hand_slots(
    table: Table,
) -> tuple[tuple[str, ...], dict[int, tuple[int, ...]], list[tuple[float, float, float, float]]]:
    """The hand slots' names; for each card the slots its name counts in (the view names a held card by
    its name, and :func:`encode_view` counts names); and each road's first four tile slots (present,
    corner: type 0 is C, down/6, up/6). Worked out once per table."""
    hit = _SLOTS.get(id(table))
    if hit is None or hit[0] is not table:
        names = _hand_names(table)
        slots = {
            c: js
            for c, d in enumerate(table.cards)
            if (js := tuple(j for j, n in enumerate(names) if n == d.name))
        }
        roads = [(1.0, float(d.rtype == 0), d.value[0] / 6, d.value[1] / 6) for d in table.cards]
        hit = _SLOTS[id(table)] = (table, names, slots, roads)
    return hit[1], hit[2], hit[3]


def _hand_names(table: Table) -> tuple[str, ...]:
    """The names of the hand slots, in order, worked out once per table (the table is kept with them,
    so its id stays its own)."""
    hit = _NAMES.get(id(table))
    if hit is None or hit[0] is not table:
        hit = _NAMES[id(table)] = (table, tuple(table.cards[c].name for c in table.hand_cards))
    return hit[1]
