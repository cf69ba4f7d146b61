"""``kansei validate``: a content folder or a deck file checked in one pass, every problem on its line.

Without ``--game`` the path is tried against every game: the answer names the game it fits, or why it fits
none (the closest game's problems). A card name the game does not know gets the nearest one it does.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Annotated

import typer

import kansei
from kansei.core.content import MAX_FILE_BYTES, read_bytes, read_toml
from kansei.core.errors import ContentError, KanseiError
from kansei.core.options import shorten
from kansei.core.protocol import Game
from kansei.core.registry import game_class

from .common import app, clean, error_lines, fail, friendly, out, plural, warn

NO_SUCH_CARD = re.compile(r'card "([^"]{1,120})": no such')


def guess_game(path: Path) -> str | None:
    """The game whose shipped content folder holds ``path``, or the ``game = "…"`` key of a TOML file."""
    resolved = path.resolve()
    for gid in kansei.games():
        try:
            folder = kansei.load(gid).package_dir()
        except KanseiError:
            continue
        if folder is not None and resolved.is_relative_to(folder):
            return gid
    if path.is_file() and path.suffix.lower() == ".toml":
        try:
            data = read_toml(path)
        except ContentError:
            return None
        if isinstance(data.get("game"), str) and data["game"] in kansei.games():
            return str(data["game"])
    return None


def problems_for(game: Game, path: Path) -> list[str]:
    """Every problem of ``path`` for ``game``: a content folder, or a deck file read and checked."""
    if path.is_dir():
        return list(game.validate_content(path))
    if type(game).load_deck is not Game.load_deck:
        try:
            deck = game.load_deck(path)
        except ContentError as e:
            return e.problems
        return list(game.deck_problems(deck))
    return list(game.validate_content(path))


def with_suggestions(game: Game, problems: list[str]) -> list[str]:
    """'card "Supercharjer": no such Touge card' + ' — did you mean "Supercharger"?'."""
    names: list[str] | None = None
    out_lines = []
    for p in problems:
        m = NO_SUCH_CARD.search(p)
        if m and "did you mean" not in p:
            if names is None:
                names = [str(c.get("name")) for c in game.cards()]
            near = difflib.get_close_matches(m.group(1), names, n=1, cutoff=0.6)
            if near:
                p = f'{p} — did you mean "{near[0]}"?'
        out_lines.append(p)
    return out_lines


def split(problems: list[str]) -> tuple[list[str], list[str]]:
    """(errors, warnings)."""
    warnings = [p for p in problems if p.lower().startswith("warning")]
    return [p for p in problems if p not in warnings], warnings


@app.command()
@friendly
def validate(
    path: Annotated[
        Path, typer.Argument(help="a content folder, or a deck file (TOML or '3 Card Name' lines)")
    ],
    game: Annotated[str | None, typer.Option(help="game id (else every game is tried)")] = None,
) -> None:
    """Check a content folder or a deck file: one line per problem, all in one pass; exit 1 if any."""
    shown = clean(shorten(str(path), 80))
    if not path.exists():
        fail(f"{shorten(str(path), 80)}: no such file or folder")
    if not path.is_dir():
        read_bytes(path, MAX_FILE_BYTES)  # a device, pipe or huge file is refused before any game reads it
    gid = game or guess_game(path)
    candidates = [gid] if gid else kansei.games()
    results: dict[str, tuple[list[str], list[str]]] = {}
    for cand in candidates:
        g = kansei.load(cand)
        results[cand] = split(with_suggestions(g, problems_for(g, path)))
    fits = [c for c, (errors, _) in results.items() if not errors]
    if fits:
        for c in fits:
            for w in error_lines(results[c][1]):
                warn(w)
        names = " and ".join(game_class(c).name for c in fits)
        warnings = sum(len(results[c][1]) for c in fits)
        extra = f" ({plural(warnings, 'warning')})" if warnings else ""
        out.print(f"[green]ok[/]: {shown} is valid {clean(names)} content{extra}")
        return
    if len(results) == 1:
        fail(next(iter(results.values()))[0])
    counts = sorted(results.items(), key=lambda kv: len(kv[1][0]))
    closest, (errors, _) = counts[0]
    if all(r[0] == errors for r in results.values()):  # the same for every game: the file itself
        fail(errors)
    summary = ", ".join(f"{c}: {plural(len(e), 'problem')}" for c, (e, _) in counts)
    out.print(f"{shown} fits no game ({clean(summary)}); the closest, {clean(closest)}, says:")
    fail(errors)
