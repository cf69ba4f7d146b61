"""The D-Spirits rules (the state's layer 5): the course of a game — the opening draw (DS-G1), the turn
steps (DS-G2), the main step's actions (summons DS-G3, stances DS-G4, special moves and abilities DS-C1,
support cards DS-C2, D-Evolutions DS-C3, Soul Exchange DS-X3, Soul Shift DS-X4), the end step, and the
games of a match with their side-deck swaps (DS-D1): the legal actions and their application.

:meth:`RulesState.proceed` carries out everything automatic after each action and stops at the next
decision: it resolves the chain, passes for a seat that publicly has no answer (logged as a ``pass``),
and takes a draw step or battle step that offers nothing to choose.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from kansei.core.protocol import Action

from .battle import ENDURE_ACT, FALL_ACT
from .cards import EVOLUTION, MOVECARD, REALM, SPIRIT, Program
from .chains import ChainState
from .state import (
    BATTLE,
    BATTLE_SCENE_MAX,
    BID_EVENT,
    DEALT_EVENT,
    DRAW,
    ENDSTEP,
    EXCHANGE_EVENT,
    EXTRA,
    MAIN,
    NO_LABELS,
    OPEN,
    OPENING_EVENT,
    OPENING_HAND,
    PASS,
    PASS_EVENT,
    PLAY_EVENT,
    SIDE,
    SOUL_SHIFT_COST,
    STANCE_EVENT,
    STANCES,
    SUPPORT_SPIRITS_MAX,
    TURN_EVENT,
    Bid,
    HandCard,
    Listed,
    Unit,
    new_token,
    with_seat,
    without,
)
from .table import Table

# the rule ids each kind of action follows (Game.move_rules: a client's link to the rules)
RULES_OF: Final[dict[str, tuple[str, ...]]] = {
    "open": ("DS-G1",),
    "draw": ("DS-G2",),
    "no_draw": ("DS-G2",),
    "extra": ("DS-X1",),
    "recharge": ("DS-X2",),
    "rush": ("DS-X6", "DS-R1"),
    "summon": ("DS-G3",),
    "exchange": ("DS-X3",),
    "stance": ("DS-G4",),
    "move": ("DS-C1", "DS-R4"),
    "ability": ("DS-C1", "DS-R4"),
    "play": ("DS-C2", "DS-R4"),
    "respond": ("DS-C2", "DS-R4"),
    "evolve": ("DS-C3",),
    "shift": ("DS-X4",),
    "battle": ("DS-G2",),
    "attack": ("DS-B1", "DS-B2", "DS-B5"),
    "limbo": ("DS-X5", "DS-B1"),
    "supercharge": ("DS-X7",),
    "end": ("DS-G2",),
    "pass": ("DS-R4",),
    "endure": ("DS-B2",),
    "fall": ("DS-B2",),
    "target": ("DS-R4",),
    "bid": ("DS-R1",),
    "side_in": ("DS-D1",),
    "side_out": ("DS-D1",),
    "keep": ("DS-D1",),
}

BATTLE_ACT: Final = Action("battle", "battle")
KEEP: Final = Action("keep", "keep")
# DS-G1: the opening draw of k D-Spirits
OPEN_ACTS: Final = tuple(Action(f"open {k}", "open", (k,)) for k in range(OPENING_HAND + 1))


class RulesState(ChainState):
    """Legal actions and their application (``decision_actions`` and ``play``: the protocol's
    ``_legal_actions`` and ``_apply`` through this module's ``legal_actions`` and ``apply``)."""

    __slots__ = ()

    # ------------------------------------------------------------------------------ a new game
    def new_game(self, first: int) -> None:
        """Zones from the decklists, shuffled; SP; then the opening draw (DS-G1)."""
        self.game_no += 1
        self.side = (tuple(sorted(self.lists[0][2])), tuple(sorted(self.lists[1][2])))
        self.hand = [[], []]
        self.shown = ((), ())
        self.dworld = ((), ())
        self.banished = ((), ())
        self.scene = [[], []]
        self.parked = [[], []]
        self.label_memo = NO_LABELS
        self.support_cards = ((), ())
        self.realm = None
        self.auras = ()
        self.aura_sums = self.table.aura_memo(())
        self.bid = None
        self.summoned = self.exchanged = self.shifted = self.rushed = False
        self.attacks = 0
        self.uid_next = 1
        self.turn = 0
        self.turns_taken = (0, 0)
        o = self.game.options
        self.sp = [o.starting_sp, o.starting_sp]
        self.first = first
        self.active = first
        t = self.table
        self.listed = []
        decks: list[tuple[int, ...]] = []  # D-Squad and Support of seat 0, then of seat 1
        for p in (0, 1):
            squad, support = list(self.lists[p][0]), list(self.lists[p][1])
            self.host.rng.shuffle(squad)
            self.host.rng.shuffle(support)
            decks += (tuple(squad), tuple(support))
            self.listed.append(_listed(t, tuple(self.lists[p][1]), tuple(self.lists[p][2])))
        self.squad = (decks[0], decks[2])
        self.support = (decks[1], decks[3])
        self.log("game_start", game=self.game_no, first=first, sp=list(self.sp))
        self.phase = OPEN
        self.open_seat = first

    def _do_open(self, a: Action) -> None:
        """DS-G1: seven cards, split between the D-Squad and Support decks as the player chooses."""
        q = self.open_seat
        k = a.args[0]
        plain = self.table.plain
        squad, support = self.squad[q], self.support[q]
        kept_squad, kept_support = len(squad) - k, len(support) - (OPENING_HAND - k)  # drawn from the top
        for c in squad[kept_squad:] + support[kept_support:]:
            insort(self.hand[q], plain[c])
        self.squad = with_seat(self.squad, q, squad[:kept_squad])
        self.support = with_seat(self.support, q, support[:kept_support])
        if self.narrating:
            dealt = [self.table.name[h.card] for h in self.hand[q]]
            self.log_records([(None, (OPENING_EVENT, q, k, OPENING_HAND - k)), (q, (DEALT_EVENT, q, dealt))])
        if q == self.first:
            self.open_seat = 1 - q
        else:
            self.start_turn(self.first)

    def opening_options(self) -> list[Action]:
        q = self.open_seat
        lo = max(0, OPENING_HAND - len(self.support[q]))
        hi = min(OPENING_HAND, len(self.squad[q]))
        return list(OPEN_ACTS[lo : hi + 1])

    # ------------------------------------------------------------------------------ the flow
    def proceed(self) -> None:
        """Carry out everything automatic until a player must decide (the chain, passes for seats that
        publicly have no answer, draw and battle steps with nothing to choose, end steps)."""
        while not self.over:
            sp = self.sp
            if (sp[0] <= 0 or sp[1] <= 0) and self.check_end():  # DS-G1
                continue
            wnd = self.wnd
            if wnd.frames:
                seat = wnd.settle(self)
                if seat is None:
                    continue
                if self.may_answer(seat, wnd.frames[-1].kind):
                    return
                if self.narrating:
                    self.log_records([(None, (PASS_EVENT, seat, wnd.frames[-1].kind, True))])
                wnd.pass_()
                continue
            if self.bid is not None:
                return
            ph = self.phase
            if ph == MAIN:  # the main step always asks
                return
            a = self.active
            if ph == DRAW:
                if self.draw_is_a_decision(a):
                    self.remember_legal(self.draw_options(a))
                    return
                opts = self.draw_options(a)
                if opts:  # one plain draw: no decision to make
                    self.draw_step(a, opts[0].args[0])
                else:
                    self.log("no_draw", seat=a)
                    self.phase = MAIN
                continue
            if ph == EXTRA:
                opts = self.extra_options(a)
                if opts:
                    self.remember_legal(opts)
                    return
                self.phase = MAIN
                continue
            if ph == BATTLE:
                opts = self.battle_actions(a)
                if len(opts) > 1:
                    self.remember_legal(opts)
                    return
                self.phase = ENDSTEP
                continue
            if ph == ENDSTEP:
                self.end_turn()
                continue
            if ph == SIDE and self.swaps_left[self.side_seat] <= 0 and self.side_pending < 0:
                self.side_done()
                continue
            return

    def thaw_hand(self, p: int) -> None:
        """DS-R2: frozen cards in ``p``'s hand thaw at ``p``'s end step (a plain one is known to be there)."""
        plain = self.table.plain
        for h in self.hand[p]:
            if h.frozen and not h.poison:  # plain now, and known to be there
                self.show(p, h.card)
        self.hand[p] = sorted(
            plain[h.card] if not h.poison else h._replace(frozen=False) for h in self.hand[p]
        )

    def start_turn(self, p: int) -> None:
        """A new turn: DS-G2 draw step first. Super Charge becomes active (DS-X7)."""
        self.turn += 1
        self.active = p
        self.turns_taken = with_seat(self.turns_taken, p, self.turns_taken[p] + 1)
        self.summoned = self.exchanged = self.shifted = self.rushed = False
        self.attacks = 0
        turn = self.turn
        if self.narrating:
            for u in self.scene[p]:
                if u.charged_turn == turn:
                    self.log("supercharged", seat=p, card=self.table.name[u.card], power=self.attack_of(p, u))
            self.log_records([(None, (TURN_EVENT, p, self.turn, list(self.sp)))])
        self.phase = DRAW

    def end_turn(self) -> None:
        """DS-G2 end step: poison (DS-R2), end-step abilities, thaw; then the other player's turn."""
        t = self.table
        p = self.active
        field = self.scene[p] + self.parked[p]
        for u in field:
            if u.poison:
                self.lose_sp(p, u.poison, "y_poisoned", t.name[u.card])
        ran = False
        for u in field:
            if u.shifted:
                continue
            for prog in t.abil[u.card]["end"]:
                self.run(prog, p, u.uid)
                ran = True
        turn = self.turn
        for u in self.scene[p] + self.parked[p] if ran else field:
            if u.frozen_until == turn:
                self.log("thaw", seat=p, card=t.name[u.card])
        for h in self.hand[p]:
            if h.frozen:  # frozen cards in hand thaw too
                self.thaw_hand(p)
                break
        if self.check_end():
            return
        if self.turn >= self.game.options.max_turns:  # house safety net: the higher SP wins
            w = 0 if self.sp[0] > self.sp[1] else 1 if self.sp[1] > self.sp[0] else None
            self.finish_game(w, "turn_limit")
            return
        self.start_turn(1 - p)

    # ------------------------------------------------------------------------------ the main step
    def program_ok(self, p: int, prog: Program, src: Unit | None) -> bool:
        """Extra conditions some blocks put on activation: a zone with room to move to, a launcher on the
        Battle Scene."""
        if prog.moves_zone and src is not None:
            if src in self.scene[p]:
                if len(self.parked[p]) >= SUPPORT_SPIRITS_MAX:
                    return False
            elif len(self.scene[p]) >= BATTLE_SCENE_MAX:
                return False
        return not prog.launch_self or (src is not None and src in self.scene[p])

    def evolution_ok(self, p: int, u: Unit, evo: int) -> bool:
        """DS-C3: the D-Evolution is in the side deck or the D-World and its condition holds."""
        if evo not in self.side[p] and evo not in self.dworld[p]:
            return False
        for cnd in self.table.cond[evo]:
            if not cnd.impl(cnd.p, self, p, u):
                return False
        return True

    def main_actions(self, p: int) -> list[Action]:
        """The main step's actions (DS-G2): summons, then what each D-Spirit in play may do, then support
        cards, then the battle step. Interned actions are found by their arguments; a notation is built
        only for an action not yet interned."""
        t = self.table
        kinds = t.by_kind
        bs, sz = self.scene[p], self.parked[p]  # the Battle Scene and the Support Zone
        turn = self.turn
        sp = self.sp[p]
        kind, main_play = t.kind, t.main_play
        out: list[Action] = []
        plays: list[Action] = []  # DS-C2 support cards, listed after the D-Spirits' actions
        spirits: list[HandCard] = []  # the hand's distinct D-Spirits (statuses count)
        may_summon = not self.summoned and len(bs) < BATTLE_SCENE_MAX  # DS-G3 one Regular Summon per turn
        summons = kinds["summon"]
        # the hand is sorted (D-Spirits first, copies side by side); a copy is most often the very object
        # before it (plain cards are interned, see Table.plain)
        last: HandCard | None = None
        for h in self.hand[p]:
            if h is last:
                continue
            c = h.card
            if kind[c] == SPIRIT:
                if h != last:
                    spirits.append(h)
                    if may_summon:
                        a = summons.get(h)
                        if a is None:
                            a = summons[h] = t.act(f"summon {self.hand_label(h)}", "summon", (h,))
                        out.append(a)
            elif main_play[c] and (last is None or c != last.card):
                if kind[c] == REALM:
                    if sp > t.bid[c]:  # DS-R1: the opening bid must be affordable
                        plays.append(t.play_act[c])
                elif kind[c] != MOVECARD or (sp > t.cost[c] and self.controls_all(p, t.requires[c])):
                    eff = t.effect[c]
                    if eff is None or eff.choose is None:
                        plays.append(t.play_act[c])
                    else:
                        self.with_targets(plays, "play", (c,), p, eff, None)
            last = h
        if bs or sz:
            labels = self.labels(p)
            stances = kinds["stance"]
            acts = t.activates
            shift = self.game.options.old_rules and not self.shifted and sp > SOUL_SHIFT_COST
            shift = shift and len(sz) < SUPPORT_SPIRITS_MAX  # DS-X4 Soul Shift (old rules only)
            may_exchange = not self.exchanged and bool(spirits)
            for i, u in enumerate(bs):
                lab = labels[i]
                # neither Frozen (DS-R2) nor restricted after enduring (DS-B2); turns count from 1
                if u.frozen_until < turn and u.restricted_until < turn:
                    # DS-X3 Soul Exchange: Super D-Summoned, or on the field since an earlier turn
                    if may_exchange and (u.super_summoned or u.entered < turn):
                        exchanges = kinds["exchange"]
                        for h in spirits:
                            a = exchanges.get((lab, h))
                            if a is None:
                                name = self.hand_label(h)
                                a = exchanges[lab, h] = t.act(f"exchange {lab} {name}", "exchange", (lab, h))
                            out.append(a)
                    if u.stanced_on != turn:  # DS-G4 stance change
                        a = stances.get(lab)
                        if a is None:
                            a = stances[lab] = t.act(f"stance {lab}", "stance", (lab,))
                        out.append(a)
                if shift or acts[u.card]:
                    self.spirit_actions(out, p, u, lab, True, shift)
            nb = len(bs)
            for k, u in enumerate(sz):
                if acts[u.card]:
                    self.spirit_actions(out, p, u, labels[nb + k], False, False)
        out += plays
        out.append(BATTLE_ACT)
        return out

    def spirit_actions(
        self, out: list[Action], p: int, u: Unit, lab: str, on_scene: bool, shift: bool
    ) -> None:
        """What ``p``'s D-Spirit ``u`` (labelled ``lab``) may activate in the main step: on the Battle Scene
        its special move, D-Evolutions and Soul Shift (``shift``: allowed now); anywhere its abilities."""
        t = self.table
        turn = self.turn
        sp = self.sp[p]
        c = u.card
        if on_scene:
            prog = t.move[c]  # DS-C1 special move, once per turn, before the battle step
            if (
                prog is not None
                and u.moved_on != turn
                and not u.shifted
                and sp > prog.cost
                and self.program_ok(p, prog, u)
            ):
                self.with_targets(out, "move", (lab,), p, prog, u)
            evolves = t.by_kind["evolve"]
            for e in t.evos[c]:  # DS-C3
                if self.evolution_ok(p, u, e):
                    a = evolves.get((e, lab))
                    if a is None:
                        a = evolves[e, lab] = t.act(f"evolve {t.slug[e]} {lab}", "evolve", (e, lab))
                    out.append(a)
            if shift:  # DS-X4 Soul Shift (old rules only)
                out.append(t.act(f"shift {lab}", "shift", (lab,)))
        if not u.shifted:
            for j, prog in enumerate(t.command[c]):  # DS-C1 abilities, each once per turn
                if not u.used_ability(j, turn) and sp > prog.cost and self.program_ok(p, prog, u):
                    self.with_targets(out, "ability", (lab, j), p, prog, u)

    def _do_summon(self, a: Action) -> None:
        p = self.active
        h = a.args[0]
        self.take_from_hand(p, h)
        self.summoned = True
        self.summon(p, h, sup=False)

    def _do_exchange(self, a: Action) -> None:
        """DS-X3: back to hand, replaced by a D-Spirit from hand (not a summon: no summon abilities)."""
        p = self.active
        lab, h = a.args
        u = self.find_unit(p, lab)
        assert u is not None
        t = self.table
        self.exchanged = True
        i = self.scene[p].index(u)
        self.take_from_hand(p, h)
        self.to_hand(p, u, "y_soul_exchange")
        new = self.new_unit(p, h.card, False)
        if h.frozen:
            new.frozen_until = self.next_end(p)
        new.poison = h.poison
        self.place(p, new, index=i)
        if self.narrating:
            self.log_records([(None, (EXCHANGE_EVENT, p, t.name[u.card], t.name[h.card]))])

    def _do_stance(self, a: Action) -> None:
        """DS-G4: Attack stance to Endure stance or back, once per turn."""
        p = self.active
        u = self.find_unit(p, a.args[0])
        assert u is not None
        u = self.writable(p, u)
        u.stance ^= 1
        u.stanced_on = self.turn
        if self.narrating:
            self.log_records([(None, (STANCE_EVENT, p, self.table.name[u.card], STANCES[u.stance]))])

    def activate(self, p: int, prog: Program, src: Unit | None, label: str) -> None:
        self.open_link(p, prog, src.uid if src is not None else -1, label)

    def _do_move(self, a: Action) -> None:
        """DS-C1: a special move, once per turn, paid in SP."""
        p = self.active
        lab, tgt = a.args
        u = self.find_unit(p, lab)
        assert u is not None
        prog = self.table.move[u.card]
        assert prog is not None
        u = self.writable(p, u)
        u.moved_on = self.turn
        self.pay(p, prog.cost, "y_named", prog.name)
        self.activate(p, prog, u, tgt)

    def _do_ability(self, a: Action) -> None:
        """DS-C1: an ability activated on command, once per turn."""
        p = self.active
        lab, j, tgt = a.args
        u = self.find_unit(p, lab)
        assert u is not None
        prog = self.table.command[u.card][j]
        u = self.writable(p, u)
        if u.abilities_on != self.turn:
            u.abilities_on = self.turn
            u.abilities_used = 0
        u.abilities_used |= 1 << j
        self.pay(p, prog.cost, "y_named", prog.name)
        self.activate(p, prog, u, tgt)

    def _do_play(self, a: Action) -> None:
        """DS-C2: a support card from hand; a Realm opens bidding (DS-R1)."""
        t = self.table
        p = self.active
        cid, tgt = a.args
        self.take_from_hand(p, t.plain[cid])
        k = t.kind[cid]
        if self.narrating:
            self.log_records([(None, (PLAY_EVENT, p, t.name[cid]))])
        if k == REALM:  # DS-R1: the opener bids the printed amount; the opponent may outbid
            if self.narrating:
                self.log_records([(None, (BID_EVENT, p, t.name[cid], t.bid[cid], "play"))])
            self.bid = Bid("play", p, cid, t.bid[cid], p, 1 - p, "hand")
            return
        if t.lasting[cid]:
            self.support_cards = with_seat(self.support_cards, p, (*self.support_cards[p], cid))
            self.refresh_auras()
        else:
            self.to_dworld(p, (cid,))
        prog = t.effect[cid]
        if k == MOVECARD:
            self.pay(p, t.cost[cid], "y_named", t.name[cid])
        if prog is not None:
            self.activate(p, prog, None, tgt)

    def _do_evolve(self, a: Action) -> None:
        """DS-C3: the D-Evolution goes on top of its base (not a summon)."""
        t = self.table
        p = self.active
        evo, lab = a.args
        u = self.find_unit(p, lab)
        assert u is not None
        src = "side" if evo in self.side[p] else "dworld"
        if src == "side":
            self.side = with_seat(self.side, p, without(self.side[p], evo))
        else:
            self.dworld = with_seat(self.dworld, p, without(self.dworld[p], evo))
        u = self.writable(p, u)
        old = u.card
        self.set_top(p, u, evo)
        self.log("evolve", seat=p, card=t.name[evo], base=t.name[old], source=src)

    def _do_shift(self, a: Action) -> None:
        """DS-X4 Soul Shift (old rules): 800 SP, to the Support Zone, abilities and moves inactive."""
        p = self.active
        u = self.find_unit(p, a.args[0])
        assert u is not None
        self.shifted = True
        self.pay(p, SOUL_SHIFT_COST, "x_shift")
        u = self.writable(p, u)
        self.remove_unit(p, u)
        self.place(p, u, parked=True)
        u.shifted = True
        self.log("shift", seat=p, card=self.table.name[u.card])

    def _do_battle(self, a: Action) -> None:
        self.start_battle()

    # ------------------------------------------------------------------------------ DS-D1 matches
    def side_actions(self) -> list[Action]:
        """DS-D1: swap a side-deck card for a card of the same deck (sizes and limits stay legal)."""
        t = self.table
        p = self.side_seat
        squad, support, side = self.lists[p]
        if self.side_pending >= 0:
            inc = self.side_pending
            deck = squad if t.kind[inc] == SPIRIT else support
            return [t.act(f"side out {t.slug[c]}", "side_out", (c,)) for c in sorted(set(deck)) if c != inc]
        out = []
        if self.swaps_left[p] > 0:
            for c in sorted(set(side)):
                k = t.kind[c]
                if k == EVOLUTION:
                    continue
                if k == SPIRIT and t.limit[c] == "limitless" and c in squad:
                    continue  # DS-D1 ruling: one Limitless copy in the D-Squad deck
                out.append(t.act(f"side in {t.slug[c]}", "side_in", (c,)))
        out.append(KEEP)
        return out

    def _do_side_in(self, a: Action) -> None:
        self.side_pending = a.args[0]

    def _do_side_out(self, a: Action) -> None:
        t = self.table
        p = self.side_seat
        squad, support, side = self.lists[p]
        inc, out = self.side_pending, a.args[0]
        deck = squad if t.kind[inc] == SPIRIT else support
        side.remove(inc)
        deck.remove(out)
        deck.append(inc)
        side.append(out)
        deck.sort()
        side.sort()
        self.side_pending = -1
        left = self.swaps_left[:]
        left[p] -= 1
        self.swaps_left = left
        self.log("side_swap", seat=p, card_in=t.name[inc], card_out=t.name[out])

    def _do_keep(self, a: Action) -> None:
        left = self.swaps_left[:]
        left[self.side_seat] = 0
        self.swaps_left = left
        self.side_done()

    def side_done(self) -> None:
        if self.side_seat == 0:
            self.side_seat = 1
            return
        self.new_game(self.open_seat)

    # ------------------------------------------------------------------------------ copies
    def clone(self) -> RulesState:
        """A copy (the protocol's state binds it to its own clone, ``Duel.clone``)."""
        s = RulesState()
        s.game = self.game
        s.table = self.table
        s.phase = self.phase
        s.active = self.active
        s.first = self.first
        s.turn = self.turn
        s.turns_taken = self.turns_taken
        s.sp = self.sp.copy()  # list.copy(): a slice costs a slice object more
        s.squad = self.squad  # tuples, shared (see the fields)
        s.support = self.support
        s.side = self.side
        s.dworld = self.dworld
        s.banished = self.banished
        s.support_cards = self.support_cards
        hand0, hand1 = self.hand
        s.hand = [hand0.copy(), hand1.copy()]
        scene0, scene1 = self.scene  # units are shared until written (copy on write)
        s.scene = [scene0.copy(), scene1.copy()]
        parked0, parked1 = self.parked
        s.parked = [parked0.copy(), parked1.copy()]
        s.label_memo = self.label_memo
        s.match_first = self.match_first
        s.shown = self.shown
        s.decks_at_start = self.decks_at_start
        s.token = new_token()
        self.token = new_token()
        s.ready = self.ready
        s.listed = self.listed
        s.realm = self.realm
        s.auras = self.auras
        s.aura_sums = self.aura_sums
        s.wnd = self.wnd.clone()
        s.bid = self.bid
        s.summoned = self.summoned
        s.exchanged = self.exchanged
        s.shifted = self.shifted
        s.rushed = self.rushed
        s.attacks = self.attacks
        s.uid_next = self.uid_next
        s.open_seat = self.open_seat
        s.over = self.over
        s.win = self.win
        s.lists = [(d[0][:], d[1][:], d[2][:]) for d in self.lists] if self.game.options.match else self.lists
        s.game_no = self.game_no
        s.match_wins = self.match_wins
        s.results = self.results
        s.side_seat = self.side_seat
        s.side_pending = self.side_pending
        s.swaps_left = self.swaps_left
        s.narrating = self.narrating  # its host, bound for each step, keeps events if this one's does
        s.host = None
        return s

    # ------------------------------------------------------------------------------ the protocol's hooks
    def decision_actions(self) -> list[Action]:
        """The legal actions of the decision at hand (the protocol's ``legal_actions``, through the module's
        ``legal_actions`` below)."""
        frames = self.wnd.frames
        if frames and not frames[-1].resolving:  # a window waits for a decision
            seat, kind = frames[-1].priority, frames[-1].kind
            if kind == "endure":
                return [ENDURE_ACT, FALL_ACT]
            if kind == "target":
                return self.target_options(seat)
            out = self.responses(seat)
            out.append(PASS)
            return out
        if self.bid is not None:
            return self.bid_actions()
        ph = self.phase
        p = self.active
        if ph == MAIN:
            return self.main_actions(p)
        if ph == BATTLE:
            return self.battle_actions(p)
        if ph == DRAW:
            return self.draw_options(p)
        if ph == EXTRA:
            return self.extra_options(p)
        if ph == OPEN:
            return self.opening_options()
        if ph == SIDE:
            return self.side_actions()
        return []

    def play(self, action: Action) -> None:
        """``action`` played and the rules run on to the next decision (the protocol's step, through ``apply``
        below)."""
        HANDLERS[action.kind](self, action)
        self.proceed()


# -- the protocol's state's hooks (duel.Duel): compiled functions, which do not bind as methods, set as the
# hooks themselves (the base calls them through the class): no Python call between on search's hot path
def legal_actions(state: Any) -> list[Action]:
    """The legal actions of the protocol's state ``state`` (``State._legal_actions``): its record's."""
    duel: RulesState = state.duel
    duel.host = state  # for this step (StateBase.bind; its narrating is the record's already)
    try:
        return duel.decision_actions()
    finally:
        duel.host = None  # StateBase.release


def apply(state: Any, action: Action) -> None:
    """``action`` applied to the protocol's state ``state`` (``State._apply``): to its record."""
    duel: RulesState = state.duel
    duel.host = state  # for this step (StateBase.bind; its narrating is the record's already)
    try:
        duel.play(action)
    finally:
        duel.host = None  # StateBase.release


@lru_cache(maxsize=256)
def _listed(t: Table, support: tuple[int, ...], side: tuple[int, ...]) -> Listed:
    """The response signals and Realms of a Support decklist with their copies, and the Realms of a side
    deck (once per pair of decklists)."""
    cards = sorted(set(support))
    return Listed(
        tuple((c, support.count(c)) for c in cards if t.response[c]),
        tuple((c, support.count(c)) for c in cards if t.kind[c] == REALM),
        tuple(sorted({c for c in side if t.kind[c] == REALM})),
    )


# each kind of action's handler (``_do_<kind>``), found once rather than by name at every step
HANDLERS: Final[dict[str, Callable[[RulesState, Action], None]]] = {
    name.removeprefix("_do_"): getattr(RulesState, name)
    for name in dir(RulesState)
    if name.startswith("_do_")
}

__all__ = ["BATTLE_ACT", "HANDLERS", "KEEP", "RULES_OF", "RulesState", "apply", "legal_actions"]
