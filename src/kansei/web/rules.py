"""Each game's rules in the browser: its ``RULES.md`` (``Game.rules_file()``) as HTML, every rule id an
anchor (``#tg-s1``) that the table's rule links and the lobby's option help point at, every rule id the
text cites a link to it. Raw HTML in the file is shown as text (a plugin's file is not trusted markup)."""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt

from kansei.core.protocol import Game

RULE_ID = re.compile(r"\b([A-Z]{1,4}-[A-Z]{1,3}\d+[a-z]?)\b")
DEFINED = re.compile(r"<li><strong>([A-Z]{1,4}-[A-Z]{1,3}\d+[a-z]?)\b")
HEADING = re.compile(r"<h([23])>(.*?)</h\1>")


def anchor(rule_id: str) -> str:
    return rule_id.lower()


@lru_cache(maxsize=32)
def _render(text: str) -> tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]]:
    html = MarkdownIt("commonmark", {"html": False}).render(text)
    defined = set(DEFINED.findall(html))
    html = DEFINED.sub(lambda m: f'<li id="{anchor(m[1])}" class="rule"><strong>', html)
    sections: list[tuple[str, str]] = []

    def heading(m: re.Match[str]) -> str:
        slug = "s-" + re.sub(r"[^a-z0-9]+", "-", re.sub(r"<[^>]+>", "", m[2]).lower()).strip("-")
        if m[1] == "2":
            sections.append((slug, re.sub(r"<[^>]+>", "", m[2])))
        return f'<h{m[1]} id="{slug}">{m[2]}</h{m[1]}>'

    html = HEADING.sub(heading, html)
    # rule ids in the text, outside tags and code: links to their anchors (the defining one included)
    parts = re.split(r"(<[^>]+>|<code>.*?</code>)", html)
    for i, part in enumerate(parts):
        if part.startswith("<"):
            continue
        parts[i] = RULE_ID.sub(
            lambda m: f'<a class="rule-ref" href="#{anchor(m[1])}">{m[1]}</a>' if m[1] in defined else m[1],
            part,
        )
    return "".join(parts), tuple(sections), tuple(sorted(defined))


def rules_html(game: Game) -> tuple[str, list[tuple[str, str]], list[str]] | None:
    """(the rules as HTML, its sections as (anchor, title), the rule ids it defines); None without a file."""
    path = game.rules_file()
    if path is None:
        return None
    html, sections, ids = _render(path.read_text(encoding="utf-8"))
    return html, list(sections), list(ids)
