"""Card Race Stampede!!: abilities and response windows (ST-T6, ST-K8).

Abilities are data (blocks compiled from content, :mod:`.blocks`): ``_ability_options`` lists the ways one
can be used now, ``_activate`` pays its costs and puts it on the stack, ``_resolve_ability`` runs its
effects. The windows of :mod:`kansei.core.windows` ask the seats in turn; this layer is their host
(``can_respond``, ``resolve``).

Whether a seat is asked depends only on what every seat can see: in an attack or run window a seat is
asked unless its hand is empty and nothing on its field can be used now; in a goal or deck-out window the
seat about to lose is asked unless its hand is empty. A seat holding only unusable cards is asked and its
only legal action is ``pass``. Public information ruling a seat out is logged (``no_response``).
"""

from __future__ import annotations

from typing import Any

from kansei.core.protocol import Action

from . import steps
from .cards import Ability
from .combat import Combat
from .state import (
    CENTER,
    W_DEAD_HEAT,
    W_GOAL,
    ZONES,
    AbilityItem,
)
from .table import CardDef

PASS = steps.PASS
DECLINE = steps.DECLINE


class Responses(Combat):
    __slots__ = ()

    # -- the window host ----------------------------------------------------------------------------
    def can_respond(self, seat: int, kind: str) -> bool:
        """Whether ``seat`` is asked in the open window of ``kind``: on public information only."""
        return steps.can_respond(self, self.race, seat, kind)

    def resolve(self, item: tuple[Any, ...]) -> None:
        steps.resolve(self, self.race, item)

    # -- legal responses (steps.window_actions lists them; these are the parts it asks the state for) -----
    def _window_actions(self) -> list[Action]:
        """The legal actions of the seat with priority in the innermost window."""
        return steps.window_actions(self, self.race)

    def _instant_actions(self, p: int, out: list[Action]) -> None:
        """ST-T6: the assists, events and activated abilities usable now by ``p``, onto ``out``."""
        steps.instant_actions(self, self.race, p, out)

    def _field_actions(self, p: int, out: list[Action]) -> None:
        """The activated abilities of ``p``'s cards on the field usable now, onto ``out``."""
        steps.field_actions(self, self.race, p, out)

    def _abilities_of(self, p: int, z: int, u: int, d: CardDef, out: list[Action]) -> None:
        """The ways to use the activated abilities of ``u`` (the card ``d``), in ``p``'s zone ``z``."""
        steps.abilities_of(self, self.race, p, z, u, d, out)

    def _keeper_actions(self, p: int, kind: str, out: list[Action]) -> None:
        """ST-K8: Goal Keeper (opponent about to reach the goal) and Requiem Keeper (any loss) from hand,
        onto ``out``."""
        if self.race.windows.data != p:
            return
        seen: set[int] = set()
        for u in self.race.hands[p]:
            d = self.race.card_of[u]
            if not d.keepers or d.id in seen:
                continue
            seen.add(d.id)
            if not self.usable(p, d):
                continue
            for ab in d.keepers if kind == W_GOAL else d.requiem_keeper:
                for ch in self._ability_options(p, u, ab):
                    out.append(self._act("keeper", d, 0, ab.index, ch))

    def _trigger_actions(self) -> list[Action]:
        seat, uid, ab_index = self.race.windows.data
        d = self.race.card_of[uid]
        ab = d.abilities[ab_index]
        out = [self._act("trigger", d, 0, ab.index, ch) for ch in self._ability_options(seat, uid, ab)]
        if ab.optional or not out:
            out.append(DECLINE)
        return out

    def _procedure_actions(self, p: int, u: int, d: CardDef, out: list[Action]) -> None:
        """ST-K4: the ways to use the procedure of the Demi-Guest ``u`` in ``p``'s hand (main phase)."""
        for ab in d.hand:
            for ch in self._ability_options(p, u, ab):
                out.append(self._act("hand", d, 0, ab.index, ch))

    # -- abilities ----------------------------------------------------------------------------------
    def _ability_options(self, seat: int, uid: int, ab: Ability) -> list[tuple[Any, ...]]:
        """The choice tuples (one entry per cost, then per effect) with which ``ab`` can be used now."""
        return steps.ability_options(self, seat, uid, ab)

    def _act(self, kind: str, d: CardDef, zone: int, ab_index: int, ch: tuple[Any, ...]) -> Action:
        """The (interned) action using ability ``ab_index`` of card ``d`` in the way ``ch``."""
        return steps.act(self, kind, d, zone, ab_index, ch)

    def _notation(self, kind: str, d: CardDef, zone: int, ab_index: int, ch: tuple[Any, ...]) -> str:
        ab = d.abilities[ab_index]
        words = []
        for blk, c in zip(ab.blocks, ch, strict=True):
            if c is not None:
                words.append(blk.impl.label(blk.p, self.game.table, c))
        tail = (" " + " ".join(words)) if words else ""
        if kind == "use":
            n = sum(1 for a in d.abilities if a.trigger == "activated")
            k = f"#{ab_index + 1}" if n > 1 else ""
            return f"use {d.slug}@{ZONES[zone]}{k}{tail}"
        if kind == "hand":
            return f"procedure {d.slug}{tail}"
        if kind == "trigger":
            return f"accept{tail}"
        if kind == "keeper":
            k = f"#{ab_index + 1}" if len(d.keepers) > 1 else ""
            return f"keeper {d.slug}{k}{tail}"
        return f"assist {d.slug}{tail}"

    def _activate(self, p: int, kind: str, args: tuple[Any, ...]) -> None:
        """Use an ability: pay its costs now, put it on the stack (a response inside a window)."""
        steps.activate(self, self.race, p, kind, args)

    def _resolve_ability(self, item: AbilityItem) -> None:
        steps.resolve_ability(self, self.race, item)

    def _trigger(self, p: int, uid: int, ab: Ability) -> None:
        """A triggered ability: resolve at once when there is nothing to choose, else ask its owner."""
        steps.trigger(self, self.race, p, uid, ab)

    def _on_enter(self, p: int, u: int) -> None:
        steps.on_enter(self, self.race, p, u)

    # -- cards entering the field -------------------------------------------------------------------
    def _place_event(self, p: int, cid: int, z: int) -> None:
        steps.place_event(self, self.race, p, cid, z)

    def enter_center(self, p: int, u: int) -> None:
        """ST-K4: a Demi-Guest's procedure puts it on top of the center."""
        old = self.center_def(p).gear
        self.race.own_hands()[p].remove(u)
        self.left_hand(p, u)
        self.race.own_centers()[p].append(u)
        self.race.field[p * 3 + CENTER] = u
        self.race.tapped[p * 3 + CENTER] = False
        height = len(self.race.centers[p])
        self.log("call", seat=p, card=self.race.card_of[u].en, zone="C", height=height, procedure=True)
        self._center_changed(p, old)
        self._on_enter(p, u)

    def _take_from_hand(self, p: int, cid: int) -> int:
        return steps.take_from_hand(self.race, p, cid)


__all__ = ["DECLINE", "PASS", "Responses", "W_DEAD_HEAT"]
