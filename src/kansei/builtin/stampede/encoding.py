"""Card Race Stampede!! for tools: card faces (``Game.cards``), the fixed action space
(``Game.action_space``), a numeric observation built from one ``view(seat)`` (``Game.observation_spec`` /
``Game.encode_view``) and the ``respond=auto`` test of keepers (``Game.worth_asking``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from kansei.core.protocol import Action

from .cards import EVENT, MACHINE
from .lang import WORDS
from .state import ZONES
from .table import CardDef, Catalog, can_start
from .text import class_name, keywords, kind_name

if TYPE_CHECKING:  # pragma: no cover
    from .rules import StampedeState

COLOURS = {  # a colour per class (the web table's card frames)
    "scarlet_rose": "crimson",
    "sugar_mountain": "hotpink",
    "midnight_wolf": "midnightblue",
    "dragoon_crown": "goldenrod",
    "steering": "slategray",
}


# -- card faces -----------------------------------------------------------------------------------------
def card_faces(table: Catalog, lang: str) -> list[dict[str, Any]]:
    """Every card face in ``lang`` (fresh dicts): name, slug, kind, text, stats, tags, colour, house."""
    gear, pw, df, hp = (WORDS.tr(lang, f"stat_{k}") for k in ("gear", "pow", "def", "hp"))
    out = []
    for d in table.cards:
        stats: dict[str, int] = {gear: d.gear}
        if d.kind == MACHINE:
            stats |= {pw: d.pow, df: d.def_}
        elif d.hp:
            stats[hp] = d.hp
        # the board's own glyphs (ST rules: gear, POW, DEF; an event's HP), each with its words
        glyph = {gear: "⚙", pw: "⚔", df: "◆", hp: "♥"}
        icons = [
            {"icon": glyph[k], "value": v, "title": f"{k} {v}", "group": "stats"} for k, v in stats.items()
        ]
        cls = d.rec.class_
        tags = [class_name(d, lang), *keywords(d, lang)]
        out.append(
            {
                "name": d.label(lang),
                "slug": d.slug,
                "kind": kind_name(d, lang),
                "text": d.card_text(lang),
                "stats": stats,
                "icons": icons,
                "tags": tags,
                "colour": COLOURS.get(cls),
                "house": d.rec.house,
            }
        )
    return out


# -- the action space ---------------------------------------------------------------------------------
def _ability_notations(table: Catalog, d: CardDef) -> Iterable[str]:
    """Every notation an ability of ``d`` can produce (a superset: choices over all states)."""
    n_activated = sum(1 for a in d.abilities if a.trigger == "activated")
    for ab in d.abilities:
        blocks = ab.costs + ab.effects
        for ch in product(*(b.impl.domain(b.p, table) for b in blocks)):
            words = [b.impl.label(b.p, table, c) for b, c in zip(blocks, ch, strict=True) if c is not None]
            tail = "".join(" " + w for w in words)
            t = ab.trigger
            if t == "activated":
                k = f"#{ab.index + 1}" if n_activated > 1 else ""
                zones = "LCR" if d.kind == MACHINE else "LR"
                for z in zones:
                    yield f"use {d.slug}@{z}{k}{tail}"
            elif t == "play":
                yield f"assist {d.slug}{tail}"
            elif t == "hand":
                yield f"procedure {d.slug}{tail}"
            elif t in ("goal_keeper", "requiem_keeper"):
                k = f"#{ab.index + 1}" if len(d.keepers) > 1 else ""
                yield f"keeper {d.slug}{k}{tail}"
            else:  # on_enter, on_destroyed, crash: the owner accepts with its choices
                yield f"accept{tail}"


def action_space(table: Catalog) -> list[str]:
    """Every notation the game can produce with this content, each once, in a fixed order: the fixed
    actions, attacks and runs, then per card (content order) its set-up, call, event and ability forms."""
    from .responses import DECLINE, PASS
    from .rules import ATTACKS, BATTLE_ACT, END_ACT, GO_FIRST, GO_SECOND, RUNS

    fixed: list[Action] = [GO_FIRST, GO_SECOND, BATTLE_ACT, END_ACT, PASS, DECLINE, *RUNS, *ATTACKS.values()]
    out = [a.notation for a in fixed]
    for d in table.cards:
        if d.disabled:
            continue
        if can_start(d):
            out.append(f"center {d.slug}")
        if d.kind == MACHINE:
            zones = "LR" if d.guest or d.demi_guest else "LCR"
            out.extend(f"call {d.slug} {z}" for z in zones)
        elif d.kind == EVENT:
            out.extend(f"event {d.slug} {z}" for z in "LR")
        out.extend(_ability_notations(table, d))
    return list(dict.fromkeys(out))


# -- observations -----------------------------------------------------------------------------------
_PHASES = ("center", "order", "draw", "repair", "main", "battle", "end", "over")
_WINDOWS = ("attack", "run", "goal", "deckout", "choice", "effect", "deadheat")
_ZONE_SLOTS = ("present", "machine", "event", "gear", "pow", "def", "hp", "tapped", "double_action_used")


def observation_spec(table: Catalog) -> list[str]:
    """The slot names of :func:`encode_view`: the race, then "me" (the seat; seat 0 for a spectator)
    and "opp", each with its zones (stats and a one-hot of the card), and the cards in the discard piles
    and in my hand (counts). POW/DEF/HP are in units of 10,000, distances of 20."""
    slugs = [d.slug for d in table.cards]
    names = ["turn", "me_active", "me_to_move", "me_first", "over", "me_won", "opp_won"]
    names += [f"phase={p}" for p in _PHASES] + [f"window={w}" for w in _WINDOWS]
    names += ["window_items", "me_has_priority"]
    for side in ("me", "opp"):
        names += [f"{side}.{k}" for k in ("distance", "hand", "deck", "discard", "forcing", "height")]
        names.append(f"{side}.C.face_down")
        for z in ZONES:
            names += [f"{side}.{z}.{k}" for k in _ZONE_SLOTS]
            names += [f"{side}.{z}.card={s}" for s in slugs]
        names += [f"{side}.discard={s}" for s in slugs]
    names += [f"me.hand={s}" for s in slugs]
    return names


def encode_view(table: Catalog, view: Mapping[str, Any], seat: int | None) -> list[float]:
    """The numbers of :func:`observation_spec`, from ``view(seat)`` alone."""
    n = len(table.cards)
    index = {d.en: d.id for d in table.cards}
    me = seat if seat in (0, 1) else 0
    players = view["players"]
    to_move = view.get("to_move")
    winner = view.get("winner")
    out: list[float] = [
        float(view["turn"]),
        float(view["active"] == me),
        float(to_move == me),
        float(view["first"] == me),
        float(bool(view["over"])),
        float(winner == me),
        float(winner is not None and winner != me),
    ]
    out += [float(view["phase"] == p) for p in _PHASES]
    windows = view.get("windows") or {}
    frames = windows.get("frames") or []
    kind = frames[-1]["kind"] if frames else None
    out += [float(kind == w) for w in _WINDOWS]
    out += [float(len(windows.get("items") or [])), float(bool(frames) and to_move == me)]
    for p in (me, 1 - me):
        pv = players[p]
        center = pv["zones"]["C"]
        out += [
            pv["distance"] / 20.0,
            float(pv["hand_count"]),
            float(pv["deck_count"]),
            float(len(pv["discard"])),
            float(bool(pv["forcing"])),
            float(center.get("height", 0)),
            float(center["kind"] == "face_down"),
        ]
        for z in ZONES:
            zv = pv["zones"][z]
            out += _zone(zv)
            onehot = [0.0] * n
            if zv.get("en") in index:
                onehot[index[zv["en"]]] = 1.0
            out += onehot
        out += _counts(pv["discard"], index, n)
    out += _counts([c["en"] for c in players[me].get("hand") or ()], index, n)
    return out


def _zone(zv: Mapping[str, Any]) -> list[float]:
    if zv["kind"] == "empty":
        return [0.0] * len(_ZONE_SLOTS)
    if zv["kind"] == "face_down":
        return [1.0] + [0.0] * (len(_ZONE_SLOTS) - 1)
    return [
        1.0,
        float(zv.get("kind") == "machine"),
        float(zv.get("kind") == "event"),
        float(zv.get("gear", 0)),
        zv.get("pow", 0) / 10000.0,
        zv.get("def", 0) / 10000.0,
        zv.get("hp", 0) / 10000.0,
        float(bool(zv.get("tapped"))),
        float(bool(zv.get("double_action_used"))),
    ]


def _counts(names: Sequence[str], index: Mapping[str, int], n: int) -> list[float]:
    out = [0.0] * n
    for name in names:
        i = index.get(name)
        if i is not None:
            out[i] += 1.0
    return out


# -- respond=auto --------------------------------------------------------------------------------------
def keepers_can_avert(state: StampedeState, seat: int, options: Sequence[Action]) -> bool:
    """In a goal window: can ``seat``'s keepers (all it holds, used one after another) push the
    opponent's distance back above 0? Only its own hand and the public distance are read."""
    need = 1 - state.distance[1 - seat]  # the push back that averts the goal
    usable = {a.args[0] for a in options if a.kind == "keeper"}
    total = 0
    for u in state.hands[seat]:
        d = state.card_of[u]
        if d.id not in usable:
            continue
        best = 0
        for ab in d.keepers:
            push = sum(e.p.amount for e in ab.effects if e.name == "push_back" and e.p.who == "opponent")
            best = max(best, push)
        total += best
    return total >= need


__all__ = [
    "COLOURS",
    "action_space",
    "card_faces",
    "encode_view",
    "keepers_can_avert",
    "observation_spec",
]
