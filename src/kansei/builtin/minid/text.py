"""Terminal text of Mini D (rich), in English, French or Japanese: the track as a strip with every car,
Bunta and the Event cases; menu lines with the odds; one narrated line per event ("DRIFT 14 vs 11: drift
mastered"). Everything here reads the seat's view, its own events and the content — never hidden state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size
from rich.console import Group, OverflowMethod
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.options import shorten
from kansei.core.protocol import Action, OptionWords

from .cards import LANGUAGES
from .lang import catalog, ordinal, plural, say, tr
from .race import Race
from .state import MiniDState
from .table import CardDef, Track
from .terms import (
    AURA,
    BATTLE,
    BOLT,
    CROSSING,
    DISCARD,
    DRAW,
    DRIFT,
    HAND_LIMIT,
    LINE,
    LINE_DRIFT,
    LINE_MOVE,
    LINES,
    SPRINT,
    SPRINT_LINE,
    TURN,
)
from .views import DECK_REF, DISCARD_REF, hand_ref

if TYPE_CHECKING:  # pragma: no cover
    from .game import MiniD

BOARD_NAME = 12  # terminal cells of a player's name in the board's table (a wide character takes two)
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def fit(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal cells with an ellipsis: ``shorten`` for text of narrow characters,
    measured in cells where a wide one (漢字, かな) takes two."""
    if cell_len(text) <= len(text):
        return shorten(text, cells)
    return text if cell_len(text) <= cells else set_cell_size(text, cells - 1).rstrip() + "…"


def _join(lang: str, items: list[str]) -> str:
    """Items of a list in one line: "a, b" ("a、b" in Japanese)."""
    return tr(lang, "list_sep").join(items)


def _corner_style(d: int) -> str:
    return "green" if d <= 8 else "yellow" if d <= 12 else "red"


def card_name(game: MiniD | Race, slug: str, lang: str) -> str:
    table = game.table
    cid = table.by_slug.get(slug)
    return table.cards[cid].name[_lang(lang)] if cid is not None else shorten(str(slug), 40)


def card_key(c: CardDef, lang: str) -> str:
    """A kept card's name with its key number: 'Flat Out (+2 move)'."""
    key = f"key_{c.effect.name}"
    if c.bolt or key not in catalog(lang):
        return c.name[lang]
    params = {f: getattr(c.effect.p, f) for f in c.effect.p._fields} if c.effect.p else {}
    return tr(lang, "card_key", name=c.name[lang], key=tr(lang, key, **params))


def _card_text(c: CardDef, lang: str) -> str:
    return c.text[_lang(lang)].removeprefix("⚡ ")


def who(q: int | None, seat: int | None, lang: str, names: Names) -> str:
    """A racer as a reader ``seat`` is told of them, mid-sentence: "you", or the player's name."""
    if q is None:
        return tr(lang, "nobody")
    return tr(lang, "you") if names.addressed(q, seat) else names(q)


def _names(qs: list[int], seat: int | None, lang: str, names: Names) -> str:
    return _join(lang, [who(q, seat, lang, names) for q in qs])


def _placings(placings: list[int], seat: int | None, lang: str, names: Names) -> str:
    places = [f"{ordinal(lang, i + 1)} {who(q, seat, lang, names)}" for i, q in enumerate(placings)]
    return _join(lang, places)


def _card_list(game: MiniD | Race, slugs: list[Any], lang: str) -> str:
    return _join(lang, [card_name(game, c, lang) for c in slugs])


