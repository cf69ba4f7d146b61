"""The players' names at a table, as every text hook receives them.

Clients (terminal, browser, replays, lab reports) name the people at the table; a game's text module never
says "seat 0". It receives a :class:`Names` and writes ``names(seat)`` ("Alice", or "Player 2" where no
name was given: people count from 1, in the language of the text), and ``names.addressed(seat, viewer)``
to decide whether to say "you" (the viewer's own seat, unless the client asked for third person
everywhere, as a hot seat or a replay does).

Names come from people over the network: they are cleaned here once (control characters dropped,
whitespace collapsed, cut to :data:`MAX_NAME` characters). They are plain text: a text module that builds
rich markup escapes them (``rich.markup.escape``) like any other user text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

MAX_NAME = 24  # characters a name keeps

# "Player 2" in the languages kansei's games have; a game with another language adds its own pattern
# through ``Game.player_label``.
PLAYER_LABEL: dict[str, str] = {"en": "Player {n}", "fr": "Joueur {n}", "ja": "プレイヤー{n}"}


def clean_name(text: object) -> str:
    """A person's name fit to print: printable characters only, single spaces, at most MAX_NAME long
    ('' for anything that is not text or holds nothing printable)."""
    if not isinstance(text, str):
        return ""
    kept = "".join(ch if unicodedata.category(ch)[0] not in "CZ" or ch == " " else " " for ch in text)
    name = " ".join(kept.split())
    return name[:MAX_NAME].rstrip()


class Names:
    """Seat -> name for one table, in one language.

    ``names``: a sequence by seat or a mapping seat -> name (missing or empty entries get the default);
    ``second_person``: whether the viewer's own seat is "you" in narration (False: always by name).
    """

    __slots__ = ("_names", "lang", "second_person", "_label")

    def __init__(
        self,
        names: Sequence[str | None] | Mapping[int, str | None] | None = None,
        *,
        lang: str = "en",
        second_person: bool = True,
        label: str | None = None,
    ):
        given: dict[int, str] = {}
        if isinstance(names, Mapping):
            items = list(names.items())
        elif names is not None and not isinstance(names, str):
            items = list(enumerate(names))
        else:
            items = []
        for seat, name in items:
            if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
                cleaned = clean_name(name)
                if cleaned:
                    given[seat] = cleaned
        self._names = given
        self.lang = lang
        self.second_person = second_person
        self._label = label or PLAYER_LABEL.get(lang, PLAYER_LABEL["en"])

    @classmethod
    def of(
        cls,
        names: Names | Sequence[str | None] | Mapping[int, str | None] | None,
        lang: str = "en",
        label: str | None = None,
    ) -> Names:
        """``names`` as a Names in ``lang`` (a Names in another language keeps its names and person)."""
        if isinstance(names, Names):
            if names.lang == lang and (label is None or label == names._label):
                return names
            return cls(names._names, lang=lang, second_person=names.second_person, label=label)
        return cls(names, lang=lang, label=label)

    def __call__(self, seat: int | None) -> str:
        """The name of ``seat`` ("Player 2" for seat 1 where none was given)."""
        if seat is None:
            return "?"
        return self._names.get(seat) or self._label.format(n=seat + 1)

    def given(self, seat: int) -> bool:
        """Whether a name was given for ``seat`` (else it is the default label)."""
        return seat in self._names

    def addressed(self, seat: int | None, viewer: int | None) -> bool:
        """Whether a line told to ``viewer`` should call ``seat`` "you"."""
        return self.second_person and seat is not None and seat == viewer

    def as_list(self, players: int) -> list[str]:
        return [self(seat) for seat in range(players)]

    def __repr__(self) -> str:
        return f"Names({self._names!r}, lang={self.lang!r})"


__all__ = ["MAX_NAME", "PLAYER_LABEL", "Names", "clean_name"]
