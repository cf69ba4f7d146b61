"""Terminal text for Card Race Stampede!!, in English, Japanese or French: the board as one seat sees it,
menu lines for the seat to move, one narration line per event, the decision the seat to move faces
(``prompt``) and why a card or zone it sees cannot be used now (``unusable``).

Everything here is built from what the seat may see: ``render`` reads ``state.view(seat)``; ``narrate``
reads one event of ``state.events_for(seat)``; ``describe``, ``prompt`` and ``unusable`` are for the seat
to move and read the public board and that seat's own cards. Players are named by the table's
:class:`~kansei.core.names.Names` ("you" for the reader's own seat); texts carry no rule ids (those are
``Game.move_rules``). The board is built of rich ``Text`` objects, never markup, so a name is printed as
given. The words are :mod:`.lang`'s catalogs (``WORDS``), looked up by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, DeckWords, OptionWords

from .blocks import resolve_zone
from .cards import ASSIST, EVENT, MACHINE, STEERING, Ability
from .lang import WORDS
from .responses import PASS
from .rules import StampedeState
from .state import (
    BATTLE,
    CENTER,
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    KEEPER_WINDOWS,
    MAIN,
    W_CHOICE,
    W_DECKOUT,
    W_GOAL,
    ZONES,
    AttackItem,
    RunItem,
)
from .table import CardDef, Catalog

if TYPE_CHECKING:  # pragma: no cover
    from .game import Stampede

WIDTH = 78  # a line of the board is cut to fit an 80-column terminal
MENU_WIDTH = 150  # a menu line with a card's text: two lines at most (a client cuts it to one if it must)

tr = WORDS.tr
say = WORDS.say


# -- cards ------------------------------------------------------------------------------------------
def card_name(d: CardDef, lang: str, both: bool = True) -> str:
    """The name in ``lang``, with the other language alongside when ``both`` (the English name beside a
    Japanese one, the original Japanese beside an English or French one)."""
    if not both:
        return d.label(lang)
    return tr(lang, "card_both", name=d.label(lang), other=d.other_name(lang))


def keyword_label(k: str, d: CardDef, lang: str) -> str:
    """A keyword of ``d`` in words: "Obstruction", "Dead Heat 2" (ja "デッドヒート2")."""
    if k == "dead_heat":
        return tr(lang, "kw_dead_heat_n", n=d.dead_heat)
    return tr(lang, f"kw_{k}")


def keywords(d: CardDef, lang: str) -> list[str]:
    return [keyword_label(k, d, lang) for k in d.rec.keyword_ids]


def class_name(d: CardDef, lang: str) -> str:
    return tr(lang, f"class_{d.rec.class_}")


def kind_name(d: CardDef, lang: str) -> str:
    return tr(lang, f"kind_{d.kind}")


def key_numbers(d: CardDef, lang: str) -> str:
    """ "G2 8000/8000" for a machine, "G2 HP5000" for an event, "G1" for an assist (ST-C1..C3)."""
    gear = tr(lang, "gear_n", gear=d.gear)
    if d.kind == MACHINE:
        return f"{gear} {d.pow}/{d.def_}"
    return f"{gear} {tr(lang, 'hp_n', hp=d.hp)}" if d.hp else gear


def card_line(d: CardDef, lang: str) -> str:
    """One line: name, gear, kind, class, stats, keywords and text (the whole face)."""
    kw = "".join(f"【{k}】" for k in keywords(d, lang))
    return tr(
        lang,
        "card_line",
        name=card_name(d, lang),
        numbers=key_numbers(d, lang),
        kind=kind_name(d, lang),
        cls=class_name(d, lang),
        kw=kw,
        text=d.card_text(lang),
    )


def _cut(text: str, width: int = WIDTH) -> str:
    """``text`` cut to ``width`` terminal cells (a Japanese character takes two)."""
    if cell_len(text) <= width:
        return text
    out = []
    used = 0
    for ch in text:
        used += cell_len(ch)
        if used > width - 1:
            break
        out.append(ch)
    return "".join(out) + "…"


def _by_name(table: Catalog, en: str | None) -> CardDef | None:
    cid = table.find(en) if isinstance(en, str) else None
    return None if cid is None else table.cards[cid]


def _name(table: Catalog, en: Any, lang: str) -> str:
    d = _by_name(table, en)
    return d.label(lang) if d is not None else str(en)


# -- players --------------------------------------------------------------------------------------------
def _who(p: int | None, viewer: int | None, lang: str, names: Names) -> str:
    """A player as the subject of a line told to ``viewer``: "you", or the player's name."""
    return tr(lang, "you") if names.addressed(p, viewer) else names(p)


def _of(p: int | None, lang: str, names: Names) -> str:
    """A player's name as the owner of something, as the language writes it ("d'Ann", "de Bo" in French)."""
    name = names(p)
    return tr(lang, "of_v" if name[:1].lower() in _VOWELS else "of", name=name)


