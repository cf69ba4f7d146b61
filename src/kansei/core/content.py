"""Content loading: TOML files validated into typed (pydantic) records, with one line per problem.

A content file holds arrays of tables, e.g. ``[[card]]``; each table is validated with the game's model.
Problems are collected, not raised one at a time, and look like
``content/cars.toml: card "AE-86": dh_c + dh_s must be 4, is 5``.

User deck files are TOML (``name = …`` and a ``[cards]`` table of name = count, plus any game-specific
keys) or plain text lines ``3 Tight Twin Drift`` (``#`` starts a comment; ``Section:`` lines are allowed
and returned, so a game can read ``Car: AE-86`` style headers).
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ContentError
from .options import shorten

M = TypeVar("M", bound=BaseModel)


class Record(BaseModel):
    """Base for content records: unknown fields are errors, records are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


TRANSLATIONS: tuple[str, ...] = ("fr", "ja")  # the languages a Translated record has beside English


class Translated(Record):
    """A card named and worded in English, the reference (``name`` is its identity: decks, notations and
    events name it so), with French and Japanese beside them: ``fr`` / ``ja`` the name, ``text_fr`` /
    ``text_ja`` the printed text. Left empty, a translation reads as English (a proper name, a car model,
    keeps its spelling)."""

    name: str = Field(min_length=1, max_length=80)
    fr: str = Field("", max_length=80)
    ja: str = Field("", max_length=80)
    text: str = ""
    text_fr: str = ""
    text_ja: str = ""

    def name_in(self, lang: str) -> str:
        """The name in ``lang`` (English where the content gives none)."""
        return (self.fr if lang == "fr" else self.ja if lang == "ja" else "") or self.name

    def text_in(self, lang: str) -> str:
        """The printed text in ``lang`` (English where the content gives none)."""
        return (self.text_fr if lang == "fr" else self.text_ja if lang == "ja" else "") or self.text


def name_clashes(cards: Iterable[Translated], where: str) -> list[str]:
    """One line for each name two cards share, in English or across languages: a client (the browser's
    card pool, ``kansei cards``) finds a card by any of its names, so each names one card."""
    cards = list(cards)
    english = [c.name.lower() for c in cards]
    out = [
        f"{where}: card name {n!r} is used by two cards"
        for n in sorted({n for n in english if english.count(n) > 1})
    ]
    owner: dict[str, str] = {}
    for c in cards:
        owner.setdefault(c.name.lower(), c.name)
    for lang in TRANSLATIONS:
        for c in cards:
            shown = c.name_in(lang)
            first = owner.setdefault(shown.lower(), c.name)
            if first.lower() != c.name.lower():  # (two cards of one English name are told above)
                out.append(
                    f"{where}: card name {shorten(shown, 60)!r} ({lang}) is used by two cards: "
                    f"{first!r} and {c.name!r}"
                )
    return out


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


# -- reading files a person hands us: bounded in size and depth, one line per problem ------------------
MAX_FILE_BYTES = 10 * 1024 * 1024  # a content, replay or scenario file
MAX_DECK_BYTES = 1024 * 1024  # a deck file (a few hundred lines at most)
MAX_DEPTH = 64  # nesting of tables/arrays/objects
MAX_LINE = 300  # characters on one line of a text deck
MAX_NAME = 120  # characters in a card or deck name
MAX_COUNT = 999  # copies of one card in a deck


def shorten_path(path: Path | str, limit: int = 80) -> str:
    """A path for a message, its end kept when it is long ('…/decks/mine.txt')."""
    s = str(path)
    return s if len(s) <= limit else "…" + s[-(limit - 1) :]


