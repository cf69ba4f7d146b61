"""Why an action text is not legal now, in the player's terms (the phase, the window, the rule and its id).

Two audiences:

- :func:`public_reason` — for ``game.parse`` (no seat is known): built only from what every seat sees (the
  phase, the windows, the field, the turn's gear cap, the printed cards), never from a hand, a deck or the
  legal actions of the seat to move. Whatever the hidden cards, the same text gets the same answer.
- :func:`reason_for_mover` — for ``state.apply(action, seat=…)`` when ``seat`` is to move: the public
  reason, else what only that seat may be told (the cards it holds), else None (the core then lists the
  seat's own legal actions).

Neither raises, whatever the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kansei.core.names import Names
from kansei.core.options import shorten

from .cards import ASSIST, EVENT, MACHINE, STEERING
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
_NAMES = Names()  # refusals name players by their seat's default name, in English

_ALIASES = {"go": "order", "procedure": "hand", "accept": "trigger"}
_MAIN_ONLY = ("call", "hand", "battle")
_TURN_ONLY = ("call", "attack", "run", "battle", "end", "hand", "center", "order")
_CLASS_TIP = "the center is of another class; only Steering stacks with anything"  # ST-T3a, ST-O2


class _Text:
    """An action text split into its kind and words (never raises)."""

    def __init__(self, text: str):
        self.shown = shorten(text)
        words = " ".join(text.split()).lower().split(" ")
        head = words[0] if words and words[0] else ""
        self.kind = _ALIASES.get(head, head)
        self.words = words[1:]

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


def _player(seat: int | None) -> str:
    """A player as a refusal names it, for any seat to read: "Player 2" (people count from 1)."""
    return _NAMES(seat)


def _a(word: str | None) -> str:
    return f"an {word}" if (word or "x")[0] in "aeiou" else f"a {word}"


def public_reason(state: StampedeState, text: str) -> str | None:
    """Why ``text`` is refused, from public information only (None: nothing specific to say)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    t = _Text(text)
    why = _why(state, t)
    return f"{t.shown!r}: {why}" if why else None


def reason_for_mover(state: StampedeState, text: str, seat: int) -> str | None:
    """Why ``text`` is refused, told to ``seat``, the seat to move: it may name that seat's own cards."""
    public = public_reason(state, text)
    if public is not None or not isinstance(text, str) or len(text) > MAX_TEXT:
        return public
    t = _Text(text)
    if t.kind in ("call", "assist", "event", "keeper", "hand", "center"):
        d = t.card(state)
        if d is not None:
            held = state.decks[seat] if t.kind == "center" else state.hands[seat]
            where = "deck" if t.kind == "center" else "hand"
            if not any(state.card_of[u].id == d.id for u in held):
                return f"{t.shown!r}: there is no {d.en} in your {where}"
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
            return f"{_player(who)} is choosing the targets of a triggered ability ('accept …' or 'decline')"
        if kind in _TURN_ONLY:
            return f"{_a(wk)} window is open: {_player(who)} must respond or pass first"  # ST-T6
        if kind == "keeper" and wk not in KEEPER_WINDOWS:
            return f"keepers are used only when you are about to lose; this is {_a(wk)} window"  # ST-K8
        if kind in ("trigger", "decline") and wk != W_CHOICE:
            return "no triggered ability is waiting for a choice"
        if kind in ("assist", "event", "use") and wk in KEEPER_WINDOWS:
            return f"only keepers answer {_a(wk)} window"  # ST-K8
        return _why_card(state, t, who)
    phase = state.phase
    if kind == "pass":
        return (
            f"no response window is open; {_player(who)} is in the {phase} phase "  # ST-T6
            "('battle' goes to battle, 'end' ends the turn)"
        )
    if kind == "keeper":
        return "keepers are used only when you are about to lose; no such window is open"  # ST-K8
    if kind in ("trigger", "decline"):
        return "no triggered ability is waiting for a choice"
    if kind in ("center", "order"):
        return "the race has started: set-up is over"  # ST-S1
    if kind in _MAIN_ONLY and phase != MAIN:
        return f"that is done in your main phase; this is the {phase} phase"  # ST-T3, ST-K4
    if kind in ("attack", "run", "end") and phase != BATTLE:
        return f"machines act in the battle phase; this is the {phase} phase ('battle' goes there)"  # ST-T4
    if kind == "call":
        return _why_call(state, t, who)
    if kind in ("attack", "run", "end"):
        return _why_battle(state, t, who)
    return _why_card(state, t, who)


