"""Every card of a content folder flattened for the hot path, with its actions interned.

Cards are ints (indices into :attr:`Table.cards`). A card's effect blocks, compiled by the registry at
load, are kept here by the phase they act in (:mod:`.blocks`): ``play_fx`` and ``wipe_fx`` hold
``(phase function, parameters)``, ``score_fx`` ``(score function, parameters, whose)``; ``tile_road`` is
the road type of the tile the card targets. A disaster's run blocks are precomputed
(:attr:`CardDef.dmods`), since they never change during a race.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final, NamedTuple

from kansei.core.content import slug as mkslug
from kansei.core.protocol import Action

from .blocks import (
    NO_MODS,
    WHO,
    C,
    DisasterMods,
    Pair,
    PlayFn,
    S,
    ScoreFn,
    TougeBlock,
    WipeFn,
)
from .cards import Ability, Car, Catalog, Disaster, Road, TuneUp, catalog, load_catalog
from .scoring import Profile

ROAD: Final = "road"  # card kinds (Final: compiled rules read the values, not the names)
TUNE: Final = "tune"
CAR: Final = "car"
DISASTER: Final = "disaster"
TYPE_NAMES: Final = ("C", "S")

PASS = Action("pass", "pass")
DONE = Action("done", "done")
ABILITY = Action("ability", "ability")


_NULLIFY: dict[int, Action] = {}


def nullify_act(tile: int) -> Action:
    """``nullify @<tile+1>``, interned."""
    a = _NULLIFY.get(tile)
    if a is None:
        a = _NULLIFY[tile] = Action(f"nullify @{tile + 1}", "nullify", (tile,))
    return a


class CardDef(NamedTuple):
    """One card as the engine uses it, made once by the :class:`Table` (a named tuple: compiled rules
    read its fields as tuple items, not by attribute lookup). ``kind``: car, road, tune or disaster."""

    id: int
    name: str
    slug: str
    kind: str
    rec: Car | Road | TuneUp | Disaster
    rtype: int  # roads: C or S
    stars: int
    value: Pair  # roads: (downhill, uphill)
    mult: tuple[Pair, ...]  # cars: mult[direction][type]
    ability: Ability | None
    score_fx: tuple[tuple[ScoreFn, Any, int], ...]  # (score fn, params, SELF/OPPONENT/BOTH)
    play_fx: tuple[tuple[PlayFn, Any], ...]  # blocks acting when the card is played or switched on
    wipe_fx: tuple[tuple[WipeFn, Any], ...]  # blocks choosing the tiles wiped out before each run
    tile_road: int | None  # tune-ups: None for whole-course, else C, S or -1 (any tile)
    dmods: DisasterMods  # disasters: (additions, halvings, caps) per road type
    act: Action | None  # "road <slug>" or a whole-course "tune <slug>"
    redraw: Action | None  # "redraw <slug>"
    tile_acts: list[Action]  # "tune <slug> @n" by tile index, made as courses grow (tile_actions)

    def tile_actions(self, tiles: int) -> list[Action]:
        """``tune <slug> @<n>`` for the first ``tiles`` tiles at least (index: tile - 1), interned."""
        acts = self.tile_acts
        if len(acts) < tiles:  # made once per tile: a course rarely grows past the longest one seen
            for tile in range(len(acts), tiles):
                acts.append(Action(f"tune {self.slug} @{tile + 1}", "tune", (self.id, tile)))
        return acts

    def tile_action(self, tile: int) -> Action:
        """``tune <slug> @<tile+1>``, interned."""
        return self.tile_actions(tile + 1)[tile]


def card_def(cid: int, rec: Car | Road | TuneUp | Disaster, kind: str, effects: Any) -> CardDef:
    """Card ``cid`` of ``kind`` flattened for the hot path: its numbers, its blocks by the phase they act
    in (``effects``: the catalog's compiled blocks of the card), its interned actions."""
    slug = mkslug(rec.name)
    rtype = stars = 0
    value = (0, 0)
    mult = ((0, 0), (0, 0))
    ability = None
    act = redraw = None
    if isinstance(rec, Road):
        rtype = C if rec.type == "C" else S
        stars = rec.stars
        value = (rec.down, rec.up)
        act = Action(f"road {slug}", "road", (cid,))
    elif isinstance(rec, Car):
        mult = ((rec.dh_c, rec.dh_s), (rec.uh_c, rec.uh_s))
        ability = rec.ability
    if kind in (ROAD, TUNE):
        redraw = Action(f"redraw {slug}", "redraw", (cid,))
    score: list[tuple[ScoreFn, Any, int]] = []
    play: list[tuple[PlayFn, Any]] = []
    wipe: list[tuple[WipeFn, Any]] = []
    tile_road: int | None = None
    for c in effects:
        impl: TougeBlock = c.impl
        if impl.score is not None:
            score.append((impl.score, c.p, WHO[c.p.who]))
        if impl.play is not None:
            play.append((impl.play, c.p))
        if impl.wipe is not None:
            wipe.append((impl.wipe, c.p))
        road = impl.target(c.p)
        if road is not None:
            tile_road = -1 if road == "any" else C if road == "C" else S
    if kind == TUNE and tile_road is None:
        act = Action(f"tune {slug}", "tune", (cid, -1))
    dmods = NO_MODS
    if kind == DISASTER:
        pr = Profile()
        for fn, p, _ in score:
            fn(p, pr, -1)
        dmods = ((pr.add[0], pr.add[1]), (pr.halve[0], pr.halve[1]), (pr.cap[0], pr.cap[1]))
    return CardDef(
        cid, rec.name, slug, kind, rec, rtype, stars, value, mult, ability, tuple(score), tuple(play),
        tuple(wipe), tile_road, dmods, act, redraw, [],
    )  # fmt: skip


class Deck(NamedTuple):
    """A deck resolved against a table: the car, the other cards, and the open decklist."""

    name: str
    car: int
    cards: tuple[int, ...]
    decklist: tuple[tuple[str, int], ...]  # (card name, count), sorted by card id


class Table:
    """Every card of a catalog as a CardDef, plus its starter decks resolved."""

    def __init__(self, cat: Catalog):
        self.catalog = cat
        self.cards: list[CardDef] = []
        self.by_name: dict[str, int] = {}
        groups: tuple[tuple[list[Any], str], ...] = (
            (cat.cars, CAR),
            (cat.roads, ROAD),
            (cat.tuneups, TUNE),
            (cat.disasters, DISASTER),
        )
        for group, kind in groups:
            for rec in group:
                d = card_def(len(self.cards), rec, kind, cat.effects.get(rec.name, ()))
                self.cards.append(d)
                self.by_name[rec.name.lower()] = d.id
                self.by_name[d.slug] = d.id
        self.hand_cards = [d.id for d in self.cards if d.kind in (ROAD, TUNE)]
        # by card id, what a card in hand offers (rules.legal_actions): laying it (roads), putting it back
        self.road_acts: list[Action | None] = [d.act if d.kind == ROAD else None for d in self.cards]
        self.redraw_acts: list[Action | None] = [d.redraw for d in self.cards]
        self.disasters = frozenset(d.id for d in self.cards if d.kind == DISASTER)
        self.starters = {d.name.lower(): self.resolve(d.name, d.car, d.cards) for d in cat.decks}
        self.starter_names = [d.name for d in cat.decks]

    def find(self, name: str) -> int | None:
        i = self.by_name.get(name.lower())
        return i if i is not None else self.by_name.get(mkslug(name))

    def resolve(self, name: str, car: str | None, cards: dict[str, int]) -> Deck:
        """A deck already checked by ``deck_problems`` as ints: the car (named or among the cards)."""
        car_id = self.find(car) if car else None
        ids: list[int] = []
        for card, n in cards.items():
            cid = self.find(card)
            assert cid is not None, card
            if self.cards[cid].kind == CAR:
                car_id = cid
            else:
                ids.extend([cid] * n)
        assert car_id is not None
        decklist = tuple((self.cards[i].name, n) for i, n in sorted(Counter(ids).items()))
        return Deck(name, car_id, tuple(ids), decklist)


@cache
def table() -> Table:
    """The shipped cards as a Table, built once per process."""
    return Table(catalog())


@lru_cache(maxsize=8)
def table_for(folder: str, digest: str) -> Table:
    """The Table of a content folder, validated (ContentError) and cached per folder and content digest."""
    return Table(load_catalog(Path(folder), prefix=folder))