def _size_text(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


def read_bytes(path: Path | str, limit: int = MAX_FILE_BYTES, display: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else ContentError (one line).

    The file's type is checked on the open descriptor before reading (a folder, FIFO or device such as
    /dev/zero is refused without blocking), and at most ``limit + 1`` bytes are ever read, so a file that
    lies about its size (/proc) cannot exhaust memory either."""
    display = display or shorten_path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise ContentError([f"{display}: no such file"]) from None
    except IsADirectoryError:
        raise ContentError([f"{display}: is a folder, not a file"]) from None
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the path
        raise ContentError([f"{display}: cannot open ({_why(e)})"]) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ContentError([f"{display}: is a folder, not a file"])
        if not stat.S_ISREG(st.st_mode):
            raise ContentError([f"{display}: not a regular file (a device, pipe or socket)"])
        if st.st_size > limit:
            raise ContentError([f"{display}: larger than {_size_text(limit)}"])
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise ContentError([f"{display}: larger than {_size_text(limit)}"])
        return b"".join(chunks)
    except OSError as e:
        raise ContentError([f"{display}: cannot read ({_why(e)})"]) from None
    finally:
        os.close(fd)


def _why(e: BaseException) -> str:
    return getattr(e, "strerror", None) or type(e).__name__


def read_text(path: Path | str, limit: int = MAX_FILE_BYTES, display: str | None = None) -> str:
    """A UTF-8 text file read with :func:`read_bytes`' limits."""
    display = display or shorten_path(path)
    data = read_bytes(path, limit, display)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError([f"{display}: not UTF-8 text (byte {e.start})"]) from None


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a parsed JSON/TOML value nests deeper than ``limit`` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            if depth >= limit:
                return True
            stack.extend((x, depth + 1) for x in v.values())
        elif isinstance(v, list | tuple):
            if depth >= limit:
                return True
            stack.extend((x, depth + 1) for x in v)
    return False


def _parse_problem(display: str, what: str, e: BaseException) -> ContentError:
    if isinstance(e, RecursionError):
        return ContentError([f"{display}: nested too deeply (more than {MAX_DEPTH} levels)"])
    if isinstance(e, ValueError) and "digits" in str(e) and not isinstance(e, json.JSONDecodeError):
        return ContentError([f"{display}: a number with too many digits"])
    # decoder messages name a position, never the file's text
    return ContentError([f"{display}: not valid {what}: {shorten(str(e), 100)}"])


def parse_json(text: str, display: str = "JSON") -> Any:
    """JSON text into Python values; too deep, too long numbers and syntax errors are one line each."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise _parse_problem(display, "JSON", e) from None
    if too_deep(data):
        raise ContentError([f"{display}: nested too deeply (more than {MAX_DEPTH} levels)"])
    return data


def read_json(path: Path | str, limit: int = MAX_FILE_BYTES, display: str | None = None) -> Any:
    display = display or shorten_path(path)
    return parse_json(read_text(path, limit, display), display)


def parse_toml(text: str, display: str = "TOML") -> dict[str, Any]:
    """TOML text into a dict. A syntax error reports every bad line found, not only the first."""
    data, problems = parse_toml_lenient(text, display)
    if problems or data is None:
        raise ContentError(problems or [f"{display}: not valid TOML"])
    return data


def parse_toml_lenient(text: str, display: str = "TOML") -> tuple[dict[str, Any] | None, list[str]]:
    """TOML text into (a dict, the syntax problems). A file whose bad lines are single lines gives every
    bad line as a problem and the dict of the rest (so its other problems can be found in the same pass);
    None when nothing could be read."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        lines = _toml_line_problems(text, display)
        if not lines:
            return None, [f"{display}: not valid TOML: {shorten(str(e), 100)}"]
        bad = {int(m.group(1)) for m in (re.match(rf"{re.escape(display)}:(\d+):", p) for p in lines) if m}
        rest = "\n".join("" if no in bad else raw for no, raw in enumerate(text.splitlines(), 1))
        try:
            data = tomllib.loads(rest)
        except (ValueError, RecursionError):
            return None, lines
        return (None if too_deep(data) else data), lines
    except (ValueError, RecursionError) as e:
        return None, _parse_problem(display, "TOML", e).problems
    if too_deep(data):
        return None, [f"{display}: nested too deeply (more than {MAX_DEPTH} levels)"]
    return data, []


def _toml_line_problems(text: str, display: str) -> list[str]:
    """Each line of a simple TOML file (headers and ``key = value`` lines) parsed on its own, so one pass
    names every bad line. Files with multi-line values get the parser's single message instead."""
    problems: list[str] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_LINE:
            problems.append(f"{display}:{no}: line longer than {MAX_LINE} characters")
            continue
        try:
            tomllib.loads(line)
        except tomllib.TOMLDecodeError as e:
            msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
            problems.append(f"{display}:{no}: not valid TOML: {shorten(msg, 80)}")
        except (ValueError, RecursionError) as e:
            problems.extend(_parse_problem(f"{display}:{no}", "TOML", e).problems)
    return problems


def read_toml(path: Path | str, display: str | None = None, limit: int = MAX_FILE_BYTES) -> dict:
    display = display or shorten_path(path)
    return parse_toml(read_text(path, limit, display), display)


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
    problems: list[str] = field(default_factory=list)  # lines that could not be read (strict=False)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for n, c in self.cards:
            out[n] = out.get(n, 0) + c
        return out


_LINE = re.compile(r"^([0-9]{1,9})\s*[xX×]?\s+(.+?)$")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9_ ]{0,40}?)\s*:\s*(.+)$")


