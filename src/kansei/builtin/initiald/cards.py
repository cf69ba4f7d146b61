"""Initial D CCG content schema (ID-C1..C5): cars, mods, race cards, maneuvers and starter decks.

The fields are the ones people know from this game's card databases: set, rarity, type, traits, "only used
by", stages, the three counters, the three strengths, requirement value and type, power, traction, cost and
max mods. Effects are named building blocks (``{ block = "bonus", stat = "power", amount = 1 }``, see
``blocks.py``), never free text. :func:`load_catalog` validates a content folder and reports one line per
problem; :meth:`Catalog.deck_problems` checks deck data against ID-C1, ID-C2, ID-C3 and ID-C5.

Deck data (what ``game.start(decks=…)`` takes, and what a starter deck or a deck file becomes) is a JSON-safe
dict ``{"name", "text", "cards": {card: count}}`` holding the car, mods, race cards and maneuvers alike: a
card's kind says where it goes, so a plain "3 Card Name" file needs no headers. Hand-written data may also
name them apart (``"car"``, ``"mods": [...]``, ``"races": [...]``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kansei.core.content import DeckFile, Record, Translated, load_records, name_clashes, slug
from kansei.core.effects import Compiled
from kansei.core.errors import ContentError
from kansei.core.options import shorten

from .blocks import LASTING, REGISTRY

CONTENT = Path(__file__).parent / "content"
M = TypeVar("M", bound=Record)

StageType = Literal["straight", "curve", "obstacle"]
ManeuverType = Literal["speed", "turn", "tactics"]
Drivetrain = Literal["F/R", "4WD", "F/F"]
Rarity = Literal["common", "uncommon", "rare", "super rare", "starter", "promo"]
Stat = Literal["power", "traction", "style"]
# ID-C2: mod types ("mod types are in bold at the top of the text box"); a car has at most one of each.
ModType = Literal["Tires", "Turbo", "Suspension", "Engine", "Brakes", "Exhaust", "Body", "Team", "Driver"]

STAGE_TYPES: tuple[str, ...] = ("straight", "curve", "obstacle")
MANEUVER_TYPES: tuple[str, ...] = ("speed", "turn", "tactics")
DRIVETRAINS: tuple[str, ...] = ("F/R", "4WD", "F/F")

DECK_MIN = 50  # ID-C5
MAX_COPIES = 3  # ID-C5
RACES_PER_DECK = 3  # ID-C3


class StatBonus(Record):
    """A standing bonus of a car or mod, optionally only on one stage type ("+1 Traction in curves")."""

    stat: Stat
    amount: int = Field(ge=-5, le=5)
    stage: StageType | None = None

    @model_validator(mode="after")
    def _nonzero(self) -> StatBonus:
        if self.amount == 0:
            raise ValueError("a bonus needs a non-zero amount")
        return self


class Strengths(Record):
    """ID-C4: a maneuver's strength in each stage type."""

    straight: int = Field(ge=0, le=12)
    curve: int = Field(ge=0, le=12)
    obstacle: int = Field(ge=0, le=12)

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.straight, self.curve, self.obstacle)


class Counters(Record):
    """ID-C4: a maneuver's counter rating against each maneuver type."""

    speed: int = Field(ge=0, le=12)
    turn: int = Field(ge=0, le=12)
    tactics: int = Field(ge=0, le=12)

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.speed, self.turn, self.tactics)


class _Card(Translated):
    """A card's name (English: its identity, for decks, notations and "only used by") and printed text, with
    the French and Japanese beside them (core ``Translated``); a proper name (a car model, a driver, a
    team) keeps its spelling."""

    set: str = "Kansei House Set"
    rarity: Rarity = "common"
    traits: list[str] = []
    house: bool = True


class Car(_Card):
    """ID-C1: cost, Power, Traction, max mods, drivetrain, abilities and built-in mods."""

    cost: int = Field(ge=0, le=20)
    power: int = Field(ge=0, le=15)
    traction: int = Field(ge=0, le=15)
    max_mods: int = Field(ge=0, le=6)
    drivetrain: Drivetrain
    style: int = Field(default=0, ge=0, le=10)
    built_in: list[ModType] = []  # ID-C1: do not count against max_mods; forbid another mod of the type
    bonuses: list[StatBonus] = []

    @model_validator(mode="after")
    def _built_in(self) -> Car:
        if len(set(self.built_in)) != len(self.built_in):
            raise ValueError("built_in lists a mod type twice")
        return self


class Mod(_Card):
    """ID-C2: a type, a cost and effects; Team and Driver mods unlock maneuvers through their name."""

    type: ModType
    only_used_by: list[str] = []
    cost: int = Field(ge=0, le=10)
    power: int = Field(default=0, ge=-5, le=5)
    traction: int = Field(default=0, ge=-5, le=5)
    style: int = Field(default=0, ge=-5, le=5)
    bonuses: list[StatBonus] = []


