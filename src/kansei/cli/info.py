"""Commands that describe a game: games, rules, cards, decks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markdown import Markdown
from rich.table import Table

import kansei
from kansei.core.errors import ContentError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Game
from kansei.core.registry import broken, game_class

from .cards import card_table, face, find_cards, game_cards, suggestion
from .common import GameId, Lang, app, clean, err, fail, friendly, game_lang, out, plural
from .lang import WORDS, tr
from .lang import plural as plural_in


# ----------------------------------------------------------------------------------- games
@app.command()
@friendly
def games(
    lang: Annotated[
        str | None, typer.Option(help="display language of the titles (default: English)")
    ] = None,
) -> None:
    """List the games this engine runs (and plugins that failed to load)."""
    lng = lang if lang in WORDS.languages else "en"
    if lang is not None and lang != lng:
        raise OptionError(
            f"--lang: no language {shorten(lang, 20)!r} (languages: {', '.join(WORDS.languages)})"
        )
    t = Table(title=tr(lng, "games_title"))
    for col in ("column_id", "column_game", "column_players", "column_options"):
        t.add_column(tr(lng, col))
    for gid in kansei.games():
        cls = game_class(gid)
        opts = []
        for name, f in cls.Options.model_fields.items():
            choices = getattr(f.annotation, "__args__", None)
            if choices and all(isinstance(c, str) for c in choices):
                vals = [str(f.default)] + [c for c in choices if c != f.default]
                opts.append(f"{name}: {'|'.join(vals)}")
            else:
                opts.append(f"{name}={f.default}")
        players = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}–{cls.max_players}"
        )
        t.add_row(clean(gid), clean(cls.title(lng)), players, clean("\n".join(opts), 2000))
    out.print(t)
    for label, why in broken().items():
        err.print(f"[yellow]broken plugin[/] {clean(label, 80)}: {clean(why)}", soft_wrap=True)


# ----------------------------------------------------------------------------------- rules
RULE_ID = re.compile(r"\*\*([A-Z]{2}-[A-Z]+\d+)")


def _repo_root() -> Path:
    return Path(kansei.__file__).resolve().parents[2]


def _grep(root: Path, pattern: str, suffix: str = ".py") -> dict[str, list[str]]:
    """rule id -> ['path:line', ...] for every citation under ``root``."""
    found: dict[str, list[str]] = {}
    if not root.exists():
        return found
    rx = re.compile(pattern)
    for path in sorted(root.rglob(f"*{suffix}")):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for no, line in enumerate(lines, 1):
            for rid in rx.findall(line):
                found.setdefault(rid, []).append(f"{path.relative_to(root.parent)}:{no}")
    return found


def rules_coverage(game: Game) -> tuple[list[str], dict, dict, bool]:
    rules_path = game.rules_file()
    text = rules_path.read_text(encoding="utf-8") if rules_path is not None else ""
    ids = list(dict.fromkeys(RULE_ID.findall(text)))
    prefix = ids[0].split("-")[0] if ids else "XX"
    pat = rf"\b({prefix}-[A-Z]+\d+)\b"
    pkg = Path(kansei.__file__).resolve().parent
    code = _grep(pkg, pat)
    tests_dir = _repo_root() / "tests"
    tests = _grep(tests_dir, pat)
    return ids, code, tests, tests_dir.exists()


def _first(items: list[str]) -> str:
    return "\n".join(items[:3]) + (f"\n(+{len(items) - 3} more)" if len(items) > 3 else "")


def block_table(g: Game) -> Table | None:
    """The game's card-effect blocks (``game.block_registry()``): kind, name, parameters with their
    types and defaults, and what each does."""
    registry = g.block_registry()
    if registry is None or not registry.blocks:
        return None
    t = Table(title=f"{clean(g.name)}: card-effect blocks ({len(registry.blocks)})")
    t.add_column("kind")
    t.add_column(
        "block", no_wrap=True, min_width=max(len(n) for n in registry.blocks)
    )  # a name to copy whole
    t.add_column("parameters", overflow="fold")
    t.add_column("what it does")
    for kind in sorted({b.kind for b in registry.blocks.values()}):
        for name in registry.names(kind):
            b = registry.blocks[name]
            params = b.parameters()
            t.add_row(
                kind,
                name,
                clean("\n".join(params), 2000) or "—",
                clean(b.doc.splitlines()[0] if b.doc else ""),
            )
    return t


@app.command()
@friendly
def rules(
    game: GameId,
    coverage: Annotated[bool, typer.Option("--coverage", help="only the rule-id coverage table")] = False,
    blocks: Annotated[bool, typer.Option("--blocks", help="only the card-effect blocks")] = False,
) -> None:
    """The game's rules reference, its card-effect blocks with their parameters, and for each rule id the
    code that implements it and the tests citing it."""
    g = kansei.load(game)
    table = block_table(g)
    if blocks:
        if table is None:
            fail(f"{game}: the game declares no card-effect blocks")
        out.print(table)
        return
    path = g.rules_file()
    if path is None or not path.exists():
        fail(f"{game}: no rules reference shipped")
    if not coverage:
        out.print(Markdown(path.read_text(encoding="utf-8")))
        if table is not None:
            out.print(table)
    ids, code, tests, have_tests = rules_coverage(g)
    t = Table(title=f"{clean(g.name)}: rule ids, implementing code and citing tests")
    t.add_column("rule")
    t.add_column("code")
    t.add_column("tests")
    missing_code, missing_tests = [], []
    for rid in ids:
        c = code.get(rid, [])
        ts = tests.get(rid, [])
        if not c:
            missing_code.append(rid)
        if not ts:
            missing_tests.append(rid)
        t.add_row(
            rid,
            _first(c) or "[red]none",
            _first(ts) or ("[red]none" if have_tests else "[dim](tests not installed)"),
        )
    out.print(t)
    out.print(
        f"{plural(len(ids), 'rule id')}; without implementing code: {', '.join(missing_code) or 'none'}"
    )
    if have_tests:
        out.print(f"without a citing test: {', '.join(missing_tests) or 'none'}")


# ----------------------------------------------------------------------------------- cards
@app.command("cards")
@friendly
def cards_cmd(
    game: GameId,
    name: Annotated[str | None, typer.Argument(help="show the faces of the cards matching this")] = None,
    lang: Lang = None,
) -> None:
    """List a game's cards with their key numbers, or show the whole face of the cards matching NAME."""
    g = kansei.load(game)
    lng = game_lang(g, lang)
    every = game_cards(g, lng)
    if not every:
        fail(f"{g.id}: this game lists no cards")
    if name is None:
        out.print(card_table(every, plural_in(lng, "cards", len(every), game=g.title(lng)), lng))
        out.print(tr(lng, "cards_hint", game=g.id))
        return
    hits = find_cards(every, name)
    if not hits:
        fail(f"{g.id}: no card matches {shorten(name, 40)!r}{suggestion(every, name)}")
    for c in hits[:10]:
        out.print(face(c, lang=lng))
    if len(hits) > 10:
        out.print(tr(lng, "more_matching", n=len(hits) - 10, query=repr(clean(name, 40))))


