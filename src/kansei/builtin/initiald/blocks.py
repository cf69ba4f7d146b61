"""Initial D CCG effect building blocks (ID-C4, ID-P5): what a maneuver does when it resolves.

Content lists blocks by name (``effects = [{ block = "bonus", stat = "traction", amount = 1 }]``); they are
validated and compiled at load by :class:`kansei.core.effects.BlockRegistry`. Every block is called as
``block(race, seat, sign)``: ``seat`` is the maneuver's owner, ``sign`` is +1 when the maneuver resolves
and -1 when a maneuver in play is discarded (ID-P5). Only a *lasting* block (a bonus or penalty, which
keeps its maneuver in play) undoes anything on -1; the others act once, on resolution.

The blocks act through the race's small primitive API (:class:`~.race.Race`'s ``add_bonus``,
``clear_in_play``, ``random_discards``), so the rules themselves stay in ``rules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from kansei.core.effects import BlockParams, BlockRegistry

if TYPE_CHECKING:  # pragma: no cover
    from .race import Race

REGISTRY = BlockRegistry("initiald")
STAT_INDEX = {"power": 0, "traction": 1, "style": 2}
LASTING = frozenset({"bonus"})  # ID-P5: a maneuver with one of these stays in play


class Bonus(BlockParams):
    stat: Literal["power", "traction", "style"]
    amount: int = Field(ge=-5, le=5)
    who: Literal["self", "opponent"] = "self"

    @model_validator(mode="after")
    def _nonzero(self) -> Bonus:
        if self.amount == 0:
            raise ValueError("a bonus needs a non-zero amount")
        return self


class DiscardInPlay(BlockParams):
    who: Literal["self", "opponent", "any"] = "opponent"
    amount: int = Field(default=0, ge=0, le=10)  # 0: all of them


class OpponentDiscards(BlockParams):
    amount: int = Field(default=1, ge=1, le=7)


def _bonus(p: Any, r: Race, seat: int, sign: int) -> None:
    """ID-P5: ``amount`` to ``stat`` of the car ``who`` (your own or the opponent's) while in play."""
    r.add_bonus(seat if p.who == "self" else 1 - seat, STAT_INDEX[p.stat], sign * p.amount)


def _discard_in_play(p: Any, r: Race, seat: int, sign: int) -> None:
    """Discard maneuvers in play of ``who`` (opponent, self or any), most recent first; ``amount`` of them
    (0: all). Their bonuses and penalties end (ID-P5)."""
    if sign > 0:
        r.clear_in_play(seat, p.who, p.amount)


def _opponent_discards(p: Any, r: Race, seat: int, sign: int) -> None:
    """The opponent discards ``amount`` cards from hand at random (the game's seeded random source)."""
    if sign > 0:
        r.random_discards(1 - seat, p.amount)


REGISTRY.register("bonus", Bonus, _bonus)
REGISTRY.register("discard_in_play", DiscardInPlay, _discard_in_play)
REGISTRY.register("opponent_discards", OpponentDiscards, _opponent_discards)

__all__ = ["LASTING", "REGISTRY", "STAT_INDEX"]
