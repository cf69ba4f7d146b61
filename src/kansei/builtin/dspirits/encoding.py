"""D-Spirits for research adapters (docs/interop.md): every notation the game can produce (the action
space), and a fixed-length numeric encoding of one seat's view.

The action space is the notation grammar expanded over the content: D-Spirits in play are named by slug,
with ``#k`` when a player controls several copies (at most the card's copy limit), cards in hand by slug
with the statuses they may carry back (``+frozen``, ``+poisonN`` for every poison amount the content
inflicts), targets by ``foe:``/``own:``/``hand:``/``dworld:`` labels. Bids are multiples of 100 up to a
bound of the SP a player can reach (four times the starting SP, at least 20,000). A superset: some
notations are never legal together, none legal is missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import EVOLUTION, MOVECARD, REALM, SIGNAL, SPIRIT, Program
from .state import OPENING_HAND
from .table import Table

if TYPE_CHECKING:  # pragma: no cover
    from .game import DSpiritsOptions

PHASES = ("opening", "draw", "extra", "main", "battle", "end", "side", "over")
WINDOWS = ("chain", "attack", "endure", "target")
UNIT_SLOTS = 4  # per zone: a Battle Scene and a Support Zone hold four D-Spirits each (DS-Z1)
CHAIN_SLOTS = 4
UNIT_FIELDS: tuple[str, ...] = ("present", "attack", "endurance", "sp", "endure_stance", "frozen", "poison")
UNIT_FIELDS += ("endured", "attacked", "charged", "stack")
SP_SCALE = 5000.0


def _unit_labels(t: Table) -> list[str]:
    """Every label a D-Spirit in play may have: its top card's slug, ``slug#k`` for copies."""
    out = []
    for c in range(t.n):
        if t.kind[c] not in (SPIRIT, EVOLUTION):
            continue
        out.append(t.slug[c])
        limit = t.limit[c]
        copies = limit if isinstance(limit, int) else 1
        out.extend(f"{t.slug[c]}#{k}" for k in range(1, copies + 1) if copies > 1)
    return out


def _poisons(t: Table) -> list[int]:
    amounts = {
        b.p.amount
        for prog in t.catalog.programs
        for b in prog.effects
        if b.name == "inflict" and b.p.status == "poisoned"
    }
    return sorted(amounts)


def _hand_labels(t: Table, max_power: int = 0) -> list[str]:
    """Every label a D-Spirit in hand may have (statuses come back with it, DS-R2)."""
    marks = [""] + [f"+poison{a}" for a in _poisons(t)]
    out: list[str] = []
    for c in range(t.n):
        if t.kind[c] == SPIRIT and (not max_power or t.atk[c] <= max_power):
            for frozen in ("", "+frozen"):
                out.extend(t.slug[c] + frozen + m for m in marks)
    return out


def _targets(t: Table, prog: Program, units: list[str]) -> list[str]:
    """The target labels ``prog`` may name (all of them when it chooses none: [""])."""
    sel = prog.choose
    if sel is None:
        return [""]
    if sel == "hand":
        return ["hand:" + h for h in _hand_labels(t, prog.max_power)]
    if sel == "dworld":
        mp = prog.max_power
        return [
            "dworld:" + t.slug[c] for c in range(t.n) if t.kind[c] == SPIRIT and (not mp or t.atk[c] <= mp)
        ]
    out = []
    if sel in ("foe", "any"):
        out += ["foe:" + u for u in units]
    if sel in ("own", "other_own", "any"):
        out += ["own:" + u for u in units]
    return out


def _with(head: str, targets: list[str]) -> list[str]:
    return [f"{head} {tgt}" if tgt else head for tgt in targets]


def action_space(t: Table, options: DSpiritsOptions) -> list[str]:
    """Every notation a game with these options and this content can produce, in a fixed order."""
    units = _unit_labels(t)
    hands = _hand_labels(t)
    out = [f"open {k}" for k in range(OPENING_HAND + 1)]
    out += ["draw squad", "draw support", "no draw", "recharge", "extra squad", "extra support", "no extra"]
    out += [f"rush {t.slug[c]}" for c in range(t.n) if t.kind[c] == REALM]
    out += [f"summon {h}" for h in hands]
    for c in range(t.n):
        if t.kind[c] not in (SPIRIT, EVOLUTION):
            continue
        mine = [u for u in units if u.split("#")[0] == t.slug[c]]
        for lab in mine:
            out += [f"exchange {lab} {h}" for h in hands]
            out.append(f"stance {lab}")
            move = t.move[c]
            if move is not None:
                out += _with(f"move {lab}", _targets(t, move, units))
            for e in t.evos[c]:
                out.append(f"evolve {t.slug[e]} {lab}")
            if options.old_rules:
                out.append(f"shift {lab}")
            for prog in t.command[c]:
                out += _with(f"ability {lab} {t.pslug[prog.id]}", _targets(t, prog, units))
            for tgt in [*units, "direct"]:
                out.append(f"attack {lab} {tgt}")
                out.append(f"limbo {lab} {tgt}")
            out.append(f"supercharge {lab}")
    for c in range(t.n):
        k = t.kind[c]
        eff = t.effect[c]
        if k == REALM or (k == SIGNAL and eff is None):
            out.append(f"play {t.slug[c]}")
        elif k in (SIGNAL, MOVECARD) and eff is not None:
            if not eff.needs_attack and not eff.needs_link:
                out += _with(f"play {t.slug[c]}", _targets(t, eff, units))
            if t.response[c]:
                out += _with(f"respond {t.slug[c]}", _targets(t, eff, units))
    out += ["battle", "end", "pass", "endure", "fall"]
    seen: set[str] = set()
    for c in range(t.n):
        for prog in t.abil[c].get("summoned", ()):
            for tgt in _targets(t, prog, units):
                if tgt and tgt not in seen:
                    seen.add(tgt)
                    out.append(f"target {tgt}")
    top = max(20000, 4 * options.starting_sp)
    out += [f"bid {n}" for n in range(100, top + 1, 100)]
    if options.match:
        out += [f"side in {t.slug[c]}" for c in range(t.n) if t.kind[c] != EVOLUTION]
        out += [f"side out {t.slug[c]}" for c in range(t.n) if t.kind[c] != EVOLUTION]
        out.append("keep")
    return list(dict.fromkeys(out))