_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûü")


def _whose(p: int | None, viewer: int | None, lang: str, names: Names) -> str:
    """A player's, told to ``viewer``: "your", "Alice's" (ja "あなたの", "Aliceの")."""
    return tr(lang, "your") if names.addressed(p, viewer) else tr(lang, "whose", of=_of(p, lang, names))


def _owned(key: str, p: int | None, viewer: int | None, lang: str, names: Names) -> str:
    """A player's zone or pile, told to ``viewer``: "your center", "Alice's left zone"."""
    return say(lang, key, names.addressed(p, viewer), of=_of(p, lang, names))


# -- the board ----------------------------------------------------------------------------------------
def _zone_cell(table: Catalog, zv: Mapping[str, Any], lang: str) -> Text:
    """Three lines: the name, the key numbers, the keywords and state (tapped, stack height)."""
    kind = zv["kind"]
    if kind == "empty":
        return Text("—", style="dim")
    if kind == "face_down":
        return Text(tr(lang, "face_down"), style="dim")
    d = _by_name(table, zv["en"])
    t = Text()
    t.append(_cut(d.label(lang) if d is not None else str(zv["en"]), 24), style="bold")
    if kind == "machine":
        t.append(f"\n{tr(lang, 'gear_n', gear=zv['gear'])} {zv['pow']}/{zv['def']}")
    else:
        hp = tr(lang, "hp_cell", hp=zv["hp"], max_hp=zv["max_hp"])
        t.append(f"\n{tr(lang, 'gear_n', gear=zv['gear'])} {hp}", style="magenta")
    if zv.get("height") is not None:  # beside the numbers, so the third line holds only keywords and state
        t.append(" " + tr(lang, "stack", n=zv["height"]), style="green")
    flags = Text("\n")
    if d is not None and keywords(d, lang):
        flags.append("".join(f"【{k}】" for k in keywords(d, lang)), style="cyan")
    if zv.get("tapped"):
        flags.append(f" {tr(lang, 'tapped')}", style="yellow")
    if len(flags) > 1:
        t.append_text(flags)
    return t


def _phase(lang: str, phase: str) -> str:
    key = f"phase_{phase}"
    return tr(lang, key) if key in WORDS.reference else phase


def render(state: StampedeState, seat: int | None, lang: str = "en", names: Names | None = None) -> Group:
    """The board as ``seat`` sees it (its ``view``), compact enough for an 80×24 terminal."""
    names = names or Names(lang=lang)
    v = state.view(seat)
    table = state.game.table
    head = Text.assemble(
        (state.game.title(lang), "bold red"),  # the original's title in Japanese
        f"  {tr(lang, 'turn', n=v['turn'])} ({tr(lang, 'cap', n=v['gear_cap'])})  {_phase(lang, v['phase'])}",
    )
    parts: list[Any] = [head]
    me = seat if seat in (0, 1) else 0
    for p in (1 - me, me):
        pv = v["players"][p]
        pile = [_name(table, en, lang) for en in pv["discard"][-2:]]
        more = "…, " if len(pv["discard"]) > 2 else ""
        info = (
            f"{_who(p, seat, lang, names)} — "
            + (f"{tr(lang, 'distance')} {pv['distance']}" if pv["distance"] > 0 else tr(lang, "at_goal"))
            + f" · {tr(lang, 'hand')} {pv['hand_count']} · "
            f"{tr(lang, 'deck')} {pv['deck_count']} · {tr(lang, 'discard')} {len(pv['discard'])}"
            + (f" ({more}{', '.join(pile)})" if pile else "")
            + (f" · {tr(lang, 'forcing')}" if pv["forcing"] else "")
        )
        parts.append(Text(_cut(info), style="bold cyan" if p == seat else "bold"))
        tb = Table(box=None, expand=False, padding=(0, 1), pad_edge=False, header_style="dim underline")
        for z in range(3):
            tb.add_column(tr(lang, f"zone_{ZONES[z]}"), justify="center", min_width=20, max_width=25)
        tb.add_row(*[_zone_cell(table, pv["zones"][ZONES[z]], lang) for z in range(3)])
        parts.append(tb)
    hand = v["players"][me].get("hand") if seat in (0, 1) else None
    if hand is not None:
        defs = sorted(
            (d for d in (_by_name(table, c["en"]) for c in hand) if d is not None),
            key=lambda d: (d.kind, d.gear, d.id),
        )
        counts: dict[int, int] = {}
        for d in defs:
            counts[d.id] = counts.get(d.id, 0) + 1
        entries = [
            hand_entry(d, lang) + (f" ×{counts[d.id]}" if counts[d.id] > 1 else "")
            for i, d in enumerate(defs)
            if i == 0 or defs[i - 1].id != d.id
        ]
        parts.append(Text(tr(lang, "hand_line", cards=" · ".join(entries))))
    windows = v["windows"]
    if windows:
        kind = windows["frames"][-1]["kind"]
        who = _who(v["to_move"], seat, lang, names)
        w = tr(lang, f"window_{kind}") if f"window_{kind}" in WORDS.reference else kind
        parts.append(Text(_cut(tr(lang, "window", w=w, who=who)), style="bold yellow"))
        for it in reversed(windows["items"]):
            text = _item_text(table, it, seat, lang, names)
            parts.append(Text(_cut("  " + tr(lang, "pending") + text), style="yellow"))
    if v["over"]:
        if v["winner"] is None:
            parts.append(Text(tr(lang, "draw"), style="bold green"))
        else:
            reason = _reason(lang, v["reason"])
            winner = v["winner"]
            line = say(lang, "over", names.addressed(winner, seat), who=names(winner), reason=reason)
            parts.append(Text(line, style="bold green"))
    else:
        head.append("  · " + tr(lang, "to_move", who=_who(v["to_move"], seat, lang, names)), style="italic")
    return Group(*parts)


