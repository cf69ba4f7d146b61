"""Text for the Initial D CCG: the board as one seat sees it (rich), menu lines, narration, the prompt of a
decision, why a card cannot be used, and the card faces.

The board fits 80×24 with the menu under it: a header with the track and its stages, one line per car
(current Power, Traction and Style, hand, deck and discard sizes), the maneuvers of this stage, the
bonuses in play, the maneuver to beat, and the seat's own hand two cards to a line, each with its type,
its strength in this stage and what it costs to play right now. Everything shown comes from
``state.view(seat)`` and public facts (ratings, the last maneuver); a hand is shown only to its seat.

People are named by the table's :class:`~kansei.core.names.Names` ("Alice", or "Player 2"): "you" only
where ``names.addressed(seat, viewer)``. The board is built of rich ``Text`` objects, never markup, so a
name such as ``[bold]`` is printed as written. No text carries a rule id (``Game.move_rules`` has them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.table import Table as Grid
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, Game, OptionWords

from .cards import MANEUVER_TYPES, STAGE_TYPES, Car, Maneuver, Mod, Race
from .refusals import shortfall_text
from .rules import discards_needed, legal_actions, position_problem, shortfall
from .state import InitialDState
from .table import KEEP, LEAD, PAY, PLAY, STAT_NAMES, TRAIL, Table

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
    "lead": "leads",
}
_BOARD_NAME = 10  # characters of a name on the board
_CAR_NAME = 8  # ... on a car's line (the longest car's line then fills 78 columns)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _who(names: Names, p: int | None, viewer: int | None) -> str:
    """'you' or the seat's name, in the middle of a sentence."""
    if p is None:
        return "nobody"
    return "you" if names.addressed(p, viewer) else names(p)


def _who_cap(names: Names, p: int | None, viewer: int | None) -> str:
    """'You' or the seat's name, at the start of a sentence (a name is written as given)."""
    if p is None:
        return "Nobody"
    return "You" if names.addressed(p, viewer) else names(p)


def _whose_cap(names: Names, p: int, viewer: int | None) -> str:
    """'Your' or "Alice's", at the start of a sentence."""
    return "Your" if names.addressed(p, viewer) else f"{names(p)}'s"


def _says(names: Names, p: int, viewer: int | None, verb: str) -> str:
    """'You draw' / 'Alice draws', at the start of a sentence."""
    if names.addressed(p, viewer):
        return f"You {verb}"
    return f"{names(p)} {_VERB_S[verb]}"


def _says_mid(names: Names, p: int, viewer: int | None, verb: str) -> str:
    """'you lead' / 'Alice leads', in the middle of a sentence."""
    if names.addressed(p, viewer):
        return f"you {verb}"
    return f"{names(p)} {_VERB_S[verb]}"


def _short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


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
def _header(v: Mapping[str, Any], seat: int | None, names: Names) -> list[Text]:
    track = v["track"]
    challenger = _says_mid(names, v["challenger"], seat, "challenge")
    head = Text.assemble(
        ("Initial D", "bold"), _fit(f" · {track['name']} ({track['pass']}) · {challenger}", 68)
    )
    winners = [_short(_who(names, w, seat), _BOARD_NAME) for w in v["results"]]
    # "won by" while the line fits 78 columns, else the winners' names alone
    for won_by in ("won by ", ""):
        stages = Text("Stages ")
        for i, name in enumerate(v["stages"]):
            if i:
                stages.append(" │ ")
            label = f"{i + 1} {_ICON[name]}"
            if i < len(winners):
                stages.append(f"{label} {won_by}{winners[i]}", style="dim")
            elif i == v["stage"] - 1 and not v["over"]:
                stages.append(f"▶ {label} {name}", style="bold yellow")
            else:
                stages.append(f"{label} {name}")
        if len(stages) <= 78:
            break
    return [head, stages]


