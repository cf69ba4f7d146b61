"""Card Race Stampede!!: battle — attacks and runs (ST-T4), the goal, Double Action (ST-K2), Dead Heat
(ST-K5) and Crash (ST-K7)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import EVENT
from .state import (
    ATTACK_EVENT,
    CENTER,
    COMBAT_EVENT,
    HIT_EVENT,
    RUN_DECLARED_EVENT,
    RUN_EVENT,
    W_ATTACK,
    W_DEAD_HEAT,
    W_GOAL,
    W_RUN,
    ZONES,
    AttackItem,
    Board,
    DeadHeatItem,
    LossItem,
    RunItem,
    replaced,
)


class Combat(Board):
    __slots__ = ()

    # -- declarations -------------------------------------------------------------------------------
    def _declare_attack(self, p: int, zones: tuple[int, ...], tz: int) -> None:
        """ST-T4: tap the attackers; the defender may respond (attack window)."""
        base = p * 3
        field, tapped = self.race.field, self.race.tapped
        pairs = []
        for z in zones:
            tapped[base + z] = True
            pairs.append((z, field[base + z]))
        target = field[(1 - p) * 3 + tz]
        if self.narrating:  # a search's world skips the names (every greedy step declares attacks)
            card_of = self.race.card_of
            attackers = [card_of[u].en for _, u in pairs]
            where = [ZONES[z] for z in zones]
            self.log_records([(None, (ATTACK_EVENT, p, attackers, where, card_of[target].en, ZONES[tz]))])
        item = AttackItem(W_ATTACK, p, tuple(pairs), tz, target)
        self.race.windows.open(W_ATTACK, 1 - p, item, opener_passed=True)

    def _declare_run(self, p: int, z: int) -> None:
        """ST-T4: tap the machine; the opponent may respond (run window)."""
        u = self.race.field[p * 3 + z]
        self.race.tapped[p * 3 + z] = True
        if self.narrating:
            d = self.race.card_of[u]
            self.log_records([(None, (RUN_DECLARED_EVENT, p, d.en, ZONES[z], d.gear))])
        self.race.windows.open(W_RUN, 1 - p, RunItem(W_RUN, p, z, u), opener_passed=True)

    # -- resolution ---------------------------------------------------------------------------------
    def _resolve_attack(self, item: AttackItem) -> None:
        """ST-T4 combat: POW (summed for a combined attack) against DEF; events lose HP."""
        _, p, attackers, tz, tu = item
        o = 1 - p
        field, card_of = self.race.field, self.race.card_of
        base = p * 3
        present = []
        for pair in attackers:
            if field[base + pair[0]] == pair[1]:
                present.append(pair)
        target_ok = field[o * 3 + tz] == tu and (not self.obstructed(p) or card_of[tu].obstruction)
        if not present or not target_ok:
            self.log("fizzle", what="attack", seat=p)
            self._double_action(p, present)
            return
        modified = bool(self.race.stat_mods)  # else every card has its printed stats (ST-C1): most combats
        total = 0
        for _, u in present:
            total += self.pow_of(u) if modified else card_of[u].pow
        target = card_of[tu]
        # a search's world skips building the combat's event: the hot path of every greedy step
        narrating = self.narrating
        if target.kind == EVENT:
            if narrating:
                hp = target.hp - self.race.damage.get(tu, 0)
                self.log_records([(None, (HIT_EVENT, p, total, target.en, hp, "event"))])
            self.damage_event(o, tz, total)
        else:
            df = self.def_of(tu) if modified else target.def_
            outcome = "lower" if total < df else "higher" if total > df else "equal"
            if narrating:
                combined = len(present) > 1
                self.log_records([(None, (COMBAT_EVENT, p, total, target.en, df, outcome, combined))])
            if outcome != "lower":
                self.destroy(o, tz)
            if outcome != "higher":
                for z, u in present:
                    if field[base + z] == u:
                        self.destroy(p, z)
        self._double_action(p, present)

    def _double_action(self, p: int, pairs: Iterable[tuple[int, int]]) -> None:
        """ST-K2: after acting, a Double Action machine untaps once (per turn by default)."""
        base = p * 3
        card_of = self.race.card_of
        for z, u in pairs:
            if (
                card_of[u].double_action
                and self.race.field[base + z] == u
                and u not in self.race.double_action_used
                and self.race.tapped[base + z]
            ):
                self.race.tapped[base + z] = False
                self.race.double_action_used.append(u)
                self.log("double_action", seat=p, card=self.race.card_of[u].en)

    def _resolve_run(self, item: RunItem) -> None:
        p, z, u = item.seat, item.zone, item.uid
        if self.race.field[p * 3 + z] != u or self.obstructed(p):
            self.log("fizzle", what="run", seat=p)
            return
        self._move(p, self.race.card_of[u].gear, answerable=True)
        self._double_action(p, ((z, u),))

    def effect_run(self, p: int, n: int, as_run: bool) -> None:
        """``advance`` block: lower the distance; a run (``as_run``) obeys ST-K1 and wakes Dead Heat."""
        if as_run and self.obstructed(p):
            self.log("fizzle", what="run", seat=p)
            return
        self._move(p, n, answerable=as_run)

    def _move(self, p: int, n: int, answerable: bool, dead_heat: bool = False) -> None:
        """Lower ``p``'s remaining distance; Dead Heat (ST-K5), Crash (ST-K7), the goal (ST-T4, ST-K8)."""
        self.race.distance = replaced(self.race.distance, p, self.race.distance[p] - n)
        if self.narrating:
            self.log_records([(None, (RUN_EVENT, p, n, self.race.distance[p], dead_heat))])
        o = 1 - p
        if answerable:  # ST-K5: each Dead Heat card of the opponent runs too (not in answer to Dead Heat)
            field, card_of = self.race.field, self.race.card_of
            items = []
            for z in (0, 1, 2):
                u = field[o * 3 + z]
                if u >= 0 and card_of[u].dead_heat:
                    items.append(DeadHeatItem(W_DEAD_HEAT, o, u, card_of[u].dead_heat))
            if items:
                self.race.windows.open(W_DEAD_HEAT, o)
                for it in items:
                    self.race.windows.push(it)
                self.race.windows.close()
        self._crash_check()
        if self.race.distance[p] <= 0:
            # about to reach the goal: the opponent may answer with a keeper first (ST-K8)
            self.race.windows.open(W_GOAL, o, LossItem(W_GOAL, p), data=o)

    def _resolve_dead_heat(self, item: DeadHeatItem) -> None:
        q, u, n = item.seat, item.uid, item.by
        if self.zone_of(u) < 0:
            self.log("fizzle", what="dead_heat", seat=q)
            return
        if self.obstructed(q):  # ST-K5: a run, so Obstruction stops it
            self.log("fizzle", what="dead_heat", seat=q, reason="obstruction")
            return
        self.log("dead_heat", seat=q, card=self.race.card_of[u].en, by=n)
        self._move(q, n, answerable=False, dead_heat=True)

    def _resolve_goal(self, item: LossItem) -> None:
        p = item.seat
        if self.race.distance[p] <= 0:  # ST-T4: at 0 you win at once
            self._finish(p, "goal")
        else:
            self.log("goal_averted", seat=p, distance=self.race.distance[p])

    def _resolve_deckout(self, item: LossItem) -> None:
        p = item.seat
        if not self.race.decks[p]:  # ST-O1
            self._finish(1 - p, "deck-out")
        else:
            self.log("deckout_averted", seat=p)
            self.draw(p, 1)

    def change_distance(self, p: int, delta: int) -> None:
        """Add ``delta`` to a remaining distance (keepers' delays, costs)."""
        self.race.distance = replaced(self.race.distance, p, self.race.distance[p] + delta)
        self.log("distance", seat=p, by=delta, distance=self.race.distance[p])
        self._crash_check()
        if delta < 0 and self.race.distance[p] <= 0:
            self.race.windows.open(W_GOAL, 1 - p, LossItem(W_GOAL, p), data=1 - p)

    def _crash_check(self) -> None:
        """ST-K7: when the remaining distances cross (the strict lead changes hands), Crash triggers."""
        a, b = self.race.distance
        lead = 0 if a < b else 1 if b < a else self.race.leader
        if lead == self.race.leader:
            return
        before = self.race.leader
        self.race.leader = lead
        if before < 0:
            return
        self.log("crash", overtaker=lead, overtaken=before)
        field, card_of = self.race.field, self.race.card_of
        # the active player's triggers are decided first (their frames open last, on top)
        for p in (1 - self.race.active, self.race.active):
            for z in (0, CENTER, 2):
                u = field[p * 3 + z]
                if u >= 0 and card_of[u].crash:
                    for ab in card_of[u].crash:
                        self._trigger(p, u, ab)


__all__ = ["Combat"]
