"""The research adapters' hooks (docs/interop.md in kansei): a fixed action space and an observation
vector built from one ``view(seat)`` alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Sprint


def action_space(game: Sprint) -> list[str]:
    """Every notation a race can produce: playing each card of the content."""
    return [card.play.notation for card in game.table.cards.values()]


def observation_spec(game: Sprint, players: int) -> list[str]:
    """The slots of :func:`encode_view`: the race, then "me" and "other", then my hand and both piles
    by card."""
    slugs = game.table.slugs
    out = ["goal", "my_turn", "i_lead", "over"]
    for who in ("me", "other"):
        out += [f"{who}_position", f"{who}_hand", f"{who}_deck", f"{who}_face_down"]
    out += [f"hand_{slug}" for slug in slugs]
    out += [f"{who}_pile_{slug}" for who in ("me", "other") for slug in slugs]
    return out


def encode_view(game: Sprint, view: Mapping[str, Any], seat: int | None) -> Sequence[float]:
    me = 0 if seat is None else seat
    goal = float(view["goal"])
    racers = view["racers"]
    out = [goal / 40.0, float(view["to_move"] == seat), float(view["leader"] == me), float(view["over"])]
    for q in (me, 1 - me):
        r = racers[q]
        out += [r["position"] / goal, r["hand_count"] / 12.0, r["deck_count"] / 12.0, float(r["face_down"])]
    slugs = game.table.slugs
    hand = [c["card"] for c in view["hand"] or []]
    out += [hand.count(slug) / 4.0 for slug in slugs]
    for q in (me, 1 - me):
        pile = racers[q]["pile"]["cards"]
        out += [pile.count(slug) / 4.0 for slug in slugs]
    return out


__all__ = ["action_space", "encode_view", "observation_spec"]
