"""Terminal text for Touge (rich): the board as one seat sees it, menu lines, and narration of events.

Everything is built from what the seat may see: ``state.view(seat)`` for the board, the seat's own legal
actions for menus, and the events of ``state.events_for(seat)`` for narration (never a notation).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action

from .bots import preview
from .cards import Car, Disaster, Road, TuneUp
from .state import TougeState
from .table import CardDef
from .table import Table as CardTable

STANDINGS = {
    2: "then you win the race",
    1: "then you win the battle",
    0: "then nobody wins the battle",
    -1: "then you lose the battle",
    -2: "then you lose the race",
}


def _stars(n: int) -> str:
    return "★" * n


def road_label(d: CardDef) -> str:
    """``C ★★★ 4D/3U``: a road's type, tier and values (TG-C2)."""
    return f"{'C' if d.rtype == 0 else 'S'} {_stars(d.stars)} {d.value[0]}D/{d.value[1]}U"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def render(state: TougeState, seat: int | None, lang: str = "en", names: Names | None = None) -> Panel:
    v = state.view(seat)
    mode = "Time Attack" if v["mode"] == "time_attack" else "Sudden Death"
    head = Text.assemble(
        (f"Touge — {mode}", "bold"),
        f"  battle {v['battle']}  ",
        (v["direction"].upper(), "bold cyan"),
        f"  leader: {_who(v['leader'], seat)}  battles won {v['wins'][0]}–{v['wins'][1]}",
    )
    dis = v["disaster"]
    dline = Text.assemble(("Disaster: ", "bold red"), f"{dis['card']} — {dis['text']}" if dis else "none")
    parts: list[Any] = [dline]
    if v["course"]:
        course = Table(expand=False, box=None, pad_edge=False)
        for col in ("#", "road", "", "D/U", "by", "tune-ups", "s0", "s1"):
            if col == "road":  # one line a road: a long name is cut (card NAME shows it whole)
                course.add_column(col, no_wrap=True, overflow="ellipsis", max_width=28)
            elif col == "tune-ups":
                course.add_column(col, min_width=14)
            else:
                course.add_column(col, no_wrap=True)
        for t in v["course"]:
            tunes = ", ".join(f"{u['card']}({u['owner']})" for u in t["tuneups"])
            name = escape(t["road"])
            course.add_row(
                str(t["tile"]),
                f"✗ [strike]{name}[/strike]" if t["nullified"] or t["wiped"] else name,
                f"{t['type']}{_stars(t['stars'])}",
                f"{t['down']}/{t['up']}",
                str(t["owner"]),
                escape(tunes),
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
        whole = ", ".join(f"{u['card']} (seat {u['owner']})" for u in v["course_tuneups"])
        parts.append(Text("Whole-course tune-ups: " + whole))
    for p in v["players"]:
        m = p["multipliers"]
        you = p["seat"] == seat
        abil = "ON" if p["ability_active"] else "used" if p["ability_used"] else "ready"
        line = (
            f"{'you' if you else 'seat ' + str(p['seat'])}: {p['car']} "
            f"DH {m['downhill']['C']:+}/{m['downhill']['S']:+} "
            f"UH {m['uphill']['C']:+}/{m['uphill']['S']:+} "
            f"{p['ability']} {abil} · hand {p['hand_count']} deck {p['deck_count']}"
        )
        parts.append(Text(line, style="bold" if you else ""))
        if "hand" in p:
            hand = Table.grid(padding=(0, 1))  # the cards wrap under themselves, not under "hand:"
            hand.add_column(no_wrap=True)
            hand.add_column()
            hand.add_row("  hand:", _hand_line(state, p["hand"]) or "(empty)")
            parts.append(hand)
    if v["over"]:  # the battles' scores (during the race the heading's tally says enough)
        for b in v["battles"]:
            won = "tie" if b["winner"] is None else f"{_who(b['winner'], seat)} won"
            line = f"battle {b['battle']} ({b['direction']}): {b['scores'][0]}–{b['scores'][1]}, {won}"
            parts.append(Text(line, style="dim"))
        res = "a draw" if v["winner"] is None else f"{_who(v['winner'], seat)} won the race"
        parts.append(Text(f"Race over: {res}", style="bold green"))
        foot = Text("race over", style="italic")
    else:
        phase = {"tune": "tune-up"}.get(v["phase"], v["phase"])
        foot = Text(f"{phase} phase, {_who(v['to_move'], seat)} to move", style="italic")
        if v["course"] and v["forecast"] is not None:  # in the bottom border: what passing now gives
            foot.append(f" · if both pass: {_forecast_line(v['forecast'], seat)}", style="cyan")
    return Panel(
        Group(*parts), expand=False, title=head, title_align="left", subtitle=foot, subtitle_align="left"
    )


def _forecast_line(f: dict[str, Any], seat: int | None) -> str:
    score = f"{f['totals'][0]}–{f['totals'][1]}"
    if f["race_over"]:
        if f["race_winner"] is None:
            return f"{score}, the race is a draw"
        return f"{score}, {_wins(f['race_winner'], seat)} the race"
    if f["winner"] is None:
        return f"{score}, nobody wins the battle"
    return f"{score}, {_wins(f['winner'], seat)} the battle"


def _hand_line(state: TougeState, names: list[str]) -> str:
    """Hand cards with their key numbers: roads with type, tier and values; tune-ups by name."""
    t = state.game.table
    out = []
    for name in names:
        cid = t.find(name)
        d = t.cards[cid] if cid is not None else None
        out.append(f"{name} ({road_label(d)})" if d is not None and d.kind == "road" else name)
    return ", ".join(out)


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
        label = f" ({road_label(d)})" if d.kind == "road" else ""
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


def _who(seat_of: int | None, viewer: int | None) -> str:
    return "you" if seat_of is not None and seat_of == viewer else f"seat {seat_of}"


def _wins(winner: int, viewer: int | None) -> str:
    """``you win`` / ``seat 1 wins``."""
    return "you win" if winner == viewer else f"seat {winner} wins"


def _leads(leader: int, viewer: int | None) -> str:
    return "you lead" if leader == viewer else f"seat {leader} leads"


def _subject(event: dict[str, Any], viewer: int | None) -> tuple[str, bool]:
    who = event.get("seat")
    you = who is not None and who == viewer
    return ("you" if you else f"seat {who}"), you


def narrate(
    game: object, event: dict[str, Any], seat: int | None = None, lang: str = "en", names: Names | None = None
) -> str | None:
    """One line per event of ``events_for(seat)``, told to ``seat`` (``you`` for its own actions)."""
    t = event.get("type")
    who, you = _subject(event, seat)

    def verb(base: str, third: str | None = None) -> str:
        return base if you else (third or base + "s")

    if t == "cars":
        a, b = event["cars"]
        return f"Cars revealed: {a} (seat 0) vs {b} (seat 1)"
    if t == "coins":
        lead = _leads(event["leader"], seat)
        return f"Coins: the first battle runs {event['direction']}; {lead}"
    if t == "disaster":
        if event["card"] is None:
            return "No disaster this race"
        shown = sum(len(r) for r in event.get("revealed") or [])
        owner = "your" if event["owner"] == seat else f"seat {event['owner']}'s"
        after = f" after {_plural(shown, 'other card')}" if shown else ""
        return f"Disaster: {event['card']} from {owner} deck{after} — in force all race"
    if t == "drew":
        return None if you else f"{who} {verb('draw')} {_plural(event['count'], 'card')}"
    if t == "drew_cards":
        return f"You draw {', '.join(event['cards'])}"
    if t == "put_back":
        return f"You put back {', '.join(event['cards'])}"
    if t == "redraw":
        if not event["count"]:
            return f"{who} {verb('keep')} {'your' if you else 'the'} hand"
        return None if you else f"{who} puts back {_plural(event['count'], 'card')} to redraw"
    if t == "road":
        return f"{who} {verb('lay')} {event['card']} as tile {event['tile']}"
    if t == "pass":
        return f"{who} {verb('pass', 'passes')}"
    if t == "tune":
        where = f" on tile {event['tile']}" if event.get("tile") else ""
        return f"{who} {verb('play')} {event['card']}{where}"
    if t == "ability":
        return f"{who} {verb('switch', 'switches')} on {event['ability']}"
    if t == "course":
        return f"The course is built: {_plural(len(event['tiles']), 'tile')}"
    if t == "nullify":
        if event.get("seat") is None:
            return f"The disaster wipes out tile {event['tile']}"
        return f"{who} {verb('pick')} tile {event['tile']}: the disaster wipes it out"
    if t == "run":
        last = event["tiles"][-1]["totals"] if event["tiles"] else [0, 0]
        back = " (the return run)" if event.get("leg") else ""
        tiles = _plural(len(event["tiles"]), "tile")
        return f"Run {event['direction']}{back}: {last[0]}–{last[1]} after {tiles}"
    if t == "battle":
        w = "a tie" if event["winner"] is None else _wins(event["winner"], seat)
        return (
            f"Battle {event['battle']} ({event['direction']}): {event['scores'][0]}–{event['scores'][1]}, {w}"
        )
    if t == "battle_start":
        return f"Battle {event['battle']}: {event['direction']}, {_leads(event['leader'], seat)}"
    if t == "race_over":
        if event["winner"] is None:
            return "Race over: a draw"
        why = {"lead": " by a winning lead", "overtake": " by overtaking"}.get(event.get("reason", ""), "")
        return f"Race over: {_wins(event['winner'], seat)} the race{why}"
    return None


# ------------------------------------------------------------------------------------------ card faces
def _road_text(r: Road) -> str:
    kind = "corner" if r.type == "C" else "straight"
    return f"{'★' * r.stars} {kind}, {r.down} downhill / {r.up} uphill. {r.text}".strip()


def card_faces(table: CardTable) -> list[dict[str, Any]]:
    """Every card face (JSON-safe, fresh): cars, roads, tune-ups, disasters."""
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
            face["stats"] = {"DH C": rec.dh_c, "DH S": rec.dh_s, "UH C": rec.uh_c, "UH S": rec.uh_s}
            face["tags"] = ["car"]
        elif isinstance(rec, Road):
            face["text"] = _road_text(rec)
            face["stats"] = {"type": rec.type, "stars": rec.stars, "down": rec.down, "up": rec.up}
            face["tags"] = ["corner" if rec.type == "C" else "straight", rec.pass_]
        elif isinstance(rec, TuneUp):
            face["text"] = rec.text
            face["stats"] = {}
            face["tags"] = ["tile" if d.tile_road is not None else "whole course"]
        elif isinstance(rec, Disaster):
            face["text"] = rec.text
            face["stats"] = {}
            face["tags"] = ["disaster"]
        out.append(face)
    return out


__all__ = ["card_faces", "describe", "narrate", "render", "road_label"]
