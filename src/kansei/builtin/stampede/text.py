"""Terminal text for Card Race Stampede!!, in English or Japanese: the board as one seat sees it, menu lines
for the seat to move, one narration line per event, the decision the seat to move faces (``prompt``) and
why a card or zone it sees cannot be used now (``unusable``).

Everything here is built from what the seat may see: ``render`` reads ``state.view(seat)``; ``narrate``
reads one event of ``state.events_for(seat)``; ``describe``, ``prompt`` and ``unusable`` are for the seat
to move and read the public board and that seat's own cards. Players are named by the table's
:class:`~kansei.core.names.Names` ("you" for the reader's own seat); texts carry no rule ids (those are
``Game.move_rules``). The board is built of rich ``Text`` objects, never markup, so a name is printed as
given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, OptionWords

from .blocks import resolve_zone
from .cards import ASSIST, CLASSES, EVENT, KEYWORDS, MACHINE, STEERING, Ability
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

_ZONE_NAMES = {"en": ("left", "center", "right"), "ja": ("左", "センター", "右")}
_ZONE_WORDS = {"en": ("left zone", "center", "right zone"), "ja": ("左", "センター", "右")}
_KIND_NAMES = {"en": ("machine", "assist", "event"), "ja": ("マシン", "アシスト", "イベント")}
_STATS = {"en": ("G", "POW", "DEF"), "ja": ("ギア", "パワー", "ディフェンス")}
_PHASES = {
    "en": {
        "center": "set-up: first machine",
        "order": "set-up: first or second",
        "draw": "draw",
        "repair": "repair",
        "main": "main",
        "battle": "battle",
        "end": "end",
        "over": "race over",
    },
    "ja": {
        "center": "準備：ファーストマシン",
        "order": "準備：先攻・後攻",
        "draw": "ドロー",
        "repair": "リペア",
        "main": "メイン",
        "battle": "バトル",
        "end": "エンド",
        "over": "レース終了",
    },
}
_WINDOWS = {
    "en": {
        "attack": "attack declared",
        "run": "run declared",
        "goal": "about to reach the goal",
        "deckout": "about to lose by deck-out",
        "choice": "triggered ability",
        "effect": "effects resolving",
        "deadheat": "Dead Heat",
    },
    "ja": {
        "attack": "攻撃宣言",
        "run": "走行宣言",
        "goal": "ゴール直前",
        "deckout": "山札切れ直前",
        "choice": "誘発効果",
        "effect": "効果の解決",
        "deadheat": "デッドヒート",
    },
}
_REASONS = {  # how a race ends (the view's and the race_over event's ``reason``)
    "en": {"goal": "at the goal", "deck-out": "deck-out"},
    "ja": {"goal": "ゴール", "deck-out": "山札切れ"},
}
_WORDS = {
    "en": {
        "you": "you",
        "your": "your",
        "whose": "{name}'s",
        "distance": "distance",
        "at_goal": "at the goal",
        "cap": "gear cap {n}",
        "turn": "turn {n}",
        "hand": "hand",
        "deck": "deck",
        "discard": "discard",
        "tapped": "TAPPED",
        "face_down": "(face down)",
        "stack": "stack ×{n}",
        "window": "window: {w} — {who} to respond or pass",
        "pending": "pending: ",
        "to_move": "{who} to move",
        "over": "Race over: {who} won ({reason})",
        "draw": "Race over: a draw",
        "forcing": "forcing a center attack",
    },
    "ja": {
        "you": "あなた",
        "your": "あなたの",
        "whose": "{name}の",
        "distance": "残り",
        "at_goal": "ゴール",
        "cap": "ギア上限 {n}",
        "turn": "ターン{n}",
        "hand": "手札",
        "deck": "山札",
        "discard": "捨て札",
        "tapped": "疲労",
        "face_down": "（裏向き）",
        "stack": "{n}枚",
        "window": "{w} — {who}が応答かパス",
        "pending": "待機中：",
        "to_move": "{who}の番",
        "over": "レース終了：{who}の勝ち（{reason}）",
        "draw": "レース終了：引き分け",
        "forcing": "《進路妨害》発動中",
    },
}


# -- cards ------------------------------------------------------------------------------------------
def card_name(d: CardDef, lang: str, both: bool = True) -> str:
    """The name in ``lang``, with the other language alongside when ``both``."""
    if lang == "ja":
        return f"{d.name} ({d.en})" if both else d.name
    return f"{d.en} ({d.name})" if both else d.en


def keyword_label(k: str, d: CardDef, lang: str) -> str:
    """A keyword of ``d`` in words: "Obstruction", "Dead Heat 2" (ja "デッドヒート2")."""
    word = KEYWORDS[k][0 if lang == "ja" else 1]
    if k != "dead_heat":
        return word
    return f"{word}{d.dead_heat}" if lang == "ja" else f"{word} {d.dead_heat}"


def keywords(d: CardDef, lang: str) -> list[str]:
    return [keyword_label(k, d, lang) for k in d.rec.keyword_ids]


def key_numbers(d: CardDef, lang: str) -> str:
    """ "G2 8000/8000" for a machine, "G2 HP5000" for an event, "G1" for an assist (ST-C1..C3)."""
    gear = f"ギア{d.gear}" if lang == "ja" else f"G{d.gear}"
    if d.kind == MACHINE:
        return f"{gear} {d.pow}/{d.def_}"
    return f"{gear} HP{d.hp}" if d.hp else gear


def card_line(d: CardDef, lang: str) -> str:
    """One line: name, gear, kind, class, stats, keywords and text (the whole face)."""
    i = 0 if lang == "ja" else 1
    kw = "".join(f"【{k}】" for k in keywords(d, lang))
    what = f"{key_numbers(d, lang)} {_KIND_NAMES[lang][d.kind]}, {CLASSES[d.rec.class_][i]}{kw}"
    return f"{card_name(d, lang)} — {what}: {d.card_text(lang)}"


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
    return _WORDS[lang]["you"] if names.addressed(p, viewer) else names(p)


def _whose(p: int | None, viewer: int | None, lang: str, names: Names) -> str:
    """A player's, told to ``viewer``: "your", "Alice's" (ja "あなたの", "Aliceの")."""
    w = _WORDS[lang]
    return w["your"] if names.addressed(p, viewer) else w["whose"].format(name=names(p))


