"""Terminal rendering of a Touge state (rich), from one seat's point of view."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.protocol import Action

from .rules import DIRECTIONS, TougeState, tile_scores


def _stars(n: int) -> str:
    return "★" * n


def render(state: TougeState, seat: int | None, lang: str = "en"):
    v = state.view(seat)
    mode = "Time Attack" if v["mode"] == "time_attack" else "Sudden Death"
    head = Text.assemble(
        (f"Touge — {mode}", "bold"),
        f"   battle {v['battle']}   ",
        (v["direction"].upper(), "bold cyan"),
        f"   leader: seat {v['leader']}   wins {v['wins'][0]}–{v['wins'][1]}",
    )
    dis = v["disaster"]
    dline = Text.assemble(("Disaster: ", "bold red"), f"{dis['card']} — {dis['text']}" if dis else "none")
    course = Table(title="Course", expand=False, show_lines=False)
    for col in ("#", "road", "type", "★", "D/U", "by", "tune-ups", "seat 0", "seat 1"):
        course.add_column(col)
    for t in v["course"]:
        tunes = ", ".join(f"{u['card']} ({u['owner']})" for u in t["tuneups"])
        name = f"[strike]{t['road']}[/strike]" if t["nullified"] else t["road"]
        course.add_row(
            str(t["tile"]),
            name,
            t["type"],
            _stars(t["stars"]),
            f"{t['down']}/{t['up']}",
            str(t["owner"]),
            tunes,
            str(t["scores"][0]),
            str(t["scores"][1]),
        )
    if v["course"]:
        course.add_row(
            "",
            "[bold]projected total",
            "",
            "",
            "",
            "",
            "",
            f"[bold]{v['projected'][0]}",
            f"[bold]{v['projected'][1]}",
        )
    parts = [head, dline, course if v["course"] else Text("Course: (empty)")]
    if v["course_tuneups"]:
        parts.append(
            Text(
                "Whole-course tune-ups: "
                + ", ".join(f"{u['card']} (seat {u['owner']})" for u in v["course_tuneups"])
            )
        )
    for p in v["players"]:
        m = p["multipliers"]
        tag = " (you)" if p["seat"] == seat else ""
        abil = "used" if p["ability_used"] else "ready"
        if p["ability_active"]:
            abil = "ACTIVE"
        line = (
            f"seat {p['seat']}{tag}: {p['car']}  DH C{m['downhill']['C']:+} S{m['downhill']['S']:+}  "
            f"UH C{m['uphill']['C']:+} S{m['uphill']['S']:+}  ability {p['ability']} [{abil}]  "
            f"hand {p['hand_count']}  deck {p['deck_count']}"
        )
        parts.append(Text(line, style="bold" if tag else ""))
        if "hand" in p:
            parts.append(Text("  hand: " + (", ".join(p["hand"]) or "(empty)")))
    for b in v["battles"]:
        w = "tie" if b["winner"] is None else f"seat {b['winner']} wins"
        parts.append(
            Text(
                f"battle {b['battle']} ({b['direction']}): {b['scores'][0]}–{b['scores'][1]}, {w}",
                style="dim",
            )
        )
    if v["over"]:
        res = "a draw" if v["winner"] is None else f"seat {v['winner']} wins the race"
        parts.append(Text(f"Race over: {res}", style="bold green"))
    else:
        parts.append(Text(f"Phase: {v['phase']}, seat {v['to_move']} to move", style="italic"))
    return Panel(Group(*parts), expand=False)


def describe(state: TougeState, action: Action, lang: str = "en") -> str:
    """A menu line for an action, with what it would change in the projected score."""
    cards = state.game.table.cards
    k = action.kind
    if k in ("road", "tune"):
        before = _projected(state)
        after_state = state.clone()
        after_state.apply(action)
        after = _projected(after_state) if after_state.phase == state.phase else None
        d = cards[action.args[0]]
        if k == "road":
            r = d.rec
            what = f"play road {d.name} ({r.type} {_stars(r.stars)}, {r.down}D/{r.up}U)"
        else:
            tile = action.args[1]
            what = f"tune-up {d.name}" + (f" on tile {tile + 1}" if tile >= 0 else "") + f": {d.rec.text}"
        if after is not None:
            me = state.turn
            delta = (after[me] - after[1 - me]) - (before[me] - before[1 - me])
            what += f"  [margin {delta:+}]"
        return what
    if k == "ability":
        car = cards[state.cars[state.turn]]
        return f"activate {car.ability.name}: {car.ability.text}"
    if k == "redraw":
        return f"put back {cards[action.args[0]].name} to redraw"
    if k == "done":
        return "keep this hand" if state.phase == "redraw" else "done"
    if k == "nullify":
        return f"the disaster nullifies tile {action.args[0] + 1}"
    if k == "pass":
        return "pass"
    return action.notation


def _projected(state: TougeState) -> list[int]:
    sc = tile_scores(state, state.direction)
    return [sum(s[0] for s in sc), sum(s[1] for s in sc)]


__all__ = ["render", "describe", "DIRECTIONS"]


def narrate(game: object, event: dict, seat: int | None = None, lang: str = "en") -> str | None:
    """One line per event for the terminal."""
    t = event["type"]
    who = f"seat {event.get('seat')}" if event.get("seat") is not None else ""
    if t == "cars":
        return f"Cars revealed: {event['cars'][0]} vs {event['cars'][1]}"
    if t == "coins":
        return f"Coins: first battle {event['direction']}, seat {event['leader']} leads"
    if t == "disaster":
        if event["card"] is None:
            return "No disaster this race"
        shown = sum(len(r) for r in event.get("revealed", []))
        return (
            f"Disaster draw: {event['card']} (seat {event['owner']}) after {shown} other cards"
            " — in force all race"
        )
    if t == "redraw":
        return f"{who} redraws {event['count']}" if event["count"] else f"{who} keeps the hand"
    if t == "road":
        return f"{who} lays {event['card']} as tile {event['tile']}"
    if t == "tune":
        where = f" on tile {event['tile']}" if event.get("tile") else ""
        return f"{who} plays {event['card']}{where}"
    if t == "ability":
        return f"{who} activates {event['ability']}"
    if t == "course":
        return f"Course complete: {len(event['tiles'])} tiles"
    if t == "nullify":
        return f"The disaster wipes out tile {event['tile']}"
    if t == "run":
        last = event["tiles"][-1]["totals"] if event["tiles"] else [0, 0]
        return f"Run {event['direction']}: {last[0]}–{last[1]} after {len(event['tiles'])} tiles"
    if t == "battle":
        w = "a tie" if event["winner"] is None else f"seat {event['winner']} wins"
        return (
            f"Battle {event['battle']} ({event['direction']}): {event['scores'][0]}–{event['scores'][1]}, {w}"
        )
    if t == "race_over":
        return "Race over: " + ("a draw" if event["winner"] is None else f"seat {event['winner']} wins")
    return None
