"""``kansei validate``: a content folder or a deck file checked in one pass, every problem on its line.

Without ``--game`` the path is tried against every game: the answer names the game it fits, or why it fits
none (the closest game's problems). A card name the game does not know gets the nearest one it does.
"""

from __future__ import annotations

import difflib
import re
import tempfile
from pathlib import Path
from typing import Annotated

import typer

import kansei
from kansei.core.content import MAX_FILE_BYTES, read_bytes, read_deck, read_toml, shorten_path
from kansei.core.errors import ContentError, KanseiError
from kansei.core.protocol import Game
from kansei.core.registry import game_class

from .common import app, clean, err, error_lines, fail, friendly, out, plural, warn

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
            return list(game.deck_problems(game.load_deck(path)))
        except ContentError as e:
            return e.problems + [p for p in readable_part_problems(game, path) if p not in e.problems]
    return list(game.validate_content(path))


def readable_part_problems(game: Game, path: Path) -> list[str]:
    """When some lines of a deck file cannot be read, the game still checks the lines that can (written
    out as a clean deck file), so one pass names every problem: bad lines and unknown cards alike."""
    try:
        part = read_deck(path, strict=False)
    except ContentError:
        return []
    if not part.problems or not part.cards:
        return []
    lines = [f"Name: {part.name}"]
    for key, values in part.meta.items():
        for v in values if isinstance(values, list) else [values]:
            if isinstance(v, str | int) and not isinstance(v, bool):
                lines.append(f"{key.replace('_', ' ')}: {v}")
    lines += [f"{count} {name}" for name, count in part.cards]
    with tempfile.TemporaryDirectory() as tmp:
        clean_path = Path(tmp) / f"{path.stem[:40] or 'deck'}.txt"
        clean_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        try:
            found = list(game.deck_problems(game.load_deck(clean_path)))
        except ContentError as e:
            found = e.problems
        shown = shorten_path(path, 80)
        return [p.replace(str(clean_path), shown).replace(shorten_path(clean_path), shown) for p in found]


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


def names_known(game: Game, path: Path) -> int:
    """How many of ``game``'s card names (in any of its languages) a deck file names: which game a deck
    that fits none was meant for."""
    if path.is_dir():
        return 0
    try:
        text = read_bytes(path, MAX_FILE_BYTES).decode("utf-8", "replace").lower()
    except (KanseiError, OSError):
        return 0
    names = {str(c.get("name", "")).lower() for lang in game.languages for c in game.cards(lang)}
    return sum(1 for n in names if len(n) >= 4 and n in text)


def has_decks(game_id: str) -> bool:
    try:
        return bool(kansei.load(game_id).starter_decks())
    except KanseiError:
        return False


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
    shown = clean(shorten_path(path, 80))
    if not path.exists():
        fail(f"{shorten_path(path, 80)}: no such file or folder")
    if not path.is_dir():
        read_bytes(path, MAX_FILE_BYTES)  # a device, pipe or huge file is refused before any game reads it
    gid = game or guess_game(path)
    candidates = [gid] if gid else [g for g in kansei.games() if path.is_dir() or has_decks(g)]
    results: dict[str, tuple[list[str], list[str]]] = {}
    for cand in candidates:
        g = kansei.load(cand)
        results[cand] = split(with_suggestions(g, problems_for(g, path)))
    fits = [c for c, (errors, _) in results.items() if not errors]
    if fits:
        for c in fits:
            for w in error_lines(results[c][1]):
                warn(w)
        names = (
            game_class(fits[0]).name
            if len(fits) == 1
            else ", ".join(f"{game_class(c).name} ({c})" for c in fits)
        )
        warnings = sum(len(results[c][1]) for c in fits)
        extra = f" ({plural(warnings, 'warning')})" if warnings else ""
        out.print(f"[green]ok[/]: {shown} is valid {clean(names)} content{extra}", soft_wrap=True)
        return
    if len(results) == 1:
        fail(next(iter(results.values()))[0])
    shared = set.intersection(*(set(e) for e, _ in results.values()))  # the file's own, not a game's
    known = {c: names_known(kansei.load(c), path) for c in results}
    # closest: the game that knows most of the file's card names, then the one with fewest problems
    counts = sorted(results.items(), key=lambda kv: (-known[kv[0]], len(set(kv[1][0]) - shared)))
    closest, (errors, _) = counts[0]
    if all(set(e) == shared for e, _ in results.values()):
        fail(errors)
    summary = ", ".join(f"{c}: {plural(len(e), 'problem')}" for c, (e, _) in counts)
    err.print(
        f"{shown} fits no game ({clean(summary)}); the closest, {clean(closest)}, says:", soft_wrap=True
    )
    fail(errors)
