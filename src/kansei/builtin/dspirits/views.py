"""What each seat sees of a D-Spirits game (``view``) and the whole state (``reveal``).

Hidden: the order of every deck and the cards in hands, except a statused D-Spirit back in hand (DS-R2)
and how many D-Spirits and support cards each hand holds (the two decks' backs differ). Decklists,
D-Worlds, the field, the chain and bids are public (docs/rulings.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .rules import RulesState
from .state import SIDE, STANCES, AttackItem, EndureChoice, Link, Unit
from .table import Table


class ViewState(RulesState):
    """The views of a D-Spirits game."""

    __slots__ = ()

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


__all__ = ["ViewState"]