class Race(_Card):
    """ID-C3: a track on a real pass with 3 or 4 stages."""

    pass_: str = Field(alias="pass", min_length=1)
    pass_fr: str = ""
    pass_ja: str = ""
    stages: list[StageType] = Field(min_length=3, max_length=4)

    def pass_in(self, lang: str) -> str:
        """The mountain pass in ``lang`` (English where the content gives none)."""
        local = getattr(self, f"pass_{lang}", "") if lang in ("fr", "ja") else ""
        return str(local or self.pass_)


class Maneuver(_Card):
    """ID-C4: type, strengths, counters, requirement, special requirements, Style points and effects."""

    type: ManeuverType
    only_used_by: list[str] = []  # special requirement: a Team/Driver mod, car or trait ("Team X only")
    strength: Strengths
    counter: Counters
    requirement_value: int = Field(default=0, ge=0, le=15)
    requirement_type: Literal["power", "traction", "none"] = "none"
    position: Literal["any", "lead", "trailing"] = "any"  # "Lead car only" / "Trailing car only"
    needs_mod: ModType | None = None  # "You may only play this maneuver if you have a Turbo mod"
    drivetrain: list[Drivetrain] = []  # empty: any drivetrain
    style: int = Field(default=0, ge=0, le=5)  # Style points gained when played (ID-P1)
    effects: list[dict[str, Any]] = []  # block specs (blocks.py), compiled by the Catalog

    @model_validator(mode="after")
    def _requirement(self) -> Maneuver:
        if (self.requirement_type == "none") != (self.requirement_value == 0):
            raise ValueError(
                "requirement_type and requirement_value go together (type 'none' exactly when value is 0)"
            )
        return self

    @property
    def lasting(self) -> bool:
        """ID-P5: a maneuver with a bonus or penalty stays in play."""
        return any(isinstance(e, dict) and e.get("block") in LASTING for e in self.effects)


class StarterDeck(Record):
    name: str
    text: str = ""
    car: str
    mods: list[str] = []
    races: list[str] = []
    cards: dict[str, int]

    def data(self) -> dict[str, Any]:
        """The deck as deck data (a fresh dict): the car, mods, race cards and maneuvers all in ``cards``,
        so deck files, listings and exports ("1 AE86 Sprinter Trueno" lines) carry it whole."""
        cards = {self.car: 1}
        for name in (*self.mods, *self.races):
            cards[name] = cards.get(name, 0) + 1
        for name, count in self.cards.items():
            cards[name] = cards.get(name, 0) + count
        return {"name": self.name, "text": self.text, "cards": cards}


Card = Car | Mod | Race | Maneuver
KIND_OF: dict[type, str] = {Car: "car", Mod: "mod", Race: "race", Maneuver: "maneuver"}

CardName = Annotated[str, Field(min_length=1, max_length=80)]
MAX_DECK_ENTRIES = 200


