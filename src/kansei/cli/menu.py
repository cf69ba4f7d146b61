"""The menu of a seat's legal actions, fitted to the terminal below the board.

Each action is one numbered line: the game's description of it, then its notation (what can be typed
instead of the number) when every line of the menu has room for it; eight or more short lines go in two
columns. The menu gets the lines left under the board (``room``) and takes the first shape that fits:
every line whole; grouped by the game (``game.menu_group``: the card, then its tile or target); every
line cut to one line (a closing ``  [preview]`` kept); the game's groups cut to one line; grouped by kind
of action. A group is chosen in a second step, its lines without the words they all start with, so
"tune-up Jump on tile 5 (…)  [margin +2]" reads "tile 5 (…)  [margin +2]". A grouping that gives a
single group, or no group of two, is not used.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.table import Table

from kansei.core.protocol import Action, Game, State

from .common import clean
from .lang import plural

NOTE_GAP = 2  # spaces between a description and its notation
MENU_LINES = 6  # lines a menu may always take, however tall the board
TWO_COLUMNS = 8  # a menu this long whose lines all fit half the width goes in two columns


@dataclass
class Entry:
    """One line of a menu: a single action, or a group of them (chosen in a second step)."""

    label: str
    actions: list[Action] = field(default_factory=list)
    one_line: bool = False  # cut to one line (the menu would not fit otherwise)

    @property
    def single(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None


def common_prefix(texts: Sequence[str]) -> str:
    """The words every text starts with ('tune-up Jump on tile 5 …', 'tune-up Jump on tile 7 …' ->
    'tune-up Jump on tile')."""
    split = [t.split() for t in texts]
    if not split:
        return ""
    out: list[str] = []
    for words in zip(*split, strict=False):
        if all(w == words[0] for w in words):
            out.append(words[0])
        else:
            break
    if len(out) == min(len(w) for w in split):  # a whole text: keep its last word for the line
        out = out[:-1]
    while out and (" ".join(out).count("(") > " ".join(out).count(")")):
        out.pop()  # never cut inside parentheses: "(your left)", not "left)"
    return " ".join(out)


def common_ends(texts: Sequence[str]) -> str:
    """For texts written without spaces between words (Japanese: wide characters), the characters every
    one ends with ('を戻して引き直す', the verb), else those they start with, else (four at most) what each
    one names before its first bracket or colon ('パワーサージ / 夜間飛行'); '' when none of these reads (two
    wide characters at least, no parenthesis cut). Texts in spaced words get '' (common_prefix
    reads them)."""
    if not texts or not all(wide(t) for t in texts):
        return ""
    rev = [t[::-1] for t in texts]
    end = next((i for i, cs in enumerate(zip(*rev, strict=False)) if len(set(cs)) > 1), min(map(len, rev)))
    tail = texts[0][len(texts[0]) - end :] if end else ""
    if wide(tail) and tail.count("（") == tail.count("）") and tail.count("(") == tail.count(")"):
        return tail.strip()
    start = next(
        (i for i, cs in enumerate(zip(*texts, strict=False)) if len(set(cs)) > 1), min(map(len, texts))
    )
    head = texts[0][:start]
    while head and (head.count("（") > head.count("）") or head.count("(") > head.count(")")):
        head = head[:-1]
    if wide(head):
        return head.strip()
    names = [re.split(r"[（(：:→]", t, maxsplit=1)[0].strip() for t in texts]  # what each one names
    return " / ".join(names) if all(names) and len(set(names)) == len(names) <= 4 else ""


def wide(text: str) -> bool:
    """Whether ``text`` holds words of wide characters (two at least): a label a person can read."""
    return cell_len(text) >= len(text) + 2


def shared_words(texts: Sequence[str]) -> int:
    """How many leading words the lines of an opened group can drop: their common prefix, less the noun
    before a number ("tile 3", "tile 5" keep "tile")."""
    out = common_prefix(texts).split()
    rest = [t.split()[len(out) : len(out) + 1] for t in texts]
    if out and all(r and r[0][:1].isdigit() for r in rest):
        out.pop()
    return len(out)


def height(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    console = Console(width=width, file=io.StringIO(), emoji=False, highlight=False)
    return len(console.render_lines(renderable, console.options, pad=False))


def room(board_lines: int, actions: int, screen_lines: int) -> int:
    """The lines a menu may take: those under the board and above the prompt; however tall the board,
    one line an action up to MENU_LINES (a menu is never folded into groups for want of room)."""
    return max(min(actions, MENU_LINES), screen_lines - board_lines - 2)


def describe(game: Game, state: State, action: Action, lang: str) -> str:
    return str(game.describe_action(state, action, lang))


def build(
    game: Game, state: State, legal: Sequence[Action], lang: str, width: int, lines: int
) -> list[Entry]:
    """The menu entries for ``legal`` that fit in ``lines`` lines at ``width`` columns, the first that
    does of: every action whole; grouped by the game's ``menu_group``; every action cut to one line;
    the game's groups cut to one line; grouped by kind of action (every call, every attack…)."""
    texts = {a: describe(game, state, a, lang) for a in legal}
    flat = [Entry(texts[a], [a]) for a in legal]
    custom = type(game).menu_group is not Game.menu_group  # the game names its groups itself
    by_game = grouped(legal, texts, lambda a: game.menu_group(state, a, lang), named=custom)
    by_kind = grouped(legal, texts, lambda a: a.kind, named=False)
    shapes: list[tuple[list[Entry] | None, bool]] = [  # (entries, each cut to one line), in order
        (flat, False),
        (by_game, False),
        (flat, True),
        (by_game, True),
        (by_kind, False),
        (by_kind, True),
    ]
    for entries, one_line in shapes:
        if entries is None:
            continue
        shaped = [Entry(e.label, e.actions, one_line) for e in entries]
        if height(table(shaped, width, lang), width) <= lines:
            return shaped
    return [Entry(e.label, e.actions, True) for e in (by_kind or by_game or flat)]