def _fit(text: str, width: int = 78) -> str:
    """One line of at most ``width`` characters."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _car_line(p: Mapping[str, Any], seat: int | None, names: Names) -> Text:
    who = _short(_who_cap(names, p["seat"], seat), _CAR_NAME)
    line = Text(f"{who:<{_CAR_NAME}} ", style="bold" if p["seat"] == seat else "")
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


def render(state: InitialDState, seat: int | None, lang: str, names: Names) -> Group:
    v = state.view(seat)
    cards = state.game.table.cards

    def who(p: int) -> str:  # a name on the board, cut short to keep lines within 80 columns
        return _short(_who(names, p, seat), _BOARD_NAME)

    parts: list[Any] = _header(v, seat, names)
    parts += [_car_line(p, seat, names) for p in v["players"]]
    piles = [
        f"{who(p['seat'])} {'…, ' if len(p['discard']) > 2 else ''}" + ", ".join(p["discard"][-2:])
        for p in v["players"]
        if p["discard"]
    ]
    if piles:  # the discard piles are face up (the newest last; the view holds them whole)
        parts.append(Text(_fit("Discards: " + " · ".join(piles)), style="dim"))
    played = [f"{e['card']} ({who(e['seat'])})" for e in v["stage_pile"]]
    inplay = [f"{cards[c].name} ({who(o)}, {effect_text(state, c)})" for o, c in state.inplay]
    stage = "This stage: " + " → ".join(played[-3:]) if played else ""
    lasting = "In play: " + "; ".join(inplay) if inplay else ""
    if stage and lasting and len(stage) + len(lasting) + 3 <= 78:
        parts.append(Text(f"{stage} · {lasting[:1].lower()}{lasting[1:]}", style="cyan"))
    else:
        parts += [Text(_fit(line), style="cyan") for line in (stage, lasting) if line]
    if v["over"]:
        why = "two stages in a row as the lead car" if v["reason"] == "ID-W1" else "the final stage"
        won = _says(names, v["winner"], seat, "win")
        parts.append(Text(f"Race over: {won} — {why}", style="bold green"))
        return Group(*parts)
    last = v["last"]
    if state.phase in (PLAY, PAY) and last:
        parts.append(
            Text(
                f"To beat: {last['card']} ({who(last['seat'])}) — {last['type']} "
                f"{last['strength']} here: a {last['type']} counter of {last['strength']}+",
                style="bold",
            )
        )
    elif state.phase == PLAY and v["lead_passed"]:
        parts.append(Text("The lead car passed: one maneuver by the trailing car wins the stage."))
    if v["pending"]:
        pd = v["pending"]
        payer = "You are" if names.addressed(pd["seat"], seat) else f"{names(pd['seat'])} is"
        parts.append(
            Text(
                f"{payer} paying for {pd['card']}: {plural(pd['discards_left'], 'more discard')}",
                style="yellow",
            )
        )
    if seat is not None and state.hands[seat]:
        note = "type+strength here, cost now" if state.phase == PLAY else "type+strength"
        if state.phase == KEEP:
            note += " (next stage: " + STAGE_TYPES[state.stages[state.stage_no + 1]] + ")"
        hand_of = "Your hand" if names.addressed(seat, seat) else f"{names(seat)}'s hand"
        parts.append(Text(f"{hand_of} ({len(state.hands[seat])}) — {note}:", style="bold"))
        parts.append(_hand(state, seat))
    todo = {PLAY: "play a maneuver or pass", PAY: "choose discards", KEEP: "keep or discard cards"}
    mover = _short(_who(names, v["to_move"], seat), 2 * _BOARD_NAME)
    parts.append(
        Text(f"Stage {v['stage']} ({v['stage_type']}): {mover} to {todo[state.phase]}", style="italic")
    )
    return Group(*parts)


# ------------------------------------------------------------------------------------------ menu
def describe(state: InitialDState, action: Action, lang: str, names: Names) -> str:
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
        return f"keep {plural(len(state.hands[p]), 'card')} for the next stage"
    if k == "pass":
        if state.played:
            return f"pass: {_says_mid(names, state.last_by, p, 'win')} the stage"
        if p == state.lead and not state.opened:
            return "pass before any maneuver: the trailing car may play one to win"
        return f"pass: {_says_mid(names, state.lead, p, 'win')} the stage as the lead car"
    return action.notation


# ------------------------------------------------------------------------------------------ the decision
def prompt(state: InitialDState, lang: str, names: Names) -> str:
    """The decision the seat to move faces, told to that seat ("" once the race is over)."""
    p = state.to_move
    if p is None:
        return ""
    cards = state.game.table.cards
    q = 1 - p
    stage = state.stage_no + 1
    if state.phase == PAY:
        how = " (left to right through your hand)" if state.game.ordered else ""
        text = f"discard {plural(state.need, 'more card')} to pay for {cards[state.pending].name}{how}"
    elif state.phase == KEEP:
        nxt = STAGE_TYPES[state.stages[state.stage_no + 1]]
        text = (
            f"you won stage {stage}: discard the cards you do not want for stage {stage + 1} ({nxt}), "
            "then keep the rest"
        )
    elif state.played:
        last = cards[state.last]
        strength = last.strength[state.stages[state.stage_no]]
        text = (
            f"answer {names(q)}'s {last.name} ({MANEUVER_TYPES[last.mtype]} {strength} here) with a "
            f"maneuver, or pass: {names(q)} then wins stage {stage}"
        )
    elif state.opened:
        text = f"{names(q)} passed: play one maneuver to win stage {stage}, or pass: {names(q)} then wins it"
    else:
        kind = STAGE_TYPES[state.stages[state.stage_no]]
        text = (
            f"lead stage {stage} ({kind}): play a maneuver, or pass: {names(q)} may then play one to win it"
        )
    if names.addressed(p, p):
        return text[:1].upper() + text[1:]
    return f"{names(p)}: {text}"


def unusable(state: InitialDState, seat: int, lang: str, names: Names) -> dict[str, str]:
    """Why each card of ``seat``'s hand that no legal action names cannot be used now (its ref -> one
    line), from that seat's view: its hand and the public ratings. Empty unless ``seat`` is to move."""
    if state.to_move != seat:
        return {}
    cards = state.game.table.cards
    legal = legal_actions(state)
    used = {cards[a.args[0]].ref for a in legal if a.kind in ("play", "discard")}
    out: dict[str, str] = {}
    for c in state.hands[seat]:
        d = cards[c]
        if d.ref in used or d.ref in out:
            continue
        out[d.ref] = _why_not(state, seat, c)
    return out


