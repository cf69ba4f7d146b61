"""What a seat is told: ``view``/``reveal``, refusals, card faces, the action space and the numeric encoding.

Everything here is built fresh on every call (no list or dict of the engine's is handed out), and what a
seat sees depends only on what it may know: its own hand, and what is open to everyone (cars, decklists,
the course, tune-ups played, the disaster, counts of hands and decks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kansei.core.options import shorten
from kansei.core.protocol import Action

from .cards import MAX_DECK, TIER_LIMITS, Car, Disaster, Road, TuneUp
from .scenario import DIRECTIONS
from .scoring import expected_scores, forecast, tile_scores
from .table import CAR, DISASTER, ROAD, TUNE, TYPE_NAMES, Table

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Battle, TougeState

# the longest course any two legal decks can build: every road of both decks (TG-C3)
MAX_COURSE = 2 * min(sum(TIER_LIMITS.values()), MAX_DECK)
ENCODED_TILES = 16  # tiles encoded one by one; a longer course is in the totals only
PHASES = ("redraw", "build", "tune", "nullify", "over")

_NULLIFY: dict[int, Action] = {}


def nullify_act(tile: int) -> Action:
    """``nullify @<tile+1>``, interned."""
    a = _NULLIFY.get(tile)
    if a is None:
        a = _NULLIFY[tile] = Action(f"nullify @{tile + 1}", "nullify", (tile,))
    return a


def battle_dict(b: Battle) -> dict[str, Any]:
    return {
        "battle": b.battle,
        "direction": b.direction,
        "leader": b.leader,
        "scores": [b.scores[0], b.scores[1]],
        "winner": b.winner,
    }


# ------------------------------------------------------------------------------------------ view
def _player_view(s: TougeState, p: int, me: bool) -> dict[str, Any]:
    t = s.game.table
    car = t.cards[s.cars[p]]
    v: dict[str, Any] = {
        "seat": p,
        "car": car.name,
        "multipliers": {
            "downhill": {"C": car.mult[0][0], "S": car.mult[0][1]},
            "uphill": {"C": car.mult[1][0], "S": car.mult[1][1]},
        },
        "ability": car.ability.name if car.ability else "",
        "ability_text": car.ability.text if car.ability else "",
        "ability_used": s.ability_used[p],
        "ability_active": s.ability_on[p],
        "hand_count": len(s.hands[p]),
        "deck_count": len(s.decks[p]),
        "redrawing": len(s.aside[p]),
        "removed": sorted(t.cards[c].name for c in s.removed[p]),
        "decklist": dict(s.decklists[p]),
    }
    if me:
        v["hand"] = [t.cards[c].name for c in s.hands[p]]
        v["set_aside"] = sorted(t.cards[c].name for c in s.aside[p])
    return v


def view(s: TougeState, seat: int | None) -> dict[str, Any]:
    t = s.game.table
    scores: list[tuple[int, int]] = []
    wipe = -1
    racing = s.phase in ("build", "tune", "nullify")
    if s.course:
        if racing:  # the run to come, the disaster's wipe included
            scores, wipe = expected_scores(s, s.direction)
        else:
            scores = tile_scores(s, s.direction)
    dis = None
    if s.disaster is not None:
        d = t.cards[s.disaster[1]]
        dis = {"card": d.name, "owner": s.disaster[0], "text": getattr(d.rec, "text", "")}
    course = []
    for i, (owner, c) in enumerate(s.course):
        d = t.cards[c]
        course.append(
            {
                "tile": i + 1,
                "road": d.name,
                "type": TYPE_NAMES[d.rtype],
                "stars": d.stars,
                "down": d.value[0],
                "up": d.value[1],
                "owner": owner,
                "tuneups": [{"card": t.cards[u].name, "owner": uo} for uo, u, ti in s.tunes if ti == i],
                "scores": list(scores[i]),
                "nullified": i == s.null_tile,
                "wiped": i == wipe,  # the tile the disaster would wipe if the run began now
            }
        )
    return {
        "game": "touge",
        "mode": s.game.options.mode,
        "phase": s.phase,
        "battle": s.battle,
        "direction": DIRECTIONS[s.direction],
        "leader": s.leader,
        "to_move": s.to_move,
        "wins": list(s.wins),
        "disaster": dis,
        "course": course,
        "course_tuneups": [{"card": t.cards[u].name, "owner": uo} for uo, u, ti in s.tunes if ti < 0],
        "projected": [sum(x[0] for x in scores), sum(x[1] for x in scores)],
        "forecast": _forecast(s, scores if racing and s.course else None),
        "totals": list(s.totals),
        "battles": [battle_dict(b) for b in s.battles],
        "players": [_player_view(s, p, seat == p) for p in (0, 1)],
        "you": seat,
        "over": s.over,
        "winner": s.win,
    }


def _forecast(s: TougeState, expected: list[tuple[int, int]] | None) -> dict[str, Any] | None:
    """The battle in progress if both racers passed now (None between battles)."""
    if s.phase not in ("build", "tune", "nullify"):
        return None
    f = forecast(s, expected)
    return {
        "winner": f.winner,
        "race_over": f.race_over,
        "race_winner": f.race_winner,
        "totals": list(f.totals),
    }


def reveal(s: TougeState) -> dict[str, Any]:
    t = s.game.table
    v = view(s, None)
    v["hands"] = [[t.cards[c].name for c in h] for h in s.hands]
    v["decks"] = [[t.cards[c].name for c in reversed(d)] for d in s.decks]  # top first
    v["aside"] = [[t.cards[c].name for c in a] for a in s.aside]
    v["turn"] = s.turn
    v["passes"] = s.passes
    v["leg"] = s.leg
    v["rng"] = s.rng.s
    return v


# ------------------------------------------------------------------------------------------ refusals
HINTS = {
    "redraw": "'redraw <card>' to put a card back, or 'done'",
    "build": "'road <card>' to lay a road, or 'pass'",
    "tune": "'tune <card>' or 'tune <card> @<tile>', 'ability', or 'pass'",
}


def refusal(s: TougeState, text: str) -> str:
    """Why ``text`` is not legal, told to the seat to move (its own hand may be named). Reads only the
    text's words; never raises."""
    phase = s.phase
    here = {"redraw": "redraw", "build": "build", "tune": "tune-up", "nullify": "nullify"}.get(phase, phase)
    why = _refusal(s, text.split(), phase, here)
    return (
        why or f"{shorten(text, 40)!r} is not an action now: in the {here} phase, {HINTS.get(phase, 'wait')}"
    )