def car(q: int) -> str:
    """A racer's car on the board: its player's number, counted from 1."""
    return str(q + 1)


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
    Event case), the cars (each player's number, from 1) and Bunta (B). The parking (P) and the finish
    (F) hold several."""
    tr_ = state.race.track
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
            here.setdefault(r["case"], []).append((car(r["seat"]), SEAT_STYLES[r["seat"] % 6]))
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
    tail.append(" ".join(car(q) for q in v["finished"]) or "—")
    for c in stacked:
        tail.append(tr(lang, "stacked", case=c, who=" ".join(m[0] for m in here[c])), style="dim")
    return Text.assemble(*rows, tail)


def _decision_line(state: MiniDState, d: dict[str, Any], seat: int | None, lang: str, names: Names) -> str:
    kind = d["kind"]
    corner = state.race.track.section_names[lang][d["section"]] if "section" in d else ""
    what = tr(
        lang,
        f"d_{kind}",
        corner=corner,
        difficulty=d.get("difficulty", 0),
        total=d.get("total", 0),
        die=d.get("die", 0),
    )
    return say(lang, "decide", names.addressed(d["seat"], seat), Who=names(d["seat"]), what=what)


def render(state: MiniDState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    """The board as ``seat`` sees it: the road strip, the corners, Bunta and the piles, one row per racer
    (its player's number and name, case, corner, skips, Bunta met, cards), and the decision being made.
    Every cell is plain text (names and card names are never read as markup)."""
    lang = _lang(lang)
    names = names or Names(lang=lang)
    v = state.view(seat)
    track = state.race.track
    opts = v["options"]
    flags = [tr(lang, k) for k in ("aspiration", "strategies") if opts.get(k)]
    head = Text.assemble(
        (tr(lang, "title", track=track.names[lang], direction=tr(lang, v["direction"])), "bold"),
        "   " + tr(lang, "round_head", round=v["round"]) + "   ",
        (tr(lang, "eurobeat") + "  " if opts.get("eurobeat") else ""),
        (tr(lang, "options", flags=_join(lang, flags)) if flags else "", "italic"),
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
    # Japanese has no spaces to wrap at: its long cells fold (a card's name and number cut by "…" would hide
    # them); English and French wrap at their spaces
    overflow: OverflowMethod = "fold" if lang == "ja" else "ellipsis"
    for col in ("seat", "case", "corner", "skips", "bunta", "cards", "waiting"):
        table.add_column(tr(lang, f"col_{col}"), no_wrap=col == "seat", overflow=overflow)
    for r in v["racers"]:
        q = r["seat"]
        tag = tr(lang, "you_tag") if names.addressed(q, seat) else ""
        label = f"{car(q)} {fit(names(q), BOARD_NAME)}" if names.given(q) else names(q)  # "Player 2"
        name = Text(label + tag, style=SEAT_STYLES[q % 6])
        if r["aura"]:
            name.append(tr(lang, "aura_tag"), style="bold yellow")
        corner = ""
        if r["corner"]:
            where = track.section_names[lang][r["corner"]["section"]]
            corner = tr(lang, "corner_state", corner=where, state=tr(lang, "st_" + r["corner"]["state"]))
        elif v["phase"] == "sprint" and r["sprint"] is not None:  # where its sprint landed (MD-S2)
            corner = tr(lang, "landed", landing=r["sprint"])
        if "hand" in r:
            table_ = state.race.table
            held = [table_.cards[table_.by_slug[c["card"]]] for c in r["hand"]]
            cards = _join(lang, [card_key(c, lang) for c in held]) or "—"
        else:
            cards = plural(lang, "hidden", r["hand_count"]) if r["hand_count"] else "—"
        case = str(r["case"]) if r["status"] == "racing" else tr(lang, f"case_{r['status']}")
        table.add_row(
            name,
            Text(case),
            Text(corner),
            Text(str(r["skips"] or "")),
            Text(tr(lang, "met" if r["met_bunta"] else "ahead")),
            Text(cards),
            Text(_card_list(state.race, r["waiting"], lang)),
        )
    piles = tr(lang, "deck_line", deck=v["deck"]["count"], discard=len(v["discard"]["cards"]))
    bline.append("  ·  " + piles, style="dim")
    parts: list[Any] = [strip(state, v, lang), corners, bline, table]
    if v["phase"] == "sprint":  # each racer's landing is in its row of the table
        parts.append(Text(tr(lang, "sprint_line", line=SPRINT_LINE)))
    if v["over"]:
        placings = _placings(v["placings"], seat, lang, names)
        parts.append(Text(tr(lang, "over_line", placings=placings), style="bold green"))
    foot = None
    if not v["over"] and v["decision"]:
        foot = Text(_decision_line(state, v["decision"], seat, lang, names), style="italic")
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
    r = state.race
    lang = _lang(lang)
    d = r.pending
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
        diff = r.track.difficulty[r.corner_section[p]]
        mod = LINE_DRIFT[i] + (AURA if r.aura == p else 0)
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
        c = r.table.cards[action.args[0]]
        return tr(lang, f"m_{k}", card=c.name[lang], text=_card_text(c, lang))
    if k == "draw":
        return tr(lang, "m_draw")
    if k == "roll":
        b = r.move_bonus
        return tr(lang, "m_roll_bonus", bonus=b) if b else tr(lang, "m_roll")
    if k == "accept" and d.kind == DRIFT:
        diff = r.track.difficulty[r.corner_section[p]]
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
            b = r.battle_bonus[p]
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
    """One line for an event of ``events_for(seat)``, naming the players by ``names`` ("you" for the
    reader's own racer); None only for an event type the game does not know."""
    lang = _lang(lang)
    names = names or Names(lang=lang)
    t = e.get("type")
    q = e.get("seat")
    you = names.addressed(q, seat)
    Who = names(q) if q is not None else ""  # noqa: N806
    track = game.track

    def name(slug: Any) -> str:
        return card_name(game, slug, lang)

    def text_of(slug: Any) -> str:
        cid = game.table.by_slug.get(slug)
        return _card_text(game.table.cards[cid], lang) if cid is not None else ""

    if t == "race":
        beat = tr(lang, "beat") if e.get("eurobeat") else ""
        return tr(
            lang,
            "race",
            track=track.names[lang],
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
        return tr(lang, "sprint_again", why=tr(lang, e["why"]), who=_names(e["seats"], seat, lang, names))
    if t == "start":
        st = e["starter"]
        order = _names(e["order"], seat, lang, names)
        return say(lang, "start", names.addressed(st, seat), Who=names(st), order=order)
    if t == "round":
        return tr(lang, "round", round=e["round"])
    if t == "turn":  # silent (Game.silent_events): a narration break; the next line names the racer
        return say(lang, "turn", you, Who=Who)
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
        lost = (
            say(lang, "aura_lost", names.addressed(prev, seat), who=names(prev)) if prev is not None else ""
        )
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
        if names.addressed(dfd, seat):
            return tr(lang, "battle_you", Who=names(att), case=e["case"])
        return say(
            lang,
            "battle",
            names.addressed(att, seat),
            Who=names(att),
            other=who(dfd, seat, lang, names),
            case=e["case"],
        )
    if t == "duel":
        d, r = e["defence"]
        out = tr(lang, "tie_duel" if e["outcome"] == "tie" else e["outcome"])
        shift = tr(lang, "shift", cases=plural(lang, "case", e["shift"])) if e.get("shift") else ""
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
        return tr(lang, "race_over", placings=_placings(e["placings"], seat, lang, names))
    if t == "bolt":
        return say(lang, "bolt", you, Who=Who, card=name(e["card"]), text=text_of(e["card"]))
    if t == "drew":  # public: the others learn a card was drawn; the drawer, that it is kept face down
        return say(lang, "drew", you, Who=Who)
    if t == "drew_card":  # private: told to the drawing seat only
        return say(lang, "drew_card", you, Who=Who, card=name(e["card"]), text=text_of(e["card"]))
    if t in ("no_draw", "play", "discard"):
        return say(lang, t, you, Who=Who, card=name(e.get("card")))
    if t in ("dealt", "dealt_waiting", "hand_discarded"):
        return say(lang, t, you, Who=Who, cards=_card_list(game, e["cards"], lang))
    if t == "reroll":
        roll = tr(lang, "drift_roll" if e["roll"] == "drift" else "crossing_roll_name")
        return say(lang, "reroll", you, Who=Who, roll=roll, old=e["old"], new=e["new"])
    if t == "trigger":
        cards = _card_list(game, e["cards"], lang)
        acts = tr(lang, "acts_1" if len(e["cards"]) == 1 else "acts_n")
        return say(lang, "trigger", you, cards=cards, acts=acts, who=Who, amount=e["amount"])
    if t == "reshuffle":
        return tr(lang, "reshuffle", cards=plural(lang, "card", e["cards"]))
    return None


# ---------------------------------------------------------------------------------------------- prompts


def prompt(state: MiniDState, lang: str = "en", names: Names | None = None) -> str:
    """The decision the racer to move faces, told to that racer ("" once the race is over)."""
    r = state.race
    lang = _lang(lang)
    names = names or Names(lang=lang)
    d = r.pending
    if d is None or r.over:
        return ""
    p = d.seat
    kind = d.kind
    kw: dict[str, Any] = {}
    key = f"p_{kind}"
    if kind in (LINE, DRIFT):
        sec = r.corner_section[p]
        kw.update(corner=r.track.section_names[lang][sec], difficulty=r.track.difficulty[sec])
    if kind == SPRINT:
        kw["line"] = SPRINT_LINE
    elif kind == TURN:
        b = r.move_bonus
        kw["bonus"] = tr(lang, "m_roll_bonus_short", bonus=b) if b else ""
    elif kind == DRIFT:
        total = d.die + d.mod
        kw.update(
            die=d.die, total=total, verdict=_drift_verdict(d.die, total, kw["difficulty"], d.master, lang)
        )
    elif kind == CROSSING:
        total = d.die + d.mod
        kw.update(die=d.die, total=total, verdict=_crossing_verdict(d.die, total, lang))
    elif kind == BATTLE:
        attacking = p == d.attacker
        key = "p_battle_attack" if attacking else "p_battle_defend"
        kw.update(other=names(d.defender if attacking else d.attacker), case=r.positions[p])
    elif kind == DISCARD:
        kw.update(n=len(r.hands[p]), limit=HAND_LIMIT)
    text = tr(lang, key, **kw)
    return text if names.addressed(p, p) else tr(lang, "p_named", name=names(p), prompt=text)


def unusable(
    state: MiniDState, seat: int | None, lang: str = "en", names: Names | None = None
) -> dict[str, str]:
    """Why the cards and piles in ``seat``'s view that no legal action uses cannot be used now: each card
    of its hand is played at its own moment (MD-E1); the Event deck is drawn from at the end of a turn on
    an Event case; cards are discarded only above the hand limit. From that seat's view only."""
    lang = _lang(lang)
    if seat is None or not 0 <= seat < state.race.seats:
        return {}
    d = state.race.pending
    mine = d is not None and d.seat == seat and not state.race.over
    kind = d.kind if mine and d is not None else None
    out: dict[str, str] = {}
    cards = state.race.table.cards
    for i, c in enumerate(state.race.hands[seat]):
        card = cards[c]
        if kind == DISCARD or (kind is not None and card.window == kind):
            continue
        if state.race.over:
            out[hand_ref(i)] = tr(lang, "u_over")
        else:
            out[hand_ref(i)] = tr(lang, "u_card", when=tr(lang, f"when_{card.window}"))
    if kind != DRAW:
        out[DECK_REF] = tr(lang, "u_over" if state.race.over else "u_deck")
    if kind != DISCARD:
        out[DISCARD_REF] = tr(lang, "u_over" if state.race.over else "u_discard", limit=HAND_LIMIT)
    return out


# ---------------------------------------------------------------------------------------------- card faces


def card_face(c: CardDef, lang: str = "en") -> dict[str, Any]:
    """A card as the web table and ``kansei cards`` show it (JSON-safe, fresh): its tags are what it does
    and when, in words ("move bonus", "start of your turn")."""
    lang = _lang(lang)
    stats: dict[str, Any] = {tr(lang, "copies"): c.count}
    for field in c.effect.p._fields if c.effect.p else ():
        stats[tr(lang, field)] = getattr(c.effect.p, field)
    block = f"block_{c.effect.name}"
    moment = f"waits_{c.waits}" if c.waits else f"window_{c.window}" if c.window else "bolt_now"
    tags = [tr(lang, block) if block in catalog(lang) else c.effect.name.replace("_", " "), tr(lang, moment)]
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


# -- the options in words -----------------------------------------------------------------------------------
# What the lobby calls each option (Game.option_words): English is the Options model's own (game.py); these
# are the other languages of the page, each line starting with the rule id the English cites. The tracks'
# names are the content's (MiniD.option_words).
OPTIONS: dict[str, dict[str, OptionWords]] = {
    "fr": {
        "track": OptionWords(
            "Circuit", "MD-B1 : le col à courir, avec ses virages, leur difficulté et ses cases Événement"
        ),
        "uphill": OptionWords(
            "Montée",
            "MD-O3 touge en montée : du pied jusqu'au sommet, le circuit à l'envers",
        ),
        "aspiration": OptionWords(
            "Aspiration",
            "MD-O1 : +1 au déplacement qui part d'une ligne droite avec un adversaire devant, à 4 cases "
            "ou moins",
        ),
        "strategies": OptionWords(
            "Trajectoires en virage",
            "MD-O2 : choisir une trajectoire avant chaque jet de DRIFT : Midnight Gambler (−3 au DRIFT, "
            "+2 au déplacement) ou Moonlight Control (+3 au DRIFT, −2 au déplacement)",
        ),
        "eurobeat": OptionWords(
            "Eurobeat",
            "MD-S1, ambiance : l'Eurobeat à fond (narration seulement)",
        ),
    },
    "ja": {
        "track": OptionWords(
            "コース", "MD-B1：走る峠（コースごとに、コーナーとその難しさ、イベントマスが違う）"
        ),
        "uphill": OptionWords(
            "ヒルクライム",
            "MD-O3 上りの峠：ふもとから頂上へ、コースを逆向きに走る",
        ),
        "aspiration": OptionWords(
            "スリップストリーム",
            "MD-O1：直線から動き出すとき、同じ直線の4マス以内の前方に相手がいれば移動+1",
        ),
        "strategies": OptionWords(
            "コーナーのライン",
            "MD-O2：DRIFT ロールの前にラインを選ぶ：Midnight Gambler（DRIFT −3、移動 +2）"
            "か Moonlight Control（DRIFT +3、移動 −2）",
        ),
        "eurobeat": OptionWords(
            "ユーロビート",
            "MD-S1 演出：ユーロビートを流す（実況の文だけが変わる）",
        ),
    },
}


__all__ = [
    "OPTIONS",
    "card_face",
    "describe",
    "drift_odds",
    "narrate",
    "prompt",
    "render",
    "sprint_odds",
    "strip",
    "unusable",
]
