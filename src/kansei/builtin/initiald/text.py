"""Text for the Initial D CCG: the board as one seat sees it (rich), menu lines, narration, the prompt of a
decision, why a card cannot be used, and the card faces — in English, French and Japanese.

The board fits 80×24 with the menu under it: a header with the track and its stages, one line per car
(current Power, Traction and Style, hand, deck and discard sizes), the maneuvers of this stage, the
bonuses in play, the maneuver to beat, and the seat's own hand two cards to a line, each with its type,
its strength in this stage and what it costs to play right now. Everything shown comes from
``state.view(seat)`` and public facts (ratings, the last maneuver); a hand is shown only to its seat.

Every sentence is a key of ``lang.py``'s catalogs (``WORDS``); card names are the content's, in the language
asked (``Card.name_in``). Widths are measured in terminal cells (rich's ``cell_len``), so a Japanese line
fits the same 80 columns as an English one.

People are named by the table's :class:`~kansei.core.names.Names` ("Alice", or "Player 2"): "you" only
where ``names.addressed(seat, viewer)``. The board is built of rich ``Text`` objects, never markup, so a
name such as ``[bold]`` is printed as written. No text carries a rule id (``Game.move_rules`` has them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.table import Table as Grid
from rich.text import Text

from kansei.core.names import Names
from kansei.core.protocol import Action, DeckWords, Game, OptionWords

from .cards import MANEUVER_TYPES, STAGE_TYPES, Car, Maneuver, Mod, Race
from .lang import has, plural, say, tr
from .refusals import card_name, local_names, shortfall_text, special_problem
from .rules import discards_needed, legal_actions, position_problem, shortfall
from .state import InitialDState
from .table import KEEP, LEAD, PAY, PLAY, TRAIL, Table

_ICON = {"straight": "━", "curve": "↪", "obstacle": "▲"}
_STATS = ("power", "traction", "style")
_BOARD_NAME = 10  # cells of a name on the board
_CAR_NAME = 8  # ... on a car's line (the longest car's line then fills 78 columns)
# a Japanese name takes two cells a character ("プレイヤー2": 11); its car line has the room for one
_NAME_CELLS = {"ja": (11, 11)}


# ------------------------------------------------------------------------------------------ widths
def _cut(text: str, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` terminal cells."""
    if cell_len(text) <= width:
        return text
    out: list[str] = []
    used = 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width:
            break
        out.append(ch)
        used += w
    return "".join(out)


def _short(name: str, width: int) -> str:
    """``name`` within ``width`` cells, cut with '…' where it is longer."""
    return name if cell_len(name) <= width else _cut(name, width - 1) + "…"


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


def _board_name(lang: str) -> int:
    return _NAME_CELLS.get(lang, (_BOARD_NAME, _CAR_NAME))[0]


def _fit(text: str, width: int = 78) -> str:
    """One line of at most ``width`` cells."""
    return _short(text, width)


# ------------------------------------------------------------------------------------------ words
def _who(names: Names, p: int | None, viewer: int | None, lang: str) -> str:
    """'you' or the seat's name, in the middle of a sentence."""
    if p is None:
        return tr(lang, "nobody")
    return tr(lang, "you") if names.addressed(p, viewer) else names(p)


def _name(names: Names, p: int) -> str:
    """A seat's whole name, within the 24 cells a name has (a wide name takes two cells a character)."""
    return _short(names(p), 24)


def _stat(lang: str, s: int | str) -> str:
    """'Power' (a stat by index or by its content name)."""
    return tr(lang, f"stat_{_STATS[s] if isinstance(s, int) else s}")


def _stage(lang: str, name: str) -> str:
    """'straight' (a stage type)."""
    return tr(lang, f"stage_{name}") if has(lang, f"stage_{name}") else name


def _type(lang: str, name: str) -> str:
    """'speed' (a maneuver type)."""
    return tr(lang, f"type_{name}") if has(lang, f"type_{name}") else name


def _mod(lang: str, name: str) -> str:
    """'Turbo' (a mod type)."""
    return tr(lang, f"mod_{name}") if has(lang, f"mod_{name}") else name


def _trait(lang: str, name: str) -> str:
    return tr(lang, f"trait_{name}") if has(lang, f"trait_{name}") else name


