"""The D-Spirits state, part 5 (the class games are played with): what each seat sees (``view``), the
whole state (``reveal``), copies and determinised worlds, refusals told to the seat to move, and how an
action is told to the other seat.

What is hidden: the order of every deck and the cards in hands (except a statused D-Spirit back in hand,
DS-R2, and how many D-Spirits and support cards each hand holds: the two decks' backs differ). Decklists,
D-Worlds, the field, the chain and bids are public (docs/rulings.md).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kansei.core.options import shorten
from kansei.core.protocol import Action
from kansei.core.windows import Windows

from .base import new_token
from .flow import FlowState
from .model import (
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
    STANCES,
    SUPER_CHARGE_COST,
    AttackItem,
    EndureChoice,
    HandCard,
    Link,
    Unit,
)
from .setup import DSpiritsSetup, apply_setup
from .table import MOVECARD, REALM, SPIRIT, Table

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DSpirits

Decks = tuple[list[int], list[int], list[int]]

_COSTS = {
    "extra": (EXTRA_DRAW_COST, "Extra Draw (DS-X1)"),
    "limbo": (LIMBO_COST, "Limbo (DS-X5)"),
    "supercharge": (SUPER_CHARGE_COST, "Super Charge (DS-X7)"),
    "shift": (SOUL_SHIFT_COST, "Soul Shift (DS-X4)"),
    "rush": (FIELD_RUSH_BID, "Field Rush (DS-X6)"),
}


class DSpiritsState(FlowState):
    """A game (or best-of-three match) of D-Spirits between two seats."""

    __slots__ = ()

    @classmethod
    def new(
        cls, game: DSpirits, table: Table, seed: int, decks: list[Decks], setup: DSpiritsSetup
    ) -> DSpiritsState:
        s = cls.__new__(cls)
        s._init_base(game, seed)
        s.table = table
        s.lists = [(list(d[0]), list(d[1]), list(d[2])) for d in decks]
        s.game_no = 0
        s.match_wins = [0, 0]
        s.results = []
        s.over = False
        s.win = None
        s.side_seat = 0
        s.side_pending = -1
        s.swaps_left = [0, 0]
        s.wnd = Windows(2)
        s.token = new_token()
        s.label_memo = None
        s.ready = ()
        first = setup.first
        if first is None:
            o = game.options.first_player
            first = s.rng.coin() if o == "rps" else int(o[-1])  # DS-G1: rock-paper-scissors
        s.new_game(first)
        apply_setup(s, setup)
        s.proceed()
        return s

    # ------------------------------------------------------------------------------ refusals
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
                return (
                    f"{shown}: a bid lower than allowed: the bid stands at {cur} SP; raise to {steps} (DS-R1)"
                )
            if not self.afford(p, n):
                return f"{shown}: you cannot afford {n} SP (you have {sp}; a payment must leave you 1 SP)"
            return f"{shown}: bids go up in fixed steps: {steps} (DS-R1)"
        if self.bid is not None:
            return f"{shown}: Realm bidding is open: raise (bid …) or pass"
        if head == "shift" and not self.game.options.old_rules:
            return f"{shown}: Soul Shift is removed from the rules (DS-X4); enable it with old_rules=true"
        if head in _COSTS and not self.afford(p, _COSTS[head][0]):
            cost, what = _COSTS[head]
            return (
                f"{shown}: {what} costs {cost} SP and you have {sp} (a payment must leave you at least 1 SP)"
            )
        if head in ("draw", "rush", "recharge") and self.phase != "draw":
            return f"{shown}: that is for the draw step; this is the {self.where()}"
        if head == "extra" and self.phase != EXTRA:
            return f"{shown}: Extra Draw comes right after the draw step's draw (DS-X1)"
        if head == "play" and len(words) >= 2:
            cid = t.find(words[1])
            if cid is not None:
                if t.kind[cid] == REALM and not self.afford(p, t.bid[cid]):
                    bid = t.bid[cid]
                    return f"{shown}: the opening bid for {t.name[cid]} is {bid} SP and you have {sp} (DS-R1)"
                if t.kind[cid] == MOVECARD and not self.afford(p, t.cost[cid]):
                    return f"{shown}: {t.name[cid]} costs {t.cost[cid]} SP and you have {sp}"
                if t.plain[cid] not in self.hand[p]:
                    return f"{shown}: you hold no {t.name[cid]}"
                if t.kind[cid] == MOVECARD:
                    need = ", ".join(t.name[r] for r in t.requires[cid])
                    return f"{shown}: {t.name[cid]} needs {need} under your control (DS-C2)"
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
                    return f"{shown}: the special move is spent this turn (once per turn, DS-C1)"
                if head == "ability" and u.abilities_on == self.turn and u.abilities_used:
                    return f"{shown}: the ability is spent this turn (once per turn, DS-C1)"
        if head in ("attack", "limbo", "supercharge"):
            if self.phase != BATTLE:
                return f"{shown}: attacks are declared in the battle step; this is the {self.where()}"
            if not self.may_attack(p):
                return f"{shown}: the first player does not attack on their first turn (DS-G2)"
            if head == "attack" and len(words) >= 2 and self.scene[1 - p] and words[-1] == "direct":
                return f"{shown}: a direct attack only when the opponent's Battle Scene is empty (DS-B4)"
        if head == "summon" and self.summoned:
            return f"{shown}: one Regular Summon per turn (DS-G3)"
        if head == "exchange" and self.exchanged:
            return f"{shown}: one Soul Exchange per turn (DS-X3)"
        if head == "stance" and len(words) >= 2:
            u = self.find_unit(p, words[1])
            if u is not None and u.stanced_on == self.turn:
                return f"{shown}: {t.name[u.card]} already changed stance this turn (DS-G4)"
            if u is not None and (self.is_frozen(u) or self.is_restricted(u)):
                return f"{shown}: {t.name[u.card]} cannot change stance now (Frozen or enduring, DS-R2/DS-B2)"
        return None

    def _public_notation(self, action: Action) -> str:
        """Every D-Spirits action is made face up: the card summoned, played, answered with or brought in
        is shown as it happens, the opening split and the deck drawn from are public, decklists are open.
        So the other seat is told the action itself."""
        return action.notation

    # ------------------------------------------------------------------------------ information
    def _unit_view(self, p: int, u: Unit, label: str, zone: str) -> dict[str, Any]:
        t = self.table
        if u.charged_turn == self.turn and self.turn:
            charge = "active"
        elif u.charged_turn > self.turn:
            charge = "pending"
        else:
            charge = ""
        return {
            "label": label,
            "card": t.name[u.card],
            "stack": [t.name[c] for c in u.under],
            "zone": zone,
            "types": list(t.type_names[u.card]),
            "stance": STANCES[u.stance],
            "attack": self.attack_of(p, u),
            "endurance": self.endurance_of(p, u),
            "sp": t.spv[u.card],
            "frozen": self.is_frozen(u),
            "poison": u.poison,
            "endured": self.is_restricted(u),
            "attacked": u.attacked_on == self.turn,
            "shifted": u.shifted,
            "supercharge": charge,
            "super_summoned": u.super_summoned,
            "wins": u.wins,
        }

    def _player_view(self, p: int, me: bool) -> dict[str, Any]:
        t = self.table
        labels = self.labels(p)
        nb = len(self.scene[p])
        hand_sp = self.hand_spirit_count(p)
        v: dict[str, Any] = {
            "seat": p,
            "sp": self.sp[p],
            "squad_count": len(self.squad[p]),
            "support_count": len(self.support[p]),
            "side": [t.name[c] for c in self.side[p]],
            "hand_count": len(self.hand[p]),
            "hand_spirits": hand_sp,
            "hand_support": len(self.hand[p]) - hand_sp,
            "hand_known": [self.hand_label(h) for h in self.hand[p] if h.marked],
            "dworld": [t.name[c] for c in self.dworld[p]],
            "banished": [t.name[c] for c in self.banished[p]],
            "battle": [self._unit_view(p, u, labels[i], "battle") for i, u in enumerate(self.scene[p])],
            "support_zone": [
                self._unit_view(p, u, labels[nb + i], "support") for i, u in enumerate(self.parked[p])
            ],
            "support_cards": [t.name[c] for c in self.support_cards[p]],
            "turns_taken": self.turns_taken[p],
            "decklist": {
                "squad": _counts(t, self.lists[p][0]),
                "support": _counts(t, self.lists[p][1]),
                "side": _counts(t, self.lists[p][2]),
            },
        }
        if me:
            v["hand"] = [self.hand_label(h) for h in self.hand[p]]
        return v

    def _chain_view(self) -> list[dict[str, Any]]:
        t = self.table
        out: list[dict[str, Any]] = []
        progs = t.catalog.programs
        for it in self.wnd.items:
            if isinstance(it, Link):
                prog = progs[it.program]
                card, _ = self.target_names(it.owner, it.target_kind, it.target, it.target_hand)
                if it.target_kind == "unit" and not card:
                    card = "(gone)"
                out.append(
                    {
                        "kind": "link",
                        "seat": it.owner,
                        "name": prog.name,
                        "source": prog.source,
                        "text": prog.text,
                        "target": card,
                        "negated": it.negated,
                    }
                )
            elif isinstance(it, AttackItem):
                fa = self.locate(it.attacker)
                fd = self.locate(it.target) if it.target >= 0 else None
                out.append(
                    {
                        "kind": "attack",
                        "seat": it.owner,
                        "attacker": t.name[fa[1].card] if fa else "(gone)",
                        "target": (t.name[fd[1].card] if fd else "(gone)") if it.target >= 0 else "direct",
                        "negated": it.negated,
                        "limbo": it.limbo,
                    }
                )
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        t = self.table
        bid = None
        if self.bid is not None:
            b = self.bid
            bid = {
                "kind": b.kind,
                "seat": b.opener,
                "card": t.name[b.card],
                "amount": b.amount,
                "high": b.high,
                "to_bid": b.mover,
            }
        endure = None
        if self.wnd.kind == "endure" and self.wnd.priority is not None:
            e = self.wnd.data
            assert isinstance(e, EndureChoice)
            endure = {"attack": e.power, "power": e.against, "outcome": e.outcome}
        realm = None
        if self.realm is not None:
            owner, card = self.realm
            realm = {"card": t.name[card], "owner": owner, "text": t.recs[card].text}
        return {
            "game": "dspirits",
            "game_no": self.game_no,
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "to_move": self.to_move,
            "window": self.wnd.kind if self.wnd.priority is not None else None,
            "chain": self._chain_view(),
            "endure": endure,
            "bid": bid,
            "realm": realm,
            "players": [self._player_view(p, seat == p) for p in (0, 1)],
            "you": seat,
            "match": {
                "on": self.game.options.match,
                "wins": list(self.match_wins),
                "results": [dict(r, sp=list(r["sp"])) for r in self.results],
            },
            "side_swap": None
            if self.phase != SIDE
            else {
                "seat": self.side_seat,
                "pending": t.name[self.side_pending] if self.side_pending >= 0 else None,
                "swaps_left": list(self.swaps_left),
            },
            "over": self.over,
            "winner": self.win,
        }

    def reveal(self) -> dict[str, Any]:
        t = self.table
        v = self.view(None)
        v["hands"] = [[self.hand_label(h) for h in self.hand[p]] for p in (0, 1)]
        v["squad"] = [[t.name[c] for c in reversed(self.squad[p])] for p in (0, 1)]  # top first
        v["support"] = [[t.name[c] for c in reversed(self.support[p])] for p in (0, 1)]
        v["windows"] = self.wnd.reveal()
        v["rng"] = self.rng.s
        v["flags"] = {
            "summoned": self.summoned,
            "exchanged": self.exchanged,
            "shifted": self.shifted,
            "rushed": self.rushed,
            "attacks": self.attacks,
            "uid_next": self.uid_next,
            "open_seat": self.open_seat,
            "side_pending": self.side_pending,
            "swaps_left": list(self.swaps_left),
            "turns_taken": list(self.turns_taken),
            "ready": list(self.ready),
        }
        v["units"] = [
            [
                {
                    f: (list(getattr(u, f)) if f == "under" else getattr(u, f))
                    for f in Unit.__slots__
                    if f != "owner"
                }
                for u in self.scene[p] + self.parked[p]
            ]
            for p in (0, 1)
        ]
        return v

    def census(self) -> dict[int, Counter[Any]]:
        out: dict[int, Counter[Any]] = {}
        for p in (0, 1):
            c = (
                Counter(self.squad[p])
                + Counter(self.support[p])
                + Counter(self.side[p])
                + Counter(h.card for h in self.hand[p])
                + Counter(self.dworld[p])
                + Counter(self.banished[p])
                + Counter(self.support_cards[p])
            )
            for u in self.scene[p] + self.parked[p]:
                c[u.card] += 1
                for x in u.under:
                    c[x] += 1
            out[p] = c
        if self.realm is not None:
            out[self.realm[0]][self.realm[1]] += 1
        if self.bid is not None:  # the card bid for is held aside (DS-R1, DS-X6)
            out[self.bid.opener][self.bid.card] += 1
        return out

    # ------------------------------------------------------------------------------ copies
    def clone(self) -> DSpiritsState:
        s = DSpiritsState.__new__(DSpiritsState)
        self._copy_base(s)
        s.table = self.table
        s.phase = self.phase
        s.active = self.active
        s.first = self.first
        s.turn = self.turn
        s.turns_taken = self.turns_taken[:]
        s.sp = self.sp[:]
        s.squad = [self.squad[0][:], self.squad[1][:]]
        s.support = [self.support[0][:], self.support[1][:]]
        s.side = [self.side[0][:], self.side[1][:]]
        s.hand = [self.hand[0][:], self.hand[1][:]]
        s.dworld = [self.dworld[0][:], self.dworld[1][:]]
        s.banished = [self.banished[0][:], self.banished[1][:]]
        s.scene = [self.scene[0][:], self.scene[1][:]]  # units are shared until written (copy on write)
        s.parked = [self.parked[0][:], self.parked[1][:]]
        s.label_memo = self.label_memo
        s.token = new_token()
        self.token = new_token()
        s.ready = self.ready
        s.listed = self.listed
        s.support_cards = [self.support_cards[0][:], self.support_cards[1][:]]
        s.realm = self.realm
        s.auras = self.auras
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
        s.match_wins = self.match_wins[:]
        s.results = self.results[:]
        s.side_seat = self.side_seat
        s.side_pending = self.side_pending
        s.swaps_left = self.swaps_left[:]
        return s

    def _resample(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see: every deck order, and the other hand's plain cards among that
        player's deck of the same kind (D-Spirits with the D-Squad deck, support cards with the Support
        deck). Statused cards in hand are public (DS-R2); decklists and side decks are open information
        (docs/rulings.md)."""
        t = self.table
        kind, plain = t.kind, t.plain
        for p in (0, 1):
            if p == seat:
                self.squad[p].sort()
                rng.shuffle(self.squad[p])
                self.support[p].sort()
                rng.shuffle(self.support[p])
                continue
            known: list[HandCard] = []
            spirits = list(self.squad[p])
            supports = list(self.support[p])
            n_spirits = n_supports = 0
            for h in self.hand[p]:
                if h.frozen or h.poison:
                    known.append(h)
                elif kind[h.card] == SPIRIT:
                    spirits.append(h.card)
                    n_spirits += 1
                else:
                    supports.append(h.card)
                    n_supports += 1
            spirits.sort()
            rng.shuffle(spirits)
            supports.sort()
            rng.shuffle(supports)
            self.squad[p] = spirits[n_spirits:]
            self.support[p] = supports[n_supports:]
            drawn = sorted(spirits[:n_spirits] + supports[:n_supports])
            self.hand[p] = sorted(known + [plain[c] for c in drawn]) if known else [plain[c] for c in drawn]


def _counts(t: Table, ids: list[int]) -> dict[str, int]:
    """A decklist as name -> copies: a fresh dict (views are the caller's to change) from a cache, since a
    list is the same at nearly every view of a game."""
    return dict(_counted(t, tuple(ids)))


@lru_cache(maxsize=256)
def _counted(t: Table, ids: tuple[int, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in ids:
        out[t.name[c]] = out.get(t.name[c], 0) + 1
    return out


__all__ = ["DSpiritsState"]
