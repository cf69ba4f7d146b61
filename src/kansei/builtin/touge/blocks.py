"""Touge effect building blocks (TG-C4, TG-C5, TG-C6): the vocabulary card effects are composed from.

Content names blocks, never free text: ``effects = [{ block = "mult_add", road = "S", amount = 2,
scope = "tile" }]``. :data:`REGISTRY` validates each spec at load (one line per problem) and compiles it;
:mod:`table` then flattens the compiled blocks of every card into plain tuples for the hot path of
scoring, so a score never looks a block up by name.

A block acts in one or more of three ways:

- ``score(p, profile, tile)``: adds its modifier to one racer's :class:`Profile` for a run (TG-S1). A
  tune-up on a tile passes that tile (``-1`` for the whole course); a disaster's blocks are run once, at
  load, on a fresh profile, and only its additions, halvings and caps are kept.
- ``draw``: cards the owner draws when the card is played (Hyper-Focused).
- ``nullify_top``: the disaster's tile-wipe, resolved before each run (TG-C5 ruling).

``who`` says whose profile a scoring block changes: ``self`` (the card's owner), ``opponent``, or
``both`` (disasters). Where each block may appear (car ability, tune-up, disaster) is checked at load.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, model_validator

from kansei.core.effects import BlockParams, BlockRegistry

C, S = 0, 1  # road types
RoadFilter = Literal["C", "S", "any"]
Who = Literal["self", "opponent", "both"]
CardKind = Literal["car", "tune", "disaster"]

ROADS: dict[str, tuple[int, ...]] = {"C": (C,), "S": (S,), "any": (C, S)}


class Profile:
    """One racer's multipliers for one run, as the blocks in force leave them (TG-S1).

    ``base``: the car's (C, S) multipliers in the run's direction; ``add``: own additions for the whole
    course; ``tile_add``: own additions per tile; ``best``: Blindspot tiles; ``null``: tiles nullified
    for this racer; ``double``: Instinct; ``ignore``: Foresight; ``halve`` / ``cap``: halvings and caps
    applied after the disaster (an opponent's Gum-Tape Death Match).
    """

    __slots__ = ("base", "add", "tile_add", "best", "null", "double", "ignore", "halve", "cap")

    base: tuple[int, int]
    add: list[int]
    tile_add: dict[int, int]
    best: set[int]
    null: set[int]
    double: bool
    ignore: bool
    halve: list[bool]
    cap: list[int | None]

    def __init__(self, base: tuple[int, int] = (0, 0)):
        self.base = base
        self.add = [0, 0]
        self.tile_add = {}
        self.best = set()
        self.null = set()
        self.double = False
        self.ignore = False
        self.halve = [False, False]
        self.cap = [None, None]


ScoreFn = Callable[[Any, Profile, int], None]


@dataclass(frozen=True, slots=True)
class TougeBlock:
    """A block's implementation: how it scores, and which cards may carry it."""

    score: ScoreFn | None = None
    on: frozenset[str] = frozenset({"car", "tune", "disaster"})
    tile: bool = False  # always targets one tile (the player names it)


REGISTRY = BlockRegistry("touge")


# ------------------------------------------------------------------------------------------ params
class MultAdd(BlockParams):
    road: RoadFilter = "any"
    amount: int = Field(ge=-20, le=20)
    scope: Literal["tile", "course"] = "course"
    who: Who = "self"

    @model_validator(mode="after")
    def _nonzero(self) -> MultAdd:
        if self.amount == 0:
            raise ValueError("amount must not be 0")
        return self


class MultHalve(BlockParams):
    road: RoadFilter = "any"
    who: Who = "self"


class MultCap(BlockParams):
    road: RoadFilter = "any"
    amount: int = Field(ge=-20, le=20)
    who: Who = "self"


class TileBlock(BlockParams):
    road: RoadFilter = "any"
    who: Who = "self"


class Draw(BlockParams):
    amount: int = Field(ge=1, le=5)


class Whole(BlockParams):
    who: Who = "self"


class NoParams(BlockParams):
    pass


# ------------------------------------------------------------------------------------------ scoring
def _mult_add(p: Any, pr: Profile, tile: int) -> None:
    """+``amount`` to the multiplier for ``road``: on one tile (``scope = "tile"``) or the whole course."""
    if p.scope == "tile" and tile >= 0:
        pr.tile_add[tile] = pr.tile_add.get(tile, 0) + p.amount
        return
    for r in ROADS[p.road]:
        pr.add[r] += p.amount


def _mult_halve(p: Any, pr: Profile, tile: int) -> None:
    """The multiplier for ``road`` is halved, rounded toward zero."""
    for r in ROADS[p.road]:
        pr.halve[r] = True


def _mult_cap(p: Any, pr: Profile, tile: int) -> None:
    """The multiplier for ``road`` is at most ``amount``."""
    for r in ROADS[p.road]:
        cap = pr.cap[r]
        pr.cap[r] = p.amount if cap is None else min(cap, p.amount)


def _nullify(p: Any, pr: Profile, tile: int) -> None:
    """One tile (of type ``road``) scores 0 for ``who``."""
    pr.null.add(tile)


def _best_of(p: Any, pr: Profile, tile: int) -> None:
    """One tile scores with the better of the racer's two multipliers in the run's direction."""
    pr.best.add(tile)


def _double(p: Any, pr: Profile, tile: int) -> None:
    """Instinct: the racer's multipliers and own effects count double."""
    pr.double = True


def _ignore_disaster(p: Any, pr: Profile, tile: int) -> None:
    """Foresight: the disaster does not apply to the racer."""
    pr.ignore = True


_TUNE_CAR = frozenset({"car", "tune"})
for _name, _params, _impl in (
    ("mult_add", MultAdd, TougeBlock(_mult_add)),
    ("mult_halve", MultHalve, TougeBlock(_mult_halve)),
    ("mult_cap", MultCap, TougeBlock(_mult_cap)),
    ("nullify", TileBlock, TougeBlock(_nullify, frozenset({"tune"}), tile=True)),
    ("best_of", TileBlock, TougeBlock(_best_of, frozenset({"tune"}), tile=True)),
    ("double", Whole, TougeBlock(_double, _TUNE_CAR)),
    ("ignore_disaster", Whole, TougeBlock(_ignore_disaster, _TUNE_CAR)),
):
    REGISTRY.register(_name, _params, _impl, doc=(_impl.score.__doc__ or "") if _impl.score else "")

REGISTRY.register(
    "draw", Draw, TougeBlock(None, _TUNE_CAR), doc="The owner draws ``amount`` cards when the card is played."
)
REGISTRY.register(
    "nullify_top",
    NoParams,
    TougeBlock(None, frozenset({"disaster"})),
    doc="Before each run the highest tile in the current direction scores 0 for both (TG-C5 ruling).",
)


def tile_road(name: str, p: Any) -> str | None:
    """The road filter of the tile a block targets, or None for a whole-course block."""
    impl: TougeBlock = REGISTRY.blocks[name].impl
    if impl.tile or getattr(p, "scope", "course") == "tile":
        return str(p.road)
    return None


__all__ = ["C", "REGISTRY", "ROADS", "S", "CardKind", "Profile", "TougeBlock", "tile_road"]
