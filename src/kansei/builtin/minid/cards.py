"""Mini D content: tracks (MD-B1, MD-O3) and Event cards (MD-E1), validated at load.

A track is a ``[[track]]`` table with its length, its Event cases and its sections, each a straight or a
corner with a d20 difficulty, covering cases ``1..length`` without a gap or an overlap; the finish line is
just past case ``length``. Event cards are ``[[card]]`` tables: a ⚡ card (``bolt = true``) acts when drawn,
a kept card waits in hand for its moment. Effects are named building blocks, never free text.

Problems come one line each, naming the file, the track or card and the field:
``content/tracks.toml: track "Akina": section 3 (corner) starts at case 12, expected 11 (sections must be
contiguous)``.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from kansei.core.content import Record, check_unique, load_records, read_toml, slug
from kansei.core.errors import ContentError

CONTENT = Path(__file__).parent / "content"
TRACKS_FILE = "tracks.toml"
EVENTS_FILE = "events.toml"

def ascii_slug(name: str) -> str:
    """A stable ascii id: accents dropped first, 'Contrôle de police' -> 'controle-de-police'."""
    plain = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    return slug(plain)


# -- tracks -----------------------------------------------------------------------------------------


class Section(Record):
    """A straight or a corner covering cases ``start..end`` (inclusive) in the downhill direction."""

    kind: Literal["straight", "corner"]
    start: int = Field(ge=1)
    end: int = Field(ge=1)
    difficulty: int | None = None  # MD-C1: the d20 target printed beside a corner
    name: str = ""


class TrackRecord(Record):
    """MD-B1: a pass as data. ``events`` are case numbers (downhill numbering)."""

    name: str
    text: str = ""
    length: int = Field(ge=2, le=400)
    events: list[int] = Field(default_factory=list)
    sections: list[Section] = Field(min_length=1)
    house: bool = True


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
            out.append(f"{where}: {label} starts at case {s.start}, expected {expect} "
                       f"(sections must be contiguous; this leaves {what})")
        if s.kind == "corner":
            if s.difficulty is None:
                out.append(f"{where}: {label}: a corner needs a difficulty (1–20)")
            elif not 1 <= s.difficulty <= 20:
                out.append(f"{where}: {label}: difficulty must be 1–20 (a d20 target), is {s.difficulty}")
        elif s.difficulty is not None:
            out.append(f"{where}: {label}: a straight has no difficulty")
        expect = max(expect, s.end + 1)
    if expect - 1 < t.length:
        out.append(f"{where}: the finish is not reachable: sections stop at case {expect - 1}, "
                   f"the track has {t.length} cases")
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

# ⚡ effects (played at once when drawn). next_move / next_drift wait face up until they trigger.
BOLT_EFFECTS = ("advance", "retreat", "skip", "again", "bunta", "next_move", "next_drift")
# kept effects, each with the moment it may be played (its timing).
KEPT_TIMING = {
    "move_bonus": "turn",  # at the start of your turn, before your move roll
    "drift_reroll": "drift",  # after your DRIFT roll
    "drift_bonus": "drift",
    "drift_master": "drift",
    "battle_bonus": "battle",  # when a battle you are in begins, before the dice
    "crossing_reroll": "crossing",  # after your roll for crossing Bunta
    "cancel_skip": "skip",  # when you would skip a turn
}
EffectKind = Literal[
    "advance", "retreat", "skip", "again", "bunta", "next_move", "next_drift",
    "move_bonus", "drift_reroll", "drift_bonus", "drift_master", "battle_bonus", "crossing_reroll",
    "cancel_skip",
]  # fmt: skip
_POSITIVE = {"advance", "retreat", "bunta", "move_bonus", "drift_bonus", "battle_bonus"}
_NONZERO = {"next_move", "next_drift"}
_NO_AMOUNT = {"skip", "again", "drift_reroll", "drift_master", "crossing_reroll", "cancel_skip"}


class EventCard(Record):
    """MD-E1: an Event card. French name, English text; ``count`` copies in the Event deck."""

    name: str
    text: str
    bolt: bool  # ⚡: played at once
    effect: EffectKind
    amount: int = 0
    count: int = Field(default=1, ge=1, le=12)
    house: bool = True

    @model_validator(mode="after")
    def _check(self) -> EventCard:
        problems = []
        if self.bolt and self.effect not in BOLT_EFFECTS:
            problems.append(f"effect {self.effect} is a kept effect: bolt must be false")
        if not self.bolt and self.effect in BOLT_EFFECTS:
            problems.append(f"effect {self.effect} is a ⚡ effect: bolt must be true")
        if self.effect in _POSITIVE and self.amount <= 0:
            problems.append(f"effect {self.effect} needs a positive amount, is {self.amount}")
        if self.effect in _NONZERO and self.amount == 0:
            problems.append(f"effect {self.effect} needs a non-zero amount")
        if self.effect in _NO_AMOUNT and self.amount != 0:
            problems.append(f"effect {self.effect} takes no amount, is {self.amount}")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def timing(self) -> str:
        """When the card acts: 'bolt' (on the draw) or the moment a kept card may be played."""
        return "bolt" if self.bolt else KEPT_TIMING[self.effect]


# -- loading ----------------------------------------------------------------------------------------------


class Content:
    """The tracks and Event cards of one content folder."""

    def __init__(self, tracks: list[TrackRecord], cards: list[EventCard]):
        self.tracks = tracks
        self.cards = cards
        self.track_by_id = {ascii_slug(t.name): t for t in tracks}

    def find_track(self, name: str) -> TrackRecord | None:
        return self.track_by_id.get(ascii_slug(name))


def load_tracks(path: Path, problems: list[str], display: str | None = None) -> list[TrackRecord]:
    display = display or str(path)
    recs = load_records(path, "track", TrackRecord, problems, display, "track")
    check_unique(recs, display, "track", problems)
    for t in recs:
        problems.extend(track_problems(t, display))
    return recs


def load_cards(path: Path, problems: list[str], display: str | None = None) -> list[EventCard]:
    display = display or str(path)
    recs = load_records(path, "card", EventCard, problems, display, "card")
    check_unique(recs, display, "card", problems)
    slugs: dict[str, str] = {}
    for c in recs:
        s = ascii_slug(c.name)
        if s in slugs and slugs[s] != c.name:
            problems.append(f'{display}: card "{c.name}": its id {s!r} is the same as "{slugs[s]}"\'s')
        slugs[s] = c.name
    return recs


def load_content(folder: Path = CONTENT, prefix: str | None = None) -> Content:
    """Load and validate a content folder (tracks.toml, events.toml); ContentError lists every problem."""
    problems: list[str] = []
    disp = prefix or "content"
    tracks: list[TrackRecord] = []
    cards: list[EventCard] = []
    for name, loader, sink in ((TRACKS_FILE, load_tracks, tracks), (EVENTS_FILE, load_cards, cards)):
        p = folder / name
        if not p.exists():
            problems.append(f"{disp}/{name}: no such file")
            continue
        sink.extend(loader(p, problems, f"{disp}/{name}"))
    if problems:
        raise ContentError(problems)
    return Content(tracks, cards)


def file_problems(path: Path) -> list[str]:
    """Problems in one user file: a track file (``[[track]]``) or an Event card file (``[[card]]``)."""
    display = str(path)
    try:
        data = read_toml(path, display)
    except ContentError as e:
        return e.problems
    problems: list[str] = []
    if "track" in data:
        load_tracks(path, problems, display)
    elif "card" in data:
        load_cards(path, problems, display)
    else:
        problems.append(f"{display}: expected [[track]] entries (a track) or [[card]] entries (Event cards)")
    return problems


@cache
def content() -> Content:
    """The shipped content, loaded once per process."""
    return load_content()
