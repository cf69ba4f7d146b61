"""Mini D content: tracks (MD-B1, MD-O3) and Event cards (MD-E1), validated at load, in three languages.

The source is French, so a name or text is written in French (``name``, ``text``) with the English and the
Japanese beside it (``en``, ``text_en``, ``ja``, ``text_ja``); a card's id (its slug, used in action
notations and events) comes from its French name and never changes with the display language. A record is
in French alone (its French words read in every language) or translated into every language the game has:
one translation missing is one problem line naming the fields.

A track is a ``[[track]]`` table with its length, its Event cases and its sections, each a straight or a
corner with a d20 difficulty, covering cases ``1..length`` without a gap or an overlap; the finish line is
just past case ``length``. Event cards are ``[[card]]`` tables: a ⚡ card (``bolt = true``) acts when drawn,
a kept card waits in hand for its moment. Each card's effect is one block of :mod:`.blocks`, e.g.
``effect = { block = "advance", cases = 3 }``.

Problems come one line each, naming the file, the track or card and the field:
``content/tracks.toml: track "Akina": section 3 (corner) starts at case 12, expected 11 (sections must be
contiguous)``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import Field, ValidationError, model_validator

from kansei.core.content import Record, check_unique, format_validation, load_records, read_toml, slug
from kansei.core.effects import Compiled
from kansei.core.errors import ContentError
from kansei.core.options import shorten

from .blocks import REGISTRY
from .terms import BOLT, KEPT

CONTENT = Path(__file__).parent / "content"
TRACKS_FILE = "tracks.toml"
EVENTS_FILE = "events.toml"
LANGUAGES = ("en", "fr", "ja")  # English first (the default); French is the source's language
TRANSLATIONS = {"en": "English", "ja": "Japanese"}  # the languages beside a record's French
MAX_FILE_BYTES = 1 << 20
M = TypeVar("M", bound=Record)  # a content or track file larger than 1 MB is refused unread


def ascii_slug(name: str) -> str:
    """A stable ascii id: accents dropped first, 'Contrôle de police' -> 'controle-de-police'."""
    plain = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    return slug(plain)


def readable_file(path: Path, display: str | None = None) -> list[str]:
    """Why ``path`` cannot be read as a content file (empty: it can): a regular file of at most 1 MB."""
    display = shorten(display or str(path), 300)
    try:
        if not path.exists():
            return [f"{display}: no such file"]
        if not path.is_file():
            return [f"{display}: not a regular file"]
        if path.stat().st_size > MAX_FILE_BYTES:
            return [f"{display}: larger than {MAX_FILE_BYTES // 1024} KB"]
    except OSError as e:
        return [f"{display}: cannot be read ({e.strerror or 'error'})"]
    return []


def untranslated(what: str, fields: list[tuple[str, str, str]]) -> str | None:
    """Why a record's translations are incomplete (None: they are not): ``fields`` are ``(language, field,
    value)`` for every word it must give in each language beside its French. None given is French alone;
    some given, every one must be."""
    if not any(value for _, _, value in fields):
        return None
    gaps = [(lang, name) for lang, name, value in fields if not value]
    if not gaps:
        return None
    langs = " or ".join(TRANSLATIONS[lang] for lang in TRANSLATIONS if any(g[0] == lang for g in gaps))
    return (
        f"translated, but no {langs} ({', '.join(name for _, name in gaps)}): a {what} is in French alone "
        f"or in every language of the game ({', '.join(LANGUAGES)})"
    )


# -- tracks -----------------------------------------------------------------------------------------


class Section(Record):
    """A straight or a corner covering cases ``start..end`` (inclusive) in the downhill direction."""

    kind: Literal["straight", "corner"]
    start: int = Field(ge=1)
    end: int = Field(ge=1)
    difficulty: int | None = None  # MD-C1: the d20 target printed beside a corner
    name: str = ""  # French
    en: str = ""  # English (defaults to the French name)
    ja: str = ""  # Japanese (defaults to the English name)


class TrackRecord(Record):
    """MD-B1: a pass as data. ``events`` are case numbers (downhill numbering). Its name is its identity
    (and its English and French name); ``ja`` is its name in Japanese."""

    name: str
    ja: str = ""
    text: str = ""  # French
    text_en: str = ""
    text_ja: str = ""
    length: int = Field(ge=2, le=400)
    events: list[int] = Field(default_factory=list, max_length=400)
    sections: list[Section] = Field(min_length=1, max_length=400)
    house: bool = True

    @model_validator(mode="after")
    def _every_language(self) -> TrackRecord:
        fields = [("ja", "ja", self.ja)]
        if self.text:
            fields += [("en", "text_en", self.text_en), ("ja", "text_ja", self.text_ja)]
        for i, s in enumerate(self.sections, 1):
            if s.name:
                fields += [("en", f"section {i} en", s.en), ("ja", f"section {i} ja", s.ja)]
        problem = untranslated("track", fields)
        if problem:
            raise ValueError(problem)
        return self


def track_problems(t: TrackRecord, prefix: str) -> list[str]:
    """Structure of a track, one line per problem: corner difficulties 1–20, contiguous sections that
    reach the finish, Event cases on the road."""
    out = []
    where = f'{prefix}: track "{t.name}"'
    expect = 1
    for i, s in enumerate(t.sections, 1):
        label = f"section {i} ({s.kind}{' ' + repr(s.name) if s.name else ''})"
        if s.end < s.start:
            out.append(f"{where}: {label} ends at case {s.end}, before its start {s.start}")
        if s.start != expect:
            what = "a gap" if s.start > expect else "an overlap"
            out.append(
                f"{where}: {label} starts at case {s.start}, expected {expect} "
                f"(sections must be contiguous; this leaves {what})"
            )
        if s.kind == "corner":
            if s.difficulty is None:
                out.append(f"{where}: {label}: a corner needs a difficulty (1–20)")
            elif not 1 <= s.difficulty <= 20:
                out.append(f"{where}: {label}: difficulty must be 1–20 (a d20 target), is {s.difficulty}")
        elif s.difficulty is not None:
            out.append(f"{where}: {label}: a straight has no difficulty")
        expect = max(expect, s.end + 1)
    if expect - 1 < t.length:
        out.append(
            f"{where}: the finish is not reachable: sections stop at case {expect - 1}, "
            f"the track has {t.length} cases"
        )
    elif expect - 1 > t.length:
        out.append(f"{where}: sections run to case {expect - 1}, past the finish (length {t.length})")
    seen = set()
    for e in t.events:
        if not 1 <= e <= t.length:
            out.append(f"{where}: Event case {e} is off the road (cases 1–{t.length})")
        if e in seen:
            out.append(f"{where}: Event case {e} is listed twice")
        seen.add(e)
    return out


# -- Event cards ----------------------------------------------------------------------------------------


class EventCard(Record):
    """MD-E1: an Event card, ``count`` copies in the Event deck. ``effect`` is one block of :mod:`.blocks`:
    a ``bolt`` block for a ⚡ card, a ``kept`` block for the others."""

    name: str = Field(min_length=1, max_length=80)  # French: the card's identity
    en: str = Field("", max_length=80)
    text: str = Field(min_length=1, max_length=400)  # French
    text_en: str = Field("", max_length=400)
    ja: str = Field("", max_length=80)
    text_ja: str = Field("", max_length=400)
    bolt: bool  # ⚡: played at once
    effect: dict[str, Any]
    count: int = Field(default=1, ge=1, le=12)
    house: bool = True

    @model_validator(mode="after")
    def _every_language(self) -> EventCard:
        problem = untranslated(
            "card",
            [
                ("en", "en", self.en),
                ("en", "text_en", self.text_en),
                ("ja", "ja", self.ja),
                ("ja", "text_ja", self.text_ja),
            ],
        )
        if problem:
            raise ValueError(problem)
        return self


# -- loading ----------------------------------------------------------------------------------------------


class Content:
    """The tracks and Event cards of one content folder, each card with its compiled effect block."""

    def __init__(self, tracks: list[TrackRecord], cards: list[EventCard], effects: list[Compiled]):
        self.tracks = tracks
        self.cards = cards
        self.effects = effects
        self.track_by_id = {ascii_slug(t.name): t for t in tracks}

    def find_track(self, name: str) -> TrackRecord | None:
        return self.track_by_id.get(ascii_slug(name))


NESTED = "nested too deeply to be a content file"


def _records(path: Path, table: str, model: type[M], problems: list[str], display: str) -> list[M]:
    """``load_records`` that also turns a pathologically nested file into one problem line."""
    try:
        return load_records(path, table, model, problems, display, table)
    except RecursionError:
        problems.append(f"{shorten(display, 300)}: {NESTED}")
        return []


def load_tracks(path: Path, problems: list[str], display: str | None = None) -> list[TrackRecord]:
    display = display or str(path)
    recs = _records(path, "track", TrackRecord, problems, display)
    check_unique(recs, display, "track", problems)
    for t in recs:
        problems.extend(track_problems(t, display))
    return recs


def track_record(data: Mapping[str, Any], display: str = "track") -> TrackRecord:
    """A track given as data — one ``[[track]]`` table as a dict — validated exactly like a track of
    ``tracks.toml`` (MD-B1); a ContentError with one line per problem."""
    problems: list[str] = []
    label = data.get("name") if isinstance(data.get("name"), str) else None
    prefix = f'{display}: track "{shorten(label, 40)}"' if label else f"{display}: track"
    record = None
    try:
        record = TrackRecord.model_validate(dict(data))
    except ValidationError as e:
        problems.extend(format_validation(prefix, e))
    if record is not None:
        problems.extend(track_problems(record, display))
    if problems or record is None:
        raise ContentError(problems)
    return record


def load_cards(
    path: Path, problems: list[str], display: str | None = None
) -> tuple[list[EventCard], list[Compiled]]:
    """The cards of an events file with their effects compiled (a card whose effect fails is dropped)."""
    display = display or str(path)
    recs = _records(path, "card", EventCard, problems, display)
    check_unique(recs, display, "card", problems)
    slugs: dict[str, str] = {}
    good: list[EventCard] = []
    effects: list[Compiled] = []
    for c in recs:
        s = ascii_slug(c.name)
        if s in slugs and slugs[s] != c.name:
            problems.append(f'{display}: card "{c.name}": its id {s!r} is the same as "{slugs[s]}"\'s')
        slugs[s] = c.name
        where, kind = f'{display}: card "{c.name}": effect', BOLT if c.bolt else KEPT
        bad = REGISTRY.check(c.effect, where, kind)
        if bad:
            problems.extend(bad)
        else:
            good.append(c)
            effects.append(REGISTRY.compile(c.effect, where, kind))
    return good, effects


def load_content(folder: Path = CONTENT, prefix: str | None = None) -> Content:
    """Load and validate a content folder (tracks.toml, events.toml); ContentError lists every problem."""
    problems: list[str] = []
    disp = prefix or "content"
    tracks: list[TrackRecord] = []
    cards: list[EventCard] = []
    effects: list[Compiled] = []
    for name in (TRACKS_FILE, EVENTS_FILE):
        path = folder / name
        where = f"{disp}/{name}"
        bad = readable_file(path, where)
        if bad:
            problems.extend(bad)
        elif name == TRACKS_FILE:
            tracks = load_tracks(path, problems, where)
        else:
            cards, effects = load_cards(path, problems, where)
    if not problems and not tracks:
        problems.append(f"{disp}/{TRACKS_FILE}: no track")
    if not problems and not cards:
        problems.append(f"{disp}/{EVENTS_FILE}: no Event card")
    if problems:
        raise ContentError(problems)
    return Content(tracks, cards, effects)


def file_problems(path: Path) -> list[str]:
    """Problems in one user file: a track file (``[[track]]``) or an Event card file (``[[card]]``)."""
    display = str(path)
    bad = readable_file(path)
    if bad:
        return bad
    try:
        data = read_toml(path, display)
    except ContentError as e:
        return e.problems
    except RecursionError:
        return [f"{shorten(display, 300)}: {NESTED}"]
    problems: list[str] = []
    if "track" in data:
        load_tracks(path, problems, display)
    elif "card" in data:
        load_cards(path, problems, display)
    else:
        problems.append(f"{display}: expected [[track]] entries (a track) or [[card]] entries (Event cards)")
    return problems


__all__ = [
    "CONTENT",
    "LANGUAGES",
    "TRANSLATIONS",
    "Content",
    "EventCard",
    "Section",
    "TrackRecord",
    "ascii_slug",
    "file_problems",
    "load_content",
    "load_tracks",
    "readable_file",
    "track_record",
    "untranslated",
]
