"""Card Race Stampede!!: the card table of the hot path, built once from the content.

:func:`load_catalog` turns a content folder (:func:`.cards.load_content`: records, compiled abilities,
starter decks) into a :class:`Catalog`: every printed card flattened into a :class:`CardDef` of ints,
flags and ability tuples (no pydantic in the hot path), the lookups by name, the ST-D1 deck check and the
interned actions naming cards.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from kansei.core.content import slug
from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Action

from .cards import (
    ASSIST,
    CLASSES,
    CONTENT,
    DECK_SIZE,
    EVENT,
    KINDS,
    MACHINE,
    MAX_COPIES,
    MAX_STEERING,
    STEERING,
    Ability,
    CardRec,
    StarterDeck,
    load_content,
)

# where a catalog comes from: None for the shipped content, else (folder, digest of its files)
Source = tuple[str, str] | None


class CardDef:
    """A card flattened for the hot path: ints and tuples, no pydantic."""

    __slots__ = (
        "id", "name", "en", "fr", "slug", "kind", "gear", "cls", "pow", "def_", "hp", "rec",
        "obstruction", "double_action", "guest", "demi_guest", "dragon", "dead_heat",
        "abilities", "play", "activated", "hand", "on_enter", "on_destroyed", "crash", "keepers",
        "goal_keeper", "requiem_keeper", "instant", "text", "text_en", "text_fr", "disabled", "source",
        "calls", "events",
    )  # fmt: skip

    id: int  # index in the catalog
    name: str  # Japanese
    en: str
    fr: str  # French (the English name where the content has none)
    slug: str  # of the English name: what notation uses
    kind: int  # MACHINE, ASSIST or EVENT
    gear: int
    cls: int  # index in CLASSES
    pow: int
    def_: int
    hp: int
    rec: CardRec
    obstruction: bool
    double_action: bool
    guest: bool
    demi_guest: bool
    dragon: bool
    dead_heat: int
    abilities: tuple[Ability, ...]
    play: Ability | None
    activated: tuple[Ability, ...]
    hand: tuple[Ability, ...]
    on_enter: tuple[Ability, ...]
    on_destroyed: tuple[Ability, ...]
    crash: tuple[Ability, ...]
    keepers: tuple[Ability, ...]
    goal_keeper: tuple[Ability, ...]
    requiem_keeper: tuple[Ability, ...]
    instant: bool  # usable at any time from hand (ST-T6): an assist with a play ability, or an event
    text: str
    text_en: str
    text_fr: str
    disabled: bool  # not implemented yet: kept out of play
    source: Source  # the catalog it belongs to: a card pickles and deep-copies as (source, id)
    # the card's interned actions of its catalog, made once: ``call NAME L|C|R`` of a machine (by zone),
    # ``event NAME L|R`` of an event (left, right); () for the other kinds
    calls: tuple[Action, ...]
    events: tuple[Action, ...]

    def label(self, lang: str) -> str:
        """The name in ``lang``."""
        return self.name if lang == "ja" else self.fr if lang == "fr" else self.en

    def other_name(self, lang: str) -> str:
        """The name shown beside :meth:`label`: English beside Japanese, else the Japanese original."""
        return self.en if lang == "ja" else self.name

    def __reduce__(self) -> tuple[Any, ...]:
        """By reference to its catalog (a card is shared by every state of a process, like an action)."""
        return (card_def, (self.source, self.id))

    def card_text(self, lang: str) -> str:
        return self.text if lang == "ja" else self.text_fr if lang == "fr" else self.text_en


def _make_def(i: int, rec: CardRec, abilities: tuple[Ability, ...]) -> CardDef:
    d = CardDef()
    d.id = i
    d.rec = rec
    d.name = rec.name
    d.en = rec.en
    d.fr = rec.fr or rec.en
    d.slug = slug(rec.en)
    d.kind = KINDS.index(rec.kind)
    d.gear = rec.gear
    d.cls = CLASSES.index(rec.class_)
    d.pow = rec.pow or 0
    d.def_ = rec.def_ or 0
    d.hp = rec.hp or 0
    kw = set(rec.keywords)
    d.obstruction = "obstruction" in kw
    d.double_action = "double_action" in kw
    d.guest = "guest" in kw
    d.demi_guest = "demi_guest" in kw
    d.dragon = "dragon_genus" in kw
    d.dead_heat = rec.dead_heat
    d.disabled = rec.unimplemented is not None
    d.text = rec.text
    d.text_en = rec.text_en
    d.text_fr = rec.text_fr or rec.text_en
    abilities = () if d.disabled else abilities
    d.abilities = abilities

    def of(t: str) -> tuple[Ability, ...]:
        return tuple(a for a in abilities if a.trigger == t)

    plays = of("play")
    d.play = plays[0] if plays else None
    d.activated = of("activated")
    d.hand = of("hand")
    d.on_enter = of("on_enter")
    d.on_destroyed = of("on_destroyed")
    d.crash = of("crash")
    d.goal_keeper = of("goal_keeper")
    d.requiem_keeper = of("requiem_keeper")
    d.keepers = d.goal_keeper + d.requiem_keeper
    # cards usable "at any time" from hand (ST-T6): assists with a play ability, events
    d.instant = (d.kind == ASSIST and d.play is not None) or d.kind == EVENT
    return d


class Catalog:
    """Every Stampede card, findable by Japanese name, English name or slug (case-insensitive).

    It also interns the actions naming its cards (``intern``): keyed by card ids, zones and choices, so
    the table is bounded by the content, and two catalogs never share an action."""

    def __init__(
        self,
        recs: list[CardRec],
        decks: list[StarterDeck],
        abilities: list[tuple[Ability, ...]],
        source: Source = None,
    ):
        self.records = recs
        self.decks = decks
        self.source = source
        self.cards: list[CardDef] = [_make_def(i, r, abilities[i]) for i, r in enumerate(recs)]
        self._actions: dict[tuple[Any, ...], Action] = {}
        self.actions: Mapping[tuple[Any, ...], Action] = self._actions  # read only: intern() adds
        for d in self.cards:
            d.source = source
            d.calls = tuple(self.placing("call", d.id, z) for z in (0, 1, 2)) if d.kind == MACHINE else ()
            d.events = (
                (self.placing("event", d.id, 0), self.placing("event", d.id, 2)) if d.kind == EVENT else ()
            )
        self._deck_ids: dict[str, tuple[int, ...]] = {}
        self.by_name: dict[str, int] = {}
        for d in self.cards:
            for key in (d.name.lower(), d.en.lower(), d.slug):
                self.by_name[key] = d.id

    def find(self, name: str) -> int | None:
        key = str(name).strip().lower()
        i = self.by_name.get(key)
        return i if i is not None else self.by_name.get(slug(key))

    def intern(self, key: tuple[Any, ...], notation: Callable[[], str]) -> Action:
        """The one action object for ``key`` (``(kind, card id, …)``), made on first use."""
        a = self._actions.get(key)
        if a is None:
            a = self._actions[key] = Action(notation(), key[0], key[1:])
        return a

    def placing(self, kind: str, cid: int, zone: int) -> Action:
        """``center NAME`` (zone -1), ``call NAME L|C|R`` or ``event NAME L|R``: a card put on the field."""
        key = (kind, cid, zone) if zone >= 0 else (kind, cid)
        a = self._actions.get(key)
        if a is None:
            where = f" {'LCR'[zone]}" if zone >= 0 else ""
            a = self._actions[key] = Action(f"{kind} {self.cards[cid].slug}{where}", kind, key[1:])
        return a

    def starter_ids(self, name: str) -> tuple[int, ...] | None:
        """The card ids of the starter deck ``name`` (as named in decks.toml), sorted; None if there is
        none. Computed once per deck."""
        ids = self._deck_ids.get(name)
        if ids is None:
            deck = next((d for d in self.decks if d.name == name), None)
            if deck is None:
                return None
            found = [self.find(card) for card, n in deck.cards.items() for _ in range(n)]
            ids = self._deck_ids[name] = tuple(sorted(cid for cid in found if cid is not None))
        return ids

    def suggest(self, name: str) -> str:
        """' — did you mean "Rose Starter"?' for a misspelt card name (empty if nothing is close)."""
        key = str(name).strip().lower()[:100]
        close = difflib.get_close_matches(key, list(self.by_name), n=1, cutoff=0.75)
        return f' — did you mean "{self.cards[self.by_name[close[0]]].en}"?' if close else ""

    def deck_problems(self, cards: dict[str, int], where: str) -> list[str]:
        """ST-D1, one line per problem."""
        problems = []
        total = 0
        per_card: dict[int, int] = {}
        for name, count in cards.items():
            cid = self.find(name)
            if cid is None:
                what = f'card "{shorten(name, 60)}": no such Stampede card'
                problems.append(f"{where}: {what}{self.suggest(name)}")
                continue
            per_card[cid] = per_card.get(cid, 0) + count
            total += count
        if total != DECK_SIZE and not any("no such" in p for p in problems):
            problems.append(f"{where}: a deck has exactly {DECK_SIZE} cards (ST-D1), has {total}")
        for cid, n in per_card.items():
            if n > MAX_COPIES:
                d = self.cards[cid]
                problems.append(
                    f'{where}: card "{d.name}" ({d.en}): at most {MAX_COPIES} copies (ST-D1), has {n}'
                )
        steering = sorted(self.cards[c].en for c in per_card if self.cards[c].cls == STEERING)
        if len(steering) > MAX_STEERING:
            problems.append(
                f"{where}: at most {MAX_STEERING} different Steering cards (ST-D1), has {len(steering)}: "
                + ", ".join(steering)
            )
        if per_card and not any(can_start(self.cards[c]) for c in per_card):
            problems.append(f"{where}: a deck needs a gear-1 machine that can be the first center (ST-D1)")
        for cid in per_card:
            if self.cards[cid].disabled:
                d = self.cards[cid]
                problems.append(
                    f'{where}: card "{d.name}" ({d.en}) is not implemented yet: {d.rec.unimplemented}'
                )
        return problems


def can_start(d: CardDef) -> bool:
    """ST-S1 / ST-D1: a gear-1 machine that may stand at the center (not a Guest or Demi-Guest)."""
    return d.kind == MACHINE and d.gear == 1 and not d.guest and not d.demi_guest and not d.disabled


def load_catalog(
    folder: Path = CONTENT, prefix: str | None = None, source: Source = None
) -> tuple[Catalog, list[str]]:
    """Load and validate a content folder. Raises ContentError listing every problem; returns the
    catalog and the warnings (ST-O3 stat guide, cards not implemented yet). ``source``: how the catalog
    is found again (:func:`card_def`; None: the shipped content)."""

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    recs, abilities, decks, warnings, problems = load_content(folder, prefix)
    cat = Catalog(recs, decks, abilities, source)
    for rec, abs_ in zip(recs, abilities, strict=True):
        for ab in abs_:
            for e in ab.effects:
                if e.name == "search" and e.p.name is not None and cat.find(e.p.name) is None:
                    problems.append(
                        f'{disp("cards*.toml")}: card "{rec.name}": search: no card named {e.p.name!r}'
                    )
    for d in decks:
        problems.extend(cat.deck_problems(d.cards, f'{disp("decks.toml")}: deck "{d.name}"'))
    if problems:
        raise ContentError(problems)
    return cat, warnings


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return load_catalog()[0]


@lru_cache(maxsize=8)
def catalog_at(folder: str, digest: str) -> Catalog:
    """The content of another folder (``kansei.load(..., content=folder)``), validated (ContentError),
    cached per folder and digest of its files (a changed folder is loaded again)."""
    return load_catalog(Path(folder), prefix=folder, source=(folder, digest))[0]


def card_def(source: Source, cid: int) -> CardDef:
    """The card ``cid`` of the catalog ``source`` (how a pickled card comes back)."""
    table = catalog() if source is None else catalog_at(*source)
    return table.cards[cid]