def _why_setup(state: StampedeState, t: _Text, who: int | None) -> str | None:
    if state.phase == CHOOSE_CENTER:
        if t.kind != "center":
            return f"set-up: {_player(who)} is choosing a first machine ('center NAME')"  # ST-S1
        d = t.card(state)
        if d is None:
            return "name a gear-1 machine of your deck: 'center NAME'" if t.words else None
        if not can_start(d):
            return f"{d.en} is not a gear-1 machine that can be the first center"  # ST-S1
        return None
    if t.kind != "order":
        return f"set-up: {_player(who)} won rock-paper-scissors and chooses 'go first' or 'go second'"
    return None


def _why_call(state: StampedeState, t: _Text, who: int | None) -> str | None:
    """ST-T3: the reasons a call is refused that every seat can see (the hand aside)."""
    d = t.card(state)
    z = t.zone()
    if d is None or z < 0 or who is None:
        return "a call is 'call NAME L|C|R'" if d is None or z < 0 else None
    if d.kind != MACHINE:
        form = "assist NAME" if d.kind == ASSIST else "event NAME L|R"
        return f"{d.en} is not a machine: only machines are called ('{form}')"
    if d.gear > state.turn:
        return f"gear {d.gear} exceeds this turn's gear cap {state.turn}"  # ST-T3c
    c = state.center_def(who)
    if z == CENTER:
        if d.guest or d.demi_guest:
            return "a Guest or Demi-Guest cannot be called to the center"  # ST-K3, ST-K4
        if d.gear != c.gear + 1:
            return f"the center takes gear {c.gear + 1} next, not gear {d.gear}"  # ST-T3a
        if not (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING):
            return _CLASS_TIP
        return None
    if d.gear > c.gear:
        return f"side machines need gear ≤ the center's gear {c.gear}"  # ST-T3b
    if state.field[who * 3 + z] >= 0:
        return f"your {('left', 'center', 'right')[z]} zone is occupied"
    return None


def _why_battle(state: StampedeState, t: _Text, who: int | None) -> str | None:
    if who is None:
        return None
    if t.kind == "run" and state.obstructed(who):
        return "the opponent has a card with Obstruction on the field: no running"  # ST-K1
    if state.forced(who):
        return "a forced attack is on: every machine able to act must attack the center"  # 《進路妨害》
    if t.kind == "run":
        z = t.zone(0)
        if z >= 0:
            return _why_not_able(state, who, z) or _why_not_runner(state, who, z)
    if t.kind == "attack" and len(t.words) == 3 and t.words[1] == ">":
        zones = t.words[0].upper().split("+")
        target = t.zone(2)
        for letter in zones:
            if letter not in ("L", "C", "R"):
                return "an attack is 'attack L|C|R[+…] > L|C|R'"
            why = _why_not_able(state, who, ZONES.index(letter))
            if why:
                return why
        if target >= 0:
            u = state.field[(1 - who) * 3 + target]
            if u < 0:
                return "that opposing zone is empty"
            if state.obstructed(who) and not state.card_of[u].obstruction:
                return "only cards with Obstruction may be attacked"  # ST-K1
    return None


def _why_not_able(state: StampedeState, seat: int, z: int) -> str | None:
    u = state.field[seat * 3 + z]
    if u < 0 or state.card_of[u].kind != MACHINE:
        return f"your {('left', 'center', 'right')[z]} zone holds no machine"
    if state.tapped[seat * 3 + z]:
        return f"your {state.card_of[u].en} is tapped: it has acted"  # ST-T4
    return None


def _why_not_runner(state: StampedeState, seat: int, z: int) -> str | None:
    d = state.card_of[state.field[seat * 3 + z]]
    if d.guest:
        return f"{d.en} is a Guest: it never runs"  # ST-K3
    if d.demi_guest and z != CENTER:
        return f"{d.en} is a Demi-Guest: it runs only from the center"  # ST-K4
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
        return f"{d.en} is not {'an assist' if want == ASSIST else 'an event'}"
    if not state.usable(who, d):
        c = state.center_def(who)
        if d.gear > state.turn:
            return f"gear {d.gear} exceeds this turn's gear cap {state.turn}"  # ST-T3c
        if c.gear < d.gear:
            return f"{d.en} needs a center of gear {d.gear} or more; yours is gear {c.gear}"  # ST-T6
        return f"{d.en} needs a center of its class (Steering: any)"  # ST-T6, ST-O2
    if t.kind == "event":
        z = t.zone()
        if z == CENTER:
            return "events go to the left or right zone"  # ST-C3
        if z >= 0 and state.field[who * 3 + z] >= 0:
            return f"your {('left', 'center', 'right')[z]} zone is occupied"
    return None


__all__ = ["public_reason", "reason_for_mover"]
