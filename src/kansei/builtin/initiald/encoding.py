"""The Initial D CCG for the research adapters (docs/interop.md): every notation in a fixed order, and a
fixed-length vector built from one ``view(seat)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import STAGE_TYPES
from .table import KEEP_REST, MAX_NEED, PASS, PHASE_NAMES, Table


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
            "hand": [c["card"] for c in pv.get("hand") or ()],
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
