"""Why an action of D-Spirits is refused, told to the seat that asked (``_why_illegal``; ``why_illegal`` in
any of the game's languages), and how an action is told to the other seat (``_public_notation``).
"""

from __future__ import annotations

from kansei.core.options import shorten
from kansei.core.protocol import Action

from .cards import MOVECARD, REALM
from .duel import Duel
from .lang import WORDS, local
from .state import (
    BATTLE,
    BID_STEPS,
    EXTRA,
    EXTRA_DRAW_COST,
    FIELD_RUSH_BID,
    LIMBO_COST,
    MAIN,
    OPEN,
    SIDE,
    SOUL_SHIFT_COST,
    SUPER_CHARGE_COST,
)

tr = WORDS.tr
_COSTS = {
    "extra": (EXTRA_DRAW_COST, "x_extra"),  # DS-X1
    "limbo": (LIMBO_COST, "x_limbo"),  # DS-X5
    "supercharge": (SUPER_CHARGE_COST, "x_supercharge"),  # DS-X7
    "shift": (SOUL_SHIFT_COST, "x_shift"),  # DS-X4
    "rush": (FIELD_RUSH_BID, "x_rush"),  # DS-X6
}
_WHERE = {
    OPEN: "w_opening",
    SIDE: "w_side",
    EXTRA: "w_extra",
    "draw": "w_draw",
    MAIN: "w_main",
    BATTLE: "w_battle",
    "end": "w_end",
}  # the decision's step in words (refusals' "this is the …")


class RefusalState(Duel):
    """Refusals and public notations of a D-Spirits game."""

    __slots__ = ()

    def where(self, lang: str = "en") -> str:
        """The decision now, in a player's words."""
        duel = self.duel
        if duel.wnd.priority is not None:
            return tr(lang, {"endure": "w_endure", "target": "w_target"}.get(str(duel.wnd.kind), "w_chain"))
        if duel.bid is not None:
            return tr(lang, "w_bidding")
        key = _WHERE.get(duel.phase)
        return tr(lang, key) if key is not None else tr(lang, "w_step", phase=duel.phase)

    def _why_illegal(self, text: str, seat: int, lang: str) -> str | None:
        return self.why_illegal(text, seat, lang)

    def why_illegal(self, text: str, seat: int, lang: str = "en") -> str | None:
        """A precise one-line reason for a refused notation, told to ``seat`` (the seat to move) in ``lang``:
        the step, the shortfall, a spent ability. It may name that seat's own cards, never the other's."""
        why = self._refusal_words(text, seat, lang)
        return None if why is None else tr(lang, "rf", shown=repr(shorten(str(text))), why=why)

    def _refusal_words(self, text: str, seat: int, lang: str) -> str | None:
        duel = self.duel
        words = " ".join(str(text).split()).lower().split(" ")
        head = words[0] if words else ""
        if not head:
            return None
        t = duel.table
        loc = local(t, lang)
        p = seat
        sp = duel.sp[p]

        def card(cid: int) -> str:
            return loc.card(t.name[cid])

        if duel.wnd.priority is not None and head not in ("respond", "pass", "endure", "fall", "target"):
            return tr(lang, "rf_answer_first", where=self.where(lang))
        if head == "bid":
            if duel.bid is None:
                return tr(lang, "rf_no_bidding")
            try:
                n = int(words[1]) if len(words) == 2 and len(words[1]) <= 9 else None
            except ValueError:
                n = None
            if n is None:
                return tr(lang, "rf_bid_number")
            cur = duel.bid.amount
            steps = ", ".join(str(cur + s) for s in BID_STEPS)
            if n <= cur:
                return tr(lang, "rf_bid_low", amount=cur, steps=steps)
            if not duel.afford(p, n):
                return tr(lang, "rf_afford", amount=n, sp=sp)
            return tr(lang, "rf_bid_steps", steps=steps)
        if duel.bid is not None:
            return tr(lang, "rf_bidding_open")
        if head == "shift" and not self.game.options.old_rules:
            return tr(lang, "rf_no_shift")
        if head in _COSTS and not duel.afford(p, _COSTS[head][0]):
            cost, what = _COSTS[head]
            return tr(lang, "rf_cost", what=tr(lang, what), cost=cost, sp=sp)
        if head in ("draw", "rush", "recharge") and duel.phase != "draw":
            return tr(lang, "rf_draw_step", where=self.where(lang))
        if head == "extra" and duel.phase != EXTRA:
            return tr(lang, "rf_extra")
        if head == "play" and len(words) >= 2:
            cid = t.find(words[1])
            if cid is not None:
                if t.kind[cid] == REALM and not duel.afford(p, t.bid[cid]):
                    return tr(lang, "rf_realm_bid", card=card(cid), bid=t.bid[cid], sp=sp)
                if t.kind[cid] == MOVECARD and not duel.afford(p, t.cost[cid]):
                    return tr(lang, "rf_card_cost", card=card(cid), cost=t.cost[cid], sp=sp)
                if t.plain[cid] not in duel.hand[p]:
                    return tr(lang, "rf_hold_no", card=card(cid))
                if t.kind[cid] == MOVECARD:
                    need = ", ".join(card(r) for r in t.requires[cid])
                    return tr(lang, "rf_needs", card=card(cid), cards=need)
        if head in ("summon", "play", "exchange", "stance", "move", "ability", "evolve", "shift", "battle"):
            if duel.phase != MAIN or p != duel.active:
                return tr(lang, "rf_main_step", where=self.where(lang))
        if head in ("move", "ability") and len(words) >= 2:
            u = duel.find_unit(p, words[1])
            if u is not None:
                progs = [t.move[u.card]] if head == "move" else list(t.command[u.card])
                for prog in progs:
                    if prog is not None and prog.cost and not duel.afford(p, prog.cost):
                        return tr(lang, "rf_card_cost", card=loc.prog_name[prog.id], cost=prog.cost, sp=sp)
                if head == "move" and u.moved_on == duel.turn:
                    return tr(lang, "rf_move_spent")
                if head == "ability" and u.abilities_on == duel.turn and u.abilities_used:
                    return tr(lang, "rf_ability_spent")
        if head in ("attack", "limbo", "supercharge"):
            if duel.phase != BATTLE:
                return tr(lang, "rf_battle_step", where=self.where(lang))
            if not duel.may_attack(p):
                return tr(lang, "rf_first_turn")
            if head == "attack" and len(words) >= 2 and duel.scene[1 - p] and words[-1] == "direct":
                return tr(lang, "rf_direct")
        if head == "summon" and duel.summoned:
            return tr(lang, "rf_one_summon")
        if head == "exchange" and duel.exchanged:
            return tr(lang, "rf_one_exchange")
        if head == "stance" and len(words) >= 2:
            u = duel.find_unit(p, words[1])
            if u is not None and u.stanced_on == duel.turn:
                return tr(lang, "rf_stanced", card=card(u.card))
            if u is not None and (duel.is_frozen(u) or duel.is_restricted(u)):
                return tr(lang, "rf_no_stance", card=card(u.card))
        return None

    def _public_notation(self, action: Action) -> str:
        """Every D-Spirits action is made face up: the card summoned, played, answered with or brought in
        is shown as it happens, the opening split and the deck drawn from are public, decklists are open.
        So the other seat is told the action itself."""
        return action.notation


__all__ = ["RefusalState"]