def _join(lang: str, items: Iterable[str]) -> str:
    return tr(lang, "comma").join(items)


# ------------------------------------------------------------------------------------------ cards
def effect_text(state: InitialDState, cid: int, lang: str = "en") -> str:
    """'+1 Traction' / 'opponent -1 Power': the bonuses and penalties of a maneuver in play."""
    d = state.game.table.cards[cid]
    parts = []
    for key, delta in (("fx_self", d.delta_self), ("fx_opp", d.delta_opp)):
        for s, v in enumerate(delta):
            if v:
                parts.append(tr(lang, key, amount=f"{v:+}", stat=_stat(lang, s)))
    return _join(lang, parts)


def cost_now(state: InitialDState, seat: int, cid: int, detail: bool = True, lang: str = "en") -> str:
    """What playing ``cid`` would cost ``seat`` right now ('free', 'discard 2'), or why it cannot be
    played ('✗ lead car only'). ``detail`` adds the shortfall ('Traction 6 of 8: 2 short')."""
    r = state.race
    d = state.game.table.cards[cid]
    side = r.sides[seat]
    if side.special_problem(d):
        return tr(lang, "c_no", why=_short_problem(state, seat, cid, lang))
    if position_problem(r, seat, d):
        return tr(lang, "c_no", why=tr(lang, "c_lead_only" if d.position == LEAD else "c_trailing_only"))
    need = discards_needed(r, seat, cid)
    spare = len(r.hands[seat]) - 1
    why = shortfall_text(state, seat, cid, lang) if detail else ""
    tail = why and why != tr(lang, "s_none")
    if need > spare:
        cost = tr(lang, "c_no", why=plural(lang, "c_needs", need))
    else:
        cost = tr(lang, "c_free") if need == 0 else tr(lang, "c_discard", n=need)
    return tr(lang, "c_tail", cost=cost, why=why) if tail else cost


def short_why(state: InitialDState, seat: int, cid: int, lang: str = "en") -> str:
    """' — Traction 6/8, counter 7/8': the shortfalls a play's discards make up (empty when free)."""
    r = state.race
    cards = state.game.table.cards
    d = cards[cid]
    req, ctr = shortfall(r, seat, cid)
    out = []
    if req:
        out.append(tr(lang, "m_req", stat=_stat(lang, d.req_stat), have=d.req_val - req, need=d.req_val))
    if ctr:
        last = cards[r.last]
        strength = last.strength[r.stages[r.stage_no]]
        out.append(tr(lang, "m_ctr", have=strength - ctr, need=strength))
    return tr(lang, "m_why", parts=_join(lang, out)) if out else ""


def _short_problem(state: InitialDState, seat: int, cid: int, lang: str) -> str:
    d = state.game.table.cards[cid]
    side = state.race.sides[seat]
    if d.drivetrains is not None and side.drivetrain not in d.drivetrains:
        return tr(lang, "c_drivetrain", drivetrains="/".join(sorted(d.drivetrains)))
    if d.needs_mod is not None and d.needs_mod not in side.mod_types:
        return tr(lang, "c_mod", mod=_mod(lang, d.needs_mod))
    return tr(lang, "c_not_this_car")


# ------------------------------------------------------------------------------------------ board
def _header(
    state: InitialDState, v: Mapping[str, Any], seat: int | None, lang: str, names: Names
) -> list[Text]:
    track = state.game.table.cards[state.race.track].rec
    assert isinstance(track, Race)
    name, where = track.name_in(lang), track.pass_in(lang)
    challenger = say(lang, "b_challenge", names.addressed(v["challenger"], seat), Who=names(v["challenger"]))
    title = (
        tr(lang, "b_title", track=name, where=where, challenger=challenger)
        if where != name
        else tr(lang, "b_title_plain", track=name, challenger=challenger)
    )
    head = Text.assemble((tr(lang, "title"), "bold"), _fit(title, 68))
    winners = [_short(_who(names, w, seat, lang), _board_name(lang)) for w in v["results"]]
    # "won by" while the line fits 78 columns, else the winners' names alone
    for won_by in (True, False):
        stages = Text(tr(lang, "b_stages"))
        for i, kind in enumerate(v["stages"]):
            if i:
                stages.append(" │ ")
            label = f"{i + 1} {_ICON[kind]}"
            if i < len(winners):
                won = tr(lang, "b_won_by", who=winners[i]) if won_by else winners[i]
                stages.append(f"{label} {won}", style="dim")
            elif i == v["stage"] - 1 and not v["over"]:
                stages.append(f"▶ {label} {_stage(lang, kind)}", style="bold yellow")
            else:
                stages.append(f"{label} {_stage(lang, kind)}")
        if cell_len(stages.plain) <= 78:
            break
    return [head, stages]


