"""Initial D CCG content schema (ID-C1..C5): cars, mods, race cards, maneuvers and starter decks.

The fields are the ones people know from this game's card databases: set, rarity, type, traits, "only used
by", stages, the three counters, the three strengths, requirement value and type, power, traction, cost and
max mods. Effects are named building blocks (``{kind = "bonus", stat = "power", amount = 1}``), never free
text. :func:`load_catalog` validates a content folder and reports one line per problem; :meth:`Catalog.
deck_problems` checks a deck against ID-C1, ID-C2, ID-C3 and ID-C5.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from kansei.core.content import Record, load_records, slug
from kansei.core.errors import ContentError

CONTENT = Path(__file__).parent / "content"

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


EffectKind = Literal[
    "bonus",  # stays in play (ID-P5): `amount` to `stat` of the car `who` ("self" or "opponent")
    "discard_in_play",  # discards maneuvers in play: `who` = opponent/self/any, `amount` = how many (0 = all)
    "opponent_discards",  # the opponent discards `amount` cards from hand at random
]


class Effect(Record):
    kind: EffectKind
    stat: Stat | None = None
    amount: int = 0
    who: Literal["self", "opponent", "any"] = "self"

    @model_validator(mode="after")
    def _check(self) -> Effect:
        if self.kind == "bonus":
            if self.stat is None:
                raise ValueError("a bonus effect needs a stat (power, traction or style)")
            if self.amount == 0:
                raise ValueError("a bonus effect needs a non-zero amount")
            if self.who == "any":
                raise ValueError("a bonus effect applies to 'self' or 'opponent'")
        elif self.stat is not None:
            raise ValueError(f"effect {self.kind} takes no stat")
        if self.kind == "discard_in_play" and self.amount < 0:
            raise ValueError("discard_in_play amount must be 0 (all) or more")
        if self.kind == "opponent_discards":
            if self.amount < 1:
                raise ValueError("opponent_discards needs an amount of at least 1")
            if self.who != "self":
                raise ValueError("opponent_discards always targets the opponent: leave 'who' out")
        return self


class _Card(Record):
    name: str = Field(min_length=1)
    set: str = "Kansei House Set"
    rarity: Rarity = "common"
    traits: list[str] = []
    text: str = ""
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
    stages: list[StageType] = Field(min_length=3, max_length=4)


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
    effects: list[Effect] = []

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
        return any(e.kind == "bonus" for e in self.effects)


class StarterDeck(Record):
    name: str
    text: str = ""
    car: str
    mods: list[str] = []
    races: list[str] = []
    cards: dict[str, int]


Card = Car | Mod | Race | Maneuver
KIND_OF: dict[type, str] = {Car: "car", Mod: "mod", Race: "race", Maneuver: "maneuver"}


class DeckSpec(BaseModel):
    """A deck split by card kind, as read from a starter entry, a deck file or a dict."""

    car: list[str] = []
    mods: list[str] = []
    races: list[str] = []
    maneuvers: dict[str, int] = {}


class Catalog:
    """All Initial D cards, indexed by name (case-insensitive) and by slug."""

    def __init__(self, cars: list[Car], mods: list[Mod], races: list[Race], maneuvers: list[Maneuver],
                 decks: list[StarterDeck]):
        self.cars = cars
        self.mods = mods
        self.races = races
        self.maneuvers = maneuvers
        self.decks = decks
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

    # -- decks ------------------------------------------------------------------------------------
    def split(self, entries: Iterable[tuple[str, int]], where: str, problems: list[str]) -> DeckSpec:
        """Sort (name, count) pairs into car / mods / races / maneuvers by card kind."""
        spec = DeckSpec()
        for name, count in entries:
            c = self.find(name)
            if c is None:
                problems.append(f'{where}: card "{name}": no such Initial D card')
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
        for n in spec.races:
            counts[n] = counts.get(n, 0) + 1
        for name, n in counts.items():
            if n > MAX_COPIES:
                problems.append(f'{where}: card "{name}": at most {MAX_COPIES} copies (ID-C5), has {n}')
        return _dedupe(problems)


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
    seen: set[str] = set()
    out = []
    for ln in lines:
        if ln not in seen:
            seen.add(ln)
            out.append(ln)
    return out


def load_catalog(folder: Path = CONTENT, prefix: str | None = None) -> Catalog:
    """Load and validate a content folder; raises ContentError listing every problem."""
    problems: list[str] = []

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    def load(file: str, table: str, model, kind: str) -> list:
        return load_records(folder / file, table, model, problems, disp(file), kind, unique=True)

    cars = load("cars.toml", "car", Car, "car")
    mods = load("mods.toml", "mod", Mod, "mod")
    races = load("races.toml", "race", Race, "race")
    maneuvers = load("maneuvers.toml", "maneuver", Maneuver, "maneuver")
    decks = load("decks.toml", "deck", StarterDeck, "deck")
    cat = Catalog(cars, mods, races, maneuvers, decks)
    names = [c.name.lower() for c in cat.all_cards()]
    for n in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"{disp('*.toml')}: card name {n!r} is used by two cards")
    # every "only used by" names something that exists (a car, mod, trait or drivetrain): catches typos
    known = {d.lower() for d in DRIVETRAINS}
    for c in (*cars, *mods):
        known.add(c.name.lower())
        known.update(t.lower() for t in c.traits)
    for m in mods:
        known.add(f"{m.type} {m.name}".lower())
    for file, group in (("mods.toml", mods), ("maneuvers.toml", maneuvers)):
        for c in group:
            for who in c.only_used_by:
                if who.lower() not in known:
                    problems.append(
                        f'{disp(file)}: {KIND_OF[type(c)]} "{c.name}": only_used_by: "{who}" is no car, mod, '
                        "trait or drivetrain"
                    )
    for d in decks:
        where = f'{disp("decks.toml")}: deck "{d.name}"'
        entries = [(d.car, 1), *((m, 1) for m in d.mods), *((r, 1) for r in d.races), *d.cards.items()]
        spec = cat.split(entries, where, problems)
        problems.extend(cat.deck_problems(spec, where))
    if problems:
        raise ContentError(_dedupe(problems))
    return cat


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return load_catalog()
