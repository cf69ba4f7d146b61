"""Touge effect building blocks (TG-C4, TG-C5, TG-C6): the vocabulary card effects are composed from.

Content names blocks, never free text: ``effects = [{ block = "mult_add", road = "S", amount = 2,
scope = "tile" }]``. :data:`REGISTRY` validates each spec at load (one line per problem) and compiles it;
:mod:`.table` then keeps, for every card, the phases its blocks act in as plain tuples, so the rules call
a card's blocks without ever looking one up by name.

Each block is a :class:`TougeBlock`: the phases it acts in, the tile it targets, and the cards that may
carry it. The phases, in the order of a battle:

- **play** — ``play(p, state, owner)``: when its card is played (a tune-up, TG-T3) or switched on (a car
  ability, TG-C6). ``draw`` draws cards here.
- **before a run** — ``wipe(p, state, direction) -> tiles``: before each run the card in force may wipe
  one tile out (TG-C5 ruling); the tiles it may wipe (several: the leader picks one).
- **run** — ``score(p, profile, tile)``: while the course is scored (TG-S1) it changes one racer's
  :class:`Profile`; a tune-up on a tile is passed that tile (``-1`` for the whole course). A disaster's
  run blocks change both racers alike, so they are run once, at load, on a fresh profile, and only
  their additions, halvings and caps are kept (:attr:`.table.CardDef.dmods`). :class:`.scoring.Profile`
  lives with the scoring that reads it (compiled, its fields are read natively there).

``target(p)`` is the road filter of the tile the player names when playing the card (``"C"``, ``"S"``,
``"any"``), or None for a block that acts on the whole course. ``who`` says whose profile a run block
changes: ``self`` (the card's owner), ``opponent``, or ``both`` (disasters). Where each block may appear
(car ability, tune-up, disaster) is checked at load (:func:`.cards.compile_effects`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import Field, model_validator

from kansei.core.effects import BlockParams, BlockRegistry

if TYPE_CHECKING:  # pragma: no cover
    from .scoring import Profile
    from .state import TougeState

C: Final = 0  # road types (Final: compiled scoring reads the values, not the names)
S: Final = 1
RoadFilter = Literal["C", "S", "any"]
Who = Literal["self", "opponent", "both"]
CardKind = Literal["car", "tune", "disaster"]

ROADS: dict[str, tuple[int, ...]] = {"C": (C,), "S": (S,), "any": (C, S)}


SELF: Final = 0  # whose profile a run block changes
OPPONENT: Final = 1
BOTH: Final = 2
WHO = {"self": SELF, "opponent": OPPONENT, "both": BOTH}

# Two values by seat, direction or road type, indexed by it. A tuple of any length to the type checker,
# not tuple[int, int]: compiled, mypyc indexes such a tuple where it is, where it would copy a fixed pair
# into a new tuple to index it by a variable (issue 24: a tenth of a compiled search's instructions).
Pair = tuple[int, ...]
Flags = tuple[bool, ...]

# a disaster's run blocks as they change both racers alike: (additions, halvings, caps) per road type
DisasterMods = tuple[Pair, Flags, tuple[int | None, ...]]
NO_MODS: DisasterMods = ((0, 0), (False, False), (None, None))


ScoreFn = Callable[[Any, "Profile", int], None]
PlayFn = Callable[[Any, "TougeState", int], None]
WipeFn = Callable[[Any, "TougeState", int], list[int]]
TargetFn = Callable[[Any], "str | None"]


def whole_course(p: Any) -> str | None:
    """The block acts on the whole course: the player names no tile."""
    return None


def named_tile(p: Any) -> str | None:
    """The block acts on one tile of type ``road``, which the player names."""
    return str(p.road)


def scoped_tile(p: Any) -> str | None:
    """One tile of type ``road`` with ``scope = "tile"``, else the whole course."""
    return str(p.road) if p.scope == "tile" else None


@dataclass(frozen=True, slots=True)
class TougeBlock:
    """A block's implementation: the phases it acts in (each optional), the tile it targets and the cards
    that may carry it (``on``: car, tune, disaster)."""

    score: ScoreFn | None = None
    play: PlayFn | None = None
    wipe: WipeFn | None = None
    target: TargetFn = whole_course
    on: frozenset[str] = frozenset({"car", "tune", "disaster"})


REGISTRY = BlockRegistry("touge")


# ------------------------------------------------------------------------------------------ params
class MultAdd(BlockParams):
    """``amount`` added to the multiplier for ``road`` (``any``: both types), on one tile the player
    names (``scope = "tile"``) or for the whole course; ``who``: whose multiplier."""

    road: RoadFilter = Field("any", description="the road type whose multiplier changes (any: both)")
    amount: int = Field(ge=-20, le=20, description="added to the multiplier (not 0)")
    scope: Literal["tile", "course"] = Field("course", description="one named tile, or the whole course")
    who: Who = Field("self", description="whose multiplier: the card's owner, the opponent, or both")

    @model_validator(mode="after")
    def _nonzero(self) -> MultAdd:
        if self.amount == 0:
            raise ValueError("amount must not be 0")
        return self


class MultHalve(BlockParams):
    """The multiplier for ``road`` halved, rounded toward zero, for the whole course."""

    road: RoadFilter = Field("any", description="the road type whose multiplier is halved (any: both)")
    who: Who = Field("self", description="whose multiplier: the card's owner, the opponent, or both")


class MultCap(BlockParams):
    """The multiplier for ``road`` at most ``amount`` for the whole course."""

    road: RoadFilter = Field("any", description="the road type whose multiplier is capped (any: both)")
    amount: int = Field(ge=-20, le=20, description="the highest the multiplier may be")
    who: Who = Field("self", description="whose multiplier: the card's owner, the opponent, or both")


class TileBlock(BlockParams):
    """One tile the player names, of type ``road`` (``any``: either)."""

    road: RoadFilter = Field("any", description="the type of the tile the player names (any: either)")
    who: Who = Field("self", description="whose score: the card's owner (a tune-up helps its owner)")


class Draw(BlockParams):
    """``amount`` cards drawn by the card's owner."""

    amount: int = Field(ge=1, le=5, description="cards the owner draws (fewer from a short deck)")


