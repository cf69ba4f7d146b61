"""Card Race Stampede content schema (ST-C1..C3, ST-D1, ST-O3): cards, starter decks, validation.

Cards are TOML tables with a Japanese ``name`` and English ``en`` (both shown, language switchable).
Abilities are composed from the named blocks of :mod:`.blocks` — ``condition``, ``cost`` and ``effects``
lists of ``{block = "…", …}`` tables — and compiled at load time into :class:`Ability` tuples. A card the
blocks cannot express yet carries ``unimplemented = "reason"``: ``kansei validate`` lists it and the
engine keeps it out of play (its abilities are not guessed at).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from kansei.core.content import Record, check_unique, load_records, slug
from kansei.core.effects import Compiled, unimplemented_lines
from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Action

from .blocks import REGISTRY

CONTENT = Path(__file__).parent / "content"

# class id -> (Japanese, English). ST-O2: Steering counts as every class.
CLASSES: dict[str, tuple[str, str]] = {
    "scarlet_rose": ("スカーレット・ローズ", "Scarlet Rose"),
    "sugar_mountain": ("シュガーマウンテン", "Sugar Mountain"),
    "midnight_wolf": ("ミッドナイト・ウルフ", "Midnight Wolf"),
    "dragoon_crown": ("ドラグーン・クラウン", "Dragoon Crown"),
    "steering": ("ステアリング", "Steering"),
}
CLASS_IDS = tuple(CLASSES)
STEERING = CLASS_IDS.index("steering")

# keyword id -> (Japanese, English). Dead Heat, Crash and the keepers come from fields and abilities.
KEYWORDS: dict[str, tuple[str, str]] = {
    "obstruction": ("進路妨害", "Obstruction"),  # ST-K1
    "double_action": ("二回行動", "Double Action"),  # ST-K2
    "guest": ("ゲストカード", "Guest"),  # ST-K3
    "demi_guest": ("デミ・ゲストカード", "Demi-Guest"),  # ST-K4
    "dead_heat": ("デッドヒート", "Dead Heat"),  # ST-K5
    "dragon_genus": ("ドラゴンジーナス", "Dragon Genus"),  # ST-K6
    "crash": ("クラッシュ", "Crash"),  # ST-K7
    "goal_keeper": ("ゴールキーパー", "Goal Keeper"),  # ST-K8
    "requiem_keeper": ("レクイエムキーパー", "Requiem Keeper"),  # ST-K8
}
KIND_NAMES = {
    "machine": ("マシン", "Machine"),
    "assist": ("アシスト", "Assist"),
    "event": ("イベント", "Event"),
}
MACHINE, ASSIST, EVENT = 0, 1, 2
KINDS = ("machine", "assist", "event")

Trigger = Literal[
    "play",  # an assist's effect when it is played
    "activated",  # used from the field when its condition and cost allow (ST-T6: any time)
    "hand",  # used from hand (a Demi-Guest's procedure to reach the center, ST-K4)
    "on_enter",  # when called or placed from hand (not when exposed at the center)
    "on_destroyed",  # when destroyed
    "crash",  # ST-K7: when the remaining distances cross
    "goal_keeper",  # ST-K8: from hand when the opponent is about to reach the goal
    "requiem_keeper",  # ST-K8: from hand when you are about to lose by any means
]
TRIGGERS_BY_KIND = {
    "machine": {"activated", "hand", "on_enter", "on_destroyed", "crash", "goal_keeper", "requiem_keeper"},
    "assist": {"play", "goal_keeper", "requiem_keeper"},
    "event": {"activated", "on_enter", "on_destroyed", "crash", "goal_keeper", "requiem_keeper"},
}

# ST-O3 stat guide: POW + DEF by gear (gear 1: below 7000).
GUIDE = {2: 15000, 3: 20000, 4: 25000, 5: 30000}
GUIDE_ABOVE = 1.15  # more than 15 % above the guide is off it
GUIDE_BELOW = 0.85  # more than 15 % below, for a plain card with balanced stats
GUIDE_BELOW_RELAXED = 0.6  # lopsided stats or an effect may justify down to 60 %

DECK_SIZE = 40  # ST-D1
MAX_COPIES = 4
MAX_STEERING = 3


class AbilitySpec(Record):
    """One ability: when it applies (trigger), and its condition, cost and effect blocks."""

    trigger: Trigger
    optional: bool = False
    condition: list[dict] = []
    cost: list[dict] = []
    effects: list[dict] = Field(min_length=1)


class CardRec(Record):
    """ST-C1 machine, ST-C2 assist, ST-C3 event."""

    name: str  # Japanese name, as printed
    en: str  # English name (notation uses its slug)
    kind: Literal["machine", "assist", "event"]
    gear: int = Field(ge=1, le=5)
    class_: Literal["scarlet_rose", "sugar_mountain", "midnight_wolf", "dragoon_crown", "steering"] = Field(
        alias="class"
    )
    pow: int | None = Field(None, ge=0)
    def_: int | None = Field(None, alias="def", ge=0)
    hp: int | None = Field(None, ge=1)
    keywords: list[Literal["obstruction", "double_action", "guest", "demi_guest", "dragon_genus"]] = []
    dead_heat: int = Field(0, ge=0, le=9)  # ST-K5 Dead Heat XX
    ability: list[AbilitySpec] = []
    text: str = ""  # Japanese card text
    text_en: str = ""
    house: bool = True
    source: str = "house"  # where the card comes from: "rulebook", "novel" or "house"
    off_guide: str | None = None  # ST-O3: why the stats may stray from the guide (silences the warning)
    unimplemented: str | None = None  # text the blocks cannot express yet

    @model_validator(mode="after")
    def _shape(self) -> CardRec:
        problems = []
        if self.kind == "machine":
            if self.pow is None or self.def_ is None:
                problems.append("a machine needs pow and def (ST-C1)")
            if self.hp is not None:
                problems.append("only events have hp (ST-C3)")
        else:
            if self.pow is not None or self.def_ is not None:
                problems.append(f"an {self.kind} has no pow/def")
            if self.kind == "event" and self.hp is None:
                problems.append("an event needs hp (ST-C3)")
            if self.kind == "assist" and self.hp is not None:
                problems.append("only events have hp (ST-C3)")
            if self.kind == "assist" and (self.keywords or self.dead_heat):
                problems.append("an assist carries no keywords besides keeper abilities")
        if "guest" in self.keywords and "demi_guest" in self.keywords:
            problems.append("a card is Guest or Demi-Guest, not both")
        if self.dead_heat and self.kind != "machine":
            problems.append("dead_heat is a machine keyword (ST-K5)")
        allowed = TRIGGERS_BY_KIND[self.kind]
        for i, ab in enumerate(self.ability, 1):
            if ab.trigger not in allowed:
                problems.append(f"ability {i}: trigger {ab.trigger!r} is not allowed on an {self.kind}")
        if (
            self.kind == "assist"
            and self.ability
            and not any(a.trigger in ("play", "goal_keeper", "requiem_keeper") for a in self.ability)
        ):
            problems.append("an assist needs a play (or keeper) ability")
        hand = [a for a in self.ability if a.trigger == "hand"]
        if hand and "demi_guest" not in self.keywords:
            problems.append("only a Demi-Guest has a procedure used from hand (trigger 'hand', ST-K4)")
        if "demi_guest" in self.keywords and not hand and not self.unimplemented:
            problems.append("a Demi-Guest needs its procedure: an ability with trigger 'hand' (ST-K4)")
        for i, ab in enumerate(self.ability, 1):
            if (
                ab.trigger in ("activated", "hand")
                and not ab.cost
                and not any(c.get("block") == "once_per_turn" for c in ab.condition)
            ):
                problems.append(
                    f"ability {i}: an activated ability needs a cost or a once_per_turn condition"
                )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def keyword_ids(self) -> list[str]:
        out: list[str] = list(self.keywords)
        if self.dead_heat:
            out.append("dead_heat")
        for a in self.ability:
            if a.trigger in ("crash", "goal_keeper", "requiem_keeper") and a.trigger not in out:
                out.append(a.trigger)
        return out


class StarterDeck(Record):
    name: str
    ja: str = ""
    text: str = ""
    text_en: str = ""
    cards: dict[str, int]


class Ability:
    """An ability compiled for the hot path (blocks as :class:`Compiled`)."""

    __slots__ = ("index", "trigger", "optional", "conds", "costs", "effects")

    index: int  # its position among the card's abilities
    trigger: str
    optional: bool
    conds: tuple[Compiled, ...]
    costs: tuple[Compiled, ...]
    effects: tuple[Compiled, ...]

    def __init__(
        self,
        index: int,
        trigger: str,
        optional: bool,
        conds: tuple[Compiled, ...],
        costs: tuple[Compiled, ...],
        effects: tuple[Compiled, ...],
    ):
        self.index = index
        self.trigger = trigger
        self.optional = optional
        self.conds = conds
        self.costs = costs
        self.effects = effects


class CardDef:
    """A card flattened for the hot path: ints and tuples, no pydantic."""

    __slots__ = (
        "id", "name", "en", "slug", "kind", "gear", "cls", "pow", "def_", "hp", "rec",
        "obstruction", "double_action", "guest", "demi_guest", "dragon", "dead_heat",
        "abilities", "play", "activated", "hand", "on_enter", "on_destroyed", "crash", "keepers",
        "goal_keeper", "requiem_keeper", "instant", "text", "text_en", "disabled",
    )  # fmt: skip

    id: int  # index in the catalog
    name: str  # Japanese
    en: str
    slug: str  # of the English name: what notation uses
    kind: int  # MACHINE, ASSIST or EVENT
    gear: int
    cls: int  # index in CLASS_IDS
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
    disabled: bool  # not implemented yet: kept out of play

    def label(self, lang: str) -> str:
        return self.name if lang == "ja" else self.en

    def card_text(self, lang: str) -> str:
        return self.text if lang == "ja" else self.text_en


def _make_def(i: int, rec: CardRec, abilities: tuple[Ability, ...]) -> CardDef:
    d = CardDef()
    d.id = i
    d.rec = rec
    d.name = rec.name
    d.en = rec.en
    d.slug = slug(rec.en)
    d.kind = KINDS.index(rec.kind)
    d.gear = rec.gear
    d.cls = CLASS_IDS.index(rec.class_)
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

    def __init__(self, recs: list[CardRec], decks: list[StarterDeck], abilities: list[tuple[Ability, ...]]):
        self.records = recs
        self.decks = decks
        self.cards: list[CardDef] = [_make_def(i, r, abilities[i]) for i, r in enumerate(recs)]
        self.by_name: dict[str, int] = {}
        for d in self.cards:
            for key in (d.name.lower(), d.en.lower(), d.slug):
                self.by_name[key] = d.id
        self._actions: dict[tuple[Any, ...], Action] = {}

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


def guide_warnings(recs: list[CardRec], display: str) -> list[str]:
    """ST-O3: warnings (not errors) for machines whose POW + DEF strays from the stat guide."""
    out = []
    for r in recs:
        if r.kind != "machine" or r.off_guide:
            continue
        total = (r.pow or 0) + (r.def_ or 0)
        where = f'warning: {display}: card "{r.name}" ({r.en})'
        if r.gear == 1:
            if total >= 7000:
                out.append(f"{where}: gear 1 POW+DEF should be below 7000 (ST-O3), is {total}")
            continue
        guide = GUIDE[r.gear]
        lo, hi = sorted(((r.pow or 0), (r.def_ or 0)))
        lopsided = lo * 2 <= hi
        relaxed = lopsided or bool(r.ability) or bool(r.keywords) or r.dead_heat > 0
        floor = GUIDE_BELOW_RELAXED if relaxed else GUIDE_BELOW
        if total > guide * GUIDE_ABOVE:
            out.append(f"{where}: gear {r.gear} POW+DEF is about {guide} (ST-O3), is {total} (too high)")
        elif total < guide * floor:
            out.append(f"{where}: gear {r.gear} POW+DEF is about {guide} (ST-O3), is {total} (too low)")
    return out


def _compile_abilities(rec: CardRec, display: str, problems: list[str]) -> tuple[Ability, ...]:
    out = []
    many = len(rec.ability) > 1
    for i, ab in enumerate(rec.ability, 1):
        where = f'{display}: card "{rec.name}"' + (f": ability {i}" if many else "")
        conds = REGISTRY.compile_list(ab.condition, where, problems, "condition")
        costs = REGISTRY.compile_list(ab.cost, where, problems, "cost")
        effects = REGISTRY.compile_list(ab.effects, where, problems, "effect")
        out.append(Ability(i - 1, ab.trigger, ab.optional, conds, costs, effects))
    return tuple(out)


def load_catalog(folder: Path = CONTENT, prefix: str | None = None) -> tuple[Catalog, list[str]]:
    """Load and validate a content folder. Raises ContentError listing every problem; returns the
    catalog and the warnings (ST-O3 stat guide, cards not implemented yet)."""
    problems: list[str] = []

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    card_files = sorted(folder.glob("cards*.toml"))
    if not card_files:
        problems.append(f"{disp('cards.toml')}: no such file")
    recs: list[CardRec] = []
    abilities: list[tuple[Ability, ...]] = []
    warnings: list[str] = []
    for path in card_files:
        display = disp(path.name)
        file_recs = load_records(path, "card", CardRec, problems, display, "card")
        for r in file_recs:
            if r.unimplemented:
                abilities.append(())
            else:
                abilities.append(_compile_abilities(r, display, problems))
        recs.extend(file_recs)
        warnings.extend(guide_warnings(file_recs, display))
        warnings.extend(unimplemented_lines(file_recs, display))
    check_unique(recs, disp("cards*.toml"), "card", problems)
    seen: dict[str, str] = {}
    for r in recs:
        for key in {r.en.lower(), slug(r.en)}:
            if key in seen and seen[key] != r.name:
                problems.append(
                    f'{disp("cards*.toml")}: card "{r.name}": English name {r.en!r} is used twice'
                )
            seen[key] = r.name
    decks_path = folder / "decks.toml"
    decks: list[StarterDeck] = []
    if decks_path.exists():
        decks = load_records(decks_path, "deck", StarterDeck, problems, disp("decks.toml"), "deck")
        check_unique(decks, disp("decks.toml"), "deck", problems)
    cat = Catalog(recs, decks, abilities)
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
    return load_catalog(Path(folder), prefix=folder)[0]
