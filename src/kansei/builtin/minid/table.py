"""Content flattened for the engine: Event cards as :class:`CardDef` (ids, interned actions, compiled effect,
names per language) and tracks as :class:`Track` (per-case tables). One :class:`Table` per content folder,
cached by the folder and a digest of its files, so ``content=`` and the shipped content never mix.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from kansei.core.effects import Compiled
from kansei.core.errors import ContentError, OptionError
from kansei.core.options import shorten
from kansei.core.protocol import Action

from .cards import (
    EVENTS_FILE,
    TRACKS_FILE,
    Content,
    EventCard,
    TrackRecord,
    ascii_slug,
    load_content,
    load_tracks,
    readable_file,
    track_record,
)
from .terms import BIG, BOLT


class CardDef:
    """An Event card as the engine uses it: its id (an index), slug, names and texts per language, its
    compiled effect block, and its two interned actions."""

    __slots__ = (
        "id",
        "slug",
        "name",
        "text",
        "bolt",
        "effect",
        "window",
        "waits",
        "count",
        "house",
        "play",
        "discard",
        "rec",
    )

    id: int
    slug: str
    name: dict[str, str]
    text: dict[str, str]
    bolt: bool
    effect: Compiled
    window: str | None  # a kept card's moment
    waits: str | None  # a ⚡ card waiting face up: the roll it modifies
    count: int
    house: bool
    play: Action
    discard: Action
    rec: EventCard

    def __init__(self, cid: int, rec: EventCard, effect: Compiled):
        self.id = cid
        self.rec = rec
        self.slug = ascii_slug(rec.name)
        # a card in French alone reads in French in every language (cards.untranslated)
        self.name = {"fr": rec.name, "en": rec.en or rec.name, "ja": rec.ja or rec.en or rec.name}
        self.text = {"fr": rec.text, "en": rec.text_en or rec.text}
        self.text["ja"] = rec.text_ja or self.text["en"]
        self.bolt = rec.bolt
        self.effect = effect
        self.window = None if rec.bolt else effect.impl.window
        self.waits = effect.impl.waits if rec.bolt else None
        self.count = rec.count
        self.house = rec.house
        self.play = Action(f"play {self.slug}", "play", (cid,))
        self.discard = Action(f"discard {self.slug}", "discard", (cid,))

    @property
    def kind(self) -> str:
        return BOLT if self.bolt else "kept"


class Track:
    """A track in the direction of the race (MD-B1; reversed for MD-O3), as flat per-case tables."""

    __slots__ = (
        "name",
        "names",
        "track_id",
        "text",
        "uphill",
        "length",
        "sections",
        "section_at",
        "next_corner",
        "is_event",
        "straight_end",
        "difficulty",
        "section_end",
        "section_names",
        "corner_starts",
        "events",
    )

    name: str  # its identity, and its name in English and French
    names: dict[str, str]  # per language
    track_id: str
    text: dict[str, str]
    uphill: bool
    length: int
    sections: list[tuple[str, int, int, int]]  # (kind, first case, last case, difficulty or 0)
    section_at: list[int]  # per case: the index of its section (-1: the parking and the finish)
    next_corner: list[int]  # per case c: the first case of the first corner after c (BIG if none)
    is_event: list[bool]
    straight_end: list[int]  # per case on a straight: the straight's last case (-1 elsewhere)
    difficulty: list[int]  # per section: a corner's d20 target (0 for a straight)
    section_end: list[int]
    section_names: dict[str, list[str]]  # per language, per section
    corner_starts: list[int]
    events: list[int]

    def __init__(self, rec: TrackRecord, uphill: bool):
        self.name = rec.name
        self.names = {"en": rec.name, "fr": rec.name, "ja": rec.ja or rec.name}
        self.track_id = ascii_slug(rec.name)
        self.text = {"fr": rec.text, "en": rec.text_en or rec.text}
        self.text["ja"] = rec.text_ja or self.text["en"]
        self.uphill = uphill
        length = self.length = rec.length
        secs = list(rec.sections)
        events = sorted(rec.events)
        spans = [(s.start, s.end) for s in secs]
        if uphill:  # MD-O3: the same road from the bottom, case c becomes length + 1 - c
            secs.reverse()
            spans = [(length + 1 - e, length + 1 - b) for b, e in reversed(spans)]
            events = sorted(length + 1 - c for c in events)
        self.sections = [(s.kind, b, e, s.difficulty or 0) for s, (b, e) in zip(secs, spans, strict=True)]
        self.events = events
        self.difficulty = [d if k == "corner" else 0 for k, _, _, d in self.sections]
        self.section_end = [e for _, _, e, _ in self.sections]
        self.section_names = {"en": [], "fr": [], "ja": []}
        for i, s in enumerate(secs, 1):
            fallback = {
                "en": f"corner {i}" if s.kind == "corner" else f"straight {i}",
                "fr": f"virage {i}" if s.kind == "corner" else f"ligne droite {i}",
                "ja": f"コーナー{i}" if s.kind == "corner" else f"ストレート{i}",
            }
            self.section_names["fr"].append(s.name or fallback["fr"])
            self.section_names["en"].append(s.en or s.name or fallback["en"])
            self.section_names["ja"].append(s.ja or s.en or s.name or fallback["ja"])
        self.section_at = [-1] * (length + 2)
        self.straight_end = [-1] * (length + 2)
        self.is_event = [False] * (length + 2)
        first = set()
        for i, (kind, b, e, _) in enumerate(self.sections):
            for c in range(b, e + 1):
                self.section_at[c] = i
                if kind == "straight":
                    self.straight_end[c] = e
            if kind == "corner":
                first.add(b)
        self.corner_starts = sorted(first)
        self.next_corner = [BIG] * (length + 2)
        nxt = BIG
        for c in range(length + 1, -1, -1):
            self.next_corner[c] = nxt
            if c in first:
                nxt = c
        for c in events:
            self.is_event[c] = True

    def corner_of(self, case: int) -> int:
        """The section index of the corner at ``case``, or -1 if it is not in a corner."""
        sec = self.section_at[case]
        return sec if sec >= 0 and self.difficulty[sec] else -1

    def section_view(self) -> list[dict]:
        return [
            {
                "kind": k,
                "start": b,
                "end": e,
                "names": {lang: names[i] for lang, names in self.section_names.items()},
                **({"difficulty": d} if k == "corner" else {}),
            }
            for i, (k, b, e, d) in enumerate(self.sections)
        ]


class Table:
    """Everything one content folder gives the engine: cards, the unshuffled Event deck, tracks."""

    def __init__(self, content: Content):
        self.content = content
        self.cards = tuple(
            CardDef(i, rec, eff)
            for i, (rec, eff) in enumerate(zip(content.cards, content.effects, strict=True))
        )
        self.deck = tuple(c.id for c in self.cards for _ in range(c.count))
        self.by_name: dict[str, int] = {}
        for c in self.cards:
            for key in (c.name["fr"].lower(), c.name["en"].lower(), c.slug, ascii_slug(c.name["en"])):
                self.by_name.setdefault(key, c.id)
        for c in self.cards:  # after every English and French name: a Japanese one never shadows them
            self.by_name.setdefault(c.name["ja"].lower(), c.id)
        self.by_slug = {c.slug: c.id for c in self.cards}
        self.english_slugs = {ascii_slug(c.name["en"]): c.slug for c in self.cards}
        self._tracks: dict[tuple[str, bool], Track] = {}

    def find_card(self, name: object) -> int | None:
        """A card by its name in any language or its id (slug); None if there is none."""
        text = str(name)[:100]
        cid = self.by_name.get(text.lower())
        return cid if cid is not None else self.by_name.get(ascii_slug(text))

    def track(self, name: str, uphill: bool) -> Track | None:
        rec = self.content.find_track(name)
        if rec is None:
            return None
        key = (ascii_slug(rec.name), uphill)
        if key not in self._tracks:
            self._tracks[key] = Track(rec, uphill)
        return self._tracks[key]

    def track_ids(self) -> list[str]:
        return [ascii_slug(t.name) for t in self.content.tracks]

    def track_names(self, lang: str = "en") -> dict[str, str]:
        """Each track's id -> its name in ``lang`` ("akina" -> "Akina", "秋名" in Japanese)."""
        return {ascii_slug(t.name): (t.ja if lang == "ja" else "") or t.name for t in self.content.tracks}


