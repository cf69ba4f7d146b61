"""Why an Initial D action is refused: two audiences, two functions, in the language asked.

- :func:`public_refusal` (``game.parse``, and ``apply`` without a seat) may be read by any seat, so it is
  built only from what every seat sees: the phase, the maneuver being paid for, the cars' public ratings,
  the last maneuver, hand *sizes*, and the card's printed requirements. It never depends on what the hand
  of the seat to move holds.
- :func:`why_illegal` answers the seat to move about its own action (an Action refused by ``apply(action,
  seat=…)``): it may name that seat's cards (``you hold no Pure Power``, the hand-order rule of its
  discards). A *text* is read by ``game.parse`` first, which has no seat and so answers publicly; the core
  does not hand parse's refusals on to ``_why_illegal`` (yet).

Neither raises on any text, names a seat by number or carries a rule id (``Game.move_rules`` has those).
Their sentences are ``lang.py``'s; the core's hooks (``parse``, ``State._why_illegal``) carry no language
yet, so they are told in English there, and in any language the game has where a caller passes ``lang``.
The shortfalls and special requirements here are shared with ``text.py`` (menu lines, reasons).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kansei.core.options import shorten

from .cards import MANEUVER_TYPES, Maneuver
from .lang import has, plural, tr
from .rules import discards_needed, shortfall
from .table import KEEP, LEAD, MAX_NEED, PAY, PLAY, TRAIL, Table

if TYPE_CHECKING:  # pragma: no cover
    from .state import InitialDState

_STATS = ("power", "traction", "style")


def read(state: InitialDState, text: str) -> tuple[str, int | None, int, str]:
    """``'play tight-twin-drift discard 2'`` -> ("play", card id, 2, "tight-twin-drift"). The verb is ""
    for a text that is no Initial D action; the card id None for a name that is no card."""
    words = " ".join(text.split()).lower().split(" ")
    verb = words[0]
    if verb in ("pass", "keep"):
        return (verb, None, 0, "") if len(words) == 1 else ("", None, 0, "")
    if verb not in ("play", "discard") or len(words) < 2:
        return "", None, 0, ""
    rest = words[1:]
    n = 0
    if verb == "play" and len(rest) >= 3 and rest[-2] == "discard":
        digits = rest[-1]
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
            return "", None, 0, ""
        n, rest = int(digits), rest[:-2]
    name = " ".join(rest)
    return verb, state.game.table.find(name), n, name


# ------------------------------------------------------------------------------------------ names
def card_name(t: Table, name: str, lang: str) -> str:
    """A card the view or an event names (by its English name) in ``lang``; anything else as written."""
    if lang == "en":
        return name
    cid = t.find(name)
    return t.cards[cid].rec.name_in(lang) if cid is not None else name


def local_names(t: Table, who: Iterable[str], lang: str) -> list[str]:
    """What a card is "only used by" (cards, traits, drivetrains) by their names in ``lang``."""
    if lang == "en":
        return list(who)
    out = []
    for x in who:
        cid = t.find(x)
        if cid is not None:
            out.append(t.cards[cid].rec.name_in(lang))
        elif has(lang, f"trait_{x}"):
            out.append(tr(lang, f"trait_{x}"))
        else:
            out.append(x)
    return out


def _stat(lang: str, s: int) -> str:
    return tr(lang, f"stat_{_STATS[s]}")


def _mod(lang: str, name: str) -> str:
    return tr(lang, f"mod_{name}") if has(lang, f"mod_{name}") else name


# ------------------------------------------------------------------------------------------ reasons
def shortfall_text(state: InitialDState, p: int, cid: int, lang: str = "en") -> str:
    """'Traction 6 of 8: 2 short; speed counter 7 against Pure Power's strength 8: 1 short' (public)."""
    r = state.race
    cards = state.game.table.cards
    d = cards[cid]
    req, ctr = shortfall(r, p, cid)
    out = []
    if d.req_stat >= 0:
        have = r.stat(p, d.req_stat)
        name = _stat(lang, d.req_stat)
        if req:
            out.append(tr(lang, "s_req_short", stat=name, have=have, need=d.req_val, short=req))
        else:
            out.append(tr(lang, "s_req_met", stat=name, have=have, need=d.req_val))
    if r.last >= 0:
        last = cards[r.last]
        mt = MANEUVER_TYPES[last.mtype]
        text = tr(
            lang,
            "s_ctr",
            type=tr(lang, f"type_{mt}"),
            counter=d.counter[last.mtype],
            card=last.rec.name_in(lang),
            strength=last.strength[r.stages[r.stage_no]],
        )
        out.append(tr(lang, "s_ctr_short", text=text, short=ctr) if ctr else tr(lang, "s_ctr_met", text=text))
    return tr(lang, "s_join").join(out) or tr(lang, "s_none")


def special_problem(state: InitialDState, p: int, cid: int, lang: str = "en") -> str | None:
    """Why seat ``p``'s car and mods do not meet maneuver ``cid``'s static special requirement (ID-C4:
    drivetrain, a mod type, "only used by"); None: they do. As ``Side.special_problem``, in words."""
    d = state.game.table.cards[cid]
    side = state.race.sides[p]
    if side.special_problem(d) is None:
        return None
    rec = d.rec
    assert isinstance(rec, Maneuver)
    name = rec.name_in(lang)
    if d.drivetrains is not None and side.drivetrain not in d.drivetrains:
        return tr(
            lang,
            "u_drivetrain",
            card=name,
            drivetrains=tr(lang, "or").join(rec.drivetrain),
            drivetrain=side.drivetrain,
        )
    if d.needs_mod is not None and d.needs_mod not in side.mod_types:
        return tr(lang, "u_mod", card=name, mod=_mod(lang, d.needs_mod))
    who = tr(lang, "comma").join(local_names(state.game.table, rec.only_used_by, lang))
    return tr(lang, "u_only", card=name, who=who)


