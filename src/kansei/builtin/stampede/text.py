"""Terminal rendering of a Card Race Stampede state (rich), from one seat's point of view.

Shows both rows of three zones (the center as a stack: its height and top card), tapped state, event HP,
remaining distances, this turn's gear cap, open response windows, and card text in the language asked for
("ja" or "en": Japanese names with the English alongside, or the other way round).
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.protocol import Action

from .blocks import resolve_zone
from .cards import CLASSES, KEYWORDS, MACHINE, CardDef
from .board import SETUP_PHASES, ZONES
from .state import StampedeState

_ZONE_NAMES = {"en": ("left", "center", "right"), "ja": ("左", "センター", "右")}
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
        "order": "準備：先行・後攻",
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


def card_name(d: CardDef, lang: str, both: bool = True) -> str:
    """The name in ``lang``, with the other language alongside when ``both``."""
    if lang == "ja":
        return f"{d.name} ({d.en})" if both else d.name
    return f"{d.en} ({d.name})" if both else d.en


def keywords(d: CardDef, lang: str) -> list[str]:
    i = 0 if lang == "ja" else 1
    out = []
    for flag, kw in (
        (d.obstruction, "obstruction"),
        (d.double_action, "double_action"),
        (d.guest, "guest"),
        (d.demi_guest, "demi_guest"),
        (d.dragon, "dragon_genus"),
        (bool(d.crash), "crash"),
        (bool(d.goal_keeper), "goal_keeper"),
        (bool(d.requiem_keeper), "requiem_keeper"),
    ):
        if flag:
            out.append(KEYWORDS[kw][i])
    if d.dead_heat:
        out.append(f"{KEYWORDS['dead_heat'][i]}{d.dead_heat}")
    return out


def card_line(d: CardDef, lang: str) -> str:
    """One line: name, kind, gear, class, stats and text."""
    i = 0 if lang == "ja" else 1
    kind = (
        ("マシン", "アシスト", "イベント")[d.kind] if lang == "ja" else ("machine", "assist", "event")[d.kind]
    )
    cls = CLASSES[d.rec.class_][i]
    stats = f" {d.pow}/{d.def_}" if d.kind == MACHINE else (f" HP{d.hp}" if d.hp else "")
    gear = f"ギア{d.gear}" if lang == "ja" else f"gear {d.gear}"
    return f"{card_name(d, lang)} — {gear} {kind}, {cls}{stats}: {d.card_text(lang)}"


def _zone_cell(state: StampedeState, p: int, z: int, seat: int | None, lang: str) -> Text:
    u = state.field[p * 3 + z]
    if u < 0:
        return Text("—", style="dim")
    if z == 1 and state.phase in SETUP_PHASES and p != seat:
        return Text("(face down / 裏向き)", style="dim")
    d = state.card_of[u]
    t = Text()
    t.append(card_name(d, lang, both=False), style="bold")
    other = d.en if lang == "ja" else d.name
    t.append(f"\n{other}", style="dim")
    t.append(f"\nG{d.gear} ")
    if d.kind == MACHINE:
        t.append(f"{state.pow_of(u)}/{state.def_of(u)}")
    else:
        t.append(f"HP {d.hp - state.damage.get(u, 0)}/{d.hp}", style="magenta")
    kw = keywords(d, lang)
    if kw:
        t.append("\n" + " ".join(f"【{k}】" for k in kw), style="cyan")
    if state.tapped[p * 3 + z]:
        t.append("\n[TAPPED 疲労]", style="yellow")
    if z == 1:
        t.append(f"\nstack ×{len(state.centers[p])}", style="green")
    return t


def _row(state: StampedeState, p: int, seat: int | None, lang: str) -> Table:
    tag = " (you)" if p == seat else ""
    dist = state.distance[p]
    title = f"seat {p}{tag} — 残り{dist}" if lang == "ja" else f"seat {p}{tag} — distance {dist}"
    tb = Table(title=title, expand=False, show_lines=True)
    for z in (0, 1, 2):
        tb.add_column(_ZONE_NAMES[lang][z], justify="center", min_width=18)
    tb.add_row(*[_zone_cell(state, p, z, seat, lang) for z in (0, 1, 2)])
    return tb


def render(state: StampedeState, seat: int | None, lang: str = "en"):
    v_phase = _PHASES[lang].get(state.phase, state.phase)
    cap = f"ギア上限 {state.turn}" if lang == "ja" else f"gear cap {state.turn}"
    head = Text.assemble(
        ("Card Race Stampede!!", "bold red"),
        f"   turn {state.turn} ({cap})   seat {state.active} — {v_phase}   ",
        (f"distance {state.distance[0]} : {state.distance[1]}", "bold cyan"),
    )
    parts: list = [head]
    opp = 1 - seat if seat in (0, 1) else 1
    me = 1 - opp
    for p in (opp, me):
        parts.append(_row(state, p, seat, lang))
        info = (
            f"  hand {len(state.hands[p])}  deck {len(state.decks[p])}  discard {len(state.discard[p])}"
            f"  tune 0"
        )
        if state.forcing_until[p]:
            info += "  《進路妨害》 in force" if lang == "en" else "  《進路妨害》発動中"
        parts.append(Text(info, style="dim"))
    if seat in (0, 1) and state.phase not in SETUP_PHASES:
        hand = sorted(state.hands[seat], key=lambda u: (state.card_of[u].kind, state.card_of[u].gear, state.card_of[u].id))
        parts.append(Text("hand / 手札:" if lang == "en" else "手札 / hand:", style="bold"))
        for u in hand:
            parts.append(Text("  " + card_line(state.card_of[u], lang)))
    if state.windows.frames:
        kind = state.windows.kind or ""
        parts.append(
            Text(
                f"window: {_WINDOWS[lang].get(kind, kind)} — seat {state.to_move} to respond or pass",
                style="bold yellow",
            )
        )
        for it in reversed(state.windows.items):
            parts.append(Text("  pending: " + _item_text(state, it, lang), style="yellow"))
    if state.over:
        res = "a draw" if state.win is None else f"seat {state.win} wins ({state.reason})"
        parts.append(Text(f"Race over: {res}", style="bold green"))
    else:
        parts.append(Text(f"seat {state.to_move} to move", style="italic"))
    return Panel(Group(*parts), expand=False)


def _item_text(state: StampedeState, it: tuple, lang: str) -> str:
    k = it[0]
    D = state.card_of
    if k == "attack":
        names = "+".join(card_name(D[u], lang, False) for _, u in it[2])
        return f"seat {it[1]}: {names} attack {card_name(D[it[4]], lang, False)}"
    if k == "run":
        return f"seat {it[1]}: {card_name(D[it[3]], lang, False)} runs {D[it[3]].gear}"
    if k == "ability":
        return f"seat {it[1]}: {card_name(D[it[2]], lang, False)}"
    if k == "goal":
        return f"seat {it[1]} reaches the goal"
    if k == "deckout":
        return f"seat {it[1]} must draw from an empty deck"
    if k == "deadheat":
        return f"seat {it[1]}: Dead Heat {it[3]} ({card_name(D[it[2]], lang, False)})"
    return k


def _ability_text(d: CardDef, lang: str) -> str:
    return d.card_text(lang) or ""


_MENU = {
    "en": {
        "call": "call {card} G{gear} {pow}/{def_} to the {where}{extra}",
        "stack": " (stack {a}→{b})",
        "event": "place event {card} HP{hp} in the {where}: {text}",
        "verbs": {
            "assist": "play",
            "keeper": "keeper",
            "use": "use",
            "hand": "procedure",
            "trigger": "accept",
        },
        "attack": "attack {target} (DEF {df}) with {who} (POW {total}): {res}",
        "attack_event": "attack event {target} (HP {hp}) with {who} (POW {total})",
        "higher": "destroys it",
        "equal": "both destroyed",
        "lower": "attackers destroyed",
        "stays": "it stays (single-card center)",
        "run": "run with {card}: distance {a} → {b}",
        "battle": "go to the battle phase",
        "end": "end the turn",
        "pass": "pass (let it resolve)",
        "decline": "decline the triggered ability",
        "center": "set {card} face down as the first center",
        "first": "go first",
        "second": "go second",
    },
    "ja": {
        "call": "{card} (ギア{gear} {pow}/{def_}) を{where}に呼ぶ{extra}",
        "stack": "（センター{a}→{b}枚）",
        "event": "イベント {card} (HP{hp}) を{where}に置く：{text}",
        "verbs": {"assist": "使う", "keeper": "キーパー", "use": "効果", "hand": "手順", "trigger": "発動"},
        "attack": "{who} (POW {total}) で {target} (DEF {df}) を攻撃：{res}",
        "attack_event": "{who} (POW {total}) でイベント {target} (HP {hp}) を攻撃",
        "higher": "破壊する",
        "equal": "両方破壊",
        "lower": "攻撃側が破壊される",
        "stays": "センター1枚のため残る",
        "run": "{card} で走行：残り {a} → {b}",
        "battle": "バトルフェイズへ",
        "end": "ターン終了",
        "pass": "パス（解決させる）",
        "decline": "誘発効果を使わない",
        "center": "{card} をファーストマシンとして裏向きに置く",
        "first": "先行を選ぶ",
        "second": "後攻を選ぶ",
    },
}


def describe(state: StampedeState, action: Action, lang: str = "en") -> str:
    """A menu line for an action, in ``lang``."""
    m = _MENU[lang]
    cards = state.game.table.cards
    k = action.kind
    p = state.to_move if state.to_move is not None else state.active
    if k == "call":
        d = cards[action.args[0]]
        z = action.args[1]
        h = len(state.centers[p])
        extra = m["stack"].format(a=h, b=h + 1) if z == 1 else ""
        return m["call"].format(
            card=card_name(d, lang),
            gear=d.gear,
            pow=d.pow,
            def_=d.def_,
            where=_ZONE_NAMES[lang][z],
            extra=extra,
        )
    if k == "event":
        d = cards[action.args[0]]
        return m["event"].format(
            card=card_name(d, lang),
            hp=d.hp,
            where=_ZONE_NAMES[lang][action.args[1]],
            text=_ability_text(d, lang),
        )
    if k in ("assist", "keeper", "use", "hand", "trigger"):
        if k == "trigger":
            _, uid, _ = state.windows.data
            d = state.card_of[uid]
            tail = action.notation[len("accept") :].strip()
        else:
            d = cards[action.args[0]]
            tail = action.notation.split(" ", 2)[2] if action.notation.count(" ") >= 2 else ""
        verb = m["verbs"][k]
        return f"{verb} {card_name(d, lang)}{' → ' + tail if tail else ''}: {_ability_text(d, lang)}"
    if k == "attack":
        att, tz = action.args
        base = p * 3
        names = [state.card_of[state.field[base + z]] for z in att]
        total = sum(state.pow_of(state.field[base + z]) for z in att)
        tu = state.field[(1 - p) * 3 + tz]
        td = state.card_of[tu]
        who = " + ".join(card_name(d, lang, False) for d in names)
        target = card_name(td, lang, False)
        if td.kind == MACHINE:
            df = state.def_of(tu)
            res = m["higher"] if total > df else m["equal"] if total == df else m["lower"]
            if total > df and tz == 1 and len(state.centers[1 - p]) <= 1:
                res = m["stays"]
            return m["attack"].format(target=target, df=df, who=who, total=total, res=res)
        hp = td.hp - state.damage.get(tu, 0)
        return m["attack_event"].format(target=target, hp=hp, who=who, total=total)
    if k == "run":
        d = state.card_of[state.field[p * 3 + action.args[0]]]
        left = state.distance[p]
        return m["run"].format(card=card_name(d, lang, False), a=left, b=left - d.gear)
    if k in ("battle", "end", "pass", "decline"):
        return m[k]
    if k == "center":
        return m["center"].format(card=card_name(cards[action.args[0]], lang))
    if k == "order":
        return m["first"] if action.args[0] == 0 else m["second"]
    return action.notation


def _name(game, en: str | None, lang: str) -> str:
    if en is None:
        return "?"
    cid = game.table.find(en)
    if cid is None:
        return en
    d = game.table.cards[cid]
    return d.name if lang == "ja" else d.en


def narrate(game, e: dict, seat: int | None = None, lang: str = "en") -> str | None:
    """One line per event worth telling."""
    t = e.get("type")

    def n(key: str = "card") -> str:
        return _name(game, e.get(key), lang)

    s = e.get("seat")
    if t == "rps":
        return f"rock-paper-scissors: seat {e['winner']} wins and chooses"
    if t == "first_player":
        return f"seat {s} goes first"
    if t == "reveal":
        return "first machines: " + " / ".join(_name(game, c, lang) for c in e["centers"])
    if t == "turn":
        return f"— turn {e['turn']}: seat {s} (gear cap {e['cap']}) —"
    if t == "drew":
        return f"you drew {n()}" if seat == s else None
    if t == "call":
        return f"seat {s} calls {n()} to {e['zone']}" + (
            f" (stack {e['height']})" if e["zone"] == "C" else ""
        )
    if t == "event":
        return f"seat {s} places event {n()} in {e['zone']} (HP {e['hp']})"
    if t == "ability":
        return f"seat {s} uses {n()}"
    if t == "attack":
        who = " + ".join(_name(game, c, lang) for c in e["attackers"])
        return f"seat {s}: {who} attack {n('target')} ({e['target_zone']})"
    if t == "combat":
        if e.get("outcome") == "event":
            return f"POW {e['pow']} against {n('target')} (HP {e['hp_before']})"
        what = {"lower": "attackers lose", "equal": "both destroyed", "higher": "target destroyed"}[
            e["outcome"]
        ]
        return f"POW {e['pow']} vs DEF {e['def_']}: {what}"
    if t == "destroyed":
        return f"{n()} (seat {s}) is destroyed"
    if t == "exposed":
        return f"seat {s}'s center is now {n()} (stack {e['height']})"
    if t == "stays":
        return f"{n()} is seat {s}'s only center machine: it stays"
    if t == "returned":
        return f"{n()} returns to seat {s}'s hand (center gear {e['center_gear']})"
    if t == "run_declared":
        return f"seat {s}: {n()} runs {e['gear']}"
    if t == "run":
        dh = " (Dead Heat)" if e.get("dead_heat") else ""
        return f"seat {s} runs {e['by']}{dh}: {e['distance']} to go"
    if t == "distance":
        return f"seat {s}'s remaining distance {e['by']:+}: {e['distance']}"
    if t == "crash":
        return f"CRASH! seat {e['overtaker']} overtakes seat {e['overtaken']}"
    if t == "event_hp":
        return f"{n()} has {e['hp']} HP left"
    if t == "double_action":
        return f"{n()} untaps (Double Action)"
    if t == "fizzle":
        return f"the {e.get('what')} of seat {s} fizzles"
    if t == "goal_averted":
        return f"seat {s} is kept from the goal: {e['distance']} to go"
    if t == "deck_empty":
        return f"seat {s} must draw from an empty deck"
    if t == "force":
        return f"《進路妨害》: seat {1 - s} must attack seat {s}'s center"
    if t == "force_lifted":
        return "《進路妨害》 is lifted"
    if t == "race_over":
        w = e.get("winner")
        return f"RACE OVER: seat {w} wins ({e['reason']})" if w is not None else "RACE OVER: a draw"
    return None


__all__ = ["render", "describe", "narrate", "card_line", "card_name", "keywords", "resolve_zone", "ZONES"]
