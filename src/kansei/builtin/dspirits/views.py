"""What each seat sees of a D-Spirits game (``view``), its published model (:class:`DSpiritsView`), the
whole state (``reveal``) and the refs of actions (``move_refs``).

Hidden: the order of every deck and the cards in hands, except a statused D-Spirit back in hand (DS-R2)
and how many D-Spirits and support cards each hand holds (the two decks' backs differ). Decklists,
D-Worlds, the field, the chain and bids are public (docs/rulings.md).

Refs (docs/ARCHITECTURE.md, "Move refs"): the things an action touches, each the ``"ref"`` of an object
of the mover's view.

- ``hand:<label>``: a card in the mover's own hand, by its label (``tuskaroo``, ``tuskaroo+frozen``);
  copies of one card share it (any copy does the same).
- ``spirit:<uid>``: a D-Spirit in play, either seat's (``players[p].battle`` / ``support_zone``), by the
  number it got coming into play (public: it counts the summons of the game).
- ``move:<uid>``, ``ability:<uid>:<slug>``: that D-Spirit's special move and command abilities (DS-C1).
- ``player:<seat>``: a player, as the target of a direct attack (DS-B4).
- ``deck:<seat>:squad`` / ``deck:<seat>:support`` / ``deck:<seat>:side``: a seat's decks (``decks``).
- ``card:<seat>:<slug>``: a card of a seat's open decklist (``decklist``): a Realm for a Field Rush, a
  D-Evolution to place, a card to swap in or out between games, a card of the D-World to summon.
- ``choice:<name>``: a named option of the decision (``choices``): ``open-3`` (the opening split),
  ``bid-600``, ``endure``, ``recharge``, ``stance``, ``shift``, ``supercharge``.

Passing, ending a step, letting a draw or an Extra Draw go, not enduring and keeping the decks have none.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from kansei.core.protocol import Action, GameView

from .duel import Duel
from .state import SIDE, STANCES, UNIT_FIELDS, AttackItem, EndureChoice, Link, Unit
from .table import Table

# ------------------------------------------------------------------------------------------ the model
PhaseName = Literal["opening", "draw", "extra", "main", "battle", "end", "side", "over"]
Seat = Literal[0, 1]


class SpiritRef(GameView):
    """A D-Spirit in play as a chain item, bid or window names it (``ref`` None: it has left play)."""

    ref: str | None
    card: str
    seat: Seat


class CardRef(GameView):
    """A card named by an effect: a D-Spirit in play (``spirit:``), a card of a decklist (``card:``), or a
    card in a hand (no ref for the other seat)."""

    ref: str | None
    card: str
    seat: Seat | None


class ProgramView(GameView):
    """A D-Spirit's special move or command ability (DS-C1) with the ref an action names it by."""

    ref: str
    name: str
    cost: int
    text: str
    used: bool


class UnitView(GameView):
    ref: str
    seat: Seat
    label: str
    card: str
    stack: list[str]
    zone: Literal["battle", "support"]
    types: list[str]
    stance: Literal["attack", "endure"]
    attack: int
    endurance: int
    sp: int
    frozen: bool
    poison: int
    endured: bool
    attacked: bool
    shifted: bool
    supercharge: Literal["", "active", "pending"]
    super_summoned: bool
    wins: int
    move: ProgramView | None
    abilities: list[ProgramView]


class HandCardView(GameView):
    ref: str
    label: str
    card: str
    frozen: bool = False  # DS-R2: the marks it came back to hand with (the label's ``+frozen+poison300``)
    poison: int = 0


class KnownCardView(GameView):
    """A card of another hand every seat knows (DS-R2: it came back marked, or was shown)."""

    label: str
    card: str
    frozen: bool = False
    poison: int = 0


class DeckView(GameView):
    ref: str
    name: Literal["squad", "support", "side"]
    count: int


class ListedCard(GameView):
    ref: str
    card: str
    count: int


class Decklist(GameView):
    squad: list[ListedCard]
    support: list[ListedCard]
    side: list[ListedCard]