# ------------------------------------------------------------------------------------------ observations
def observation_spec(t: Table) -> list[str]:
    """The slots of :func:`encode_view`: the decision, then each player (the seat first), their units,
    the seat's hand and both D-Worlds by card, and the chain."""
    out = ["turn", "game_no", "me_to_move", "me_active", "bid_open", "bid_amount", "bid_mine", "bid_my_turn"]
    out += [f"phase={p}" for p in PHASES] + [f"window={w}" for w in WINDOWS]
    out += ["realm", "realm_mine", "match_wins_me", "match_wins_them"]
    for who in ("me", "them"):
        out += [f"{who}.{f}" for f in ("sp", "squad", "support", "hand", "hand_spirits", "hand_known")]
        out += [f"{who}.{f}" for f in ("dworld", "banished", "support_cards", "turns_taken", "side")]
        for zone in ("battle", "support_zone"):
            out += [f"{who}.{zone}[{i}].{f}" for i in range(UNIT_SLOTS) for f in UNIT_FIELDS]
    out += [f"hand.{t.slug[c]}" for c in range(t.n)]
    for who in ("me", "them"):
        out += [f"{who}.dworld.{t.slug[c]}" for c in range(t.n)]
    out += [f"chain[{i}].{f}" for i in range(CHAIN_SLOTS) for f in ("attack", "mine", "negated")]
    return out


def _unit(u: dict[str, Any] | None) -> list[float]:
    if u is None:
        return [0.0] * len(UNIT_FIELDS)
    return [
        1.0,
        u["attack"] / 3000,
        u["endurance"] / 3000,
        u["sp"] / 1000,
        1.0 if u["stance"] == "endure" else 0.0,
        1.0 if u["frozen"] else 0.0,
        u["poison"] / 500,
        1.0 if u["endured"] else 0.0,
        1.0 if u["attacked"] else 0.0,
        {"active": 1.0, "pending": 0.5}.get(u["supercharge"], 0.0),
        len(u["stack"]) / 2,
    ]


def encode_view(t: Table, view: dict[str, Any], seat: int | None) -> list[float]:
    """A fixed-length vector (see :func:`observation_spec`) from ``view(seat)`` alone."""
    me = seat if seat in (0, 1) else 0
    bid = view["bid"]
    out = [
        view["turn"] / 60,
        view["game_no"] / 3,
        1.0 if view["to_move"] == seat and seat is not None else 0.0,
        1.0 if view["active"] == me else 0.0,
        1.0 if bid else 0.0,
        bid["amount"] / SP_SCALE if bid else 0.0,
        1.0 if bid and bid["seat"] == me else 0.0,
        1.0 if bid and bid["to_bid"] == me else 0.0,
    ]
    out += [1.0 if view["phase"] == p else 0.0 for p in PHASES]
    out += [1.0 if view["window"] == w else 0.0 for w in WINDOWS]
    realm = view["realm"]
    wins = view["match"]["wins"]
    out += [
        1.0 if realm else 0.0,
        1.0 if realm and realm["owner"] == me else 0.0,
        wins[me] / 2,
        wins[1 - me] / 2,
    ]
    players = view["players"]
    for p in (players[me], players[1 - me]):
        out += [
            p["sp"] / SP_SCALE,
            p["squad_count"] / 20,
            p["support_count"] / 20,
            p["hand_count"] / 10,
            p["hand_spirits"] / 10,
            len(p["hand_known"]) / 4,
            len(p["dworld"]) / 20,
            len(p["banished"]) / 10,
            len(p["support_cards"]) / 4,
            p["turns_taken"] / 30,
            len(p["side"]) / 20,
        ]
        for zone in ("battle", "support_zone"):
            units = p[zone]
            for i in range(UNIT_SLOTS):
                out += _unit(units[i] if i < len(units) else None)
    counts = [0.0] * t.n
    for label in players[me].get("hand") or ():
        c = t.find(label.split("+")[0])
        if c is not None:
            counts[c] += 1.0
    out += counts
    for p in (players[me], players[1 - me]):
        counts = [0.0] * t.n
        for name in p["dworld"]:
            c = t.find(name)
            if c is not None:
                counts[c] += 1.0
        out += counts
    chain = view["chain"][-CHAIN_SLOTS:]
    for i in range(CHAIN_SLOTS):
        it = chain[i] if i < len(chain) else None
        if it is None:
            out += [0.0, 0.0, 0.0]
        else:
            out += [
                1.0 if it["kind"] == "attack" else 0.5,
                1.0 if it["seat"] == me else 0.0,
                float(it["negated"]),
            ]
    return out


__all__ = ["action_space", "encode_view", "observation_spec"]
