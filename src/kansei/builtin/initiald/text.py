"""Terminal text for the Initial D CCG (rich): the board as one seat sees it, menu lines, narration.

The board fits 80×24 with the menu under it: a header with the track and its stages, one line per car
(current Power, Traction and Style, hand, deck and discard sizes), the maneuvers of this stage, the
bonuses in play, the maneuver to beat, and the seat's own hand two cards to a line, each with its type,
its strength in this stage and what it costs to play right now. Everything shown comes from
``state.view(seat)`` and public facts (ratings, the last maneuver); a hand is shown only to its seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table as Grid
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, Game

from .cards import MANEUVER_TYPES, STAGE_TYPES, Car, Maneuver, Mod, Race
from .refusals import shortfall_text
from .rules import discards_needed, position_problem, shortfall
from .state import InitialDState
from .table import KEEP, LEAD, PAY, PLAY, STAT_NAMES, Table

_ICON = {"straight": "━", "curve": "↪", "obstacle": "▲"}
_VERB_S = {
    "draw": "draws",
    "play": "plays",
    "discard": "discards",
    "pass": "passes",
    "keep": "keeps",
    "win": "wins",
    "shuffle": "shuffles",
    "challenge": "challenges",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _seat(p: int | None, viewer: int | None) -> str:
    if p is None:
        return "nobody"
    return "you" if p == viewer else f"seat {p}"


def _says(p: int, viewer: int | None, verb: str) -> str:
    """'you draw' / 'seat 1 draws'."""
    return f"you {verb}" if p == viewer else f"seat {p} {_VERB_S[verb]}"


def _cap(line: str) -> str:
    return line[:1].upper() + line[1:]


# ------------------------------------------------------------------------------------------ cards
def effect_text(state: InitialDState, cid: int) -> str:
    """'+1 Traction' / 'opponent -1 Power': the bonuses and penalties of a maneuver in play."""
    d = state.game.table.cards[cid]
    parts = []
    for label, delta in (("", d.delta_self), ("opponent ", d.delta_opp)):
        for s, v in enumerate(delta):
            if v:
                parts.append(f"{label}{v:+} {STAT_NAMES[s]}")
    return ", ".join(parts)


def cost_now(state: InitialDState, seat: int, cid: int, detail: bool = True) -> str:
    """What playing ``cid`` would cost ``seat`` right now ('free', 'discard 2'), or why it cannot be
    played ('✗ lead car only'). ``detail`` adds the shortfall ('Traction 6 of 8: 2 short')."""
    d = state.game.table.cards[cid]
    side = state.sides[seat]
    if side.special_problem(d):
        return "✗ " + _short_problem(state, seat, cid)
    if position_problem(state, seat, d):
        return f"✗ {'lead' if d.position == LEAD else 'trailing'} car only"
    need = discards_needed(state, seat, cid)
    spare = len(state.hands[seat]) - 1
    why = shortfall_text(state, seat, cid) if detail else ""
    tail = f" ({why})" if why and why != "no requirement" else ""
    if need > spare:
        return f"✗ needs {need} discards{tail}"
    return ("free" if need == 0 else f"discard {need}") + tail


def short_why(state: InitialDState, seat: int, cid: int) -> str:
    """' — Traction 6/8, counter 7/8': the shortfalls a play's discards make up (empty when free)."""
    cards = state.game.table.cards
    d = cards[cid]
    req, ctr = shortfall(state, seat, cid)
    out = []
    if req:
        out.append(f"{STAT_NAMES[d.req_stat]} {d.req_val - req}/{d.req_val}")
    if ctr:
        last = cards[state.last]
        strength = last.strength[state.stages[state.stage_no]]
        out.append(f"counter {strength - ctr}/{strength}")
    return " — " + ", ".join(out) if out else ""


def _short_problem(state: InitialDState, seat: int, cid: int) -> str:
    d = state.game.table.cards[cid]
    side = state.sides[seat]
    if d.drivetrains is not None and side.drivetrain not in d.drivetrains:
        return f"{'/'.join(sorted(d.drivetrains))} only"
    if d.needs_mod is not None and d.needs_mod not in side.mod_types:
        return f"needs {d.needs_mod}"
    return "not for this car"