class PlayerView(GameView):
    ref: str
    seat: Seat
    sp: int
    squad_count: int
    support_count: int
    side: list[str]
    hand_count: int
    hand_spirits: int
    hand_support: int
    hand_known: list[str]
    known_cards: list[KnownCardView] = []  # the same cards, each with its name and marks
    dworld: list[str]
    banished: list[str]
    battle: list[UnitView]
    support_zone: list[UnitView]
    support_cards: list[str]
    turns_taken: int
    decks: list[DeckView]
    decklist: Decklist
    hand: list[str] | None = None  # the seat's own view only: labels (``tuskaroo+frozen``)
    hand_cards: list[HandCardView] | None = None  # the same cards with their refs


class LinkView(GameView):
    """DS-R4: a card, ability or special move on the chain."""

    kind: Literal["link"]
    seat: Seat
    name: str
    source: str
    text: str
    source_spirit: SpiritRef | None
    target: str
    target_card: CardRef | None
    negated: bool


class AttackView(GameView):
    """DS-B1: a declared attack on the chain."""

    kind: Literal["attack"]
    seat: Seat
    attacker: str
    attacker_spirit: SpiritRef | None
    target: str
    target_spirit: SpiritRef | None  # None: a direct attack (DS-B4) or a target that left play
    negated: bool
    limbo: bool


class EndureView(GameView):
    """DS-B2: the defender's window: the attack's power against its D-Spirit's."""

    attack: int
    power: int
    outcome: Literal["higher", "equal"]
    attacker: SpiritRef
    target: SpiritRef


class BidView(GameView):
    """DS-R1 Realm bidding (DS-X6 Field Rush)."""

    kind: Literal["play", "rush"]
    seat: Seat
    card: str
    card_ref: CardRef
    amount: int
    high: Seat
    to_bid: Seat


class ChoiceView(GameView):
    """A named option of the decision now, public: ``value`` is the split's D-Squad count (open), the bid
    (bid), the SP it costs (recharge), else None."""

    ref: str
    name: Literal["open", "bid", "endure", "recharge", "stance", "shift", "supercharge"]
    value: int | None


class RealmView(GameView):
    card: str
    owner: Seat
    text: str


class ResultView(GameView):
    game: int
    winner: Seat | None
    sp: list[int]
    reason: str


class MatchView(GameView):
    on: bool
    wins: list[int]
    results: list[ResultView]


class SideSwapView(GameView):
    seat: Seat
    pending: str | None
    swaps_left: list[int]


class DSpiritsView(GameView):
    """``view(seat)`` of D-Spirits, for every seat and the spectator (``you`` None)."""

    game: Literal["dspirits"]
    game_no: int
    turn: int
    active: Seat
    first: Seat
    phase: PhaseName
    to_move: Seat | None
    window: Literal["chain", "attack", "endure", "target"] | None
    chain: list[LinkView | AttackView]
    endure: EndureView | None
    bid: BidView | None
    choices: list[ChoiceView]
    realm: RealmView | None
    players: list[PlayerView]
    you: Seat | None
    match: MatchView
    side_swap: SideSwapView | None
    over: bool
    winner: Seat | None


# the choices that are refs of their own (the others are "no-ref" passes, or name cards and D-Spirits)
_CHOICE_KINDS = frozenset({"open", "bid", "endure", "recharge", "stance", "shift", "supercharge"})