# -- the board ----------------------------------------------------------------------------------------
def _zone_cell(table: Catalog, zv: Mapping[str, Any], lang: str) -> Text:
    """Three lines: the name, the key numbers, the keywords and state (tapped, stack height)."""
    w = _WORDS[lang]
    kind = zv["kind"]
    if kind == "empty":
        return Text("—", style="dim")
    if kind == "face_down":
        return Text(w["face_down"], style="dim")
    d = _by_name(table, zv["en"])
    gear = _STATS[lang][0]
    t = Text()
    t.append(_cut(str(zv["name" if lang == "ja" else "en"]), 24), style="bold")
    if kind == "machine":
        t.append(f"\n{gear}{zv['gear']} {zv['pow']}/{zv['def']}")
    else:
        t.append(f"\n{gear}{zv['gear']} HP {zv['hp']}/{zv['max_hp']}", style="magenta")
    if zv.get("height") is not None:  # beside the numbers, so the third line holds only keywords and state
        t.append(" " + w["stack"].format(n=zv["height"]), style="green")
    flags = Text("\n")
    if d is not None and keywords(d, lang):
        flags.append("".join(f"【{k}】" for k in keywords(d, lang)), style="cyan")
    if zv.get("tapped"):
        flags.append(f" {w['tapped']}", style="yellow")
    if len(flags) > 1:
        t.append_text(flags)
    return t


def render(state: StampedeState, seat: int | None, lang: str = "en", names: Names | None = None) -> Group:
    """The board as ``seat`` sees it (its ``view``), compact enough for an 80×24 terminal."""
    names = names or Names(lang=lang)
    v = state.view(seat)
    table = state.game.table
    w = _WORDS[lang]
    phase = _PHASES[lang].get(v["phase"], v["phase"])
    head = Text.assemble(
        ("Card Race Stampede!!", "bold red"),
        f"  {w['turn'].format(n=v['turn'])} ({w['cap'].format(n=v['gear_cap'])})  {phase}",
    )
    parts: list[Any] = [head]
    me = seat if seat in (0, 1) else 0
    for p in (1 - me, me):
        pv = v["players"][p]
        pile = [_name(table, en, lang) for en in pv["discard"][-2:]]
        more = "…, " if len(pv["discard"]) > 2 else ""
        info = (
            f"{_who(p, seat, lang, names)} — "
            + (f"{w['distance']} {pv['distance']}" if pv["distance"] > 0 else w["at_goal"])
            + f" · {w['hand']} {pv['hand_count']} · "
            f"{w['deck']} {pv['deck_count']} · {w['discard']} {len(pv['discard'])}"
            + (f" ({more}{', '.join(pile)})" if pile else "")
            + (f" · {w['forcing']}" if pv["forcing"] else "")
        )
        parts.append(Text(_cut(info), style="bold cyan" if p == seat else "bold"))
        tb = Table(box=None, expand=False, padding=(0, 1), pad_edge=False, header_style="dim underline")
        for z in range(3):
            tb.add_column(_ZONE_NAMES[lang][z], justify="center", min_width=20, max_width=25)
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
        parts.append(Text(f"{w['hand']}: " + " · ".join(entries)))
    windows = v["windows"]
    if windows:
        kind = windows["frames"][-1]["kind"]
        who = _who(v["to_move"], seat, lang, names)
        line = w["window"].format(w=_WINDOWS[lang].get(kind, kind), who=who)
        parts.append(Text(_cut(line), style="bold yellow"))
        for it in reversed(windows["items"]):
            text = _item_text(table, it, seat, lang, names)
            parts.append(Text(_cut("  " + w["pending"] + text), style="yellow"))
    if v["over"]:
        if v["winner"] is None:
            parts.append(Text(w["draw"], style="bold green"))
        else:
            reason = _REASONS[lang].get(v["reason"], v["reason"])
            line = w["over"].format(who=_who(v["winner"], seat, lang, names), reason=reason)
            parts.append(Text(line, style="bold green"))
    else:
        head.append("  · " + w["to_move"].format(who=_who(v["to_move"], seat, lang, names)), style="italic")
    return Group(*parts)


def hand_entry(d: CardDef, lang: str) -> str:
    """A hand card in a few words: its name and key numbers ("Pykrete Ride G2 8000/8000")."""
    kind = "" if d.kind == MACHINE else f" {_KIND_NAMES[lang][d.kind]}"
    return f"{d.label(lang)} {key_numbers(d, lang)}{kind}"


_ITEM_WORDS = {
    "en": {"goal": "reaches the goal line", "deckout": "must draw from an empty deck", "fizzled": "fizzles"},
    "ja": {"goal": "ゴールラインに到達", "deckout": "空の山札から引かなければならない", "fizzled": "不発"},
}


def _item_text(table: Catalog, it: Mapping[str, Any], seat: int | None, lang: str, names: Names) -> str:
    k = it["kind"]
    who = _who(it.get("seat"), seat, lang, names)
    if k == "attack":
        cards = " + ".join(_name(table, c, lang) for c in it["attackers"])
        return f"{who}: {cards} → {_name(table, it['target'], lang)}"
    if k == "run":
        return f"{who}: {_name(table, it['card'], lang)} ({_STATS[lang][0]}{it['gear']})"
    if k in ("ability", "placed"):
        return f"{who}: {_name(table, it['card'], lang)}"
    if k == "deadheat":
        return f"{who}: {KEYWORDS['dead_heat'][0 if lang == 'ja' else 1]} {it['by']}"
    if k == "fizzled":
        what = _FIZZLES[lang].get(str(it["what"]), "")
        return f"{who}: {what} — {_ITEM_WORDS[lang]['fizzled']}"
    return f"{who}: {_ITEM_WORDS[lang].get(k, '')}"


