"""Touge content schema (TG-C1..C7): cars, roads, tune-ups, disasters and starter decks, validated at load.

Effects are named building blocks (``{ block = "mult_add", road = "S", amount = 2, scope = "tile" }``,
see :mod:`blocks`), compiled here by the block registry: ``kansei validate`` reports every problem, one
line each.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from kansei.core.content import Record, Translated, load_records, name_clashes, slug
from kansei.core.effects import Compiled
from kansei.core.errors import ContentError
from kansei.core.options import shorten

from .blocks import REGISTRY, TougeBlock

CONTENT = Path(__file__).parent / "content"

RoadType = Literal["C", "S"]
Spec = dict[str, Any]


class Worded(Translated):
    """A Touge card: named and worded in English with French and Japanese beside it (core ``Translated``);
    a name is at most 60 characters, to fit the board."""

    name: str = Field(min_length=1, max_length=60)
    fr: str = Field("", max_length=60)
    ja: str = Field("", max_length=60)


class Ability(Worded):
    effects: list[Spec] = Field(min_length=1)


class Car(Worded):
    """TG-C1: four multipliers, each DH and UH pair summing to 4, none above 4 in absolute value."""

    dh_c: int
    dh_s: int
    uh_c: int
    uh_s: int
    ability: Ability
    house: bool = True

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


class Road(Worded):
    """TG-C2: a corner or straight with a star tier and a value for each direction."""

    pass_: str = Field(alias="pass")
    type: RoadType
    stars: int = Field(ge=1, le=5)
    down: int = Field(ge=0, le=12)
    up: int = Field(ge=0, le=12)
    house: bool = True


class TuneUp(Worded):
    """TG-C4."""

    text: str
    effects: list[Spec] = Field(min_length=1)
    house: bool = True


class Disaster(Worded):
    """TG-C5: in force for the whole race, for both players."""

    text: str
    effects: list[Spec] = Field(min_length=1)
    house: bool = True


class StarterDeck(Record):
    name: str
    car: str
    text: str = ""
    cards: dict[str, int]


Card = Car | Road | TuneUp | Disaster

TIER_LIMITS = {1: 35, 2: 15, 3: 10, 4: 5, 5: 2}  # TG-C3
MIN_OTHER_CARDS = 30  # TG-C7 ruling
MAX_DECK = 200  # house limit: no rule caps tune-ups and disasters; a deck file cannot ask for millions


def compile_effects(kind: str, specs: list[Spec], where: str, problems: list[str]) -> tuple[Compiled, ...]:
    """Compile one card's effect blocks and check that each may sit on this kind of card (``car``,
    ``tune``, ``disaster``); problems are appended, one line each."""
    before = len(problems)
    out = REGISTRY.compile_list(specs, where, problems)
    if len(problems) > before:
        return ()
    label = {"car": "a car ability", "tune": "a tune-up", "disaster": "a disaster"}[kind]
    roads = set()
    wipes = 0
    for i, c in enumerate(out, 1):
        here = f"{where}: effect {i} ({c.name})"
        impl: TougeBlock = c.impl
        who = getattr(c.p, "who", None)
        road = impl.target(c.p)
        wipes += impl.wipe is not None
        if kind not in impl.on:
            problems.append(f"{here}: block {c.name!r} cannot be on {label}")
        elif kind == "tune" and who not in (None, "self"):
            problems.append(f"{here}: tune-ups help your own car (TG-C4): who must be 'self'")
        elif kind == "disaster" and who not in (None, "both"):
            problems.append(f"{here}: a disaster acts on both racers (TG-C5): who must be 'both'")
        elif kind != "tune" and road is not None:
            problems.append(f"{here}: {label} acts on the whole course: no tile")
        if road is not None:
            roads.add(road)
    if len(roads) > 1:
        problems.append(f"{where}: the tile effects of one tune-up must share one road filter")
    if wipes > 1:
        problems.append(f"{where}: a card wipes out one tile before a run: one block that wipes")
    return out


class Catalog:
    """All Touge cards, indexed by name (case-insensitive) and by slug, with their compiled effects."""

    def __init__(
        self,
        cars: list[Car],
        roads: list[Road],
        tuneups: list[TuneUp],
        disasters: list[Disaster],
        decks: list[StarterDeck],
        effects: dict[str, tuple[Compiled, ...]],
    ):
        self.cars = cars
        self.roads = roads
        self.tuneups = tuneups
        self.disasters = disasters
        self.decks = decks
        self.effects = effects  # card name -> its compiled blocks (a car: its ability's)
        self.by_name: dict[str, Card] = {}
        for group in (cars, roads, tuneups, disasters):
            for c in group:
                self.by_name[c.name.lower()] = c
                self.by_name[slug(c.name)] = c

    def find(self, name: str) -> Card | None:
        return self.by_name.get(name.lower()) or self.by_name.get(slug(name))

    def deck_problems(self, car: str | None, cards: dict[str, int], where: str) -> list[str]:
        """TG-C1, TG-C3 and the TG-C7 deck ruling, one line per problem."""
        problems = []
        n_cars = 0
        others = 0
        tiers = {k: 0 for k in TIER_LIMITS}
        if car is not None:
            c = self.find(car)
            if not isinstance(c, Car):
                problems.append(f'{where}: car "{shorten(car, 40)}": no such car')
            else:
                n_cars += 1
        unknown = 0
        for name, count in cards.items():
            c = self.find(name)
            if c is None:
                unknown += 1
                if unknown <= 10:
                    problems.append(f'{where}: card "{shorten(name, 40)}": no such Touge card')
            elif isinstance(c, Car):
                n_cars += count
            else:
                others += count
                if isinstance(c, Road):
                    tiers[c.stars] += count
        if unknown > 10:
            problems.append(f"{where}: … and {unknown - 10} more unknown cards")
        if n_cars != 1:
            problems.append(f"{where}: a deck has exactly one car (TG-C1), has {n_cars}")
        if others < MIN_OTHER_CARDS:
            problems.append(
                f"{where}: a deck needs at least {MIN_OTHER_CARDS} cards besides the car (TG-C7), "
                f"has {others}"
            )
        if others > MAX_DECK:
            problems.append(f"{where}: a deck holds at most {MAX_DECK} cards besides the car, has {others}")
        for stars, limit in TIER_LIMITS.items():
            if tiers[stars] > limit:
                problems.append(f"{where}: at most {limit} {stars}-star roads (TG-C3), has {tiers[stars]}")
        return problems


def load_catalog(folder: Path = CONTENT, prefix: str | None = None) -> Catalog:
    """Load and validate a content folder; raises ContentError listing every problem."""
    problems: list[str] = []

    def disp(name: str) -> str:
        return f"{prefix or 'content'}/{name}"

    cars = load_records(folder / "cars.toml", "car", Car, problems, disp("cars.toml"), "car", unique=True)
    roads = load_records(
        folder / "roads.toml", "road", Road, problems, disp("roads.toml"), "road", unique=True
    )
    tuneups = load_records(
        folder / "tuneups.toml", "tuneup", TuneUp, problems, disp("tuneups.toml"), "tune-up", unique=True
    )
    disasters = load_records(
        folder / "disasters.toml",
        "disaster",
        Disaster,
        problems,
        disp("disasters.toml"),
        "disaster",
        unique=True,
    )
    decks = load_records(
        folder / "decks.toml", "deck", StarterDeck, problems, disp("decks.toml"), "deck", unique=True
    )
    effects: dict[str, tuple[Compiled, ...]] = {}
    for car in cars:
        where = f'{disp("cars.toml")}: car "{car.name}": ability'
        effects[car.name] = compile_effects("car", car.ability.effects, where, problems)
    for t in tuneups:
        effects[t.name] = compile_effects(
            "tune", t.effects, f'{disp("tuneups.toml")}: tune-up "{t.name}"', problems
        )
    for d in disasters:
        where = f'{disp("disasters.toml")}: disaster "{d.name}"'
        effects[d.name] = compile_effects("disaster", d.effects, where, problems)
    cat = Catalog(cars, roads, tuneups, disasters, decks, effects)
    every: list[Card] = [*cars, *roads, *tuneups, *disasters]
    problems.extend(name_clashes(every, disp("*.toml")))
    if not decks:
        problems.append(f"{disp('decks.toml')}: at least one starter deck is needed")
    for deck in decks:
        problems.extend(cat.deck_problems(deck.car, deck.cards, f'{disp("decks.toml")}: deck "{deck.name}"'))
    if problems:
        raise ContentError(problems)
    return cat


@cache
def catalog() -> Catalog:
    """The shipped content, loaded once per process."""
    return load_catalog()