# ------------------------------------------------------------------------------------------ the views
class ViewState(Duel):
    """The views of a D-Spirits game."""

    __slots__ = ()

    def _program_view(self, ref: str, prog: Any, used: bool) -> dict[str, Any]:
        return {"ref": ref, "name": prog.name, "cost": prog.cost, "text": prog.text, "used": used}

    def _unit_view(self, p: int, u: Unit, label: str, zone: str) -> dict[str, Any]:
        duel = self.duel
        t = duel.table
        if u.charged_turn == duel.turn and duel.turn:
            charge = "active"
        elif u.charged_turn > duel.turn:
            charge = "pending"
        else:
            charge = ""
        c = u.card
        move = t.move[c]
        uid = u.uid
        pslug = t.pslug
        return {
            "ref": f"spirit:{uid}",
            "seat": p,
            "label": label,
            "card": t.name[c],
            "stack": [t.name[x] for x in u.under],
            "zone": zone,
            "types": list(t.type_names[c]),
            "stance": STANCES[u.stance],
            "attack": duel.attack_of(p, u),
            "endurance": duel.endurance_of(p, u),
            "sp": t.spv[c],
            "frozen": duel.is_frozen(u),
            "poison": u.poison,
            "endured": duel.is_restricted(u),
            "attacked": u.attacked_on == duel.turn,
            "shifted": u.shifted,
            "supercharge": charge,
            "super_summoned": u.super_summoned,
            "wins": u.wins,
            "move": None
            if move is None
            else self._program_view(f"move:{uid}", move, u.moved_on == duel.turn),
            "abilities": [
                self._program_view(f"ability:{uid}:{pslug[prog.id]}", prog, u.used_ability(j, duel.turn))
                for j, prog in enumerate(t.command[c])
            ],
        }

    def _player_view(self, p: int, me: bool) -> dict[str, Any]:
        duel = self.duel
        t = duel.table
        labels = duel.labels(p)
        nb = len(duel.scene[p])
        hand_sp = duel.hand_spirit_count(p)
        known = duel.known_in_hand(p)
        v: dict[str, Any] = {
            "ref": f"player:{p}",
            "seat": p,
            "sp": duel.sp[p],
            "squad_count": len(duel.squad[p]),
            "support_count": len(duel.support[p]),
            "side": [t.name[c] for c in duel.side[p]],
            "hand_count": len(duel.hand[p]),
            "hand_spirits": hand_sp,
            "hand_support": len(duel.hand[p]) - hand_sp,
            "hand_known": [duel.hand_label(h) for h in known],
            "known_cards": [
                {
                    "label": duel.hand_label(h),
                    "card": t.name[h.card],
                    "frozen": bool(h.frozen),
                    "poison": h.poison,
                }
                for h in known
            ],
            "dworld": [t.name[c] for c in duel.dworld[p]],
            "banished": [t.name[c] for c in duel.banished[p]],
            "battle": [self._unit_view(p, u, labels[i], "battle") for i, u in enumerate(duel.scene[p])],
            "support_zone": [
                self._unit_view(p, u, labels[nb + i], "support") for i, u in enumerate(duel.parked[p])
            ],
            "support_cards": [t.name[c] for c in duel.support_cards[p]],
            "turns_taken": duel.turns_taken[p],
            "decks": [
                {"ref": f"deck:{p}:squad", "name": "squad", "count": len(duel.squad[p])},
                {"ref": f"deck:{p}:support", "name": "support", "count": len(duel.support[p])},
                {"ref": f"deck:{p}:side", "name": "side", "count": len(duel.side[p])},
            ],
            "decklist": {
                "squad": _listed(t, p, duel.lists[p][0]),
                "support": _listed(t, p, duel.lists[p][1]),
                "side": _listed(t, p, duel.lists[p][2]),
            },
        }
        if me:
            v["hand"] = [duel.hand_label(h) for h in duel.hand[p]]
            v["hand_cards"] = [
                {
                    "ref": "hand:" + lab,
                    "label": lab,
                    "card": t.name[h.card],
                    "frozen": bool(h.frozen),
                    "poison": h.poison,
                }
                for h in duel.hand[p]
                for lab in (duel.hand_label(h),)
            ]
        return v

    def _spirit_ref(self, uid: int) -> dict[str, Any] | None:
        found = self.duel.locate(uid) if uid >= 0 else None
        if found is None:
            return None
        return {"ref": f"spirit:{uid}", "card": self.duel.table.name[found[1].card], "seat": found[0]}

    def _chain_view(self) -> list[dict[str, Any]]:
        duel = self.duel
        t = duel.table
        out: list[dict[str, Any]] = []
        progs = t.catalog.programs
        for it in duel.wnd.items:
            if isinstance(it, Link):
                prog = progs[it.program]
                card, seat = duel.target_names(it.owner, it.target_kind, it.target, it.target_hand)
                if it.target_kind == "unit" and not card:
                    card = "(gone)"
                target: dict[str, Any] | None = None
                if it.target_kind == "unit":
                    target = self._spirit_ref(it.target)
                elif it.target_kind == "dworld":
                    target = {"ref": f"card:{it.owner}:{t.slug[it.target]}", "card": card, "seat": it.owner}
                elif it.target_kind == "hand":
                    target = {"ref": None, "card": card, "seat": seat}
                out.append(
                    {
                        "kind": "link",
                        "seat": it.owner,
                        "name": prog.name,
                        "source": prog.source,
                        "text": prog.text,
                        "source_spirit": self._spirit_ref(it.source),
                        "target": card,
                        "target_card": target,
                        "negated": it.negated,
                    }
                )
            elif isinstance(it, AttackItem):
                fa = self._spirit_ref(it.attacker)
                fd = self._spirit_ref(it.target) if it.target >= 0 else None
                out.append(
                    {
                        "kind": "attack",
                        "seat": it.owner,
                        "attacker": fa["card"] if fa else "(gone)",
                        "attacker_spirit": fa,
                        "target": (fd["card"] if fd else "(gone)") if it.target >= 0 else "direct",
                        "target_spirit": fd,
                        "negated": it.negated,
                        "limbo": it.limbo,
                    }
                )
        return out

    def _choices(self) -> list[dict[str, Any]]:
        """The named options of the decision now (each public: the split of the opening draw, the raises
        of a bid, enduring, a Squad Recharge, a stance change, a Soul Shift or a Super Charge)."""
        duel = self.duel
        if duel.over:
            return []
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        for a in self.legal_actions():
            if a.kind not in _CHOICE_KINDS or a.kind in seen and a.kind not in ("open", "bid"):
                continue
            seen.add(a.kind)
            value = a.args[0] if a.kind in ("open", "bid") else None
            if a.kind == "recharge":
                value = duel.sp[duel.active] // 2
            out.append({"ref": choice_ref(a), "name": a.kind, "value": value})
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        duel = self.duel
        t = duel.table
        bid = None
        if duel.bid is not None:
            b = duel.bid
            bid = {
                "kind": b.kind,
                "seat": b.opener,
                "card": t.name[b.card],
                "card_ref": {
                    "ref": f"card:{b.opener}:{t.slug[b.card]}",
                    "card": t.name[b.card],
                    "seat": b.opener,
                },
                "amount": b.amount,
                "high": b.high,
                "to_bid": b.mover,
            }
        endure = None
        if duel.wnd.kind == "endure" and duel.wnd.priority is not None:
            e = duel.wnd.data
            assert isinstance(e, EndureChoice)
            endure = {
                "attack": e.power,
                "power": e.against,
                "outcome": e.outcome,
                "attacker": self._spirit_ref(e.attacker),
                "target": self._spirit_ref(e.target),
            }
        realm = None
        if duel.realm is not None:
            owner, card = duel.realm
            realm = {"card": t.name[card], "owner": owner, "text": t.recs[card].text}
        return {
            "game": "dspirits",
            "game_no": duel.game_no,
            "turn": duel.turn,
            "active": duel.active,
            "first": duel.first,
            "phase": duel.phase,
            "to_move": self.to_move,
            "window": duel.wnd.kind if duel.wnd.priority is not None else None,
            "chain": self._chain_view(),
            "endure": endure,
            "bid": bid,
            "choices": self._choices(),
            "realm": realm,
            "players": [self._player_view(p, seat == p) for p in (0, 1)],
            "you": seat,
            "match": {
                "on": self.game.options.match,
                "wins": list(duel.match_wins),
                "results": [dict(r, sp=list(r["sp"])) for r in duel.results],
            },
            "side_swap": None
            if duel.phase != SIDE
            else {
                "seat": duel.side_seat,
                "pending": t.name[duel.side_pending] if duel.side_pending >= 0 else None,
                "swaps_left": list(duel.swaps_left),
            },
            "over": duel.over,
            "winner": duel.win,
        }

    def reveal(self) -> dict[str, Any]:
        duel = self.duel
        t = duel.table
        v = self.view(None)
        v["hands"] = [[duel.hand_label(h) for h in duel.hand[p]] for p in (0, 1)]
        v["squad"] = [[t.name[c] for c in reversed(duel.squad[p])] for p in (0, 1)]  # top first
        v["support"] = [[t.name[c] for c in reversed(duel.support[p])] for p in (0, 1)]
        v["windows"] = duel.wnd.reveal()
        v["rng"] = self.rng.s
        v["flags"] = {
            "summoned": duel.summoned,
            "exchanged": duel.exchanged,
            "shifted": duel.shifted,
            "rushed": duel.rushed,
            "attacks": duel.attacks,
            "uid_next": duel.uid_next,
            "open_seat": duel.open_seat,
            "side_pending": duel.side_pending,
            "swaps_left": list(duel.swaps_left),
            "turns_taken": list(duel.turns_taken),
            "ready": list(duel.ready),
        }
        v["units"] = [
            [
                {
                    f: (list(getattr(u, f)) if f == "under" else getattr(u, f))
                    for f in UNIT_FIELDS
                    if f != "owner"
                }
                for u in duel.scene[p] + duel.parked[p]
            ]
            for p in (0, 1)
        ]
        return v