def _car_line(p: Mapping[str, Any], seat: int | None, lang: str, names: Names, t: Table) -> Text:
    width = _NAME_CELLS.get(lang, (_BOARD_NAME, _CAR_NAME))[1]
    who = _short(tr(lang, "You") if names.addressed(p["seat"], seat) else names(p["seat"]), width)
    line = Text(f"{_pad(who, width)} ", style="bold" if p["seat"] == seat else "")
    lead = tr(lang, "b_lead")
    line.append(lead if p["lead"] else " " * cell_len(lead), style="magenta")
    line.append(f"{card_name(t, p['car'], lang)}  ")
    line.append(tr(lang, "b_stats", power=p["power"], traction=p["traction"], style=p["style"]), style="bold")
    line.append(tr(lang, "b_car", hand=p["hand_count"], deck=p["deck_count"], discard=len(p["discard"])))
    return line


def _hand(state: InitialDState, seat: int, lang: str) -> Grid:
    r = state.race
    cards = state.game.table.cards
    st = r.stages[r.stage_no]
    hand = r.hands[seat]
    grid = Grid.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    cells = []
    for c in hand:
        d = cards[c]
        if r.phase == PLAY and r.turn == seat:
            cost = cost_now(state, seat, c, detail=False, lang=lang)
        elif r.phase == PAY and state.game.ordered and c < r.floor:
            cost = tr(lang, "c_stays")
        else:
            cost = ""
        cell = Text(f"{_pad(_cut(d.rec.name_in(lang), 22), 22)} ")
        cell.append(f"{tr(lang, f'abbr_{MANEUVER_TYPES[d.mtype]}')}{d.strength[st]:<2}", style="bold")
        cell.append(f" {_cut(cost, 13)}", style="red" if cost.startswith("✗") else "green" if cost else "")
        cells.append(cell)
    for i in range(0, len(cells), 2):
        grid.add_row(*cells[i : i + 2])
    return grid