def _reason(lang: str, reason: Any) -> str:
    """How a race ended, in words (the view's and the race_over event's ``reason``)."""
    key = f"reason_{reason}"
    return tr(lang, key) if key in WORDS.reference else str(reason)


def hand_entry(d: CardDef, lang: str) -> str:
    """A hand card in a few words: its name and key numbers ("Pykrete Ride G2 8000/8000")."""
    kind = "" if d.kind == MACHINE else f" {kind_name(d, lang)}"
    return f"{d.label(lang)} {key_numbers(d, lang)}{kind}"


def _fizzled(lang: str, what: Any) -> str:
    key = f"fizzle_{what}"
    return tr(lang, key if key in WORDS.reference else "fizzle_effect")


def _item_text(table: Catalog, it: Mapping[str, Any], seat: int | None, lang: str, names: Names) -> str:
    k = it["kind"]
    who = _who(it.get("seat"), seat, lang, names)
    if k == "attack":
        cards = " + ".join(_name(table, c, lang) for c in it["attackers"])
        return tr(lang, "item_attack", who=who, cards=cards, target=_name(table, it["target"], lang))
    if k == "run":
        gear = tr(lang, "gear_n", gear=it["gear"])
        return tr(lang, "item_run", who=who, card=_name(table, it["card"], lang), gear=gear)
    if k in ("ability", "placed"):
        return tr(lang, "item_card", who=who, card=_name(table, it["card"], lang))
    if k == "deadheat":
        return tr(lang, "item_deadheat", who=who, by=it["by"])
    if k == "fizzled":
        what = _fizzled(lang, it["what"]) if f"fizzle_{it['what']}" in WORDS.reference else ""
        return tr(lang, "item_fizzled", who=who, what=what)
    what = tr(lang, f"item_{k}") if k in ("goal", "deckout") else ""
    return tr(lang, "item_plain", who=who, what=what)


# -- menu lines ----------------------------------------------------------------------------------------
def _choice_words(
    state: StampedeState, seat: int, d: CardDef, ab_index: int, ch: tuple[Any, ...], lang: str
) -> str:
    """The choices of an ability in words: "your right: Blaze Petal", "discard Rose Starter"."""
    ab = d.abilities[ab_index]
    return ", ".join(_block_words(state, seat, ab.costs + ab.effects, ch, lang))


def _block_words(
    state: StampedeState, seat: int, blocks: tuple[Any, ...], ch: tuple[Any, ...], lang: str
) -> list[str]:
    words = []
    table = state.game.table
    for blk, c in zip(blocks, ch, strict=True):
        if c is None:
            continue
        if blk.impl.choice == "card":
            words.append(tr(lang, "m_discard", card=table.cards[c].label(lang)))
            continue
        if blk.impl.choice == "copy":  # 《幻影の周回》: the copied assist, then its effects' choices
            copied = table.cards[c[0]]
            words.append(tr(lang, "m_copy", card=copied.label(lang)))
            if copied.play is not None:
                words += _block_words(state, seat, copied.play.effects, c[1], lang)
            continue
        side, z = resolve_zone(seat, c)
        u = state.field[side * 3 + z]
        zone = tr(lang, f"m_{'your' if side == seat else 'their'}_{ZONES[z]}")
        words.append(
            tr(lang, "m_zone_card", zone=zone, card=state.card_of[u].label(lang)) if u >= 0 else zone
        )
    return words


