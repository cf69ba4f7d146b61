"""Player-facing text for Touge (rich): the board as one seat sees it, menu lines, prompts, why a card or
tile cannot be used, narration of events, and card faces.

Everything is built from what the seat may see: ``state.view(seat)`` for the board, the seat's own legal
actions for menus and prompts, and the events of ``state.events_for(seat)`` for narration (never a
notation). Players are named by the table's :class:`~kansei.core.names.Names` ("you" for the viewer's own
seat where the client wants it); names are escaped wherever rich markup is built. No text carries a rule
id or an engine name (``Game.move_rules`` gives the rule ids).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, OptionWords

from .bots import preview
from .cards import Car, Disaster, Road, TuneUp
from .rules import BUILD, NULLIFY, REDRAW, TUNE_PHASE, distinct
from .state import TougeState
from .table import ROAD, TUNE, CardDef
from .table import Table as CardTable

STANDINGS = {
    2: "then you win the race",
    1: "then you win the battle",
    0: "then nobody wins the battle",
    -1: "then you lose the battle",
    -2: "then you lose the race",
}
PHASE_NAMES = {
    REDRAW: "redraw",
    BUILD: "build",
    TUNE_PHASE: "tune-up",
    NULLIFY: "disaster",
    "over": "race over",
}
TYPE_WORDS = {"C": "corner", "S": "straight"}
SHORT_NAME = 12  # characters of a name in the board's lines
TAG_NAME = 5  # characters of a name in the course's narrow columns


def _stars(n: int) -> str:
    return "★" * n


def road_label(d: CardDef) -> str:
    """``C ★★★ 4D/3U``: a road's type, tier and values (TG-C2)."""
    return f"{'C' if d.rtype == 0 else 'S'} {_stars(d.stars)} {d.value[0]}D/{d.value[1]}U"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _list(items: list[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last``: the word before the last item)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


# ------------------------------------------------------------------------------------------ who
def _who(names: Names, seat: int | None, viewer: int | None, cap: bool = False) -> str:
    """The subject of a sentence told to ``viewer``: "you" (or "You") for its own seat, else the name."""
    if names.addressed(seat, viewer):
        return "You" if cap else "you"
    return names(seat)


def _does(
    names: Names, seat: int | None, viewer: int | None, verb: str, third: str | None = None, cap: bool = True
) -> str:
    """``You lay`` / ``Alice lays``: a subject and its verb (``you lay`` with ``cap=False``)."""
    if names.addressed(seat, viewer):
        return f"{'You' if cap else 'you'} {verb}"
    return f"{names(seat)} {third or verb + 's'}"


def _whose(names: Names, seat: int | None, viewer: int | None) -> str:
    return "your" if names.addressed(seat, viewer) else f"{names(seat)}'s"


def _short(names: Names, seat: int | None, viewer: int | None, most: int = SHORT_NAME) -> str:
    """A name cut to ``most`` characters, for the board."""
    who = _who(names, seat, viewer)
    return who if len(who) <= most else who[: most - 1] + "…"


def _tag(names: Names, seat: int, viewer: int | None) -> str:
    """A racer in the course's narrow columns: "you", "P2" where no name was given, else a cut name."""
    if names.addressed(seat, viewer) or names.given(seat):
        return _short(names, seat, viewer, TAG_NAME)
    return f"P{seat + 1}"


def _scores(names: Names, scores: list[int], viewer: int | None) -> str:
    """``Alice 18 – Bob 16`` (``you 18 – Bob 16``)."""
    return f"{_who(names, 0, viewer)} {scores[0]} – {_who(names, 1, viewer)} {scores[1]}"


# ------------------------------------------------------------------------------------------ the board
def render(state: TougeState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    names = names or Names(lang=lang)
    v = state.view(seat)
    mode = "Time Attack" if v["mode"] == "time_attack" else "Sudden Death"
    head = Text.assemble(
        (f"Touge — {mode}", "bold"),
        f"  battle {v['battle']}  ",
        (v["direction"].upper(), "bold cyan"),
        f"  leader: {_short(names, v['leader'], seat)}  wins {v['wins'][0]}–{v['wins'][1]}",
    )
    dis = v["disaster"]
    dline = Text.assemble(("Disaster: ", "bold red"), f"{dis['card']} — {dis['text']}" if dis else "none")
    parts: list[Any] = [dline]
    short = [escape(_tag(names, p, seat)) for p in (0, 1)]
    if v["course"]:
        course = Table(expand=False, box=None, pad_edge=False)
        for col in ("#", "road", "", "D/U", "by", "tune-ups", short[0], short[1]):
            if col == "road":  # one line a road: a long name is cut (card NAME shows it whole)
                course.add_column(col, no_wrap=True, overflow="ellipsis", max_width=24)
            elif col == "tune-ups":
                course.add_column(col, min_width=12)
            else:
                course.add_column(col, no_wrap=True, justify="right" if col in short else "left", min_width=2)
        for t in v["course"]:
            tunes = ", ".join(f"{escape(u['card'])} ({short[u['owner']]})" for u in t["tuneups"])
            name = escape(t["road"])
            course.add_row(
                str(t["tile"]),
                f"✗ [strike]{name}[/strike]" if t["nullified"] or t["wiped"] else name,
                f"{t['type']}{_stars(t['stars'])}",
                f"{t['down']}/{t['up']}",
                short[t["owner"]],
                tunes,
                str(t["scores"][0]),
                str(t["scores"][1]),
            )
        course.add_row(
            "", "[bold]this run", "", "", "", "", f"[bold]{v['projected'][0]}", f"[bold]{v['projected'][1]}"
        )
        parts.append(course)
    else:
        parts.append(Text("Course: (empty)"))
    if v["course_tuneups"]:
        whole = ", ".join(f"{u['card']} ({_short(names, u['owner'], seat)})" for u in v["course_tuneups"])
        parts.append(Text("Whole-course tune-ups: " + whole))
    for p in v["players"]:
        m = p["multipliers"]
        you = names.addressed(p["seat"], seat)
        ab = p["ability"]
        state_word = "ON" if ab["active"] else "used" if ab["used"] else "ready"
        line = (
            f"{_short(names, p['seat'], seat)}: {p['car']} "
            f"DH {m['downhill']['C']}/{m['downhill']['S']} "
            f"UH {m['uphill']['C']}/{m['uphill']['S']} "
            f"{ab['name']} {state_word} · hand {p['hand_count']} deck {p['deck_count']}"
        )
        parts.append(Text(line, style="bold" if you else ""))
        if p.get("hand") is not None:
            hand = Table.grid(padding=(0, 1))  # the cards wrap under themselves, not under "hand:"
            hand.add_column(no_wrap=True)
            hand.add_column()
            hand.add_row("  hand:", escape(_hand_line(state, [h["card"] for h in p["hand"]])) or "(empty)")
            parts.append(hand)
    if v["over"]:  # the battles' scores (during the race the players' lines say enough)
        for b in v["battles"]:
            won = "a tie" if b["winner"] is None else _does(names, b["winner"], seat, "won", "won")
            line = f"Battle {b['battle']}, {b['direction']}: {_scores(names, b['scores'], seat)}, {won}"
            parts.append(Text(line, style="dim"))
        res = "a draw" if v["winner"] is None else _does(names, v["winner"], seat, "won", "won") + " the race"
        parts.append(Text(f"Race over: {res}", style="bold green"))
        foot = Text("race over", style="italic")
    else:
        phase = PHASE_NAMES.get(v["phase"], v["phase"])
        mover = _short(names, v["to_move"], seat)
        foot = Text(f"{phase} phase, {mover} to move", style="italic")
        if v["course"] and v["forecast"] is not None:  # in the bottom border: what passing now gives
            foot.append(f" · if both pass: {_forecast_line(v['forecast'], seat, names)}", style="cyan")
    return Panel(
        Group(*parts), expand=False, title=head, title_align="left", subtitle=foot, subtitle_align="left"
    )


def _forecast_line(f: dict[str, Any], seat: int | None, names: Names) -> str:
    score = f"{f['totals'][0]}–{f['totals'][1]}"
    if f["race_over"]:
        if f["race_winner"] is None:
            return f"{score}, the race is a draw"
        return f"{score}, {_wins_short(names, f['race_winner'], seat)} the race"
    if f["winner"] is None:
        return f"{score}, nobody wins the battle"
    return f"{score}, {_wins_short(names, f['winner'], seat)} the battle"


def _wins_short(names: Names, seat: int, viewer: int | None) -> str:
    return "you win" if names.addressed(seat, viewer) else f"{_tag(names, seat, viewer)} wins"


def _hand_line(state: TougeState, held: list[str]) -> str:
    """Hand cards with their key numbers: roads with type, tier and values; tune-ups by name."""
    t = state.game.table
    out = []
    for name in held:
        cid = t.find(name)
        d = t.cards[cid] if cid is not None else None
        out.append(f"{name} ({road_label(d)})" if d is not None and d.kind == ROAD else name)
    return ", ".join(out)


# ------------------------------------------------------------------------------------------ menus
def describe(state: TougeState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for the seat to move: the card with its numbers, and the change it makes to the
    projected margin of this run (``[margin +4]``)."""
    cards = state.game.table.cards
    k = action.kind
    if k == "road":
        d = cards[action.args[0]]
        what = f"lay {d.name} ({road_label(d)})"
    elif k == "tune":
        d = cards[action.args[0]]
        tile = action.args[1]
        what = f"tune-up {d.name} ({getattr(d.rec, 'text', '')})"
        if tile >= 0:
            road = cards[state.course[tile][1]]
            what += f" on tile {tile + 1} ({road.name}, {road_label(road)})"
    elif k == "ability":
        ab = cards[state.cars[state.turn]].ability
        what = f"switch on {ab.name}: {ab.text}" if ab else "switch on the car's ability"
    elif k == "redraw":
        d = cards[action.args[0]]
        label = f" ({road_label(d)})" if d.kind == ROAD else ""
        return f"put back {d.name}{label} to redraw"
    elif k == "done":
        return (
            "keep this hand" if not state.aside[state.turn] else "done: shuffle the cards put back and redraw"
        )
    elif k == "nullify":
        tile = action.args[0]
        road = cards[state.course[tile][1]]
        return f"the disaster wipes out tile {tile + 1} ({road.name}, {road_label(road)})"
    elif k == "pass":
        return "pass"
    else:
        return action.notation
    pv = preview(state, action)
    if pv is not None:
        what += f"  [margin {pv.margin:+}" + (
            f", {STANDINGS[pv.standing]}]" if pv.standing != pv.before else "]"
        )
    return what


def prompt(state: TougeState, lang: str = "en", names: Names | None = None) -> str:
    """The decision the seat to move faces, from its own view: its hand and its legal actions."""
    if state.is_over:
        return ""
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    if state.phase == REDRAW:
        p = state.turn
        marked = len(state.aside[p])
        left = state.redraws_left[p]
        if not marked:
            return f"Put back up to {_plural(left, 'card')} to redraw, or keep your hand"
        return f"Put back up to {left} more, or done: redraw the {_plural(marked, 'card')} put back"
    if state.phase == BUILD:
        if "road" not in kinds:
            return "You hold no road: pass"
        return "Lay a road at the end of the course, or pass"
    if state.phase == TUNE_PHASE:
        options = []
        if "tune" in kinds:
            options.append("play a tune-up")
        if "ability" in kinds:
            ab = state.game.table.cards[state.cars[state.turn]].ability
            options.append(f"switch on {ab.name}" if ab else "switch on your car's ability")
        if not options:
            return "You have no tune-up to play: pass"
        line = ", ".join([*options, "or pass"])
        return line[0].upper() + line[1:]
    if state.phase == NULLIFY:
        tiles = [str(a.args[0] + 1) for a in legal]
        return (
            f"Pick the tile the disaster wipes out for this run: tile {_list(tiles).replace(' and ', ' or ')}"
        )
    return ""


def unusable(state: TougeState, seat: int, lang: str = "en", names: Names | None = None) -> dict[str, str]:
    """Why each card, tile and ability in ``seat``'s view that no legal action of it uses cannot be used
    now, one line each, from that seat's view only (its own hand, the open course)."""
    names = names or Names(lang=lang)
    cards = state.game.table.cards
    hand = distinct(state.hands[seat])
    own = [f"hand:{cards[c].slug}" for c in hand] + [f"ability:{seat}"]
    tiles = [f"tile:{i + 1}" for i in range(len(state.course))]
    other = f"ability:{1 - seat}"
    out: dict[str, str] = {other: f"{names(1 - seat)}'s ability: only {names(1 - seat)} switches it on"}
    if state.is_over or state.to_move != seat:
        wait = "the race is over" if state.is_over else f"{names(state.to_move)} is to move"
        out.update({ref: wait for ref in own + tiles})
        return out
    used = {ref for a in state.legal_actions() for ref in state.game.move_refs(state, a)}
    phase = state.phase
    for c, ref in zip(hand, own, strict=False):
        if ref not in used:
            out[ref] = _why_card(state, cards[c], phase)
    ab = f"ability:{seat}"
    if ab not in used:
        out[ab] = (
            "used already: once per race" if state.ability_used[seat] else "switched on in the tune-up phase"
        )
    for i, ref in enumerate(tiles):
        if ref in used:
            continue
        if phase == TUNE_PHASE:
            kind = TYPE_WORDS["C" if cards[state.course[i][1]].rtype == 0 else "S"]
            out[ref] = f"no tune-up in your hand goes on a {kind}"
        elif phase == NULLIFY:
            out[ref] = "not among the highest tiles the disaster may wipe out"
        else:
            out[ref] = "tune-ups go on tiles in the tune-up phase"
    return out


def _why_card(state: TougeState, d: CardDef, phase: str) -> str:
    """Why a card of the mover's hand has no action now."""
    if phase == BUILD:
        return "a tune-up: played in the tune-up phase" if d.kind == TUNE else "not playable now"
    if phase == TUNE_PHASE:
        if d.kind == ROAD:
            if state.game.sudden and state.battle > 1:
                return "a road: the course is built once for the whole race"
            return "a road: laid in the build phase"
        if not state.course:
            return "the course is empty: no tile to tune"
        kind = "corner" if d.tile_road == 0 else "straight"
        return f"goes on a {kind}, and the course has none"
    if phase == REDRAW:
        return "no redraws left"
    return "the leader picks the tile the disaster wipes out"


# ------------------------------------------------------------------------------------------ narration
def narrate(
    game: object, event: dict[str, Any], seat: int | None = None, lang: str = "en", names: Names | None = None
) -> str | None:
    """One line per event of ``events_for(seat)``, told to ``seat`` ("you" for its own actions)."""
    names = names or Names(lang=lang)
    t = event.get("type")
    who = event.get("seat")

    def does(verb: str, third: str | None = None) -> str:
        return _does(names, who, seat, verb, third)

    if t == "cars":
        a, b = event["cars"]
        return (
            f"{_does(names, 0, seat, 'drive')} the {a}; {_does(names, 1, seat, 'drive', cap=False)} the {b}"
        )
    if t == "coins":
        lead = _does(names, event["leader"], seat, "lead", cap=False)
        return f"Coins: the first battle runs {event['direction']}; {lead}"
    if t == "disaster":
        if event["card"] is None:
            return "No disaster this race"
        shown = sum(len(r) for r in event.get("revealed") or [])
        after = f" after {_plural(shown, 'other card')}" if shown else ""
        owner = _whose(names, event["owner"], seat)
        return f"Disaster: {event['card']} from {owner} deck{after}, in force all race"
    if t == "drew":
        return f"{does('draw')} {_plural(event['count'], 'card')}"
    if t == "drew_cards":
        return f"Your new cards: {_list(event['cards'])}"
    if t == "put_back":
        return f"You put back {_list(event['cards'])}"
    if t == "redraw":
        if not event["count"]:
            return f"{does('keep')} {_whose(names, who, seat)} hand"
        return f"{does('shuffle', 'shuffles')} {_plural(event['count'], 'card')} back in to redraw"
    if t == "road":
        return f"{does('lay')} {event['card']} as tile {event['tile']}"
    if t == "pass":
        return f"{does('pass', 'passes')}"
    if t == "tune":
        where = f" on tile {event['tile']}" if event.get("tile") else ""
        return f"{does('play')} {event['card']}{where}"
    if t == "ability":
        return f"{does('switch', 'switches')} on {event['ability']}"
    if t == "course":
        return f"The course is built: {_plural(len(event['tiles']), 'tile')}"
    if t == "nullify":
        if who is None:
            return f"The disaster wipes out tile {event['tile']}"
        return f"{does('pick')} tile {event['tile']}: the disaster wipes it out"
    if t == "run":
        last = event["tiles"][-1]["totals"] if event["tiles"] else [0, 0]
        back = " (the return run)" if event.get("leg") else ""
        tiles = _plural(len(event["tiles"]), "tile")
        return f"Run {event['direction']}{back}: {_scores(names, last, seat)} after {tiles}"
    if t == "battle":
        w = "a tie" if event["winner"] is None else _does(names, event["winner"], seat, "win", cap=False)
        return f"Battle {event['battle']}, {event['direction']}: {_scores(names, event['scores'], seat)}; {w}"
    if t == "battle_start":
        lead = _does(names, event["leader"], seat, "lead", cap=False)
        return f"Battle {event['battle']}: {event['direction']}, {lead}"
    if t == "race_over":
        if event["winner"] is None:
            return "Race over: a draw"
        why = {"lead": " by a winning lead", "overtake": " by overtaking"}.get(event.get("reason", ""), "")
        return f"Race over: {_does(names, event['winner'], seat, 'win', cap=False)} the race{why}"
    return None


# ------------------------------------------------------------------------------------------ card faces
def _road_text(r: Road) -> str:
    kind = TYPE_WORDS[r.type]
    return f"{'★' * r.stars} {kind}, {r.down} downhill / {r.up} uphill. {r.text}".strip()


def card_faces(table: CardTable) -> list[dict[str, Any]]:
    """Every card face (JSON-safe, fresh): cars, roads, tune-ups, disasters; stats and tags in words."""
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
            face["stats"] = {
                "downhill corner": rec.dh_c,
                "downhill straight": rec.dh_s,
                "uphill corner": rec.uh_c,
                "uphill straight": rec.uh_s,
            }
            face["tags"] = ["car"]
        elif isinstance(rec, Road):
            face["text"] = _road_text(rec)
            face["stats"] = {"stars": rec.stars, "downhill": rec.down, "uphill": rec.up}
            face["tags"] = [TYPE_WORDS[rec.type], rec.pass_]
        elif isinstance(rec, TuneUp):
            face["text"] = rec.text
            face["stats"] = {}
            face["tags"] = ["tune-up", "one tile" if d.tile_road is not None else "whole course"]
        elif isinstance(rec, Disaster):
            face["text"] = rec.text
            face["stats"] = {}
            face["tags"] = ["disaster"]
        out.append(face)
    return out


# -- the options in words -----------------------------------------------------------------------------------
# What the lobby calls each option (Game.option_words): English is the Options model's own (game.py); these
# are the other languages of the page, each line starting with the rule id the English cites.
OPTIONS: dict[str, dict[str, OptionWords]] = {
    "fr": {
        "mode": OptionWords(
            "Format de course",
            "TG-D0 : le Time Attack se joue au meilleur des trois duels, chacun sur un nouveau parcours "
            "; la Sudden Death court un seul parcours jusqu'à ce qu'un pilote se détache",
            {
                "time_attack": "Time Attack (au meilleur des trois)",
                "sudden_death": "Sudden Death (un parcours)",
            },
        ),
        "nullify_pick": OptionWords(
            "Tronçon effacé par une catastrophe",
            "TG-C5, arbitrage : Oil Slick et Landslide font marquer 0 à un tronçon : le plus fort dans "
            "le sens de la course, ou celui que choisit le meneur",
            {"highest": "le plus fort (le meneur départage)", "leader_choice": "au choix du meneur"},
        ),
        "course_order": OptionWords(
            "Ordre de passage",
            "TG-D4, arbitrage : d'où part chaque passage (ça compte en Sudden Death, notée tronçon par "
            "tronçon) : le tronçon 1 est le sommet, ou le premier passage part du tronçon 1 et le retour "
            "revient",
            {
                "mountain": "descente du sommet, montée du pied",
                "built": "dans l'ordre de pose",
            },
        ),
        "first_direction": OptionWords(
            "Premier sens",
            "TG-T0 : le sens du premier duel : à pile ou face, ou convenu entre les joueurs",
            {"coin": "pile ou face", "downhill": "descente", "uphill": "montée"},
        ),
        "first_leader": OptionWords(
            "Premier meneur",
            "TG-T0 : qui mène le premier duel (pose la première route) : à pile ou face, ou convenu "
            "entre les joueurs",
            {"coin": "pile ou face"},
        ),
        "disaster_draw": OptionWords(
            "Tirage de la catastrophe",
            "TG-T0 : les pilotes retournent des cartes jusqu'à une catastrophe, en vigueur toute la "
            "course (désactivé : une course sans catastrophe)",
        ),
        "redraws": OptionWords(
            "Cartes à repiocher",
            "TG-T1 : combien de cartes de sa nouvelle main chaque pilote peut remettre et repiocher "
            "(TG-D0 aussi)",
        ),
        "lead_margin": OptionWords(
            "Avance gagnante (Sudden Death)",
            "TG-D3 : les points d'avance, après n'importe quel tronçon, qui font gagner la course au "
            "meneur du duel",
        ),
    },
    "ja": {
        "mode": OptionWords(
            "レース形式",
            "TG-D0：タイムアタックは3バトルで2勝した方の勝ち、毎回新しいコース。"
            "サドンデスは1つのコースをどちらかが大きく引き離すまで走る",
            {"time_attack": "タイムアタック（3本勝負）", "sudden_death": "サドンデス（1コース）"},
        ),
        "nullify_pick": OptionWords(
            "災害で0点になる区間",
            "TG-C5 裁定：Oil Slick と Landslide は1区間を0点にする：進む向きで最も点の高い区間か、"
            "リーダーが選ぶ区間",
            {"highest": "最も高い区間（同点はリーダーが選ぶ）", "leader_choice": "リーダーが自由に選ぶ"},
        ),
        "course_order": OptionWords(
            "走る順番",
            "TG-D4 裁定：各走行をどこから始めるか（区間ごとに採点するサドンデスで効く）："
            "区間1を山頂とするか、最初の走行は区間1から始めて逆走で戻るか",
            {"mountain": "下りは山頂から、上りはふもとから", "built": "並べた順"},
        ),
        "first_direction": OptionWords(
            "最初の向き",
            "TG-T0：最初のバトルの向き：コイントスで決めるか、プレイヤーが合意して決める",
            {"coin": "コイントス", "downhill": "下り", "uphill": "上り"},
        ),
        "first_leader": OptionWords(
            "最初のリーダー",
            "TG-T0：最初のバトルをリードする人（最初の道を置く）：コイントスで決めるか、合意して決める",
            {"coin": "コイントス"},
        ),
        "disaster_draw": OptionWords(
            "災害カードをめくる",
            "TG-T0：災害が出るまで交互にカードをめくり、その災害がレース中ずっと有効になる（オフ："
            "災害なしのレース）",
        ),
        "redraws": OptionWords(
            "引き直し",
            "TG-T1：配られた手札のうち、各レーサーが戻して引き直せる枚数（TG-D0 も同じ）",
        ),
        "lead_margin": OptionWords(
            "勝ちになるリード（サドンデス）",
            "TG-D3：どの区間の後でも、バトルのリーダーがこの点数だけ先行すればレースに勝つ",
        ),
    },
}


__all__ = ["OPTIONS", "card_faces", "describe", "narrate", "prompt", "render", "road_label", "unusable"]
