"""Card Race Stampede!!: what a seat may see (``view``) and everything (``reveal``, for tests and replays).

The state's ``view`` and ``reveal`` are these functions; the board is read, never changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import KINDS, MACHINE
from .state import CENTER, SETUP_PHASES, ZONES, AbilityItem, AttackItem, DeadHeatItem, PlacedItem, RunItem

if TYPE_CHECKING:  # pragma: no cover
    from .rules import StampedeState


def zone_view(s: StampedeState, p: int, z: int, hidden: bool) -> dict[str, Any] | None:
    u = s.field[p * 3 + z]
    if u < 0:
        return None
    if hidden:
        return {"face_down": True, "height": len(s.centers[p])}
    d = s.card_of[u]
    v: dict[str, Any] = {
        "name": d.name,
        "en": d.en,
        "kind": KINDS[d.kind],
        "gear": d.gear,
        "class": d.rec.class_,
        "tapped": s.tapped[p * 3 + z],
    }
    if d.kind == MACHINE:
        v["pow"] = s.pow_of(u)
        v["def"] = s.def_of(u)
        v["double_action_used"] = u in s.double_action_used
    else:
        v["hp"] = d.hp - s.damage.get(u, 0)
        v["max_hp"] = d.hp
    if z == CENTER:
        v["height"] = len(s.centers[p])
        v["stack"] = [s.card_of[x].en for x in s.centers[p]]
    return v


def item_view(s: StampedeState, it: tuple[Any, ...]) -> dict[str, Any]:
    """A pending item as public names (responses are face up)."""
    card_of = s.card_of
    v: dict[str, Any] = {"kind": it[0]}
    if isinstance(it, AttackItem):
        v |= {
            "seat": it.seat,
            "attackers": [card_of[u].en for _, u in it.attackers],
            "target": card_of[it.target].en,
            "target_zone": ZONES[it.target_zone],
        }
    elif isinstance(it, RunItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en, "gear": card_of[it.uid].gear}
    elif isinstance(it, AbilityItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en, "ability": it.ability}
    elif isinstance(it, DeadHeatItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en, "by": it.by}
    elif isinstance(it, PlacedItem):
        v |= {"seat": it.seat, "card": card_of[it.uid].en}
    elif it[0] == "fizzled":
        v |= {"what": it[1], "seat": it[2]}
    else:  # goal, deckout
        v["seat"] = it[1]
    return v


def view(s: StampedeState, seat: int | None) -> dict[str, Any]:
    setup = s.phase in SETUP_PHASES
    players = []
    for p in (0, 1):
        hidden_center = setup and p != seat
        pv: dict[str, Any] = {
            "seat": p,
            "distance": s.distance[p],
            "zones": {ZONES[z]: zone_view(s, p, z, hidden_center and z == CENTER) for z in (0, 1, 2)},
            "hand_count": len(s.hands[p]),
            "deck_count": len(s.decks[p]),
            "discard": [s.card_of[u].en for u in s.discard[p]],
            "tune": [],  # ST-F1 ruling: shown, always empty
            "forcing": bool(s.forcing_until[p]),
        }
        if p == seat and not setup:  # ST-S1: the hands are looked at once set-up is over
            pv["hand"] = sorted(s.card_of[u].en for u in s.hands[p])
        players.append(pv)
    windows = s.windows
    return {
        "game": "stampede",
        "phase": s.phase,
        "turn": s.turn,
        "gear_cap": s.turn,
        "active": s.active,
        "first": s.first,
        "to_move": s.to_move,
        "players": players,
        "windows": (
            {
                "frames": [
                    {"kind": f.kind, "priority": f.priority, "resolving": f.resolving} for f in windows.frames
                ],
                "items": [item_view(s, it) for it in windows.items],
            }
            if windows.frames
            else None
        ),
        "you": seat,
        "over": s.over,
        "winner": s.win,
        "reason": s.reason,
    }


def reveal(s: StampedeState) -> dict[str, Any]:
    v = view(s, None)
    card_of = s.card_of
    for p in (0, 1):
        v["players"][p]["hand"] = [card_of[u].en for u in s.hands[p]]
        v["players"][p]["deck"] = [card_of[u].en for u in reversed(s.decks[p])]
        v["players"][p]["zones"]["C"] = zone_view(s, p, CENTER, False)
    v["mods"] = [[card_of[m.uid].en, m.pow, m.def_, int(m.lasting)] for m in s.stat_mods]
    v["force"] = list(s.forcing_until)
    v["leader"] = s.leader
    v["rng"] = s.rng.s
    v["rps_winner"] = s.rps_winner
    v["used"] = len(s.used_this_turn)
    return v


__all__ = ["item_view", "reveal", "view", "zone_view"]
