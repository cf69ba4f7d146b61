"""Terminal rendering of Mini D (rich): the track as a strip with every car, Bunta and the Event cases;
menus for decisions; one narrated line per event ("DRIFT 14 vs 11: drift mastered")."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.protocol import Action

from .rules import (
    CARDS,
    D_BATTLE,
    D_CROSS,
    D_DRAW,
    D_DRIFT,
    D_SKIP,
    D_TURN,
    LINE_DRIFT,
    LINE_MOVE,
    SPRINT_LINE,
    MiniD,
    MiniDState,
)

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")
LINE_TITLES = ("Normal line", "Midnight Gambler (late braking)", "Moonlight Control (grip)")
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(k: int) -> str:
    return ORDINAL.get(k, f"{k}th")


def _corner_style(d: int) -> str:
    return "green" if d <= 8 else "yellow" if d <= 12 else "red"


# ---------------------------------------------------------------------------------------------- render


def strip(state: MiniDState) -> Text:
    """Three lines: case numbers every 10, the road (─ straight, ^ corner coloured by difficulty, ? an
    Event case), the cars (seat digits) and Bunta (B). The parking (P) and the finish (F) hold several."""
    tr = state.track
    L = tr.L
    ruler = Text("   ")
    road = Text(" P ", style="dim")
    cars = Text("   ")
    for c in range(1, L + 1):
        ruler.append(str(c // 10) if c % 10 == 0 else ("·" if c % 5 == 0 else " "), style="dim")
        sec = tr.sec_of[c]
        d = tr.diff[sec]
        if tr.is_event[c]:
            road.append("?", style="bold yellow" if d == 0 else f"bold {_corner_style(d)}")
        elif d:
            road.append("^", style=_corner_style(d))
        else:
            road.append("─", style="dim")
    road.append(" F", style="bold")
    here: dict[int, list[tuple[str, str]]] = {}
    for q in range(state.n):
        if state.status[q] == 0:
            here.setdefault(state.pos[q], []).append((str(q), SEAT_STYLES[q % 6]))
    if state.bunta_on or state.bunta <= L:
        here.setdefault(state.bunta, []).append(("B", "bold white on red"))
    for c in range(1, L + 1):
        marks = here.get(c)
        if not marks:
            cars.append(" ")
        elif len(marks) == 1:
            cars.append(marks[0][0], style=marks[0][1])
        else:
            cars.append("*", style="bold")
    parked = [m for m in here.get(0, []) if m[0] != "B"]
    finished = [str(q) for q in state.places]
    tail = Text("\n")
    tail.append("parking: ", style="dim")
    tail.append(" ".join(m[0] for m in parked) or "—")
    tail.append("   finish: ", style="dim")
    tail.append(" ".join(finished) or "—")
    stacked = [c for c, m in here.items() if len(m) > 1 and 1 <= c <= L]
    for c in sorted(stacked):
        tail.append(f"   * case {c}: " + " ".join(m[0] for m in here[c]), style="dim")
    return Text.assemble(ruler, "\n", road, "\n", cars, tail)


def render(state: MiniDState, seat: int | None, lang: str = "en"):
    v = state.view(seat)
    tr = state.track
    opts = v["options"]
    flags = [k for k in ("aspiration", "strategies") if opts.get(k)]
    head = Text.assemble(
        (f"Mini D — {v['track']} {v['direction']}", "bold"),
        f"   round {v['round']}   ",
        ("♪ Eurobeat ♪  " if opts.get("eurobeat") else ""),
        (f"options: {', '.join(flags)}" if flags else "", "italic"),
    )
    corners = Text("Corners: ", style="dim")
    for i, (kind, b, e, d, _) in enumerate(tr.sections):
        if kind == "corner":
            corners.append(f"{tr.sec_name[i]} {b}–{e} ", style="dim")
            corners.append(f"d{d}", style=_corner_style(d))
            corners.append("  ")
    bunta = v["bunta"]
    gone = "" if bunta["driving"] else " (stopped: he has passed everyone)"
    bline = Text(f"Bunta: case {bunta['case']}{gone}")
    table = Table(expand=False, show_edge=False, pad_edge=False)
    for col in ("seat", "case", "status", "corner", "skips", "Bunta", "cards", "waiting ⚡"):
        table.add_column(col)
    for r in v["racers"]:
        q = r["seat"]
        name = Text(f"{q}{' (you)' if q == seat else ''}", style=SEAT_STYLES[q % 6])
        if r["aura"]:
            name.append(" ★Aura", style="bold yellow")
        corner = f"{r['corner']['name']}: {r['corner']['state']}" if r["corner"] else ""
        cards = ", ".join(r["hand"]) if "hand" in r else f"{r['hand_count']} hidden"
        table.add_row(name, str(r["case"]), r["status"], corner, str(r["skips"] or ""),
                      "met" if r["met_bunta"] else "ahead", cards, ", ".join(r["waiting"]))
    parts: list[Any] = [head, strip(state), corners, bline, table,
                        Text(f"Event deck: {v['deck_count']}   discard: {len(v['discard'])}", style="dim")]
    if v["phase"] == "sprint":
        lands = ", ".join(f"seat {r['seat']}: {r['sprint']}" for r in v["racers"] if r["sprint"] is not None)
        parts.append(Text(f"Sprint for first player (line at {SPRINT_LINE}). {lands}"))
    if v["over"]:
        places = ", ".join(f"{ordinal(i + 1)} seat {q}" for i, q in enumerate(v["placings"]))
        parts.append(Text(f"Race over: {places}", style="bold green"))
    elif v["decision"]:
        d = v["decision"]
        extra = ""
        if d["kind"] == "drift":
            extra = f" — {d['corner']}: DRIFT {d['total']} (die {d['die']}) vs {d['difficulty']}"
        elif d["kind"] == "crossing":
            extra = f" — crossing Bunta: {d['total']} (die {d['die']})"
        elif d["kind"] == "line":
            extra = f" — {d['corner']} (difficulty {d['difficulty']})"
        parts.append(Text(f"Seat {d['seat']} to decide: {d['kind']}{extra}", style="italic"))
    return Panel(Group(*parts), expand=False)


# ---------------------------------------------------------------------------------------------- menus


def sprint_odds(power: int) -> float:
    """MD-S2 ruling: the chance that power + (2d6 - 7) stays at or below the line."""
    ok = sum(1 for a in range(1, 7) for b in range(1, 7) if power + a + b - 7 <= SPRINT_LINE)
    return ok / 36


def drift_odds(diff: int, mod: int) -> float:
    """MD-C1..C5: the chance that 1d20 + mod masters a corner of ``diff`` (naturals on the bare die)."""
    ok = sum(1 for n in range(2, 20) if n + mod >= diff) + 1  # a natural 20 always succeeds
    return ok / 20


def describe(state: MiniDState, action: Action, lang: str = "en") -> str:
    k = action.kind
    pend = state.pending
    p = pend[1] if pend else None
    if k == "sprint":
        pw = action.args[0]
        return (f"sprint at power {pw}: lands {pw - 5}..{pw + 5}, "
                f"{sprint_odds(pw):.0%} chance to stay at or below the line ({SPRINT_LINE})")
    if k == "line":
        i = action.args[0]
        sec = state.csec[p]
        diff = state.track.diff[sec]
        mod = LINE_DRIFT[i] + (3 if state.aura == p else 0)
        mv = f", {LINE_MOVE[i]:+} move in this corner once mastered" if LINE_MOVE[i] else ""
        odds = drift_odds(diff, mod)
        return f"{LINE_TITLES[i]}: DRIFT {LINE_DRIFT[i]:+}{mv} — {odds:.0%} to master d{diff}"
    if k == "play":
        cd = CARDS[action.args[0]]
        return f"play {cd.name}: {cd.text}"
    if k == "discard":
        cd = CARDS[action.args[0]]
        return f"discard {cd.name} ({cd.text})"
    if k == "draw":
        return "draw an Event card"
    if k == "roll":
        b = state.move_bonus
        return "roll your move" + (f" (+{b} from cards)" if b else "")
    if k == "accept":
        if pend[0] == D_DRIFT:
            _, _, _, n, mod, master = pend
            diff = state.track.diff[state.csec[p]]
            return f"keep the DRIFT roll: {n + mod} vs {diff}" + (" (gutter run)" if master else "")
        if pend[0] == D_CROSS:
            return f"keep the crossing roll: {pend[2] + pend[3]}"
    if k == "pass":
        return {D_BATTLE: "fight without a card", D_SKIP: "skip this turn", D_DRAW: "don't draw"}.get(
            pend[0] if pend else -1, "pass")
    if pend and pend[0] == D_TURN:
        return "roll your move"
    return action.notation


# ---------------------------------------------------------------------------------------------- narration

_DRIFT_OUT = {
    "mastered": "drift mastered",
    "failed": "failed drift, one case per turn until the exit",
    "spin": "natural 1 — SPIN! skips the next turn, then crawls",
    "kansei": "natural 20 — KANSEI DORIFUTO! straight to the next section, and plays again",
}
_DUEL_OUT = {
    "both_perfect": "both perfect — roll again",
    "tie": "equal — roll again",
    "perfect_defence": "PERFECT DEFENCE",
    "perfect_overtake": "PERFECT OVERTAKE",
    "overtake": "overtake",
    "held": "overtake failed",
}
_STOP = {"corner": " — corner!", "battle": " — caught up: battle!", "finish": " — the finish line!"}
_CROSS_OUT = {
    "clear": "crossing clear",
    "brake": "emergency braking, skips the next turn",
    "judgement": "BUNTA'S JUDGEMENT — into the ravine, out of the race",
    "aura": "BUNTA'S AURA! +3 to every roll for the rest of the race",
}


def narrate(game: MiniD, e: dict, seat: int | None = None, lang: str = "en") -> str | None:
    t = e["type"]

    def who(q: int | None) -> str:
        if q is None:
            return "nobody"
        return "you" if q == seat else f"seat {q}"

    def Who(q: int | None) -> str:  # noqa: N802
        w = who(q)
        return w[0].upper() + w[1:]

    def does(q: int | None, verb: str) -> str:
        """'You roll' / 'Seat 2 rolls'."""
        if q == seat:
            return f"You {verb}"
        return f"{Who(q)} {verb}{'es' if verb.endswith(('s', 'sh', 'ch')) else 's'}"

    if t == "race":
        beat = "  ♪ Eurobeat up, louder — BOOM BOOM JAPAN! ♪" if e.get("eurobeat") else ""
        return f"Mini D on {e['track']} ({e['direction']}, {e['length']} cases), {e['players']} racers.{beat}"
    if t == "sprint":
        d = e["dice"]
        tail = " — over the line!" if e["crossed"] else f" — {SPRINT_LINE - e['landing']} short of the line"
        dice = f"2d6 {d[0]}+{d[1]}"
        return f"{does(e['seat'], 'sprint')} at power {e['power']}, {dice}: lands at {e['landing']}{tail}"
    if t == "sprint_again":
        why = "everyone crossed the line" if e["why"] == "all crossed" else "a tie for the closest"
        return f"Sprint again ({why}): seats {', '.join(map(str, e['seats']))}"
    if t == "start":
        return f"{does(e['starter'], 'start')}; order: " + ", ".join(
            map(str, e["order"]))
    if t == "round":
        return f"— Round {e['round']} —"
    if t == "bunta_move":
        src = f" ({e['card']})" if e.get("card") else f" (d6 {e['die']})"
        return f"Bunta drives {e['die']} case{'s' if e['die'] != 1 else ''}{src}: {e['src']} → {e['dst']}"
    if t == "crossing":
        lost = f" (seat {e['previous']} loses it)" if e.get("previous") is not None else ""
        return f"{does(e['seat'], 'cross')} Bunta: d20 {e['total']}" + (
            f" (die {e['die']})" if e["total"] != e["die"] else "") + f": {_CROSS_OUT[e['outcome']]}{lost}"
    if t == "bunta_gone":
        return "Bunta has passed every racer and stops."
    if t == "turn":
        return None
    if t == "skip":
        more = f" ({e['left']} more to skip)" if e["left"] else ""
        return f"{does(e['seat'], 'skip')} a turn{more}"
    if t == "move":
        stop = _STOP.get(e["stop"] or "", "")
        if e["why"] == "crawl":
            return f"{does(e['seat'], 'crawl')} one case (failed drift): " \
                   f"{e['src']} → {e['dst']}{stop}"
        if e["die"] is not None:
            bonus = e["steps"] - e["die"]
            roll = f"d6 {e['die']}" + (f" {bonus:+}" if bonus else "")
            return f"{does(e['seat'], 'roll')} {roll}: {e['src']} → {e['dst']}{stop}"
        return f"{does(e['seat'], 'move')} {e['steps']} ({e['why']}): " \
               f"{e['src']} → {e['dst']}{stop}"
    if t == "place":
        return f"{Who(e['seat'])} → case {e['dst']} ({e['why']})"
    if t == "drift":
        mod = e["total"] - e["die"]
        line = f" [{e['line']}]" if e.get("line") and e["line"] != "normal" else ""
        die = f" (die {e['die']}{mod:+})" if mod else ""
        return (f"{Who(e['seat'])}, {e['corner']}{line}: DRIFT {e['total']} vs {e['difficulty']}{die}: "
                f"{_DRIFT_OUT[e['outcome']]}")
    if t == "battle":
        return f"{does(e['attacker'], 'attack')} {who(e['defender'])} " \
               f"at case {e['case']}: BATTLE"
    if t == "duel":
        d = e["defence"]
        shift = f" ({e['shift']} cases)" if e.get("shift") else ""
        return (f"ATTACK {e['attack_total']} vs DEFENCE {e['defence_total']} ({d[0]}+{d[1]}): "
                f"{_DUEL_OUT[e['outcome']]}{shift}")
    if t == "finish":
        return f"{does(e['seat'], 'cross')} the finish line: {ordinal(e['place'])}!"
    if t == "out":
        return f"{Who(e['seat'])} {'are' if e['seat'] == seat else 'is'} out of the race"
    if t == "race_over":
        return "Race over: " + ", ".join(f"{ordinal(i + 1)} seat {q}" for i, q in enumerate(e["placings"]))
    if t == "event":
        return f"{does(e['seat'], 'draw')} ⚡ {e['card']}: {e['text']}"
    if t == "draw":
        return None if e["seat"] == seat else f"{Who(e['seat'])} keeps an Event card"
    if t == "card":  # private: only the drawing seat is given this event
        return f"You draw {e['card']}: {CARDS_BY_NAME_TEXT.get(e['card'], '')}"
    if t == "no_draw":
        return f"{does(e['seat'], 'leave')} the Event card"
    if t == "play":
        return f"{does(e['seat'], 'play')} {e['card']}"
    if t == "discard":
        return f"{does(e['seat'], 'discard')} {e['card']}"
    if t == "reroll":
        what = "DRIFT" if e["roll"] == "drift" else "crossing roll"
        return f"{does(e['seat'], 'reroll')} the {what}: {e['old']} → {e['new']}"
    if t == "trigger":
        acts = "acts" if len(e["cards"]) == 1 else "act"
        return f"{Who(e['seat'])}: {', '.join(e['cards'])} {acts} ({e['amount']:+})"
    if t == "reshuffle":
        return f"The Event discard pile is shuffled into a new deck ({e['cards']} cards)"
    return None


CARDS_BY_NAME_TEXT = {c.name: c.text for c in CARDS}

__all__ = ["describe", "drift_odds", "narrate", "render", "sprint_odds", "strip"]