# ------------------------------------------------------------------------------------------ board
def _header(v: Mapping[str, Any], seat: int | None) -> list[Text]:
    track = v["track"]
    head = Text.assemble(
        ("Initial D", "bold"),
        f" · {track['name']} ({track['pass']}) · {_seat(v['challenger'], seat)} challenge"
        + ("" if v["challenger"] == seat else "s"),
    )
    stages = Text("Stages ")
    for i, name in enumerate(v["stages"]):
        if i:
            stages.append(" │ ")
        label = f"{i + 1} {_ICON[name]}"
        if i < len(v["results"]):
            stages.append(f"{label} won by {_seat(v['results'][i], seat)}", style="dim")
        elif i == v["stage"] - 1 and not v["over"]:
            stages.append(f"▶ {label} {name}", style="bold yellow")
        else:
            stages.append(f"{label} {name}")
    return [head, stages]


def _fit(text: str, width: int = 78) -> str:
    """One line of at most ``width`` characters."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _car_line(p: Mapping[str, Any], seat: int | None) -> Text:
    who = _seat(p["seat"], seat)
    line = Text(f"{who:<7}", style="bold" if p["seat"] == seat else "")
    line.append("◀ lead " if p["lead"] else "       ", style="magenta")
    line.append(f"{p['car']}  ")
    line.append(f"P{p['power']} T{p['traction']} S{p['style']}", style="bold")
    line.append(f" · hand {p['hand_count']} · deck {p['deck_count']} · discard {len(p['discard'])}")
    return line


def _hand(state: InitialDState, seat: int) -> Grid:
    cards = state.game.table.cards
    st = state.stages[state.stage_no]
    hand = state.hands[seat]
    grid = Grid.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    cells = []
    for c in hand:
        d = cards[c]
        if state.phase == PLAY and state.turn == seat:
            cost = cost_now(state, seat, c, detail=False)
        elif state.phase == PAY and state.game.ordered and c < state.floor:
            cost = "stays"
        else:
            cost = ""
        cell = Text(f"{d.name[:22]:<22} ")
        cell.append(f"{MANEUVER_TYPES[d.mtype][:2]}{d.strength[st]:<2}", style="bold")
        cell.append(f" {cost[:13]}", style="red" if cost.startswith("✗") else "green" if cost else "")
        cells.append(cell)
    for i in range(0, len(cells), 2):
        grid.add_row(*cells[i : i + 2])
    return grid


def render(state: InitialDState, seat: int | None, lang: str = "en", names: Names | None = None) -> Group:
    v = state.view(seat)
    cards = state.game.table.cards
    parts: list[Any] = _header(v, seat)
    parts += [_car_line(p, seat) for p in v["players"]]
    piles = [
        f"{_seat(p['seat'], seat)} {'…, ' if len(p['discard']) > 2 else ''}{', '.join(p['discard'][-2:])}"
        for p in v["players"]
        if p["discard"]
    ]
    if piles:  # the discard piles are face up (the newest last; the view holds them whole)
        parts.append(Text(_fit("Discards: " + " · ".join(piles)), style="dim"))
    played = [f"{e['card']} ({_seat(e['seat'], seat)})" for e in v["stage_pile"]]
    inplay = [f"{cards[c].name} ({_seat(o, seat)}, {effect_text(state, c)})" for o, c in state.inplay]
    if played or inplay:
        line = ("This stage: " + " → ".join(played[-3:]) + (" · " if inplay else "")) if played else ""
        line += ("In play: " if not played else "in play: ") + "; ".join(inplay) if inplay else ""
        parts.append(Text(line, style="cyan"))
    if v["over"]:
        why = (
            "two stages in a row as the lead car (ID-W1)"
            if v["reason"] == "ID-W1"
            else "the final stage (ID-W2)"
        )
        parts.append(Text(f"Race over: {_seat(v['winner'], seat)} won — {why}", style="bold green"))
        return Group(*parts)
    last = v["last"]
    if state.phase in (PLAY, PAY) and last:
        parts.append(
            Text(
                f"To beat: {last['card']} ({_seat(last['seat'], seat)}) — {last['type']} {last['strength']} "
                f"here: a {last['type']} counter of {last['strength']}+",
                style="bold",
            )
        )
    elif state.phase == PLAY and v["lead_passed"]:
        parts.append(Text("The lead car passed: one maneuver by the trailing car wins the stage (ID-P2)."))
    if v["pending"]:
        pd = v["pending"]
        parts.append(
            Text(
                f"{_cap(_seat(pd['seat'], seat))} paying for {pd['card']}: "
                f"{plural(pd['discards_left'], 'more discard')}",
                style="yellow",
            )
        )
    if seat is not None and state.hands[seat]:
        note = "type+strength here, cost now" if state.phase == PLAY else "type+strength"
        if state.phase == KEEP:
            note += " (next stage: " + STAGE_TYPES[state.stages[state.stage_no + 1]] + ")"
        parts.append(Text(f"Your hand ({len(state.hands[seat])}) — {note}:", style="bold"))
        parts.append(_hand(state, seat))
    todo = {PLAY: "play a maneuver or pass", PAY: "choose discards", KEEP: "keep or discard cards (ID-P6)"}
    mover = _seat(v["to_move"], seat)
    parts.append(
        Text(f"Stage {v['stage']} ({v['stage_type']}): {mover} to {todo[state.phase]}", style="italic")
    )
    return Group(*parts)


# ------------------------------------------------------------------------------------------ menu
def describe(state: InitialDState, action: Action, lang: str = "en", names: Names | None = None) -> str:
    """A menu line for the seat to move (its own eyes): the card's key numbers and the cost now."""
    cards = state.game.table.cards
    k = action.kind
    p = state.turn
    st = state.stages[state.stage_no]
    if k == "play":
        cid, n = action.args
        d = cards[cid]
        pay = "free" if n == 0 else f"discard {n}"
        why = short_why(state, p, cid)
        return f"play {d.name} ({MANEUVER_TYPES[d.mtype]} {d.strength[st]} here): {pay}{why}"
    if k == "discard":
        name = cards[action.args[0]].name
        if state.phase == PAY:
            return f"discard {name} for {cards[state.pending].name} ({state.need} to go)"
        return f"discard {name} before the next stage"
    if k == "keep":
        return f"keep {plural(len(state.hands[p]), 'card')} for the next stage (ID-P6)"
    if k == "pass":
        if state.played:
            return f"pass: {_seat(state.last_by, p)} win{'' if state.last_by == p else 's'} the stage (ID-P2)"
        if p == state.lead and not state.opened:
            return "pass before any maneuver: the trailing car may play one to win"
        return "pass: the lead car wins the stage"
    return action.notation