class DeckData(BaseModel):
    """Deck data as a player gives it (validated before any card is looked up)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: str = Field(default="deck", max_length=100)
    text: str = Field(default="", max_length=2000)
    car: CardName | None = None
    mods: list[CardName] = Field(default=[], max_length=20)
    races: list[CardName] = Field(default=[], max_length=20)
    cards: dict[CardName, Annotated[int, Field(ge=1, le=99)]] = Field(max_length=MAX_DECK_ENTRIES)


@dataclass
class DeckSpec:
    """A deck split by card kind (names as the catalog spells them)."""

    name: str = "deck"
    car: list[str] = field(default_factory=list)
    mods: list[str] = field(default_factory=list)
    races: list[str] = field(default_factory=list)
    maneuvers: dict[str, int] = field(default_factory=dict)


def _problem_lines(prefix: str, error: ValidationError) -> list[str]:
    out = []
    for err in error.errors():
        loc = shorten(".".join(str(x) for x in err["loc"]) or "deck", 50)
        if err["type"] == "extra_forbidden":
            out.append(f"{prefix}: unknown key {loc!r} (expected name, car, mods, races, cards)")
        elif err["type"] == "missing":
            out.append(f"{prefix}: {loc}: missing")
        else:
            msg = err["msg"].removeprefix("Value error, ")
            out.append(f"{prefix}: {loc}={shorten(repr(err.get('input')), 40)}: {msg}")
    return out


class Catalog:
    """All Initial D cards, indexed by name (case-insensitive) and by slug, with compiled effects."""

    def __init__(
        self,
        cars: list[Car],
        mods: list[Mod],
        races: list[Race],
        maneuvers: list[Maneuver],
        decks: list[StarterDeck],
        effects: dict[str, tuple[Compiled, ...]] | None = None,
    ):
        self.cars = cars
        self.mods = mods
        self.races = races
        self.maneuvers = maneuvers
        self.decks = decks
        self.effects: dict[str, tuple[Compiled, ...]] = effects or {}
        self.by_name: dict[str, Card] = {}
        for c in self.all_cards():
            self.by_name[c.name.lower()] = c
            self.by_name[slug(c.name)] = c

    def all_cards(self) -> Iterable[Card]:
        yield from self.cars
        yield from self.mods
        yield from self.races
        yield from self.maneuvers

    def find(self, name: str) -> Card | None:
        name = str(name)
        return self.by_name.get(name.lower()) or self.by_name.get(slug(name))

    def starter(self, name: str) -> StarterDeck | None:
        return next((d for d in self.decks if d.name.lower() == str(name).lower()), None)

    def unknown(self, name: str) -> str:
        """'card "X": no such Initial D card — did you mean "Y"?'"""
        near = difflib.get_close_matches(name.lower(), [c.name.lower() for c in self.all_cards()], n=1)
        hint = ""
        if near:
            hit = self.find(near[0])
            hint = f' — did you mean "{hit.name}"?' if hit is not None else ""
        return f'card "{shorten(name, 60)}": no such Initial D card{hint}'

    # -- decks ------------------------------------------------------------------------------------
    def read_data(self, data: Any, where: str, problems: list[str]) -> DeckSpec | None:
        """Deck data validated and split by card kind; None (with problems) if it cannot be read."""
        if not isinstance(data, Mapping):
            problems.append(f"{where}: deck data is an object with name, car, mods, races and cards")
            return None
        try:
            deck = DeckData.model_validate(dict(data))
        except ValidationError as e:
            problems.extend(_problem_lines(where, e))
            return None
        entries = [
            *(([(deck.car, 1)]) if deck.car is not None else []),
            *((m, 1) for m in deck.mods),
            *((r, 1) for r in deck.races),
            *deck.cards.items(),
        ]
        spec = self.split(entries, where, problems)
        spec.name = deck.name
        return spec

    def split(self, entries: Iterable[tuple[str, int]], where: str, problems: list[str]) -> DeckSpec:
        """Sort (name, count) pairs into car / mods / races / maneuvers by card kind."""
        spec = DeckSpec()
        for name, count in entries:
            c = self.find(name)
            if c is None:
                problems.append(f"{where}: {self.unknown(name)}")
            elif isinstance(c, Car):
                spec.car.extend([c.name] * count)
            elif isinstance(c, Mod):
                spec.mods.extend([c.name] * count)
            elif isinstance(c, Race):
                spec.races.extend([c.name] * count)
            else:
                spec.maneuvers[c.name] = spec.maneuvers.get(c.name, 0) + count
        return spec

    def deck_problems(self, spec: DeckSpec, where: str) -> list[str]:
        """ID-C1, ID-C2, ID-C3 and ID-C5, one line per problem."""
        problems: list[str] = []
        # ID-C1: exactly one car
        car: Car | None = None
        if len(spec.car) != 1:
            problems.append(f"{where}: a deck has exactly one car (ID-C1), has {len(spec.car)}")
        if spec.car:
            c = self.find(spec.car[0])
            car = c if isinstance(c, Car) else None
        # ID-C2: at most max_mods, one of each type, not a type built into the car, "only used by"
        mods = [m for m in (self.find(n) for n in spec.mods) if isinstance(m, Mod)]
        if car is not None:
            if len(mods) > car.max_mods:
                problems.append(
                    f'{where}: car "{car.name}" takes at most {car.max_mods} mods (ID-C2), has {len(mods)}'
                )
            ident = car_identity(car)
            for m in mods:
                if m.type in car.built_in:
                    problems.append(
                        f'{where}: mod "{m.name}": the {car.name} has a built-in {m.type} and cannot take '
                        f"another (ID-C1)"
                    )
                if m.only_used_by and not ident & {x.lower() for x in m.only_used_by}:
                    problems.append(
                        f'{where}: mod "{m.name}": only used by {", ".join(m.only_used_by)}, '
                        f"not by the {car.name} (ID-C2)"
                    )
        by_type: dict[str, list[str]] = {}
        for m in mods:
            by_type.setdefault(m.type, []).append(m.name)
        for mtype, names in by_type.items():
            if len(names) > 1:
                problems.append(
                    f"{where}: at most one {mtype} mod per car (ID-C2), has {len(names)}: {', '.join(names)}"
                )
        # ID-C3: exactly three race cards
        if len(spec.races) != RACES_PER_DECK:
            problems.append(
                f"{where}: a player brings exactly {RACES_PER_DECK} race cards (ID-C3), has {len(spec.races)}"
            )
        # ID-C5: at least 50 maneuvers, at most 3 copies of any card
        total = sum(spec.maneuvers.values())
        if total < DECK_MIN:
            problems.append(f"{where}: a deck needs at least {DECK_MIN} maneuvers (ID-C5), has {total}")
        counts: dict[str, int] = dict(spec.maneuvers)
        for race in spec.races:
            counts[race] = counts.get(race, 0) + 1
        for name, copies in counts.items():
            if copies > MAX_COPIES:
                problems.append(f'{where}: card "{name}": at most {MAX_COPIES} copies (ID-C5), has {copies}')
        return _dedupe(problems)


def deck_file_data(deck: DeckFile) -> tuple[dict[str, Any], list[str]]:
    """A deck file as read (headers ``Car:``, ``Mods:``, ``Races:`` or TOML keys, and card lines) as deck
    data, with the problems of its headers. Every card joins ``cards``; its kind says where it goes."""
    where = deck.path
    data: dict[str, Any] = {"name": shorten(deck.name, 100), "cards": {}}
    cards: dict[str, int] = data["cards"]
    problems: list[str] = []
    for key, val in deck.meta.items():
        vals = val if isinstance(val, list) else [val]
        if key in ("car", "mod", "mods", "race", "races"):
            for v in vals:
                if not isinstance(v, str) or len(v) > 80:
                    problems.append(f"{where}: {key}: expected card names, got {shorten(repr(v), 40)}")
                else:
                    cards[v] = cards.get(v, 0) + 1
        elif key == "text" and isinstance(val, str):
            data["text"] = shorten(val, 2000)
        elif key not in ("game", "text", "description", "author"):
            problems.append(f"{where}: unknown key {shorten(key, 30)!r} (expected car, mods, races, cards)")
    for name, count in deck.counts().items():
        cards[name] = cards.get(name, 0) + count
    return data, problems


def car_identity(car: Car) -> set[str]:
    return {car.name.lower(), car.drivetrain.lower(), *(t.lower() for t in car.traits)}


def identity(car: Car, mods: Iterable[Mod]) -> frozenset[str]:
    """What "only used by" is matched against: the car's name, drivetrain and traits, and every mod's name,
    type-qualified name ("Team Red Suns") and traits (lower case)."""
    out = car_identity(car)
    for m in mods:
        out.add(m.name.lower())
        out.add(f"{m.type} {m.name}".lower())
        out.update(t.lower() for t in m.traits)
    return frozenset(out)


def _dedupe(lines: list[str]) -> list[str]:
    return list(dict.fromkeys(lines))


def load_catalog(folder: Path = CONTENT, prefix: str | None = None) -> Catalog:
    """Load and validate a content folder; raises ContentError listing every problem."""
    problems: list[str] = []

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    def load(kind: str, model: type[M]) -> list[M]:
        file = "maneuvers.toml" if kind == "maneuver" else f"{kind}s.toml"
        try:
            return load_records(folder / file, kind, model, problems, disp(file), kind, unique=True)
        except RecursionError:  # tomllib on a file nested thousands deep
            problems.append(f"{disp(file)}: nested too deeply")
            return []

    cars = load("car", Car)
    mods = load("mod", Mod)
    races = load("race", Race)
    maneuvers = load("maneuver", Maneuver)
    decks = load("deck", StarterDeck)
    effects = {
        m.name: REGISTRY.compile_list(m.effects, f'{disp("maneuvers.toml")}: maneuver "{m.name}"', problems)
        for m in maneuvers
    }
    cat = Catalog(cars, mods, races, maneuvers, decks, effects)
    problems.extend(name_clashes(cat.all_cards(), disp("*.toml")))
    # every "only used by" names something that exists (a car, mod, trait or drivetrain): catches typos
    known = {d.lower() for d in DRIVETRAINS}
    for c in (*cars, *mods):
        known.add(c.name.lower())
        known.update(t.lower() for t in c.traits)
    for m in mods:
        known.add(f"{m.type} {m.name}".lower())
    for file, group in (("mods.toml", mods), ("maneuvers.toml", maneuvers)):
        for rec in group:
            for who in rec.only_used_by:
                if who.lower() not in known:
                    problems.append(
                        f'{disp(file)}: {KIND_OF[type(rec)]} "{rec.name}": only_used_by: "{who}" is no car, '
                        "mod, trait or drivetrain"
                    )
    for d in decks:
        where = f'{disp("decks.toml")}: deck "{d.name}"'
        spec = cat.read_data(d.data(), where, problems)
        if spec is not None:
            problems.extend(cat.deck_problems(spec, where))
    if problems:
        raise ContentError(_dedupe(problems))
    return cat


@lru_cache(maxsize=8)
def catalog_at(folder: str, digest: str) -> Catalog:
    """The catalog of a content folder, cached per folder and content digest (a changed folder reloads)."""
    shipped = Path(folder) == CONTENT
    return load_catalog(Path(folder), None if shipped else folder)


def catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return catalog_at(str(CONTENT), "shipped")
