"""Terminal text of Mini D (rich), in English or French: the track as a strip with every car, Bunta and the
Event cases; menu lines with the odds; one narrated line per event ("DRIFT 14 vs 11: drift mastered").
Everything here reads the seat's view, its own events and the content — never hidden state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.options import shorten
from kansei.core.protocol import Action

from .lang import catalog, ordinal, plural, say, tr
from .state import MiniDState
from .table import CardDef, Track
from .terms import (
    AURA,
    BOLT,
    CROSSING,
    DRAW,
    DRIFT,
    LINE_DRIFT,
    LINE_MOVE,
    LINES,
    SPRINT_LINE,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import MiniD

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")


def _lang(lang: str) -> str:
    return lang if lang in ("en", "fr") else "en"


def _corner_style(d: int) -> str:
    return "green" if d <= 8 else "yellow" if d <= 12 else "red"


def card_name(game: MiniD | MiniDState, slug: str, lang: str) -> str:
    table = game.table
    cid = table.by_slug.get(slug)
    return table.cards[cid].name[_lang(lang)] if cid is not None else shorten(str(slug), 40)


def card_key(c: CardDef, lang: str) -> str:
    """A kept card's name with its key number: 'Flat Out (+2 move)'."""
    key = f"key_{c.effect.name}"
    if c.bolt or key not in catalog(lang):
        return c.name[lang]
    params = {f: getattr(c.effect.p, f) for f in c.effect.p._fields} if c.effect.p else {}
    return f"{c.name[lang]} ({tr(lang, key, **params)})"


def _card_text(c: CardDef, lang: str) -> str:
    return c.text[_lang(lang)].removeprefix("⚡ ")


def who(q: int | None, seat: int | None, lang: str) -> str:
    if q is None:
        return tr(lang, "nobody")
    return tr(lang, "you") if q == seat else tr(lang, "seat", q=q)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(qs: list[int], seat: int | None, lang: str) -> str:
    return ", ".join(who(q, seat, lang) for q in qs)


def _placings(placings: list[int], seat: int | None, lang: str) -> str:
    return ", ".join(f"{ordinal(lang, i + 1)} {who(q, seat, lang)}" for i, q in enumerate(placings))


# ---------------------------------------------------------------------------------------------- odds


def sprint_odds(power: int) -> float:
    """MD-S2 ruling: the chance that power + (2d6 - 7) stays at or below the line."""
    ok = sum(1 for a in range(1, 7) for b in range(1, 7) if power + a + b - 7 <= SPRINT_LINE)
    return ok / 36


def drift_odds(diff: int, mod: int) -> float:
    """MD-C1..C5: the chance that 1d20 + mod masters a corner of ``diff`` (naturals on the bare die)."""
    ok = sum(1 for n in range(2, 20) if n + mod >= diff) + 1  # a natural 20 always succeeds
    return ok / 20


# ---------------------------------------------------------------------------------------------- render


