"""Terminal rendering of an Initial D CCG state (rich), from one seat's point of view.

Shows the stage track with the stages already decided, both cars with their current Power, Traction and
Style, the maneuvers in play with their bonuses and penalties, the maneuver to beat, the opponent's last
maneuver, and the seat's own hand with what each card costs to play right now.
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.protocol import Action

from .rules import KEEP, MANEUVER_TYPES, PAY, PLAY, STAGE_TYPES, STAT_NAMES, InitialDState

_ICON = {"straight": "━", "curve": "↪", "obstacle": "▲"}


def _seat(p: int | None, viewer: int | None) -> str:
    if p is None:
        return "nobody"
    return f"seat {p}" + (" (you)" if p == viewer else "")


def maneuver_line(state: InitialDState, cid: int, st: int | None = None) -> str:
    """'turn · S5 C8 O5 · counters sp7 tu9 ta6 · Traction 8' — the card as printed."""
    d = state.game.table.cards[cid]
    r = d.rec
    s = d.strength
    marks = ["S", "C", "O"]
    strength = " ".join(
        f"[{marks[i]}{s[i]}]" if st == i else f"{marks[i]}{s[i]}" for i in range(3)
    )
    c = d.counter
    req = f"{r.requirement_type.title()} {r.requirement_value}" if r.requirement_value else "no requirement"
    extra = []
    if r.position != "any":
        extra.append(f"{r.position} car only")
    if r.needs_mod:
        extra.append(f"needs {r.needs_mod}")
    if r.drivetrain:
        extra.append("/".join(r.drivetrain) + " only")
    if r.only_used_by:
        extra.append("only " + ", ".join(r.only_used_by))
    if r.style:
        extra.append(f"+{r.style} Style")
    tail = f" · {'; '.join(extra)}" if extra else ""
    return f"{r.type} · {strength} · counters sp{c[0]} tu{c[1]} ta{c[2]} · {req}{tail}"


def effect_text(state: InitialDState, cid: int) -> str:
    d = state.game.table.cards[cid]
    parts = []
    for label, delta in (("own car", d.delta_self), ("opponent", d.delta_opp)):
        for s, v in enumerate(delta):
            if v:
                parts.append(f"{v:+} {STAT_NAMES[s]} ({label})")
    return ", ".join(parts)


def cost_now(state: InitialDState, seat: int, cid: int) -> str:
    """What playing ``cid`` would cost ``seat`` right now, or why it cannot be played."""
    d = state.game.table.cards[cid]
    side = state.sides[seat]
    why = side.special_problem(d) or state.position_problem(seat, d)
    if why:
        return f"✗ {why}"
    need = state.discards_needed(seat, cid)
    spare = len(state.hands[seat]) - 1
    detail = state._shortfall_text(seat, cid)
    if need > spare:
        return f"✗ needs {need} discard(s), you have {spare} other card(s) — {detail}"
    if need == 0:
        return "free" + (f" — {detail}" if detail != "no requirement" else "")
    return f"discard {need} — {detail}"


def render(state: InitialDState, seat: int | None, lang: str = "en"):
    v = state.view(seat)
    t = state.game.table
    cards = t.cards
    track = v["track"]
    head = Text.assemble(
        ("Initial D CCG", "bold"),
        f"   {track['name']} ({track['pass']}), seat {track['owner']}'s home track   challenger: seat "
        f"{v['challenger']}",
    )
    # the stage track
    st_table = Table(title="Stages", expand=False)
    for i, name in enumerate(v["stages"]):
        st_table.add_column(f"{i + 1}. {_ICON[name]} {name}", justify="center")
    row = []
    for i in range(len(v["stages"])):
        if i < len(v["results"]):
            row.append(f"won by seat {v['results'][i]}")
        elif i == v["stage"] - 1 and not v["over"]:
            row.append(f"[bold yellow]▶ now — seat {v['lead']} leads[/]")
        else:
            row.append("·")
    st_table.add_row(*row)
    parts: list = [head, st_table]
    streak = v["lead_streak"]
    if streak and not v["over"]:
        parts.append(Text(f"seat {v['lead']} has won {streak} stage(s) in a row as the lead car: one more "
                          "wins the race (ID-W1)", style="bold magenta"))
    # the cars
    cars = Table(title="Cars", expand=False)
    for col in ("seat", "car · mods", "Power", "Traction", "Style", "hand/deck/discard", "last maneuver"):
        cars.add_column(col)
    for p in v["players"]:
        tag = " ◀ lead" if p["lead"] else ""
        mods = ", ".join(p["mods"] + [f"{b} (built in)" for b in p["built_in"]]) or "no mods"
        cars.add_row(
            _seat(p["seat"], seat) + tag, f"{p['car']} [{p['drivetrain']}]\n{mods}", str(p["power"]),
            str(p["traction"]), str(p["style"]), f"{p['hand_count']}/{p['deck_count']}/{len(p['discard'])}",
            p["last_maneuver"] or "—",
        )
    parts.append(cars)
    # bonuses and penalties in play (ID-P5)
    if state.inplay:
        lines = [f"{cards[c].name} (seat {o}): {effect_text(state, c)}" for o, c in state.inplay]
        parts.append(Text("In play: " + "; ".join(lines), style="cyan"))
    # the maneuver to beat, and the opponent's last maneuver
    st = state.stages[state.stage_no]
    if state.phase == KEEP:
        st = state.stages[state.stage_no + 1]  # the hand will be played in the next stage
    elif v["last"]:
        L = v["last"]
        parts.append(Text(
            f"To beat: seat {L['seat']}'s {L['card']} — {L['type']}, strength {L['strength']} in this "
            f"{STAGE_TYPES[st]} stage (answer with a {L['type']} counter of {L['strength']} or more)",
            style="bold",
        ))
    elif state.phase in (PLAY, PAY) and not v["over"]:
        if v["lead_passed"]:
            parts.append(Text("The lead car passed: one maneuver by the trailing car wins the stage "
                              "(ID-P2)."))
        else:
            parts.append(Text("No maneuver yet this stage: the first one needs no counter (ID-P4)."))
    if seat is not None:
        opp = v["players"][1 - seat]
        if opp["last_maneuver"]:
            parts.append(Text(f"Opponent's last maneuver: {opp['last_maneuver']} — "
                              f"{maneuver_line(state, t.find(opp['last_maneuver']), st)}", style="dim"))
    if v["pending"]:
        pd = v["pending"]
        parts.append(Text(f"seat {pd['seat']} is paying for {pd['card']}: {pd['discards_left']} more "
                          "discard(s)", style="yellow"))
    # the hand with its costs
    if seat is not None and not v["over"]:
        hand = state.hands[seat]
        ht = Table(title=f"Your hand ({len(hand)})", expand=False)
        for col in ("card", "as printed", "cost to play now"):
            ht.add_column(col)
        for c in hand:
            if state.phase == PLAY:
                cost = cost_now(state, seat, c)
            elif state.game.ordered and c < state.floor:
                cost = "stays (discards are picked left to right)"
            else:
                cost = "—"
            ht.add_row(cards[c].name, maneuver_line(state, c, st), cost)
        parts.append(ht)
    if v["over"]:
        why = "two stages in a row won as the lead car (ID-W1)" if v["reason"] == "ID-W1" else \
            "won the final stage (ID-W2)"
        parts.append(Text(f"Race over: seat {v['winner']} wins — {why}", style="bold green"))
    else:
        ph = {PLAY: "play a maneuver or pass", PAY: "choose discards", KEEP: "keep or discard cards (ID-P6)"}
        parts.append(Text(f"Stage {v['stage']} ({v['stage_type']}): {_seat(v['to_move'], seat)} to "
                          f"{ph[state.phase]}", style="italic"))
    return Panel(Group(*parts), expand=False)


def describe(state: InitialDState, action: Action, lang: str = "en") -> str:
    """A menu line for an action."""
    cards = state.game.table.cards
    k = action.kind
    p = state.turn
    st = state.stages[state.stage_no]
    if k == "play":
        cid, n = action.args
        d = cards[cid]
        pay = "free" if n == 0 else f"discard {n}"
        detail = state._shortfall_text(p, cid)
        eff = f" — {d.rec.text}" if d.rec.text else ""
        return (f"play {d.name} ({MANEUVER_TYPES[d.mtype]}, strength {d.strength[st]} here): {pay} "
                f"[{detail}]{eff}")
    if k == "discard":
        name = cards[action.args[0]].name
        if state.phase == PAY:
            return f"discard {name} to pay for {cards[state.pending].name} ({state.need} to go)"
        return f"discard {name} now (and draw a fresh card next stage)"
    if k == "keep":
        n = len(state.hands[p])
        return f"keep the {n} card(s) left in hand for the next stage (ID-P6)"
    if k == "pass":
        if state.played:
            return f"pass: seat {state.last_by} wins the stage (ID-P2)"
        if p == state.lead and not state.opened:
            return "pass before any maneuver: the trailing car may then play one to win the stage"
        return "pass: the lead car wins the stage"
    return action.notation


def narrate(game: object, event: dict, seat: int | None = None, lang: str = "en") -> str | None:
    """One line per event for the terminal."""
    ty = event.get("type")
    s = event.get("seat")
    who = _seat(s, seat) if s is not None else ""
    if ty == "race":
        ch = event["challenger"]
        how = " (equal cost: a coin decided)" if event["coin"] else ""
        return (f"{_seat(ch, seat)} ({event['cars'][ch]}, cost {event['costs'][ch]}) challenges "
                f"{_seat(1 - ch, seat)} ({event['cars'][1 - ch]}, cost {event['costs'][1 - ch]}){how}; "
                f"the race is {event['track']}: {', '.join(event['stages'])}")
    if ty == "stage":
        return f"Stage {event['stage']} — {event['stage_type']}. seat {event['lead']} is the lead car."
    if ty == "draw":
        return f"{who} draws {event['count']}"
    if ty == "reshuffle":
        return f"{who} shuffles the discard pile into a new deck ({event['count']} cards)"
    if ty == "play":
        pay = f", discarding {event['discards']}" if event["discards"] else ""
        return f"{who} plays {event['card']} ({event['mtype']}, strength {event['strength']}){pay}"
    if ty == "discard":
        r = event.get("reason")
        if r == "forced":
            return f"{who} discards {event['card']} at random"
        if r == "keep":
            return f"{who} discards {event['card']} before the next stage"
        return f"{who} discards {event['card']}"
    if ty == "in_play":
        return f"{event['card']} stays in play"
    if ty == "cleared":
        return f"{event['card']} (seat {s}) is discarded from play"
    if ty == "pass":
        return f"{who} cannot play a maneuver" if event.get("forced") else f"{who} passes"
    if ty == "stage_won":
        extra = " as the lead car" if event["winner"] == event["lead"] else " from behind"
        return f"{_seat(event['winner'], seat)} wins stage {event['stage']}{extra}"
    if ty == "discard_hand":
        return f"{who} discards the {event['count']} card(s) left in hand"
    if ty == "keep":
        return f"{who} keeps {event['count']} card(s)"
    if ty == "race_over":
        why = "two stages in a row as the lead car" if event["reason"] == "ID-W1" else "the final stage"
        return f"{_seat(event['winner'], seat)} wins the race ({why})"
    return None
