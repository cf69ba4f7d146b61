"""Touge decks as data (TG-C1, TG-C3, TG-C7): starter decks, user deck files, and their validation.

Deck data is a JSON-safe dict ``{"name": …, "car": …, "cards": {card name: count}}`` (the car may also
be listed among the cards). ``start`` takes deck data or a starter deck's name and never opens a file;
:func:`load_deck` reads a user's file (TOML or ``3 Card Name`` lines, with a ``Car: …`` header) once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from kansei.core.content import read_deck
from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import validation_lines

from .cards import MAX_DECK
from .table import Deck, Table

MAX_FILE = 256 * 1024  # bytes: a deck file is a few lines
Name = Annotated[str, StringConstraints(min_length=1, max_length=100)]


class DeckData(BaseModel):
    """Deck data as ``start`` and the tools exchange it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: Annotated[str, StringConstraints(max_length=100)] = "deck"
    car: Name | None = None
    cards: Annotated[dict[Name, Annotated[int, Field(ge=1, le=MAX_DECK)]], Field(max_length=500)]
    text: Annotated[str, StringConstraints(max_length=2000)] = ""


def capped(problems: list[str], limit: int = 20) -> list[str]:
    """At most ``limit`` problem lines, then one line counting the rest."""
    if len(problems) <= limit:
        return problems
    return [*problems[:limit], f"… and {len(problems) - limit} more"]


def parse_deck(data: Any, where: str) -> tuple[DeckData | None, list[str]]:
    """Deck data validated into :class:`DeckData`, or the problems (one line each)."""
    if not isinstance(data, dict):
        return None, [f"{where}: deck data is an object with name, car and cards"]
    try:
        return DeckData.model_validate(data), []
    except ValidationError as e:
        return None, capped(validation_lines(where, e))


def deck_problems(table: Table, data: Any, where: str = "deck") -> list[str]:
    """Every problem of deck data (its form, then TG-C1, TG-C3, TG-C7), one line each."""
    deck, problems = parse_deck(data, where)
    if deck is None:
        return problems
    return table.catalog.deck_problems(deck.car, dict(deck.cards), where)


def resolve(table: Table, spec: Any, seat: int) -> Deck:
    """A deck entry of ``start``: None (the seat's starter deck), a starter deck's name, or deck data.
    Never a path. ContentError (one line per problem) otherwise."""
    where = f"touge: deck of seat {seat}"
    if spec is None:
        return table.starters[table.starter_names[seat % len(table.starter_names)].lower()]
    if isinstance(spec, str):
        hit = table.starters.get(spec.lower())
        if hit is None:
            raise ContentError(
                [
                    f"{where}: no starter deck {shorten(spec, 40)!r} (starter decks: "
                    f"{', '.join(table.starter_names)}; a deck file is read with load_deck)"
                ]
            )
        return hit
    deck, problems = parse_deck(spec, where)
    if deck is None:
        raise ContentError(problems)
    problems = table.catalog.deck_problems(deck.car, dict(deck.cards), where)
    if problems:
        raise ContentError(problems)
    return table.resolve(deck.name, deck.car, dict(deck.cards))


def starter_deck(table: Table, name: str) -> dict[str, Any]:
    """A starter deck as deck data (a fresh dict)."""
    for d in table.catalog.decks:
        if isinstance(name, str) and d.name.lower() == name.lower():
            return {"name": d.name, "car": d.car, "cards": dict(d.cards), "text": d.text}
    raise ContentError(
        [f"touge: no starter deck {shorten(name, 40)!r} (starter decks: {', '.join(table.starter_names)})"]
    )


def load_deck(path: Path) -> dict[str, Any]:
    """A user's deck file as deck data: TOML (``name``, ``car``, ``[cards]``) or text lines (``Car: …``,
    ``3 Card Name``). Only regular files of at most 256 KB are read. ContentError, one line per problem."""
    display = shorten(str(path), 80)
    try:
        if not path.is_file():
            raise ContentError(
                [f"{display}: no such file" if not path.exists() else f"{display}: not a file"]
            )
        if path.stat().st_size > MAX_FILE:
            raise ContentError([f"{display}: too large for a deck file (over {MAX_FILE // 1024} KB)"])
        deck = read_deck(path)
    except OSError as e:
        raise ContentError([f"{display}: cannot be read ({e.strerror or 'error'})"]) from None
    except RecursionError:
        raise ContentError([f"{display}: nested too deeply"]) from None
    except ContentError as e:
        raise ContentError(capped(e.problems)) from None
    problems = []
    car: Any = deck.meta.pop("car", None)
    if isinstance(car, list):  # text header lines: "Car: AE-86 Trueno"
        if len(car) != 1:
            problems.append(f"{display}: a deck names one car, names {len(car)}")
        car = car[0] if car else None
    if car is not None and not isinstance(car, str):
        problems.append(f"{display}: car must be a card name")
    text = deck.meta.pop("text", "")
    for key in list(deck.meta)[:10]:
        problems.append(f"{display}: unknown key {shorten(key, 30)!r} (a deck has name, car, cards, text)")
    if problems:
        raise ContentError(problems)
    data: dict[str, Any] = {"name": shorten(deck.name, 100), "cards": deck.counts()}
    if car is not None:
        data["car"] = car
    if isinstance(text, str) and text:
        data["text"] = text
    return data
