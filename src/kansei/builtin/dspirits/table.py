"""The D-Spirits card table: every card of a catalog flattened into plain arrays for the hot path.

Cards are ints (indices here). Types are bitmasks; the type chart (DS-B5) becomes a table of boosts
``adv[a][b]``: what card ``a`` adds to its compared stat when it battles card ``b``. A table also interns
the actions of games played with it (their arguments hold its card ids), so actions are shared objects.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from kansei.core.content import slug as mkslug
from kansei.core.effects import Compiled
from kansei.core.protocol import Action

from .cards import (
    CONTENT,
    EVOLUTION,
    MOVECARD,
    REALM,
    SIGNAL,
    SPIRIT,
    Catalog,
    Evolution,
    Program,
    Spirit,
    Support,
    catalog,
    load_catalog,
)
from .state import BID_STEPS, HandCard

TRIGGERS = ("command", "summoned", "destroyed", "attack", "end")
AURA_SETS = 4096  # sets of auras in force whose sums a table remembers (see Table.aura_memo)
FIELDS = 65536  # fields whose labels a table remembers (see Table.field_labels)
# the kinds of action interned by key from the start (the main step's, responses, attacks, bids)
KEYED_KINDS = (
    *("summon", "exchange", "stance", "move", "ability", "play", "evolve"),
    *("respond", "attack", "limbo", "supercharge", "target"),
)


class AuraSums:
    """What one set of auras in force adds to attack and endurance, for each seat a list by card id (None:
    not asked yet), filled as the rules ask (``SpiritState.auras_on``). A memo: it pickles and copies
    empty."""

    __slots__ = ("by_seat",)

    def __init__(self, cards: int) -> None:
        self.by_seat: tuple[list[tuple[int, int] | None], ...] = ([None] * cards, [None] * cards)

    def __len__(self) -> int:
        """How many sums are remembered."""
        return sum(v is not None for sums in self.by_seat for v in sums)

    def __reduce__(self) -> tuple[Any, ...]:
        return (AuraSums, (len(self.by_seat[0]),))


class Table:
    """Every card as parallel arrays indexed by card id. D-Spirits come first, then D-Evolutions, then
    support cards: a sorted hand holds its D-Spirits before its support cards."""

    def __init__(self, cat: Catalog, folder: Path | None = None):
        self.catalog = cat
        self.folder = folder  # the content folder (None: the shipped one): what a pickled table names
        cards: list[Spirit | Evolution | Support] = [*cat.spirits, *cat.evolutions, *cat.supports]
        n = len(cards)
        self.n = n
        self.recs = cards
        self.name = [c.name for c in cards]
        self.slug = [mkslug(c.name) for c in cards]
        self.kind = [0] * n
        self.atk = [0] * n
        self.endu = [0] * n
        self.spv = [0] * n
        self.types = [0] * n
        self.type_names: list[tuple[str, ...]] = [()] * n
        self.elemental = [False] * n
        self.spooky = [False] * n
        self.limit: list[int | str] = [1] * n
        # programs by trigger: abil[cid][trigger] -> tuple[Program]
        self.abil: list[dict[str, tuple[Program, ...]]] = [{} for _ in range(n)]
        self.command: list[tuple[Program, ...]] = [()] * n
        self.move: list[Program | None] = [None] * n
        self.effect: list[Program | None] = [None] * n
        self.statics: list[tuple[Any, ...]] = [()] * n
        self.cond: list[tuple[Compiled, ...]] = [()] * n
        self.base = [-1] * n
        self.evos: list[tuple[int, ...]] = [()] * n
        self.requires: list[tuple[int, ...]] = [()] * n
        self.bid = [0] * n
        self.cost = [0] * n
        self.response = [False] * n
        self.lasting = [False] * n
        self.pslug = [mkslug(prog.name) for prog in cat.programs]  # abilities as notations name them
        self.plain = [HandCard(i) for i in range(n)]  # the interned card in hand without statuses
        # sorts after every D-Spirit in a hand and before every other card: where its D-Spirits end
        self.after_spirits = HandCard(len(cat.spirits))
        self.acts: dict[str, Action] = {}  # interned actions (bounded by the notations content allows)
        # the same actions by kind and a key that fixes their notation: the hot path finds an action
        # without building its notation (summon: the card in hand, stance: the label, bid: the amount,
        # an action with a target: its arguments…)
        self.by_kind: dict[str, dict[Any, Action]] = {kind: {} for kind in KEYED_KINDS}
        self.deck_data: dict[tuple[Any, ...], dict[str, Any]] = {}  # decks as data, by their lists
        self.auras_seen: dict[tuple[Any, ...], AuraSums] = {}  # see aura_memo
        self.bid_raises: dict[int, tuple[Action, ...]] = {}  # see raises
        self.labels_seen: dict[tuple[int, ...], tuple[str, ...]] = {}  # see field_labels
        self.targets_seen: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}  # see prefixed
        # starter decks built once: (D-Squad, Support, side) card ids, by lower-case name (never mutated)
        self.starters: dict[str, tuple[list[int], list[int], list[int]]] = {}
        self.spaces: dict[
            tuple[Any, ...], tuple[str, ...]
        ] = {}  # action spaces by the options they depend on
        self.by_name: dict[str, int] = {}
        self.type_bit = {t.name: 1 << i for i, t in enumerate(cat.types)}
        tdefs = {t.name: t for t in cat.types}
        for i, c in enumerate(cards):
            self.by_name[c.name.lower()] = i
            self.by_name[self.slug[i]] = i
        for i, c in enumerate(cards):
            comp = cat.compiled.get(c.name, {})
            if isinstance(c, Spirit | Evolution):
                self.kind[i] = SPIRIT if isinstance(c, Spirit) else EVOLUTION
                self.atk[i], self.endu[i], self.spv[i] = c.attack, c.endurance, c.sp
                self.type_names[i] = tuple(c.types)
                for t in c.types:
                    self.types[i] |= self.type_bit.get(t, 0)
                self.elemental[i] = any(tdefs[t].elemental for t in c.types if t in tdefs)
                self.spooky[i] = "Spooky" in c.types
                self.limit[i] = c.limit
                progs = comp.get("abilities", [])
                self.abil[i] = {t: tuple(p for p in progs if p.trigger == t) for t in TRIGGERS}
                self.command[i] = self.abil[i]["command"]
                self.move[i] = comp.get("move")
                if isinstance(c, Evolution):
                    self.cond[i] = comp.get("condition", ())
            else:
                self.kind[i] = {"signal": SIGNAL, "realm": REALM, "move": MOVECARD}[c.kind]
                self.limit[i] = c.limit
                self.effect[i] = comp.get("effect")
                self.statics[i] = tuple(s.p for s in comp.get("static", ()))
                self.bid[i] = c.bid
                self.cost[i] = c.cost
                self.response[i] = c.timing == "response"
                self.lasting[i] = c.lasting
        evos: dict[int, list[int]] = {}
        for i, c in enumerate(cards):
            if isinstance(c, Evolution):
                b = self.by_name[c.base.lower()]
                self.base[i] = b
                evos.setdefault(b, []).append(i)
            if isinstance(c, Support):
                self.requires[i] = tuple(self.by_name[r.lower()] for r in c.requires)
        for b, lst in evos.items():
            self.evos[b] = tuple(lst)
        # a support card played with no target to choose (DS-C2), interned at load
        self.play_act: dict[int, Action] = {}
        self.rush_act: dict[int, Action] = {}  # DS-X6 Field Rush for a Realm
        # whether a D-Spirit of the card may activate more than a Soul Exchange or a stance change in the main
        # step: it has a special move, D-Evolutions or abilities on command (DS-C1, DS-C3)
        self.activates = [bool(self.move[i] or self.evos[i] or self.command[i]) for i in range(n)]
        # whether the main step may play the card (DS-C2): not a signal that only answers an attack or a card
        # on the chain (DS-R4), not a move card without an effect
        self.main_play = [
            self.kind[i] == REALM
            or (self.kind[i] == SIGNAL and not (eff and (eff.needs_attack or eff.needs_link)))
            or (self.kind[i] == MOVECARD and eff is not None)
            for i, eff in enumerate(self.effect)
        ]
        for i in range(n):
            if self.kind[i] >= SIGNAL:
                self.play_act[i] = self.by_kind["play"][i, ""] = self.act(
                    f"play {self.slug[i]}", "play", (i, "")
                )
            if self.kind[i] == REALM:
                self.rush_act[i] = self.act(f"rush {self.slug[i]}", "rush", (i,))
        # DS-B5: strong[type bit] -> mask of types it beats, and its boost
        strong = []
        for td in cat.types:
            mask = 0
            for o in td.strong_against:
                mask |= self.type_bit.get(o, 0)
            strong.append((self.type_bit[td.name], mask, td.boost))
        self.adv = [[0] * n for _ in range(n)]
        fighters = [i for i in range(n) if self.kind[i] in (SPIRIT, EVOLUTION)]
        for a in fighters:
            for b in fighters:
                best = 0
                for bit, mask, boost in strong:
                    if self.types[a] & bit and mask & self.types[b]:
                        best = max(best, boost)
                self.adv[a][b] = best

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by reference: the content folder, whose table is built once per process (states
        pickle without their content, and two unpickled states share one table)."""
        return (table_for, (self.folder,))

    def find(self, name: str) -> int | None:
        i = self.by_name.get(str(name).lower())
        return i if i is not None else self.by_name.get(mkslug(str(name)))

    def act(self, notation: str, kind: str, args: tuple[Any, ...] = ()) -> Action:
        """The interned action of ``notation``; ``args`` must be a function of the notation alone."""
        a = self.acts.get(notation)
        if a is None:
            a = self.acts[notation] = Action(notation, kind, args)
        return a

    def field_labels(self, cards: tuple[int, ...]) -> tuple[str, ...]:
        """The labels of a seat's D-Spirits in play, whose top cards are ``cards`` (Battle Scene then Support
        Zone): the card's slug, with ``#n`` when two share a card (see ``SpiritState.labels``). Remembered
        per field, forgotten all at once past ``FIELDS`` fields."""
        labels = self.labels_seen.get(cards)
        if labels is None:
            if len(self.labels_seen) >= FIELDS:
                self.labels_seen.clear()
            slugs = self.slug
            if len(set(cards)) == len(cards):
                labels = tuple([slugs[c] for c in cards])
            else:
                seen: dict[int, int] = {}
                out = []
                for c in cards:
                    if cards.count(c) > 1:
                        seen[c] = seen.get(c, 0) + 1
                        out.append(f"{slugs[c]}#{seen[c]}")
                    else:
                        out.append(slugs[c])
                labels = tuple(out)
            self.labels_seen[cards] = labels
        return labels

    def prefixed(self, prefix: str, labels: tuple[str, ...]) -> tuple[str, ...]:
        """``labels`` as targets name them (``foe:`` or ``own:`` before each), remembered like
        :meth:`field_labels`."""
        key = (prefix, labels)
        named = self.targets_seen.get(key)
        if named is None:
            if len(self.targets_seen) >= FIELDS:
                self.targets_seen.clear()
            named = self.targets_seen[key] = tuple([prefix + label for label in labels])
        return named

    def raises(self, amount: int) -> tuple[Action, ...]:
        """DS-R1: the raises offered over a standing bid of ``amount`` (``BID_STEPS``), smallest first."""
        acts = self.bid_raises.get(amount)
        if acts is None:
            acts = self.bid_raises[amount] = tuple(
                self.act(f"bid {amount + step}", "bid", (amount + step,)) for step in BID_STEPS
            )
        return acts

    def notation_head(self, kind: str, args: tuple[Any, ...], prog: Program) -> str:
        """The notation of an action that may take a target, before the target's label: ``move <spirit>``,
        ``ability <spirit> <ability>``, ``play <card>``, ``respond <card>``."""
        if kind == "move":
            return f"move {args[0]}"
        if kind == "ability":
            return f"ability {args[0]} {self.pslug[prog.id]}"
        return f"{kind} {self.slug[args[0]]}"

    def aura_memo(self, auras: tuple[Any, ...]) -> AuraSums:
        """The sums of a set of auras in force (shared by every state with that set); forgotten all at
        once past ``AURA_SETS`` sets."""
        memo = self.auras_seen.get(auras)
        if memo is None:
            if len(self.auras_seen) >= AURA_SETS:
                self.auras_seen.clear()
            memo = self.auras_seen[auras] = AuraSums(self.n)
        return memo

    def is_spirit(self, cid: int) -> bool:
        return self.kind[cid] == SPIRIT

    def is_support(self, cid: int) -> bool:
        return self.kind[cid] >= SIGNAL


def hand_label(t: Table, h: HandCard) -> str:
    """A card in hand as notations name it: ``tuskaroo``, ``tuskaroo+frozen+poison300`` (DS-R2)."""
    s = t.slug[h.card]
    if not h.frozen and not h.poison:
        return s
    if h.frozen:
        s += "+frozen"
    if h.poison:
        s += f"+poison{h.poison}"
    return s


@lru_cache(maxsize=1)
def table() -> Table:
    """The table of the shipped content (one per process)."""
    return Table(catalog())


@lru_cache(maxsize=8)
def _table_for(folder: str, digest: str) -> Table:
    return Table(load_catalog(Path(folder), prefix=folder), Path(folder))


def table_for(folder: Path | None) -> Table:
    """The table of a content folder (None or the shipped folder: the shipped table), validated and cached
    per folder and content digest; ContentError when the folder does not validate."""
    if folder is None or folder.resolve() == CONTENT.resolve():
        return table()
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.toml")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return _table_for(str(folder), h.hexdigest())
