"""The D-Spirits state, layer 2: SP, what a D-Spirit's numbers are now, finding D-Spirits in play, hands,
the primitives effect blocks act through (destroy, launch, draw, …), summons and the targets an effect may
choose, and the end of a game (see :mod:`.state` for the layers).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from typing import Final, cast

from .blocks import CHOOSING
from .cards import SPIRIT, Program
from .state import (
    ACTIVATE_EVENT,
    BATTLE_SCENE_MAX,
    DECKS,
    DESTROY_EVENT,
    DRAW_EVENT,
    DREW_EVENT,
    MODIFY_EVENT,
    OPEN,
    OVER,
    SIDE,
    SP_EVENT,
    SUMMON_EVENT,
    SUPPORT_SPIRITS_MAX,
    TO_HAND_EVENT,
    TRIGGER_EVENT,
    AttackItem,
    Aura,
    ChainItem,
    Ctx,
    HandCard,
    Link,
    Located,
    StateBase,
    TargetChoice,
    Unit,
    with_seat,
    without,
)
from .table import hand_label

NO_AURA: Final = (0, 0)  # what no aura adds to attack and endurance


class SpiritState(StateBase):
    """SP, D-Spirits in play and the primitives of a D-Spirits game."""

    __slots__ = ()

    # ------------------------------------------------------------------------------ SP
    def afford(self, p: int, cost: int) -> bool:
        """An SP payment must leave the payer at least 1 SP (docs/rulings.md)."""
        return self.sp[p] > cost

    def pay(self, p: int, cost: int, why: str, by: str = "") -> None:
        if cost:
            self.sp[p] -= cost
            if self.narrating:
                self.log_records([(None, (SP_EVENT, p, -cost, self.sp[p], why, by))])

    def lose_sp(self, p: int, amount: int, why: str, by: str = "") -> None:
        """DS-B3 and every other SP loss; the game ends when the event is over (``check_end``)."""
        if amount > 0:
            self.sp[p] -= amount
            if self.narrating:
                self.log_records([(None, (SP_EVENT, p, -amount, self.sp[p], why, by))])

    def gain_sp(self, p: int, amount: int, why: str, by: str = "") -> None:
        if amount > 0:
            self.sp[p] += amount
            if self.narrating:
                self.log_records([(None, (SP_EVENT, p, amount, self.sp[p], why, by))])

    # ------------------------------------------------------------------------------ a D-Spirit's numbers
    def refresh_auras(self) -> None:
        """Static effects in force: the Realm's (DS-R1) and lasting signals' in Support Zones (DS-B6)."""
        t = self.table
        out: list[Aura] = []
        sources = [(p, c) for p in (0, 1) for c in self.support_cards[p]]
        if self.realm is not None:
            sources.append(self.realm)
        for owner, c in sources:
            for a in t.statics[c]:
                bit = t.type_bit.get(a.type, 0) if a.type else 0
                out.append((owner, a.side, bit, 0 if a.stat == "attack" else 1, a.amount))
        self.auras = tuple(out)
        self.aura_sums = t.aura_memo(self.auras)

    def auras_on(self, p: int, cid: int) -> tuple[int, int]:
        """What the auras in force add to the attack and the endurance of ``p``'s card ``cid`` (remembered
        per set of auras: it depends on nothing else)."""
        auras = self.auras
        if not auras:
            return NO_AURA
        memo = self.aura_sums.by_seat[p]
        v = memo[cid]
        if v is None:
            attack = endurance = 0
            types = self.table.types[cid]
            for owner, side, bit, stat, amount in auras:
                if bit and not types & bit:
                    continue
                if side == "all" or (side == "own") == (owner == p):
                    if stat == 0:
                        attack += amount
                    else:
                        endurance += amount
            v = memo[cid] = (attack, endurance)
        return v

    def numbers(self, p: int, u: Unit) -> tuple[int, int]:
        """``p``'s D-Spirit ``u``'s Attack power and Endurance now (see :meth:`numbers_of`)."""
        return self.numbers_of(p, (u,))[0]

    def numbers_of(self, p: int, units: Sequence[Unit]) -> list[tuple[int, int]]:
        """The Attack power and Endurance now of each of ``p``'s D-Spirits ``units``: printed + modifiers
        + auras, the attack doubled while Super Charged (DS-X7), neither below 0."""
        t = self.table
        atk, endu = t.atk, t.endu
        turn = self.turn
        sums = self.aura_sums.by_seat[p] if self.auras else None
        out = []
        for u in units:
            c = u.card
            attack = atk[c] + u.attack_bonus
            endurance = endu[c] + u.endurance_bonus
            if u.modified_on == turn:
                attack += u.turn_attack
                endurance += u.turn_endurance
            if sums is not None:
                more_attack, more_endurance = sums[c] or self.auras_on(p, c)  # remembered, or found
                attack += more_attack
                endurance += more_endurance
            if u.charged_turn == turn and turn:
                attack *= 2
            out.append((attack if attack > 0 else 0, endurance if endurance > 0 else 0))
        return out

    def attack_of(self, p: int, u: Unit) -> int:
        """Attack power now (see :meth:`numbers`)."""
        return self.numbers(p, u)[0]

    def endurance_of(self, p: int, u: Unit) -> int:
        """Endurance now (see :meth:`numbers`)."""
        return self.numbers(p, u)[1]

    def is_frozen(self, u: Unit) -> bool:
        """DS-R2: Frozen until its controller's next end step."""
        return u.frozen_until >= self.turn and u.frozen_until > 0

    def is_restricted(self, u: Unit) -> bool:
        """DS-B2: the turn after enduring it cannot attack, change stance or be soul-exchanged."""
        return u.restricted_until >= self.turn and u.restricted_until > 0

    def own_turns(self, p: int, u: Unit) -> int:
        """How many of its controller's turns ``u`` has been on the field, this one included."""
        return self.turns_taken[p] - u.since

    def next_end(self, p: int) -> int:
        """The turn whose end step is ``p``'s next (Frozen lasts until then, DS-R2)."""
        return self.turn if self.active == p else self.turn + 1

    # ------------------------------------------------------------------------------ finding D-Spirits
    def locate(self, uid: int) -> Located | None:
        for p in (0, 1):
            for u in self.scene[p]:
                if u.uid == uid:
                    return p, u
            for u in self.parked[p]:
                if u.uid == uid:
                    return p, u
        return None

    def writable(self, p: int, u: Unit) -> Unit:
        """``p``'s unit ``u`` ready to change: itself if this state owns it, else a copy put in its place
        (units are shared with clones until written: copy on write). Rebind: ``u = s.writable(p, u)``."""
        if u.owner == self.token:
            return u
        c = u.copy(self.token)
        for zone in (self.scene[p], self.parked[p]):
            for i, x in enumerate(zone):
                if x is u:
                    zone[i] = c
                    return c
        raise AssertionError(f"unit {u.uid} is not in play for seat {p}")

    def remove_unit(self, p: int, u: Unit) -> None:
        """``u`` leaves play (the field changes only through this, :meth:`place` and :meth:`set_top`)."""
        if u in self.scene[p]:
            self.scene[p].remove(u)
        else:
            self.parked[p].remove(u)
        self.label_memo = with_seat(self.label_memo, p, None)

    def place(self, p: int, u: Unit, parked: bool = False, index: int | None = None) -> None:
        """``u`` enters ``p``'s Battle Scene (or Support Zone), last or at ``index``."""
        zone = self.parked[p] if parked else self.scene[p]
        zone.insert(len(zone) if index is None else index, u)
        self.label_memo = with_seat(self.label_memo, p, None)

    def set_top(self, p: int, u: Unit, card: int) -> None:
        """A D-Evolution goes on top of ``p``'s ``u`` (DS-C3); ``u`` must be writable."""
        u.under = (*u.under, u.card)
        u.card = card
        self.label_memo = with_seat(self.label_memo, p, None)

    def labels(self, p: int) -> tuple[str, ...]:
        """Stable names of ``p``'s D-Spirits in play (Battle Scene then Support Zone): the card's slug,
        with ``#n`` when two share a card. Remembered until that seat's field changes."""
        labels = self.label_memo[p]
        if labels is None:
            labels = self.fresh_labels(p)
            self.label_memo = with_seat(self.label_memo, p, labels)
        return labels

    def fresh_labels(self, p: int) -> tuple[str, ...]:
        parked = self.parked[p]
        return self.table.field_labels(
            tuple([u.card for u in (self.scene[p] + parked if parked else self.scene[p])])
        )

    def find_unit(self, p: int, label: str) -> Unit | None:
        """``p``'s D-Spirit in play named ``label`` (see :meth:`labels`)."""
        labels = self.labels(p)
        try:
            i = labels.index(label)
        except ValueError:
            return None
        nb = len(self.scene[p])
        return self.scene[p][i] if i < nb else self.parked[p][i - nb]

    def controls(self, p: int, cid: int) -> bool:
        """A D-Spirit is under your control if its top card or any card of its stack is ``cid``."""
        for u in self.scene[p] + self.parked[p]:
            if u.card == cid or cid in u.under:
                return True
        return False

    def controls_all(self, p: int, cids: tuple[int, ...]) -> bool:
        """Whether ``p`` controls a D-Spirit of each card of ``cids`` (a move card's requirement, DS-C2)."""
        for cid in cids:
            if not self.controls(p, cid):
                return False
        return True

    # ------------------------------------------------------------------------------ hands
    def hand_label(self, h: HandCard) -> str:
        """A card in hand as notations name it: ``tuskaroo``, ``tuskaroo+frozen+poison300`` (DS-R2)."""
        return hand_label(self.table, h)

    def show(self, p: int, c: int) -> None:
        """Every seat saw plain card ``c`` go into ``p``'s hand (a D-Spirit back to hand, a Realm won by
        Field Rush): it is known to be there until it leaves (docs/rulings.md)."""
        self.shown = with_seat(self.shown, p, tuple(sorted((*self.shown[p], c))))

    def take_from_hand(self, p: int, h: HandCard) -> None:
        """``h`` leaves ``p``'s hand: one copy fewer is known to be there (which copy left, a shown one or
        one drawn unseen, only ``p`` knows)."""
        self.hand[p].remove(h)
        shown = self.shown[p]
        if shown and not h.marked and h.card in shown:
            self.shown = with_seat(self.shown, p, without(shown, h.card))

    def known_in_hand(self, p: int) -> list[HandCard]:
        """The cards of ``p``'s hand every seat knows: statused ones (DS-R2) and shown plain ones."""
        plain = self.table.plain
        return sorted([h for h in self.hand[p] if h.marked] + [plain[c] for c in self.shown[p]])

    def hand_spirit_count(self, p: int) -> int:
        """How many D-Spirits ``p`` holds (public: the backs of the two decks differ, docs/rulings.md)."""
        return bisect_left(self.hand[p], self.table.after_spirits)  # sorted: D-Spirits first (see Table)

    def holds_support(self, p: int) -> bool:
        """Whether ``p`` holds any support card (public, as :meth:`hand_spirit_count`)."""
        hand = self.hand[p]
        return bool(hand) and self.table.kind[hand[-1].card] != SPIRIT  # sorted: support cards last

    def to_dworld(self, p: int, cards: tuple[int, ...]) -> None:
        """``cards`` go to ``p``'s D-World, in this order (the last on top)."""
        self.dworld = with_seat(self.dworld, p, self.dworld[p] + cards)

    def to_hand(self, p: int, u: Unit, why: str, by: str = "") -> None:
        """Back to hand: the base card, keeping its statuses (DS-R2); D-Evolutions on it go to the D-World."""
        self.remove_unit(p, u)
        stack = (*u.under, u.card)
        base = stack[0]
        if len(stack) > 1:
            self.to_dworld(p, stack[1:])
        frozen = self.is_frozen(u)
        h = HandCard(base, frozen, u.poison) if frozen or u.poison else self.table.plain[base]
        insort(self.hand[p], h)
        if not h.marked:
            self.show(p, base)
        if self.narrating:
            names = self.table.name
            self.log_records(
                [(None, (TO_HAND_EVENT, p, names[base], [names[c] for c in stack[1:]], why, by))]
            )

    def draw(self, p: int, deck: int, why: str, by: str = "") -> bool:
        """One card from the D-Squad (0) or Support (1) deck; which deck is public, the card is not."""
        src = self.squad[p] if deck == 0 else self.support[p]
        if not src:
            if self.narrating:
                self.log_records([(None, (DRAW_EVENT, p, DECKS[deck], 0, why, by))])
            return False
        c = src[-1]
        if deck == 0:
            self.squad = with_seat(self.squad, p, src[:-1])
        else:
            self.support = with_seat(self.support, p, src[:-1])
        insort(self.hand[p], self.table.plain[c])
        if self.narrating:
            self.log_records(
                [(None, (DRAW_EVENT, p, DECKS[deck], 1, why, by)), (p, (DREW_EVENT, p, self.table.name[c]))]
            )
        return True

    # ------------------------------------------------------------------------------ primitives for blocks
    def select(self, target: str, max_power: int, c: Ctx) -> list[Located]:
        """The D-Spirits a block acts on now (targets are checked again at resolution)."""
        out: list[Located] = []
        if target == "self":
            found = self.locate(c.src) if c.src >= 0 else None
            if found is not None:
                out.append(found)
        elif target in CHOOSING:
            if c.target_kind == "unit":
                found = self.locate(c.target)
                if found is not None:
                    q, u = found
                    if target == "foe":
                        ok = q != c.owner
                    elif target == "own":
                        ok = q == c.owner
                    elif target == "other_own":
                        ok = q == c.owner and u.uid != c.src
                    else:
                        ok = True
                    if ok and (not max_power or self.attack_of(q, u) <= max_power):
                        out.append(found)
        elif target == "attacker":
            i = self.wnd.find("attack")
            if i >= 0:
                it = self.item(i)
                found = self.locate(it.attacker) if isinstance(it, AttackItem) else None
                if found is not None and (not max_power or self.attack_of(*found) <= max_power):
                    out.append(found)
        else:
            seats = (1 - c.owner,) if target == "all_foes" else (c.owner,) if target == "all_own" else (0, 1)
            for q in seats:
                for u in self.scene[q] + self.parked[q]:
                    if not max_power or self.attack_of(q, u) <= max_power:
                        out.append((q, u))
        return out

    def destroy(self, p: int, u: Unit, why: str, by: str = "", killer: int = -1) -> None:
        """Destroyed: the whole stack to the D-World; the controller loses the top card's SP (DS-B3, DS-C3);
        its "when destroyed" abilities fire, unless an Elemental destroyed a Spooky in battle (DS-B5)."""
        t = self.table
        self.remove_unit(p, u)
        top = u.card
        self.to_dworld(p, (*u.under, top))
        if self.narrating:
            self.log_records([(None, (DESTROY_EVENT, p, t.name[top], [t.name[c] for c in u.under], why, by))])
        self.lose_sp(p, t.spv[top], "y_destroyed", t.name[top])
        progs = t.abil[top].get("destroyed", ()) if not u.shifted else ()
        if (
            progs
            and killer >= 0
            and self.game.options.elemental_negates_spooky
            and t.spooky[top]
            and t.elemental[killer]
        ):
            self.log("negated", seat=p, card=t.name[top], why="y_elemental", by=t.name[killer])  # DS-B5
            return
        for prog in progs:
            self.run(prog, p, u.uid)

    def banish(self, p: int, u: Unit, why: str, by: str = "") -> None:
        """Removed from play with its whole stack (DS-C3); no SP is lost."""
        self.remove_unit(p, u)
        self.banished = with_seat(self.banished, p, (*self.banished[p], *u.under, u.card))
        t = self.table
        self.log("banish", seat=p, card=t.name[u.card], stack=[t.name[c] for c in u.under], why=why, by=by)

    def modify(
        self, p: int, u: Unit, stat: str, amount: int, permanent: bool, why: str, by: str = ""
    ) -> None:
        u = self.writable(p, u)
        if not permanent and u.modified_on != self.turn:
            u.modified_on = self.turn
            u.turn_attack = u.turn_endurance = 0
        if stat == "attack":
            if permanent:
                u.attack_bonus += amount
            else:
                u.turn_attack += amount
        elif permanent:
            u.endurance_bonus += amount
        else:
            u.turn_endurance += amount
        if self.narrating:
            until = "permanent" if permanent else "turn"
            self.log_records(
                [(None, (MODIFY_EVENT, p, self.table.name[u.card], stat, amount, until, why, by))]
            )

    def inflict(self, p: int, u: Unit, status: str, amount: int, why: str, by: str = "") -> None:
        """DS-R2: Frozen until its controller's next end step; Poisoned until cured or out of play."""
        u = self.writable(p, u)
        if status == "frozen":
            u.frozen_until = self.next_end(p)
        else:
            u.poison = max(u.poison, amount)
        self.log("status", seat=p, card=self.table.name[u.card], status=status, amount=amount, why=why, by=by)

    def cure(self, p: int, u: Unit, why: str, by: str = "") -> None:
        u = self.writable(p, u)
        u.frozen_until = 0
        u.poison = 0
        self.log("cure", seat=p, card=self.table.name[u.card], why=why, by=by)

    def launch(self, c: Ctx, stat: str, at: str, launched: str) -> None:
        """DS-R3: a launched D-Spirit deals one of its stats to SP or a D-Spirit, then goes to the D-World.
        Not an attack and not a destruction: no SP is lost for it."""
        t = self.table
        uid = c.src if launched == "self" else (c.target if c.target_kind == "unit" else -1)
        found = self.locate(uid) if uid >= 0 else None
        if found is None:
            self.log("fizzle", seat=c.owner, name=c.name, why="y_launched_left")
            return
        q, u = found
        if q != c.owner or (launched == "other_own" and u.uid == c.src):
            return
        if stat == "attack":
            value = self.attack_of(q, u)
        elif stat == "endurance":
            value = self.endurance_of(q, u)
        else:
            value = t.spv[u.card]
        name = t.name[u.card]
        self.remove_unit(q, u)
        self.to_dworld(q, (*u.under, u.card))
        if at == "sp":
            self.log("launch", seat=q, card=name, stat=stat, value=value, at="sp")
            self.lose_sp(1 - q, value, "y_launched", name)
        else:
            tgt = self.locate(c.target) if c.target_kind == "unit" else None
            self.log("launch", seat=q, card=name, stat=stat, value=value, at="foe")
            if tgt is not None and tgt[0] != q and value > self.endurance_of(*tgt):
                self.destroy(tgt[0], tgt[1], "y_hit", name)

    def launch_fizzle(self, c: Ctx, launched: str) -> None:
        """DS-R3: a negated launch still sends the launched D-Spirit to the D-World."""
        uid = c.src if launched == "self" else (c.target if c.target_kind == "unit" else -1)
        found = self.locate(uid) if uid >= 0 else None
        if found is None or found[0] != c.owner:
            return
        q, u = found
        self.remove_unit(q, u)
        self.to_dworld(q, (*u.under, u.card))
        self.log("launch", seat=q, card=self.table.name[u.card], stat="", value=0, at="negated")

    def super_summon_chosen(self, c: Ctx) -> None:
        """DS-G3: a Super D-Summon of the chosen card from hand or D-World (if it is still there)."""
        p = c.owner
        if len(self.scene[p]) >= BATTLE_SCENE_MAX:
            self.log("fizzle", seat=p, name=c.name, why="y_scene_full")
            return
        h = c.target_hand
        if c.target_kind == "hand" and h is not None and h in self.hand[p]:
            self.take_from_hand(p, h)
            self.summon(p, h, sup=True)
        elif c.target_kind == "dworld" and c.target in self.dworld[p]:
            self.dworld = with_seat(self.dworld, p, without(self.dworld[p], c.target))
            self.summon(p, self.table.plain[c.target], sup=True)
        else:
            self.log("fizzle", seat=p, name=c.name, why="y_card_gone")

    def move_zone(self, c: Ctx) -> None:
        """Lampire: between the Support Zone and the Battle Scene (DS-B6)."""
        found = self.locate(c.src)
        if found is None:
            return
        p, u = found
        name = self.table.name[u.card]
        if u in self.scene[p]:
            if len(self.parked[p]) < SUPPORT_SPIRITS_MAX:
                self.remove_unit(p, u)
                self.place(p, u, parked=True)
                self.log("zone", seat=p, card=name, dest="support")
        elif len(self.scene[p]) < BATTLE_SCENE_MAX:
            self.remove_unit(p, u)
            self.place(p, u)
            self.log("zone", seat=p, card=name, dest="battle")

    def item(self, i: int) -> ChainItem:
        """The chain's item ``i`` (the core's window stack holds the game's own named tuples)."""
        return cast(ChainItem, self.wnd.items[i])

    def negate_below(self, c: Ctx) -> None:
        """DS-R4: negate the item under this one (the card or attack it responded to)."""
        items = self.wnd.items
        if items:
            it = self.item(len(items) - 1)
            if not it.negated:
                self.wnd.replace(len(items) - 1, it._replace(negated=True))
                self.log("negate", seat=c.owner, by=c.name, what=it.kind)

    def negate_attack(self, c: Ctx) -> None:
        i = self.wnd.find("attack")
        if i >= 0:
            self.wnd.replace(i, self.item(i)._replace(negated=True))
            self.log("negate", seat=c.owner, by=c.name, what="attack")

    # ------------------------------------------------------------------------------ summons and programs
    def new_unit(self, p: int, cid: int, sup: bool) -> Unit:
        """A unit entering ``p``'s field now (on ``p``'s turn that turn counts, D-Evolution conditions)."""
        uid = self.uid_next
        self.uid_next += 1
        since = self.turns_taken[p] - (1 if self.active == p and self.turn else 0)
        return Unit(cid, uid, self.turn, since, self.token, sup)

    def summon(self, p: int, h: HandCard, sup: bool) -> None:
        """DS-G3: onto the Battle Scene in Attack stance; statuses from the hand come along (DS-R2)."""
        t = self.table
        u = self.new_unit(p, h.card, sup)
        if h.frozen:
            u.frozen_until = self.next_end(p)
        u.poison = h.poison
        self.place(p, u)
        if self.narrating:
            kind = "super" if sup else "regular"
            self.log_records([(None, (SUMMON_EVENT, p, t.name[h.card], kind))])
        for prog in t.abil[h.card].get("summoned", ()):
            self.trigger(prog, p, u)

    def trigger(self, prog: Program, p: int, u: Unit) -> None:
        """A "when summoned" ability goes on the chain; its owner picks a target first if it needs one.

        A target in the owner's hand is always asked for while the owner holds any D-Spirit (whether one
        fits is hidden); targets on the field or in a D-World are public, so one choice is taken and none
        fizzles without asking."""
        if prog.choose is None:
            self.open_link(p, prog, u.uid, "")
            return
        if prog.choose == "hand":
            if len(self.scene[p]) < BATTLE_SCENE_MAX and self.hand_spirit_count(p):
                self.wnd.open("target", p, data=TargetChoice(prog.id, u.uid))
            else:
                self.log("fizzle", seat=p, name=prog.name, why="y_no_target")
            return
        choices = self.choices(p, prog, u)
        if not choices:
            self.log("fizzle", seat=p, name=prog.name, why="y_no_target")
        elif len(choices) == 1:
            self.open_link(p, prog, u.uid, choices[0])
        else:
            self.wnd.open("target", p, data=TargetChoice(prog.id, u.uid))

    def open_link(self, p: int, prog: Program, src: int, label: str) -> None:
        """DS-R4: ``prog`` goes on the chain with its target ``label``; the opponent may answer first."""
        kind, value, hand = self.resolve_choice(p, label)
        if self.narrating:
            card, seat = self.target_names(p, kind, value, hand)
            self.log_records([(None, (ACTIVATE_EVENT, p, prog.name, prog.source, card, seat, prog.trigger))])
        link = Link("link", p, prog.id, src, kind, value, hand, False)
        self.wnd.open("chain", 1 - p, trigger=link, opener_passed=True)

    def target_names(self, p: int, kind: str, value: int, hand: HandCard | None) -> tuple[str, int | None]:
        """A chosen target as events tell it: the card's name and whose it is (None: no target)."""
        t = self.table
        if kind == "unit":
            found = self.locate(value)
            return (t.name[found[1].card], found[0]) if found else ("", None)
        if kind == "hand" and hand is not None:
            return t.name[hand.card], p
        if kind == "dworld":
            return t.name[value], p
        return "", None

    def run(self, prog: Program, p: int, src: int) -> None:
        """Immediate abilities (destroyed / attack / end): no chain, no choice (docs/rulings.md)."""
        if self.narrating:
            self.log_records([(None, (TRIGGER_EVENT, p, prog.name, prog.source))])
        c = Ctx(p, src, prog.name, prog.id)
        for b in prog.effects:
            b.impl(b.p, self, c)

    def choices(self, p: int, prog: Program, src: Unit | None) -> Sequence[str]:
        """Target labels a program may choose now (prefixed foe:/own:/hand:/dworld:)."""
        t = self.table
        sel, mp = prog.choose, prog.max_power
        if not mp:  # every D-Spirit in play on the chosen side(s) (labels: the same order)
            if sel == "foe":
                return t.prefixed("foe:", self.labels(1 - p))
            if sel == "own":
                return t.prefixed("own:", self.labels(p))
            if sel == "any":
                return t.prefixed("own:", self.labels(p)) + t.prefixed("foe:", self.labels(1 - p))
        out: list[str] = []
        if sel == "hand":
            if len(self.scene[p]) >= BATTLE_SCENE_MAX:
                return out
            seen: list[HandCard] = []
            for h in self.hand[p]:  # sorted: copies are side by side
                c = h.card
                if t.kind[c] == SPIRIT and (not mp or t.atk[c] <= mp) and not (seen and h == seen[-1]):
                    seen.append(h)
                    out.append("hand:" + self.hand_label(h))
            return out
        if sel == "dworld":
            if len(self.scene[p]) >= BATTLE_SCENE_MAX:
                return out
            for c in sorted(set(self.dworld[p])):
                if t.kind[c] == SPIRIT and (not mp or t.atk[c] <= mp):
                    out.append("dworld:" + t.slug[c])
            return out
        sides = (1 - p,) if sel == "foe" else (p,) if sel in ("own", "other_own") else (p, 1 - p)
        for q in sides:
            names = self.labels(q)
            pre = "foe:" if q != p else "own:"
            field = self.scene[q] + self.parked[q] if sel != "other_own" else self.scene[q]
            for i, u in enumerate(field):
                if sel == "other_own" and (src is None or u.uid == src.uid):
                    continue
                if mp and self.attack_of(q, u) > mp:
                    continue
                out.append(pre + names[i])
        return out

    def resolve_choice(self, p: int, label: str) -> tuple[str, int, HandCard | None]:
        """A target label (see :meth:`choices`) as (kind, value, card in hand)."""
        pre, _, rest = label.partition(":")
        if pre == "hand":
            for h in self.hand[p]:
                if self.hand_label(h) == rest:
                    return "hand", h.card, h
        elif pre == "dworld":
            c = self.table.find(rest)
            if c is not None:
                return "dworld", c, None
        elif pre in ("foe", "own"):
            u = self.find_unit(1 - p if pre == "foe" else p, rest)
            if u is not None:
                return "unit", u.uid, None
        return "", 0, None

    # ------------------------------------------------------------------------------ the end of a game
    def check_end(self) -> bool:
        """DS-G1: a player at 0 SP or less loses (both at once: a draw)."""
        sp = self.sp
        if (sp[0] > 0 and sp[1] > 0) or self.phase in (OVER, SIDE, OPEN) or self.over:
            return False
        lost0, lost1 = sp[0] <= 0, sp[1] <= 0
        self.finish_game(None if lost0 and lost1 else (1 if lost0 else 0), "sp")
        return True

    def finish_game(self, w: int | None, reason: str) -> None:
        """A game is over; in a match (DS-D1, option ``match``) the side-deck swaps come next."""
        self.wnd.clear()
        self.bid = None
        self.results = [
            *self.results,
            {"game": self.game_no, "winner": w, "sp": list(self.sp), "reason": reason},
        ]
        self.log("game_over", game=self.game_no, winner=w, sp=list(self.sp), reason=reason)
        if w is not None:
            wins = self.match_wins[:]
            wins[w] += 1
            self.match_wins = wins
        o = self.game.options
        if not o.match or max(self.match_wins) >= 2 or self.game_no >= 3:
            self.over = True
            self.phase = OVER
            if o.match:
                mw = self.match_wins
                self.win = 0 if mw[0] > mw[1] else 1 if mw[1] > mw[0] else None
                self.log("match_over", winner=self.win, wins=list(mw))
            else:
                self.win = w
            return
        self.phase = SIDE
        self.side_seat = 0
        self.side_pending = -1
        self.swaps_left = [o.side_swaps, o.side_swaps]
        self.open_seat = (1 - w) if w is not None else self.host.rng.coin()  # the loser goes first


__all__ = ["SpiritState"]