def render(state: InitialDState, seat: int | None, lang: str, names: Names) -> Group:
    r = state.race
    v = state.view(seat)
    t = state.game.table
    cards = t.cards

    def who(p: int) -> str:  # a name on the board, cut short to keep lines within 80 columns
        return _short(_who(names, p, seat, lang), _board_name(lang))

    def name(card: str) -> str:
        return card_name(t, card, lang)

    comma = tr(lang, "comma")
    parts: list[Any] = _header(state, v, seat, lang, names)
    parts += [_car_line(p, seat, lang, names, t) for p in v["players"]]
    piles = [
        f"{who(p['seat'])} {'…' + comma if len(p['discard']) > 2 else ''}"
        + comma.join(name(c) for c in p["discard"][-2:])
        for p in v["players"]
        if p["discard"]
    ]
    if piles:  # the discard piles are face up (the newest last; the view holds them whole)
        parts.append(Text(_fit(tr(lang, "b_discards", piles=" · ".join(piles))), style="dim"))
    played = [tr(lang, "b_by", card=name(e["card"]), who=who(e["seat"])) for e in v["stage_pile"]]
    inplay = [
        tr(lang, "b_by_fx", card=cards[c].rec.name_in(lang), who=who(o), effect=effect_text(state, c, lang))
        for o, c in r.inplay
    ]
    stage = tr(lang, "b_stage_pile", cards=" → ".join(played[-3:])) if played else ""
    lasting = tr(lang, "b_in_play", cards=tr(lang, "s_join").join(inplay)) if inplay else ""
    if stage and lasting and cell_len(stage) + cell_len(lasting) + 3 <= 78:
        mid = tr(lang, "b_in_play_mid", cards=tr(lang, "s_join").join(inplay))
        parts.append(Text(f"{stage} · {mid}", style="cyan"))
    else:
        parts += [Text(_fit(line), style="cyan") for line in (stage, lasting) if line]
    if v["over"]:
        why = tr(lang, "why_ID-W1" if v["reason"] == "ID-W1" else "why_final")
        won = say(lang, "b_over", names.addressed(v["winner"], seat), Who=_name(names, v["winner"]), why=why)
        parts.append(Text(won, style="bold green"))
        return Group(*parts)
    last = v["last"]
    if r.phase in (PLAY, PAY) and last:
        kind = _type(lang, last["type"])
        beat = tr(
            lang,
            "b_to_beat",
            card=name(last["card"]),
            who=who(last["seat"]),
            type=kind,
            strength=last["strength"],
        )
        parts.append(Text(beat, style="bold"))
    elif r.phase == PLAY and v["lead_passed"]:
        parts.append(Text(tr(lang, "b_lead_passed")))
    if v["pending"]:
        pd = v["pending"]
        left = plural(lang, "more_discard", pd["discards_left"])
        you = names.addressed(pd["seat"], seat)
        parts.append(
            Text(
                say(lang, "b_paying", you, Who=_name(names, pd["seat"]), card=name(pd["card"]), left=left),
                style="yellow",
            )
        )
    if seat is not None and r.hands[seat]:
        note = tr(lang, "note_play" if r.phase == PLAY else "note_other")
        if r.phase == KEEP:
            note = tr(lang, "note_next", note=note, type=_stage(lang, STAGE_TYPES[r.stages[r.stage_no + 1]]))
        you = names.addressed(seat, seat)
        parts.append(
            Text(
                say(lang, "b_hand", you, Who=_name(names, seat), n=len(r.hands[seat]), note=note),
                style="bold",
            )
        )
        parts.append(_hand(state, seat, lang))
    todo = {PLAY: "todo_play", PAY: "todo_pay", KEEP: "todo_keep"}
    mover = v["to_move"]
    line = say(
        lang,
        "b_to_move",
        names.addressed(mover, seat),
        Who=_short(names(mover), 2 * _BOARD_NAME),
        stage=v["stage"],
        type=_stage(lang, v["stage_type"]),
        todo=tr(lang, todo[r.phase]),
    )
    parts.append(Text(line, style="italic"))
    return Group(*parts)


# ------------------------------------------------------------------------------------------ menu
def describe(state: InitialDState, action: Action, lang: str, names: Names) -> str:
    """A menu line for the seat to move (its own eyes): the card's key numbers and the cost now."""
    r = state.race
    cards = state.game.table.cards
    k = action.kind
    p = r.turn
    st = r.stages[r.stage_no]
    if k == "play":
        cid, n = action.args
        d = cards[cid]
        pay = tr(lang, "c_free") if n == 0 else tr(lang, "c_discard", n=n)
        return tr(
            lang,
            "m_play",
            card=d.rec.name_in(lang),
            type=_type(lang, MANEUVER_TYPES[d.mtype]),
            strength=d.strength[st],
            pay=pay,
            why=short_why(state, p, cid, lang),
        )
    if k == "discard":
        name = cards[action.args[0]].rec.name_in(lang)
        if r.phase == PAY:
            pending = cards[r.pending].rec.name_in(lang)
            return tr(lang, "m_discard_pay", card=name, pending=pending, n=r.need)
        return tr(lang, "m_discard_keep", card=name)
    if k == "keep":
        return tr(lang, "m_keep", cards=plural(lang, "card", len(r.hands[p])))
    if k == "pass":
        if r.played:
            return say(lang, "m_pass_win", names.addressed(r.last_by, p), Who=names(r.last_by))
        if p == r.lead and not r.opened:
            return tr(lang, "m_pass_open")
        return say(lang, "m_pass_lead", names.addressed(r.lead, p), Who=names(r.lead))
    return action.notation


