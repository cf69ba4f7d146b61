"""Card Race Stampede!!: the rules of a turn — its phases (ST-T1 … ST-T5), who decides, the legal actions
and applying them. Set-up decisions (ST-S1) come from :mod:`.setup`, responses and abilities from
:mod:`.responses`, battle from :mod:`.combat`.

:class:`StampedeState` is the last layer (``Board`` ← ``Combat`` ← ``Responses`` ← ``SetUp`` ← this) and
the protocol's state: what a seat may see is :mod:`.views`, why an action is refused :mod:`.refusals`.
"""

from __future__ import annotations

from typing import Any

from kansei.core.protocol import Action

from . import views
from .cards import MACHINE, STEERING
from .refusals import reason_for_mover
from .setup import SetUp
from .state import (
    BATTLE,
    CENTER,
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    DRAW,
    END,
    LEFT,
    MAIN,
    REPAIR,
    RIGHT,
    W_CHOICE,
    W_DECKOUT,
    W_GOAL,
    ZONES,
)

FACE_DOWN_CENTER = "set a card face down as the first center"

BATTLE_ACT = Action("battle", "battle")
END_ACT = Action("end", "end")
GO_FIRST = Action("go first", "order", (True,))
GO_SECOND = Action("go second", "order", (False,))

# the non-empty subsets of the three zones by bitmask, for single and combined attacks (ST-T4)
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(z for z in (0, 1, 2) if sub >> z & 1) for sub in range(1, 8) if sub & mask == sub)
    for mask in range(8)
)
ATTACKS: dict[tuple[tuple[int, ...], int], Action] = {
    (att, tz): Action(f"attack {'+'.join(ZONES[z] for z in att)} > {ZONES[tz]}", "attack", (att, tz))
    for att in SUBSETS[7]
    for tz in (0, 1, 2)
}
RUNS = tuple(Action(f"run {ZONES[z]}", "run", (z,)) for z in (0, 1, 2))


class StampedeState(SetUp):
    __slots__ = ()

    # -- what a seat is told --------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def reveal(self) -> dict[str, Any]:
        return views.reveal(self)

    def _public_notation(self, action: Action) -> str:
        """ST-S1: the first machine is set face down; the others learn only that a card was set."""
        return FACE_DOWN_CENTER if action.kind == "center" else action.notation

    def _why_illegal(self, text: str, seat: int) -> str | None:
        return reason_for_mover(self, text, seat)

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        windows = self.windows
        if windows.frames:
            p = windows.priority
            if p is not None:
                return p
        if self.phase == CHOOSE_CENTER:
            return 0 if not self.centers[0] else 1
        if self.phase == CHOOSE_ORDER:
            return self.rps_winner
        return self.active

    # -- legal actions --------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.windows.frames:
            return self._window_actions()
        phase = self.phase
        p = self.active
        if phase == MAIN:
            out = self._call_actions(p)
            out.extend(self._instant_actions(p))
            out.extend(self._procedure_actions(p))
            out.append(BATTLE_ACT)
            return out
        if phase == BATTLE:
            return self._battle_actions(p)
        if phase == CHOOSE_CENTER:
            seat = 0 if not self.centers[0] else 1
            table = self.game.table
            return [table.placing("center", c, -1) for c in self._center_choices(seat)]
        if phase == CHOOSE_ORDER:
            return [GO_FIRST, GO_SECOND]
        return []

    def _call_actions(self, p: int) -> list[Action]:
        """ST-T3: calls from hand to the center stack or an empty side zone."""
        out: list[Action] = []
        table = self.game.table
        cap = self.turn
        c = self.center_def(p)
        base = p * 3
        left_free = self.field[base] < 0
        right_free = self.field[base + 2] < 0
        for cid in sorted({self.card_of[u].id for u in self.hands[p]}):
            d = table.cards[cid]
            if d.kind != MACHINE or d.gear > cap or d.disabled:  # ST-T3(c)
                continue
            # ST-T3(a), ST-O2, ST-K3, ST-K4: one gear up, same class (Steering stacks with anything)
            if (
                d.gear == c.gear + 1
                and not d.guest
                and not d.demi_guest
                and (d.cls == c.cls or d.cls == STEERING or c.cls == STEERING)
            ):
                out.append(table.placing("call", cid, CENTER))
            if d.gear <= c.gear:  # ST-T3(b)
                if left_free:
                    out.append(table.placing("call", cid, LEFT))
                if right_free:
                    out.append(table.placing("call", cid, RIGHT))
        return out

    def _able(self, p: int) -> int:
        """Bitmask of ``p``'s zones holding an untapped machine (able to act, ST-T4)."""
        base = p * 3
        field, tapped, card_of = self.field, self.tapped, self.card_of
        able = 0
        for z in (0, 1, 2):
            u = field[base + z]
            if u >= 0 and not tapped[base + z] and card_of[u].kind == MACHINE:
                able |= 1 << z
        return able

    def _battle_actions(self, p: int) -> list[Action]:
        """ST-T4: attacks (single or combined) and runs by untapped machines; ST-K1 Obstruction."""
        able = self._able(p)
        out: list[Action] = []
        targets = self.attack_targets(p) if able else []
        if able and self.forced(p) and CENTER in targets:
            # 《進路妨害》: every machine able to act must attack the center
            for att in SUBSETS[able]:
                out.append(ATTACKS[att, CENTER])
            out.extend(self._instant_actions(p))
            return out
        for tz in targets:
            for att in SUBSETS[able]:
                out.append(ATTACKS[att, tz])
        if able and not self.obstructed(p):  # ST-K1: no running while the opponent has Obstruction
            base = p * 3
            for z in (0, 1, 2):
                if able >> z & 1:
                    d = self.card_of[self.field[base + z]]
                    if d.guest or (d.demi_guest and z != CENTER):  # ST-K3, ST-K4
                        continue
                    out.append(RUNS[z])
        out.extend(self._instant_actions(p))
        out.append(END_ACT)
        return out

    # -- applying -------------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        kind = a.kind
        p = self.to_move
        assert p is not None
        args: tuple[Any, ...] = a.args
        if kind == "pass":
            self.windows.pass_()
        elif kind == "attack":
            self._declare_attack(p, args[0], args[1])
        elif kind == "run":
            self._declare_run(p, args[0])
        elif kind == "call":
            self._call(p, args[0], args[1])
        elif kind == "battle":
            self.phase = BATTLE
            self.log("phase", seat=p, phase=BATTLE)
        elif kind == "end":
            self.phase = END
        elif kind in ("use", "assist", "keeper", "hand", "trigger"):
            self._activate(p, kind, args)
        elif kind == "event":
            self._place_event(p, args[0], args[1])
        elif kind == "decline":
            self.log("decline", seat=p)
            self.windows.close()
        elif kind == "center":
            self._choose_center_kind(p, args[0])
            return
        elif kind == "order":
            self._choose_order(p, args[0])
            return
        self._run()

    def _run(self) -> None:
        """Settle windows and advance the automatic phases (ST-T1 draw, ST-T2 repair, ST-T5 end)."""
        windows = self.windows
        while not self.over:
            if windows.frames:
                if windows.settle(self) is not None:
                    return
                continue
            phase = self.phase
            if phase == DRAW:
                self.phase = REPAIR
                self.log("turn", seat=self.active, turn=self.turn, cap=self.turn)
                if self.game.options.first_turn_draw or self.turn != self.start_turn:  # ST-T1 ruling
                    self.draw(self.active, 1, phase=True)
                continue
            if phase == REPAIR:  # ST-T2
                base = self.active * 3
                tapped = self.tapped
                tapped[base] = tapped[base + 1] = tapped[base + 2] = False
                self.phase = MAIN
                return
            if phase == END:
                self._end_turn()
                continue
            self._check_lifts()
            return

    def _end_turn(self) -> None:
        """ST-T5: end-of-turn effects expire, the turn passes."""
        if self.stat_mods:
            self.stat_mods = [m for m in self.stat_mods if m.lasting]
        for o in (0, 1):
            if self.forcing_until[o] and self.forcing_until[o] <= self.turn:
                self.forcing_until[o] = 0
                self.log("force_ends", seat=o)
        self.log("end_turn", seat=self.active, turn=self.turn)
        self.turn += 1
        self.active = 1 - self.active
        if self.used_this_turn:
            self.used_this_turn = []
        if self.double_action_used and self.game.options.double_action == "per_turn":
            self.double_action_used = []
        self.phase = DRAW

    def _check_lifts(self) -> None:
        """《進路妨害》 is lifted for good once the owner's center is gear 1 or holds few machines."""
        for o in (0, 1):
            if self.forcing_until[o]:
                gear, height = self.force_lift[o]
                if self.center_def(o).gear <= gear or len(self.centers[o]) <= height:
                    self.forcing_until[o] = 0
                    self.log("force_lifted", seat=o)

    def _call(self, p: int, cid: int, z: int) -> None:
        """ST-T3: a machine from hand onto the center stack or a side zone."""
        u = self._take_from_hand(p, cid)
        base = p * 3
        if z == CENTER:
            self.centers[p].append(u)
        self.field[base + z] = u
        self.tapped[base + z] = False
        self.log("call", seat=p, card=self.card_of[u].en, zone=ZONES[z], height=len(self.centers[p]))
        self._on_enter(p, u)


