"""Why an action of D-Spirits is refused, told to the seat that asked (``_why_illegal``), and how an action
is told to the other seat (``_public_notation``).
"""

from __future__ import annotations

from kansei.core.options import shorten
from kansei.core.protocol import Action

from .cards import MOVECARD, REALM
from .rules import RulesState
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

_COSTS = {
    "extra": (EXTRA_DRAW_COST, "Extra Draw"),  # DS-X1
    "limbo": (LIMBO_COST, "Limbo"),  # DS-X5
    "supercharge": (SUPER_CHARGE_COST, "Super Charge"),  # DS-X7
    "shift": (SOUL_SHIFT_COST, "Soul Shift"),  # DS-X4
    "rush": (FIELD_RUSH_BID, "Field Rush"),  # DS-X6
}


class RefusalState(RulesState):
    """Refusals and public notations of a D-Spirits game."""

    __slots__ = ()

    def where(self) -> str:
        """The decision now, in a player's words."""
        if self.wnd.priority is not None:
            return {"endure": "endure decision", "target": "target choice"}.get(str(self.wnd.kind), "chain")
        if self.bid is not None:
            return "Realm bidding"
        names = {OPEN: "opening draw", SIDE: "side-deck swaps", EXTRA: "draw step (Extra Draw)"}
        return names.get(self.phase, f"{self.phase} step")

    def _why_illegal(self, text: str, seat: int) -> str | None:
        """A precise one-line reason for a refused notation, told to ``seat`` (the seat to move): the
        step, the shortfall, a spent ability. It may name that seat's own cards, never the other's."""
        words = " ".join(str(text).split()).lower().split(" ")
        head = words[0] if words else ""
        if not head:
            return None
        shown = repr(shorten(str(text)))
        t = self.table
        p = seat
        sp = self.sp[p]
        if self.wnd.priority is not None and head not in ("respond", "pass", "endure", "fall", "target"):
            return f"{shown}: first answer the {self.where()} (respond, pass, endure or target)"
        if head == "bid":
            if self.bid is None:
                return f"{shown}: no Realm bidding is open"
            try:
                n = int(words[1]) if len(words) == 2 and len(words[1]) <= 9 else None
            except ValueError:
                n = None
            if n is None:
                return f"{shown}: a bid is a number of SP"
            cur = self.bid.amount
            steps = ", ".join(str(cur + s) for s in BID_STEPS)
            if n <= cur:
                return f"{shown}: a bid lower than allowed: the bid stands at {cur} SP; raise to {steps}"
            if not self.afford(p, n):
                return f"{shown}: you cannot afford {n} SP (you have {sp}; a payment must leave you 1 SP)"
            return f"{shown}: bids go up in fixed steps: {steps}"
        if self.bid is not None:
            return f"{shown}: Realm bidding is open: raise (bid …) or pass"
        if head == "shift" and not self.game.options.old_rules:
            return f"{shown}: Soul Shift is removed from the rules; enable it with old_rules=true"
        if head in _COSTS and not self.afford(p, _COSTS[head][0]):
            cost, what = _COSTS[head]
            return (
                f"{shown}: {what} costs {cost} SP and you have {sp} (a payment must leave you at least 1 SP)"
            )
        if head in ("draw", "rush", "recharge") and self.phase != "draw":
            return f"{shown}: that is for the draw step; this is the {self.where()}"
        if head == "extra" and self.phase != EXTRA:
            return f"{shown}: Extra Draw comes right after the draw step's draw"
        if head == "play" and len(words) >= 2:
            cid = t.find(words[1])
            if cid is not None:
                if t.kind[cid] == REALM and not self.afford(p, t.bid[cid]):
                    bid = t.bid[cid]
                    return f"{shown}: the opening bid for {t.name[cid]} is {bid} SP and you have {sp}"
                if t.kind[cid] == MOVECARD and not self.afford(p, t.cost[cid]):
                    return f"{shown}: {t.name[cid]} costs {t.cost[cid]} SP and you have {sp}"
                if t.plain[cid] not in self.hand[p]:
                    return f"{shown}: you hold no {t.name[cid]}"
                if t.kind[cid] == MOVECARD:
                    need = ", ".join(t.name[r] for r in t.requires[cid])
                    return f"{shown}: {t.name[cid]} needs {need} under your control"
        if head in ("summon", "play", "exchange", "stance", "move", "ability", "evolve", "shift", "battle"):
            if self.phase != MAIN or p != self.active:
                return f"{shown}: that is for your main step; this is the {self.where()}"
        if head in ("move", "ability") and len(words) >= 2:
            u = self.find_unit(p, words[1])
            if u is not None:
                progs = [t.move[u.card]] if head == "move" else list(t.command[u.card])
                for prog in progs:
                    if prog is not None and prog.cost and not self.afford(p, prog.cost):
                        return f"{shown}: {prog.name} costs {prog.cost} SP and you have {sp}"
                if head == "move" and u.moved_on == self.turn:
                    return f"{shown}: the special move is spent this turn (once per turn)"
                if head == "ability" and u.abilities_on == self.turn and u.abilities_used:
                    return f"{shown}: the ability is spent this turn (once per turn)"
        if head in ("attack", "limbo", "supercharge"):
            if self.phase != BATTLE:
                return f"{shown}: attacks are declared in the battle step; this is the {self.where()}"
            if not self.may_attack(p):
                return f"{shown}: the first player does not attack on their first turn"
            if head == "attack" and len(words) >= 2 and self.scene[1 - p] and words[-1] == "direct":
                return f"{shown}: a direct attack only when the opponent's Battle Scene is empty"
        if head == "summon" and self.summoned:
            return f"{shown}: one Regular Summon per turn"
        if head == "exchange" and self.exchanged:
            return f"{shown}: one Soul Exchange per turn"
        if head == "stance" and len(words) >= 2:
            u = self.find_unit(p, words[1])
            if u is not None and u.stanced_on == self.turn:
                return f"{shown}: {t.name[u.card]} already changed stance this turn"
            if u is not None and (self.is_frozen(u) or self.is_restricted(u)):
                return f"{shown}: {t.name[u.card]} cannot change stance now (Frozen or enduring)"
        return None

    def _public_notation(self, action: Action) -> str:
        """Every D-Spirits action is made face up: the card summoned, played, answered with or brought in
        is shown as it happens, the opening split and the deck drawn from are public, decklists are open.
        So the other seat is told the action itself."""
        return action.notation


__all__ = ["RefusalState"]