# ------------------------------------------------------------------------------------------ the decision
def prompt(state: InitialDState, lang: str, names: Names) -> str:
    """The decision the seat to move faces, told to that seat ("" once the race is over)."""
    r = state.race
    p = state.to_move
    if p is None:
        return ""
    cards = state.game.table.cards
    q = 1 - p
    stage = r.stage_no + 1
    if r.phase == PAY:
        how = tr(lang, "p_pay_order") if state.game.ordered else ""
        text = tr(
            lang,
            "p_pay",
            cards=plural(lang, "more_card", r.need),
            card=cards[r.pending].rec.name_in(lang),
            how=how,
        )
    elif r.phase == KEEP:
        nxt = _stage(lang, STAGE_TYPES[r.stages[r.stage_no + 1]])
        text = tr(lang, "p_keep", stage=stage, next=stage + 1, type=nxt)
    elif r.played:
        last = cards[r.last]
        strength = last.strength[r.stages[r.stage_no]]
        text = tr(
            lang,
            "p_answer",
            other=names(q),
            card=last.rec.name_in(lang),
            type=_type(lang, MANEUVER_TYPES[last.mtype]),
            strength=strength,
            stage=stage,
        )
    elif r.opened:
        text = tr(lang, "p_passed", other=names(q), stage=stage)
    else:
        kind = _stage(lang, STAGE_TYPES[r.stages[r.stage_no]])
        text = tr(lang, "p_lead", stage=stage, type=kind, other=names(q))
    if names.addressed(p, p):
        return text[:1].upper() + text[1:]
    return tr(lang, "p_named", name=names(p), prompt=text)


def unusable(state: InitialDState, seat: int, lang: str, names: Names) -> dict[str, str]:
    """Why each card of ``seat``'s hand that no legal action names cannot be used now (its ref -> one
    line), from that seat's view: its hand and the public ratings. Empty unless ``seat`` is to move."""
    if state.to_move != seat:
        return {}
    cards = state.game.table.cards
    legal = legal_actions(state)
    used = {cards[a.args[0]].ref for a in legal if a.kind in ("play", "discard")}
    out: dict[str, str] = {}
    for c in state.race.hands[seat]:
        d = cards[c]
        if d.ref in used or d.ref in out:
            continue
        out[d.ref] = _why_not(state, seat, c, lang)
    return out


def _why_not(state: InitialDState, seat: int, cid: int, lang: str) -> str:
    r = state.race
    d = state.game.table.cards[cid]
    name = d.rec.name_in(lang)
    if r.phase == PLAY:
        why = special_problem(state, seat, cid, lang)
        if why:
            return why
        if d.position == LEAD and seat != r.lead:
            return tr(lang, "u_lead", card=name)
        if d.position == TRAIL and seat == r.lead:
            return tr(lang, "u_trailing", card=name)
        need = discards_needed(r, seat, cid)
        others = len(r.hands[seat]) - 1
        return tr(
            lang,
            "u_needs",
            card=name,
            discards=plural(lang, "discard", need),
            why=shortfall_text(state, seat, cid, lang),
            others=plural(lang, "other_card", others),
        )
    if r.phase == PAY:
        if cid < r.floor:
            return tr(lang, "u_order")
        return tr(lang, "u_order_pay", left=plural(lang, "more_discard", r.need))
    return tr(lang, "u_order_keep")