def folder_digest(folder: Path) -> str:
    """A hash of a content folder's two files (a change of content is a new table)."""
    h = hashlib.sha256()
    for name in (TRACKS_FILE, EVENTS_FILE):
        path = folder / name
        h.update(name.encode() + b"\0")
        if not readable_file(path):
            h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def _stamp(folder: Path) -> tuple[tuple[int, int], ...]:
    """The files' sizes and modification times: read again only when one of them changed."""
    out = []
    for name in (TRACKS_FILE, EVENTS_FILE):
        try:
            st = (folder / name).stat()
            out.append((st.st_size, st.st_mtime_ns))
        except OSError:
            out.append((-1, -1))
    return tuple(out)


@lru_cache(maxsize=8)
def _digest(folder: str, stamp: tuple[tuple[int, int], ...]) -> str:
    return folder_digest(Path(folder))


@lru_cache(maxsize=8)
def _table(folder: str, digest: str) -> Table:
    return Table(load_content(Path(folder), prefix=folder))


def load_table(folder: Path) -> Table:
    """The table of a content folder (ContentError, one line per problem), cached per folder and digest."""
    try:
        digest = _digest(str(folder), _stamp(folder))
    except OSError as e:
        raise ContentError([f"{shorten(str(folder))}: cannot be read ({e.strerror or 'error'})"]) from None
    return _table(str(folder), digest)


def resolve_track(table: Table, name: str | Mapping[str, Any], uphill: bool) -> Track:
    """A track of the content by name, a track as data (one ``[[track]]`` table as a dict, validated like
    the content's), or a track file (one ``[[track]]``); one clear line if none of them."""
    if isinstance(name, Mapping):
        return Track(track_record(name, "minid"), uphill)
    t = table.track(name, uphill)
    if t is not None:
        return t
    path = Path(name)
    if path.suffix.lower() == ".toml":
        problems = readable_file(path)
        recs: list[TrackRecord] = []
        if not problems:
            recs = load_tracks(path, problems)
        if not problems and len(recs) != 1:
            problems.append(f"{path}: a track file for play holds exactly one [[track]], has {len(recs)}")
        if problems:
            raise ContentError(problems)
        return Track(recs[0], uphill)
    valid = ", ".join(table.track_ids())
    raise OptionError(
        f"minid: unknown track {shorten(name, 40)!r} (valid: {valid}, or the path of a track .toml file)"
    )


__all__ = ["BIG", "CardDef", "Table", "Track", "load_table", "resolve_track"]