def _listed(t: Table, p: int, ids: list[int]) -> list[dict[str, Any]]:
    """A decklist as its distinct cards with their copies and refs: fresh dicts (views are the caller's
    to change) from a cache, since a list is the same at nearly every view of a game."""
    return [{"ref": ref, "card": name, "count": n} for ref, name, n in _counted(t, p, tuple(ids))]


@lru_cache(maxsize=512)
def _counted(t: Table, p: int, ids: tuple[int, ...]) -> tuple[tuple[str, str, int], ...]:
    counts: dict[int, int] = {}
    for c in ids:
        counts[c] = counts.get(c, 0) + 1
    return tuple((f"card:{p}:{t.slug[c]}", t.name[c], n) for c, n in counts.items())


def choice_ref(a: Action) -> str:
    """The ``choice:`` ref of a named option (``choice:open-3``, ``choice:bid-600``, ``choice:endure``)."""
    return f"choice:{a.kind}-{a.args[0]}" if a.kind in ("open", "bid") else f"choice:{a.kind}"


def target_ref(s: Duel, p: int, label: str) -> str | None:
    """The ref of an effect's target label (``foe:gravelhound#2``, ``hand:tuskaroo``, ``dworld:lampire``)
    chosen by ``p``."""
    pre, _, rest = label.partition(":")
    if pre in ("foe", "own"):
        u = s.duel.find_unit(1 - p if pre == "foe" else p, rest)
        return f"spirit:{u.uid}" if u is not None else None
    if pre == "hand":
        return "hand:" + rest
    if pre == "dworld":
        return f"card:{p}:{rest}"
    return None


