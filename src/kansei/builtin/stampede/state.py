"""Card Race Stampede!!: the state as the protocol sees it — views, copies, hidden information.

:class:`StampedeState` is the last layer (``Board`` ← ``Combat`` ← ``Responses`` ← ``SetUp`` ← ``Turns``
← this): what a seat may see (``view``), everything (``reveal``), copies for search (``clone``,
``_resample``), how an action is told to the others (``_public_notation``) and why one is refused.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from kansei.core.protocol import Action

from .board import CENTER, SETUP_PHASES, ZONES, AbilityItem, AttackItem, DeadHeatItem, PlacedItem, RunItem
from .cards import KINDS, MACHINE, can_start
from .refusals import reason_for_mover
from .turns import Turns

FACE_DOWN_CENTER = "set a card face down as the first center"


class StampedeState(Turns):
    __slots__ = ()

    # -- what a seat is told --------------------------------------------------------------------------
    def _public_notation(self, action: Action) -> str:
        """ST-S1: the first machine is set face down; the others learn only that a card was set."""
        return FACE_DOWN_CENTER if action.kind == "center" else action.notation

    def _why_illegal(self, text: str, seat: int) -> str | None:
        return reason_for_mover(self, text, seat)

    def _zone_view(self, p: int, z: int, hidden: bool) -> dict[str, Any] | None:
        u = self.field[p * 3 + z]
        if u < 0:
            return None
        if hidden:
            return {"face_down": True, "height": len(self.centers[p])}
        d = self.card_of[u]
        v: dict[str, Any] = {
            "name": d.name,
            "en": d.en,
            "kind": KINDS[d.kind],
            "gear": d.gear,
            "class": d.rec.class_,
            "tapped": self.tapped[p * 3 + z],
        }
        if d.kind == MACHINE:
            v["pow"] = self.pow_of(u)
            v["def"] = self.def_of(u)
            v["double_action_used"] = u in self.double_action_used
        else:
            v["hp"] = d.hp - self.damage.get(u, 0)
            v["max_hp"] = d.hp
        if z == CENTER:
            v["height"] = len(self.centers[p])
            v["stack"] = [self.card_of[x].en for x in self.centers[p]]
        return v

    def _item_view(self, it: tuple[Any, ...]) -> dict[str, Any]:
        """A pending item as public names (responses are face up)."""
        card_of = self.card_of
        v: dict[str, Any] = {"kind": it[0]}
        if isinstance(it, AttackItem):
            v |= {
                "seat": it.seat,
                "attackers": [card_of[u].en for _, u in it.attackers],
                "target": card_of[it.target].en,
                "target_zone": ZONES[it.target_zone],
            }
        elif isinstance(it, RunItem):
            v |= {"seat": it.seat, "card": card_of[it.uid].en, "gear": card_of[it.uid].gear}
        elif isinstance(it, AbilityItem):
            v |= {"seat": it.seat, "card": card_of[it.uid].en, "ability": it.ability}
        elif isinstance(it, DeadHeatItem):
            v |= {"seat": it.seat, "card": card_of[it.uid].en, "by": it.by}
        elif isinstance(it, PlacedItem):
            v |= {"seat": it.seat, "card": card_of[it.uid].en}
        elif it[0] == "fizzled":
            v |= {"what": it[1], "seat": it[2]}
        else:  # goal, deckout
            v["seat"] = it[1]
        return v

    def view(self, seat: int | None) -> dict[str, Any]:
        setup = self.phase in SETUP_PHASES
        players = []
        for p in (0, 1):
            hidden_center = setup and p != seat
            pv: dict[str, Any] = {
                "seat": p,
                "distance": self.distance[p],
                "zones": {ZONES[z]: self._zone_view(p, z, hidden_center and z == CENTER) for z in (0, 1, 2)},
                "hand_count": len(self.hands[p]),
                "deck_count": len(self.decks[p]),
                "discard": [self.card_of[u].en for u in self.discard[p]],
                "tune": [],  # ST-F1 ruling: shown, always empty
                "forcing": bool(self.forcing_until[p]),
            }
            if p == seat and not setup:  # ST-S1: the hands are looked at once set-up is over
                pv["hand"] = sorted(self.card_of[u].en for u in self.hands[p])
            players.append(pv)
        windows = self.windows
        return {
            "game": "stampede",
            "phase": self.phase,
            "turn": self.turn,
            "gear_cap": self.turn,
            "active": self.active,
            "first": self.first,
            "to_move": self.to_move,
            "players": players,
            "windows": (
                {
                    "frames": [
                        {"kind": f.kind, "priority": f.priority, "resolving": f.resolving}
                        for f in windows.frames
                    ],
                    "items": [self._item_view(it) for it in windows.items],
                }
                if windows.frames
                else None
            ),
            "you": seat,
            "over": self.over,
            "winner": self.win,
            "reason": self.reason,
        }

    def reveal(self) -> dict[str, Any]:
        v = self.view(None)
        card_of = self.card_of
        for p in (0, 1):
            v["players"][p]["hand"] = [card_of[u].en for u in self.hands[p]]
            v["players"][p]["deck"] = [card_of[u].en for u in reversed(self.decks[p])]
            v["players"][p]["zones"]["C"] = self._zone_view(p, CENTER, False)
        v["mods"] = [[card_of[m.uid].en, m.pow, m.def_, int(m.lasting)] for m in self.stat_mods]
        v["force"] = list(self.forcing_until)
        v["leader"] = self.leader
        v["rng"] = self.rng.s
        v["rps_winner"] = self.rps_winner
        v["used"] = len(self.used_this_turn)
        return v

    def census(self) -> dict[int, Counter[Any]]:
        out: dict[int, Counter[Any]] = {}
        card_of = self.card_of
        plan = self.pending_setup
        for p in (0, 1):
            c: Counter[Any] = Counter()
            zones = [self.decks[p], self.hands[p], self.discard[p], self.centers[p]]
            if plan is not None:  # a scenario's cards wait outside the decks until set-up ends
                zones += [plan.stacks[p], [u for _, u in plan.sides[p]], plan.hands[p]]
                zones += [plan.discard[p], plan.order[p]]
            for zone in zones:
                for u in zone:
                    c[card_of[u].id] += 1
            for z in (0, 2):
                u = self.field[p * 3 + z]
                if u >= 0:
                    c[card_of[u].id] += 1
            out[p] = c
        return out

    # -- copies -------------------------------------------------------------------------------------
    def clone(self) -> StampedeState:
        s = StampedeState.__new__(StampedeState)
        self._copy_base(s)
        s.card_of = self.card_of
        s.seat1_start = self.seat1_start
        s.decks = [self.decks[0][:], self.decks[1][:]]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.discard = [self.discard[0][:], self.discard[1][:]]
        s.centers = [self.centers[0][:], self.centers[1][:]]
        s.field = self.field[:]
        s.tapped = self.tapped[:]
        s.damage = self.damage.copy() if self.damage else {}
        s.stat_mods = self.stat_mods[:] if self.stat_mods else []
        s.distance = self.distance[:]
        s.turn = self.turn
        s.start_turn = self.start_turn
        s.active = self.active
        s.first = self.first
        s.phase = self.phase
        s.double_action_used = self.double_action_used[:] if self.double_action_used else []
        s.used_this_turn = self.used_this_turn[:] if self.used_this_turn else []
        s.forcing_until = self.forcing_until[:]
        s.force_lift = self.force_lift[:]
        s.leader = self.leader
        s.over = self.over
        s.win = self.win
        s.reason = self.reason
        s.windows = self.windows.clone()
        s.rps_winner = self.rps_winner
        s.pending_setup = self.pending_setup  # read-only once made
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: deck orders, the opponent's hand (and during set-up every
        hand, not looked at yet, and the opponent's face-down first machine)."""
        setup = self.phase in SETUP_PHASES
        for p in (0, 1):
            if p == seat and not setup:
                self.decks[p].sort()
                rng.shuffle(self.decks[p])
                continue
            face_down = setup and p != seat and bool(self.centers[p])
            pool = self.decks[p] + self.hands[p] + (self.centers[p] if face_down else [])
            pool.sort()
            rng.shuffle(pool)
            if face_down:
                i = next(i for i, u in enumerate(pool) if can_start(self.card_of[u]))
                u = pool.pop(i)
                self.centers[p] = [u]
                self.field[p * 3 + CENTER] = u
            nh = len(self.hands[p])
            self.hands[p] = pool[:nh]
            self.decks[p] = pool[nh:]


__all__ = ["FACE_DOWN_CENTER", "StampedeState"]
