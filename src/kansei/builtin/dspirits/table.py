"""The D-Spirits card table: every card of a catalog flattened into plain arrays for the hot path.

Cards are ints (indices here). Types are bitmasks; the type chart (DS-B5) becomes a table of boosts
``ADV[a][b]``: what card ``a`` adds to its compared stat when it battles card ``b``.
"""

from __future__ import annotations

from kansei.core.content import slug as mkslug

from .cards import Catalog, Evolution, Program, Spirit, Support, catalog

SPIRIT, EVOLUTION, SIGNAL, REALM, MOVECARD = range(5)
KIND_NAMES = ("D-Spirit", "D-Evolution", "Signal", "Realm", "Special Move card")
TRIGGERS = ("command", "summoned", "destroyed", "attack", "end")


class Table:
    """Every card as parallel arrays indexed by card id."""

    def __init__(self, cat: Catalog):
        self.catalog = cat
        cards: list[Spirit | Evolution | Support] = [*cat.spirits, *cat.evolutions, *cat.supports]
        n = len(cards)
        if n >= 4096:
            raise ValueError("at most 4095 cards")  # hand encoding keeps 12 bits for the card id
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
        self.statics: list[tuple] = [()] * n
        self.cond: list[tuple] = [()] * n
        self.base = [-1] * n
        self.evos: list[tuple[int, ...]] = [()] * n
        self.requires: list[tuple[int, ...]] = [()] * n
        self.bid = [0] * n
        self.cost = [0] * n
        self.response = [False] * n
        self.lasting = [False] * n
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
        # DS-B5: strong[type bit] -> mask of types it beats, and its boost
        strong = []
        for t in cat.types:
            mask = 0
            for o in t.strong_against:
                mask |= self.type_bit.get(o, 0)
            strong.append((self.type_bit[t.name], mask, t.boost))
        self.adv = [[0] * n for _ in range(n)]
        fighters = [i for i in range(n) if self.kind[i] in (SPIRIT, EVOLUTION)]
        for a in fighters:
            for b in fighters:
                best = 0
                for bit, mask, boost in strong:
                    if self.types[a] & bit and mask & self.types[b]:
                        best = max(best, boost)
                self.adv[a][b] = best

    def find(self, name: str) -> int | None:
        i = self.by_name.get(str(name).lower())
        return i if i is not None else self.by_name.get(mkslug(str(name)))

    def is_spirit(self, cid: int) -> bool:
        return self.kind[cid] == SPIRIT

    def is_support(self, cid: int) -> bool:
        return self.kind[cid] >= SIGNAL


_TABLE: Table | None = None


def table() -> Table:
    global _TABLE
    if _TABLE is None:
        _TABLE = Table(catalog())
    return _TABLE