def _spirit(s: Duel, p: int, label: str) -> str | None:
    u = s.duel.find_unit(p, label)
    return f"spirit:{u.uid}" if u is not None else None


def move_refs(s: Duel, a: Action) -> tuple[str, ...]:
    """What a legal action of the seat to move touches, as refs of its view (see the module doc); the
    first is what a player picks first."""
    p = s.to_move
    if p is None:
        return ()
    t = s.duel.table
    k, args = a.kind, a.args
    refs: list[str | None] = []
    if k in _CHOICE_KINDS:
        refs.append(choice_ref(a))
        if k in ("stance", "shift", "supercharge"):
            refs.insert(0, _spirit(s, p, args[0]))
    elif k in ("draw", "extra"):
        if args[0] >= 0:
            refs.append(f"deck:{p}:{('squad', 'support')[args[0]]}")
    elif k in ("rush", "side_in", "side_out"):
        refs.append(f"card:{p}:{t.slug[args[0]]}")
    elif k == "summon":
        refs.append("hand:" + s.duel.hand_label(args[0]))
    elif k == "exchange":
        refs += [_spirit(s, p, args[0]), "hand:" + s.duel.hand_label(args[1])]
    elif k == "evolve":
        refs += [_spirit(s, p, args[1]), f"card:{p}:{t.slug[args[0]]}"]
    elif k in ("move", "ability"):
        u = s.duel.find_unit(p, args[0])
        if u is not None:
            refs.append(f"spirit:{u.uid}")
            if k == "move":
                refs.append(f"move:{u.uid}")
            else:
                refs.append(f"ability:{u.uid}:{t.pslug[t.command[u.card][args[1]].id]}")
        if args[-1]:
            refs.append(target_ref(s, p, args[-1]))
    elif k in ("play", "respond"):
        refs.append("hand:" + t.slug[args[0]])
        if args[1]:
            refs.append(target_ref(s, p, args[1]))
    elif k in ("attack", "limbo"):
        refs.append(_spirit(s, p, args[0]))
        refs.append(f"player:{1 - p}" if args[1] == "direct" else _spirit(s, 1 - p, args[1]))
    elif k == "target":
        refs.append(target_ref(s, p, args[0]))
    return tuple(r for r in refs if r is not None)


__all__ = ["DSpiritsView", "ViewState", "choice_ref", "move_refs", "target_ref"]
