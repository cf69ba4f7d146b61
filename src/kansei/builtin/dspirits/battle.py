"""The D-Spirits state, layer 3: the battle step (DS-G2) and battle (DS-B1..DS-B6), with the battle-step
game breakers Limbo (DS-X5) and Super Charge (DS-X7).

An attack is declared onto the chain as an :class:`AttackItem`; the opponent may respond (DS-R4) and it
resolves after its responses. Endure (DS-B2) is a one-decision window for the defender.
"""

from __future__ import annotations

from typing import Final

from kansei.core.protocol import Action

from .spirits import SpiritState
from .state import (
    ATTACK_EVENT,
    ATTACK_STANCE,
    BATTLE,
    BATTLE_EVENT,
    ENDSTEP,
    ENDURE_STANCE,
    LIMBO_COST,
    STEP_EVENT,
    SUPER_CHARGE_COST,
    SUPERCHARGE_EVENT,
    AttackItem,
    EndureChoice,
    Unit,
)

END_ACT: Final = Action("end", "end")
ENDURE_ACT: Final = Action("endure", "endure")
FALL_ACT: Final = Action("fall", "fall")


class BattleState(SpiritState):
    __slots__ = ()

    # ------------------------------------------------------------------------------ the battle step
    def start_battle(self) -> None:
        """DS-G2: only D-Spirits on the Battle Scene as the battle step begins may attack."""
        self.phase = BATTLE
        self.ready = tuple([u.uid for u in self.scene[self.active]])
        if self.narrating:
            self.log_records([(None, (STEP_EVENT, self.active, "battle"))])

    def may_attack(self, p: int) -> bool:
        """DS-G2 ruling: the first player does not attack on their first turn."""
        return self.game.options.first_turn_attack or not (p == self.first and self.turns_taken[p] == 1)

    def charged(self, p: int) -> bool:
        """A Super Charge of ``p``'s is active this turn (DS-X7)."""
        turn = self.turn
        for u in self.scene[p]:
            if u.charged_turn == turn:
                return True
        return False

    def attackers(self, p: int, charged: bool) -> list[Unit]:
        """DS-G2/DS-G4: Battle Scene D-Spirits in Attack stance, there when the step began, not yet used,
        neither Frozen nor restricted; a Super Charged D-Spirit is the only one that may attack (DS-X7;
        ``charged``: :meth:`charged`)."""
        turn = self.turn
        ready = self.ready
        out = []
        for u in self.scene[p]:
            if (
                (not charged or u.charged_turn == turn)
                and u.uid in ready
                and u.attacked_on != turn
                and u.stance == ATTACK_STANCE
                and not self.is_frozen(u)
                and not self.is_restricted(u)
            ):
                out.append(u)
        return out

    def battle_actions(self, p: int) -> list[Action]:
        t = self.table
        out: list[Action] = []
        scene = self.scene[p]
        if (scene or self.parked[p]) and self.may_attack(p):
            q = 1 - p
            labels = self.labels(p)
            nb = len(scene)
            nq = len(self.scene[q])
            # DS-B6: only the Battle Scene may be targeted; DS-B4: direct only against an empty one
            targets = self.labels(q)[:nq] if nq else ("direct",)
            attacks = t.by_kind["attack"]
            charged = self.charged(p)
            for u in self.attackers(p, charged):
                lab = labels[scene.index(u)]
                for tgt in targets:
                    a = attacks.get((lab, tgt))
                    if a is None:
                        a = attacks[lab, tgt] = t.act(f"attack {lab} {tgt}", "attack", (lab, tgt))
                    out.append(a)
            sp = self.sp[p]
            if not charged and sp > LIMBO_COST:  # DS-X5 Limbo (affordable)
                for k, u in enumerate(self.parked[p]):
                    if (
                        u.attacked_on == self.turn
                        or u.shifted
                        or u.stance != ATTACK_STANCE
                        or self.is_frozen(u)
                        or self.is_restricted(u)
                    ):
                        continue
                    lab = labels[nb + k]
                    limbos = t.by_kind["limbo"]
                    for tgt in targets:
                        a = limbos.get((lab, tgt))
                        if a is None:
                            a = limbos[lab, tgt] = t.act(f"limbo {lab} {tgt}", "limbo", (lab, tgt))
                        out.append(a)
            if self.attacks == 0 and not charged and sp > SUPER_CHARGE_COST:  # DS-X7 (affordable)
                charges = t.by_kind["supercharge"]
                for lab in labels[:nb]:
                    a = charges.get(lab)
                    if a is None:
                        a = charges[lab] = t.act(f"supercharge {lab}", "supercharge", (lab,))
                    out.append(a)
        out.append(END_ACT)
        return out

    def declare(self, p: int, att: Unit, tgt_label: str, limbo: bool) -> None:
        """DS-B1: the attack goes on the chain; "when it attacks" abilities fire at once."""
        t = self.table
        q = 1 - p
        tgt = None if tgt_label == "direct" else self.find_unit(q, tgt_label)
        att = self.writable(p, att)
        att.attacked_on = self.turn
        self.attacks += 1
        if limbo:
            self.pay(p, LIMBO_COST, "x_limbo")
        if self.narrating:
            target = t.name[tgt.card] if tgt else "direct"
            self.log_records([(None, (ATTACK_EVENT, p, t.name[att.card], target, limbo))])
        for prog in t.abil[att.card].get("attack", ()):
            self.run(prog, p, att.uid)
        item = AttackItem("attack", p, att.uid, tgt.uid if tgt else -1, False, limbo)
        self.wnd.open("attack", q, trigger=item, opener_passed=True)

    def _do_attack(self, a: Action) -> None:
        lab, tgt = a.args
        att = self.find_unit(self.active, lab)
        assert att is not None
        self.declare(self.active, att, tgt, False)

    def _do_limbo(self, a: Action) -> None:
        """DS-X5 Limbo: 1200 SP for a D-Spirit in your Support Zone to attack."""
        lab, tgt = a.args
        att = self.find_unit(self.active, lab)
        assert att is not None
        self.declare(self.active, att, tgt, True)

    def _do_supercharge(self, a: Action) -> None:
        """DS-X7: 500 SP, skip this battle; next turn that D-Spirit's attack doubles and it alone attacks."""
        p = self.active
        u = self.find_unit(p, a.args[0])
        assert u is not None
        self.pay(p, SUPER_CHARGE_COST, "x_supercharge")
        u = self.writable(p, u)
        u.charged_turn = self.turn + 2
        if self.narrating:
            self.log_records([(None, (SUPERCHARGE_EVENT, p, self.table.name[u.card]))])
        self.phase = ENDSTEP

    def _do_end(self, a: Action) -> None:
        self.phase = ENDSTEP

    # ------------------------------------------------------------------------------ battle
    def battle_power(self, p: int, u: Unit, foe: Unit, stat: int) -> int:
        """The stat a battle compares, with the type boost when it has the advantage (DS-B5)."""
        v = self.attack_of(p, u) if stat == 0 else self.endurance_of(p, u)
        return v + self.table.adv[u.card][foe.card]

    def resolve_attack(self, item: AttackItem) -> None:
        """DS-B1..B4: the attack on top of the chain is carried out (after its responses, DS-R4)."""
        t = self.table
        p = item.owner
        q = 1 - p
        if item.negated:
            self.log("battle", seat=p, outcome="negated")
            return
        fa = self.locate(item.attacker)
        if fa is None or fa[0] != p:
            self.log("battle", seat=p, outcome="fizzled", why="y_attacker_left")
            return
        att = fa[1]
        if item.target < 0:  # DS-B4 direct attack
            if self.scene[q]:
                self.log("battle", seat=p, outcome="fizzled", why="y_foe_again")
                return
            a = self.attack_of(p, att)
            self.log("battle", seat=p, outcome="direct", attacker=t.name[att.card], power=a)
            self.lose_sp(q, a, "y_direct", t.name[att.card])
            return
        fd = self.locate(item.target)
        if fd is None or fd[0] != q or fd[1] not in self.scene[q]:
            self.log("battle", seat=p, outcome="fizzled", why="y_target_left")
            return
        dfd = fd[1]
        a = self.battle_power(p, att, dfd, 0)
        an, dn = t.name[att.card], t.name[dfd.card]
        if dfd.stance == ENDURE_STANCE:  # DS-B2: already enduring: destroyed only if A exceeds Endurance
            e = self.battle_power(q, dfd, att, 1)
            if a > e:
                self.log(
                    "battle",
                    seat=p,
                    outcome="higher",
                    attacker=an,
                    target=dn,
                    power=a,
                    against=e,
                    stance="endure",
                )
                self.writable(p, att).wins += 1
                self.destroy(q, dfd, "y_battle", an, killer=att.card)
            else:
                self.log("battle", seat=p, outcome="blocked", attacker=an, target=dn, power=a, against=e)
            return
        d = self.battle_power(q, dfd, att, 0)
        if a < d:  # DS-B1: the attacker is destroyed
            self.log("battle", seat=p, outcome="lower", attacker=an, target=dn, power=a, against=d)
            self.writable(q, dfd).wins += 1
            self.destroy(p, att, "y_battle", dn, killer=dfd.card)
            return
        outcome = "higher" if a > d else "equal"
        # DS-B2: the defender may endure when its Endurance exceeds the attack
        if not self.is_frozen(dfd) and self.battle_power(q, dfd, att, 1) > a:
            self.wnd.open("endure", q, data=EndureChoice(p, att.uid, dfd.uid, a, d, outcome))
            return
        self.battle_outcome(p, att, dfd, a, d, outcome)

    def battle_outcome(self, p: int, att: Unit, dfd: Unit, a: int, d: int, outcome: str) -> None:
        t = self.table
        q = 1 - p
        an, dn = t.name[att.card], t.name[dfd.card]
        if self.narrating:
            self.log_records([(None, (BATTLE_EVENT, p, outcome, an, dn, a, d))])
        acid, dcid = att.card, dfd.card
        if outcome == "higher":  # DS-B1
            self.writable(p, att).wins += 1
            self.destroy(q, dfd, "y_battle", an, killer=acid)
        else:  # equal: both are destroyed
            self.destroy(q, dfd, "y_battle", an, killer=acid)
            self.destroy(p, att, "y_battle", dn, killer=dcid)

    def endure_choice(self) -> EndureChoice:
        data = self.wnd.data
        assert isinstance(data, EndureChoice)
        return data

    def _do_endure(self, a: Action) -> None:
        """DS-B2: the attack is negated; next turn the D-Spirit cannot attack, change stance or be
        soul-exchanged."""
        e = self.endure_choice()
        self.wnd.close()
        q = 1 - e.attacker_seat
        found = self.locate(e.target)
        if found is None:
            return
        dfd = self.writable(q, found[1])
        dfd.stance = ENDURE_STANCE
        dfd.restricted_until = self.turn + 1
        dfd.endures += 1
        t = self.table
        fa = self.locate(e.attacker)
        self.log(
            "battle",
            seat=e.attacker_seat,
            outcome="endured",
            attacker=t.name[fa[1].card] if fa else "",
            target=t.name[dfd.card],
            power=e.power,
            against=self.endurance_of(q, dfd),
        )

    def _do_fall(self, a: Action) -> None:
        e = self.endure_choice()
        self.wnd.close()
        fa, fd = self.locate(e.attacker), self.locate(e.target)
        if fa is None or fd is None:
            return
        self.log("fall", seat=fd[0], card=self.table.name[fd[1].card])
        self.battle_outcome(e.attacker_seat, fa[1], fd[1], e.power, e.against, e.outcome)


__all__ = ["END_ACT", "ENDURE_ACT", "FALL_ACT", "BattleState"]