# -- menu lines ----------------------------------------------------------------------------------------
_VERBS = {
    "en": {"assist": "play", "keeper": "keeper", "use": "use", "hand": "procedure", "trigger": "accept"},
    "ja": {"assist": "使う", "keeper": "キーパー", "use": "効果", "hand": "手順", "trigger": "発動"},
}
_MENU: dict[str, dict[str, str]] = {
    "en": {
        "call": "call {card} to the {where}{extra}",
        "stack": " (stack {a}→{b})",
        "event": "place event {card} in the {where}: {text}",
        "attack": "attack {target} ({their} {tz}, DEF {df}) with {who} — POW {total}: {res}",
        "attack_event": "attack event {target} ({their} {tz}, HP {hp}) with {who} — POW {total}",
        "target": "attack {target} ({their} {tz})",
        "group_call": "call {card}",
        "group_event": "place event {card}",
        "higher": "destroys it",
        "equal": "both destroyed",
        "lower": "attackers destroyed",
        "stays": "it stays (single-card center)",
        "run": "run with {card} ({your} {zone}): distance {a} → {b}",
        "goal": "run with {card} ({your} {zone}): distance {a} → the goal",
        "battle": "go to the battle phase",
        "end": "end the turn",
        "pass": "pass (let it resolve)",
        "decline": "decline the triggered ability",
        "center": "set {card} face down as your first center",
        "first": "go first",
        "second": "go second",
        "your": "your",
        "their": "their",
        "discard": "discard {card}",
        "copy": "the effect of {card} in their discard pile",
    },
    "ja": {
        "call": "{card} を{where}に呼ぶ{extra}",
        "stack": "（センター{a}→{b}枚）",
        "event": "イベント {card} を{where}に置く：{text}",
        "attack": "{who}（パワー{total}）で{their}{tz}の{target}（ディフェンス{df}）を攻撃：{res}",
        "attack_event": "{who}（パワー{total}）で{their}{tz}のイベント{target}（HP{hp}）を攻撃",
        "target": "{their}{tz}の {target} を攻撃",
        "group_call": "{card} を呼ぶ",
        "group_event": "イベント {card} を置く",
        "higher": "破壊する",
        "equal": "両方破壊",
        "lower": "攻撃側が破壊される",
        "stays": "センター1枚のため残る",
        "run": "{card}（{your}{zone}）で走行：残り {a} → {b}",
        "goal": "{card}（{your}{zone}）で走行：残り {a} → ゴール",
        "battle": "バトルフェイズへ",
        "end": "ターン終了",
        "pass": "パス（解決させる）",
        "decline": "誘発効果を使わない",
        "center": "{card} をファーストマシンとして裏向きに置く",
        "first": "先攻を選ぶ",
        "second": "後攻を選ぶ",
        "your": "自分の",
        "their": "相手の",
        "discard": "{card} を捨てる",
        "copy": "相手の捨札の {card} の効果",
    },
}


def _choice_words(
    state: StampedeState, seat: int, d: CardDef, ab_index: int, ch: tuple[Any, ...], lang: str
) -> str:
    """The choices of an ability in words: "your right: Blaze Petal", "discard Rose Starter"."""
    ab = d.abilities[ab_index]
    return ", ".join(_block_words(state, seat, ab.costs + ab.effects, ch, lang))


def _block_words(
    state: StampedeState, seat: int, blocks: tuple[Any, ...], ch: tuple[Any, ...], lang: str
) -> list[str]:
    m = _MENU[lang]
    words = []
    table = state.game.table
    for blk, c in zip(blocks, ch, strict=True):
        if c is None:
            continue
        if blk.impl.choice == "card":
            words.append(m["discard"].format(card=table.cards[c].label(lang)))
            continue
        if blk.impl.choice == "copy":  # 《幻影の周回》: the copied assist, then its effects' choices
            copied = table.cards[c[0]]
            words.append(m["copy"].format(card=copied.label(lang)))
            if copied.play is not None:
                words += _block_words(state, seat, copied.play.effects, c[1], lang)
            continue
        side, z = resolve_zone(seat, c)
        u = state.field[side * 3 + z]
        owner = m["your"] if side == seat else m["their"]
        sep = "" if lang == "ja" else " "
        what = f": {state.card_of[u].label(lang)}" if u >= 0 else ""
        words.append(f"{owner}{sep}{_ZONE_NAMES[lang][z]}{what}")
    return words