def grouped(
    legal: Sequence[Action], texts: dict[Action, str], key: Callable[[Action], str | None], named: bool
) -> list[Entry] | None:
    """The menu with the actions sharing a ``key`` as one entry each (labelled by the key when
    ``named``, else by the words their descriptions share); None when that makes no group of two or
    only one group."""
    groups: dict[str, list[Action]] = {}
    for a in legal:
        k = key(a)
        groups.setdefault(f"\0{a.notation}" if k is None else k, []).append(a)
    if len(groups) <= 1 or all(len(v) == 1 for v in groups.values()):
        return None
    entries = []
    for k, acts in groups.items():
        if len(acts) == 1:
            entries.append(Entry(texts[acts[0]], acts))
        else:
            said = [texts[a] for a in acts]
            entries.append(Entry(k if named else (common_prefix(said) or common_ends(said) or k), acts))
    return entries


def members(game: Game, state: State, group: Entry, lang: str) -> list[Entry]:
    """The lines of an opened group: each action's description without the words all of them share."""
    texts = [describe(game, state, a, lang) for a in group.actions]
    shared = shared_words(texts) if len(texts) > 1 else 0
    return [Entry(drop_words(t, shared) or t, [a]) for t, a in zip(texts, group.actions, strict=True)]


def drop_words(text: str, count: int) -> str:
    """``text`` without its first ``count`` words (the spacing of the rest kept)."""
    return re.sub(rf"^\s*(?:\S+\s+){{{count}}}", "", text) if count else text


def note_fits(entry: Entry, width: int) -> bool:
    """Whether the entry's notation fits after its label on one line (or it has none to show)."""
    a = entry.single
    if a is None or entry.one_line or a.notation == entry.label:
        return True
    return cell_len(entry.label) + NOTE_GAP + cell_len(a.notation) + 2 <= width


def line(entry: Entry, width: int, notes: bool = True, lang: str = "en") -> str:
    """The text of one menu line (rich markup): the label, then (``notes``) the notation, dim."""
    a = entry.single
    if a is None:
        more = f"({plural(lang, 'choices', len(entry.actions))})"
        if entry.one_line:
            text = cut(entry.label, width - cell_len(more) - 2)
            gap = " " if text.endswith("…") else " … "
        else:
            text, gap = entry.label, " … "
        return f"{clean(text, 200)}{gap}[dim]{more}[/]"
    if entry.one_line:
        return clean(cut(entry.label, width), 400)
    label = clean(entry.label, 400)
    if notes and a.notation != entry.label:
        return f"{label}{' ' * NOTE_GAP}[dim]{clean(f'({a.notation})', 80)}[/]"
    return label


def cut(text: str, width: int) -> str:
    """``text`` on one line of at most ``width`` cells: its start, "…", and its closing ``[preview]`` if it
    has one (set two spaces apart, as Touge's ``…  [margin +2]``)."""
    m = re.search(r"[ ]{2,}(\[[^\[\]]*\])$", text)  # a preview stands two spaces apart: "…  [margin +2]"
    preview = m.group(1) if m else ""
    body = " ".join((text[: m.start()] if m else text).split())  # a card text's line breaks become spaces
    whole = f"{body}  {preview}" if preview else body
    if cell_len(whole) <= width:
        return whole
    tail = f" {preview}" if preview and cell_len(preview) < width // 2 else ""
    space = max(1, width - cell_len(tail) - 1)
    head = body if tail else whole
    while cell_len(head) > space:
        head = head[:-1]
    return head.rstrip() + "…" + tail


def table(entries: Sequence[Entry], width: int, lang: str = "en") -> Table:
    """Numbered lines that wrap under their own text at ``width`` columns; a long menu of short lines
    (Mini D's twelve sprint powers) in two columns, numbered down the first, then the second."""
    number = len(str(len(entries))) + 1  # "12."
    half = (width - 3) // 2 - number - 1  # the text room of one of two columns
    if len(entries) >= TWO_COLUMNS and all(cell_len(plain(e, lang)) <= half for e in entries):
        notes = all(note_fits(e, half) for e in entries)
        grid = Table.grid(padding=(0, 1))
        for _ in range(2):
            grid.add_column(justify="right", no_wrap=True)
            grid.add_column(no_wrap=True, min_width=half, max_width=half)
        rows = (len(entries) + 1) // 2
        for r in range(rows):
            cells: list[str] = []
            for i in (r, r + rows):
                if i < len(entries):
                    cells += [f"[bold]{i + 1}[/].", line(entries[i], half, notes, lang)]
            grid.add_row(*cells)
        return grid
    text_width = max(20, width - number - 1)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(overflow="fold", max_width=text_width)
    notes = all(note_fits(e, text_width) for e in entries)  # every notation, or none: a tidy column
    for i, e in enumerate(entries, 1):
        grid.add_row(f"[bold]{i}[/].", line(e, text_width, notes, lang))
    return grid


def plain(entry: Entry, lang: str = "en") -> str:
    """The words of a menu line without its notation."""
    if entry.single is not None:
        return entry.label
    return f"{entry.label} … ({plural(lang, 'choices', len(entry.actions))})"