# ------------------------------------------------------------------------------------------ events
def narrate(
    game: Game,
    event: Mapping[str, Any],
    seat: int | None,
    lang: str,
    names: Names,
) -> str | None:
    """One line per event of ``state.events_for(seat)``, told to ``seat`` ("you" where addressed)."""
    t: Table = getattr(game, "table")  # noqa: B009 - the Initial D game's card table
    ty = event.get("type")
    s = event.get("seat")

    def name(card: Any) -> str:
        return card_name(t, str(card), lang)

    if ty == "race":
        ch = event["challenger"]
        cars, costs = event["cars"], event["costs"]
        fields = {
            "Who": names(ch),
            "other": _who(names, 1 - ch, seat, lang),
            "their_car": name(cars[1 - ch]),
            "their_cost": costs[1 - ch],
            "car": name(cars[ch]),
            "cost": costs[ch],
            "how": tr(lang, "n_coin") if event["coin"] else "",
            "track": name(event["track"]),
            "stages": _join(lang, (_stage(lang, x) for x in event["stages"])),
        }
        if not names.addressed(ch, seat) and names.addressed(1 - ch, seat):
            return tr(lang, "n_race_you", **fields)
        return say(lang, "n_race", names.addressed(ch, seat), **fields)
    if ty == "stage":
        lead = event["lead"]
        return say(
            lang,
            "n_stage",
            names.addressed(lead, seat),
            Who=names(lead),
            stage=event["stage"],
            type=_stage(lang, event["stage_type"]),
        )
    if ty == "race_over":
        w = event["winner"]
        why = tr(lang, "why_ID-W1" if event["reason"] == "ID-W1" else "why_final")
        return say(lang, "n_race_over", names.addressed(w, seat), Who=names(w), why=why)
    if ty == "stage_won":
        w = event["winner"]
        how = tr(lang, "n_as_lead" if w == event["lead"] else "n_from_behind")
        return say(lang, "n_stage_won", names.addressed(w, seat), Who=names(w), stage=event["stage"], how=how)
    if not isinstance(s, int):
        return None
    you = names.addressed(s, seat)
    who = names(s)
    if ty == "draw":
        return say(lang, "n_draw", you, Who=who, cards=plural(lang, "card", event["count"]))
    if ty == "drew":
        drawn = event["cards"]
        key = "n_drew_1" if len(drawn) == 1 else "n_drew_n"
        return say(lang, key, you, Who=who, cards=_join(lang, (name(c) for c in drawn)))
    if ty == "reshuffle":
        return say(lang, "n_reshuffle", you, Who=who, cards=plural(lang, "card", event["count"]))
    if ty == "play":
        pay = tr(lang, "n_paying", cards=plural(lang, "card", event["discards"])) if event["discards"] else ""
        return say(
            lang,
            "n_play",
            you,
            Who=who,
            card=name(event["card"]),
            type=_type(lang, event["mtype"]),
            strength=event["strength"],
            pay=pay,
        )
    if ty == "discard":
        reason = {"forced": "n_forced", "keep": "n_before_next"}.get(event.get("reason", ""))
        how = tr(lang, reason) if reason else ""
        return say(lang, "n_discard", you, Who=who, card=name(event["card"]), how=how)
    if ty == "in_play":
        return say(lang, "n_in_play", you, Who=who, card=name(event["card"]))
    if ty == "cleared":
        return say(lang, "n_cleared", you, Who=who, card=name(event["card"]))
    if ty == "pass":
        return say(lang, "n_pass", you, Who=who)
    if ty == "discard_hand":
        return say(lang, "n_discard_hand", you, Who=who, cards=plural(lang, "card", event["count"]))
    if ty == "keep":
        return say(lang, "n_keep", you, Who=who, cards=plural(lang, "card", event["count"]))
    return None


# ------------------------------------------------------------------------------------------ card faces
COLOUR = {"speed": "red", "turn": "blue", "tactics": "green"}


def maneuver_text(d: Maneuver, lang: str = "en", t: Table | None = None) -> str:
    """The rules text of a maneuver: special requirements, Style and effects, then its flavour."""
    parts = []
    if d.position != "any":
        parts.append(tr(lang, "f_lead" if d.position == "lead" else "f_trailing"))
    if d.needs_mod:
        parts.append(tr(lang, "f_needs_mod", mod=_mod(lang, d.needs_mod)))
    if d.drivetrain:
        parts.append(tr(lang, "f_drivetrain", drivetrains=tr(lang, "or").join(d.drivetrain)))
    if d.only_used_by:
        parts.append(tr(lang, "f_only", who=_join(lang, _only(t, d.only_used_by, lang))))
    if d.style:
        parts.append(tr(lang, "f_style", style=d.style))
    for e in d.effects:
        parts.append(effect_sentence(e, lang))
    text = d.text_in(lang)
    if text and text not in parts:
        parts.append(text)
    return tr(lang, "f_join").join(p for p in parts if p)


def _only(t: Table | None, who: Iterable[str], lang: str) -> list[str]:
    """The cards, traits or drivetrains a card is "only used by", by their names in ``lang``."""
    return local_names(t, who, lang) if t is not None else list(who)


def effect_sentence(spec: Mapping[str, Any], lang: str = "en") -> str:
    """One block spec in words ('+1 Traction to your car while in play')."""
    block = spec.get("block")
    amount = spec.get("amount", 0)
    if block == "bonus":
        whose = "self" if spec.get("who", "self") == "self" else "opponent"
        return tr(lang, f"f_bonus_{whose}", amount=f"{amount:+}", stat=_stat(lang, str(spec.get("stat"))))
    if block == "discard_in_play":
        who = str(spec.get("who", "opponent"))
        who = who if who in ("self", "opponent", "any") else "opponent"
        return tr(lang, f"f_clear_all_{who}") if not amount else tr(lang, f"f_clear_n_{who}", n=amount)
    if block == "opponent_discards":
        return plural(lang, "f_opp_discards", int(amount))
    return ""