def describe(state: StampedeState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for a legal action of the seat to move, in ``lang``, with the key numbers of the
    cards it names (gear, POW/DEF or HP) and its targets in words."""
    m = _MENU[lang]
    table = state.game.table
    k = action.kind
    p = state.to_move if state.to_move is not None else state.active
    if k == "call":
        d = table.cards[action.args[0]]
        z = action.args[1]
        h = len(state.centers[p])
        extra = m["stack"].format(a=h, b=h + 1) if z == CENTER else ""
        card = f"{d.label(lang)} {key_numbers(d, lang)}"
        return m["call"].format(card=card, where=_ZONE_NAMES[lang][z], extra=extra)
    if k == "event":
        d = table.cards[action.args[0]]
        card = f"{card_name(d, lang)} {key_numbers(d, lang)}"
        return _cut(
            m["event"].format(card=card, where=_ZONE_NAMES[lang][action.args[1]], text=d.card_text(lang)),
            MENU_WIDTH,
        )
    if k in ("assist", "keeper", "use", "hand", "trigger"):
        cid, _, ab_index, ch = action.args
        d = table.cards[cid]
        targets = _choice_words(state, p, d, ab_index, ch, lang)
        line = f"{_VERBS[lang][k]} {d.label(lang)} {key_numbers(d, lang)}"
        return _cut(line + (f" → {targets}" if targets else "") + f": {d.card_text(lang)}", MENU_WIDTH)
    if k == "attack":
        return _attack_line(state, p, action.args[0], action.args[1], lang)
    if k == "run":
        z = action.args[0]
        d = state.card_of[state.field[p * 3 + z]]
        left = state.distance[p]
        key = "run" if left - d.gear > 0 else "goal"
        card = f"{card_name(d, lang, False)} {_STATS[lang][0]}{d.gear}"
        return m[key].format(card=card, your=m["your"], zone=_ZONE_NAMES[lang][z], a=left, b=left - d.gear)
    if k in ("battle", "end", "pass", "decline"):
        return str(m[k])
    if k == "center":
        d = table.cards[action.args[0]]
        return m["center"].format(card=f"{d.label(lang)} {key_numbers(d, lang)}")
    if k == "order":
        return str(m["first"] if action.args[0] else m["second"])
    return action.notation


def menu_group(state: StampedeState, action: Action, lang: str = "en") -> str | None:
    """A long menu groups the attacks by target (then the attackers are picked), and the calls and events
    by card (then the zone); the rest stand alone."""
    m = _MENU[lang]
    if action.kind == "attack":
        p = state.to_move if state.to_move is not None else state.active
        tz = action.args[1]
        target = state.card_of[state.field[(1 - p) * 3 + tz]]
        return m["target"].format(target=target.label(lang), their=m["their"], tz=_ZONE_NAMES[lang][tz])
    if action.kind in ("call", "event"):
        d = state.game.table.cards[action.args[0]]
        return m["group_" + action.kind].format(card=f"{d.label(lang)} {key_numbers(d, lang)}")
    return None


def _attack_line(state: StampedeState, p: int, zones: tuple[int, ...], tz: int, lang: str) -> str:
    """Attackers and target by name and zone, the POW against DEF and the outcome (ST-T4)."""
    m = _MENU[lang]
    base = p * 3
    sep = "" if lang == "ja" else " "
    who = " + ".join(
        f"{state.card_of[state.field[base + z]].label(lang)} ({m['your']}{sep}{_ZONE_NAMES[lang][z]})"
        for z in zones
    )
    total = sum(state.pow_of(state.field[base + z]) for z in zones)
    tu = state.field[(1 - p) * 3 + tz]
    td = state.card_of[tu]
    fields = {"target": td.label(lang), "their": m["their"], "tz": _ZONE_NAMES[lang][tz], "who": who}
    if td.kind != MACHINE:
        return m["attack_event"].format(hp=td.hp - state.damage.get(tu, 0), total=total, **fields)
    df = state.def_of(tu)
    res = m["higher"] if total > df else m["equal"] if total == df else m["lower"]
    if total > df and tz == CENTER and len(state.centers[1 - p]) <= 1:
        res = m["stays"]
    return m["attack"].format(df=df, total=total, res=res, **fields)


# -- narration ---------------------------------------------------------------------------------------------
# English: (the line about another player, the line when the subject is the reader, "you"). Japanese: one
# line, its subject "あなた" or the name. Every event a seat sees gets a line in both languages.
_EN: dict[str, tuple[str, str]] = {
    "first_machine_set": (
        "{who} sets a card face down as the first machine",
        "you set a card face down as your first machine",
    ),
    "first_machine": ("{whose} first machine: {card}", "your first machine: {card}"),
    "dealt": ("{who} is dealt {cards}", "you are dealt {cards} (not looked at yet)"),
    "order_chosen": ("{who} chooses to go {order}", "you choose to go {order}"),
    "first_player": ("{who} goes first", "you go first"),
    "hand": ("{whose} hand: {list}", "your hand: {list}"),
    "turn": ("— turn {turn}: {whose} turn (gear cap {cap}) —", "— turn {turn}: your turn (gear cap {cap}) —"),
    "draw": ("{who} draws a card ({left} left)", "you draw a card ({left} left)"),
    "drew": ("{who} drew {card}", "the card you drew: {card}"),
    "phase": ("{who} goes to battle", "you go to battle"),
    "call": ("{who} calls {card} to the {zone}{stack}", "you call {card} to the {zone}{stack}"),
    "procedure": (
        "{card} goes on top of {whose} center by its procedure{stack}",
        "{card} goes on top of your center by its procedure{stack}",
    ),
    "event": (
        "{who} places the event {card} in the {zone} (HP {hp})",
        "you place {card} in the {zone} (HP {hp})",
    ),
    "assist": ("{who} plays {card}", "you play {card}"),
    "use": ("{who} uses {card}", "you use {card}"),
    "keeper": ("{who} answers with {card}", "you answer with {card}"),
    "trigger": ("{whose} {card} uses its ability", "your {card} uses its ability"),
    "procedure_use": ("{who} uses the procedure of {card}", "you use the procedure of {card}"),
    "resolved": ("{whose} {card} resolves", "your {card} resolves"),
    "copy": (
        "{who} uses the effect of {card} from {their} discard pile",
        "you use the effect of {card} from {their} discard pile",
    ),
    "stats": ("{card}: {change} {until}", "{card}: {change} {until}"),
    "tap": ("{whose} {card} is tapped", "your {card} is tapped"),
    "untap": ("{whose} {card} untaps", "your {card} untaps"),
    "attack": (
        "{who} attacks {target} ({their} {zone}) with {attackers}",
        "you attack {target} ({their} {zone}) with {attackers}",
    ),
    "destroyed": ("{whose} {card} is destroyed", "your {card} is destroyed"),
    "exposed": (
        "{whose} center is now {card} (stack {height})",
        "your center is now {card} (stack {height})",
    ),
    "stays": (
        "{card} is {whose} only center machine: it stays",
        "{card} is your only center machine: it stays",
    ),
    "to_hand": ("{whose} {card} returns to the hand", "your {card} returns to your hand"),
    "to_discard": ("{whose} {card} goes to the discard pile", "your {card} goes to your discard pile"),
    "returned": (
        "{whose} {card} returns to the hand (center gear {gear})",
        "your {card} returns to your hand (center gear {gear})",
    ),
    "put_under": (
        "{whose} {card} goes under the center (stack {height})",
        "your {card} goes under your center (stack {height})",
    ),
    "discarded": ("{who} discards {card}", "you discard {card}"),
    "event_hp": ("{whose} {card} has {hp} HP left", "your {card} has {hp} HP left"),
    "searched": (
        "{who} takes {cards} from the deck and shuffles it",
        "you take {cards} from your deck and shuffle it",
    ),
    "searched_cards": ("{who} took {list}", "you took {list}"),
    "recycled": (
        "from {whose} discard pile to the bottom of the deck: {list}",
        "from your discard pile to the bottom of your deck: {list}",
    ),
    "force": (
        "{opp} must attack {whose} center with every machine able to act",
        "{opp} must attack your center with every machine able to act",
    ),
    "force_ends": ("the forced attack on {whose} center ends", "the forced attack on your center ends"),
    "force_lifted": (
        "the forced attack on {whose} center is lifted",
        "the forced attack on your center is lifted",
    ),
    "run_declared": (
        "{who} declares a run with {card} (gear {gear})",
        "you declare a run with {card} (gear {gear})",
    ),
    "run": ("{who}: {to_go}", "you: {to_go}"),
    "run_dead_heat": (
        "{who} runs {by} with Dead Heat: {to_go}",
        "you run {by} with Dead Heat: {to_go}",
    ),
    "run_goal": ("{who} reaches the goal line", "you reach the goal line"),
    "dead_heat": ("Dead Heat: {whose} {card} runs too", "Dead Heat: your {card} runs too"),
    "distance": ("{whose} distance {by:+}: {to_go}", "your distance {by:+}: {to_go}"),
    "crash": ("CRASH! {who} overtakes {other}", "CRASH! you overtake {other}"),
    "crashed": ("CRASH! {who} overtakes you", "CRASH! {who} overtakes you"),
    "double_action": ("{whose} {card} untaps (Double Action)", "your {card} untaps (Double Action)"),
    "fizzle": ("{whose} {what} fizzles", "your {what} fizzles"),
    "fizzle_card": ("{whose} {card}: its {what} fizzles", "your {card}: its {what} fizzles"),
    "goal_averted": (
        "{who} is kept from the goal: {to_go}",
        "you are kept from the goal: {to_go}",
    ),
    "deck_empty": ("{who} must draw from an empty deck", "you must draw from an empty deck"),
    "deckout_averted": ("{who} is saved from the empty deck", "you are saved from the empty deck"),
    "no_response": ("{who} cannot answer (no cards in hand)", "you cannot answer (no cards in hand)"),
    "decline": ("{who} declines the triggered ability", "you decline the triggered ability"),
    "end_turn": ("{whose} turn ends", "your turn ends"),
    "rps": (
        "rock-paper-scissors: {who} wins and chooses first or second",
        "rock-paper-scissors: you win and choose first or second",
    ),
    "reveal": ("first machines: {list}", "first machines: {list}"),
    "race_over": ("RACE OVER: {who} wins ({reason})", "RACE OVER: you win ({reason})"),
    "race_draw": ("RACE OVER: a draw", "RACE OVER: a draw"),
}
_JA: dict[str, str] = {
    "first_machine_set": "{who}がカードを1枚裏向きでファーストマシンに置いた",
    "first_machine": "{whose}ファーストマシン：{card}",
    "dealt": "{who}に{cards}が配られた",
    "order_chosen": "{who}は{order}を選んだ",
    "first_player": "{who}が先攻",
    "hand": "{whose}手札：{list}",
    "turn": "— ターン{turn}：{whose}ターン（ギア上限{cap}）—",
    "draw": "{who}がカードを1枚引いた（残り{left}枚）",
    "drew": "{who}が引いたカード：{card}",
    "phase": "{who}がバトルフェイズへ",
    "call": "{who}が{card}を{zone}に呼んだ{stack}",
    "procedure": "{card}が手順で{whose}センターの上に置かれた{stack}",
    "event": "{who}がイベント{card}を{zone}に置いた（HP {hp}）",
    "assist": "{who}が{card}を使った",
    "use": "{who}が{card}の効果を使った",
    "keeper": "{who}が{card}で応じた",
    "trigger": "{whose}{card}の効果が発動",
    "procedure_use": "{who}が{card}の手順を使った",
    "resolved": "{whose}{card}が解決した",
    "copy": "{who}が{their}捨て札の{card}の効果を使う",
    "stats": "{card}：{change}（{until}）",
    "tap": "{whose}{card}が疲労した",
    "untap": "{whose}{card}が回復した",
    "attack": "{who}が{attackers}で{their}{zone}の{target}を攻撃",
    "destroyed": "{whose}{card}が破壊された",
    "exposed": "{whose}センターは{card}になった（{height}枚）",
    "stays": "{card}は{whose}センター唯一のマシン：残る",
    "to_hand": "{whose}{card}が手札に戻った",
    "to_discard": "{whose}{card}が捨て札に置かれた",
    "returned": "{whose}{card}が手札に戻った（センターのギア{gear}）",
    "put_under": "{whose}{card}がセンターの下に置かれた（{height}枚）",
    "discarded": "{who}が{card}を捨てた",
    "event_hp": "{whose}{card}の残りHP {hp}",
    "searched": "{who}が山札から{cards}を手札に加え、山札を切った",
    "searched_cards": "{who}が山札から手札に加えたカード：{list}",
    "recycled": "{whose}{list}が山札の下に置かれた",
    "force": "《進路妨害》：{opp}は行動可能なマシンすべてで{whose}センターを攻撃しなければならない",
    "force_ends": "{whose}《進路妨害》が終わった",
    "force_lifted": "{whose}《進路妨害》が解除された",
    "run_declared": "{who}が{card}（ギア{gear}）で走行を宣言",
    "run": "{who}：{to_go}",
    "run_dead_heat": "{who}がデッドヒートで{by}走行：{to_go}",
    "run_goal": "{who}がゴールラインに到達",
    "dead_heat": "デッドヒート：{whose}{card}も走る",
    "distance": "{whose}残り距離{by:+}：{to_go}",
    "crash": "クラッシュ！{who}が{other}を追い抜いた",
    "crashed": "クラッシュ！{who}があなたを追い抜いた",
    "double_action": "{whose}{card}が回復した（二回行動）",
    "fizzle": "{whose}{what}は不発",
    "fizzle_card": "{whose}{card}の{what}は不発",
    "goal_averted": "{who}のゴールが阻まれた：{to_go}",
    "deck_empty": "{who}は空の山札から引かなければならない",
    "deckout_averted": "{who}は山札切れを免れた",
    "no_response": "{who}は応答できない（手札なし）",
    "decline": "{who}は誘発効果を使わなかった",
    "end_turn": "{whose}ターン終了",
    "rps": "じゃんけん：{who}の勝ち、先攻・後攻を選ぶ",
    "reveal": "ファーストマシン：{list}",
    "race_over": "レース終了：{who}の勝ち（{reason}）",
    "race_draw": "レース終了：引き分け",
}
_FIZZLES = {
    "en": {"attack": "attack", "run": "run", "search": "search", "recycle": "recycle", "draw": "draw",
           "dead_heat": "Dead Heat", "on_enter": "on-enter ability", "on_destroyed": "when-destroyed ability",
           "crash": "Crash ability", "copy": "copied effect", "effect": "effect"},
    "ja": {"attack": "攻撃", "run": "走行", "search": "サーチ", "recycle": "回収", "draw": "ドロー",
           "dead_heat": "デッドヒート", "on_enter": "登場時効果", "on_destroyed": "破壊時効果",
           "crash": "クラッシュ効果", "copy": "効果の使用", "effect": "効果"},
}  # fmt: skip
_ORDER = {"en": ("second", "first"), "ja": ("後攻", "先攻")}
_UNTIL = {"en": ("until end of turn", "while on the field"), "ja": ("ターン終了まで", "場にある間")}


def _count(n: int, lang: str) -> str:
    if lang == "ja":
        return f"{n}枚"
    return "a card" if n == 1 else f"{n} cards"


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
    subject = _subject(e)
    if lang == "ja":
        text = _JA.get(key)
    else:
        pair = _EN.get(key)
        if pair is None:
            return None
        if key == "crash" and names.addressed(e.get("overtaken"), seat):
            pair = _EN["crashed"]
        text = pair[1] if names.addressed(subject, seat) else pair[0]
    if not text:
        return None
    try:
        return text.format(**_fields(table, e, seat, lang, names))
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
    zone_word = _ZONE_WORDS[lang][ZONES.index(zone)] if isinstance(zone, str) and zone in ZONES else ""
    cards = [_name(table, c, lang) for c in e.get("cards") or []]
    if e.get("type") == "reveal":
        cards = [
            f"{_who(p, seat, lang, names)} {_name(table, c, lang)}"
            for p, c in enumerate(e.get("centers") or [])
        ]
    owner = _seat(e.get("seat"))
    other_side = None if owner is None else 1 - owner
    pow_word, def_word = _STATS[lang][1:]
    sep = "" if lang == "ja" else " "
    change = " ".join(
        f"{label}{sep}{v:+}" for label, v in ((pow_word, e.get("pow", 0)), (def_word, e.get("def_", 0))) if v
    )
    height = e.get("height")
    stack = ""
    if zone == "C" and height:
        stack = f" (stack {height})" if lang == "en" else f"（{height}枚）"
    return {
        "who": _who(s, seat, lang, names),
        "whose": _whose(s, seat, lang, names),
        "their": _whose(other_side, seat, lang, names),  # the defender's (an attack's target zone)
        "other": _who(_seat(e.get("overtaken")), seat, lang, names),
        "opp": _who(other_side, seat, lang, names),
        "card": _name(table, e.get("card"), lang),
        "target": _name(table, e.get("target"), lang),
        "attackers": " + ".join(_name(table, c, lang) for c in e.get("attackers") or []),
        "zone": zone_word,
        "stack": stack,
        "list": ", ".join(cards) if lang == "en" else "、".join(cards),
        "cards": _count(int(e.get("count", 0) or 0), lang),
        "order": _ORDER[lang][bool(e.get("first"))],
        "change": change or "±0",
        "until": _UNTIL[lang][0] if e.get("duration") == "turn" else _UNTIL[lang][1],
        "what": _FIZZLES[lang].get(str(e.get("what")), _FIZZLES[lang]["effect"]),
        "gear": e.get("gear", e.get("center_gear", "")),
        "reason": _REASONS[lang].get(str(e.get("reason")), ""),
        **{k: e.get(k) for k in ("turn", "cap", "left", "hp", "height", "by", "distance") if k in e},
        "to_go": _to_go(e.get("distance"), lang),
    }


def _to_go(distance: Any, lang: str) -> str:
    """'12 to go', or 'at the goal' once the distance is 0 or below (a keeper may still push it back)."""
    if not isinstance(distance, int):
        return ""
    if lang == "ja":
        return f"残り{distance}" if distance > 0 else "ゴール"
    return f"{distance} to go" if distance > 0 else "at the goal"


def combat_line(game: Stampede, e: Mapping[str, Any], lang: str = "en") -> str | None:
    """The outcome of a combat event (ST-T4)."""
    table = game.table
    target = _name(table, e.get("target"), lang)
    pow_word, def_word = _STATS[lang][1:]
    if e.get("outcome") == "event":
        return f"{pow_word} {e['pow']} → {target} (HP {e['hp_before']})"
    what = {
        "en": {"lower": "the attackers lose", "equal": "both destroyed", "higher": f"{target} is destroyed"},
        "ja": {"lower": "攻撃側の負け", "equal": "両方破壊", "higher": f"{target}を破壊"},
    }[lang].get(str(e.get("outcome")))
    if what is None:
        return None
    vs = "対" if lang == "ja" else "vs"
    return f"{pow_word} {e['pow']} {vs} {def_word} {e['def_']}: {what}"


# -- the decision and why things cannot be used ---------------------------------------------------------
_PROMPT = {
    "en": {
        "center": "Choose your first machine: a gear-1 machine of your deck, set face down",
        "order": "You won rock-paper-scissors: go first or second",
        "main": "Your main phase: call machines, play cards or use abilities, then go to battle",
        "battle": "Your battle phase: attack or run with your untapped machines, play cards, or end the turn",
        "battle_idle": "Your battle phase: play cards or use abilities, or end the turn",
        "forced": "A forced attack: attack {whose} center with your machines able to act",
        "choice": "Your {card}'s ability: choose {what}",
        "targets": "its targets",
        "or_decline": ", or decline it",
        "use_or_decline": "Your {card}'s ability: use it, or decline it",
        "attack": "{who} attacks {target} with {attackers}: {todo}",
        "run": "{who} declares a run with {card}: {todo}",
        "respond": "respond with a card or ability, or pass",
        "goal": "{who} is about to reach the goal: {todo}",
        "keep": "answer with a keeper, or pass",
        "deckout": "You must draw from an empty deck: {todo}",
        "requiem": "answer with a Requiem Keeper, or pass and lose",
        "nothing": "nothing you hold answers now: pass",
        "named": "{name}: {text}",
    },
    "ja": {
        "center": "ファーストマシンを選ぶ：山札のギア1のマシンを裏向きに置く",
        "order": "じゃんけんに勝った：先攻か後攻を選ぶ",
        "main": "メインフェイズ：マシンを呼ぶ、カードや効果を使う、そしてバトルフェイズへ",
        "battle": "バトルフェイズ：未疲労のマシンで攻撃か走行、カードを使う、またはターン終了",
        "battle_idle": "バトルフェイズ：カードや効果を使う、またはターン終了",
        "forced": "《進路妨害》：行動可能なマシンで{whose}センターを攻撃する",
        "choice": "{card}の効果：{what}を選ぶ",
        "targets": "対象",
        "or_decline": "（使わないこともできる）",
        "use_or_decline": "{card}の効果：使うか、使わないかを選ぶ",
        "attack": "{who}が{attackers}で{target}を攻撃：{todo}",
        "run": "{who}が{card}で走行を宣言：{todo}",
        "respond": "カードや効果で応答するか、パス",
        "goal": "{who}がゴール直前：{todo}",
        "keep": "キーパーで応じるか、パス",
        "deckout": "空の山札から引かなければならない：{todo}",
        "requiem": "レクイエムキーパーで応じるか、パスして負ける",
        "nothing": "今応答できるカードはない：パス",
        "named": "{name}：{text}",
    },
}


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
    m = _PROMPT[lang]
    text = _decision(state, p, lang, names)
    return text if names.addressed(p, p) else m["named"].format(name=names(p), text=text)


def _decision(state: StampedeState, p: int, lang: str, names: Names) -> str:
    m = _PROMPT[lang]
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    windows = state.windows
    if windows.frames:
        kind = windows.kind
        if kind == W_CHOICE:
            card = state.card_of[windows.data[1]].label(lang)
            targets = [a for a in legal if a.kind == "trigger" and any(c is not None for c in a.args[3])]
            text = m["choice"].format(card=card, what=m["targets"]) if targets else ""
            if not text:  # nothing to choose: use it or not
                return m["use_or_decline"].format(card=card)
            return text + (m["or_decline"] if "decline" in kinds else "")
        answers = bool(kinds - {"pass"})
        if kind == W_GOAL:
            todo = m["keep"] if answers else m["nothing"]
            return m["goal"].format(who=_who(1 - p, p, lang, names), todo=todo)
        if kind == W_DECKOUT:
            return m["deckout"].format(todo=m["requiem"] if answers else m["nothing"])
        todo = m["respond"] if answers else m["nothing"]
        it = _declared(state, AttackItem) if kind == "attack" else _declared(state, RunItem)
        if isinstance(it, AttackItem):
            attackers = " + ".join(state.card_of[u].label(lang) for _, u in it.attackers)
            target = state.card_of[it.target].label(lang)
            who = _who(it.seat, p, lang, names)
            return m["attack"].format(who=who, target=target, attackers=attackers, todo=todo)
        if isinstance(it, RunItem):
            who = _who(it.seat, p, lang, names)
            return m["run"].format(who=who, card=state.card_of[it.uid].label(lang), todo=todo)
        return _MENU[lang]["pass"]
    if state.phase == CHOOSE_CENTER:
        return m["center"]
    if state.phase == CHOOSE_ORDER:
        return m["order"]
    if state.phase == MAIN:
        return m["main"]
    if state.phase == BATTLE:
        if "end" not in kinds:
            return m["forced"].format(whose=_whose(1 - p, p, lang, names))
        return m["battle"] if kinds & {"attack", "run"} else m["battle_idle"]
    return _PHASES[lang].get(state.phase, "")


_WHY = {
    "en": {
        "choice": "not now: first decide on the triggered ability",
        "keeper_only": "only Goal Keeper and Requiem Keeper cards answer now",
        "requiem_only": "only Requiem Keeper cards answer an empty deck",
        "keeper": "a keeper is used only when you are about to lose",
        "machine_answer": "machines are called in your main phase, not in answer",
        "machine_battle": "machines are called in your main phase",
        "cap": "gear {gear} is above this turn's gear cap {cap}",
        "center_class": "your center is {cls}: only its class (or Steering) stacks on it",
        "center_gear": "on your center only gear {up}, beside it gear {gear} or less",
        "sides_full": "both your side zones are taken",
        "guest": "a Guest never goes to the center, and both side zones are taken",
        "demi_guest": "a Demi-Guest reaches the center only by its procedure, which cannot be used now",
        "needs_gear": "it needs a center of gear {gear} or more; yours is gear {center}",
        "needs_class": "it needs a center of its class ({cls}; Steering counts as any)",
        "no_target": "it has nothing to act on now",
        "used": "used this turn (once per turn)",
        "condition": "its condition is not met now",
        "cost": "its cost cannot be paid now",
        "not_now": "it cannot be used now",
        "main_only": "not in answer: it is used in your main phase",
        "tapped": "tapped: it has acted this turn",
        "acts_in_battle": "machines act in the battle phase",
        "no_runner": "it can neither run nor attack now",
        "event_acts": "an event does not attack or run",
        "obstruction": "only cards with Obstruction may be attacked while one is on the field",
        "forced": "the forced attack: every machine able to act must attack the center",
    },
    "ja": {
        "choice": "今は使えない：先に誘発効果を決める",
        "keeper_only": "今応じられるのはゴールキーパーとレクイエムキーパーのカードだけ",
        "requiem_only": "空の山札に応じられるのはレクイエムキーパーのカードだけ",
        "keeper": "キーパーは負けそうなときにだけ使える",
        "machine_answer": "マシンはメインフェイズに呼ぶもので、応答には使えない",
        "machine_battle": "マシンはメインフェイズに呼ぶ",
        "cap": "ギア{gear}はこのターンのギア上限{cap}を超える",
        "center_class": "センターは{cls}：同じクラス（かステアリング）しか重ねられない",
        "center_gear": "センターにはギア{up}だけ、横にはギア{gear}以下だけ",
        "sides_full": "左右のゾーンが埋まっている",
        "guest": "ゲストカードはセンターに置けず、左右のゾーンも埋まっている",
        "demi_guest": "デミ・ゲストカードは手順でしかセンターに置けず、今は手順を使えない",
        "needs_gear": "ギア{gear}以上のセンターが必要（あなたのセンターはギア{center}）",
        "needs_class": "同じクラスのセンターが必要（{cls}、ステアリングはどのクラスにもなる）",
        "no_target": "今は対象がない",
        "used": "このターンはもう使った（1ターンに1回）",
        "condition": "今は条件を満たしていない",
        "cost": "今はコストを払えない",
        "not_now": "今は使えない",
        "main_only": "応答には使えない：メインフェイズに使う",
        "tapped": "疲労している：このターンはもう行動した",
        "acts_in_battle": "マシンはバトルフェイズに行動する",
        "no_runner": "今は走行も攻撃もできない",
        "event_acts": "イベントは攻撃も走行もしない",
        "obstruction": "進路妨害を持つカードが場にある間は、それしか攻撃できない",
        "forced": "《進路妨害》：行動可能なマシンはすべてセンターを攻撃しなければならない",
    },
}


def unusable(state: StampedeState, seat: int, lang: str = "en", names: Names | None = None) -> dict[str, str]:
    """Why the cards and zones of ``seat``'s view that no legal action uses cannot be used now: its hand
    cards, its machines and events, and in its battle phase the opposing cards it may not attack. For
    the seat to move only (the other seat has no decision); from what ``seat`` sees."""
    if state.to_move != seat or state.over:
        return {}
    game = state.game
    used = {r for a in state.legal_actions() for r in game.move_refs(state, a)}
    w = _WHY[lang]
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
            out[ref] = w["choice"] if windows.kind == W_CHOICE else w["not_now"]
        elif d.kind != MACHINE:
            out[ref] = w["event_acts"]
        elif state.phase == MAIN:
            out[ref] = w["acts_in_battle"]
        elif state.tapped[seat * 3 + z]:
            out[ref] = w["tapped"]
        else:
            out[ref] = w["no_runner"]
    attacks = any(a.kind == "attack" for a in state.legal_actions())
    if attacks:
        o = 1 - seat
        forced = "end" not in {a.kind for a in state.legal_actions()}
        for z in (0, 1, 2):
            ref = f"zone:{o}:{ZONES[z]}"
            if state.field[o * 3 + z] >= 0 and ref not in used:
                out[ref] = w["forced"] if forced else w["obstruction"]
    return out


def _hand_reason(state: StampedeState, p: int, d: CardDef, lang: str) -> str:
    w = _WHY[lang]
    windows = state.windows
    if windows.frames:
        kind = windows.kind
        if kind == W_CHOICE:
            return w["choice"]
        if kind in KEEPER_WINDOWS:
            if not (d.requiem_keeper if kind == W_DECKOUT else d.keepers):
                return w["requiem_only"] if kind == W_DECKOUT else w["keeper_only"]
            return _usable_reason(state, p, d, lang)
        if d.kind == MACHINE:
            return w["machine_answer"] if not d.keepers else w["keeper"]
        if not d.instant:
            return w["keeper"] if d.keepers else w["main_only"]
        return _usable_reason(state, p, d, lang)
    if d.kind == MACHINE:
        if state.phase != MAIN:
            return w["machine_battle"]
        return _call_reason(state, p, d, lang)
    if not d.instant:
        return w["keeper"] if d.keepers else w["not_now"]
    return _usable_reason(state, p, d, lang)


def _ability_reason(state: StampedeState, p: int, u: int, ab: Ability, lang: str) -> str:
    """Why an activated ability of a card on ``p``'s field cannot be used now."""
    w = _WHY[lang]
    if state.windows.kind == W_CHOICE:
        return w["choice"]
    d = state.card_of[u]
    if d.kind == EVENT and not state.usable(p, d):
        return _usable_reason(state, p, d, lang)
    for c in ab.conds:
        if not c.impl.ok(c.p, state, p, u, ab.index):
            return w["used"] if c.name == "once_per_turn" else w["condition"]
    for blk in ab.costs:
        if not blk.impl.options(blk.p, state, p, u):
            return w["cost"]
    return w["no_target"]


def _usable_reason(state: StampedeState, p: int, d: CardDef, lang: str) -> str:
    """ST-T6: an assist, event or keeper needs a center of its class with gear at least its own."""
    w = _WHY[lang]
    c = state.center_def(p)
    if d.gear > state.turn:
        return w["cap"].format(gear=d.gear, cap=state.turn)
    if c.gear < d.gear:
        return w["needs_gear"].format(gear=d.gear, center=c.gear)
    if not (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING):
        return w["needs_class"].format(cls=CLASSES[d.rec.class_][0 if lang == "ja" else 1])
    if d.kind == EVENT and state.field[p * 3] >= 0 and state.field[p * 3 + 2] >= 0:
        return w["sides_full"]
    return w["no_target"] if d.kind in (ASSIST, EVENT) or d.keepers else w["not_now"]


def _call_reason(state: StampedeState, p: int, d: CardDef, lang: str) -> str:
    """ST-T3: why a machine in hand cannot be called now."""
    w = _WHY[lang]
    if d.gear > state.turn:
        return w["cap"].format(gear=d.gear, cap=state.turn)
    c = state.center_def(p)
    sides_full = state.field[p * 3] >= 0 and state.field[p * 3 + 2] >= 0
    if d.demi_guest and d.gear > c.gear:
        return w["demi_guest"]
    if d.guest and d.gear <= c.gear:
        return w["guest"]
    if d.gear == c.gear + 1 and not (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING):
        return w["center_class"].format(cls=CLASSES[c.rec.class_][0 if lang == "ja" else 1])
    if d.gear <= c.gear and sides_full:
        return w["sides_full"]
    return w["center_gear"].format(up=c.gear + 1, gear=c.gear)


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
            "Double Action",
            "ST-K2, arbitrage : une machine à Double Action se redresse après avoir agi une fois par "
            "tour, ou une seule fois dans la course",
            {"per_turn": "une fois par tour", "per_game": "une fois par course"},
        ),
        "effect_draw_loses": OptionWords(
            "Une pioche par effet peut faire perdre",
            "ST-O1, arbitrage : un effet qui fait piocher dans un deck vide fait aussi perdre la course "
            "(désactivé : cette pioche est sans effet)",
        ),
        "copy_conditions": OptionWords(
            "Phantom Lap copie les conditions",
            "ST-C2, arbitrage : une assistance copiée par Phantom Lap garde sa propre condition (« à "
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


__all__ = [
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