def _refusal(s: TougeState, words: list[str], phase: str, here: str) -> str | None:
    if phase == "nullify":
        tiles = shorten(", ".join(str(i + 1) for i in s.nullify_candidates()), 60)
        return f"as the leader, pick the tile the disaster wipes out: 'nullify @N' (N: {tiles})"
    if not words:
        return None
    kind, rest = words[0].lower(), words[1:]
    if kind == "road":
        if phase != "build":
            return f"roads are laid in the build phase (TG-T2); this is the {here} phase"
        return _hand_card(s, rest, ROAD, "a road")
    if kind == "tune":
        if phase != "tune":
            return f"tune-ups are played in the tune-up phase (TG-T3); this is the {here} phase"
        return _tune_refusal(s, rest)
    if kind == "ability":
        if s.ability_used[s.turn]:
            return "the car's ability is used once per race (TG-C1) and is spent"
        return f"the car's ability is switched on in the tune-up phase (TG-C6); this is the {here} phase"
    if kind == "redraw":
        if phase != "redraw":
            return f"redraws are made when a hand is dealt (TG-T1); this is the {here} phase"
        if s.redraws_left[s.turn] <= 0:
            return "you have no redraws left: say 'done'"
        return _hand_card(s, rest, "", "a card")
    if kind == "done" and phase != "redraw":
        return f"'done' ends a redraw; this is the {here} phase: 'pass' to pass"
    if kind == "pass" and phase == "redraw":
        return "to keep your hand, say 'done'"
    return None


def _hand_card(s: TougeState, rest: list[str], kind: str, what: str) -> str | None:
    t = s.game.table
    name = " ".join(rest)
    if not name:
        return f"name {what}"
    cid = t.find(name)
    if cid is None:
        return f"no Touge card is named {shorten(name, 40)!r}"
    d = t.cards[cid]
    if kind and d.kind != kind:
        return f"{d.name} is not {what}"
    if cid not in s.hands[s.turn]:
        return f"you hold no {d.name}"
    return None