def strip(state: MiniDState, v: dict[str, Any], lang: str = "en") -> Text:
    """Three lines (a fourth for the parking, the finish and shared cases when they hold anyone): case
    numbers every 10, the road (─ straight, ^ corner coloured by difficulty, ? an
    Event case), the cars (seat digits) and Bunta (B). The parking (P) and the finish (F) hold several."""
    tr_ = state.track
    length = tr_.length
    ruler = Text("   ")
    road = Text(" P ", style="dim")
    cars = Text("   ")
    for c in range(1, length + 1):
        ruler.append(str(c // 10) if c % 10 == 0 else ("·" if c % 5 == 0 else " "), style="dim")
        d = tr_.difficulty[tr_.section_at[c]]
        if tr_.is_event[c]:
            road.append("?", style="bold yellow" if d == 0 else f"bold {_corner_style(d)}")
        elif d:
            road.append("^", style=_corner_style(d))
        else:
            road.append("─", style="dim")
    road.append(" F", style="bold")
    here: dict[int, list[tuple[str, str]]] = {}
    for r in v["racers"]:
        if r["status"] == "racing":
            here.setdefault(r["case"], []).append((str(r["seat"]), SEAT_STYLES[r["seat"] % 6]))
    bunta = v["bunta"]
    if bunta["driving"] or bunta["case"] <= length:
        here.setdefault(bunta["case"], []).append(("B", "bold white on red"))
    for c in range(1, length + 1):
        marks = here.get(c)
        if not marks:
            cars.append(" ")
        elif len(marks) == 1:
            cars.append(marks[0][0], style=marks[0][1])
        else:
            cars.append("*", style="bold")
    parked = [m[0] for m in here.get(0, []) if m[0] != "B"]
    stacked = sorted(c for c, m in here.items() if len(m) > 1 and 1 <= c <= length)
    rows: list[str | Text] = [ruler, "\n", road]
    if cars.plain.strip():  # no empty row of cars
        rows += ["\n", cars]
    if not (parked or v["finished"] or stacked):  # nothing the rows above cannot show: no last line
        return Text.assemble(*rows)
    tail = Text("\n")
    tail.append(tr(lang, "parking"), style="dim")
    tail.append(" ".join(parked) or "—")
    tail.append(tr(lang, "finish_zone"), style="dim")
    tail.append(" ".join(str(q) for q in v["finished"]) or "—")
    for c in stacked:
        tail.append(tr(lang, "stacked", case=c, who=" ".join(m[0] for m in here[c])), style="dim")
    return Text.assemble(*rows, tail)


def _decision_line(state: MiniDState, d: dict[str, Any], seat: int | None, lang: str) -> str:
    kind = d["kind"]
    corner = state.track.section_names[lang][d["section"]] if "section" in d else ""
    what = tr(
        lang,
        f"d_{kind}",
        corner=corner,
        difficulty=d.get("difficulty", 0),
        total=d.get("total", 0),
        die=d.get("die", 0),
    )
    return say(lang, "decide", d["seat"] == seat, Who=cap(who(d["seat"], seat, lang)), what=what)


def render(state: MiniDState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    lang = _lang(lang)
    v = state.view(seat)
    track = state.track
    opts = v["options"]
    flags = [tr(lang, k) for k in ("aspiration", "strategies") if opts.get(k)]
    head = Text.assemble(
        (tr(lang, "title", track=track.name, direction=tr(lang, v["direction"])), "bold"),
        "   " + tr(lang, "round_head", round=v["round"]) + "   ",
        (tr(lang, "eurobeat") + "  " if opts.get("eurobeat") else ""),
        (tr(lang, "options", flags=", ".join(flags)) if flags else "", "italic"),
    )
    corners = Text(tr(lang, "corners"), style="dim")
    for i, (kind, b, e, d) in enumerate(track.sections):
        if kind == "corner":
            corners.append(f"{track.section_names[lang][i]} {b}–{e} ", style="dim")
            corners.append(f"d{d}", style=_corner_style(d))
            corners.append("  ")
    bunta = v["bunta"]
    bline = Text(
        tr(lang, "bunta", case=bunta["case"]) + ("" if bunta["driving"] else tr(lang, "bunta_stopped"))
    )
    table = Table(expand=False, box=None, pad_edge=False, header_style="bold underline")
    for col in ("seat", "case", "corner", "skips", "bunta", "cards", "waiting"):
        table.add_column(tr(lang, f"col_{col}"))
    for r in v["racers"]:
        q = r["seat"]
        name = Text(f"{q}{tr(lang, 'you_tag') if q == seat else ''}", style=SEAT_STYLES[q % 6])
        if r["aura"]:
            name.append(tr(lang, "aura_tag"), style="bold yellow")
        corner = ""
        if r["corner"]:
            where = track.section_names[lang][r["corner"]["section"]]
            corner = f"{where}: {tr(lang, 'st_' + r['corner']['state'])}"
        elif v["phase"] == "sprint" and r["sprint"] is not None:  # where its sprint landed (MD-S2)
            corner = tr(lang, "landed", landing=r["sprint"])
        if "hand" in r:
            table_ = state.table
            cards = ", ".join(card_key(table_.cards[table_.by_slug[c]], lang) for c in r["hand"]) or "—"
        else:
            cards = plural(lang, "hidden", r["hand_count"]) if r["hand_count"] else "—"
        case = str(r["case"]) if r["status"] == "racing" else tr(lang, f"case_{r['status']}")
        table.add_row(
            name,
            case,
            corner,
            str(r["skips"] or ""),
            tr(lang, "met" if r["met_bunta"] else "ahead"),
            cards,
            ", ".join(card_name(state, c, lang) for c in r["waiting"]),
        )
    bline.append(
        "  ·  " + tr(lang, "deck_line", deck=v["deck_count"], discard=len(v["discard"])), style="dim"
    )
    parts: list[Any] = [strip(state, v, lang), corners, bline, table]
    if v["phase"] == "sprint":  # each racer's landing is in its row of the table
        parts.append(Text(tr(lang, "sprint_line", line=SPRINT_LINE)))
    if v["over"]:
        parts.append(
            Text(tr(lang, "over_line", placings=_placings(v["placings"], seat, lang)), style="bold green")
        )
    foot = None
    if not v["over"] and v["decision"]:
        foot = Text(_decision_line(state, v["decision"], seat, lang), style="italic")
    return Panel(
        Group(*parts), expand=False, title=head, title_align="left", subtitle=foot, subtitle_align="left"
    )


# ---------------------------------------------------------------------------------------------- menus


def _drift_verdict(die: int, total: int, difficulty: int, master: bool, lang: str) -> str:
    if die == 1:
        return tr(lang, "m_verdict_spin")
    if die == 20:
        return tr(lang, "m_verdict_kansei")
    return tr(lang, "m_verdict_ok" if master or total >= difficulty else "m_verdict_fail")


def describe(state: MiniDState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """The menu line of a legal action, for the seat to move (its own cards, the odds)."""
    lang = _lang(lang)
    d = state.pending
    k = action.kind
    if d is None:
        return action.notation
    p = d.seat
    if k == "sprint":
        pw = action.args[0]
        return tr(
            lang,
            "m_sprint",
            power=pw,
            low=pw - 5,
            high=pw + 5,
            odds=f"{sprint_odds(pw):.0%}",
            line=SPRINT_LINE,
        )
    if k == "line":
        i = action.args[0]
        diff = state.track.difficulty[state.corner_section[p]]
        mod = LINE_DRIFT[i] + (AURA if state.aura == p else 0)
        move = tr(lang, "m_line_move", move=LINE_MOVE[i]) if LINE_MOVE[i] else ""
        return tr(
            lang,
            "m_line",
            title=tr(lang, f"line_{LINES[i]}"),
            drift=LINE_DRIFT[i],
            move=move,
            odds=f"{drift_odds(diff, mod):.0%}",
            difficulty=diff,
        )
    if k in ("play", "discard"):
        c = state.table.cards[action.args[0]]
        return tr(lang, f"m_{k}", card=c.name[lang], text=_card_text(c, lang))
    if k == "draw":
        return tr(lang, "m_draw")
    if k == "roll":
        b = state.move_bonus
        return tr(lang, "m_roll_bonus", bonus=b) if b else tr(lang, "m_roll")
    if k == "accept" and d.kind == DRIFT:
        diff = state.track.difficulty[state.corner_section[p]]
        total = d.die + d.mod
        return tr(
            lang,
            "m_keep_drift",
            total=total,
            difficulty=diff,
            gutter=tr(lang, "m_gutter") if d.master else "",
            verdict=_drift_verdict(d.die, total, diff, d.master, lang),
        )
    if k == "accept" and d.kind == CROSSING:
        return tr(
            lang,
            "m_keep_crossing",
            total=d.die + d.mod,
            verdict=_crossing_verdict(d.die, d.die + d.mod, lang),
        )
    if k == "pass":
        if d.kind == "battle":
            b = state.battle_bonus[p]
            return tr(lang, "m_fight", bonus=tr(lang, "m_fight_bonus", bonus=b) if b else "")
        return tr(lang, {"skip": "m_skip", DRAW: "m_no_draw"}.get(d.kind, "m_pass"))
    return action.notation


def _crossing_verdict(die: int, total: int, lang: str) -> str:
    if die == 1:
        return tr(lang, "judgement")
    if die == 20:
        return tr(lang, "aura")
    return tr(lang, "brake" if total < 10 else "clear")


# ---------------------------------------------------------------------------------------------- narration


def _corner_name(track: Track, e: dict[str, Any], lang: str) -> str:
    sec = e.get("section")
    names = track.section_names[lang]
    return names[sec] if isinstance(sec, int) and 0 <= sec < len(names) else "?"


def narrate(
    game: MiniD, e: dict[str, Any], seat: int | None = None, lang: str = "en", names: Names | None = None
) -> str | None:
    """One line for an event of ``events_for(seat)`` (None: nothing worth a line for this reader)."""
    lang = _lang(lang)
    t = e.get("type")
    q = e.get("seat")
    you = q is not None and q == seat
    Who = cap(who(q, seat, lang))  # noqa: N806
    track = game.track

    def name(slug: Any) -> str:
        return card_name(game, slug, lang)

    if t == "race":
        beat = tr(lang, "beat") if e.get("eurobeat") else ""
        return tr(
            lang,
            "race",
            track=track.name,
            direction=tr(lang, e["direction"]),
            length=plural(lang, "case", e["length"]),
            players=e["players"],
            beat=beat,
        )
    if t == "sprint":
        short = SPRINT_LINE - e["landing"]
        tail = (
            tr(lang, "sprint_over")
            if e["crossed"]
            else (tr(lang, "sprint_on") if short == 0 else tr(lang, "sprint_short", short=short))
        )
        a, b = e["dice"]
        return say(lang, "sprint", you, Who=Who, power=e["power"], a=a, b=b, landing=e["landing"], tail=tail)
    if t == "sprint_again":
        return tr(lang, "sprint_again", why=tr(lang, e["why"]), who=_names(e["seats"], seat, lang))
    if t == "start":
        st = e["starter"]
        return say(
            lang, "start", st == seat, Who=cap(who(st, seat, lang)), order=_names(e["order"], seat, lang)
        )
    if t == "round":
        return tr(lang, "round", round=e["round"])
    if t == "bunta_move":
        source = name(e["card"]) if e.get("card") else f"d6 {e['die']}"
        return tr(
            lang,
            "bunta_move",
            cases=plural(lang, "case", e["die"]),
            source=source,
            src=e["src"],
            dst=e["dst"],
        )
    if t == "crossing":
        roll = (
            str(e["total"])
            if e["total"] == e["die"]
            else tr(lang, "crossing_roll", total=e["total"], die=e["die"])
        )
        prev = e.get("previous")
        lost = say(lang, "aura_lost", prev == seat, who=who(prev, seat, lang)) if prev is not None else ""
        return say(lang, "crossing", you, Who=Who, roll=roll, outcome=tr(lang, e["outcome"]), lost=lost)
    if t == "bunta_gone":
        return tr(lang, "bunta_gone")
    if t == "skip":
        more = tr(lang, "skip_more", left=e["left"]) if e["left"] else ""
        return say(lang, "skip", you, Who=Who, more=more)
    if t == "move":
        stop = tr(lang, f"stop_{e['stop']}") if e.get("stop") else ""
        kw = {"Who": Who, "src": e["src"], "dst": e["dst"], "stop": stop}
        if e["why"] == "crawl":
            return say(lang, "crawl", you, **kw)
        if e["die"] is not None:
            bonus = e["steps"] - e["die"]
            return say(lang, "roll", you, roll=f"{e['die']}" + (f" {bonus:+}" if bonus else ""), **kw)
        why = name(e["card"]) if e["why"] == "card" else tr(lang, "overtake_move")
        return say(lang, "move", you, cases=plural(lang, "case", e["steps"]), why=why, **kw)
    if t == "place":
        why = (
            name(e["card"])
            if e["why"] == "card"
            else tr(lang, {"kansei": "kansei"}.get(e["why"], e["why"] + "_place"))
        )
        return say(lang, "place", you, Who=Who, dst=e["dst"], why=why)
    if t == "drift":
        mod = e["total"] - e["die"]
        line = f" [{tr(lang, e['line'])}]" if e.get("line") and e["line"] != "normal" else ""
        die = tr(lang, "drift_die", die=e["die"], mod=mod) if mod else ""
        outcome = tr(lang, "kansei_drift" if e["outcome"] == "kansei" else e["outcome"])
        return say(
            lang,
            "drift",
            you,
            Who=Who,
            corner=_corner_name(track, e, lang),
            line=line,
            total=e["total"],
            difficulty=e["difficulty"],
            die=die,
            outcome=outcome,
        )
    if t == "battle":
        att, dfd = e["attacker"], e["defender"]
        if lang == "fr" and dfd == seat:
            return tr(lang, "battle_you", Who=cap(who(att, seat, lang)), case=e["case"])
        return say(
            lang,
            "battle",
            att == seat,
            Who=cap(who(att, seat, lang)),
            other=who(dfd, seat, lang),
            case=e["case"],
        )
    if t == "duel":
        d, r = e["defence"]
        out = tr(lang, "tie_duel" if e["outcome"] == "tie" else e["outcome"])
        shift = f" ({plural(lang, 'case', e['shift'])})" if e.get("shift") else ""
        return tr(
            lang,
            "duel",
            attack=e["attack_total"],
            defence=e["defence_total"],
            d=d,
            e=r,
            outcome=out,
            shift=shift,
        )
    if t == "finish":
        return say(lang, "finish", you, Who=Who, place=ordinal(lang, e["place"]))
    if t == "out":
        return say(lang, "out", you, Who=Who)
    if t == "race_over":
        return tr(lang, "race_over", placings=_placings(e["placings"], seat, lang))
    if t == "bolt":
        cid = game.table.by_slug.get(e["card"])
        text = _card_text(game.table.cards[cid], lang) if cid is not None else ""
        return say(lang, "bolt", you, Who=Who, card=name(e["card"]), text=text)
    if t == "drew":
        return None if you else say(lang, "drew", False, Who=Who)
    if t == "drew_card":  # private: told to the drawing seat only
        if not you:
            return None
        cid = game.table.by_slug.get(e["card"])
        text = _card_text(game.table.cards[cid], lang) if cid is not None else ""
        return say(lang, "drew_card", True, card=name(e["card"]), text=text)
    if t in ("no_draw", "play", "discard"):
        return say(lang, t, you, Who=Who, card=name(e.get("card")))
    if t == "reroll":
        roll = tr(lang, "drift_roll" if e["roll"] == "drift" else "crossing_roll_name")
        return say(lang, "reroll", you, Who=Who, roll=roll, old=e["old"], new=e["new"])
    if t == "trigger":
        cards = ", ".join(name(c) for c in e["cards"])
        acts = tr(lang, "acts_1" if len(e["cards"]) == 1 else "acts_n")
        return say(lang, "trigger", you, cards=cards, acts=acts, who=who(q, seat, lang), amount=e["amount"])
    if t == "reshuffle":
        return tr(lang, "reshuffle", cards=plural(lang, "card", e["cards"]))
    return None


# ---------------------------------------------------------------------------------------------- card faces


def card_face(c: CardDef, lang: str = "en") -> dict[str, Any]:
    """A card as the web table and ``kansei cards`` show it (JSON-safe, fresh)."""
    lang = _lang(lang)
    stats: dict[str, Any] = {tr(lang, "copies"): c.count}
    for field in c.effect.p._fields if c.effect.p else ():
        stats[tr(lang, field)] = getattr(c.effect.p, field)
    tags = [c.effect.name]
    tags.append(
        tr(lang, f"waits_{c.waits}") if c.waits else (tr(lang, f"window_{c.window}") if c.window else "⚡")
    )
    return {
        "name": c.name[lang],
        "slug": c.slug,
        "kind": tr(lang, "bolt_kind" if c.kind == BOLT else "kept_kind"),
        "text": c.text[lang],
        "stats": stats,
        "tags": tags,
        "colour": "yellow" if c.bolt else None,
        "house": c.house,
    }


__all__ = [
    "card_face",
    "describe",
    "drift_odds",
    "narrate",
    "render",
    "sprint_odds",
    "strip",
]