def _why_not(state: InitialDState, seat: int, cid: int) -> str:
    d = state.game.table.cards[cid]
    if state.phase == PLAY:
        why = state.sides[seat].special_problem(d)
        if why:
            return why
        if d.position == LEAD and seat != state.lead:
            return f"{d.name} is for the lead car only, and you are the trailing car"
        if d.position == TRAIL and seat == state.lead:
            return f"{d.name} is for the trailing car only, and you are the lead car"
        need = discards_needed(state, seat, cid)
        others = len(state.hands[seat]) - 1
        return (
            f"{d.name} needs {plural(need, 'discard')} ({shortfall_text(state, seat, cid)}) and you hold "
            f"only {plural(others, 'other card')}"
        )
    if state.phase == PAY:
        if cid < state.floor:
            return "discards go left to right through your hand, and this card is before the last one"
        return (
            f"discards go left to right through your hand, and too few cards follow this one to pay "
            f"{plural(state.need, 'more discard')}"
        )
    return "discards go left to right through your hand, and this card is before the last one: it is kept"


# ------------------------------------------------------------------------------------------ events
def narrate(
    game: Game,
    event: Mapping[str, Any],
    seat: int | None,
    lang: str,
    names: Names,
) -> str | None:
    """One line per event of ``state.events_for(seat)``, told to ``seat`` ("you" where addressed)."""
    ty = event.get("type")
    s = event.get("seat")
    if ty == "race":
        ch = event["challenger"]
        how = " (equal cost: a coin decided)" if event["coin"] else ""
        cars, costs = event["cars"], event["costs"]
        return (
            f"{_says(names, ch, seat, 'challenge')} {_who(names, 1 - ch, seat)} ({cars[1 - ch]}, cost "
            f"{costs[1 - ch]}) with the {cars[ch]} (cost {costs[ch]}){how}; the race is {event['track']}: "
            f"{', '.join(event['stages'])}"
        )
    if ty == "stage":
        lead = _says_mid(names, event["lead"], seat, "lead")
        return f"Stage {event['stage']} — {event['stage_type']}: {lead}"
    if ty == "race_over":
        why = "two stages in a row as the lead car" if event["reason"] == "ID-W1" else "the final stage"
        return f"{_says(names, event['winner'], seat, 'win')} the race ({why})"
    if ty == "stage_won":
        extra = " as the lead car" if event["winner"] == event["lead"] else " from behind"
        return f"{_says(names, event['winner'], seat, 'win')} stage {event['stage']}{extra}"
    if not isinstance(s, int):
        return None
    if ty == "draw":
        return f"{_says(names, s, seat, 'draw')} {plural(event['count'], 'card')}"
    if ty == "drew":
        drawn = event["cards"]
        return (
            f"{_whose_cap(names, s, seat)} new {'card' if len(drawn) == 1 else 'cards'}: {', '.join(drawn)}"
        )
    if ty == "reshuffle":
        return (
            f"{_says(names, s, seat, 'shuffle')} the discard pile into a new deck "
            f"({plural(event['count'], 'card')})"
        )
    if ty == "play":
        pay = f", discarding {plural(event['discards'], 'card')}" if event["discards"] else ""
        return f"{_says(names, s, seat, 'play')} {event['card']} ({event['mtype']} {event['strength']}){pay}"
    if ty == "discard":
        how = {"forced": " at random", "keep": " before the next stage"}.get(event.get("reason", ""), "")
        return f"{_says(names, s, seat, 'discard')} {event['card']}{how}"
    if ty == "in_play":
        return f"{_whose_cap(names, s, seat)} {event['card']} stays in play"
    if ty == "cleared":
        return f"{_whose_cap(names, s, seat)} {event['card']} leaves play"
    if ty == "pass":
        return _says(names, s, seat, "pass")
    if ty == "discard_hand":
        return f"{_says(names, s, seat, 'discard')} the {plural(event['count'], 'card')} left in hand"
    if ty == "keep":
        return f"{_says(names, s, seat, 'keep')} {plural(event['count'], 'card')}"
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
        "Strength": f"straight {s.straight} · curve {s.curve} · obstacle {s.obstacle}",
        "Counters": f"speed {c.speed} · turn {c.turn} · tactics {c.tactics}",
        "Requirement": req,
    }


