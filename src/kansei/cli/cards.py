"""Reading cards: find a card by name or slug (forgiving), show its whole face.

Used by ``kansei cards GAME [NAME]`` and by the ``card NAME`` command during play. Cards come from
``game.cards(lang)`` — every card face of the game, public knowledge — so looking one up tells nobody
anything hidden.
"""

from __future__ import annotations

import difflib
import unicodedata
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kansei.core.options import shorten
from kansei.core.protocol import Game

from .common import clean
from .lang import tr


def _fold(text: str) -> str:
    """'Épingle 1' -> 'epingle 1', 'akina-final-hairpin' -> 'akina final hairpin'."""
    s = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode() or text
    return " ".join(s.replace("-", " ").replace("_", " ").lower().split())


def game_cards(game: Game, lang: str) -> list[dict[str, Any]]:
    """The game's cards in ``lang``, each with ``aka``: its names in the game's other languages (so
    "card Rose Juggernaut" finds the card while playing in Japanese)."""
    cards = game.cards(lang)
    other: dict[str, list[str]] = {}
    for other_lang in game.languages:
        if other_lang != lang:
            for c in game.cards(other_lang):
                other.setdefault(str(c.get("slug", "")), []).append(str(c.get("name", "")))
    return [{**c, "aka": other.get(str(c.get("slug", "")), [])} for c in cards]


def find_cards(cards: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """Cards matching ``query``, best first: exact name (in any language) or slug, then names starting
    with it, then names containing every word of it, then close spellings."""
    q = _fold(shorten(query, 120))
    if not q:
        return []
    forms = {
        id(c): [_fold(str(n)) for n in (c.get("name", ""), *c.get("aka", []), c.get("slug", ""))]
        for c in cards
    }
    exact = [c for c in cards if q in forms[id(c)]]
    if exact:
        return exact
    prefix = [c for c in cards if any(f.startswith(q) for f in forms[id(c)])]
    if prefix:
        return prefix
    words = q.split()
    inside = [c for c in cards if any(all(w in f for w in words) for f in forms[id(c)])]
    if inside:
        return inside
    every = [f for c in cards for f in forms[id(c)]]
    close = set(difflib.get_close_matches(q, every, n=5, cutoff=0.6))
    return [c for c in cards if close & set(forms[id(c)])]


def suggestion(cards: list[dict[str, Any]], query: str, lang: str = "en") -> str:
    """' — did you mean "Supercharger"?' or '' (in ``lang``)."""
    names = [str(c.get("name", "")) for c in cards]
    near = difflib.get_close_matches(shorten(query, 120), names, n=1, cutoff=0.5)
    return tr(lang, "did_you_mean", name=near[0]) if near else ""


def stats_text(card: dict[str, Any]) -> str:
    """'gear 2 · POW 3000 · DEF 2000': a card's key numbers on one line."""
    stats = card.get("stats") or {}
    return " · ".join(f"{k} {v}" for k, v in stats.items())


def face(card: dict[str, Any], width: int = 80, lang: str = "en") -> RenderableType:
    """A card's whole face: name, kind, stats, text, tags (the card's words are ``game.cards(lang)``'s;
    ``lang`` is for the terminal's own)."""
    title = clean(card.get("name", "?"), 80)
    kind = clean(card.get("kind", ""), 40)
    colour = card.get("colour")
    parts: list[RenderableType] = []
    head = Text.from_markup(f"[bold]{title}[/]  [dim]{kind}{' · ' + clean(colour, 20) if colour else ''}[/]")
    parts.append(head)
    stats = card.get("stats") or {}
    if stats:
        pairs = [
            Text.from_markup(f"[dim]{clean(k, 20)}[/] [bold]{clean(v, 20)}[/]") for k, v in stats.items()
        ]
        parts.append(Columns(pairs, padding=(0, 3)))  # flows onto the next line, never splits a pair
    text = card.get("text")
    if text:
        parts.append(Text(str(text)))
    tags = card.get("tags") or []
    if tags:
        parts.append(Text.from_markup(f"[dim]{clean(', '.join(str(t) for t in tags), 200)}[/]"))
    if card.get("house"):
        parts.append(Text.from_markup(f"[dim]{tr(lang, 'house')}[/]"))
    return Panel(Group(*parts), width=min(width, 80), expand=False)


def card_table(cards: list[dict[str, Any]], title: str, lang: str = "en") -> Table:
    """Every card on one line: name, kind, key numbers (the text is one `kansei cards GAME NAME` away)."""
    t = Table(title=clean(title, 80), title_justify="left", expand=False, pad_edge=False)
    t.add_column(tr(lang, "column_name"), overflow="fold")
    t.add_column(tr(lang, "column_kind"), overflow="fold")
    t.add_column(tr(lang, "column_numbers"), overflow="fold")
    for c in cards:
        t.add_row(clean(c.get("name", "?"), 60), clean(c.get("kind", ""), 20), clean(stats_text(c), 60))
    return t