def position_text(state: InitialDState, p: int, cid: int, lang: str = "en") -> str | None:
    """Why seat ``p`` cannot play ``cid`` in its position this stage (ID-C4: lead or trailing car only),
    told publicly ("the player to move"); None: it may."""
    r = state.race
    d = state.game.table.cards[cid]
    if d.position == LEAD and p != r.lead:
        return tr(lang, "r_lead", card=d.rec.name_in(lang))
    if d.position == TRAIL and p == r.lead:
        return tr(lang, "r_trailing", card=d.rec.name_in(lang))
    return None


def _phase_problem(state: InitialDState, verb: str, shown: str, lang: str) -> str | None:
    """The phase forbids this kind of action (public)."""
    r = state.race
    cards = state.game.table.cards
    if r.phase == PAY and verb != "discard":
        left = plural(lang, "more_discard", r.need)
        return tr(lang, "r_pay_first", shown=shown, left=left, card=cards[r.pending].rec.name_in(lang))
    if r.phase == KEEP and verb in ("play", "pass"):
        return tr(lang, "r_stage_over", shown=shown)
    if r.phase == PLAY and verb == "discard":
        return tr(lang, "r_nothing_to_pay", shown=shown)
    if r.phase == PLAY and verb == "keep":
        return tr(lang, "r_keep_winner", shown=shown)
    return None


def _play_problem(state: InitialDState, cid: int, n: int, shown: str, others: int, lang: str) -> str | None:
    """What keeps maneuver ``cid`` from being played with ``n`` discards, from public facts: special
    requirements, position, the discard count and whether ``others`` cards could pay for it."""
    p = state.race.turn
    d = state.game.table.cards[cid]
    why = special_problem(state, p, cid, lang) or position_text(state, p, cid, lang)
    if why:
        return tr(lang, "r_why", shown=shown, why=why)
    need = discards_needed(state.race, p, cid)
    parts = shortfall_text(state, p, cid, lang)
    name = d.rec.name_in(lang)
    if need > others:
        return tr(
            lang,
            "r_needs",
            shown=shown,
            card=name,
            discards=plural(lang, "discard", need),
            why=parts,
            others=plural(lang, "other_card", others),
        )
    if n != need and need <= MAX_NEED:
        return tr(
            lang,
            "r_exactly",
            shown=shown,
            card=name,
            discards=plural(lang, "discard", need),
            why=parts,
            notation=d.plays[need].notation,
        )
    return None


def _unknown(state: InitialDState, name: str, shown: str, lang: str) -> str:
    """'…: card "X": no such Initial D card — did you mean "Y"?' (the catalog's own suggestion)."""
    cat = state.game.table.catalog
    near = difflib.get_close_matches(name.lower(), [c.name.lower() for c in cat.all_cards()], n=1)
    hit = cat.find(near[0]) if near else None
    hint = tr(lang, "r_hint", card=hit.name_in(lang)) if hit is not None else ""
    return tr(lang, "r_unknown", shown=shown, name=shorten(name, 60), hint=hint)


def public_refusal(state: InitialDState, text: str, lang: str = "en") -> str:
    """Why ``text`` is refused, told from what every seat sees (see the module docstring)."""
    r = state.race
    shown = repr(shorten(text))
    verb, cid, n, name = read(state, text)
    if not verb:
        return tr(lang, "r_not_action", shown=shown, verbs=tr(lang, "r_verbs"))
    cards = state.game.table.cards
    if verb in ("play", "discard") and cid is None:
        return _unknown(state, name, shown, lang)
    if cid is not None and cards[cid].kind != "maneuver":
        d = cards[cid]
        return tr(
            lang, "r_not_maneuver", shown=shown, card=d.rec.name_in(lang), kind=tr(lang, f"kind_{d.kind}")
        )
    why = _phase_problem(state, verb, shown, lang)
    if why:
        return why
    if verb == "play" and cid is not None:
        # the hand size is public; whether this card is in it is not, so count it as held
        why = _play_problem(state, cid, n, shown, len(r.hands[r.turn]) - 1, lang)
        if why:
            return why
    return tr(lang, "r_not_legal", shown=shown)


def why_illegal(state: InitialDState, text: str, seat: int, lang: str = "en") -> str | None:
    """Why ``text`` is refused, told to ``seat``, the seat to move (it may name that seat's own cards)."""
    r = state.race
    if state.is_over or seat != r.turn:
        return None
    shown = repr(shorten(text))
    verb, cid, n, _ = read(state, text)
    if not verb or (verb in ("play", "discard") and cid is None):
        return public_refusal(state, text, lang)
    cards = state.game.table.cards
    if cid is not None and cards[cid].kind != "maneuver":
        return public_refusal(state, text, lang)
    hand = r.hands[seat]
    if cid is not None and cid not in hand and verb in ("play", "discard"):
        return tr(lang, "r_not_held", shown=shown, card=cards[cid].rec.name_in(lang))
    why = _phase_problem(state, verb, shown, lang)
    if why:
        return why
    if verb == "discard" and r.phase in (PAY, KEEP):
        if r.phase == PAY:
            pending = cards[r.pending].rec.name_in(lang)
            return tr(lang, "r_order_pay", shown=shown, n=r.need, card=pending)
        return tr(lang, "r_order", shown=shown)
    if verb == "play" and cid is not None:
        return _play_problem(state, cid, n, shown, len(hand) - 1, lang)
    return None