# The face's stats as icons (Game.cards: "icons"), for a small card: a maneuver's strength per stage type
# with the track's own glyphs (ID-C4, ID-C3), its counter rating against each maneuver type (ID-P4) and its
# requirement (ID-P3); a car's and a mod's numbers (ID-C1, ID-C2). Each icon carries its full words.
STAGE_GLYPH = {"straight": "↑", "curve": "↶", "obstacle": "▲"}
TYPE_GLYPH = {"speed": "»", "turn": "↺", "tactics": "♟"}
STAT_GLYPH = {"power": "⚡", "traction": "◎", "style": "✦", "cost": "¤"}


def _icon(icon: str, value: Any, title: str, group: str) -> dict[str, Any]:
    return {"icon": icon, "value": value, "title": title, "group": group}


def _icons(rec: Car | Mod | Race | Maneuver) -> list[dict[str, Any]]:
    if isinstance(rec, Maneuver):
        s, c = rec.strength, rec.counter
        out = [
            _icon(STAGE_GLYPH[k], getattr(s, k), f"strength {getattr(s, k)} on a {k} stage", "strength")
            for k in ("straight", "curve", "obstacle")
        ]
        out += [
            _icon(TYPE_GLYPH[k], getattr(c, k), f"counter {getattr(c, k)} against a {k} maneuver", "counter")
            for k in ("speed", "turn", "tactics")
        ]
        if rec.requirement_value:
            kind = rec.requirement_type
            out.append(
                _icon(
                    STAT_GLYPH.get(kind, "?"),
                    f"≥{rec.requirement_value}",
                    f"requires {kind.capitalize()} {rec.requirement_value}",
                    "requirement",
                )
            )
        return out
    if isinstance(rec, Car):
        return [
            _icon(STAT_GLYPH[k], getattr(rec, k), f"{k.capitalize()} {getattr(rec, k)}", "stats")
            for k in ("power", "traction", "style", "cost")
        ]
    if isinstance(rec, Mod):
        out = [_icon(STAT_GLYPH["cost"], rec.cost, f"Cost {rec.cost}", "stats")]
        for k in ("power", "traction", "style"):
            v = getattr(rec, k)
            if v:
                out.append(_icon(STAT_GLYPH[k], f"{v:+}", f"{v:+} {k.capitalize()}", "stats"))
        return out
    return [
        _icon(STAGE_GLYPH.get(t, "?"), i + 1, f"stage {i + 1}: {t}", "stages")
        for i, t in enumerate(rec.stages)
    ]


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
                "icons": _icons(rec),
                "tags": tags,
                "colour": COLOUR.get(rec.type) if isinstance(rec, Maneuver) else None,
                "house": rec.house,
            }
        )
    return out


