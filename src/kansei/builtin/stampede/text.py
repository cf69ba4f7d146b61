"""Terminal text for Card Race Stampede!!, in English or Japanese: the board as one seat sees it, menu lines
for the seat to move, and one narration line per event.

Everything here is built from what the seat may see: ``render`` reads ``state.view(seat)``; ``narrate``
reads one event of ``state.events_for(seat)``; ``describe`` is for the seat to move and reads the public
board and that seat's own cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action

from .blocks import resolve_zone
from .cards import CLASSES, KEYWORDS, MACHINE
from .rules import StampedeState
from .state import CENTER, ZONES
from .table import CardDef, Catalog

if TYPE_CHECKING:  # pragma: no cover
    from .game import Stampede

WIDTH = 78  # a line of the board is cut to fit an 80-column terminal
MENU_WIDTH = 150  # a menu line with a card's text: two lines at most (a client cuts it to one if it must)

_ZONE_NAMES = {"en": ("left", "center", "right"), "ja": ("左", "センター", "右")}
_ZONE_WORDS = {"en": ("left zone", "center", "right zone"), "ja": ("左", "センター", "右")}
_KIND_NAMES = {"en": ("machine", "assist", "event"), "ja": ("マシン", "アシスト", "イベント")}
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
    },
    "ja": {
        "attack": "攻撃宣言",
        "run": "走行宣言",
        "goal": "ゴール直前",
        "deckout": "山札切れ直前",
        "choice": "誘発効果",
    },
}
_WORDS = {
    "en": {
        "seat": "seat {p}",
        "you": "you",
        "your": "your",
        "seats": "seat {p}'s",
        "their": "their",
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
        "forcing": "《進路妨害》 in force",
    },
    "ja": {
        "seat": "シート{p}",
        "you": "あなた",
        "your": "あなたの",
        "seats": "シート{p}の",
        "their": "相手の",
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


def keywords(d: CardDef, lang: str) -> list[str]:
    i = 0 if lang == "ja" else 1
    return [KEYWORDS[k][i] + (str(d.dead_heat) if k == "dead_heat" else "") for k in d.rec.keyword_ids]


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


# -- the board ----------------------------------------------------------------------------------------
def _zone_cell(table: Catalog, zv: Mapping[str, Any] | None, lang: str) -> Text:
    """Three lines: the name, the key numbers, the keywords and state (tapped, stack height)."""
    w = _WORDS[lang]
    if zv is None:
        return Text("—", style="dim")
    if zv.get("face_down"):
        return Text(w["face_down"], style="dim")
    d = _by_name(table, zv.get("en"))
    t = Text()
    t.append(_cut(str(zv.get("name" if lang == "ja" else "en", "?")), 24), style="bold")
    if zv.get("kind") == "machine":
        t.append(f"\nG{zv.get('gear')} {zv.get('pow')}/{zv.get('def')}")
    else:
        t.append(f"\nG{zv.get('gear')} HP {zv.get('hp')}/{zv.get('max_hp')}", style="magenta")
    if "height" in zv:  # beside the numbers, so the third line holds only keywords and state
        t.append(" " + w["stack"].format(n=zv["height"]), style="green")
    flags = Text("\n")
    if d is not None and keywords(d, lang):
        flags.append("".join(f"【{k}】" for k in keywords(d, lang)), style="cyan")
    if zv.get("tapped"):
        flags.append(f" {w['tapped']}", style="yellow")
    if len(flags) > 1:
        t.append_text(flags)
    return t


def _who(p: int | None, seat: int | None, lang: str) -> str:
    w = _WORDS[lang]
    return w["you"] if p == seat and p is not None else w["seat"].format(p=p)


def render(state: StampedeState, seat: int | None, lang: str = "en", names: Names | None = None) -> Group:
    """The board as ``seat`` sees it (its ``view``), compact enough for an 80×24 terminal."""
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
            f"{_who(p, seat, lang)} — "
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
            (d for d in (_by_name(table, en) for en in hand) if d is not None),
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
        line = w["window"].format(w=_WINDOWS[lang].get(kind, kind), who=_who(v["to_move"], seat, lang))
        parts.append(Text(_cut(line), style="bold yellow"))
        for it in reversed(windows["items"]):
            parts.append(Text(_cut("  " + w["pending"] + _item_text(table, it, seat, lang)), style="yellow"))
    if v["over"]:
        if v["winner"] is None:
            parts.append(Text(w["draw"], style="bold green"))
        else:
            line = w["over"].format(who=_who(v["winner"], seat, lang), reason=v["reason"])
            parts.append(Text(line, style="bold green"))
    else:
        head.append("  · " + w["to_move"].format(who=_who(v["to_move"], seat, lang)), style="italic")
    return Group(*parts)


def hand_entry(d: CardDef, lang: str) -> str:
    """A hand card in a few words: its name and key numbers ("Pykrete Ride G2 8000/8000")."""
    kind = "" if d.kind == MACHINE else f" {_KIND_NAMES[lang][d.kind]}"
    return f"{d.label(lang)} {key_numbers(d, lang)}{kind}"


def hand_line(d: CardDef, lang: str) -> str:
    """A hand card in one line: name, key numbers, kind, keywords and the start of its text."""
    kw = "".join(f"【{k}】" for k in keywords(d, lang))
    return f"{d.label(lang)} {key_numbers(d, lang)} {_KIND_NAMES[lang][d.kind]}{kw}: {d.card_text(lang)}"


def _item_text(table: Catalog, it: Mapping[str, Any], seat: int | None, lang: str) -> str:
    k = it["kind"]
    who = _who(it.get("seat"), seat, lang)
    if k == "attack":
        names = " + ".join(_name(table, c, lang) for c in it["attackers"])
        return f"{who}: {names} → {_name(table, it['target'], lang)}"
    if k == "run":
        return f"{who}: {_name(table, it['card'], lang)} ({it['gear']})"
    if k in ("ability", "placed"):
        return f"{who}: {_name(table, it['card'], lang)}"
    if k == "deadheat":
        return f"{who}: {KEYWORDS['dead_heat'][0 if lang == 'ja' else 1]}{it['by']}"
    if k == "fizzled":
        return f"{who}: {it['what']} ✗"
    return f"{who}: {k}"


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
    },
    "ja": {
        "call": "{card} を{where}に呼ぶ{extra}",
        "stack": "（センター{a}→{b}枚）",
        "event": "イベント {card} を{where}に置く：{text}",
        "attack": "{who} (POW {total}) で{their}{tz}の {target} (DEF {df}) を攻撃：{res}",
        "attack_event": "{who} (POW {total}) で{their}{tz}のイベント {target} (HP {hp}) を攻撃",
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
    },
}


def _choice_words(
    state: StampedeState, seat: int, d: CardDef, ab_index: int, ch: tuple[Any, ...], lang: str
) -> str:
    """The choices of an ability in words: "your right: Blaze Petal", "discard Rose Starter"."""
    m = _MENU[lang]
    ab = d.abilities[ab_index]
    words = []
    table = state.game.table
    for blk, c in zip(ab.costs + ab.effects, ch, strict=True):
        if c is None:
            continue
        if blk.impl.choice == "card":
            words.append(m["discard"].format(card=table.cards[c].label(lang)))
            continue
        side, z = resolve_zone(seat, c)
        u = state.field[side * 3 + z]
        owner = m["your"] if side == seat else m["their"]
        sep = "" if lang == "ja" else " "
        what = f": {state.card_of[u].label(lang)}" if u >= 0 else ""
        words.append(f"{owner}{sep}{_ZONE_NAMES[lang][z]}{what}")
    return ", ".join(words)


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
        card = f"{card_name(d, lang, False)} G{d.gear}"
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
# English: (the line for another seat, the line when the subject is the reader). Japanese: one line,
# said to the same readers as the English (an empty English side keeps the Japanese silent too).
_EN: dict[str, tuple[str, str]] = {
    "first_machine_set": ("{who} sets a card face down as the first center", ""),
    "first_machine": ("", "you set {card} face down as your first center"),
    "dealt": ("{who} is dealt {cards}", "you are dealt {cards} (not looked at yet)"),
    "order_chosen": ("{who} chooses to go {order}", "you choose to go {order}"),
    "first_player": ("{who} goes first", "you go first"),
    "hand": ("", "your hand: {list}"),
    "turn": ("— turn {turn}: {whose} turn (gear cap {cap}) —", "— turn {turn}: your turn (gear cap {cap}) —"),
    "draw": ("{who} draws a card ({left} left)", ""),
    "drew": ("", "you draw {card}"),
    "phase": ("{who} goes to battle", "you go to battle"),
    "call": ("{who} calls {card} to the {zone}{stack}", "you call {card} to the {zone}{stack}"),
    "procedure": (
        "{who} puts {card} on the center by its procedure{stack}",
        "you put {card} on the center{stack}",
    ),
    "event": (
        "{who} places the event {card} in the {zone} (HP {hp})",
        "you place {card} in the {zone} (HP {hp})",
    ),
    "assist": ("{who} plays {card}", "you play {card}"),
    "use": ("{who} uses {card}", "you use {card}"),
    "keeper": ("{who} answers with {card}", "you answer with {card}"),
    "trigger": ("{whose} {card} uses its ability", "your {card} uses its ability"),
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
    "searched": ("{who} takes {cards} from the deck and shuffles it", ""),
    "searched_cards": ("", "you take {list} from your deck and shuffle it"),
    "recycled": (
        "from {whose} discard pile to the bottom of the deck: {list}",
        "from your discard pile to the bottom of your deck: {list}",
    ),
    "force": (
        "《進路妨害》: {opp} must attack {whose} center",
        "《進路妨害》: {opp} must attack your center",
    ),
    "force_ends": ("{whose} 《進路妨害》 ends", "your 《進路妨害》 ends"),
    "force_lifted": ("{whose} 《進路妨害》 is lifted", "your 《進路妨害》 is lifted"),
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
    "distance": ("{whose} distance {by:+}: {to_go}", "your distance {by:+}: {to_go}"),
    "crash": ("CRASH! {who} overtakes {other}", "CRASH! you overtake {other}"),
    "crashed": ("CRASH! {who} overtakes you", "CRASH! {who} overtakes you"),
    "double_action": ("{whose} {card} untaps (Double Action)", "your {card} untaps (Double Action)"),
    "fizzle": ("{whose} {what} fizzles", "your {what} fizzles"),
    "goal_averted": (
        "{who} is kept from the goal: {to_go}",
        "you are kept from the goal: {to_go}",
    ),
    "deck_empty": ("{who} must draw from an empty deck", "you must draw from an empty deck"),
    "deckout_averted": ("{who} is saved from the empty deck", "you are saved from the empty deck"),
    "no_response": ("{who} cannot answer (no cards in hand)", "you cannot answer (no cards in hand)"),
    "decline": ("{who} declines the triggered ability", "you decline the triggered ability"),
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
    "first_machine": "{who}は{card}を裏向きでファーストマシンに置いた",
    "dealt": "{who}に{cards}が配られた",
    "order_chosen": "{who}は{order}を選んだ",
    "first_player": "{who}が先攻",
    "hand": "{who}の手札：{list}",
    "turn": "— ターン{turn}：{whose}ターン（ギア上限{cap}）—",
    "draw": "{who}がカードを1枚引いた（残り{left}枚）",
    "drew": "{who}は{card}を引いた",
    "phase": "{who}がバトルフェイズへ",
    "call": "{who}が{card}を{zone}に呼んだ{stack}",
    "procedure": "{who}が手順で{card}をセンターに置いた{stack}",
    "event": "{who}がイベント{card}を{zone}に置いた（HP {hp}）",
    "assist": "{who}が{card}を使った",
    "use": "{who}が{card}の効果を使った",
    "keeper": "{who}が{card}で応じた",
    "trigger": "{whose}{card}の効果が発動",
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
    "searched_cards": "{who}は山札から{list}を手札に加えた",
    "recycled": "{whose}{list}が山札の下に置かれた",
    "force": "《進路妨害》：{opp}は{whose}センターを攻撃しなければならない",
    "force_ends": "{whose}《進路妨害》が終わった",
    "force_lifted": "{whose}《進路妨害》が解除された",
    "run_declared": "{who}が{card}（ギア{gear}）で走行を宣言",
    "run": "{who}：{to_go}",
    "run_dead_heat": "{who}がデッドヒートで{by}走行：{to_go}",
    "run_goal": "{who}がゴールラインに到達",
    "distance": "{whose}残り距離{by:+}：{to_go}",
    "crash": "クラッシュ！{who}が{other}を追い抜いた",
    "crashed": "クラッシュ！{who}があなたを追い抜いた",
    "double_action": "{whose}{card}が回復した（二回行動）",
    "fizzle": "{whose}{what}は不発",
    "goal_averted": "{who}のゴールが阻まれた：{to_go}",
    "deck_empty": "{who}は空の山札から引かなければならない",
    "deckout_averted": "{who}は山札切れを免れた",
    "no_response": "{who}は応答できない（手札なし）",
    "decline": "{who}は誘発効果を使わなかった",
    "rps": "じゃんけん：{who}の勝ち、先攻・後攻を選ぶ",
    "reveal": "ファーストマシン：{list}",
    "race_over": "レース終了：{who}の勝ち（{reason}）",
    "race_draw": "レース終了：引き分け",
}
_FIZZLES = {
    "en": {"attack": "attack", "run": "run", "search": "search", "recycle": "recycle", "draw": "draw",
           "dead_heat": "Dead Heat"},
    "ja": {"attack": "攻撃", "run": "走行", "search": "サーチ", "recycle": "回収", "draw": "ドロー",
           "dead_heat": "デッドヒート"},
}  # fmt: skip


def _count(n: int, lang: str) -> str:
    if lang == "ja":
        return f"{n}枚"
    return "a card" if n == 1 else f"{n} cards"


def _template(t: str, e: Mapping[str, Any]) -> str:
    """Which template tells event ``e`` (some events read differently by their fields)."""
    if t == "call" and e.get("procedure"):
        return "procedure"
    if t == "ability":
        return {"assist": "assist", "use": "use", "keeper": "keeper", "trigger": "trigger"}.get(
            e.get("how", ""), ""
        )
    if t == "left":
        return "to_hand" if e.get("dest") == "hand" else "to_discard"
    if t == "run":
        if e.get("distance", 1) <= 0:
            return "run_goal"
        return "run_dead_heat" if e.get("dead_heat") else "run"
    if t == "race_over" and e.get("winner") is None:
        return "race_draw"
    return t


def narrate(
    game: Stampede,
    e: Mapping[str, Any],
    seat: int | None = None,
    lang: str = "en",
    names: Names | None = None,
) -> str | None:
    """One line telling ``seat`` an event of ``events_for(seat)`` (None: nothing worth saying)."""
    table = game.table
    if e.get("type") == "combat":
        return combat_line(game, e, lang)
    key = _template(str(e.get("type")), e)
    if lang == "ja":
        ja = _JA.get(key)
        pair = _EN.get(key)
        mine = seat is not None and _subject(e) == seat
        if not ja or (pair is not None and not pair[1 if mine else 0]):
            return None  # what English tells only the subject (or only the others), Japanese does too
        text = ja
    else:
        pair = _EN.get(key)
        if pair is None:
            return None
        if key == "crash" and e.get("overtaken") == seat and seat is not None:
            pair = _EN["crashed"]
        mine = seat is not None and _subject(e) == seat
        text = pair[1] if mine else pair[0]
        if not text:
            return None
    try:
        return text.format(**_fields(table, e, seat, lang))
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


def _fields(table: Catalog, e: Mapping[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    """The words an event's template may use, in ``lang``, from the reader's point of view."""
    w = _WORDS[lang]
    s = _subject(e)
    zone = e.get("zone") or e.get("target_zone")
    zone_word = _ZONE_WORDS[lang][ZONES.index(zone)] if isinstance(zone, str) and zone in ZONES else ""
    names = [_name(table, c, lang) for c in e.get("cards") or []]
    if e.get("type") == "reveal":
        names = [
            f"{_who(p, seat, lang)} {_name(table, c, lang)}" for p, c in enumerate(e.get("centers") or [])
        ]
    owner = e.get("seat")
    their = w["your"] if seat is not None and seat != owner else w["their"]
    change = " ".join(
        f"{label} {v:+}" for label, v in (("POW", e.get("pow", 0)), ("DEF", e.get("def_", 0))) if v
    )
    until = {"en": ("until end of turn", "while on the field"), "ja": ("ターン終了まで", "場にある間")}[lang]
    height = e.get("height")
    stack = ""
    if zone == "C" and height:
        stack = f" (stack {height})" if lang == "en" else f"（{height}枚）"
    other = e.get("overtaken")
    return {
        "who": _who(s, seat, lang),
        "whose": w["your"] if s == seat and seat is not None else w["seats"].format(p=s),
        "their": their,
        "other": _who(other, seat, lang),
        "opp": _who(None if owner is None else 1 - owner, seat, lang),
        "card": _name(table, e.get("card"), lang),
        "target": _name(table, e.get("target"), lang),
        "attackers": " + ".join(_name(table, c, lang) for c in e.get("attackers") or []),
        "zone": zone_word,
        "stack": stack,
        "list": ", ".join(names) if lang == "en" else "、".join(names),
        "cards": _count(int(e.get("count", 0) or 0), lang),
        "order": ("先攻" if e.get("first") else "後攻")
        if lang == "ja"
        else ("first" if e.get("first") else "second"),
        "change": change or "±0",
        "until": until[0] if e.get("duration") == "turn" else until[1],
        "what": _FIZZLES[lang].get(str(e.get("what")), str(e.get("what"))),
        "gear": e.get("gear", e.get("center_gear", "")),
        "reason": e.get("reason", ""),
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
    if e.get("outcome") == "event":
        return f"POW {e['pow']} → {target} (HP {e['hp_before']})"
    what = {
        "en": {"lower": "the attackers lose", "equal": "both destroyed", "higher": f"{target} is destroyed"},
        "ja": {"lower": "攻撃側の負け", "equal": "両方破壊", "higher": f"{target}を破壊"},
    }[lang][str(e.get("outcome"))]
    return f"POW {e['pow']} vs DEF {e['def_']}: {what}"


__all__ = ["card_line", "card_name", "describe", "key_numbers", "keywords", "narrate", "render"]