# ------------------------------------------------------------------------------------------ events
def narrate(
    game: Game,
    event: Mapping[str, Any],
    seat: int | None = None,
    lang: str = "en",
    names: Names | None = None,
) -> str | None:
    """One line per event of ``state.events_for(seat)``, told to ``seat`` ("you" for that seat)."""
    ty = event.get("type")
    s = event.get("seat")
    if ty == "race":
        ch = event["challenger"]
        how = " (equal cost: a coin decided)" if event["coin"] else ""
        cars, costs = event["cars"], event["costs"]
        return _cap(
            f"{_says(ch, seat, 'challenge')} {_seat(1 - ch, seat)} ({cars[1 - ch]}, cost {costs[1 - ch]}) "
            f"with the {cars[ch]} (cost {costs[ch]}){how}; the race is {event['track']}: "
            f"{', '.join(event['stages'])}"
        )
    if ty == "stage":
        return f"Stage {event['stage']} — {event['stage_type']}: {_seat(event['lead'], seat)} lead" + (
            "" if event["lead"] == seat else "s"
        )
    if ty == "race_over":
        why = "two stages in a row as the lead car" if event["reason"] == "ID-W1" else "the final stage"
        return _cap(f"{_says(event['winner'], seat, 'win')} the race ({why})")
    if ty == "stage_won":
        extra = " as the lead car" if event["winner"] == event["lead"] else " from behind"
        return _cap(f"{_says(event['winner'], seat, 'win')} stage {event['stage']}{extra}")
    if not isinstance(s, int):
        return None
    if ty == "draw":
        return None if s == seat else _cap(f"{_says(s, seat, 'draw')} {plural(event['count'], 'card')}")
    if ty == "drew":
        drawn = event["cards"]
        return _cap(f"{_says(s, seat, 'draw')} {plural(len(drawn), 'card')}: {', '.join(drawn)}")
    if ty == "reshuffle":
        return _cap(
            f"{_says(s, seat, 'shuffle')} the discard pile into a new deck ({plural(event['count'], 'card')})"
        )
    if ty == "play":
        pay = f", discarding {event['discards']}" if event["discards"] else ""
        return _cap(f"{_says(s, seat, 'play')} {event['card']} ({event['mtype']} {event['strength']}){pay}")
    if ty == "discard":
        how = {"forced": " at random", "keep": " before the next stage"}.get(event.get("reason", ""), "")
        return _cap(f"{_says(s, seat, 'discard')} {event['card']}{how}")
    if ty == "in_play":
        return f"{event['card']} stays in play"
    if ty == "cleared":
        return f"{event['card']} ({_seat(s, seat)}) leaves play"
    if ty == "pass":
        return _cap(_says(s, seat, "pass"))
    if ty == "discard_hand":
        return _cap(f"{_says(s, seat, 'discard')} the {plural(event['count'], 'card')} left in hand")
    if ty == "keep":
        return _cap(f"{_says(s, seat, 'keep')} {plural(event['count'], 'card')}")
    return None


