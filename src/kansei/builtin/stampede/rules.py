"""Card Race Stampede!!: the rules of a turn — its phases (ST-T1 … ST-T5), who decides, the legal actions
and applying them. Set-up decisions (ST-S1) come from :mod:`.setup`, responses and abilities from
:mod:`.responses`, battle from :mod:`.combat`.

:class:`StampedeState` is the last layer (``Board`` ← ``Combat`` ← ``Responses`` ← ``SetUp`` ← this) and
the protocol's state: what a seat may see is :mod:`.views`, why an action is refused :mod:`.refusals`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from kansei.core.protocol import Action

from . import views
from .cards import MACHINE, STEERING
from .refusals import reason_for_mover
from .setup import SetUp
from .state import (
    BATTLE,
    CALL_EVENT,
    CENTER,
    CHOOSE_CENTER,
    CHOOSE_ORDER,
    DRAW,
    END,
    END_TURN_EVENT,
    LEFT,
    MAIN,
    PHASE_EVENT,
    REPAIR,
    RIGHT,
    TURN_EVENT,
    W_CHOICE,
    W_DECKOUT,
    W_GOAL,
    ZONES,
    replaced,
)
from .table import CardDef

FACE_DOWN_CENTER = "set a card face down as the first center"
ABILITY_KINDS = frozenset(("use", "assist", "keeper", "hand", "trigger"))  # actions that use an ability

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


CARD_ID = attrgetter("id")  # a card's place in the table: calls are listed in this order


# by the bitmask of the machines able to act, then the target zone: every attack they can make on it
ATTACKS_BY_MASK: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(ATTACKS[att, tz] for att in SUBSETS[mask]) for tz in (0, 1, 2)) for mask in range(8)
)


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

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        return reason_for_mover(self, text, seat, lang)

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        frames = self.race.windows.frames
        if frames:
            frame = frames[-1]
            if not frame.resolving:  # the innermost window waits for its seat with priority
                return frame.priority
        if self.race.phase == CHOOSE_CENTER:
            return 0 if not self.race.centers[0] else 1
        if self.race.phase == CHOOSE_ORDER:
            return self.rps_winner
        return self.race.active

    # -- legal actions --------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.race.windows.frames:
            return self._window_actions()
        phase = self.race.phase
        p = self.race.active
        if phase == MAIN:
            return self._main_actions(p)
        if phase == BATTLE:
            return self._battle_actions(p)
        if phase == CHOOSE_CENTER:
            seat = 0 if not self.race.centers[0] else 1
            table = self.game.table
            return [table.placing("center", c, -1) for c in self._center_choices(seat)]
        if phase == CHOOSE_ORDER:
            return [GO_FIRST, GO_SECOND]
        return []

    def _main_actions(self, p: int) -> list[Action]:
        """The main phase, from one pass over the hand: calls (ST-T3, by card in table order), assists
        and events (ST-T6, hand order) and the field's abilities, Demi-Guest procedures (ST-K4), then
        going to battle."""
        out: list[Action] = []
        hand = self.race.hands[p]
        if hand:
            card_of = self.race.card_of
            c = card_of[self.race.field[p * 3 + CENTER]]
            cap = self.race.turn
            top = c.gear if c.gear < cap else cap  # ST-T6: the center's gear at least; ST-T3(c): the gear cap
            cls = c.cls
            any_class = cls == STEERING  # ST-O2
            machines: list[CardDef] = []
            instants: list[int] = []
            procedures: list[int] = []
            seen: list[CardDef] = []  # the first copy of each card (copies are alike: one test decides all)
            for u in hand:
                d = card_of[u]
                if d.calls:
                    if d.gear > cap or d in seen:  # ST-T3(c)
                        continue
                    seen.append(d)
                    if not d.disabled:
                        machines.append(d)
                    if d.hand:
                        procedures.append(u)
                elif (
                    d.instant
                    and d.gear <= top
                    and (any_class or d.cls == cls or d.cls == STEERING)
                    and d not in seen
                ):
                    seen.append(d)
                    instants.append(u)
            if machines:
                if len(machines) > 1:
                    machines.sort(key=CARD_ID)
                self._calls(p, c, machines, out)
            for u in instants:
                self._hand_instant(p, u, card_of[u], out)
            self._field_actions(p, out)
            for u in procedures:
                self._procedure_actions(p, u, card_of[u], out)
        else:
            self._field_actions(p, out)
        out.append(BATTLE_ACT)
        return out

    def _calls(self, p: int, c: CardDef, machines: list[CardDef], out: list[Action]) -> None:
        """ST-T3: the calls of ``machines`` (in hand, within the gear cap) to the center stack (``c`` on
        top) or an empty side zone."""
        base = p * 3
        field = self.race.field
        up = c.gear + 1
        any_class = c.cls == STEERING
        left_free = field[base] < 0
        right_free = field[base + 2] < 0
        for d in machines:
            calls = d.calls
            # ST-T3(a), ST-O2, ST-K3, ST-K4: one gear up, same class (Steering stacks with anything)
            if d.gear == up:
                if not d.guest and not d.demi_guest and (d.cls == c.cls or d.cls == STEERING or any_class):
                    out.append(calls[CENTER])
            elif d.gear < up:  # ST-T3(b): at most the center's gear beside it
                if left_free:
                    out.append(calls[LEFT])
                if right_free:
                    out.append(calls[RIGHT])

    def _able(self, p: int) -> int:
        """Bitmask of ``p``'s zones holding an untapped machine (able to act, ST-T4): left 1, center 2,
        right 4 (the three zones written out: the hot path of every battle step)."""
        base = p * 3
        field, tapped, card_of = self.race.field, self.race.tapped, self.race.card_of
        able = 0
        u = field[base]
        if u >= 0 and not tapped[base] and card_of[u].kind == MACHINE:
            able = 1
        u = field[base + 1]
        if u >= 0 and not tapped[base + 1] and card_of[u].kind == MACHINE:
            able |= 2
        u = field[base + 2]
        if u >= 0 and not tapped[base + 2] and card_of[u].kind == MACHINE:
            able |= 4
        return able

    def _battle_actions(self, p: int) -> list[Action]:
        """ST-T4: attacks (single or combined) and runs by untapped machines; ST-K1 Obstruction."""
        able = self._able(p)
        out: list[Action] = []
        if able:
            obstructed = self.obstructed(p)
            attacks = ATTACKS_BY_MASK[able]
            card_of, field = self.race.card_of, self.race.field
            opp = (1 - p) * 3
            if self.race.forcing_until[1 - p] and self.forced(p):
                center = field[opp + CENTER]
                if center >= 0 and (not obstructed or card_of[center].obstruction):  # a target (ST-K1)
                    # 《進路妨害》: every machine able to act must attack the center
                    out.extend(attacks[CENTER])
                    self._instant_actions(p, out)
                    return out
            for tz in (LEFT, CENTER, RIGHT):  # ST-K1: only cards with Obstruction while one stands there
                u = field[opp + tz]
                if u >= 0 and (not obstructed or card_of[u].obstruction):
                    out.extend(attacks[tz])
            if not obstructed:  # ST-K1: no running while the opponent has Obstruction
                base = p * 3
                for z in (0, 1, 2):
                    if able >> z & 1:
                        d = card_of[field[base + z]]
                        if d.guest or (d.demi_guest and z != CENTER):  # ST-K3, ST-K4
                            continue
                        out.append(RUNS[z])
        self._instant_actions(p, out)
        out.append(END_ACT)
        return out

    # -- applying -------------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        kind = a.kind
        # the kinds in the order random and searching play meets them most
        if kind == "pass":
            self.race.windows.pass_()
            self._run()
            return
        if kind == "end":
            self.race.phase = END
            self._run()
            return
        args: tuple[Any, ...] = a.args
        if kind == "attack":  # attacks, runs, calls and going to battle: the active player's, no window open
            self._declare_attack(self.race.active, args[0], args[1])
            self._run()
            return
        if kind == "battle":
            self.race.phase = BATTLE
            if self.narrating:
                self.log_records([(None, (PHASE_EVENT, self.race.active, BATTLE))])
            self._run()
            return
        if kind == "call":
            self._call(self.race.active, args[0], args[1])
            self._run()
            return
        p = self.to_move
        assert p is not None
        if kind in ABILITY_KINDS:
            self._activate(p, kind, args)
        elif kind == "run":
            self._declare_run(p, args[0])
        elif kind == "event":
            self._place_event(p, args[0], args[1])
        elif kind == "decline":
            self.log("decline", seat=p)
            self.race.windows.close()
        elif kind == "center":
            self._choose_center_kind(p, args[0])
            return
        elif kind == "order":
            self._choose_order(p, args[0])
            return
        self._run()

    def _run(self) -> None:
        """Settle windows and advance the automatic phases (ST-T1 draw, ST-T2 repair, ST-T5 end)."""
        windows = self.race.windows
        while not self.over:
            if windows.frames:
                if windows.settle(self) is not None:
                    return
                continue
            phase = self.race.phase
            if phase == MAIN or phase == BATTLE:  # a decision of the active player
                if self.race.forcing_until[0] or self.race.forcing_until[1]:
                    self._check_lifts()
                return
            if phase == DRAW:
                self.race.phase = REPAIR
                if self.narrating:
                    self.log_records([(None, (TURN_EVENT, self.race.active, self.race.turn, self.race.turn))])
                if (
                    self.game.options.first_turn_draw or self.race.turn != self.race.start_turn
                ):  # ST-T1 ruling
                    self.draw(self.race.active, 1, phase=True)
                continue
            if phase == REPAIR:  # ST-T2
                base = self.race.active * 3
                tapped = self.race.tapped
                tapped[base] = tapped[base + 1] = tapped[base + 2] = False
                self.race.phase = MAIN
                return
            if phase == END:
                self._end_turn()
                continue
            self._check_lifts()
            return

    def _end_turn(self) -> None:
        """ST-T5: end-of-turn effects expire, the turn passes."""
        if self.race.stat_mods:
            self.race.stat_mods = [m for m in self.race.stat_mods if m.lasting]
        for o in (0, 1):
            if self.race.forcing_until[o] and self.race.forcing_until[o] <= self.race.turn:
                self.race.forcing_until = replaced(self.race.forcing_until, o, 0)
                self.log("force_ends", seat=o)
        if self.narrating:
            self.log_records([(None, (END_TURN_EVENT, self.race.active, self.race.turn))])
        self.race.turn += 1
        self.race.active = 1 - self.race.active
        if self.race.used_this_turn:
            self.race.used_this_turn = []
        if self.race.double_action_used and self.game.options.double_action == "per_turn":
            self.race.double_action_used = []
        self.race.phase = DRAW

    def _check_lifts(self) -> None:
        """《進路妨害》 is lifted for good once the owner's center is gear 1 or holds few machines."""
        for o in (0, 1):
            if self.race.forcing_until[o]:
                gear, height = self.race.force_lift[o]
                if self.center_def(o).gear <= gear or len(self.race.centers[o]) <= height:
                    self.race.forcing_until = replaced(self.race.forcing_until, o, 0)
                    self.log("force_lifted", seat=o)

    def _call(self, p: int, cid: int, z: int) -> None:
        """ST-T3: a machine from hand onto the center stack or a side zone."""
        u = self._take_from_hand(p, cid)
        base = p * 3
        if z == CENTER:
            self.race.own_centers()[p].append(u)
        self.race.field[base + z] = u
        self.race.tapped[base + z] = False
        if self.narrating:
            card = self.race.card_of[u].en
            self.log_records([(None, (CALL_EVENT, p, card, ZONES[z], len(self.race.centers[p])))])
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
