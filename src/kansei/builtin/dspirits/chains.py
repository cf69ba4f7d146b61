"""The D-Spirits state, part 3: chains and response windows (DS-R4), Realm bidding (DS-R1), and the game
breakers of the draw step: Extra Draw (DS-X1), Squad Recharge (DS-X2) and Field Rush (DS-X6).

Whether a seat is asked in a window depends only on what every seat can see: the number of support cards
it holds, which response signals its open decklist has that are not all in its D-World, and whether any of
them could answer what is on the chain. A seat that may hold an answer is asked even when it holds none
(it passes); a seat that cannot is passed for, and the pass is an event like any other.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Final, cast

from kansei.core.protocol import Action

from .battle import BattleState
from .cards import SPIRIT, Program
from .state import (
    BID_EVENT,
    BID_WON_EVENT,
    EXTRA_DRAW_COST,
    FIELD_RUSH_BID,
    MAIN,
    PASS,
    PASS_EVENT,
    RESOLVE_EVENT,
    RUSHED_EVENT,
    AttackItem,
    Bid,
    Ctx,
    Link,
    TargetChoice,
    Unit,
    with_seat,
    without,
)

NO_EXTRA: Final = Action("no extra", "extra", (-1,))
RECHARGE: Final = Action("recharge", "recharge")
NO_DRAW: Final = Action("no draw", "no_draw")
DRAW_ACTS: Final = (Action("draw squad", "draw", (0,)), Action("draw support", "draw", (1,)))
EXTRA_ACTS: Final = (Action("extra squad", "extra", (0,)), Action("extra support", "extra", (1,)))


class ChainState(BattleState):
    __slots__ = ()

    # ------------------------------------------------------------------------------ the chain
    def can_respond(self, seat: int, kind: str) -> bool:
        """Windows ask every seat; :meth:`may_answer` decides (on public information) who is passed for."""
        return True

    def may_answer(self, seat: int, kind: str) -> bool:
        """Whether ``seat`` is asked in the open window, judged on what every seat can see: while it holds
        any support card, a response signal of its open Support decklist not all accounted for in public
        zones (so it may be in hand) that could answer what is on the chain now."""
        if kind == "endure" or kind == "target":
            return True
        hand = self.hand[seat]
        t = self.table
        if not hand or t.kind[hand[-1].card] == SPIRIT:  # no support card (see holds_support)
            return False
        dworld, banished = self.dworld[seat], self.banished[seat]
        effect = t.effect
        for c, copies in self.listed[seat].responses:
            if copies <= dworld.count(c) + (banished.count(c) if banished else 0):
                continue  # every copy is in a public zone
            prog = effect[c]
            if prog is not None and self.answers_now(seat, c):
                if prog.choose is None or prog.choose == "hand" or self.choices(seat, prog, None):
                    return True
        return False

    def answers_now(self, p: int, c: int) -> bool:
        """Whether response signal ``c`` could answer what is on the chain now (DS-R4), leaving aside its
        target: a link to negate, an attack to stop, an attacker within reach."""
        prog = self.table.effect[c]
        wnd = self.wnd
        items = wnd.items
        if prog is None or not items:
            return False
        if prog.needs_link:
            top = items[-1]
            if not isinstance(top, Link) or top.negated:
                return False
        if prog.needs_attack:
            i = wnd.find("attack", wnd.frames[-1].base)
            if i < 0 or self.item(i).negated:
                return False
            if not prog.needs_link and prog.targets_attacker:
                # target "attacker" with max_power: only when the attacker qualifies
                ctx = Ctx(p, -1, prog.name)
                return any(
                    self.select("attacker", getattr(b.p, "max_power", 0), ctx)
                    for b in prog.effects
                    if getattr(b.p, "target", "") == "attacker"
                )
        return True

    def response_options(self, p: int, c: int) -> list[Action]:
        """The ways ``p`` could chain response signal ``c`` now, one per target it may choose."""
        out: list[Action] = []
        prog = self.table.effect[c]
        if prog is not None and self.answers_now(p, c):
            self.with_targets(out, "respond", (c,), p, prog, None)
        return out

    def responses(self, p: int) -> list[Action]:
        """DS-R4: the response signals ``p`` holds and may chain now."""
        t = self.table
        out: list[Action] = []
        last = -1
        for h in self.hand[p]:
            c = h.card
            if c != last and t.response[c]:
                out.extend(self.response_options(p, c))
            last = c
        return out

    def with_targets(
        self,
        out: list[Action],
        kind: str,
        args: tuple[Any, ...],
        p: int,
        prog: Program,
        src: Unit | None,
    ) -> None:
        """The action of ``kind`` and ``args`` as it is (no target to choose), or once per target ``prog``
        may choose now. The actions are found by their arguments (``args`` and the target's label fix the
        notation, which is built only for an action not yet interned)."""
        t = self.table
        cache = t.by_kind[kind]
        if prog.choose is None:
            key = args + ("",)
            a = cache.get(key)
            if a is None:
                a = cache[key] = t.act(t.notation_head(kind, args, prog), kind, key)
            out.append(a)
            return
        for lab in self.choices(p, prog, src):
            key = args + (lab,)
            a = cache.get(key)
            if a is None:
                a = cache[key] = t.act(f"{t.notation_head(kind, args, prog)} {lab}", kind, key)
            out.append(a)

    def target_options(self, seat: int) -> list[Action]:
        """A "when summoned" ability's target, or pass when none fits (it fizzles)."""
        data = self.wnd.data
        assert isinstance(data, TargetChoice)
        prog = self.table.catalog.programs[data.program]
        found = self.locate(data.source)
        t = self.table
        labels = self.choices(seat, prog, found[1] if found else None)
        targets = t.by_kind["target"]
        out = []
        for lab in labels:
            a = targets.get(lab)
            if a is None:
                a = targets[lab] = t.act(f"target {lab}", "target", (lab,))
            out.append(a)
        return out or [PASS]

    def resolve(self, item: tuple[Any, ...]) -> None:
        """Carry out the item on top of the chain (the window host's hook)."""
        if isinstance(item, Link):
            self.resolve_link(item)
        else:
            self.resolve_attack(cast(AttackItem, item))
        self.check_end()

    def resolve_link(self, link: Link) -> None:
        prog = self.table.catalog.programs[link.program]
        c = Ctx(
            link.owner, link.source, prog.name, link.program, link.target_kind, link.target, link.target_hand
        )
        if self.narrating:
            self.log_records([(None, (RESOLVE_EVENT, link.owner, prog.name, link.negated))])
        if link.negated:
            for b in prog.effects:
                if b.name == "launch":
                    self.launch_fizzle(c, b.p.launched)
            return
        for b in prog.effects:
            b.impl(b.p, self, c)

    def _do_respond(self, a: Action) -> None:
        """DS-R4: a response goes on top of the chain; priority passes."""
        t = self.table
        p = self.to_move
        assert p is not None
        cid, label = a.args
        self.take_from_hand(p, t.plain[cid])
        self.to_dworld(p, (cid,))
        prog = t.effect[cid]
        assert prog is not None
        kind, value, hand = self.resolve_choice(p, label)
        card, seat = self.target_names(p, kind, value, hand)
        self.log(
            "activate",
            seat=p,
            name=prog.name,
            source=prog.source,
            target=card,
            target_seat=seat,
            kind="response",
        )
        self.wnd.respond(Link("link", p, prog.id, -1, kind, value, hand, False))

    def _do_target(self, a: Action) -> None:
        p = self.to_move
        assert p is not None
        data = self.wnd.data
        assert isinstance(data, TargetChoice)
        prog = self.table.catalog.programs[data.program]
        self.wnd.close()
        self.open_link(p, prog, data.source, a.args[0])

    def _do_pass(self, a: Action) -> None:
        frames = self.wnd.frames
        if frames and not frames[-1].resolving:  # a window's decision
            p, kind, data = frames[-1].priority, frames[-1].kind, frames[-1].data
            if kind == "target":  # no target: the ability fizzles
                assert isinstance(data, TargetChoice)
                self.log(
                    "fizzle", seat=p, name=self.table.catalog.programs[data.program].name, why="y_no_target"
                )
                self.wnd.close()
                return
            if self.narrating:
                self.log_records([(None, (PASS_EVENT, p, kind, False))])
            self.wnd.pass_()
            return
        if self.bid is not None:
            if self.narrating:
                self.log_records([(None, (PASS_EVENT, self.bid.mover, "bid", False))])
            self.end_bid()

    # ------------------------------------------------------------------------------ DS-R1 bidding
    def bid_actions(self) -> list[Action]:
        """DS-R1: raise in fixed steps (affordable ones) or pass."""
        b = self.bid
        assert b is not None
        sp = self.sp[b.mover]
        out = []
        for a in self.table.raises(b.amount):
            if sp > a.args[0]:  # affordable: it leaves at least 1 SP
                out.append(a)
        out.append(PASS)
        return out

    def _do_bid(self, a: Action) -> None:
        b = self.bid
        assert b is not None
        n = a.args[0]
        if self.narrating:
            self.log_records([(None, (BID_EVENT, b.mover, self.table.name[b.card], n, b.kind))])
        self.bid = Bid(b.kind, b.opener, b.card, n, b.mover, 1 - b.mover, b.source)

    def end_bid(self) -> None:
        """DS-R1: the last bidder wins and pays; a Realm won by its player enters (the old one is destroyed),
        one won by the opponent is negated. DS-X6: a Field Rush won puts the Realm in hand."""
        t = self.table
        b = self.bid
        assert b is not None
        self.bid = None
        cid, opener = b.card, b.opener
        self.pay(b.high, b.amount, "y_rush_bid" if b.kind == "rush" else "y_realm_bid")
        if self.narrating:
            self.log_records([(None, (BID_WON_EVENT, b.high, t.name[cid], b.amount, b.kind))])
        if b.kind == "play":
            if b.high == opener:
                if self.realm is not None:
                    old_owner, old = self.realm
                    self.to_dworld(old_owner, (old,))
                    self.log("realm_destroyed", seat=old_owner, card=t.name[old])
                self.realm = (opener, cid)
                self.refresh_auras()
                self.log("realm", seat=opener, card=t.name[cid])
            else:
                self.to_dworld(opener, (cid,))
                self.log("realm_negated", seat=opener, card=t.name[cid])
            return
        if b.high == opener:
            insort(self.hand[opener], t.plain[cid])
            self.show(opener, cid)
            if self.narrating:
                self.log_records([(None, (RUSHED_EVENT, opener, t.name[cid], b.source))])
        elif b.source == "support":
            self.support = with_seat(self.support, opener, (*self.support[opener], cid))
        else:
            self.side = with_seat(self.side, opener, tuple(sorted((*self.side[opener], cid))))
        if b.source == "support":
            deck = list(self.support[opener])
            self.host.rng.shuffle(deck)
            self.support = with_seat(self.support, opener, tuple(deck))
        self.phase = MAIN  # DS-X6: no draw and no Extra Draw this turn

    # ------------------------------------------------------------------------------ the draw step
    def draw_options(self, p: int) -> list[Action]:
        """DS-G2 draw step: draw from either deck; DS-X2 Squad Recharge; DS-X6 Field Rush; both game breakers
        are a choice ("can", "may"), so with no card to draw the player may also let the draw go."""
        squad, support = self.squad[p], self.support[p]
        out = []
        if squad:
            out.append(DRAW_ACTS[0])
        if support:
            out.append(DRAW_ACTS[1])
        if not squad and self.may_recharge(p):
            out.append(RECHARGE)
        listed = self.listed[p]
        if (listed.realms or listed.side_realms) and self.afford(p, FIELD_RUSH_BID):
            realms = []
            for c, _ in listed.realms:
                if c in support:
                    realms.append(c)
            side = self.side[p]
            for c in listed.side_realms:
                if c in side and c not in realms:
                    realms.append(c)
            rush = self.table.rush_act
            for c in sorted(realms):
                out.append(rush[c])
        if out and not squad and not support:
            out.append(NO_DRAW)
        return out

    def may_recharge(self, p: int) -> bool:
        """DS-X2: no D-Spirit left in the D-Squad deck and some in the D-World (half the SP leaves 1)."""
        kind = self.table.kind
        return not self.squad[p] and self.sp[p] >= 2 and any(kind[c] == SPIRIT for c in self.dworld[p])

    def draw_is_a_decision(self, p: int) -> bool:
        """Whether the draw step asks ``p``, judged on public information: more than one public option, or
        a Field Rush from the Support deck that may be possible (whether its Realm is still in the deck or
        in the hand is hidden). Otherwise the one option there is (a draw) is taken for the player."""
        squad, support = self.squad[p], self.support[p]
        rush = self.afford(p, FIELD_RUSH_BID)
        n = (1 if squad else 0) + (1 if support else 0) + (1 if not squad and self.may_recharge(p) else 0)
        if rush:
            side = self.side[p]
            for c in self.listed[p].side_realms:
                if c in side:
                    n += 1
        if n and not squad and not support:
            n += 1  # no draw
        if n > 1:
            return True
        if not rush or not support:
            return False
        dworld, banished = self.dworld[p], self.banished[p]
        for c, copies in self.listed[p].realms:
            if copies > dworld.count(c) + banished.count(c) + (self.realm == (p, c)):
                return True  # a copy may be in the Support deck
        return False

    def extra_options(self, p: int) -> list[Action]:
        """DS-X1: one more card for 500 SP, not on your first turn, not after a Field Rush."""
        if self.rushed or self.turns_taken[p] <= 1 or not self.afford(p, EXTRA_DRAW_COST):
            return []
        out = []
        if self.squad[p]:
            out.append(EXTRA_ACTS[0])
        if self.support[p]:
            out.append(EXTRA_ACTS[1])
        if out:
            out.append(NO_EXTRA)
        return out

    def draw_step(self, p: int, deck: int) -> None:
        """DS-G2: the draw step's one card, from the deck the player chooses; Extra Draw may follow."""
        self.draw(p, deck, "y_draw_step")
        self.phase = "extra"

    def _do_draw(self, a: Action) -> None:
        self.draw_step(self.active, a.args[0])

    def _do_no_draw(self, a: Action) -> None:
        self.log("no_draw", seat=self.active)
        self.phase = MAIN

    def _do_extra(self, a: Action) -> None:
        p = self.active
        if a.args[0] >= 0:  # DS-X1 Extra Draw
            self.pay(p, EXTRA_DRAW_COST, "x_extra")
            self.draw(p, a.args[0], "x_extra")
        self.phase = MAIN

    def _do_recharge(self, a: Action) -> None:
        """DS-X2: pay half your SP; D-Spirits in your D-World shuffle back into the D-Squad deck; the draw
        step goes on."""
        p = self.active
        kind = self.table.kind
        self.pay(p, self.sp[p] // 2, "y_recharge")
        back = [c for c in self.dworld[p] if kind[c] == SPIRIT]
        self.dworld = with_seat(self.dworld, p, tuple([c for c in self.dworld[p] if kind[c] != SPIRIT]))
        deck = [*self.squad[p], *back]
        self.host.rng.shuffle(deck)
        self.squad = with_seat(self.squad, p, tuple(deck))
        self.log("recharge", seat=p, count=len(back))

    def _do_rush(self, a: Action) -> None:
        """DS-X6 Field Rush: instead of drawing, bid from 500 SP for a Realm of your Support or Side deck."""
        p = self.active
        cid = a.args[0]
        src: Any = "support" if cid in self.support[p] else "side"
        if src == "support":  # held aside while bidding
            self.support = with_seat(self.support, p, without(self.support[p], cid))
        else:
            self.side = with_seat(self.side, p, without(self.side[p], cid))
        self.rushed = True
        if self.narrating:
            self.log_records([(None, (BID_EVENT, p, self.table.name[cid], FIELD_RUSH_BID, "rush"))])
        self.bid = Bid("rush", p, cid, FIELD_RUSH_BID, p, 1 - p, src)


__all__ = ["DRAW_ACTS", "EXTRA_ACTS", "NO_DRAW", "NO_EXTRA", "RECHARGE", "ChainState"]
