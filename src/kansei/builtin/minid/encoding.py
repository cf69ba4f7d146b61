"""A fixed-length numeric encoding of one ``view(seat)`` for research adapters (see docs/interop.md).

Layout (:func:`observation_spec` names every slot, in this order):

- ``phase.sprint|race|over``, ``round``, ``bunta.case`` (a fraction of the track), ``bunta.driving``,
  ``deck_count``, ``discard_count``, ``to_move.me``;
- ``decision.<kind>`` one-hot over the nine decisions, then ``decision.me``, ``decision.die``,
  ``decision.total``, ``decision.difficulty``, ``decision.bonus``;
- per racer ``racer<q>.``: ``me``, ``case`` (a fraction of the track, 1.0 at the finish), ``racing``,
  ``finished``, ``out``, ``skips``, ``met_bunta``, ``aura``, ``corner_mastered``, ``corner_failed``,
  ``corner_move``, ``hand_count``, ``waiting_move``, ``waiting_drift`` (the sums of waiting ⚡ cards),
  ``sprint`` (the landing, 0 before), ``sprinted``;
- ``hand.<card>``: copies of each kept card in the seat's own hand (0 for a spectator);
- ``discard.<card>``: copies of each card in the public discard pile.

Everything comes from the view and the content: nothing the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .terms import BATTLE, CORNER_STATE, CROSSING, DECISIONS, DRIFT, LINE, NONE, STATUS, TURN

if TYPE_CHECKING:  # pragma: no cover
    from .game import MiniD
    from .state import MiniDState

GLOBAL = (
    "phase.sprint",
    "phase.race",
    "phase.over",
    "round",
    "bunta.case",
    "bunta.driving",
    "deck_count",
    "discard_count",
    "to_move.me",
)
DECISION = (
    *(f"decision.{k}" for k in DECISIONS),
    "decision.me",
    "decision.die",
    "decision.total",
    "decision.difficulty",
    "decision.bonus",
)
RACER = (
    "me",
    "case",
    "racing",
    "finished",
    "out",
    "skips",
    "met_bunta",
    "aura",
    "corner_mastered",
    "corner_failed",
    "corner_move",
    "hand_count",
    "waiting_move",
    "waiting_drift",
    "sprint",
    "sprinted",
)


def observation_spec(game: MiniD, players: int) -> list[str]:
    cards = game.table.cards
    return [
        *GLOBAL,
        *DECISION,
        *(f"racer{q}.{name}" for q in range(players) for name in RACER),
        *(f"hand.{c.slug}" for c in cards if not c.bolt),
        *(f"discard.{c.slug}" for c in cards),
    ]


def encode_view(game: MiniD, view: Mapping[str, Any], seat: int | None) -> list[float]:
    table = game.table
    cards = table.cards
    length = float(view["length"] + 1)
    phase = view["phase"]
    out: list[float] = [
        float(phase == "sprint"),
        float(phase == "race"),
        float(phase == "over"),
        float(view["round"]),
        view["bunta"]["case"] / length,
        float(view["bunta"]["driving"]),
        float(view["deck"]["count"]),
        float(len(view["discard"]["cards"])),
        float(seat is not None and view["to_move"] == seat),
    ]
    d = view["decision"] or {}
    out += [float(d.get("kind") == k) for k in DECISIONS]
    out += [
        float(bool(d) and d["seat"] == seat and seat is not None),
        float(d.get("die", 0)),
        float(d.get("total", 0)),
        float(d.get("difficulty", 0)),
        float(d.get("bonus", 0)),
    ]
    for r in view["racers"]:
        corner = r["corner"] or {}
        waiting = {"move": 0.0, "drift": 0.0}
        for slug in r["waiting"]:
            cid = table.by_slug.get(slug)
            if cid is not None and cards[cid].waits in waiting:
                c = cards[cid]
                waiting[c.waits or ""] += c.effect.impl.amount(c.effect.p)
        out += [
            float(r["seat"] == seat),
            r["case"] / length,
            float(r["status"] == "racing"),
            float(r["status"] == "finished"),
            float(r["status"] == "out"),
            float(r["skips"]),
            float(r["met_bunta"]),
            float(r["aura"]),
            float(corner.get("state") == "mastered"),
            float(corner.get("state") == "failed"),
            float(corner.get("move", 0)),
            float(r["hand_count"]),
            waiting["move"],
            waiting["drift"],
            float(r["sprint"] or 0),
            float(r["sprint"] is not None),
        ]
    mine: dict[str, int] = {}
    if seat is not None:
        for held in view["racers"][seat].get("hand") or ():
            mine[held["card"]] = mine.get(held["card"], 0) + 1
    kept, every = _slugs(game)
    out += [float(mine.get(slug, 0)) for slug in kept]
    pile: dict[str, int] = {}
    for slug in view["discard"]["cards"]:
        pile[slug] = pile.get(slug, 0) + 1
    out += [float(pile.get(slug, 0)) for slug in every]
    return out


def encode_state(game: MiniD, s: MiniDState, seat: int | None) -> list[float]:
    """:func:`encode_view` of ``view(s, seat)``, slot for slot, read from the state without building the
    view (the research adapters' hot path). Each slot reads exactly what ``views.view`` shows it from:
    the hand only for the seat's own; a property test proves the two equal in random games."""
    r = s.race
    table = game.table
    cards = table.cards
    tr = r.track
    length = float(tr.length + 1)
    phase = "over" if r.over else "sprint" if r.sprinters else "race"
    out: list[float] = [
        float(phase == "sprint"),
        float(phase == "race"),
        float(phase == "over"),
        float(r.round_no),
        r.bunta / length,
        float(r.bunta_driving),
        float(len(r.deck)),
        float(len(r.discard)),
        float(seat is not None and s.to_move == seat),
    ]
    d = r.pending
    if d is None or r.over:  # no decision (views.decision_view)
        out += [0.0] * (len(DECISIONS) + 5)
    else:
        kind, p = d.kind, d.seat
        die = total = difficulty = bonus = 0
        if kind == DRIFT or kind == CROSSING:
            die, total = d.die, d.die + d.mod
        if kind == DRIFT or kind == LINE:
            difficulty = tr.difficulty[r.corner_section[p]]
        if kind == BATTLE:
            bonus = r.battle_bonus[p]
        elif kind == TURN:
            bonus = r.move_bonus
        out += [float(kind == k) for k in DECISIONS]
        out += [
            float(p == seat and seat is not None),
            float(die),
            float(total),
            float(difficulty),
            float(bonus),
        ]
    section_at, positions = tr.section_at, r.positions
    for q in range(r.seats):
        x = positions[q]
        sec = section_at[x]
        state, move = None, 0
        if sec >= 0 and sec == r.corner_section[q] and r.corner_state[q] != NONE:
            state, move = CORNER_STATE[r.corner_state[q]], r.corner_move[q]
        waiting = {"move": 0.0, "drift": 0.0}
        for cid in r.waiting[q]:
            c = cards[cid]
            if c.waits in waiting:
                waiting[c.waits or ""] += c.effect.impl.amount(c.effect.p)
        status = STATUS[r.status[q]]
        landing = r.landings[q]
        out += [
            float(q == seat),
            x / length,
            float(status == "racing"),
            float(status == "finished"),
            float(status == "out"),
            float(r.skips[q]),
            float(r.met_bunta[q]),
            float(r.aura == q),
            float(state == "mastered"),
            float(state == "failed"),
            float(move),
            float(len(r.hands[q])),
            waiting["move"],
            waiting["drift"],
            float(landing or 0),
            float(landing is not None),
        ]
    mine: dict[str, int] = {}
    if seat is not None:  # a seat's own hand (the view lists it for that seat alone)
        for cid in r.hands[seat]:
            slug = cards[cid].slug
            mine[slug] = mine.get(slug, 0) + 1
    kept, every = _slugs(game)
    out += [float(mine.get(slug, 0)) for slug in kept]
    pile: dict[str, int] = {}
    for cid in r.discard:
        slug = cards[cid].slug
        pile[slug] = pile.get(slug, 0) + 1
    out += [float(pile.get(slug, 0)) for slug in every]
    return out


_SLUGS: dict[int, tuple[Any, tuple[str, ...], tuple[str, ...]]] = {}


def _slugs(game: MiniD) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The slugs of the hand slots (kept cards) and of the discard slots (every card), worked out once
    per card table (kept with them, so its id stays its own)."""
    table = game.table
    hit = _SLUGS.get(id(table))
    if hit is None or hit[0] is not table:
        cards = table.cards
        kept = tuple(c.slug for c in cards if not c.bolt)
        hit = _SLUGS[id(table)] = (table, kept, tuple(c.slug for c in cards))
    return hit[1], hit[2]


__all__ = ["encode_state", "encode_view", "observation_spec"]
