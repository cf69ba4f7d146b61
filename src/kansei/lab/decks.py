"""Cards and decks as the lab sees them, through the protocol only.

A deck is deck data: ``{"name", "cards": {card name: count}, ...game keys}``. A game key whose value
names a card (Touge's car) is a *slot*: the lab finds slots by looking the values up in ``game.cards()``,
so it can vary them (a matchup of every car) or swap them (a car's impact) without knowing the key.
"""

from __future__ import annotations

import difflib
from typing import Any

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Game

RESERVED = ("name", "cards")


def cards_by_name(game: Game) -> dict[str, dict[str, Any]]:
    """Every card face (English) by lower-case name and by slug."""
    out: dict[str, dict[str, Any]] = {}
    for c in game.cards("en"):
        out.setdefault(str(c["name"]).lower(), c)
        if c.get("slug"):
            out.setdefault(str(c["slug"]).lower(), c)
    return out


def find_card(game: Game, name: str) -> dict[str, Any]:
    """The card called ``name`` (or its slug), else one line with the nearest name."""
    table = cards_by_name(game)
    hit = table.get(" ".join(name.split()).lower())
    if hit is not None:
        return hit
    names = sorted({str(c["name"]) for c in table.values()})
    if not names:
        raise ContentError([f"{game.id} has no cards (no card {shorten(name)!r})"])
    near = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
    hint = f" — did you mean {near[0]!r}?" if near else ""
    raise ContentError([f"unknown card {shorten(name)!r} in {game.id}{hint}"])


def slots(game: Game, deck: dict[str, Any]) -> dict[str, str]:
    """The deck's keys whose value is one card's name (key -> card name)."""
    table = cards_by_name(game)
    return {
        k: str(table[v.lower()]["name"])
        for k, v in deck.items()
        if k not in RESERVED and isinstance(v, str) and v.lower() in table
    }


def holdings(game: Game, deck: dict[str, Any]) -> dict[str, int]:
    """Card name -> copies in the deck, slot cards included (in the deck's order, slots first)."""
    out = {name: 1 for name in slots(game, deck).values()}
    for name, count in dict(deck.get("cards") or {}).items():
        out[str(name)] = out.get(str(name), 0) + int(count)
    return out


def holder_key(game: Game, deck: dict[str, Any], card: str) -> str | None:
    """The slot key holding ``card`` (None if the card is in the deck's card list or absent)."""
    for k, v in slots(game, deck).items():
        if v.lower() == card.lower():
            return k
    return None


def swap(game: Game, deck: dict[str, Any], card: str, baseline: str) -> dict[str, Any]:
    """The deck with one copy of ``card`` replaced by ``baseline``, in the same place where it can be (the
    same position in the shuffled deck for the same seed: common random numbers)."""
    new = {k: v for k, v in deck.items() if k != "cards"}
    key = holder_key(game, deck, card)
    counts = {str(k): int(v) for k, v in dict(deck.get("cards") or {}).items()}
    if key is not None:
        new[key] = baseline
        new["cards"] = counts
    else:
        name = next((k for k in counts if k.lower() == card.lower()), None)
        if name is None:
            raise ContentError([f"{card!r} is not in the deck {deck.get('name')!r}"])
        out: dict[str, int] = {}
        for k, v in counts.items():
            if k == name:
                if v > 1:
                    out[k] = v - 1
                if baseline not in counts:  # in the card's own place
                    out[baseline] = 1
            elif k == baseline:
                out[k] = v + 1
            else:
                out[k] = v
        new["cards"] = out
    new["name"] = f"{deck.get('name', 'deck')} −{card} +{baseline}"
    return new


def baseline_for(game: Game, deck: dict[str, Any], card: dict[str, Any], given: dict[str, str]) -> str:
    """The baseline card to compare ``card`` with: the one given for its kind, else the game's own choice
    (optional hook ``game.baseline_card(kind)``) if the deck does not hold it, else the first card of that
    kind the deck does not hold (official cards before house ones). A card whose every fellow of its kind
    is in the deck has no default baseline: one line asks for ``--baseline`` (a held baseline would be
    compared with itself and change the deck's order)."""
    kind = str(card["kind"])
    if kind in given:
        return given[kind]
    held = {n.lower() for n in holdings(game, deck)} | {
        str(find_card(game, n).get("slug", n)).lower() for n in holdings(game, deck)
    }
    hook = getattr(game, "baseline_card", None)
    if callable(hook):
        named = hook(kind)
        if isinstance(named, str) and named.lower() != str(card["name"]).lower():
            found = find_card(game, named)
            if str(found["name"]).lower() not in held:
                return str(found["name"])
    same = [c for c in game.cards("en") if c["kind"] == kind and c["name"] != card["name"]]
    same.sort(key=lambda c: bool(c.get("house")))
    for c in same:
        if str(c["name"]).lower() not in held and str(c.get("slug", "")).lower() not in held:
            return str(c["name"])
    if same:
        raise ContentError(
            [
                f"{card['name']!r}: the deck holds every other {kind} card, so there is no baseline it "
                "does not "
                f"hold; name one with --baseline"
            ]
        )
    raise ContentError([f"{card['name']!r}: no other card of kind {kind!r} to compare it with"])


def held_in_place(game: Game, deck: dict[str, Any], baseline: str) -> bool:
    """Whether a swap to ``baseline`` keeps the swapped copy in the card's own place of the deck list
    (it does unless the deck already holds the baseline: then the copy joins the baseline's place)."""
    names = {n.lower() for n in holdings(game, deck)}
    return baseline.lower() not in names


def baselines(game: Game, names: list[str]) -> dict[str, str]:
    """``--baseline`` names as kind -> card name (one per kind)."""
    out: dict[str, str] = {}
    for n in names:
        c = find_card(game, n)
        kind = str(c["kind"])
        if kind in out and out[kind] != c["name"]:
            raise ContentError([f"two baselines of kind {kind!r}: {out[kind]!r} and {c['name']!r}"])
        out[kind] = str(c["name"])
    return out


def check_baseline(game: Game, card: dict[str, Any], baseline: str) -> dict[str, Any]:
    b = find_card(game, baseline)
    if b["kind"] != card["kind"]:
        raise ContentError(
            [
                f"baseline {b['name']!r} is a {b['kind']}, but {card['name']!r} is a {card['kind']}: "
                "compare a card with one of its own kind"
            ]
        )
    return b


def deck_label(deck: dict[str, Any]) -> str:
    return str(deck.get("name") or "deck")


__all__ = [
    "baseline_for",
    "baselines",
    "cards_by_name",
    "check_baseline",
    "deck_label",
    "find_card",
    "held_in_place",
    "holder_key",
    "holdings",
    "slots",
    "swap",
]
