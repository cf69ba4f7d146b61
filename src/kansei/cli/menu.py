"""The menu of a seat's legal actions, grouped when it is longer than the screen.

A long menu becomes two steps: pick the card (a group), then the tile or target (an action of that group).
Groups come from the game's hook ``game.menu_group(state, action, lang) -> str | None`` when it has one
(the label of the group, e.g. the card's name; None: the action stands alone); otherwise from the
notations: actions whose notation has three words or more are grouped by the first two
(``tune nitrous-oxide @4`` → ``tune nitrous-oxide``), shorter ones by the first word. A grouping that
gives a single group, or no group of two, is not used: the menu is shown whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table

from kansei.core.protocol import Action, Game, State

from .common import clean, plural


@dataclass
class Entry:
    """One line of a menu: a single action, or a group of them (chosen in a second step)."""

    label: str
    actions: list[Action] = field(default_factory=list)

    @property
    def single(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None


def group_key(action: Action) -> str:
    words = action.notation.split()
    return " ".join(words[:2]) if len(words) >= 3 else (words[0] if words else "")


def common_prefix(texts: Sequence[str]) -> str:
    """The words every text starts with ('tune-up Jump on tile 5 …', 'tune-up Jump on tile 7 …' ->
    'tune-up Jump on tile')."""
    split = [t.split() for t in texts]
    if not split:
        return ""
    out = []
    for words in zip(*split, strict=False):
        if all(w == words[0] for w in words):
            out.append(words[0])
        else:
            break
    return " ".join(out)


def describe(game: Game, state: State, action: Action, lang: str) -> str:
    return str(game.describe_action(state, action, lang))


def build(game: Game, state: State, legal: Sequence[Action], lang: str, limit: int) -> list[Entry]:
    """The menu entries for ``legal``: one per action if they fit in ``limit`` lines, else grouped."""
    flat = [Entry(describe(game, state, a, lang), [a]) for a in legal]
    if len(legal) <= limit:
        return flat
    hook: Any = getattr(game, "menu_group", None)
    groups: dict[str, list[Action]] = {}
    for a in legal:
        key = hook(state, a, lang) if callable(hook) else group_key(a)
        if key is None:
            groups[f"\0{a.notation}"] = [a]
        else:
            groups.setdefault(str(key), []).append(a)
    if len(groups) <= 1 or all(len(v) == 1 for v in groups.values()):
        return flat
    entries = []
    for key, acts in groups.items():
        if len(acts) == 1:
            entries.append(Entry(describe(game, state, acts[0], lang), acts))
            continue
        texts = [describe(game, state, a, lang) for a in acts]
        label = str(key) if callable(hook) else (common_prefix(texts) or key)
        entries.append(Entry(label, acts))
    return entries


def table(entries: Sequence[Entry], width: int) -> Table:
    """Numbered lines that wrap under their own text at ``width`` columns; the notation, what can be typed
    instead of the number, dim after the text."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(overflow="fold", max_width=max(20, width - 6))
    for i, e in enumerate(entries, 1):
        a = e.single
        if a is not None:
            note = f"  [dim]({clean(a.notation, 60)})[/]" if a.notation != e.label else ""
            grid.add_row(f"[bold]{i}[/].", f"{clean(e.label, 400)}{note}")
        else:
            grid.add_row(
                f"[bold]{i}[/].", f"{clean(e.label, 200)} … [dim]({plural(len(e.actions), 'choice')})[/]"
            )
    return grid
