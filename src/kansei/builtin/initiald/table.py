"""The Initial D CCG's cards flattened for the hot path, and what each player brought (a :class:`Side`).

Cards are ints: indices into a :class:`Table` built once per content folder from the validated catalog.
Every action the game can produce is interned here (``CardDef.plays``, ``CardDef.disc``), so the rules
allocate no action while playing.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from kansei.core.content import slug
from kansei.core.effects import Compiled
from kansei.core.protocol import Action

from .blocks import LASTING, STAT_INDEX
from .cards import (
    CONTENT,
    MANEUVER_TYPES,
    STAGE_TYPES,
    Car,
    Catalog,
    DeckSpec,
    Maneuver,
    Mod,
    Race,
    catalog,
    catalog_at,
    identity,
)

POWER: Final = 0
TRACTION: Final = 1
STYLE: Final = 2
STAT_NAMES = ("Power", "Traction", "Style")
# a maneuver's position (ID-C4): any car, the lead car only, the trailing car only
ANY: Final = 0
LEAD: Final = 1
TRAIL: Final = 2
_POSITION = {"any": ANY, "lead": LEAD, "trailing": TRAIL}
MAX_NEED: Final = 19  # the largest discard count a play can name: a hand never holds more than 20 cards
# phases: play or pass, pay discards, keep or discard (ID-P6), over
PLAY: Final = 0
PAY: Final = 1
KEEP: Final = 2
OVER: Final = 3
PHASE_NAMES = ("play", "discard", "keep", "over")

PASS: Final = Action("pass", "pass")
KEEP_REST: Final = Action("keep", "keep")


class CardDef:
    """A card flattened for the hot path. ``kind``: car, mod, race or maneuver."""

    __slots__ = (
        "id", "name", "slug", "ref", "kind", "rec",
        "mtype", "strength", "counter", "req_stat", "req_val", "position", "needs_mod", "drivetrains",
        "only", "style", "effects", "lasting", "delta_self", "delta_opp", "plays", "disc",
    )  # fmt: skip

    id: int
    name: str
    slug: str
    ref: str  # "hand:<slug>": how views and move refs name the card (views.py)
    kind: str
    rec: Car | Mod | Race | Maneuver
    mtype: int  # index into MANEUVER_TYPES (-1: not a maneuver)
    # three numbers each, typed as tuples of any length so that compiled code indexes them where they are
    # (a fixed-length tuple is a C struct to mypyc, boxed again at every read by a variable index)
    strength: tuple[int, ...]  # per stage type
    counter: tuple[int, ...]  # per maneuver type
    req_stat: int  # POWER, TRACTION or -1 (no requirement)
    req_val: int
    position: int  # ANY, LEAD or TRAIL
    needs_mod: str | None
    drivetrains: frozenset[str] | None
    only: frozenset[str] | None
    style: int  # Style points gained when played (ID-P1)
    effects: tuple[Compiled, ...]  # blocks run on resolution (blocks.py)
    lasting: bool  # ID-P5: stays in play
    delta_self: tuple[int, ...]  # the bonuses while in play (for display and evaluation)
    delta_opp: tuple[int, ...]
    plays: tuple[Action, ...]  # plays[n]: "play <slug> discard n"
    disc: Action | None  # "discard <slug>"

    def __init__(self, cid: int, rec: Car | Mod | Race | Maneuver, effects: tuple[Compiled, ...]) -> None:
        self.id = cid
        self.name = rec.name
        self.slug = slug(rec.name)
        self.ref = f"hand:{self.slug}"
        self.rec = rec
        self.mtype = self.req_stat = -1
        self.strength = self.counter = (0, 0, 0)
        self.req_val = self.style = 0
        self.position = ANY
        self.needs_mod = None
        self.drivetrains = self.only = None
        self.effects = ()
        self.lasting = False
        self.delta_self = self.delta_opp = (0, 0, 0)
        self.plays = ()
        self.disc = None
        if isinstance(rec, Car):
            self.kind = "car"
        elif isinstance(rec, Mod):
            self.kind = "mod"
        elif isinstance(rec, Race):
            self.kind = "race"
        else:
            self.kind = "maneuver"
            self._maneuver(rec, effects)

    def _maneuver(self, rec: Maneuver, effects: tuple[Compiled, ...]) -> None:
        self.mtype = MANEUVER_TYPES.index(rec.type)
        self.strength = rec.strength.as_tuple()
        self.counter = rec.counter.as_tuple()
        self.req_stat = STAT_INDEX.get(rec.requirement_type, -1)
        self.req_val = rec.requirement_value
        self.position = _POSITION[rec.position]
        self.needs_mod = rec.needs_mod
        self.drivetrains = frozenset(rec.drivetrain) if rec.drivetrain else None
        self.only = frozenset(x.lower() for x in rec.only_used_by) if rec.only_used_by else None
        self.style = rec.style
        self.effects = effects
        self.lasting = any(e.name in LASTING for e in effects)  # ID-P5
        ds, do = [0, 0, 0], [0, 0, 0]
        for e in effects:
            if e.name == "bonus":
                (ds if e.p.who == "self" else do)[STAT_INDEX[e.p.stat]] += e.p.amount
        self.delta_self = (ds[0], ds[1], ds[2])
        self.delta_opp = (do[0], do[1], do[2])
        self.plays = tuple(
            Action(f"play {self.slug}" if n == 0 else f"play {self.slug} discard {n}", "play", (self.id, n))
            for n in range(MAX_NEED + 1)
        )
        self.disc = Action(f"discard {self.slug}", "discard", (self.id,))


class Table:
    """Every card of a catalog as a CardDef, with its actions interned."""

    def __init__(self, cat: Catalog) -> None:
        self.catalog = cat
        self.cards: list[CardDef] = []
        self.by_name: dict[str, int] = {}
        for rec in cat.all_cards():
            d = CardDef(len(self.cards), rec, cat.effects.get(rec.name, ()))
            self.cards.append(d)
            self.by_name[rec.name.lower()] = d.id
            self.by_name[d.slug] = d.id
        self.maneuvers = tuple(d for d in self.cards if d.kind == "maneuver")
        self.slot = {d.name: i for i, d in enumerate(self.maneuvers)}  # maneuver name -> 0..M-1

    def find(self, name: str) -> int | None:
        i = self.by_name.get(str(name).lower())
        return i if i is not None else self.by_name.get(slug(str(name)))

    def need(self, name: str) -> int:
        """The id of a card known to exist (names taken from a validated deck)."""
        i = self.find(name)
        assert i is not None, name
        return i


@lru_cache(maxsize=8)
def _table(cat: Catalog) -> Table:
    return Table(cat)


def table(folder: Path | None = None, digest: str = "") -> Table:
    """The cards of a content folder as a Table (the shipped content by default), cached per folder and
    digest."""
    if folder is None or Path(folder) == CONTENT:
        return _table(catalog())
    return _table(catalog_at(str(folder), digest))


class Side:
    """What one player brought: car, mods and races (fixed for the race), resolved for the hot path
    (:meth:`from_spec`). Immutable once built (shared by every state of a process)."""

    __slots__ = ("car", "mods", "races", "maneuvers", "cost", "stats", "usable", "decklist", "identity",
                 "drivetrain", "name", "mod_types", "usable_as")  # fmt: skip

    car: int
    mods: tuple[int, ...]
    races: tuple[int, ...]
    maneuvers: tuple[int, ...]
    cost: int
    stats: tuple[tuple[int, ...], ...]  # per stage type: Power, Traction, Style of car + mods
    usable: bytes  # per card id: the static special requirements are met (ID-C4)
    usable_as: tuple[bytes, bytes]  # ... and the position fits: [0] as the trailing car, [1] as the lead
    decklist: tuple[tuple[str, int], ...]
    identity: frozenset[str]
    drivetrain: str
    name: str
    mod_types: frozenset[str]

    @staticmethod
    def from_spec(t: Table, spec: DeckSpec) -> Side:
        """What ``spec`` brings, resolved against the cards of ``t``."""
        side = Side()
        cards = t.cards
        side.name = spec.name
        side.car = t.need(spec.car[0])
        side.mods = tuple(t.need(m) for m in spec.mods)
        side.races = tuple(t.need(r) for r in spec.races)
        side.maneuvers = tuple(t.need(n) for n, k in spec.maneuvers.items() for _ in range(k))
        crec = cards[side.car].rec
        mrecs = [cards[m].rec for m in side.mods]
        assert isinstance(crec, Car) and all(isinstance(m, Mod) for m in mrecs)
        mods: list[Mod] = [m for m in mrecs if isinstance(m, Mod)]
        side.cost = crec.cost + sum(m.cost for m in mods)  # ID-S1: car plus mods
        side.drivetrain = crec.drivetrain
        # ID-C1 / ID-C2: car + mods, per stage type (some bonuses only count in one stage type)
        stats = []
        for st in STAGE_TYPES:
            v = [
                crec.power + sum(m.power for m in mods),
                crec.traction + sum(m.traction for m in mods),
                crec.style + sum(m.style for m in mods),
            ]
            for b in [*crec.bonuses, *(b for m in mods for b in m.bonuses)]:
                if b.stage is None or b.stage == st:
                    v[STAT_INDEX[b.stat]] += b.amount
            stats.append((v[0], v[1], v[2]))
        side.stats = tuple(stats)
        # ID-C1: a built-in mod counts as having a mod of that type
        side.mod_types = mod_types = frozenset([*crec.built_in, *(m.type for m in mods)])
        side.identity = identity(crec, mods)
        usable = [False] * len(cards)
        for d in t.maneuvers:  # static special requirements: drivetrain, needs_mod, only used by (ID-C4)
            usable[d.id] = (
                (d.drivetrains is None or side.drivetrain in d.drivetrains)
                and (d.needs_mod is None or d.needs_mod in mod_types)
                and (d.only is None or bool(d.only & side.identity))
            )
        side.usable = bytes(usable)
        trailing = bytes([ok and cards[i].position != LEAD for i, ok in enumerate(usable)])
        leading = bytes([ok and cards[i].position != TRAIL for i, ok in enumerate(usable)])
        side.usable_as = (trailing, leading)
        side.decklist = tuple((cards[c].name, n) for c, n in sorted(Counter(side.maneuvers).items()))
        return side

    def deck_data(self, t: Table) -> dict[str, Any]:
        """The deck as deck data (``start(decks=…)`` takes it back): every card by name, with its count."""
        cards: dict[str, int] = {}
        for c in (self.car, *self.mods, *self.races, *self.maneuvers):
            name = t.cards[c].name
            cards[name] = cards.get(name, 0) + 1
        return {"name": self.name, "cards": cards}

    def special_problem(self, d: CardDef) -> str | None:
        """Why a maneuver's static special requirement is not met (None: it is)."""
        rec = d.rec
        assert isinstance(rec, Maneuver)
        if d.drivetrains is not None and self.drivetrain not in d.drivetrains:
            return f"{d.name} is {' or '.join(rec.drivetrain)} only and this car is {self.drivetrain}"
        if d.needs_mod is not None and d.needs_mod not in self.mod_types:
            return f"{d.name} needs a {d.needs_mod} mod and this car has none"
        if d.only is not None and not (d.only & self.identity):
            return f"{d.name} is only used by {', '.join(rec.only_used_by)}"
        return None


__all__ = [
    "ANY",
    "KEEP",
    "KEEP_REST",
    "LEAD",
    "OVER",
    "PAY",
    "PHASE_NAMES",
    "PLAY",
    "MAX_NEED",
    "PASS",
    "POWER",
    "STAGE_TYPES",
    "STAT_NAMES",
    "STYLE",
    "TRACTION",
    "TRAIL",
    "CardDef",
    "Side",
    "Table",
    "table",
]
