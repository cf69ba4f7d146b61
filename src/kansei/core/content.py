"""Content loading: TOML files validated into typed (pydantic) records, with one line per problem.

A content file holds arrays of tables, e.g. ``[[card]]``; each table is validated with the game's model.
Problems are collected, not raised one at a time, and look like
``content/cars.toml: card "AE-86": dh_c + dh_s must be 4, is 5``.

User deck files are TOML (``name = …`` and a ``[cards]`` table of name = count, plus any game-specific
keys) or plain text lines ``3 Tight Twin Drift`` (``#`` starts a comment; ``Section:`` lines are allowed
and returned, so a game can read ``Car: AE-86`` style headers).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Record(BaseModel):
    """Base for content records: unknown fields are errors, records are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def slug(name: str) -> str:
    """A stable lowercase id from a card name: 'Akina Five Hairpins' -> 'akina-five-hairpins'."""
    s = re.sub(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]+", "-", name.lower()).strip("-")
    return s or name


def _loc_text(loc: Iterable[Any]) -> str:
    return ".".join(str(x) for x in loc) or "record"


def format_validation(prefix: str, error: ValidationError) -> list[str]:
    out = []
    for err in error.errors():
        loc = _loc_text(err["loc"])
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        if err["type"] == "missing":
            msg = "missing"
        out.append(f"{prefix}: {loc}: {msg}" if loc != "record" else f"{prefix}: {msg}")
    return out


def read_toml(path: Path, display: str | None = None) -> dict:
    display = display or str(path)
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError([f"{display}: no such file"]) from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError([f"{display}: not valid TOML: {e}"]) from None
    except UnicodeDecodeError:
        raise ContentError([f"{display}: not UTF-8 text"]) from None


def load_records(
    path: Path,
    table: str,
    model: type[M],
    problems: list[str],
    display: str | None = None,
    kind: str | None = None,
    unique: bool = False,
) -> list[M]:
    """Validate every ``[[table]]`` entry of a TOML file; problems are appended, good records returned.

    A missing or unreadable file is one problem line; ``unique`` also reports records sharing a name."""
    display = display or str(path)
    kind = kind or table
    try:
        data = read_toml(path, display)
    except ContentError as e:
        problems.extend(e.problems)
        return []
    entries = data.get(table)
    extra = set(data) - {table}
    for key in sorted(extra):
        problems.append(f"{display}: unknown top-level key {key!r} (expected [[{table}]] entries)")
    if entries is None:
        problems.append(f"{display}: no [[{table}]] entries")
        return []
    if not isinstance(entries, list):
        problems.append(f"{display}: {table} must be an array of tables ([[{table}]])")
        return []
    out: list[M] = []
    for i, entry in enumerate(entries):
        label = entry.get("name") if isinstance(entry, dict) else None
        prefix = f'{display}: {kind} "{label}"' if label else f"{display}: {kind} #{i + 1}"
        try:
            out.append(model.model_validate(entry))
        except ValidationError as e:
            problems.extend(format_validation(prefix, e))
    if unique:
        check_unique(out, display, kind, problems)
    return out


def check_unique(records: Iterable[Any], display: str, kind: str, problems: list[str]) -> None:
    seen: set[str] = set()
    for r in records:
        if r.name in seen:
            problems.append(f'{display}: {kind} "{r.name}": duplicate name')
        seen.add(r.name)


@dataclass
class DeckFile:
    """A user's deck as written: metadata keys plus (name, count) pairs in file order."""

    path: str
    name: str
    meta: dict = field(default_factory=dict)
    cards: list[tuple[str, int]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for n, c in self.cards:
            out[n] = out.get(n, 0) + c
        return out


_LINE = re.compile(r"^\s*(\d+)\s*[xX×]?\s+(.+?)\s*$")
_HEADER = re.compile(r"^\s*([A-Za-z][\w ]*?)\s*:\s*(.+?)\s*$")


def read_deck(path: Path) -> DeckFile:
    """Read a deck file (TOML or '3 Card Name' lines). Raises ContentError with one line per problem."""
    display = str(path)
    if not path.exists():
        raise ContentError([f"{display}: no such file"])
    if path.suffix.lower() == ".toml":
        data = read_toml(path, display)
        cards = data.pop("cards", None)
        problems = []
        if not isinstance(cards, dict):
            raise ContentError([f"{display}: a deck needs a [cards] table of name = count"])
        pairs = []
        for name, count in cards.items():
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                problems.append(f'{display}: card "{name}": count must be a positive integer, is {count!r}')
            else:
                pairs.append((name, count))
        if problems:
            raise ContentError(problems)
        return DeckFile(display, str(data.pop("name", path.stem)), data, pairs)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ContentError([f"{display}: not UTF-8 text"]) from None
    deck = DeckFile(display, path.stem)
    problems = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _LINE.match(line)
        if m:
            count = int(m.group(1))
            if count < 1:
                problems.append(f"{display}:{no}: count must be at least 1")
            else:
                deck.cards.append((m.group(2), count))
            continue
        h = _HEADER.match(line)
        if h:
            key = h.group(1).strip().lower().replace(" ", "_")
            if key == "name":
                deck.name = h.group(2)
            else:
                deck.meta.setdefault(key, []).append(h.group(2))
            continue
        problems.append(f"{display}:{no}: expected '<count> <card name>', got {line!r}")
    if problems:
        raise ContentError(problems)
    return deck