def _stats(rec: Car | Mod | Race | Maneuver, lang: str) -> dict[str, Any]:
    def label(key: str) -> str:
        return tr(lang, key)

    if isinstance(rec, Car):
        return {
            label("stat_cost"): rec.cost,
            label("stat_power"): rec.power,
            label("stat_traction"): rec.traction,
            label("stat_style"): rec.style,
            label("f_stat_max_mods"): rec.max_mods,
            label("f_stat_drivetrain"): rec.drivetrain,
        }
    if isinstance(rec, Mod):
        out: dict[str, Any] = {label("f_stat_type"): _mod(lang, rec.type), label("stat_cost"): rec.cost}
        for k, v in (("power", rec.power), ("traction", rec.traction), ("style", rec.style)):
            if v:
                out[_stat(lang, k)] = v
        return out
    if isinstance(rec, Race):
        return {
            label("f_stat_pass"): rec.pass_in(lang),
            label("f_stat_stages"): " → ".join(_stage(lang, x) for x in rec.stages),
        }
    s, c = rec.strength, rec.counter
    req = (
        tr(lang, "f_requirement", stat=_stat(lang, rec.requirement_type), value=rec.requirement_value)
        if rec.requirement_value
        else tr(lang, "f_no_requirement")
    )
    return {
        label("f_stat_type"): _type(lang, rec.type),
        label("f_stat_strength"): tr(lang, "f_strengths", **s.model_dump()),
        label("f_stat_counters"): tr(lang, "f_counters", **c.model_dump()),
        label("f_stat_requirement"): req,
    }


# The face's stats as icons (Game.cards: "icons"), for a small card: a maneuver's strength per stage type
# with the track's own glyphs (ID-C4, ID-C3), its counter rating against each maneuver type (ID-P4) and its
# requirement (ID-P3); a car's and a mod's numbers (ID-C1, ID-C2). Each icon carries its full words.
STAGE_GLYPH = {"straight": "↑", "curve": "↶", "obstacle": "▲"}
TYPE_GLYPH = {"speed": "»", "turn": "↺", "tactics": "♟"}
STAT_GLYPH = {"power": "⚡", "traction": "◎", "style": "✦", "cost": "¤"}


def _icon(icon: str, value: Any, title: str, group: str) -> dict[str, Any]:
    return {"icon": icon, "value": value, "title": title, "group": group}


def _icons(rec: Car | Mod | Race | Maneuver, lang: str) -> list[dict[str, Any]]:
    if isinstance(rec, Maneuver):
        s, c = rec.strength, rec.counter
        out = [
            _icon(
                STAGE_GLYPH[k],
                getattr(s, k),
                tr(lang, "i_strength", value=getattr(s, k), stage=_stage(lang, k)),
                "strength",
            )
            for k in ("straight", "curve", "obstacle")
        ]
        out += [
            _icon(
                TYPE_GLYPH[k],
                getattr(c, k),
                tr(lang, "i_counter", value=getattr(c, k), type=_type(lang, k)),
                "counter",
            )
            for k in ("speed", "turn", "tactics")
        ]
        if rec.requirement_value:
            kind = rec.requirement_type
            out.append(
                _icon(
                    STAT_GLYPH.get(kind, "?"),
                    f"≥{rec.requirement_value}",
                    tr(lang, "i_requires", stat=_stat(lang, kind), value=rec.requirement_value),
                    "requirement",
                )
            )
        return out
    if isinstance(rec, Car):
        return [
            _icon(
                STAT_GLYPH[k],
                getattr(rec, k),
                tr(lang, "i_stat", stat=_stat(lang, k), value=getattr(rec, k)),
                "stats",
            )
            for k in ("power", "traction", "style", "cost")
        ]
    if isinstance(rec, Mod):
        out = [
            _icon(
                STAT_GLYPH["cost"],
                rec.cost,
                tr(lang, "i_stat", stat=_stat(lang, "cost"), value=rec.cost),
                "stats",
            )
        ]
        for k in ("power", "traction", "style"):
            v = getattr(rec, k)
            if v:
                out.append(
                    _icon(
                        STAT_GLYPH[k],
                        f"{v:+}",
                        tr(lang, "f_bonus", amount=f"{v:+}", stat=_stat(lang, k)),
                        "stats",
                    )
                )
        return out
    return [
        _icon(STAGE_GLYPH.get(x, "?"), i + 1, tr(lang, "i_stage", n=i + 1, stage=_stage(lang, x)), "stages")
        for i, x in enumerate(rec.stages)
    ]