# the rules each kind of action follows (Game.move_rules: a client's link to the rules, never in texts)
_RULES: dict[str, tuple[str, ...]] = {
    "center": ("ST-S1",),
    "order": ("ST-S1",),
    "call": ("ST-T3",),
    "battle": ("ST-T4",),
    "attack": ("ST-T4",),
    "run": ("ST-T4",),
    "end": ("ST-T5",),
    "event": ("ST-C3", "ST-T6"),
    "assist": ("ST-C2", "ST-T6"),
    "use": ("ST-T6",),
    "hand": ("ST-K4",),
    "keeper": ("ST-K8",),
    "pass": ("ST-T6",),
    "trigger": ("ST-T6",),
    "decline": ("ST-T6",),
}


def move_rules(state: StampedeState, action: Action) -> tuple[str, ...]:
    """The rule ids a legal action follows, with the keywords that shape it now."""
    kind = action.kind
    rules = _RULES.get(kind, ())
    p = state.to_move
    if p is None:
        return rules
    if kind == "call":
        d = state.game.table.cards[action.args[0]]
        if d.cls == STEERING or state.center_def(p).cls == STEERING:
            rules += ("ST-O2",)
    elif kind == "attack":
        if state.obstructed(p):
            rules += ("ST-K1",)
    elif kind in ("pass", "keeper") and state.windows.kind in (W_GOAL, W_DECKOUT):
        rules = ("ST-K8",) + (("ST-O1",) if state.windows.kind == W_DECKOUT else ())
    elif kind == "trigger" and state.windows.kind == W_CHOICE:
        ab = state.card_of[state.windows.data[1]].abilities[action.args[2]]
        if ab.trigger == "crash":
            rules += ("ST-K7",)
    return rules


__all__ = [
    "ATTACKS",
    "BATTLE_ACT",
    "END_ACT",
    "FACE_DOWN_CENTER",
    "GO_FIRST",
    "GO_SECOND",
    "RUNS",
    "SUBSETS",
    "StampedeState",
    "move_rules",
]