# ------------------------------------------------------------------------------------------ card faces
COLOUR = {"speed": "red", "turn": "blue", "tactics": "green"}


def maneuver_text(d: Maneuver) -> str:
    """The rules text of a maneuver: special requirements, Style and effects, then its flavour."""
    parts = []
    if d.position != "any":
        parts.append(f"{d.position.capitalize()} car only.")
    if d.needs_mod:
        parts.append(f"Needs a {d.needs_mod} mod.")
    if d.drivetrain:
        parts.append(f"{' or '.join(d.drivetrain)} only.")
    if d.only_used_by:
        parts.append(f"Only used by {', '.join(d.only_used_by)}.")
    if d.style:
        parts.append(f"+{d.style} Style when played.")
    for e in d.effects:
        parts.append(effect_sentence(e))
    if d.text and d.text not in parts:
        parts.append(d.text)
    return " ".join(p for p in parts if p)


def effect_sentence(spec: Mapping[str, Any]) -> str:
    """One block spec in words ('+1 Traction to your car while in play')."""
    block = spec.get("block")
    amount = spec.get("amount", 0)
    if block == "bonus":
        whose = "your car" if spec.get("who", "self") == "self" else "the opponent's car"
        return f"{amount:+} {str(spec.get('stat', '')).capitalize()} to {whose} while in play."
    if block == "discard_in_play":
        whose = {"self": "your", "opponent": "the opponent's", "any": "all"}.get(str(spec.get("who")), "")
        many = "all" if not amount else f"{amount} of"
        return f"Discard {many} {whose} maneuvers in play.".replace("all all", "all")
    if block == "opponent_discards":
        return f"The opponent discards {amount} card{'s' if amount != 1 else ''} at random."
    return ""


def _stats(rec: Car | Mod | Race | Maneuver) -> dict[str, Any]:
    if isinstance(rec, Car):
        return {
            "Cost": rec.cost,
            "Power": rec.power,
            "Traction": rec.traction,
            "Style": rec.style,
            "Max mods": rec.max_mods,
            "Drivetrain": rec.drivetrain,
        }
    if isinstance(rec, Mod):
        out: dict[str, Any] = {"Type": rec.type, "Cost": rec.cost}
        for name, v in (("Power", rec.power), ("Traction", rec.traction), ("Style", rec.style)):
            if v:
                out[name] = v
        return out
    if isinstance(rec, Race):
        return {"Pass": rec.pass_, "Stages": " → ".join(rec.stages)}
    s, c = rec.strength, rec.counter
    req = f"{rec.requirement_type.capitalize()} {rec.requirement_value}" if rec.requirement_value else "none"
    return {
        "Type": rec.type,
        "Strength S/C/O": f"{s.straight}/{s.curve}/{s.obstacle}",
        "Counter sp/tu/ta": f"{c.speed}/{c.turn}/{c.tactics}",
        "Requirement": req,
    }


def _bonus_text(rec: Car | Mod) -> list[str]:
    return [
        f"{b.amount:+} {b.stat.capitalize()}" + (f" in {b.stage} stages" if b.stage else "")
        for b in rec.bonuses
    ]


def card_faces(t: Table) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for d in t.cards:
        rec = d.rec
        tags = list(rec.traits)
        if isinstance(rec, Maneuver):
            text = maneuver_text(rec)
            tags.insert(0, rec.type)
        elif isinstance(rec, Car):
            extra = [f"Built-in {m}." for m in rec.built_in] + [f"{b}." for b in _bonus_text(rec)]
            text = " ".join([*extra, rec.text]).strip()
        elif isinstance(rec, Mod):
            extra = [f"{b}." for b in _bonus_text(rec)]
            if rec.only_used_by:
                extra.append(f"Only used by {', '.join(rec.only_used_by)}.")
            text = " ".join([*extra, rec.text]).strip()
            tags.insert(0, rec.type)
        else:
            text = rec.text
        out.append(
            {
                "name": d.name,
                "slug": d.slug,
                "kind": d.kind,
                "text": text,
                "stats": _stats(rec),
                "tags": tags,
                "colour": COLOUR.get(rec.type) if isinstance(rec, Maneuver) else None,
                "house": rec.house,
            }
        )
    return out
