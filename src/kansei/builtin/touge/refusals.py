"""Why an action is refused (``State._why_illegal``), told to the seat to move: the phase, its own hand, the
spent ability. Reads only the text's words and what that seat may see; never raises. The sentences are
:mod:`.lang`'s (``r_…``); the core asks for a refusal without a language, so the state's hook says it in
English, and ``refusal(state, text, lang)`` in any language the game has."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.options import shorten

from .lang import WORDS, tr
from .table import ROAD, TUNE

if TYPE_CHECKING:  # pragma: no cover
    from .state import TougeState
    from .table import CardDef


def refusal(s: TougeState, text: str, lang: str = "en") -> str:
    """Why ``text`` is not legal, told to the seat to move (its own hand may be named). Reads only the
    text's words; never raises."""
    phase = s.phase
    key = f"r_phase_{phase}"
    here = tr(lang, key) if WORDS.has(lang, key) else phase
    why = _refusal(s, text.split(), phase, here, lang)
    if why:
        return why
    hint = f"r_hint_{phase}"
    return tr(
        lang,
        "r_generic",
        text=repr(shorten(text, 40)),
        phase=here,
        hint=tr(lang, hint if WORDS.has(lang, hint) else "r_hint_wait"),
    )


def _refusal(s: TougeState, words: list[str], phase: str, here: str, lang: str) -> str | None:
    if phase == "nullify":
        tiles = shorten(tr(lang, "comma").join(str(i + 1) for i in s.nullify_candidates()), 60)
        return tr(lang, "r_nullify", tiles=tiles)
    if not words:
        return None
    kind, rest = words[0].lower(), words[1:]
    if kind == "road":
        if phase != "build":
            return tr(lang, "r_road_phase", phase=here)
        return _hand_card(s, rest, ROAD, lang)
    if kind == "tune":
        if phase != "tune":
            return tr(lang, "r_tune_phase", phase=here)
        return _tune_refusal(s, rest, lang)
    if kind == "ability":
        if s.ability_used[s.turn]:
            return tr(lang, "r_ability_spent")
        return tr(lang, "r_ability_phase", phase=here)
    if kind == "redraw":
        if phase != "redraw":
            return tr(lang, "r_redraw_phase", phase=here)
        if s.redraws_left[s.turn] <= 0:
            return tr(lang, "r_no_redraws")
        return _hand_card(s, rest, "", lang)
    if kind == "done" and phase != "redraw":
        return tr(lang, "r_done", phase=here)
    if kind == "pass" and phase == "redraw":
        return tr(lang, "r_pass_redraw")
    return None


def _name(d: CardDef, lang: str) -> str:
    return d.rec.name_in(lang)


def _hand_card(s: TougeState, rest: list[str], kind: str, lang: str) -> str | None:
    """Why the card named by ``rest`` cannot be laid (``kind`` road), played (tune) or put back (any)."""
    t = s.game.table
    name = " ".join(rest)
    what = {ROAD: "road", TUNE: "tune"}.get(kind, "card")
    if not name:
        return tr(lang, f"r_name_{what}")
    cid = t.find(name)
    if cid is None:
        return tr(lang, "r_unknown", name=repr(shorten(name, 40)))
    d = t.cards[cid]
    if kind and d.kind != kind:
        return tr(lang, f"r_not_{what}", card=_name(d, lang))
    if cid not in s.hands[s.turn]:
        return tr(lang, "r_not_held", card=_name(d, lang))
    return None


def _tune_refusal(s: TougeState, rest: list[str], lang: str) -> str | None:
    t = s.game.table
    tile_word = rest[-1] if rest and rest[-1].startswith("@") else None
    names = rest[:-1] if tile_word else rest
    why = _hand_card(s, names, TUNE, lang)
    if why:
        return why
    cid = t.find(" ".join(names))
    if cid is None:
        return None
    d = t.cards[cid]
    if d.tile_road is None:
        return tr(lang, "r_whole", card=_name(d, lang), slug=d.slug) if tile_word else None
    if tile_word is None:
        return tr(lang, "r_needs_tile", card=_name(d, lang), slug=d.slug)
    digits = tile_word[1:]
    n = len(s.course)
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 4) or not 1 <= int(digits) <= n:
        return WORDS.plural(lang, "r_tiles", n) if n else tr(lang, "u_course_empty")
    tile = int(digits) - 1
    rtype = t.cards[s.course[tile][1]].rtype
    if d.tile_road >= 0 and d.tile_road != rtype:
        return tr(lang, "r_wrong_C" if d.tile_road == 0 else "r_wrong_S", card=_name(d, lang), tile=tile + 1)
    return None