class Whole(BlockParams):
    """The whole course, for ``who``."""

    who: Who = Field("self", description="whose run: the card's owner, the opponent, or both")


class NoParams(BlockParams):
    """No parameters."""


# ------------------------------------------------------------------------------------------ run phase
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
    """Foresight: the disaster does not apply to the racer (its wiped tile included)."""
    pr.ignore = True


# ------------------------------------------------------------------------------------------ play phase
def _draw(p: Any, s: TougeState, owner: int) -> None:
    """The owner draws ``amount`` cards when the card is played (fewer from a short deck)."""
    s.draw(owner, p.amount)


# ------------------------------------------------------------------------------------------ before a run
def _wipe_top(p: Any, s: TougeState, direction: int) -> list[int]:
    """Before each run the tile with the highest value in the run's direction scores 0 for both; on a tie
    the leader picks (TG-C5 ruling). With the option ``nullify_pick = "leader_choice"`` the leader picks
    any tile."""
    if s.game.options.nullify_pick == "leader_choice":
        return list(range(len(s.course)))
    cards = s.game.table.cards
    top = 0
    tiles: list[int] = []  # the tiles of the highest value so far, in course order
    for tile, (_, cid) in enumerate(s.course):
        value = cards[cid].value[direction]
        if not tiles or value > top:
            top = value
            tiles = [tile]
        elif value == top:
            tiles.append(tile)
    return tiles


_TUNE_CAR = frozenset({"car", "tune"})
_PLACES = {"car": "a car ability", "tune": "a tune-up", "disaster": "a disaster"}


def _doc(impl: TougeBlock) -> str:
    """A block's documentation: what it does (the first line), then its phases, target and places."""
    fns = [("run", impl.score), ("play", impl.play), ("before a run", impl.wipe)]
    first = next(fn for _, fn in fns if fn is not None).__doc__ or ""
    phases = ", ".join(phase for phase, fn in fns if fn is not None)
    places = ", ".join(_PLACES[k] for k in ("car", "tune", "disaster") if k in impl.on)
    target = (impl.target.__doc__ or "").strip()
    return f"{' '.join(first.split())}\nPhases: {phases}. Target: {target} On: {places}."


for _name, _params, _impl in (
    ("mult_add", MultAdd, TougeBlock(score=_mult_add, target=scoped_tile)),
    ("mult_halve", MultHalve, TougeBlock(score=_mult_halve)),
    ("mult_cap", MultCap, TougeBlock(score=_mult_cap)),
    ("nullify", TileBlock, TougeBlock(score=_nullify, target=named_tile, on=frozenset({"tune"}))),
    ("best_of", TileBlock, TougeBlock(score=_best_of, target=named_tile, on=frozenset({"tune"}))),
    ("double", Whole, TougeBlock(score=_double, on=_TUNE_CAR)),
    ("ignore_disaster", Whole, TougeBlock(score=_ignore_disaster, on=_TUNE_CAR)),
    ("draw", Draw, TougeBlock(play=_draw, on=_TUNE_CAR)),
    ("nullify_top", NoParams, TougeBlock(wipe=_wipe_top, on=frozenset({"disaster"}))),
):
    REGISTRY.register(_name, _params, _impl, doc=_doc(_impl))


__all__ = [
    "BOTH",
    "C",
    "NO_MODS",
    "OPPONENT",
    "REGISTRY",
    "ROADS",
    "S",
    "SELF",
    "WHO",
    "CardKind",
    "TougeBlock",
]