def _card_problem(display: str, name: Any, count: Any) -> str | None:
    """Why one ``name = count`` entry of a deck is not usable (None: it is)."""
    shown = shorten(str(name), 40)
    if not isinstance(name, str) or not name.strip():
        return f"{display}: a card name must be a non-empty text"
    if len(name) > MAX_NAME:
        return f'{display}: card "{shown}": a card name is at most {MAX_NAME} characters'
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        shown_count = shorten(repr(count), 20)
        return f'{display}: card "{shown}": count must be a whole number 1..{MAX_COUNT}, is {shown_count}'
    return None


def read_deck(path: Path | str, strict: bool = True) -> DeckFile:
    """Read a deck file (TOML or '3 Card Name' lines, at most 1 MB). Raises ContentError listing every
    problem found in one pass; with ``strict=False`` the lines that could be read are returned, and the
    others' problems in ``problems`` (a file that cannot be read at all still raises)."""
    path = Path(path)
    display = shorten_path(path)
    text = read_text(path, MAX_DECK_BYTES, display)
    if path.suffix.lower() == ".toml":
        parsed, problems = parse_toml_lenient(text, display)  # the bad lines, then the rest's problems
        if parsed is None:
            raise ContentError(problems)
        data = parsed
        cards = data.pop("cards", None)
        if not isinstance(cards, dict):
            raise ContentError([*problems, f"{display}: a deck needs a [cards] table of name = count"])
        pairs = []
        for name, count in cards.items():
            problem = _card_problem(display, name, count)
            if problem:
                problems.append(problem)
            else:
                pairs.append((name, count))
        name = data.pop("name", path.stem)
        if not isinstance(name, str) or len(name) > MAX_NAME:
            problems.append(f"{display}: name: a text of at most {MAX_NAME} characters")
        if problems and strict:
            raise ContentError(problems)
        name = name if isinstance(name, str) and len(name) <= MAX_NAME else path.stem
        return DeckFile(display, name, data, pairs, problems)
    deck = DeckFile(display, path.stem)
    problems = []
    for no, raw in enumerate(text.splitlines(), 1):
        if len(raw) > MAX_LINE:
            problems.append(f"{display}:{no}: line longer than {MAX_LINE} characters")
            continue
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _LINE.match(line)
        if m:
            problem = _card_problem(f"{display}:{no}", m.group(2), int(m.group(1)))
            if problem:
                problems.append(problem)
            else:
                deck.cards.append((m.group(2), int(m.group(1))))
            continue
        h = _HEADER.match(line)
        if h:
            key = h.group(1).strip().lower().replace(" ", "_")
            if key == "name":
                deck.name = h.group(2).strip()
            else:
                deck.meta.setdefault(key, []).append(h.group(2).strip())
            continue
        problems.append(f"{display}:{no}: expected '<count> <card name>', got {shorten(line, 40)!r}")
    if problems and strict:
        raise ContentError(problems)
    deck.problems = problems
    return deck