def _bonus_text(rec: Car | Mod, lang: str) -> list[str]:
    return [
        tr(
            lang,
            "f_bonus_stage",
            amount=f"{b.amount:+}",
            stat=_stat(lang, b.stat),
            stage=_stage(lang, b.stage),
        )
        if b.stage
        else tr(lang, "f_bonus", amount=f"{b.amount:+}", stat=_stat(lang, b.stat))
        for b in rec.bonuses
    ]


def card_faces(t: Table, lang: str = "en") -> list[dict[str, Any]]:
    """Every card face in ``lang`` (``Game.cards``). ``parts``: what the board shows of a card that is not a
    card, ``{"key", "kind", "name"}`` with ``key`` the English words the view carries and ``name`` in
    ``lang``: a car's built-in mods (``players[].built_in``), a race's mountain pass (``track.pass``)."""
    out: list[dict[str, Any]] = []
    join = tr(lang, "f_join")
    for d in t.cards:
        rec = d.rec
        tags = [_trait(lang, x) for x in rec.traits]
        parts: list[dict[str, Any]] = []
        if isinstance(rec, Maneuver):
            text = maneuver_text(rec, lang, t)
            tags.insert(0, _type(lang, rec.type))
        elif isinstance(rec, Car):
            extra = [tr(lang, "f_built_in", mod=_mod(lang, m)) for m in rec.built_in]
            extra += [tr(lang, "f_sentence", text=b) for b in _bonus_text(rec, lang)]
            text = join.join([*extra, rec.text_in(lang)]).strip()
            parts = [{"key": m, "kind": "mod", "name": _mod(lang, m)} for m in rec.built_in]
        elif isinstance(rec, Mod):
            extra = [tr(lang, "f_sentence", text=b) for b in _bonus_text(rec, lang)]
            if rec.only_used_by:
                extra.append(tr(lang, "f_only", who=_join(lang, _only(t, rec.only_used_by, lang))))
            text = join.join([*extra, rec.text_in(lang)]).strip()
            tags.insert(0, _mod(lang, rec.type))
        else:
            text = rec.text_in(lang)
            if isinstance(rec, Race):
                parts = [{"key": rec.pass_, "kind": "pass", "name": rec.pass_in(lang)}]
        out.append(
            {
                "name": rec.name_in(lang),
                "slug": d.slug,
                "kind": tr(lang, f"kind_{d.kind}"),
                "text": text,
                "stats": _stats(rec, lang),
                "icons": _icons(rec, lang),
                "tags": tags,
                "colour": COLOUR.get(rec.type) if isinstance(rec, Maneuver) else None,
                "house": rec.house,
                "parts": parts,
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

# The starter decks' words in the other languages, by English name (the key a deck is chosen by); words,
# not content: they change no content digest (Game.deck_words). Proper names keep their spelling.
DECKS: dict[str, dict[str, DeckWords]] = {
    "fr": {
        "Akina Hachi-Roku": DeckWords(
            "La Hachi-Roku d'Akina",
            "L'AE86 avec Takumi Fujiwara au volant : dérapages, motricité et les épingles de chez lui.",
        ),
        "Red Suns FD": DeckWords(
            "La FD des Red Suns",
            "La RX-7 FD de Keisuke, son turbo d'origine et les Red Suns derrière elle : la puissance en "
            "ligne droite.",
        ),
    },
    "ja": {
        "Akina Hachi-Roku": DeckWords(
            "秋名のハチロク", "藤原拓海が駆るAE86：ドリフト、トラクション、そして地元・秋名のヘアピン。"
        ),
        "Red Suns FD": DeckWords(
            "赤城レッドサンズのFD",
            "高橋啓介のRX-7 FD。標準装備のターボと赤城レッドサンズを背に、ストレートで力を発揮する。",
        ),
    },
}
