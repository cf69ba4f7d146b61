"""Touge content schema (TG-C1..C7): cars, roads, tune-ups, disasters and starter decks, validated at load.

Effects are named building blocks (``{kind = "mult_add", road = "S", amount = 2, scope = "tile"}``), never
free text. The rules engine reads them through :class:`Effect`; ``kansei validate`` reports problems one
line each.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from kansei.core.content import Record, load_records, slug
from kansei.core.errors import ContentError

CONTENT = Path(__file__).parent / "content"

RoadType = Literal["C", "S"]
EffectKind = Literal[
    "mult_add",  # add `amount` to the multiplier for `road` (tile or whole course)
    "mult_halve",  # halve the multiplier for `road`, rounded toward zero
    "mult_cap",  # the multiplier for `road` is at most `amount`
    "nullify",  # a tile scores 0 (for `who`)
    "nullify_top",  # the highest tile in the current direction scores 0 for both (TG-C5 ruling)
    "best_of",  # score a tile with the better of the two multipliers of the direction (Blindspot)
    "draw",  # draw `amount` cards
    "double",  # Instinct: your multipliers and your own effects count double
    "ignore_disaster",  # Foresight
]
# Which parameters each kind needs; validated per effect.
_NEEDS_AMOUNT = {"mult_add", "mult_cap", "draw"}
_TILE_ONLY = {"nullify", "best_of"}
_COURSE_ONLY = {"draw", "double", "ignore_disaster", "nullify_top", "mult_halve", "mult_cap"}


class Effect(Record):
    kind: EffectKind
    road: Literal["C", "S", "any"] = "any"
    amount: int = 0
    scope: Literal["tile", "course"] = "course"
    who: Literal["self", "opponent", "both"] = "self"

    @model_validator(mode="after")
    def _check(self) -> Effect:
        if self.kind in _NEEDS_AMOUNT and self.amount == 0:
            raise ValueError(f"effect {self.kind} needs a non-zero amount")
        if self.kind in _TILE_ONLY and self.scope != "tile":
            raise ValueError(f"effect {self.kind} targets a tile: scope must be 'tile'")
        if self.kind in _COURSE_ONLY and self.scope == "tile":
            raise ValueError(f"effect {self.kind} cannot target a single tile")
        if self.kind == "draw" and self.amount < 0:
            raise ValueError("draw amount must be positive")
        return self


class Ability(Record):
    name: str
    text: str = ""
    effects: list[Effect] = Field(min_length=1)


class Car(Record):
    """TG-C1: four multipliers, each DH and UH pair summing to 4, none above 4 in absolute value."""

    name: str
    dh_c: int
    dh_s: int
    uh_c: int
    uh_s: int
    ability: Ability
    house: bool = True
    text: str = ""

    @model_validator(mode="after")
    def _tg_c1(self) -> Car:
        problems = []
        for field in ("dh_c", "dh_s", "uh_c", "uh_s"):
            v = getattr(self, field)
            if abs(v) > 4:
                problems.append(f"{field} must be within -4..4, is {v}")
        if self.dh_c + self.dh_s != 4:
            problems.append(f"dh_c + dh_s must be 4, is {self.dh_c + self.dh_s}")
        if self.uh_c + self.uh_s != 4:
            problems.append(f"uh_c + uh_s must be 4, is {self.uh_c + self.uh_s}")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class Road(Record):
    """TG-C2: a corner or straight with a star tier and a value for each direction."""

    name: str
    pass_: str = Field(alias="pass")
    type: RoadType
    stars: int = Field(ge=1, le=5)
    down: int = Field(ge=0, le=12)
    up: int = Field(ge=0, le=12)
    house: bool = True
    text: str = ""


class TuneUp(Record):
    """TG-C4."""

    name: str
    text: str
    effects: list[Effect] = Field(min_length=1)
    house: bool = True

    @model_validator(mode="after")
    def _one_target(self) -> TuneUp:
        roads = {e.road for e in self.effects if e.scope == "tile"}
        if len(roads) > 1:
            raise ValueError("tile effects of one tune-up must share one road filter")
        if any(e.who != "self" for e in self.effects):
            raise ValueError("tune-ups help your own car (TG-C4): who must be 'self'")
        return self

    @property
    def tile_road(self) -> str | None:
        """The road filter of the tile this card targets, or None for a whole-course card."""
        for e in self.effects:
            if e.scope == "tile":
                return e.road
        return None


class Disaster(Record):
    """TG-C5: in force for the whole race, for both players."""

    name: str
    text: str
    effects: list[Effect] = Field(min_length=1)
    house: bool = True

    @model_validator(mode="after")
    def _both(self) -> Disaster:
        if any(e.scope == "tile" for e in self.effects):
            raise ValueError("a disaster acts on the whole course")
        return self


class StarterDeck(Record):
    name: str
    car: str
    text: str = ""
    cards: dict[str, int]


TIER_LIMITS = {1: 35, 2: 15, 3: 10, 4: 5, 5: 2}  # TG-C3
MIN_OTHER_CARDS = 30  # TG-C7 ruling


class Catalog:
    """All Touge cards, indexed by name (case-insensitive) and by slug."""

    def __init__(self, cars, roads, tuneups, disasters, decks):
        self.cars: list[Car] = cars
        self.roads: list[Road] = roads
        self.tuneups: list[TuneUp] = tuneups
        self.disasters: list[Disaster] = disasters
        self.decks: list[StarterDeck] = decks
        self.by_name: dict[str, Car | Road | TuneUp | Disaster] = {}
        for group in (cars, roads, tuneups, disasters):
            for c in group:
                self.by_name[c.name.lower()] = c
                self.by_name[slug(c.name)] = c

    def find(self, name: str):
        return self.by_name.get(name.lower()) or self.by_name.get(slug(name))

    def deck_problems(self, car: str | None, cards: dict[str, int], where: str) -> list[str]:
        """TG-C3 and the TG-C7 deck ruling, one line per problem."""
        problems = []
        cars = []
        others = 0
        tiers = {k: 0 for k in TIER_LIMITS}
        if car is not None:
            c = self.find(car)
            if not isinstance(c, Car):
                problems.append(f'{where}: car "{car}": no such car')
            else:
                cars.append(c)
        for name, count in cards.items():
            c = self.find(name)
            if c is None:
                problems.append(f'{where}: card "{name}": no such Touge card')
            elif isinstance(c, Car):
                cars.extend([c] * count)
            else:
                others += count
                if isinstance(c, Road):
                    tiers[c.stars] += count
        if len(cars) != 1:
            problems.append(f"{where}: a deck has exactly one car (TG-C1), has {len(cars)}")
        if others < MIN_OTHER_CARDS:
            problems.append(
                f"{where}: a deck needs at least {MIN_OTHER_CARDS} cards besides the car (TG-C7), "
                f"has {others}"
            )
        for stars, limit in TIER_LIMITS.items():
            if tiers[stars] > limit:
                problems.append(f"{where}: at most {limit} {stars}-star roads (TG-C3), has {tiers[stars]}")
        return problems


def load_catalog(folder: Path = CONTENT, prefix: str | None = None) -> Catalog:
    """Load and validate a content folder; raises ContentError listing every problem."""
    problems: list[str] = []

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    def load(file, table, model, kind):
        return load_records(folder / file, table, model, problems, disp(file), kind, unique=True)

    cars = load("cars.toml", "car", Car, "car")
    roads = load("roads.toml", "road", Road, "road")
    tuneups = load("tuneups.toml", "tuneup", TuneUp, "tune-up")
    disasters = load("disasters.toml", "disaster", Disaster, "disaster")
    decks = load("decks.toml", "deck", StarterDeck, "deck")
    cat = Catalog(cars, roads, tuneups, disasters, decks)
    names = [c.name.lower() for g in (cars, roads, tuneups, disasters) for c in g]
    dup = {n for n in names if names.count(n) > 1}
    for n in sorted(dup):
        problems.append(f"{disp('*.toml')}: card name {n!r} is used by two cards")
    for d in decks:
        problems.extend(cat.deck_problems(d.car, d.cards, f'{disp("decks.toml")}: deck "{d.name}"'))
    if problems:
        raise ContentError(problems)
    return cat


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return load_catalog()