# ----------------------------------------------------------------------------------- decks
def deck_lines(deck: dict[str, Any]) -> list[str]:
    """A deck as the lines of a deck file ('Car: AE-86', '3 Card Name'): copy them to start your own."""
    lines = [f"Name: {deck.get('name', '?')}"]
    for key, value in deck.items():
        if key not in ("name", "cards") and isinstance(value, str | int):
            lines.append(f"{key.replace('_', ' ').capitalize()}: {value}")
    cards = deck.get("cards") or {}
    lines += [f"{n} {card}" for card, n in cards.items()]
    return lines


@app.command("decks")
@friendly
def decks_cmd(
    game: GameId,
    name: Annotated[str | None, typer.Argument(help="print this starter deck as a deck file")] = None,
    lang: Lang = None,
) -> None:
    """List a game's starter decks (named in LANG), or print one as a deck file (a start for your own;
    NAME in any of the game's languages)."""
    g = kansei.load(game)
    lng = game_lang(g, lang)
    names = g.starter_decks()
    if not names:
        fail(f"{g.id}: this game has no decks")
    if name is not None:
        match = g.starter_named(name)
        if match is None:
            near = find_starter(names, name)
            raise OptionError(
                f"{g.id}: no starter deck {shorten(name, 40)!r}{near} (starter decks: {', '.join(names)})"
            )
        for line in deck_lines(g.starter_deck(match)):
            out.print(clean(line, 200))
        return
    out.print(tr(lng, "decks_title", game=clean(g.title(lng))))
    words = g.deck_words(lng)
    t = Table()
    t.add_column(tr(lng, "column_deck"))
    t.add_column(tr(lng, "column_cards"), justify="right")
    t.add_column("")
    for n in names:
        shown = words[n].name if n in words else n
        try:
            deck = g.starter_deck(n)
        except ContentError:
            t.add_row(clean(shown), "?", "")
            continue
        if n in words and words[n].text and isinstance(deck.get("text"), str):
            deck = {**deck, "text": words[n].text}  # the deck's own keys as a deck file has them
        count = sum(v for v in (deck.get("cards") or {}).values() if isinstance(v, int))
        extra = ", ".join(
            f"{k} {v}" for k, v in deck.items() if k not in ("name", "cards") and isinstance(v, str | int)
        )
        t.add_row(clean(shown), str(count), clean(extra, 60))
    out.print(t)
    out.print(tr(lng, "decks_hint", game=g.id))


def find_starter(names: list[str], text: str) -> str:
    import difflib

    near = difflib.get_close_matches(text, names, n=1, cutoff=0.5)
    return f" — did you mean {near[0]!r}?" if near else ""
