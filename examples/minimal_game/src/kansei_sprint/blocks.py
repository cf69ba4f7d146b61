"""Sprint's effect blocks (``REGISTRY``): what a card's ``on_win`` / ``on_lose`` may do. Each block declares
its parameters (a pydantic model) and runs as ``impl(params, state, seat, card)`` for the card's owner
``seat`` (``card``: the slug of the card whose effect it is)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field

from kansei.core.effects import BlockParams, BlockRegistry

if TYPE_CHECKING:
    from .state import SprintState

REGISTRY = BlockRegistry("sprint")


class AdvanceParams(BlockParams):
    spaces: int = Field(ge=1, le=9)


@REGISTRY.block("advance", AdvanceParams, doc="its owner moves `spaces` spaces forward (SP-C1)")
def advance(p: Any, state: SprintState, seat: int, card: str) -> None:
    state.move(seat, p.spaces, card)


class DrawParams(BlockParams):
    count: int = Field(1, ge=1, le=3)


@REGISTRY.block("draw", DrawParams, doc="its owner draws `count` cards (SP-C2)")
def draw(p: Any, state: SprintState, seat: int, card: str) -> None:
    state.draw(seat, p.count)


__all__ = ["REGISTRY"]