def _tune_refusal(s: TougeState, rest: list[str]) -> str | None:
    t = s.game.table
    tile_word = rest[-1] if rest and rest[-1].startswith("@") else None
    names = rest[:-1] if tile_word else rest
    why = _hand_card(s, names, TUNE, "a tune-up")
    if why:
        return why
    cid = t.find(" ".join(names))
    if cid is None:
        return None
    d = t.cards[cid]
    if d.tile_road is None:
        return f"{d.name} acts on the whole course: 'tune {d.slug}'" if tile_word else None
    if tile_word is None:
        return f"{d.name} is played on a tile: 'tune {d.slug} @N'"
    digits = tile_word[1:]
    n = len(s.course)
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 4) or not 1 <= int(digits) <= n:
        return f"the course has tiles 1 to {n}" if n else "the course is empty: no tile to tune"
    tile = int(digits) - 1
    rtype = t.cards[s.course[tile][1]].rtype
    if d.tile_road >= 0 and d.tile_road != rtype:
        want, got = ("corner", "straight") if d.tile_road == 0 else ("straight", "corner")
        return f"{d.name} goes on a {want}; tile {tile + 1} is a {got}"
    return None


# ------------------------------------------------------------------------------------------ tools
def _road_text(r: Road) -> str:
    kind = "corner" if r.type == "C" else "straight"
    return f"{'★' * r.stars} {kind}, {r.down} downhill / {r.up} uphill. {r.text}".strip()


def card_faces(table: Table) -> list[dict[str, Any]]:
    """Every card face (JSON-safe, fresh): cars, roads, tune-ups, disasters."""
    out = []
    for d in table.cards:
        rec = d.rec
        face: dict[str, Any] = {
            "name": d.name,
            "slug": d.slug,
            "kind": d.kind,
            "colour": None,
            "house": rec.house,
        }
        if isinstance(rec, Car):
            face["text"] = f"{rec.ability.name}: {rec.ability.text}" + (f" — {rec.text}" if rec.text else "")
            face["stats"] = {"DH C": rec.dh_c, "DH S": rec.dh_s, "UH C": rec.uh_c, "UH S": rec.uh_s}
            face["tags"] = ["car"]
        elif isinstance(rec, Road):
            face["text"] = _road_text(rec)
            face["stats"] = {"type": rec.type, "stars": rec.stars, "down": rec.down, "up": rec.up}
            face["tags"] = ["corner" if rec.type == "C" else "straight", rec.pass_]
        elif isinstance(rec, TuneUp):
            face["text"] = rec.text
            face["stats"] = {}
            face["tags"] = ["tile" if d.tile_road is not None else "whole course"]
        elif isinstance(rec, Disaster):
            face["text"] = rec.text
            face["stats"] = {}
            face["tags"] = ["disaster"]
        out.append(face)
    return out


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
    spec += ["disaster.cap_c/4", "disaster.cap_s/4", "disaster.nullify_top"]
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
    out += [float(players[me]["ability_used"]), float(players[opp]["ability_used"])]
    out += [float(players[me]["ability_active"]), float(players[opp]["ability_active"])]
    out += [players[me]["hand_count"] / 10, players[opp]["hand_count"] / 10]
    out += [players[me]["deck_count"] / 50, players[opp]["deck_count"] / 50]
    out += [float(players[me]["redrawing"]), float(players[opp]["redrawing"])]
    dis = v["disaster"]
    cid = table.find(dis["card"]) if dis else None
    if cid is not None and table.cards[cid].kind == DISASTER:
        d = table.cards[cid]
        (ac, as_), (hc, hs), (cc, cs) = d.dmods
        out += [1.0, float(ac), float(as_), float(hc), float(hs)]
        out += [0.0 if cc is None else cc / 4, 0.0 if cs is None else cs / 4, float(d.nullify_top)]
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
    hand = players[me].get("hand", [])
    counts: dict[str, int] = {}
    for name in hand:
        counts[name] = counts.get(name, 0) + 1
    out += [float(counts.get(table.cards[c].name, 0)) for c in table.hand_cards]
    return out


__all__ = [
    "CAR",
    "action_space",
    "card_faces",
    "encode_view",
    "nullify_act",
    "observation_spec",
    "refusal",
    "reveal",
    "view",
]