# -- the options in words -----------------------------------------------------------------------------------
# What the lobby calls each option (Game.option_words): English is the Options model's own (game.py); these
# are the other languages of the page, each line starting with the rule id the English cites.
OPTIONS: dict[str, dict[str, OptionWords]] = {
    "fr": {
        "cost_tie": OptionWords(
            "Challenger à coût égal",
            "ID-S1 : qui est le challenger (tire le circuit, part derrière) quand les deux voitures et "
            "leurs mods coûtent autant : à pile ou face, ou convenu entre les joueurs",
            {"coin": "pile ou face"},
        ),
        "discards": OptionWords(
            "Défausses pour payer une manœuvre",
            "ID-P4 : les défausses qu'exigent le prérequis d'une manœuvre et son contre s'additionnent, "
            "ou chaque défausse compte pour les deux (on paie le plus gros manque)",
            {"separate": "elles s'additionnent", "shared": "une défausse compte pour les deux"},
        ),
        "discard_order": OptionWords(
            "Ordre des défausses",
            "ID-P4, arbitrage : les défausses (pour payer, et en fin d'étape) se choisissent de gauche à "
            "droite dans la main triée, ou dans n'importe quel ordre ; les cartes possibles sont les "
            "mêmes",
            {"hand_order": "dans l'ordre de la main", "any": "dans n'importe quel ordre"},
        ),
    },
    "ja": {
        "cost_tie": OptionWords(
            "コストが同じときのチャレンジャー",
            "ID-S1：車とModの合計コストが同じとき、チャレンジャー（コースを引き、後追いで始める）"
            "をコイントスで決めるか、プレイヤーが合意して決める",
            {"coin": "コイントス"},
        ),
        "discards": OptionWords(
            "マニューバーを払う捨て札",
            "ID-P4：マニューバーの必要値とカウンターに要る捨て札を合計するか、"
            "1枚で両方に数えるか（不足の大きい方を払う）",
            {"separate": "合計する", "shared": "1枚で両方に数える"},
        ),
        "discard_order": OptionWords(
            "捨て札を選ぶ順番",
            "ID-P4 裁定：捨て札（支払いとステージの終わり）を並べた手札の左から右へ選ぶか、"
            "好きな順に選ぶか。捨てられるカードは同じ",
            {"hand_order": "手札の順", "any": "好きな順"},
        ),
    },
}
