"""Decks named on a command line: a starter deck's name, a deck file, a folder of deck files, or ``@LIST``
(a text file naming one deck per line, paths relative to the list). All end as deck data (dicts), checked
by the game's own ``deck_problems``; ``game.start`` never opens a file.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kansei.core.errors import ContentError
from kansei.core.options import shorten
from kansei.core.protocol import Game

DECK_SUFFIXES = (".toml", ".txt", ".deck")
MAX_LIST = 200  # decks in one @LIST or folder


def starter(game: Game, name: str) -> dict[str, Any] | None:
    """The starter deck called ``name`` (case and spacing forgiven), or None."""
    want = " ".join(name.split()).lower()
    for known in game.starter_decks():
        if known.lower() == want:
            return game.starter_deck(known)
    return None


def resolve_deck(game: Game, text: str, base: Path | None = None) -> list[dict[str, Any]]:
    """One ``--deck`` text as a list of deck data (a folder or @LIST gives several)."""
    text = text.strip()
    if text.startswith("@"):
        listing = (base or Path.cwd()) / text[1:]
        try:
            lines = listing.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise ContentError([f"{shorten(text)}: cannot read the deck list ({type(e).__name__})"]) from None
        entries = [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
        if len(entries) > MAX_LIST:
            raise ContentError([f"{shorten(text)}: more than {MAX_LIST} decks"])
        out: list[dict[str, Any]] = []
        for entry in entries:
            out.extend(resolve_deck(game, entry, listing.parent))
        return out
    path = Path(text) if base is None or Path(text).is_absolute() else base / text
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.lower() in DECK_SUFFIXES and p.is_file())
        if not files:
            raise ContentError(
                [f"{shorten(text)}: no deck files ({', '.join(DECK_SUFFIXES)}) in this folder"]
            )
        return [checked(game, game.load_deck(p), p.name) for p in files[:MAX_LIST]]
    if path.is_file():
        return [checked(game, game.load_deck(path), path.name)]
    deck = starter(game, text)
    if deck is not None:
        return [checked(game, deck, text)]
    names = game.starter_decks()
    if not names:
        raise ContentError([f"{game.id} has no decks (no --deck: {shorten(text)!r})"])
    near = difflib.get_close_matches(text, names, n=1, cutoff=0.5)
    hint = f" — did you mean {near[0]!r}?" if near else ""
    known = ", ".join(names)
    raise ContentError(
        [f"unknown deck {shorten(text)!r}{hint} (starter decks of {game.id}: {known}; or a deck file)"]
    )


def resolve_decks(game: Game, texts: Sequence[str] | None) -> list[dict[str, Any]]:
    """Every ``--deck`` of a command line, in order, as deck data."""
    out: list[dict[str, Any]] = []
    for t in texts or []:
        out.extend(resolve_deck(game, t))
    return out


def checked(game: Game, deck: dict[str, Any], where: str) -> dict[str, Any]:
    problems = game.deck_problems(deck)
    if problems:
        raise ContentError([f"{shorten(where)}: {p}" for p in problems])
    return deck


__all__ = ["checked", "resolve_deck", "resolve_decks", "starter"]
