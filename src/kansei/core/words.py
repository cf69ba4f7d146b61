"""A game's words in its languages: one catalog a language, looked up by key.

A game's text module writes ``WORDS.tr(lang, "turn", round=3)`` instead of an English sentence, and keeps
its sentences as data, one dict per language::

    EN = {"turn": "Round {round}", "draws": ("You draw {n}", "{Who} draws {n}"), ...}
    FR = {"turn": "Tour {round}", "draws": ("Vous piochez {n}", "{Who} pioche {n}"), ...}
    WORDS = Words({"en": EN, "fr": FR})

An entry is a string, or a pair ``(you, other)`` for a sentence whose subject may be the reader ("You
draw" / "Alice draws"; ``Names.addressed(seat, viewer)`` chooses). Placeholders are ``str.format`` fields.
The first catalog (English) is the reference: :meth:`Words.problems` lists every key another language
lacks or has too many, every pair that is a string there, and every placeholder that differs, so a test
(and the conformance kit, through ``Game.words``) holds each language complete; a key missing at run time
reads in English rather than failing a player's page.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

Entry = str | tuple[str, str]


def _fields(text: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


class Words:
    """Catalogs by language, the first the reference (and the fallback for a missing key)."""

    __slots__ = ("catalogs", "reference")

    def __init__(self, catalogs: Mapping[str, Mapping[str, Entry]]):
        if not catalogs:
            raise ValueError("Words needs at least one catalog")
        self.catalogs: dict[str, Mapping[str, Entry]] = dict(catalogs)
        self.reference: Mapping[str, Entry] = next(iter(self.catalogs.values()))

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.catalogs)

    def catalog(self, lang: str) -> Mapping[str, Entry]:
        """``lang``'s catalog (the reference's for a language it has none of)."""
        return self.catalogs.get(lang, self.reference)

    def has(self, lang: str, key: str) -> bool:
        return key in self.catalog(lang)

    def entry(self, lang: str, key: str) -> Entry:
        found = self.catalog(lang).get(key)
        return found if found is not None else self.reference[key]

    def tr(self, lang: str, key: str, /, **fields: Any) -> str:
        """The text ``key`` in ``lang`` (a pair's third-person form), formatted with ``fields``."""
        entry = self.entry(lang, key)
        text = entry if isinstance(entry, str) else entry[1]
        return text.format(**fields) if fields else text

    def say(self, lang: str, key: str, you: bool, /, **fields: Any) -> str:
        """A sentence whose subject is the reader (``you``) or someone else (``{Who}`` in ``fields``)."""
        entry = self.entry(lang, key)
        text = entry if isinstance(entry, str) else entry[0 if you else 1]
        return text.format(**fields)

    def plural(self, lang: str, key: str, n: int, /, **fields: Any) -> str:
        """``key_1`` for one, ``key_n`` otherwise ("1 card" / "3 cards"), with ``n`` among the fields."""
        return self.tr(lang, f"{key}_1" if n == 1 else f"{key}_n", n=n, **fields)

    def problems(self) -> list[str]:
        """Every way a catalog differs from the reference's keys, forms and placeholders, one line each."""
        out: list[str] = []
        ref = self.reference
        for lang, catalog in self.catalogs.items():
            if catalog is ref:
                continue
            missing = sorted(set(ref) - set(catalog))
            extra = sorted(set(catalog) - set(ref))
            if missing:
                out.append(f"{lang} lacks {len(missing)} key(s): {', '.join(missing[:12])}")
            if extra:
                out.append(f"{lang} has {len(extra)} key(s) English lacks: {', '.join(extra[:12])}")
            for key in sorted(set(ref) & set(catalog)):
                mine, theirs = catalog[key], ref[key]
                if isinstance(mine, str) != isinstance(theirs, str):
                    out.append(
                        f"{lang} {key!r}: a {'pair' if isinstance(theirs, tuple) else 'string'} in English"
                    )
                    continue
                pairs = zip(
                    (mine,) if isinstance(mine, str) else mine,
                    (theirs,) if isinstance(theirs, str) else theirs,
                    strict=True,
                )
                for form, (text, reference) in enumerate(pairs):
                    if _fields(text) != _fields(reference):
                        which = "" if isinstance(mine, str) else (" (you)", " (other)")[form]
                        out.append(
                            f"{lang} {key!r}{which}: fields {sorted(_fields(text))} where English has "
                            f"{sorted(_fields(reference))}"
                        )
        return out


# The core's own sentences: the refusals every game shares (``State.apply``, ``Game.parse``), in the
# languages kansei's games have; a game in another language reads them in English.
CORE = Words(
    {
        "en": {
            "game_over": "the game is over",
            "no_seat": "there is no seat {seat}",
            "not_your_turn": "player {seat}: it is not your turn (player {mover} is to move)",
            "not_legal": "{text} is not a legal action now",
            "not_legal_yours": "{text} is not a legal action now (yours: {yours})",
            "not_text": "an action is a notation text, not {kind}",
            "not_action": "an action is a notation text or an Action, not {kind}",
        },
        "fr": {
            "game_over": "la partie est finie",
            "no_seat": "il n'y a pas de place {seat}",
            "not_your_turn": "joueur {seat} : ce n'est pas votre tour (c'est au joueur {mover})",
            "not_legal": "{text} n'est pas une action possible maintenant",
            "not_legal_yours": "{text} n'est pas une action possible maintenant (les vôtres : {yours})",
            "not_text": "une action est un texte de notation, pas {kind}",
            "not_action": "une action est un texte de notation ou une Action, pas {kind}",
        },
        "ja": {
            "game_over": "ゲームは終了しています",
            "no_seat": "席{seat}はありません",
            "not_your_turn": "プレイヤー{seat}：あなたの手番ではありません（手番はプレイヤー{mover}）",
            "not_legal": "{text}は今できる行動ではありません",
            "not_legal_yours": "{text}は今できる行動ではありません（できる行動：{yours}）",
            "not_text": "行動は記法のテキストです（{kind}ではありません）",
            "not_action": "行動は記法のテキストかActionです（{kind}ではありません）",
        },
    }
)


# -- numbers as a language writes them (the terminal's tables and the levels' descriptions) ---------------
def group_digits(n: float, lang: str, decimals: int = 0) -> str:
    """``n`` as the language writes numbers: 1,000.5 in English and Japanese, 1 000,5 in French (a narrow
    no-break space between groups, a decimal comma)."""
    grouped = f"{n:,.{decimals}f}"
    if lang != "fr":
        return grouped
    return grouped.replace(",", "\u202f").replace(".", ",")


def percent(chance: float, lang: str) -> str:
    """A chance (0–1) as a whole percentage: 44% (French: 44 %, a narrow no-break space before the sign)."""
    return f"{round(100 * chance)}\u202f%" if lang == "fr" else f"{round(100 * chance)}%"


__all__ = ["CORE", "Entry", "Words", "group_digits", "percent"]
