"""Why an action text is not legal now, in the player's terms (the phase, the window, the rule and its id).

Two audiences:

- :func:`public_reason` — for ``game.parse`` (no seat is known): built only from what every seat sees (the
  phase, the windows, the field, the turn's gear cap, the printed cards), never from a hand, a deck or the
  legal actions of the seat to move. Whatever the hidden cards, the same text gets the same answer.
- :func:`reason_for_mover` — for ``state.apply(action, seat=…)`` when ``seat`` is to move: the public
  reason, else what only that seat may be told (the cards it holds), else None (the core then lists the
  seat's own legal actions).

Neither raises, whatever the text. Both answer in English unless given another language of the game
(``lang``): the core asks without one (``Game.parse``, ``State._why_illegal``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.names import Names
from kansei.core.options import shorten

from .cards import ASSIST, EVENT, MACHINE, STEERING
from .lang import WORDS
from .state import (
    BATTLE,
    CENTER,
    CHOOSE_CENTER,
    KEEPER_WINDOWS,
    MAIN,
    SETUP_PHASES,
    W_CHOICE,
    ZONES,
)
from .table import CardDef, can_start

if TYPE_CHECKING:  # pragma: no cover
    from .rules import StampedeState

MAX_TEXT = 200  # longer texts are not read

_ALIASES = {"go": "order", "procedure": "hand", "accept": "trigger"}
_MAIN_ONLY = ("call", "hand", "battle")
_TURN_ONLY = ("call", "attack", "run", "battle", "end", "hand", "center", "order")


class _Text:
    """An action text split into its kind and words (never raises), and the language to answer in."""

    def __init__(self, text: str, lang: str = "en"):
        self.shown = shorten(text)
        words = " ".join(text.split()).lower().split(" ")
        head = words[0] if words and words[0] else ""
        self.kind = _ALIASES.get(head, head)
        self.words = words[1:]
        self.lang = lang

    def card(self, state: StampedeState) -> CardDef | None:
        """The card named by the second word (a slug, possibly with ``@zone`` or ``#n``)."""
        if not self.words:
            return None
        name = self.words[0].split("@", 1)[0].split("#", 1)[0]
        cid = state.game.table.find(name) if name else None
        return None if cid is None else state.game.table.cards[cid]

    def zone(self, index: int = 1) -> int:
        """The zone letter at word ``index`` (-1 if there is none)."""
        if len(self.words) > index and self.words[index].upper() in ("L", "C", "R"):
            return ZONES.index(self.words[index].upper())
        return -1

    def say(self, key: str, **fields: object) -> str:
        """The sentence ``key`` in this text's language."""
        return WORDS.tr(self.lang, key, **fields)

    def player(self, seat: int | None) -> str:
        """A player as a refusal names it, for any seat to read: "Player 2" (people count from 1)."""
        return Names(lang=self.lang)(seat)

    def name(self, d: CardDef) -> str:
        return d.label(self.lang)

    def a_window(self, kind: str | None) -> str:
        """ "an attack window": the window's kind with its article, as the sentence that names it needs."""
        key = f"r_a_{kind}"
        if key in WORDS.reference:
            return self.say(key)
        return f"an {kind}" if (kind or "x")[0] in "aeiou" else f"a {kind}"

    def phase(self, phase: str) -> str:
        key = f"phase_{phase}"
        return self.say(key) if key in WORDS.reference else phase

    def zone_word(self, z: int) -> str:
        return self.say(f"r_zone_{ZONES[z]}")


def public_reason(state: StampedeState, text: str, lang: str = "en") -> str | None:
    """Why ``text`` is refused, from public information only (None: nothing specific to say)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    t = _Text(text, lang)
    why = _why(state, t)
    return t.say("r_refused", text=t.shown, why=why) if why else None


def reason_for_mover(state: StampedeState, text: str, seat: int, lang: str = "en") -> str | None:
    """Why ``text`` is refused, told to ``seat``, the seat to move: it may name that seat's own cards."""
    public = public_reason(state, text, lang)
    if public is not None or not isinstance(text, str) or len(text) > MAX_TEXT:
        return public
    t = _Text(text, lang)
    if t.kind in ("call", "assist", "event", "keeper", "hand", "center"):
        d = t.card(state)
        if d is not None:
            held = state.decks[seat] if t.kind == "center" else state.hands[seat]
            where = t.say("r_deck" if t.kind == "center" else "r_hand")
            if not any(state.card_of[u].id == d.id for u in held):
                why = t.say("r_not_held", card=t.name(d), where=where)
                return t.say("r_refused", text=t.shown, why=why)
    return None


def _why(state: StampedeState, t: _Text) -> str | None:
    kind = t.kind
    who = state.to_move
    if state.phase in SETUP_PHASES:
        return _why_setup(state, t, who)
    windows = state.windows
    if windows.frames:
        wk = windows.kind
        if wk == W_CHOICE and kind not in ("trigger", "decline"):
            return t.say("r_choosing", who=t.player(who))
        if kind in _TURN_ONLY:
            return t.say("r_window_open", a_window=t.a_window(wk), who=t.player(who))  # ST-T6
        if kind == "keeper" and wk not in KEEPER_WINDOWS:
            return t.say("r_keeper_window", a_window=t.a_window(wk))  # ST-K8
        if kind in ("trigger", "decline") and wk != W_CHOICE:
            return t.say("r_no_trigger")
        if kind in ("assist", "event", "use") and wk in KEEPER_WINDOWS:
            return t.say("r_only_keepers", a_window=t.a_window(wk))  # ST-K8
        return _why_card(state, t, who)
    phase = state.phase
    if kind == "pass":
        return t.say("r_no_window", who=t.player(who), phase=t.phase(phase))  # ST-T6
    if kind == "keeper":
        return t.say("r_keeper_none")  # ST-K8
    if kind in ("trigger", "decline"):
        return t.say("r_no_trigger")
    if kind in ("center", "order"):
        return t.say("r_started")  # ST-S1
    if kind in _MAIN_ONLY and phase != MAIN:
        return t.say("r_main_only", phase=t.phase(phase))  # ST-T3, ST-K4
    if kind in ("attack", "run", "end") and phase != BATTLE:
        return t.say("r_battle_only", phase=t.phase(phase))  # ST-T4
    if kind == "call":
        return _why_call(state, t, who)
    if kind in ("attack", "run", "end"):
        return _why_battle(state, t, who)
    return _why_card(state, t, who)


def _why_setup(state: StampedeState, t: _Text, who: int | None) -> str | None:
    if state.phase == CHOOSE_CENTER:
        if t.kind != "center":
            return t.say("r_choosing_center", who=t.player(who))  # ST-S1
        d = t.card(state)
        if d is None:
            return t.say("r_name_center") if t.words else None
        if not can_start(d):
            return t.say("r_not_starter", card=t.name(d))  # ST-S1
        return None
    if t.kind != "order":
        return t.say("r_rps", who=t.player(who))
    return None


def _why_call(state: StampedeState, t: _Text, who: int | None) -> str | None:
    """ST-T3: the reasons a call is refused that every seat can see (the hand aside)."""
    d = t.card(state)
    z = t.zone()
    if d is None or z < 0 or who is None:
        return t.say("r_call_form") if d is None or z < 0 else None
    if d.kind != MACHINE:
        form = "assist NAME" if d.kind == ASSIST else "event NAME L|R"
        return t.say("r_not_machine", card=t.name(d), form=form)
    if d.gear > state.turn:
        return t.say("r_cap", gear=d.gear, cap=state.turn)  # ST-T3c
    c = state.center_def(who)
    if z == CENTER:
        if d.guest or d.demi_guest:
            return t.say("r_guest_center")  # ST-K3, ST-K4
        if d.gear != c.gear + 1:
            return t.say("r_center_next", next=c.gear + 1, gear=d.gear)  # ST-T3a
        if not (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING):
            return t.say("r_class")  # ST-T3a, ST-O2
        return None
    if d.gear > c.gear:
        return t.say("r_side_gear", gear=c.gear)  # ST-T3b
    if state.field[who * 3 + z] >= 0:
        return t.say("r_occupied", zone=t.zone_word(z))
    return None


def _why_battle(state: StampedeState, t: _Text, who: int | None) -> str | None:
    if who is None:
        return None
    if t.kind == "run" and state.obstructed(who):
        return t.say("r_obstructed_run")  # ST-K1
    if state.forced(who):
        return t.say("r_forced")  # 《進路妨害》
    if t.kind == "run":
        z = t.zone(0)
        if z >= 0:
            return _why_not_able(state, t, who, z) or _why_not_runner(state, t, who, z)
    if t.kind == "attack" and len(t.words) == 3 and t.words[1] == ">":
        zones = t.words[0].upper().split("+")
        target = t.zone(2)
        for letter in zones:
            if letter not in ("L", "C", "R"):
                return t.say("r_attack_form")
            why = _why_not_able(state, t, who, ZONES.index(letter))
            if why:
                return why
        if target >= 0:
            u = state.field[(1 - who) * 3 + target]
            if u < 0:
                return t.say("r_empty_target")
            if state.obstructed(who) and not state.card_of[u].obstruction:
                return t.say("r_obstruction_only")  # ST-K1
    return None


def _why_not_able(state: StampedeState, t: _Text, seat: int, z: int) -> str | None:
    u = state.field[seat * 3 + z]
    if u < 0 or state.card_of[u].kind != MACHINE:
        return t.say("r_no_machine", zone=t.zone_word(z))
    if state.tapped[seat * 3 + z]:
        return t.say("r_tapped", card=t.name(state.card_of[u]))  # ST-T4
    return None


def _why_not_runner(state: StampedeState, t: _Text, seat: int, z: int) -> str | None:
    d = state.card_of[state.field[seat * 3 + z]]
    if d.guest:
        return t.say("r_guest_runs", card=t.name(d))  # ST-K3
    if d.demi_guest and z != CENTER:
        return t.say("r_demi_guest_runs", card=t.name(d))  # ST-K4
    return None


def _why_card(state: StampedeState, t: _Text, who: int | None) -> str | None:
    """Assists, events and keepers: the center's class and gear, the gear cap (ST-T6)."""
    if t.kind not in ("assist", "event", "keeper") or who is None:
        return None
    d = t.card(state)
    if d is None:
        return None
    want = {"assist": ASSIST, "event": EVENT}.get(t.kind)
    if want is not None and d.kind != want:
        return t.say("r_not_assist" if want == ASSIST else "r_not_event", card=t.name(d))
    if not state.usable(who, d):
        c = state.center_def(who)
        if d.gear > state.turn:
            return t.say("r_cap", gear=d.gear, cap=state.turn)  # ST-T3c
        if c.gear < d.gear:
            return t.say("r_needs_gear", card=t.name(d), gear=d.gear, center=c.gear)  # ST-T6
        return t.say("r_needs_class", card=t.name(d))  # ST-T6, ST-O2
    if t.kind == "event":
        z = t.zone()
        if z == CENTER:
            return t.say("r_event_zone")  # ST-C3
        if z >= 0 and state.field[who * 3 + z] >= 0:
            return t.say("r_occupied", zone=t.zone_word(z))
    return None


__all__ = ["public_reason", "reason_for_mover"]
