"""What a seat sees of an Initial D race, and the fixed forms other tools read it in.

- :func:`view` / :func:`reveal`: JSON-safe dicts, fresh on every call (nothing aliases the state).
  Open information (docs/rulings.md): cars, mods, race cards, decklists, discard piles, maneuvers played
  this stage and in play, hand and deck *sizes*. Hidden: the other hand, every deck's order.
- :func:`card_faces`: every card as ``game.cards()`` gives it (the web table, ``kansei cards``).
- :func:`action_space`: every notation the game can produce, in a fixed order (research adapters).
- :func:`observation_spec` / :func:`encode_view`: a fixed-length vector built from one ``view(seat)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import MANEUVER_TYPES, STAGE_TYPES, Car, Maneuver, Mod, Race
from .table import KEEP_REST, MAX_NEED, PASS, PAY, PHASE_NAMES, Table

if TYPE_CHECKING:  # pragma: no cover
    from .rules import InitialDState

COLOUR = {"speed": "red", "turn": "blue", "tactics": "green"}


# ------------------------------------------------------------------------------------------ views
def _player(s: InitialDState, p: int, me: bool) -> dict[str, Any]:
    cards = s.game.table.cards
    side = s.sides[p]
    car = cards[side.car].rec
    assert isinstance(car, Car)
    v: dict[str, Any] = {
        "seat": p,
        "car": car.name,
        "drivetrain": car.drivetrain,
        "built_in": list(car.built_in),
        "mods": [cards[m].name for m in side.mods],
        "races": [cards[r].name for r in side.races],
        "cost": side.cost,
        "power": s.stat(p, 0),
        "traction": s.stat(p, 1),
        "style": s.stat(p, 2),
        "lead": p == s.lead,
        "hand_count": len(s.hands[p]),
        "deck_count": len(s.decks[p]),
        "discard": [cards[c].name for c in s.discards[p]],
        "in_play": [cards[c].name for o, c in s.inplay if o == p],
        "last_maneuver": cards[s.last_played[p]].name if s.last_played[p] >= 0 else None,  # this stage
        "decklist": dict(side.decklist),
    }
    if me:
        v["hand"] = [cards[c].name for c in s.hands[p]]
    return v


def view(s: InitialDState, seat: int | None) -> dict[str, Any]:
    cards = s.game.table.cards
    st = s.stages[s.stage_no]
    last = None
    if s.last >= 0:
        ld = cards[s.last]
        last = {
            "card": ld.name,
            "seat": s.last_by,
            "type": MANEUVER_TYPES[ld.mtype],
            "strength": ld.strength[st],
        }
    pending = None
    if s.phase == PAY:
        pending = {"seat": s.turn, "card": cards[s.pending].name, "discards_left": s.need}
    track = cards[s.track].rec
    return {
        "game": "initiald",
        "phase": PHASE_NAMES[s.phase],
        "to_move": s.to_move,
        "track": {"name": track.name, "pass": getattr(track, "pass_", ""), "owner": 1 - s.challenger},
        "stages": [STAGE_TYPES[x] for x in s.stages],
        "stage": s.stage_no + 1,
        "stage_type": STAGE_TYPES[st],
        "challenger": s.challenger,
        "lead": s.lead,
        "results": list(s.results),
        "lead_streak": s.streak,
        "maneuvers_this_stage": s.played,
        "lead_passed": s.opened,
        "last": last,
        "pending": pending,
        "stage_pile": [{"card": cards[c].name, "seat": o} for o, c in s.pile],
        "players": [_player(s, p, seat == p) for p in (0, 1)],
        "you": seat,
        "over": s.over,
        "winner": s.win,
        "reason": s.reason,
    }


def reveal(s: InitialDState) -> dict[str, Any]:
    cards = s.game.table.cards
    v = view(s, None)
    v["hands"] = [[cards[c].name for c in h] for h in s.hands]
    v["decks"] = [[cards[c].name for c in reversed(d)] for d in s.decks]  # top first
    v["floor"] = s.floor
    v["rng"] = s.rng.s
    return v


# ------------------------------------------------------------------------------------------ cards
def maneuver_text(d: Maneuver) -> str:
    """The rules text of a maneuver: special requirements, Style and effects, then its flavour."""
    parts = []
    if d.position != "any":
        parts.append(f"{d.position.capitalize()} car only.")
    if d.needs_mod:
        parts.append(f"Needs a {d.needs_mod} mod.")
    if d.drivetrain:
        parts.append(f"{' or '.join(d.drivetrain)} only.")
    if d.only_used_by:
        parts.append(f"Only used by {', '.join(d.only_used_by)}.")
    if d.style:
        parts.append(f"+{d.style} Style when played.")
    for e in d.effects:
        parts.append(effect_sentence(e))
    if d.text and d.text not in parts:
        parts.append(d.text)
    return " ".join(p for p in parts if p)


def effect_sentence(spec: Mapping[str, Any]) -> str:
    """One block spec in words ('+1 Traction to your car while in play')."""
    block = spec.get("block")
    amount = spec.get("amount", 0)
    if block == "bonus":
        whose = "your car" if spec.get("who", "self") == "self" else "the opponent's car"
        return f"{amount:+} {str(spec.get('stat', '')).capitalize()} to {whose} while in play."
    if block == "discard_in_play":
        whose = {"self": "your", "opponent": "the opponent's", "any": "all"}.get(str(spec.get("who")), "")
        many = "all" if not amount else f"{amount} of"
        return f"Discard {many} {whose} maneuvers in play.".replace("all all", "all")
    if block == "opponent_discards":
        return f"The opponent discards {amount} card{'s' if amount != 1 else ''} at random."
    return ""


def _stats(rec: Car | Mod | Race | Maneuver) -> dict[str, Any]:
    if isinstance(rec, Car):
        return {
            "Cost": rec.cost,
            "Power": rec.power,
            "Traction": rec.traction,
            "Style": rec.style,
            "Max mods": rec.max_mods,
            "Drivetrain": rec.drivetrain,
        }
    if isinstance(rec, Mod):
        out: dict[str, Any] = {"Type": rec.type, "Cost": rec.cost}
        for name, v in (("Power", rec.power), ("Traction", rec.traction), ("Style", rec.style)):
            if v:
                out[name] = v
        return out
    if isinstance(rec, Race):
        return {"Pass": rec.pass_, "Stages": " → ".join(rec.stages)}
    s, c = rec.strength, rec.counter
    req = f"{rec.requirement_type.capitalize()} {rec.requirement_value}" if rec.requirement_value else "none"
    return {
        "Type": rec.type,
        "Strength S/C/O": f"{s.straight}/{s.curve}/{s.obstacle}",
        "Counter sp/tu/ta": f"{c.speed}/{c.turn}/{c.tactics}",
        "Requirement": req,
    }


def _bonus_text(rec: Car | Mod) -> list[str]:
    return [
        f"{b.amount:+} {b.stat.capitalize()}" + (f" in {b.stage} stages" if b.stage else "")
        for b in rec.bonuses
    ]


def card_faces(t: Table) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for d in t.cards:
        rec = d.rec
        tags = list(rec.traits)
        if isinstance(rec, Maneuver):
            text = maneuver_text(rec)
            tags.insert(0, rec.type)
        elif isinstance(rec, Car):
            extra = [f"Built-in {m}." for m in rec.built_in] + [f"{b}." for b in _bonus_text(rec)]
            text = " ".join([*extra, rec.text]).strip()
        elif isinstance(rec, Mod):
            extra = [f"{b}." for b in _bonus_text(rec)]
            if rec.only_used_by:
                extra.append(f"Only used by {', '.join(rec.only_used_by)}.")
            text = " ".join([*extra, rec.text]).strip()
            tags.insert(0, rec.type)
        else:
            text = rec.text
        out.append(
            {
                "name": d.name,
                "slug": d.slug,
                "kind": d.kind,
                "text": text,
                "stats": _stats(rec),
                "tags": tags,
                "colour": COLOUR.get(rec.type) if isinstance(rec, Maneuver) else None,
                "house": rec.house,
            }
        )
    return out


# ------------------------------------------------------------------------------------------ research
def action_space(t: Table) -> list[str]:
    """Every notation: ``pass``, ``keep``, then per maneuver in content order its plays with 0..MAX_NEED
    discards and its discard — so a maneuver added at the end of the content adds indices at the end."""
    out: list[str] = [PASS.notation, KEEP_REST.notation]
    for d in t.maneuvers:
        out.extend(a.notation for a in d.plays[: MAX_NEED + 1])
        if d.disc is not None:
            out.append(d.disc.notation)
    return out


_SCALARS = (
    "you_to_move",
    "you_lead",
    "you_challenger",
    "stage",
    "stages",
    "lead_streak",
    "maneuvers_this_stage",
    "lead_passed",
    "discards_left",
    "over",
)
_CAR = ("power", "traction", "style", "cost", "hand_count", "deck_count", "discard_count")
_ZONES = ("hand", "discard", "in_play", "stage_pile", "last_maneuver")
MAX_STAGES = 4


def observation_spec(t: Table) -> list[str]:
    """Slot names: scalars; phase, stage type and track one-hots; per stage its result (+1 you, -1 the
    other seat, 0 not yet); each car's numbers (``me.`` is the seat, ``opp.`` the other; a spectator sees
    seat 0 as ``me``); per maneuver, counts in each zone of each car (the hand only for ``me``); the last
    maneuver and the one being paid for (one-hot)."""
    names = [*_SCALARS]
    names += [f"phase={p}" for p in PHASE_NAMES]
    names += [f"stage_type={x}" for x in STAGE_TYPES]
    names += [f"stage{i + 1}.result" for i in range(MAX_STAGES)]
    names += [f"stage{i + 1}.{x}" for i in range(MAX_STAGES) for x in STAGE_TYPES]
    for who in ("me", "opp"):
        names += [f"{who}.{k}" for k in _CAR]
    slugs = [d.slug for d in t.maneuvers]
    for who in ("me", "opp"):
        for zone in _ZONES:
            if who == "opp" and zone == "hand":
                continue
            names += [f"{who}.{zone}[{s}]" for s in slugs]
    names += [f"last[{s}]" for s in slugs]
    names += [f"paying_for[{s}]" for s in slugs]
    return names


def encode_view(t: Table, v: Mapping[str, Any], seat: int | None) -> list[float]:
    """The vector of :func:`observation_spec` from one ``view(seat)`` (nothing else is read)."""
    me = seat if seat is not None else 0
    opp = 1 - me
    m = len(t.maneuvers)
    slot = t.slot
    players = v["players"]
    pending = v.get("pending")
    out: list[float] = [
        float(v.get("to_move") == seat and seat is not None),
        float(v["lead"] == me),
        float(v["challenger"] == me),
        float(v["stage"]),
        float(len(v["stages"])),
        float(v["lead_streak"]),
        float(v["maneuvers_this_stage"]),
        float(bool(v["lead_passed"])),
        float(pending["discards_left"]) if pending else 0.0,
        float(bool(v["over"])),
    ]
    out += [float(v["phase"] == p) for p in PHASE_NAMES]
    out += [float(v["stage_type"] == x) for x in STAGE_TYPES]
    results = v["results"]
    out += [(1.0 if results[i] == me else -1.0) if i < len(results) else 0.0 for i in range(MAX_STAGES)]
    stages = v["stages"]
    for i in range(MAX_STAGES):
        out += [float(i < len(stages) and stages[i] == x) for x in STAGE_TYPES]
    for p in (me, opp):
        pv = players[p]
        out += [
            float(pv["power"]),
            float(pv["traction"]),
            float(pv["style"]),
            float(pv["cost"]),
            float(pv["hand_count"]),
            float(pv["deck_count"]),
            float(len(pv["discard"])),
        ]
    pile = v["stage_pile"]
    for p in (me, opp):
        pv = players[p]
        zones: dict[str, list[str]] = {
            "hand": list(pv.get("hand", [])),
            "discard": pv["discard"],
            "in_play": pv["in_play"],
            "stage_pile": [e["card"] for e in pile if e["seat"] == p],
            "last_maneuver": [pv["last_maneuver"]] if pv["last_maneuver"] else [],
        }
        for zone in _ZONES:
            if p == opp and zone == "hand":
                continue
            counts = [0.0] * m
            for name in zones[zone]:
                k = slot.get(name)
                if k is not None:
                    counts[k] += 1.0
            out += counts
    for card in (v["last"]["card"] if v["last"] else None, pending["card"] if pending else None):
        onehot = [0.0] * m
        k = slot.get(card) if card else None
        if k is not None:
            onehot[k] = 1.0
        out += onehot
    return out