def describe(state: StampedeState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for a legal action of the seat to move, in ``lang``, with the key numbers of the
    cards it names (gear, POW/DEF or HP) and its targets in words."""
    table = state.game.table
    k = action.kind
    p = state.to_move if state.to_move is not None else state.active
    if k == "call":
        d = table.cards[action.args[0]]
        z = action.args[1]
        h = len(state.centers[p])
        extra = tr(lang, "m_stack", a=h, b=h + 1) if z == CENTER else ""
        card = f"{d.label(lang)} {key_numbers(d, lang)}"
        return tr(lang, "m_call", card=card, where=tr(lang, f"to_{ZONES[z]}"), extra=extra)
    if k == "event":
        d = table.cards[action.args[0]]
        card = f"{card_name(d, lang)} {key_numbers(d, lang)}"
        where = tr(lang, f"to_{ZONES[action.args[1]]}")
        return _cut(tr(lang, "m_event", card=card, where=where, text=d.card_text(lang)), MENU_WIDTH)
    if k in ("assist", "keeper", "use", "hand", "trigger"):
        cid, _, ab_index, ch = action.args
        d = table.cards[cid]
        targets = _choice_words(state, p, d, ab_index, ch, lang)
        line = tr(
            lang,
            "m_ability",
            verb=tr(lang, f"verb_{k}"),
            card=f"{d.label(lang)} {key_numbers(d, lang)}",
            targets=f" → {targets}" if targets else "",
            text=d.card_text(lang),
        )
        return _cut(line, MENU_WIDTH)
    if k == "attack":
        return _attack_line(state, p, action.args[0], action.args[1], lang)
    if k == "run":
        z = action.args[0]
        d = state.card_of[state.field[p * 3 + z]]
        left = state.distance[p]
        key = "m_run" if left - d.gear > 0 else "m_goal"
        card = f"{card_name(d, lang, False)} {tr(lang, 'gear_n', gear=d.gear)}"
        return tr(lang, key, card=card, zone=tr(lang, f"m_your_{ZONES[z]}"), a=left, b=left - d.gear)
    if k in ("battle", "end", "pass", "decline"):
        return tr(lang, f"m_{k}")
    if k == "center":
        d = table.cards[action.args[0]]
        return tr(lang, "m_center", card=f"{d.label(lang)} {key_numbers(d, lang)}")
    if k == "order":
        return tr(lang, "m_first" if action.args[0] else "m_second")
    return action.notation


def public_words(notation: str, lang: str = "en") -> str | None:
    """Another seat's move whose events tell a seat nothing, from its public notation alone: a pass in a
    response window (ST-T6), which lets what is open resolve."""
    return tr(lang, "w_passes") if notation == PASS.notation else None


def menu_group(state: StampedeState, action: Action, lang: str = "en") -> str | None:
    """A long menu groups the attacks by target (then the attackers are picked), and the calls and events
    by card (then the zone); the rest stand alone."""
    if action.kind == "attack":
        p = state.to_move if state.to_move is not None else state.active
        tz = action.args[1]
        target = state.card_of[state.field[(1 - p) * 3 + tz]]
        return tr(lang, "m_target", target=target.label(lang), tz=tr(lang, f"m_their_{ZONES[tz]}"))
    if action.kind in ("call", "event"):
        d = state.game.table.cards[action.args[0]]
        return tr(lang, "m_group_" + action.kind, card=f"{d.label(lang)} {key_numbers(d, lang)}")
    return None


def _attack_line(state: StampedeState, p: int, zones: tuple[int, ...], tz: int, lang: str) -> str:
    """Attackers and target by name and zone, the POW against DEF and the outcome (ST-T4)."""
    base = p * 3
    who = " + ".join(
        tr(
            lang,
            "m_attacker",
            card=state.card_of[state.field[base + z]].label(lang),
            zone=tr(lang, f"m_your_{ZONES[z]}"),
        )
        for z in zones
    )
    total = sum(state.pow_of(state.field[base + z]) for z in zones)
    tu = state.field[(1 - p) * 3 + tz]
    td = state.card_of[tu]
    fields = {"target": td.label(lang), "tz": tr(lang, f"m_their_{ZONES[tz]}"), "who": who, "total": total}
    if td.kind != MACHINE:
        return tr(lang, "m_attack_event", hp=td.hp - state.damage.get(tu, 0), **fields)
    df = state.def_of(tu)
    res = "m_higher" if total > df else "m_equal" if total == df else "m_lower"
    if total > df and tz == CENTER and len(state.centers[1 - p]) <= 1:
        res = "m_stays"
    return tr(lang, "m_attack", df=df, res=tr(lang, res), **fields)


# -- narration ---------------------------------------------------------------------------------------------
def _template(t: str, e: Mapping[str, Any]) -> str:
    """Which template tells event ``e`` (some events read differently by their fields)."""
    if t == "call" and e.get("procedure"):
        return "procedure"
    if t == "ability":
        how = e.get("how", "")
        return (
            "procedure_use" if how == "hand" else how if how in ("assist", "use", "keeper", "trigger") else ""
        )
    if t == "left":
        return "to_hand" if e.get("dest") == "hand" else "to_discard"
    if t == "run":
        if e.get("distance", 1) <= 0:
            return "run_goal"
        return "run_dead_heat" if e.get("dead_heat") else "run"
    if t == "race_over" and e.get("winner") is None:
        return "race_draw"
    if t == "fizzle" and e.get("card"):
        return "fizzle_card"
    return t


def narrate(
    game: Stampede,
    e: Mapping[str, Any],
    seat: int | None = None,
    lang: str = "en",
    names: Names | None = None,
) -> str | None:
    """One line telling ``seat`` an event of ``events_for(seat)`` (None: an event of no known type)."""
    names = names or Names(lang=lang)
    table = game.table
    if e.get("type") == "combat":
        return combat_line(game, e, lang)
    key = _template(str(e.get("type")), e)
    if not key or f"n_{key}" not in WORDS.reference:
        return None
    if key == "crash" and names.addressed(e.get("overtaken"), seat):
        key = "crashed"
    if key == "destroyed":
        d = _by_name(table, e.get("card"))
        key = "destroyed_event" if d is not None and d.kind == EVENT else key
    try:
        return say(
            lang, f"n_{key}", names.addressed(_subject(e), seat), **_fields(table, e, seat, lang, names)
        )
    except (KeyError, ValueError, TypeError, IndexError):
        return None


def _subject(e: Mapping[str, Any]) -> Any:
    if e.get("type") == "rps":
        return e.get("winner")
    if e.get("type") == "crash":
        return e.get("overtaker")
    if e.get("type") == "race_over":
        return e.get("winner")
    return e.get("seat")


def _seat(x: Any) -> int | None:
    return x if isinstance(x, int) and not isinstance(x, bool) and x in (0, 1) else None


def _fields(
    table: Catalog, e: Mapping[str, Any], seat: int | None, lang: str, names: Names
) -> dict[str, Any]:
    """The words an event's template may use, in ``lang``, from the reader's point of view."""
    s = _seat(_subject(e))
    zone = e.get("zone") or e.get("target_zone")
    known_zone = isinstance(zone, str) and zone in ZONES
    cards = [_name(table, c, lang) for c in e.get("cards") or []]
    if e.get("type") == "reveal":
        cards = [
            tr(lang, "reveal_item", who=_who(p, seat, lang, names), card=_name(table, c, lang))
            for p, c in enumerate(e.get("centers") or [])
        ]
    owner = _seat(e.get("seat"))
    other_side = None if owner is None else 1 - owner
    change = " ".join(
        tr(lang, "stat_change", label=tr(lang, label), v=v)
        for label, v in (("pow", e.get("pow", 0)), ("def", e.get("def_", 0)))
        if v
    )
    height = e.get("height")
    count = int(e.get("count", 0) or 0)
    return {
        "who": _who(s, seat, lang, names),
        "whose": _whose(s, seat, lang, names),
        "their_zone": _owned(f"owned_{zone}", other_side, seat, lang, names) if known_zone else "",
        "their_discard": _owned("owned_discard", other_side, seat, lang, names),
        "other": _who(_seat(e.get("overtaken")), seat, lang, names),
        "opp": _who(other_side, seat, lang, names),
        "card": _name(table, e.get("card"), lang),
        "target": _name(table, e.get("target"), lang),
        "attackers": " + ".join(_name(table, c, lang) for c in e.get("attackers") or []),
        "zone": tr(lang, f"zw_{zone}") if known_zone else "",
        "stack": tr(lang, "stack_height", height=height) if zone == "C" and height else "",
        "list": tr(lang, "list_sep").join(cards),
        "cards": WORDS.plural(lang, "cards", count),
        "order": tr(lang, f"order_{int(bool(e.get('first')))}"),
        "change": change or "±0",
        "until": tr(lang, "until_turn" if e.get("duration") == "turn" else "until_field"),
        "what": _fizzled(lang, e.get("what")),
        "gear": e.get("gear", e.get("center_gear", "")),
        "reason": _reason(lang, e.get("reason")) if f"reason_{e.get('reason')}" in WORDS.reference else "",
        **{k: e.get(k) for k in ("turn", "cap", "left", "hp", "height", "by", "distance") if k in e},
        "to_go": _to_go(e.get("distance"), lang),
    }


def _to_go(distance: Any, lang: str) -> str:
    """'12 to go', or 'at the goal' once the distance is 0 or below (a keeper may still push it back)."""
    if not isinstance(distance, int):
        return ""
    return tr(lang, "to_go", distance=distance) if distance > 0 else tr(lang, "to_go_goal")


def combat_line(game: Stampede, e: Mapping[str, Any], lang: str = "en") -> str | None:
    """The outcome of a combat event (ST-T4)."""
    table = game.table
    target = _name(table, e.get("target"), lang)
    if e.get("outcome") == "event":
        return tr(lang, "combat_event", pow=e["pow"], target=target, hp=e["hp_before"])
    outcome = str(e.get("outcome"))
    if outcome not in ("lower", "equal", "higher"):
        return None
    what = tr(lang, f"combat_{outcome}", target=target)
    return tr(lang, "combat", pow=e["pow"], def_=e["def_"], what=what)


# -- the decision and why things cannot be used ---------------------------------------------------------
def _declared(state: StampedeState, kind: type) -> Any:
    """The newest pending attack or run."""
    for it in reversed(state.windows.items):
        if isinstance(it, kind):
            return it
    return None


def prompt(state: StampedeState, lang: str = "en", names: Names | None = None) -> str:
    """The decision the seat to move faces, in its own words ("" once the race is over)."""
    names = names or Names(lang=lang)
    p = state.to_move
    if p is None:
        return ""
    text = _decision(state, p, lang, names)
    return text if names.addressed(p, p) else tr(lang, "p_named", name=names(p), text=text)


def _decision(state: StampedeState, p: int, lang: str, names: Names) -> str:
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    windows = state.windows
    if windows.frames:
        kind = windows.kind
        if kind == W_CHOICE:
            card = state.card_of[windows.data[1]].label(lang)
            targets = [a for a in legal if a.kind == "trigger" and any(c is not None for c in a.args[3])]
            if not targets:  # nothing to choose: use it or not
                return tr(lang, "p_use_or_decline", card=card)
            text = tr(lang, "p_choice", card=card, what=tr(lang, "p_targets"))
            return text + (tr(lang, "p_or_decline") if "decline" in kinds else "")
        answers = bool(kinds - {"pass"})
        if kind == W_GOAL:
            todo = tr(lang, "p_keep" if answers else "p_nothing")
            return tr(lang, "p_goal", who=_who(1 - p, p, lang, names), todo=todo)
        if kind == W_DECKOUT:
            return tr(lang, "p_deckout", todo=tr(lang, "p_requiem" if answers else "p_nothing"))
        todo = tr(lang, "p_respond" if answers else "p_nothing")
        it = _declared(state, AttackItem) if kind == "attack" else _declared(state, RunItem)
        if isinstance(it, AttackItem):
            attackers = " + ".join(state.card_of[u].label(lang) for _, u in it.attackers)
            target = state.card_of[it.target].label(lang)
            you = names.addressed(it.seat, p)
            who = names(it.seat)
            return say(lang, "p_attack", you, who=who, target=target, attackers=attackers, todo=todo)
        if isinstance(it, RunItem):
            you = names.addressed(it.seat, p)
            card = state.card_of[it.uid].label(lang)
            return say(lang, "p_run", you, who=names(it.seat), card=card, todo=todo)
        return tr(lang, "m_pass")
    if state.phase == CHOOSE_CENTER:
        return tr(lang, "p_center")
    if state.phase == CHOOSE_ORDER:
        return tr(lang, "p_order")
    if state.phase == MAIN:
        return tr(lang, "p_main")
    if state.phase == BATTLE:
        if "end" not in kinds:
            return tr(lang, "p_forced", whose=_whose(1 - p, p, lang, names))
        return tr(lang, "p_battle" if kinds & {"attack", "run"} else "p_battle_idle")
    key = f"phase_{state.phase}"
    return tr(lang, key) if key in WORDS.reference else ""


def unusable(state: StampedeState, seat: int, lang: str = "en", names: Names | None = None) -> dict[str, str]:
    """Why the cards and zones of ``seat``'s view that no legal action uses cannot be used now: its hand
    cards, its machines and events, and in its battle phase the opposing cards it may not attack. For
    the seat to move only (the other seat has no decision); from what ``seat`` sees."""
    if state.to_move != seat or state.over:
        return {}
    game = state.game
    used = {r for a in state.legal_actions() for r in game.move_refs(state, a)}
    out: dict[str, str] = {}
    if state.phase not in (CHOOSE_CENTER, CHOOSE_ORDER):
        for u in state.hands[seat]:
            d = state.card_of[u]
            ref = f"hand:{d.slug}"
            if ref not in used and ref not in out:
                out[ref] = _hand_reason(state, seat, d, lang)
    windows = state.windows
    for z in (0, 1, 2):
        u = state.field[seat * 3 + z]
        ref = f"zone:{seat}:{ZONES[z]}"
        if u < 0 or ref in used:
            continue
        d = state.card_of[u]
        for n, ab in enumerate(d.activated, 1):
            ability = f"ability:{seat}:{ZONES[z]}:{n}"
            if ability not in used:
                out[ability] = _ability_reason(state, seat, u, ab, lang)
        if windows.frames:
            why = "why_choice" if windows.kind == W_CHOICE else "why_not_now"
        elif d.kind != MACHINE:
            why = "why_event_acts"
        elif state.phase == MAIN:
            why = "why_acts_in_battle"
        elif state.tapped[seat * 3 + z]:
            why = "why_tapped"
        else:
            why = "why_no_runner"
        out[ref] = tr(lang, why)
    attacks = any(a.kind == "attack" for a in state.legal_actions())
    if attacks:
        o = 1 - seat
        forced = "end" not in {a.kind for a in state.legal_actions()}
        for z in (0, 1, 2):
            ref = f"zone:{o}:{ZONES[z]}"
            if state.field[o * 3 + z] >= 0 and ref not in used:
                out[ref] = tr(lang, "why_forced" if forced else "why_obstruction")
    return out


def _hand_reason(state: StampedeState, p: int, d: CardDef, lang: str) -> str:
    windows = state.windows
    if windows.frames:
        kind = windows.kind
        if kind == W_CHOICE:
            return tr(lang, "why_choice")
        if kind in KEEPER_WINDOWS:
            if not (d.requiem_keeper if kind == W_DECKOUT else d.keepers):
                return tr(lang, "why_requiem_only" if kind == W_DECKOUT else "why_keeper_only")
            return _usable_reason(state, p, d, lang)
        if d.kind == MACHINE:
            return tr(lang, "why_machine_answer" if not d.keepers else "why_keeper")
        if not d.instant:
            return tr(lang, "why_keeper" if d.keepers else "why_main_only")
        return _usable_reason(state, p, d, lang)
    if d.kind == MACHINE:
        if state.phase != MAIN:
            return tr(lang, "why_machine_battle")
        return _call_reason(state, p, d, lang)
    if not d.instant:
        return tr(lang, "why_keeper" if d.keepers else "why_not_now")
    return _usable_reason(state, p, d, lang)


def _ability_reason(state: StampedeState, p: int, u: int, ab: Ability, lang: str) -> str:
    """Why an activated ability of a card on ``p``'s field cannot be used now."""
    if state.windows.kind == W_CHOICE:
        return tr(lang, "why_choice")
    d = state.card_of[u]
    if d.kind == EVENT and not state.usable(p, d):
        return _usable_reason(state, p, d, lang)
    for c in ab.conds:
        if not c.impl.ok(c.p, state, p, u, ab.index):
            return tr(lang, "why_used" if c.name == "once_per_turn" else "why_condition")
    for blk in ab.costs:
        if not blk.impl.options(blk.p, state, p, u):
            return tr(lang, "why_cost")
    return tr(lang, "why_no_target")


def _usable_reason(state: StampedeState, p: int, d: CardDef, lang: str) -> str:
    """ST-T6: an assist, event or keeper needs a center of its class with gear at least its own."""
    c = state.center_def(p)
    if d.gear > state.turn:
        return tr(lang, "why_cap", gear=d.gear, cap=state.turn)
    if c.gear < d.gear:
        return tr(lang, "why_needs_gear", gear=d.gear, center=c.gear)
    if not (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING):
        return tr(lang, "why_needs_class", cls=class_name(d, lang))
    if d.kind == EVENT and state.field[p * 3] >= 0 and state.field[p * 3 + 2] >= 0:
        return tr(lang, "why_sides_full")
    return tr(lang, "why_no_target" if d.kind in (ASSIST, EVENT) or d.keepers else "why_not_now")


def _call_reason(state: StampedeState, p: int, d: CardDef, lang: str) -> str:
    """ST-T3: why a machine in hand cannot be called now."""
    if d.gear > state.turn:
        return tr(lang, "why_cap", gear=d.gear, cap=state.turn)
    c = state.center_def(p)
    sides_full = state.field[p * 3] >= 0 and state.field[p * 3 + 2] >= 0
    if d.demi_guest and d.gear > c.gear:
        return tr(lang, "why_demi_guest")
    if d.guest and d.gear <= c.gear:
        return tr(lang, "why_guest")
    if d.gear == c.gear + 1 and not (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING):
        return tr(lang, "why_center_class", cls=class_name(c, lang))
    if d.gear <= c.gear and sides_full:
        return tr(lang, "why_sides_full")
    return tr(lang, "why_center_gear", up=c.gear + 1, gear=c.gear)


# -- the options in words -----------------------------------------------------------------------------------
# What the lobby calls each option (Game.option_words): English is the Options model's own (game.py); these
# are the other languages of the page, each line starting with the rule id the English cites, in the
# rulebook's own words in Japanese (センター, ギア, 山札, 以下).
OPTIONS: dict[str, dict[str, OptionWords]] = {
    "fr": {
        "side_return": OptionWords(
            "Retour des machines latérales",
            "ST-T3 : quand le rapport du centre baisse, une machine latérale revient en main si le centre"
            " est à son rapport ou en dessous (以下, le texte imprimé), ou seulement strictement en desso"
            "us",
            {
                "at_or_below": "à égalité ou en dessous (texte imprimé)",
                "strictly_below": "strictement en dessous",
            },
        ),
        "first_player": OptionWords(
            "Premier joueur",
            "ST-S1 : pierre-feuille-ciseaux, dont le gagnant choisit de jouer en premier ou en second ; "
            "ou convenu entre les joueurs",
            {"rps": "pierre-feuille-ciseaux"},
        ),
        "first_turn_draw": OptionWords(
            "Pioche au premier tour",
            "ST-T1, arbitrage : le premier joueur pioche aussi à son tout premier tour (désactivé : il "
            "saute cette pioche)",
        ),
        "double_action": OptionWords(
            "Double action",
            "ST-K2, arbitrage : une machine à Double action se redresse après avoir agi une fois par "
            "tour, ou une seule fois dans la course",
            {"per_turn": "une fois par tour", "per_game": "une fois par course"},
        ),
        "effect_draw_loses": OptionWords(
            "Une pioche par effet peut faire perdre",
            "ST-O1, arbitrage : un effet qui fait piocher dans un deck vide fait aussi perdre la course "
            "(désactivé : cette pioche est sans effet)",
        ),
        "copy_conditions": OptionWords(
            "Tour fantôme copie les conditions",
            "ST-C2, arbitrage : une assistance copiée par Tour fantôme garde sa propre condition (« à "
            "utiliser seulement si… »), ou seul son effet est utilisé",
            {"apply": "la condition s'applique (texte imprimé)", "ignore": "l'effet seul"},
        ),
        "start_distance": OptionWords(
            "Distance de départ",
            "ST-S1 : la distance que chaque joueur doit parcourir pour gagner (20 dans les règles)",
        ),
        "hand_size": OptionWords(
            "Main de départ",
            "ST-S1 : combien de cartes chaque joueur pioche à la mise en place (5 dans les règles)",
        ),
    },
    "ja": {
        "side_return": OptionWords(
            "サイドのマシンが手札に戻る",
            "ST-T3：センターのギアが下がったとき、センターがサイドのマシンのギア以下（印刷どおり）"
            "なら手札に戻る、または未満のときだけ戻る",
            {"at_or_below": "以下（印刷どおり）", "strictly_below": "未満"},
        ),
        "first_player": OptionWords(
            "先攻の決め方",
            "ST-S1：じゃんけんの勝者が先攻か後攻を選ぶ、またはプレイヤーが合意して決める",
            {"rps": "じゃんけん"},
        ),
        "first_turn_draw": OptionWords(
            "最初のターンのドロー",
            "ST-T1 裁定：先攻プレイヤーも最初のターンにカードを引く（オフ：そのドローをしない）",
        ),
        "double_action": OptionWords(
            "二回行動",
            "ST-K2 裁定：二回行動のマシンが行動後にアンタップするのは毎ターン1回か、レース中に1回だけか",
            {"per_turn": "ターンに1回", "per_game": "レース中に1回"},
        ),
        "effect_draw_loses": OptionWords(
            "効果のドローでも負ける",
            "ST-O1 裁定：カードの効果で空の山札から引くときも負けになる（オフ：そのドローは不発）",
        ),
        "copy_conditions": OptionWords(
            "《幻影の周回》と使用条件",
            "ST-C2 裁定：《幻影の周回》で使うアシストの条件（「…時に使える」）も守るか、効果だけを使うか",
            {"apply": "条件も守る（印刷どおり）", "ignore": "効果だけ"},
        ),
        "start_distance": OptionWords(
            "最初の残り走行距離",
            "ST-S1：勝つために走る距離（ルールでは20）",
        ),
        "hand_size": OptionWords(
            "最初の手札",
            "ST-S1：準備で各プレイヤーが引く枚数（ルールでは5）",
        ),
    },
}


# The starter decks' French words, by English name (the key a deck is chosen by); their Japanese (the
# original's) and English are the content's own (Stampede.deck_words). Words, not content: they change no
# content digest.
DECKS: dict[str, dict[str, DeckWords]] = {
    "fr": {
        "Scarlet Rose": DeckWords(
            "Rose Écarlate", "Bâtir un centre haut et y faire s'écraser l'adversaire avec 《Obstruction》."
        ),
        "Sugar Mountain": DeckWords(
            "Montagne Sucrée",
            "Gagner du temps derrière des murs d'événements, puis finir la course avec de grosses machines.",
        ),
        "Midnight Wolf": DeckWords("Loup de Minuit", "Courir, dépasser, et mordre avec Crash."),
        "Dragoon Crown": DeckWords(
            "Couronne des Dragons",
            "Des dragons qu'aucun effet ne touche, et des rois qui agissent deux fois.",
        ),
    },
}

__all__ = [
    "DECKS",
    "OPTIONS",
    "card_line",
    "card_name",
    "describe",
    "key_numbers",
    "keywords",
    "menu_group",
    "narrate",
    "prompt",
    "render",
    "unusable",
]
